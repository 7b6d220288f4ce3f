// A sign-in flood cannot take the page from its visitors (ADR 0012, issue #22): through the real sign-in action,
// real argon2 checks and both databases, GET / is answered while the flood's checks are still running, the sign-ins
// beyond the queue get the busy answer, and the admin gets in once it has passed. (How fast the page stays is a
// timing, which `npm run bench`'s flood-sign-in case measures.)
import { hash } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { users } from "~/db/schema.server";
import { getDb } from "~/db/connection.server";
import { createUser } from "~/models/admin/user.server";
import { action as loginAction } from "~/routes/admin_.login";
import { loader as pageLoader } from "~/routes/_index";
import { maxWaitingSignIns } from "~/services/admin/sign-in-limits.server";
import { describeWithDatabases } from "../support/database";
import { args, origin, respond } from "../support/route-calls";

const busyMessage = "Sign-in is busy right now. Please try again in a few seconds.";
// The one sign-in being checked and those that may wait for it.
const queued = 1 + maxWaitingSignIns;

async function signIn(username: string, password: string, client: string, cookie = "") {
  const request = new Request(`${origin}/admin/login`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      "X-Forwarded-For": client,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams({ username, password, redirectTo: "/admin" }),
  });
  const response = (await loginAction({ request, params: {}, context: {} })) as Response;
  return {
    status: response.status,
    retryAfter: response.headers.get("Retry-After"),
    cookies: response.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; "),
    error: response.status === 302 ? undefined : ((await response.json()) as { error: string }).error,
  };
}

/**
 * A username whose stored hash costs several times the usual argon2 work, so the flood's queued checks outlast
 * the moment its requests take to arrive and the page's request, on any machine.
 */
async function slowTarget(username: string) {
  await createUser(username, "not-the-flood's-password-1");
  slowHash ??= hash("not-the-flood's-password-1", { memoryCost: 19_456, timeCost: 8, parallelism: 1 });
  await getDb()
    .update(users)
    .set({ password: await slowHash })
    .where(eq(users.username, username));
}
let slowHash: Promise<string> | undefined;

/**
 * One slow username per flooder, as a spray of usernames would be: a single username meets its ceiling of failures
 * (ADR 54) long before the queue fills.
 */
async function slowTargets(prefix: string, count: number): Promise<string[]> {
  const names = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  for (const name of names) await slowTarget(name);
  return names;
}

describeWithDatabases(
  "a sign-in flood",
  (kind) => {
    it("GET / is answered while the flood is checked; sign-ins beyond the queue get the busy answer", async () => {
      const admin = { username: `flood-admin-${kind}`, password: "the-real-admin-password-1" };
      await createUser(admin.username, admin.password);
      // More strangers than the queue holds, all at once, each from its own address with a wrong password.
      const extra = 6;
      const targets = await slowTargets(`flooded-${kind}`, queued + extra);
      let settled = 0;
      const flood = targets.map((target, i) =>
        signIn(target, `wrong-guess-${i}`, `10.1.${i >> 8}.${i & 255}`).finally(() => (settled += 1)),
      );

      const page = await respond(() => pageLoader(args(new Request(`${origin}/`))));
      expect(page.status).toBe(200);
      const settledWhenPageAnswered = settled;

      // At least the queue's worth was checked; the rest got the busy answer. How many of the extras found the
      // queue full depends on whether a check ended while they were still on their way (a busy machine).
      const answers = await Promise.all(flood);
      const checked = answers.filter((answer) => answer.status === 401);
      const refused = answers.filter((answer) => answer.status !== 401);
      expect(checked.length).toBeGreaterThanOrEqual(queued);
      expect(refused.length).toBeGreaterThan(0);
      for (const answer of refused) {
        expect(answer).toMatchObject({ status: 503, retryAfter: "5", error: busyMessage });
      }
      // The page did not wait for the flood's checks.
      expect(settledWhenPageAnswered).toBeLessThan(checked.length);

      // Once the flood has passed, the admin gets in.
      expect((await signIn(admin.username, admin.password, "198.51.100.50")).status).toBe(302);
    });

    it("the admin's own browser has its own queue: it gets in while strangers fill theirs", async () => {
      const admin = { username: `known-admin-${kind}`, password: "the-real-admin-password-2" };
      await createUser(admin.username, admin.password);
      const known = await signIn(admin.username, admin.password, "198.51.100.60");
      expect(known.status).toBe(302);
      expect(known.cookies).toMatch(/gw_admin_device=/);
      const targets = await slowTargets(`flooded-again-${kind}`, queued + 5);
      const flood = targets
        .slice(1)
        .map((target, i) => signIn(target, `wrong-guess-${i}`, `10.2.${i >> 8}.${i & 255}`));
      // The device cookie is the admin's own: it does not give another username's sign-in the admin's queue.
      const stolenCookie = signIn(targets[0], "a-guess-with-a-stolen-cookie", "198.51.100.61", known.cookies);
      // From the browser that signed in before, the admin is checked at once, not behind the strangers.
      const knownBrowser = await signIn(admin.username, admin.password, "198.51.100.60", known.cookies);
      expect(knownBrowser.status).toBe(302);
      const answers = await Promise.all(flood);
      expect(answers.filter((answer) => answer.status === 503).length).toBeGreaterThan(0);
      expect(await stolenCookie).toMatchObject({ status: 503, error: busyMessage });
    });
  },
  { TRUST_PROXY: "1", LOGIN_RATE_LIMIT: "3", APP_URL: origin },
);
