// The page's section links, for the header and footer islands and the legal pages: kept apart from ./site, which
// hydrated parts import, so the links stay out of the first load with the islands that render them.
export const headerNav = [
  { href: "#features", label: "Features" },
  { href: "#pricing", label: "Pricing" },
  { href: "#integrations", label: "Integrations" },
  { href: "#support", label: "Support" },
] as const;

export const footerNav = [
  { href: "#features", label: "Features" },
  { href: "#pricing", label: "Pricing" },
  { href: "#integrations", label: "Integrations" },
  { href: "#demo", label: "Book a demo" },
] as const;
