// What the demo form needs on first load, without zod: the schema module (and zod with it) is only
// fetched when the form first validates, so it is not part of the landing page's first-load JavaScript.
// The constants mirror app/schemas/demo-request.ts (importing them from there would pull zod into the
// route chunk); tests/unit/demo-form-client.test.ts keeps the two in step.
import type { Validator } from "remix-validated-form";
import type { DemoRequestData } from "~/schemas/demo-request";

export const dealVolumes = ["1-10", "11-25", "26-50", "51-100", "100+"] as const;
export const demoRequestFormId = "demo-request-form";
export const demoEnhancedField = "enhanced";
export const demoHoneypotField = "website";

let validator: Promise<Validator<DemoRequestData>> | undefined;

/** Starts loading the schema; called when the visitor first reaches the form, so a submit rarely waits. */
export function preloadDemoValidator() {
  validator ??= import("~/schemas/demo-request").then((module) => module.demoRequestValidator);
  return validator;
}

/** The shared schema's validator, loaded on first use (remix-validated-form validates asynchronously anyway). */
export const lazyDemoRequestValidator: Validator<DemoRequestData> = {
  validate: async (data) => (await preloadDemoValidator()).validate(data),
};
