// Apart from ./demo-request-fields: a module imported by both first-load and lazy code becomes its own script.

/** The form's id: remix-validated-form sends it along so a 422 answer reaches this form only. */
export const demoRequestFormId = "demo-request-form";

/** Sent only by the hydrated form, which gets failures as a toast; the browser's own post gets them in the page. */
export const demoEnhancedField = "enhanced";

/** The thank-you's offer of the routed team's times (ADR 0057): its answers reach it only. */
export const demoBookNowFormId = "demo-book-now";
