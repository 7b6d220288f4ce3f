import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { type DealVolume, dealVolumes, demoHoneypotField } from "./demo-request-fields";
import { isTrade } from "./demo-routing";
import { emailField, phoneField, textField } from "./text-rules";

const UTC_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|\+00:00)$/;

/** Date.parse would roll 2027-02-30 over into March. */
function isUtcInstant(value: string): boolean {
  if (!UTC_INSTANT.test(value)) return false;
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 16) === value.slice(0, 16);
}

/** Shared by the browser form, the page action and the API. Optional fields accept absent/null/"", out as "". */
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
  // Optional, for routing (ADR 0057): one of the spec's industries, or nothing.
  trade: z
    .string({ invalid_type_error: "Choose a trade from the list" })
    .trim()
    .refine((value) => value === "" || isTrade(value), "Choose a trade from the list")
    .nullish()
    .transform((value) => value ?? ""),
  challenges: textField("Challenges", { max: 2000, multiline: true })
    .nullish()
    .transform((value) => value ?? ""),
  // Turns a double submit into one stored row (ADR 0019).
  submissionId: z
    .string({ invalid_type_error: "Submission id must be text" })
    .trim()
    .refine(
      (value) => value === "" || /^[A-Za-z0-9_-]{8,64}$/.test(value),
      "Submission id must be 8-64 letters, digits, - or _",
    )
    .optional()
    .transform((value) => value || undefined),
  // Absent or empty: no time picked. Whether it is bookable is the server's to say, at submit time.
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

export type DemoRequestData = z.output<typeof demoRequestSchema>;

/** The submission id stays internal. */
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
