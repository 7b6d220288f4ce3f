// The demo form's validator without zod on first load: the schema module (and zod with it) is only
// fetched when the form first validates, so it is not part of the landing page's first-load JavaScript.
import type { Validator } from "remix-validated-form";
import type { DemoRequestData } from "~/schemas/demo-request";

import { dealVolumes, demoEnhancedField, demoHoneypotField, demoRequestFormId } from "~/schemas/demo-request-fields";

// Re-exported so the form has one import for what it needs on first load.
export { dealVolumes, demoEnhancedField, demoHoneypotField, demoRequestFormId };

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
