// The demo form's validator without zod: the schema module (and zod with it) is only fetched when the form first
// validates, so it is not part of the landing page's first-load JavaScript.
import type { Validator } from "remix-validated-form";
import { lazyPart } from "~/deferred/lazy-part";
import type { DemoRequestData } from "~/schemas/demo-request";

const demoSchema = lazyPart(() => import("~/schemas/demo-request").then((module) => module.demoRequestValidator));

/**
 * Starts loading the schema; called when the visitor first reaches the form, so a submit rarely waits. After a
 * failed fetch (offline) the next call, or the next validation, tries again.
 */
export const preloadDemoValidator = demoSchema.load;

/** The form's validator (the shared schema, the same as the server's), loaded on first use. */
export const lazyDemoRequestValidator: Validator<DemoRequestData> = {
  validate: async (data) => (await preloadDemoValidator()).validate(data),
};
