import { z } from "zod";

// ADR 0012: bad characters are refused with a message, never silently changed, so what is stored is what was seen.

// PostgreSQL cannot store NUL, and no control character belongs in a lead.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const lineBreaks = /[\r\n\t\u2028\u2029]/;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Invisible characters that change how text is shown or matched (bidi controls, zero-width space…).
// ZWNJ/ZWJ (U+200C, U+200D) are allowed: Persian and Indic names and emoji sequences need them.
const invisibleFormatting = /[\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

export function characterProblem(value: string, label: string, { multiline = false } = {}): string | undefined {
  if (controlCharacters.test(value) || loneSurrogate.test(value))
    return `${label} contains characters that are not allowed`;
  if (!multiline && lineBreaks.test(value)) return `${label} must be on one line`;
  if (!multiline && invisibleFormatting.test(value)) {
    return `${label} contains invisible characters (such as text-direction marks or zero-width spaces); please retype it`;
  }
  return undefined;
}

/** Trimmed text of `min`–`max` characters under the shared rules; too short says "{label} is required". */
export function textField(label: string, options: { min?: number; max: number; multiline?: boolean }) {
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
            : characterProblem(value, label, options);
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    });
}

const phoneCharacters = /^[0-9 +().-]+$/;
export const PHONE_MAX_LENGTH = 30;

export function phoneField({ minLength, message }: { minLength: number; message: string }) {
  return z
    .string({ required_error: "Valid phone number is required", invalid_type_error: "Valid phone number is required" })
    .trim()
    .min(1, "Valid phone number is required")
    .refine(
      (value) =>
        value.length >= minLength &&
        value.length <= PHONE_MAX_LENGTH &&
        phoneCharacters.test(value) &&
        value.replace(/\D/g, "").length >= 7,
      message,
    );
}

const invalidEmail = "Valid email address is required";

/** 254 is the longest address a mail server takes. */
export function emailField({ tooLongMessage = invalidEmail }: { tooLongMessage?: string } = {}) {
  return z
    .string({ required_error: invalidEmail, invalid_type_error: invalidEmail })
    .trim()
    .max(254, tooLongMessage)
    .email(invalidEmail);
}
