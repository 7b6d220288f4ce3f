// The demo form's validator without zod: the schema module (and zod with it) is only fetched when the form first
// validates, so it is not part of the landing page's first-load JavaScript.
import type { Validator } from "remix-validated-form";
import type { DemoRequestData } from "~/schemas/demo-request";

/** Called when the visitor first reaches the form, so a submit rarely waits; the browser caches the module. */
export const preloadDemoValidator = () =>
  import("~/schemas/demo-request").then((module) => module.demoRequestValidator);

/** The same schema as the server's. */
export const lazyDemoRequestValidator: Validator<DemoRequestData> = {
  validate: async (data) => (await preloadDemoValidator()).validate(data),
};
