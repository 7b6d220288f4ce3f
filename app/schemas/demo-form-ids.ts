// The demo form's two names the landing page's first load needs (demo-section.tsx), kept apart from
// ./demo-request-fields, which the form's lazily loaded parts import: a module both import is split by the bundler
// into a first-load script of its own.

/** The form's id: remix-validated-form sends it along so a 422 answer reaches this form only. */
export const demoRequestFormId = "demo-request-form";

/**
 * Where the page's inline script puts the outside referrer's hidden fields in the server's form
 * (app/deferred/inline/page-scripts.ts): an element whose content hydration leaves alone.
 */
export const browserAttributionSlotId = `${demoRequestFormId}-referrer`;

/**
 * Present (value "1") only when the enhanced form posts: the server then answers a failed submit with a cookie
 * toast (the root loader is revalidated); a plain HTML submit gets the notice in the page itself.
 */
export const demoEnhancedField = "enhanced";
