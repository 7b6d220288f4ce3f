// Sign-out and a password reset end the server-side session: a copy of the cookie taken before stops working.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { adminSessions, users } from "~/db/schema.server";
import { createUser, setUserPassword } from "~/models/admin/user.server";
import { loader as adminLoader } from "~/routes/admin._index";
import { action as logoutAction } from "~/routes/admin_.logout";
import { loader as apiLoader } from "~/routes/api.demo-requests";
import { getDb } from "~/db/connection.server";
import { describeWithDatabases } from "../support/database";
import { args, origin, respond, signIn as signInWith } from "../support/route-calls";

const signIn = (username: string, password: string, client: string) =>
  signInWith(username, password, { "X-Forwarded-For": client });

const adminPage = (cookie: string) =>
  respond(() => adminLoader(args(new Request(`${origin}/admin`, { headers: { Cookie: cookie } }))));
const adminApi = (cookie: string) =>
  respond(() => apiLoader(args(new Request(`${origin}/api/demo-requests`, { headers: { Cookie: cookie } }))));

async function signOut(cookie: string) {
  const request = new Request(`${origin}/admin/logout`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: origin },
  });
  const response = await respond(() => logoutAction(args(request)));
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/admin/login");
  expect(response.headers.get("Set-Cookie")).toMatch(/^gw_admin=;/);
}

async function sessionsOf(username: string) {
  return getDb()
    .select({ userId: adminSessions.userId })
    .from(adminSessions)
    .innerJoin(users, eq(users.id, adminSessions.userId))
    .where(eq(users.username, username));
}

describeWithDatabases(
  "admin sessions end on the server",
  (kind) => {
    const password = "a-long-admin-password-77";

    it("a cookie copied before sign-out no longer opens /admin or the API; another device stays signed in", async () => {
      const username = `session-${kind}`;
      await createUser(username, password);
      const laptop = await signIn(username, password, "198.51.100.1");
      const phone = await signIn(username, password, "198.51.100.2");
      const copied = laptop;
      expect((await adminPage(copied)).status).toBe(200);

      await signOut(laptop);

      const page = await adminPage(copied);
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin");
      expect((await adminApi(copied)).status).toBe(401);
      // Signing out on one device ends that session only.
      expect((await adminPage(phone)).status).toBe(200);
      expect(await sessionsOf(username)).toHaveLength(1);
    });

    it("a password reset (what admin:create --reset-password runs) ends every session of that admin", async () => {
      const username = `reset-${kind}`;
      const other = `bystander-${kind}`;
      await createUser(username, password);
      await createUser(other, password);
      const first = await signIn(username, password, "198.51.100.3");
      const second = await signIn(username, password, "198.51.100.4");
      const bystander = await signIn(other, password, "198.51.100.5");

      expect(await setUserPassword(username, "a-brand-new-password-88")).toBe(true);

      expect((await adminPage(first)).status).toBe(302);
      expect((await adminPage(second)).status).toBe(302);
      expect((await adminApi(first)).status).toBe(401);
      expect((await adminPage(bystander)).status).toBe(200);
      expect(await sessionsOf(username)).toHaveLength(0);
      expect((await adminPage(await signIn(username, "a-brand-new-password-88", "198.51.100.6"))).status).toBe(200);
    });

    it("stores only a hash of the session token, and deleting the admin ends its sessions", async () => {
      const username = `deleted-${kind}`;
      await createUser(username, password);
      const cookie = await signIn(username, password, "198.51.100.7");
      const [row] = await getDb()
        .select()
        .from(adminSessions)
        .innerJoin(users, eq(users.id, adminSessions.userId))
        .where(eq(users.username, username));
      expect(row.admin_sessions.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(decodeURIComponent(cookie)).not.toContain(row.admin_sessions.tokenHash);

      await getDb().delete(users).where(eq(users.username, username));
      expect((await adminPage(cookie)).status).toBe(302);
      expect(await sessionsOf(username)).toHaveLength(0);
    });
  },
  { TRUST_PROXY: "1", SESSION_SECRET: "integration-secret-0123456789abcdef0123456789" },
);
