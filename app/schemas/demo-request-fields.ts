// The demo form's names and choices, free of zod: the landing page's first-load code imports these, and
// the schema (demo-request.ts) imports the same values, so there is one copy and zod loads only on first use.

export const dealVolumes = ["1-10", "11-25", "26-50", "51-100", "100+"] as const;
export type DealVolume = (typeof dealVolumes)[number];

/** The form's id: remix-validated-form sends it along so a 422 answer reaches this form only. */
export const demoRequestFormId = "demo-request-form";

/**
 * Present (value "1") only when the page is hydrated: the server then answers a failed submit with a
 * cookie toast (the root loader is revalidated); a plain HTML submit gets the notice in the page itself.
 */
export const demoEnhancedField = "enhanced";

/** The form's hidden trap field: people never see or fill it, form-filling bots usually do. */
export const demoHoneypotField = "website";
