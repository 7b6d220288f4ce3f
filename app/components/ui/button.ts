// Class names for link and button styles: one source so every call to action looks and focuses alike. The styles
// are component classes in app/tailwind.css (`.btn…`, `.focus-ring`): short names, so the calls to action the page
// repeats cost little HTML, and the first load's script carries the names only.

type ButtonVariant = "primary" | "secondary" | "inverse" | "ghostInverse";
type ButtonSize = "sm" | "md" | "lg";

// Whole names, so that Tailwind finds them in this file and keeps their rules.
const variantClass: Record<ButtonVariant, string> = {
  primary: "btn-primary",
  secondary: "btn-secondary",
  inverse: "btn-inverse",
  ghostInverse: "btn-ghost-inverse",
};
const sizeClass: Record<ButtonSize, string> = { sm: "btn-sm", md: "btn-md", lg: "btn-lg" };

export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra = "") {
  return `btn ${variantClass[variant]} ${sizeClass[size]}${extra ? ` ${extra}` : ""}`;
}

export const focusRing = "focus-ring";
