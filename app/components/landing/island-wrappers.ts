// The elements that hold some static islands' HTML (app/deferred/landing-sections.tsx), shared with the components
// that render the same element themselves. A module of its own: the first load needs these strings, not the parts.
export const sectionHeadingClass = "mx-auto max-w-3xl text-center";

export const planFeaturesList = { as: "ul", className: "mt-6 space-y-3 text-sm text-slate-700" } as const;
