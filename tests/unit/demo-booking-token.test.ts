import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bookingIdFromToken, manageToken, managePath } from "~/services/demo/booking-token.server";
import { forget } from "~/utils/singleton.server";

const secretA = "a".repeat(40);
const secretB = "b".repeat(40);
const bookingId = "6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f";

function useSecrets(value: string) {
  process.env.SESSION_SECRET = value;
  forget("env");
}

describe("demo booking manage token", () => {
  const saved = process.env.SESSION_SECRET;
  beforeEach(() => useSecrets(secretA));
  afterEach(() => {
    if (saved === undefined) delete process.env.SESSION_SECRET;
    else process.env.SESSION_SECRET = saved;
    forget("env");
  });

  it("round-trips: the token names its booking", () => {
    const token = manageToken(bookingId);
    expect(token.startsWith(`${bookingId}.`)).toBe(true);
    expect(bookingIdFromToken(token)).toBe(bookingId);
    expect(managePath(bookingId)).toBe(`/demo/manage/${token}`);
  });

  it("refuses a token for another booking, a changed signature, garbage and nothing", () => {
    const token = manageToken(bookingId);
    const signature = token.slice(bookingId.length + 1);
    const otherId = "00000000-0000-4000-8000-000000000000";
    expect(bookingIdFromToken(`${otherId}.${signature}`)).toBeUndefined();
    const flipped = signature.slice(0, -1) + (signature.endsWith("A") ? "B" : "A");
    expect(bookingIdFromToken(`${bookingId}.${flipped}`)).toBeUndefined();
    // The last character's two unused bits: another spelling of the same bytes is still not the link.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const respelled = signature.slice(0, -1) + alphabet[alphabet.indexOf(signature.at(-1)!) ^ 1];
    expect(Buffer.from(respelled, "base64url")).toEqual(Buffer.from(signature, "base64url"));
    expect(bookingIdFromToken(`${bookingId}.${respelled}`)).toBeUndefined();
    for (const bad of [undefined, null, "", ".", bookingId, `${bookingId}.`, `.${signature}`, "x".repeat(500)]) {
      expect(bookingIdFromToken(bad)).toBeUndefined();
    }
  });

  it("keeps working after a secret rotation while the old secret is still configured", () => {
    const token = manageToken(bookingId);
    useSecrets(`${secretB},${secretA}`);
    expect(bookingIdFromToken(token)).toBe(bookingId);
    expect(manageToken(bookingId)).not.toBe(token);
    useSecrets(secretB);
    expect(bookingIdFromToken(token)).toBeUndefined();
  });
});
