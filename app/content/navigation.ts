// The page's section links, for the header, the footer and the legal pages.
export const headerNav = [
  { href: "#features", label: "Features" },
  { href: "#pricing", label: "Pricing" },
  { href: "#integrations", label: "Integrations" },
  { href: "#support", label: "Support" },
] as const;

export const footerNav = [...headerNav.slice(0, 3), { href: "#demo", label: "Book a demo" }] as const;
