import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { type DealVolume, dealVolumes, demoHoneypotField } from "./demo-request-fields";

export { dealVolumes, demoEnhancedField, demoHoneypotField, demoRequestFormId } from "./demo-request-fields";
export type { DealVolume } from "./demo-request-fields";

// PostgreSQL text cannot hold NUL, and control characters or unpaired surrogates in a lead are always
// garbage, so they are refused with a clear message instead of failing at the database.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const lineBreaks = /[\r\n\t]/;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function text(label: string, options: { min?: number; max: number; multiline?: boolean }) {
  const required = `${label} is required`;
  return z
    .string({ required_error: required, invalid_type_error: `${label} must be text` })
    .trim()
    .superRefine((value, ctx) => {
      const problem =
        value.length < (options.min ?? 0)
          ? required
          : value.length > options.max
            ? `${label} must be at most ${options.max} characters`
            : controlCharacters.test(value) || loneSurrogate.test(value)
              ? `${label} contains characters that are not allowed`
              : !options.multiline && lineBreaks.test(value)
                ? `${label} must be on one line`
                : undefined;
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    });
}

const phoneCharacters = /^[0-9 +().-]+$/;

/**
 * The one demo-request schema (DECISIONS.md → "Demo requests"), used by the form in the browser, by the
 * page action and by POST /api/demo-requests. Optional fields accept absent/null/"" and come out as "".
 */
export const demoRequestSchema = z.object({
  firstName: text("First name", { min: 1, max: 80 }),
  lastName: text("Last name", { min: 1, max: 80 }),
  email: z
    .string({ required_error: "Valid email address is required", invalid_type_error: "Valid email address is required" })
    .trim()
    .min(1, "Valid email address is required")
    .max(254, "Email must be at most 254 characters")
    .email("Valid email address is required"),
  phone: z
    .string({ required_error: "Valid phone number is required", invalid_type_error: "Valid phone number is required" })
    .trim()
    .min(1, "Valid phone number is required")
    .refine(
      (value) =>
        value.length >= 7 && value.length <= 30 && phoneCharacters.test(value) && value.replace(/\D/g, "").length >= 7,
      "Valid phone number is required (7-30 characters: digits, spaces, + ( ) - .)",
    ),
  company: text("Company name", { min: 1, max: 120 }),
  dealVolume: z
    .string({ invalid_type_error: "Choose a deal volume from the list" })
    .trim()
    .refine((value) => value === "" || (dealVolumes as readonly string[]).includes(value), "Choose a deal volume from the list")
    .nullish()
    .transform((value) => (value ?? "") as DealVolume | ""),
  challenges: text("Challenges", { max: 2000, multiline: true })
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
