// Where the legal pages live and what links to them say. Kept apart from their text (legal.ts) so the landing
// page's footer, demo form and checkout can link to them without shipping the policies in the first load.

export const legalPageIds = ["privacy", "terms", "security"] as const;
export type LegalPageId = (typeof legalPageIds)[number];

export const legalLinks: Record<LegalPageId, { href: `/${LegalPageId}`; label: string }> = {
  privacy: { href: "/privacy", label: "Privacy Policy" },
  terms: { href: "/terms", label: "Terms of Service" },
  security: { href: "/security", label: "Security" },
};
