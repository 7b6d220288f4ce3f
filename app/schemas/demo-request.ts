import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { type DealVolume, dealVolumes, demoHoneypotField } from "./demo-request-fields";
import { phoneField, textField } from "./text-rules";

export { dealVolumes, demoEnhancedField, demoHoneypotField, demoRequestFormId } from "./demo-request-fields";
export type { DealVolume } from "./demo-request-fields";

/**
 * The one demo-request schema (DECISIONS.md → "Demo requests"), used by the form in the browser, by the
 * page action and by POST /api/demo-requests. Optional fields accept absent/null/"" and come out as "".
 */
export const demoRequestSchema = z.object({
  firstName: textField("First name", { min: 1, max: 80 }),
  lastName: textField("Last name", { min: 1, max: 80 }),
  email: z
    .string({
      required_error: "Valid email address is required",
      invalid_type_error: "Valid email address is required",
    })
    .trim()
    .min(1, "Valid email address is required")
    .max(254, "Email must be at most 254 characters")
    .email("Valid email address is required"),
  phone: phoneField({
    minLength: 7,
    message: "Valid phone number is required (7-30 characters: digits, spaces, + ( ) - .)",
  }),
  company: textField("Company name", { min: 1, max: 120 }),
  dealVolume: z
    .string({ invalid_type_error: "Choose a deal volume from the list" })
    .trim()
    .refine(
      (value) => value === "" || (dealVolumes as readonly string[]).includes(value),
      "Choose a deal volume from the list",
    )
    .nullish()
    .transform((value) => (value ?? "") as DealVolume | ""),
  challenges: textField("Challenges", { max: 2000, multiline: true })
    .nullish()
    .transform((value) => value ?? ""),
  // A random id per rendered form: the unique key that turns a double submit into one stored row.
  submissionId: z
    .string({ invalid_type_error: "Submission id must be text" })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "Submission id must be 8-64 letters, digits, - or _")
    .optional(),
  [demoHoneypotField]: z.string().optional(),
});

export type DemoRequestInput = z.input<typeof demoRequestSchema>;
export type DemoRequestData = z.output<typeof demoRequestSchema>;

export const demoRequestValidator = withZod(demoRequestSchema);
