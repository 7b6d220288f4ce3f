// A sign-in flood yields the CPU to the pages (ADR 0055, issue #53): through the production build on real sockets
// (needs `npm run build` first), strangers' argon2 checks run on a thread at the lowest CPU priority, and none run on
// the normal-priority threads the page shares the machine with. The admin's own browser is checked at normal
// priority. Linux alone can lower one thread's priority, so the thread figures are read from /proc.
import { readdirSync, readFileSync } from "node:fs";
import { platform } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../support/app-server.mjs";

const admin = { username: "priority-admin", password: "priority-admin-password-1" };

type ThreadCpu = { name: string; nice: number; cpuNs: number };

/**
 * Every thread of `pid`: its name, nice value and time on a CPU so far, from /proc/<pid>/task. The time is
 * schedstat's nanoseconds, not stat's clock ticks: a tick is sampled, and a few short checks can fall between them.
 */
function threads(pid: number): Map<string, ThreadCpu> {
  const found = new Map<string, ThreadCpu>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      // After "pid (comm)": field 3 is the state, so nice is at 19 (1-based).
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      found.set(tid, {
        name: readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim(),
        cpuNs: Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]),
        nice: Number(fields[16]),
      });
    } catch {
      // The thread ended meanwhile.
    }
  }
  return found;
}

/** CPU time (ns) each thread used between two readings, summed by whether it runs at the lowest priority. */
function cpuBetween(before: Map<string, ThreadCpu>, after: Map<string, ThreadCpu>) {
  const used = { lowest: 0, normalPool: 0 };
  for (const [tid, thread] of after) {
    const cpuNs = thread.cpuNs - (before.get(tid)?.cpuNs ?? 0);
    if (thread.nice === 19) used.lowest += cpuNs;
    // libuv's pool, where @node-rs/argon2's async verify runs.
    else if (thread.name === "libuv-worker") used.normalPool += cpuNs;
  }
  return used;
}

async function signIn(baseUrl: string, username: string, password: string, client: string, cookie = "") {
  const response = await fetch(`${baseUrl}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: baseUrl,
      "X-Forwarded-For": client,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams({ username, password, redirectTo: "/admin" }),
  });
  await response.arrayBuffer();
  return {
    status: response.status,
    cookies: response.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; "),
  };
}

describe.runIf(platform() === "linux")("a sign-in flood's password checks, production build", () => {
  let app: Awaited<ReturnType<typeof startAppServer>>;
  beforeAll(async () => {
    app = await startAppServer({
      env: { TRUST_PROXY: "1", ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password },
    });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  it("run at the lowest CPU priority for strangers, at normal priority for the admin's own browser", async () => {
    const pid = app.pid as number;
    // Strangers: unknown usernames (each still costs a full argon2 check) from ever-new addresses, within the queue.
    const before = threads(pid);
    const strangers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signIn(app.baseUrl, `stranger-${i}`, "a-wrong-guess-1", `10.9.0.${i + 1}`)),
    );
    expect(strangers.map((answer) => answer.status)).toEqual(Array(8).fill(401));
    const flood = cpuBetween(before, threads(pid));
    // Eight argon2 checks' worth of CPU went to the lowest-priority thread, more than the normal pool used.
    expect(flood.lowest).toBeGreaterThan(0);
    expect(flood.lowest).toBeGreaterThan(flood.normalPool);

    // The admin, from a browser that signed in before, is checked on the normal pool, not behind strangers.
    const first = await signIn(app.baseUrl, admin.username, admin.password, "198.51.100.70");
    expect(first.status).toBe(302);
    const beforeKnown = threads(pid);
    for (let i = 0; i < 4; i += 1) {
      const known = await signIn(app.baseUrl, admin.username, admin.password, "198.51.100.70", first.cookies);
      expect(known.status).toBe(302);
    }
    const known = cpuBetween(beforeKnown, threads(pid));
    expect(known.normalPool).toBeGreaterThan(known.lowest);
  });
});
