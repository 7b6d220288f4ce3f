import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { getEnv } from "~/utils/env.server";
import { remember } from "~/utils/singleton.server";

// Secrets the app must use again are sealed under a key derived from SESSION_SECRET, so a database dump alone cannot
// use them (ADR 0043). The first SESSION_SECRET seals and all open, so rotating it re-seals without losing any.

const FORMAT = "sealed:v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

type SealingKey = { id: string; bytes: Buffer };

function keyFrom(secret: string): SealingKey {
  const bytes = Buffer.from(hkdfSync("sha256", secret, "", "groundwork sealed secrets v1", 32));
  return { id: createHash("sha256").update(bytes).digest("hex").slice(0, 12), bytes };
}

function sealingKeys(): SealingKey[] {
  const { sessionSecrets } = getEnv();
  return remember("sealing keys", () => sessionSecrets.map(keyFrom), { basedOn: sessionSecrets });
}

export class UnreadableSecret extends Error {}

/** `plain` sealed with the first key; `purpose` is bound in, so a value sealed for one use opens for no other. */
export function sealSecret(plain: string, purpose: string): string {
  const key = sealingKeys()[0];
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key.bytes, iv).setAAD(Buffer.from(purpose));
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${FORMAT}:${key.id}:${iv.toString("base64url")}:${sealed.toString("base64url")}`;
}

export function isSealed(value: string): boolean {
  return value.startsWith(`${FORMAT}:`);
}

export function isSealedWithCurrentKey(value: string): boolean {
  return value.startsWith(`${FORMAT}:${sealingKeys()[0].id}:`);
}

/** The plain secret; throws UnreadableSecret when no configured SESSION_SECRET sealed it, or it was altered. */
export function openSecret(value: string, purpose: string): string {
  const [format, version, keyId, iv, sealed] = value.split(":");
  if (`${format}:${version}` !== FORMAT || !keyId || !iv || !sealed) throw new UnreadableSecret("not a sealed value");
  const key = sealingKeys().find((candidate) => candidate.id === keyId);
  if (!key) {
    throw new UnreadableSecret(
      `sealed with key ${keyId}, which no configured SESSION_SECRET derives: set the SESSION_SECRET that sealed it ` +
        "(first the new one, then the old, while rotating)",
    );
  }
  const bytes = Buffer.from(sealed, "base64url");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.bytes, Buffer.from(iv, "base64url"))
      .setAAD(Buffer.from(purpose))
      .setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    throw new UnreadableSecret("the sealed value was altered or sealed for another use");
  }
}

function hashingKey(): Buffer {
  const { sessionSecrets } = getEnv();
  return remember(
    "keyed hash key",
    () => Buffer.from(hkdfSync("sha256", sessionSecrets[0], "", "groundwork keyed hashes v1", 32)),
    { basedOn: sessionSecrets },
  );
}

/**
 * An HMAC of `value` under a key derived from the first SESSION_SECRET, for keys that would otherwise name a person
 * (an e-mail address): the same value always gives the same key, and without the secret the key cannot be turned back
 * into the value, nor a guessed value checked against it. `purpose` is bound in, so two uses never share keys.
 */
export function keyedHash(value: string, purpose: string): string {
  return createHmac("sha256", hashingKey()).update(`${purpose}\0${value}`).digest("base64url");
}
