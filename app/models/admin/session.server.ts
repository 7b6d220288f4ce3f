import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lte } from "drizzle-orm";
import { adminSessions, users } from "~/db/schema.server";
import { getDb } from "~/db/connection.server";
import type { AdminUser } from "~/models/admin/user.server";

// Only the hash is stored: a leaked database copy holds no token that a cookie could carry.
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Starts a session for an admin and returns its token (for the signed cookie). */
export async function startAdminSession(userId: string, maxAgeSeconds: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const db = getDb();
  // Sessions that ran out are removed here, so the table holds roughly the live ones without a sweeper.
  await db.delete(adminSessions).where(lte(adminSessions.expiresAt, new Date()));
  await db
    .insert(adminSessions)
    .values({ tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + maxAgeSeconds * 1000) });
  return token;
}

/** The admin a live session belongs to; undefined once it was ended, ran out, or its admin was deleted. */
export async function findSessionAdmin(token: string): Promise<AdminUser | undefined> {
  const [row] = await getDb()
    .select({ id: users.id, username: users.username })
    .from(adminSessions)
    .innerJoin(users, eq(users.id, adminSessions.userId))
    .where(and(eq(adminSessions.tokenHash, hashToken(token)), gt(adminSessions.expiresAt, new Date())));
  return row;
}

/** Ends one session (sign-out). */
export async function endAdminSession(token: string): Promise<void> {
  await getDb()
    .delete(adminSessions)
    .where(eq(adminSessions.tokenHash, hashToken(token)));
}
