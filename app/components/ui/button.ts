// Class names for link and button styles: one source so every call to action looks and focuses alike.
const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2";

const variants = {
  primary: "bg-brand-700 text-white hover:bg-brand-900 focus-visible:outline-brand-700",
  secondary:
    "border border-slate-300 bg-white text-slate-900 hover:border-brand-700 hover:text-brand-700 focus-visible:outline-brand-700",
  inverse: "bg-white text-brand-900 hover:bg-brand-50 focus-visible:outline-white",
  ghostInverse: "border border-white/70 text-white hover:bg-white/10 focus-visible:outline-white",
} as const;

const sizes = {
  sm: "min-h-10 px-4 py-2 text-sm",
  md: "min-h-11 px-5 py-2.5 text-base",
  lg: "min-h-12 px-6 py-3 text-base",
} as const;

export function buttonClass(variant: keyof typeof variants = "primary", size: keyof typeof sizes = "md", extra = "") {
  return [base, variants[variant], sizes[size], extra].filter(Boolean).join(" ");
}

export const focusRing =
  "rounded-sm focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";
