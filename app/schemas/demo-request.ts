import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { type DealVolume, dealVolumes, demoHoneypotField } from "./demo-request-fields";
import { emailField, phoneField, textField } from "./text-rules";

export { dealVolumes, demoHoneypotField } from "./demo-request-fields";
export type { DealVolume } from "./demo-request-fields";

const UTC_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|\+00:00)$/;

/** An instant written in UTC that exists as written (Date.parse would roll 2027-02-30 over into March). */
function isUtcInstant(value: string): boolean {
  if (!UTC_INSTANT.test(value)) return false;
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 16) === value.slice(0, 16);
}

/**
 * The one demo-request schema (DECISIONS.md → "Demo requests"), used by the form in the browser, by the
 * page action and by POST /api/demo-requests. Optional fields accept absent/null/"" and come out as "".
 */
export const demoRequestSchema = z.object({
  firstName: textField("First name", { min: 1, max: 80 }),
  lastName: textField("Last name", { min: 1, max: 80 }),
  email: emailField({ tooLongMessage: "Email must be at most 254 characters" }).min(
    1,
    "Valid email address is required",
  ),
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
  // A random id per rendered form (minted by the browser, ADR 0019): the unique key that turns a double submit
  // into one stored row. Empty or absent: none (the server then stores the request once per lead).
  submissionId: z
    .string({ invalid_type_error: "Submission id must be text" })
    .trim()
    .refine(
      (value) => value === "" || /^[A-Za-z0-9_-]{8,64}$/.test(value),
      "Submission id must be 8-64 letters, digits, - or _",
    )
    .optional()
    .transform((value) => value || undefined),
  // The picked demo time (issue #14): an ISO 8601 instant in UTC, e.g. 2027-03-12T14:00:00Z. Absent or empty:
  // no time picked ("None of these times work — contact me"), the request-only behaviour. Whether the time is
  // bookable (hours, notice, horizon, free seats) is the server's to say, at submit time.
  slotStart: z
    .string({ invalid_type_error: "Slot start must be an ISO 8601 time in UTC, e.g. 2027-03-12T14:00:00Z" })
    .trim()
    .refine(
      (value) => value === "" || isUtcInstant(value),
      "Slot start must be an ISO 8601 time in UTC, e.g. 2027-03-12T14:00:00Z",
    )
    .nullish()
    .transform((value) => (value ? new Date(value).toISOString() : undefined)),
  // The zone the visitor saw the times in; only used to name the booked time back to them.
  timeZone: z.string().max(64).optional(),
  [demoHoneypotField]: z.string().optional(),
});

export type DemoRequestInput = z.input<typeof demoRequestSchema>;
export type DemoRequestData = z.output<typeof demoRequestSchema>;

/** A stored request as the API answers it and the admin lists it; the submission id stays internal. */
export type StoredDemoRequest = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  dealVolume: string | null;
  challenges: string | null;
  createdAt: string;
};

export const demoRequestValidator = withZod(demoRequestSchema);
