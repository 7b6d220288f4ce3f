// The footer's brand copy (also the structured data's description and the legal pages' footer). Apart from ./site,
// whose meta texts every landing page load carries: only the footer's static island and the server import this.
export const siteTagline =
  "The business-in-a-box CRM that helps you capture leads, nurture relationships and complete more projects.";
export const copyrightYear = 2024;
