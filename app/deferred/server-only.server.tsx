// The seam: the one `*.server` module that browser-bound code (app/components, app/deferred) may import
// (enforced by ESLint, .eslintrc.cjs). The Remix classic compiler replaces `*.server` modules with empty modules in
// the browser build, so what is imported here runs on the server and never reaches the browser: the files the
// document inlines, and the checkout dialog the server renders in place of code the browser loads with the page
// (./checkout-dialog). See ./README.md.

export { CheckoutDialog } from "~/components/checkout/checkout-dialog";
export { pageScriptText, publicFileText, publicPngDataUrl } from "~/utils/http/public-file.server";
