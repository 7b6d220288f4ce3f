// Apart from legal.ts, so the landing page can link to the policies without shipping them in the first load.

export const legalPageIds = ["privacy", "terms", "security"] as const;
export type LegalPageId = (typeof legalPageIds)[number];

export const legalLinks: Record<LegalPageId, { href: `/${LegalPageId}`; label: string }> = {
  privacy: { href: "/privacy", label: "Privacy Policy" },
  terms: { href: "/terms", label: "Terms of Service" },
  security: { href: "/security", label: "Security" },
};
