// SiteConfig's values come from the server's environment (root loader); the defaults below match the server's and
// serve tests and tooling.

export type SiteConfig = {
  brandName: string;
  appUrl: string;
  webAppUrl: string;
  forumUrl: string;
};

export const defaultSiteConfig: SiteConfig = {
  brandName: "Groundwork",
  appUrl: "http://localhost:3000",
  webAppUrl: "https://app.groundworkcrm.com",
  forumUrl: "https://community.groundworkcrm.com",
};

export const siteCopy = {
  metaTitle: (brand: string) => `${brand} CRM — The All-in-One CRM for Home Service Pros`,
  metaDescription: (brand: string) =>
    `${brand} is the all-in-one CRM for contractors and home service businesses: capture leads, automate follow-up, schedule jobs and get paid.`,
};
