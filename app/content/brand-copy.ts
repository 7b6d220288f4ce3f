// The footer's brand copy (also the structured data's description and the legal pages' footer).
export const siteTagline =
  "The business-in-a-box CRM that helps you capture leads, nurture relationships and complete more projects.";
export const copyrightYear = 2024;
