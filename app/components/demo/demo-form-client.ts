// The demo form's validator without zod: the schema module (and zod with it) is only fetched when the form first
// validates, so it is not part of the landing page's first-load JavaScript.
import type { Validator } from "remix-validated-form";
import { lazyPart } from "~/deferred/lazy-part";
import type { DemoRequestData } from "~/schemas/demo-request";

const demoSchema = lazyPart(() => import("~/schemas/demo-request").then((module) => module.demoRequestValidator));

/** Called when the visitor first reaches the form, so a submit rarely waits; a failed fetch is retried on next use. */
export const preloadDemoValidator = demoSchema.load;

/** The same schema as the server's. */
export const lazyDemoRequestValidator: Validator<DemoRequestData> = {
  validate: async (data) => (await preloadDemoValidator()).validate(data),
};
