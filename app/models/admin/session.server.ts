import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lte } from "drizzle-orm";
import { adminSessions, users } from "~/db/schema.server";
import { getDb } from "~/db/connection.server";
import type { AdminUser } from "~/models/admin/user.server";

// Only the hash is stored: a leaked database copy holds no token that a cookie could carry.
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function startAdminSession(userId: string, maxAgeSeconds: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const db = getDb();
  // Expired sessions are removed here, so no sweeper is needed.
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

export async function endAdminSession(token: string): Promise<void> {
  await getDb()
    .delete(adminSessions)
    .where(eq(adminSessions.tokenHash, hashToken(token)));
}
