// One source so every call to action looks and focuses alike; the styles are component classes in app/tailwind.css.

type ButtonVariant = "primary" | "secondary" | "inverse";
type ButtonSize = "sm" | "md" | "lg";

// Whole names, so Tailwind finds them here and keeps their rules.
const variantClass: Record<ButtonVariant, string> = {
  primary: "btn-primary",
  secondary: "btn-secondary",
  inverse: "btn-inverse",
};
const sizeClass: Record<ButtonSize, string> = { sm: "btn-sm", md: "btn-md", lg: "btn-lg" };

export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra = "") {
  return `btn ${variantClass[variant]} ${sizeClass[size]}${extra ? ` ${extra}` : ""}`;
}

export const focusRing = "focus-ring";
