import * as fc from "fast-check";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { revealHidden, VisibleText } from "~/components/admin/visible-text";
import { checkoutInfoSchema } from "~/schemas/checkout";
import { demoRequestSchema } from "~/schemas/demo-request";

const demo = {
  firstName: "Ana",
  lastName: "Ruiz",
  email: "ana@ruizroofing.com",
  phone: "+1 555 010 2000",
  company: "Ruiz Roofing",
};
const checkout = {
  companyName: "Ruiz Roofing",
  fullName: "Ana Ruiz",
  email: "ana@ruizroofing.com",
  phone: "+1 555 010 2000",
};

const demoErrors = (fields: Partial<typeof demo>) => {
  const result = demoRequestSchema.safeParse({ ...demo, ...fields });
  return result.success ? {} : result.error.flatten().fieldErrors;
};
const checkoutErrors = (fields: Partial<typeof checkout>) => {
  const result = checkoutInfoSchema.safeParse({ ...checkout, ...fields });
  return result.success ? {} : result.error.flatten().fieldErrors;
};

// Everything the shared rules refuse in a one-line field, one example of each kind.
const refused = {
  "carriage return + line feed": "\r\n",
  tab: "\t",
  "next line (U+0085)": "\u0085",
  "line separator (U+2028)": "\u2028",
  "paragraph separator (U+2029)": "\u2029",
  "right-to-left override (U+202E)": "\u202E",
  "left-to-right isolate (U+2066)": "\u2066",
  "right-to-left mark (U+200F)": "\u200F",
  "zero-width space (U+200B)": "\u200B",
  "word joiner (U+2060)": "\u2060",
  "byte-order mark (U+FEFF)": "\uFEFF",
  NUL: "\u0000",
  "escape (U+001B)": "\u001B",
  "lone high surrogate": "\uD83D",
  "lone low surrogate": "\uDE00",
} as const;

describe("one set of character rules for the demo form and the checkout", () => {
  for (const [name, character] of Object.entries(refused)) {
    it(`refuses ${name} in names, company and phone, on both forms`, () => {
      const value = `Ana${character}Ruiz`;
      expect(demoErrors({ firstName: value }).firstName).toHaveLength(1);
      expect(demoErrors({ lastName: value }).lastName).toHaveLength(1);
      expect(demoErrors({ company: value }).company).toHaveLength(1);
      expect(demoErrors({ phone: `555${character}0102030` }).phone).toHaveLength(1);
      expect(checkoutErrors({ fullName: value }).fullName).toHaveLength(1);
      expect(checkoutErrors({ companyName: value }).companyName).toHaveLength(1);
      expect(checkoutErrors({ phone: `555${character}0102030` }).phone).toHaveLength(1);
    });
  }

  it("says what is wrong", () => {
    expect(checkoutErrors({ fullName: "Ana\r\nRuiz" }).fullName).toEqual(["Full name must be on one line"]);
    expect(checkoutErrors({ phone: "call me maybe now" }).phone).toEqual(["Valid phone number is required"]);
    expect(demoErrors({ phone: "call me maybe now" }).phone).toEqual([
      "Valid phone number is required (7-30 characters: digits, spaces, + ( ) - .)",
    ]);
    expect(checkoutErrors({ fullName: "Ana \uD800" }).fullName).toEqual([
      "Full name contains characters that are not allowed",
    ]);
    expect(demoErrors({ company: "Acme\u202Egpj.exe" }).company).toEqual([
      "Company name contains invisible characters (such as text-direction marks or zero-width spaces); please retype it",
    ]);
  });

  it("accepts real names in any script, with the joiners Persian, Indic scripts and emoji need", () => {
    for (const name of ["José Ñúñez", "Zoë O'Brien-Smith", "محمد‌رضا", "क्षत्रिय", "山田 太郎", "Ana 👩‍🔧", "Ørsted ÆØÅ"]) {
      expect(demoErrors({ firstName: name })).toEqual({});
      expect(checkoutErrors({ fullName: name })).toEqual({});
    }
  });

  it("property: a forbidden character anywhere in a name is refused by every form; the same name without it is accepted", () => {
    const letters = fc.string({
      unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzÀéßøĳŁ山田 -'.".split("")),
      minLength: 2,
      maxLength: 60,
    });
    fc.assert(
      fc.property(letters, fc.constantFrom(...Object.values(refused)), fc.nat(), (base, character, at) => {
        const name = `Q${base}Z`;
        const position = 1 + (at % (name.length - 1));
        const poisoned = name.slice(0, position) + character + name.slice(position);
        expect(demoErrors({ firstName: name }).firstName).toBeUndefined();
        expect(checkoutErrors({ fullName: name }).fullName).toBeUndefined();
        expect(demoErrors({ firstName: poisoned }).firstName).toHaveLength(1);
        expect(demoErrors({ company: poisoned }).company).toHaveLength(1);
        expect(checkoutErrors({ fullName: poisoned }).fullName).toHaveLength(1);
        expect(checkoutErrors({ companyName: poisoned }).companyName).toHaveLength(1);
      }),
      { numRuns: 500 },
    );
  });

  it("property: the demo form and the checkout agree on every phone number of 10 characters or more (after trimming)", () => {
    const phone = fc
      .string({ unit: fc.constantFrom(..."0123456789 +().-x#\u202E\u200B\n".split("")), minLength: 10, maxLength: 34 })
      .filter((value) => value.trim().length >= 10);
    fc.assert(
      fc.property(phone, (value) => {
        expect(demoErrors({ phone: value }).phone === undefined).toBe(
          checkoutErrors({ phone: value }).phone === undefined,
        );
      }),
      { numRuns: 1000 },
    );
  });
});

describe("the admin shows hidden characters harmlessly", () => {
  it("renders each hidden character as its code point and isolates the value's direction", () => {
    const html = renderToStaticMarkup(createElement(VisibleText, { text: "Acme\u202Egpj.exe\u200B\r\nX" }));
    expect(html).toMatch(
      /^<bdi>Acme<span [^>]*>U\+202E<\/span>gpj\.exe<span [^>]*>U\+200B<\/span><span [^>]*>U\+000D<\/span><span [^>]*>U\+000A<\/span>X<\/bdi>$/,
    );
    expect(html).not.toContain("\u202E");
    const multiline = renderToStaticMarkup(createElement(VisibleText, { text: "line one\nline two", multiline: true }));
    expect(multiline).toBe("<bdi>line one\nline two</bdi>");
  });

  it("property: nothing is lost, and no visible run still holds a hidden character", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const parts = revealHidden(text);
        expect(parts.map((part) => part.text).join("")).toBe(text);
        for (const part of parts.filter((part) => !part.hidden)) {
          expect(part.text).not.toMatch(
            // eslint-disable-next-line no-control-regex -- the control characters are what must not remain
            /[\u0000-\u001F\u007F-\u009F\u200B\u200E\u200F\u2028-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/,
          );
        }
      }),
      { numRuns: 2000 },
    );
  });
});
