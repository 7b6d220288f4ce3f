// A sign-in flood cannot take the CPU the public page needs (ADR 0012, issue #22): through the real sign-in action,
// the real argon2 worker threads and both databases, many concurrent sign-ins never run more argon2 checks at once
// than the cap nor more a second than the strangers' pace, the excess is refused with the busy answer before any work,
// and the real admin still gets in. (That the page keeps its speed is a timing, which `npm run bench`'s
// flood-sign-in case measures; no wall clock here: the pace follows the app's clock, which the test stops.)
import { hash } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { users } from "~/db/schema.server";
import { getDb } from "~/db/connection.server";
import { createUser } from "~/models/user.server";
import { action as loginAction } from "~/routes/admin.login";
import { setClock } from "~/utils/clock.server";
import { passwordWorkCapacity, passwordWorkStats } from "~/utils/password-work.server";
import { describeWithDatabases } from "../support/database";
import { origin } from "../support/route-calls";

const { concurrency, maxWaiting } = passwordWorkCapacity;
const busyMessage = "Sign-in is busy right now. Please try again in a few seconds.";

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
 * A username whose stored hash costs several times the usual argon2 work, so every check a flood queues outlasts
 * the moment the flood's requests take to arrive: the queue is full while the test looks at it, on any machine.
 */
async function slowTarget(username: string) {
  await createUser(username, "not-the-flood's-password-1");
  const slowHash = await hash("not-the-flood's-password-1", { memoryCost: 19_456, timeCost: 8, parallelism: 1 });
  await getDb().update(users).set({ password: slowHash }).where(eq(users.username, username));
}

/** `extra` more strangers than the queue holds, all at once, each from its own address with a wrong password. */
function flood(username: string, extra: number, tag: string) {
  const all = Array.from({ length: concurrency + maxWaiting + extra }, (_, i) =>
    signIn(username, `wrong-guess-${i}`, `10.${tag}.${i >> 8}.${i & 255}`),
  );
  return { all: Promise.all(all) };
}

describeWithDatabases(
  "a sign-in flood",
  (kind) => {
    it("runs at most the cap's argon2 checks at once; the excess is refused (503, Retry-After) without work", async () => {
      const username = `flooded-${kind}`;
      await slowTarget(username);
      const extra = 6;
      const { all } = flood(username, extra, "1");

      // The queue fills: the cap's checks run, the lane's allowance waits.
      await vi.waitFor(() => expect(passwordWorkStats().waiting.anyone).toBe(maxWaiting), {
        timeout: 30_000,
        interval: 5,
      });
      expect(passwordWorkStats().running).toBe(concurrency);
      // Refused at the door as well: a newcomer gets the busy answer.
      const newcomer = signIn(username, "one-more-guess", "10.2.0.1");

      // Every queued attempt was checked in turn, never more than the cap at once; the excess got the busy answer.
      // How many of the extras found the queue full depends on whether a check ended while they were still on their
      // way (a busy machine): at least the queue's worth was checked, and at least one extra was refused.
      const settled = await all;
      const checked = settled.filter((answer) => answer.status === 401);
      expect(checked.length).toBeGreaterThanOrEqual(concurrency + maxWaiting);
      const refused = settled.filter((answer) => answer.status !== 401);
      expect(refused.length).toBeGreaterThan(0);
      expect(checked.length + refused.length).toBe(concurrency + maxWaiting + extra);
      for (const answer of [...refused, await newcomer]) {
        expect(answer).toMatchObject({ status: 503, retryAfter: "5", error: busyMessage });
      }
      expect(passwordWorkStats().mostRunning).toBe(concurrency);
      expect(passwordWorkStats()).toMatchObject({ running: 0, waiting: { known: 0, anyone: 0 } });
    });

    it("the real admin gets in during a flood from a browser that has signed in before, ahead of the queue", async () => {
      const admin = { username: `real-admin-${kind}`, password: "the-real-admin-password-1" };
      await createUser(admin.username, admin.password);
      const first = await signIn(admin.username, admin.password, "198.51.100.50");
      expect(first.status).toBe(302);
      expect(first.cookies).toMatch(/gw_admin_device=/);

      const target = `flooded-again-${kind}`;
      await slowTarget(target);
      const { all } = flood(target, 2, "3");
      await vi.waitFor(() => expect(passwordWorkStats().waiting.anyone).toBe(maxWaiting), {
        timeout: 30_000,
        interval: 5,
      });

      const [newBrowser, stolenCookie, knownBrowser] = [
        // From a new browser the admin is a stranger: the strangers' lane is full, so it is refused like them.
        signIn(admin.username, admin.password, "198.51.100.51"),
        // The device cookie is the admin's own: it does not put another username's sign-in in the known lane.
        signIn(target, "a-guess-with-a-stolen-cookie", "198.51.100.52", first.cookies),
        // From the browser that signed in before, the admin waits in the known lane and is checked at the next
        // free slot: signed in while strangers who came first are still waiting.
        signIn(admin.username, admin.password, "198.51.100.50", first.cookies),
      ];
      expect((await knownBrowser).status).toBe(302);
      expect(passwordWorkStats().waiting.anyone).toBeGreaterThan(0);
      expect(await newBrowser).toMatchObject({ status: 503, error: busyMessage });
      expect(await stolenCookie).toMatchObject({ status: 503, error: busyMessage });

      await all;
      expect(passwordWorkStats().mostRunning).toBe(concurrency);
    });

    it("paces the strangers' lane: past its checks for the second the rest are refused, the known browser is not", async () => {
      const admin = { username: `paced-admin-${kind}`, password: "the-paced-admin-password-1" };
      await createUser(admin.username, admin.password);
      const known = await signIn(admin.username, admin.password, "198.51.100.60");
      expect(known.status).toBe(302);
      const target = `paced-${kind}`;
      await createUser(target, "not-a-stranger's-guess-1");

      // A clock that stands still: only the pace's allowance, never its refill, decides.
      const start = new Date(Date.now() + 3_600_000);
      setClock(start);
      const anyonePerSecond = passwordWorkCapacity.anyonePerSecond();
      try {
        // One at a time, each from an address of its own: never more than one check queued, no per-client limit.
        const answers = [];
        for (let i = 0; i < anyonePerSecond + 2; i++) {
          answers.push((await signIn(target, `paced-guess-${i}`, `10.4.${i >> 8}.${i & 255}`)).status);
        }
        expect(answers.slice(0, anyonePerSecond)).toEqual(Array(anyonePerSecond).fill(401));
        expect(answers.slice(anyonePerSecond)).toEqual([503, 503]);
        // The admin's own browser is in the known lane, which is not paced.
        expect((await signIn(admin.username, admin.password, "198.51.100.60", known.cookies)).status).toBe(302);

        // A second later the lane has its allowance again.
        setClock(new Date(start.getTime() + 1_000));
        expect((await signIn(target, "paced-guess-after", "10.4.9.1")).status).toBe(401);
      } finally {
        setClock(undefined);
      }
    });
  },
  { TRUST_PROXY: "1", LOGIN_RATE_LIMIT: "3", APP_URL: origin },
);
