import { hash, verify } from "@node-rs/argon2";
import { count, eq } from "drizzle-orm";
import type { z } from "zod";
import { adminSessions, users } from "~/db/schema.server";
import { adminPasswordSchema, adminUsernameSchema } from "~/schemas/admin-login";
import { getDb } from "~/db/connection.server";
import { logger } from "~/utils/logger.server";

// OWASP's argon2id baseline; @node-rs/argon2 defaults to argon2id.
const hashOptions = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export class InvalidAdminInput extends Error {
  name = "InvalidAdminInput";
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, hashOptions);
}

/** Checks a password against its argon2 hash; the library's async `verify` unless the caller runs it elsewhere. */
export type PasswordCheck = (passwordHash: string, password: string) => Promise<boolean>;

/** Off the main thread; a malformed hash is a failed check, and logged. */
function verifyPassword(
  passwordHash: string,
  password: string,
  requestId?: string,
  check: PasswordCheck = verify,
): Promise<boolean> {
  return check(passwordHash, password).catch((error: unknown) => {
    logger.error("a password check failed (an unreadable stored hash, or its thread); that sign-in fails", {
      requestId,
      error,
    });
    return false;
  });
}

function parseOrThrow<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, value: unknown, label: string): T {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new InvalidAdminInput(`${label}: ${result.error.issues.map((issue) => issue.message).join(" ")}`);
  return result.data;
}

export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

export type AdminUser = { id: string; username: string };

/** Throws InvalidAdminInput for a bad username/password or a taken username. */
export async function createUser(username: string, password: string): Promise<AdminUser> {
  const name = parseOrThrow(adminUsernameSchema, username, "Username");
  parseOrThrow(adminPasswordSchema, password, "Password");
  const passwordHash = await hashPassword(password);
  const [row] = await getDb()
    .insert(users)
    .values({ username: name, password: passwordHash })
    .onConflictDoNothing({ target: users.username })
    .returning({ id: users.id, username: users.username });
  if (!row) throw new InvalidAdminInput(`Username: an admin named "${name}" already exists.`);
  return row;
}

/** Also ends every session of theirs; false when there is no such admin. */
export async function setUserPassword(username: string, password: string): Promise<boolean> {
  parseOrThrow(adminPasswordSchema, password, "Password");
  const passwordHash = await hashPassword(password);
  return getDb().transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ password: passwordHash })
      .where(eq(users.username, normalizeUsername(username)))
      .returning({ id: users.id });
    // A reset is what an admin does when a password or a device is lost: whoever holds an old cookie is out.
    for (const row of rows) await tx.delete(adminSessions).where(eq(adminSessions.userId, row.id));
    return rows.length > 0;
  });
}

async function countUsers(): Promise<number> {
  const [row] = await getDb().select({ value: count() }).from(users);
  return Number(row?.value ?? 0);
}

let dummyHash: Promise<string> | undefined;

/** An unknown username still costs one argon2 check, so response time does not reveal which usernames exist. */
export async function verifyLogin(
  username: string,
  password: string,
  requestId?: string,
  check?: PasswordCheck,
): Promise<AdminUser | undefined> {
  const [row] = await getDb()
    .select()
    .from(users)
    .where(eq(users.username, normalizeUsername(username)));
  if (!row) {
    dummyHash ??= hashPassword(crypto.randomUUID());
    await verifyPassword(await dummyHash, password, requestId, check);
    return undefined;
  }
  const ok = await verifyPassword(row.password, password, requestId, check);
  return ok ? { id: row.id, username: row.username } : undefined;
}

/** Lets a fresh container create its first admin; once any admin exists the variables never reset a password. */
export async function bootstrapAdminFromEnv(env: {
  ADMIN_USERNAME?: string;
  ADMIN_PASSWORD?: string;
}): Promise<"created" | "skipped"> {
  const username = env.ADMIN_USERNAME?.trim();
  const password = env.ADMIN_PASSWORD;
  if (!username && !password) return "skipped";
  if (!username || !password) {
    throw new Error(
      "Invalid environment configuration:\n  - ADMIN_USERNAME and ADMIN_PASSWORD must be set together (or neither).",
    );
  }
  if ((await countUsers()) > 0) return "skipped";
  try {
    await createUser(username, password);
  } catch (error) {
    if (!(error instanceof InvalidAdminInput)) throw error;
    // Another instance starting at the same moment may have created it first.
    if ((await countUsers()) > 0) return "skipped";
    throw new Error(`Invalid environment configuration:\n  - ADMIN_USERNAME/ADMIN_PASSWORD: ${error.message}`);
  }
  return "created";
}
