import { legalLinks } from "~/content/legal-links";

// The demo form's small print is the consent a lead gives: the form renders these words, and the server
// records a hash of the same text with each lead, so what was agreed to can be shown years later.

/** The sentences before the Privacy Policy link. */
export function demoConsentLead(brandName: string): string {
  return `By submitting this form, you agree to receive communications from ${brandName} about your demo and our products. You can opt out at any time.`;
}

export function demoConsentText(brandName: string): string {
  return `${demoConsentLead(brandName)} See our ${legalLinks.privacy.label}.`;
}

export const consentVersionField = "consentVersion";
