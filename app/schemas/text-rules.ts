import { z } from "zod";

// One definition of what a person may type into a name, company, phone or free-text field, shared by the demo
// form, the checkout and both JSON APIs (ADR 0012). Everything here is refused with a message, never silently
// changed: what is stored is what the visitor saw.

// C0 controls other than tab/LF/CR, DEL, and the C1 controls (U+0080–U+009F, NEL U+0085 among them). PostgreSQL
// cannot store NUL, and none of them belongs in a lead.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// Line breaks of every kind, including the Unicode line and paragraph separators and tab.
const lineBreaks = /[\r\n\t\u2028\u2029]/;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Characters that are invisible but change how the text around them is shown or matched: bidirectional
// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and marks (U+200E, U+200F, U+061C), the
// zero-width space, word joiner and invisible operators (U+200B, U+2060–U+2064), U+180E and the byte-order mark.
// ZWNJ/ZWJ (U+200C, U+200D) are allowed: Persian and Indic names and emoji sequences need them.
const invisibleFormatting = /[\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

/** Why a value breaks the shared character rules, or undefined. */
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

/**
 * A phone number: `minLength`–30 characters of digits, spaces and `+ ( ) - .`, with at least 7 digits. Anything
 * else ("call me maybe now", control or invisible characters) gets `message`.
 */
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

/**
 * An e-mail address, trimmed, of at most 254 characters (the longest a mail server takes). Every problem reads
 * "Valid email address is required" except a too long address, whose message each form words itself.
 */
export function emailField({ tooLongMessage = invalidEmail }: { tooLongMessage?: string } = {}) {
  return z
    .string({ required_error: invalidEmail, invalid_type_error: invalidEmail })
    .trim()
    .max(254, tooLongMessage)
    .email(invalidEmail);
}
