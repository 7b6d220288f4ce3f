// The shared landing page (ADR 0037), through the production build under remix-serve on both databases: while its
// loaders' data is the same, GET / is the page rendered once (the same bytes and headers) and a revalidation is a
// 304 without a render; a booking made by the process shows at once, one made by another instance or directly in the
// database after the availability's period; HEAD, a cookie or a query get private answers. Needs `npm run build`.
import http from "node:http";
import { gunzipSync } from "node:zlib";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../support/app-server.mjs";
import { createDatabase, dropDatabase } from "../support/postgres.mjs";
import { selectedDatabases } from "../support/database";

type App = Awaited<ReturnType<typeof startAppServer>>;

// Every day and the whole day bookable, one seat a slot, no notice: there are free times whenever the test runs.
const bookingEnv = {
  LOG_LEVEL: "debug",
  DEMO_TIME_ZONE: "UTC",
  DEMO_WORKING_DAYS: "Mon-Sun",
  DEMO_WORKING_HOURS: "00:00-23:59",
  DEMO_SLOT_MINUTES: "240",
  DEMO_MIN_NOTICE_MINUTES: "0",
  DEMO_HORIZON_DAYS: "3",
  DEMO_HOSTS: "1",
  RATE_LIMIT_PER_CLIENT: "1000000",
  RATE_LIMIT_PER_EMAIL: "1000000",
  RATE_LIMIT_GLOBAL: "1000000",
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Headers every response has its own of. */
const perResponse = new Set(["date", "x-request-id"]);

type Answer = { status: number; headers: [string, string][]; body: Buffer };

async function get(app: App, headers: Record<string, string> = {}, method = "GET", path = "/"): Promise<Answer> {
  const response = await fetch(`${app.baseUrl}${path}`, { method, headers, redirect: "manual" });
  return {
    status: response.status,
    // fetch decodes the body: only the status and headers of these answers are compared.
    headers: [...response.headers].filter(([name]) => !perResponse.has(name)),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** A raw GET (no automatic decoding): the bytes exactly as the server sent them. */
async function rawGet(app: App, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${app.baseUrl}/`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode!,
          headers: Object.entries(response.headers)
            .filter(([name]) => !perResponse.has(name))
            .map(([name, value]) => [name, String(value)]),
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on("error", reject);
  });
}

const header = (answer: Answer, name: string) => answer.headers.find(([key]) => key === name)?.[1];
const decoded = (answer: Answer) => {
  const encoding = header(answer, "content-encoding");
  return (encoding === "gzip" ? gunzipSync(answer.body) : answer.body).toString("utf8");
};
const count = (app: App, message: string) => app.output().split(`"message":"${message}"`).length - 1;
/** The offered start times in the page's router state (every time of the shown day). */
const offeredStarts = (html: string) => [...html.matchAll(/name="slotStart" value="([^"]+)"/g)].map((m) => m[1]);

async function book(app: App, start: string) {
  const response = await fetch(`${app.baseUrl}/api/demo-requests`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({
      firstName: "Shared",
      lastName: "Page",
      email: `shared-page-${crypto.randomUUID()}@example.com`,
      phone: "+1 (555) 010-2424",
      company: "Shared Page Roofing",
      dealVolume: "11-25",
      challenges: "",
      slotStart: start,
    }),
  });
  await response.body?.cancel();
  return response.status;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

for (const kind of selectedDatabases()) {
  describe(`the shared page [${kind}]`, () => {
    let app: App;
    let database: { name: string; url: string } | undefined;

    beforeAll(async () => {
      if (kind === "postgres") database = await createDatabase("gw_shared_page");
      // A long period: within this suite only the process's own writes change the availability.
      app = await startAppServer({
        env: {
          ...bookingEnv,
          AVAILABILITY_MAX_AGE_SECONDS: "300",
          ...(database ? { DATABASE_URL: database.url } : {}),
        },
      });
    }, 120_000);

    afterAll(async () => {
      await app?.stop();
      if (database) await dropDatabase(database.name);
    });

    it("answers GET / and its 304s without a render after the first one: same bytes, same headers", async () => {
      const rendered = await rawGet(app, { "Accept-Encoding": "gzip" });
      expect(rendered.status).toBe(200);
      const renders = count(app, "shared page rendered");
      const reads = count(app, "demo availability read");
      expect(renders).toBeGreaterThanOrEqual(1);

      const again = [];
      for (let index = 0; index < 10; index += 1) again.push(await rawGet(app, { "Accept-Encoding": "gzip" }));
      for (const answer of again) {
        expect(answer.status).toBe(200);
        expect(answer.headers).toEqual(rendered.headers);
        expect(answer.body.equals(rendered.body)).toBe(true);
      }
      const etag = header(rendered, "etag")!;
      const revalidated = await rawGet(app, { "Accept-Encoding": "gzip", "If-None-Match": etag });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body.byteLength).toBe(0);
      expect(header(revalidated, "etag")).toBe(etag);
      expect(header(revalidated, "cache-control")).toBe(header(rendered, "cache-control"));
      // The page was not rendered again, and the database was not asked (the free times' snapshot is current).
      expect(count(app, "shared page rendered")).toBe(renders);
      expect(count(app, "demo availability read")).toBe(reads);
      // The access log still has every request (its lines reach this process through a pipe, a moment later).
      await waitFor(
        async () => (app.output().match(/^GET \/ (200|304) /gm)?.length ?? 0) >= 12,
        "the access log's lines",
        10_000,
      );
    });

    it("a 304 for each encoding's ETag, and each encoding's bytes are the one document", async () => {
      const identity = await rawGet(app, {});
      const gzip = await rawGet(app, { "Accept-Encoding": "gzip, deflate, br" });
      expect(header(identity, "content-encoding")).toBeUndefined();
      expect(header(gzip, "content-encoding")).toBe("gzip");
      expect(decoded(gzip)).toBe(decoded(identity));
      const renders = count(app, "shared page rendered");
      for (const [answer, acceptEncoding] of [
        [identity, ""],
        [gzip, "gzip"],
      ] as const) {
        const etag = header(answer, "etag")!;
        const conditional = await rawGet(app, {
          ...(acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {}),
          "If-None-Match": etag,
        });
        expect(conditional.status).toBe(304);
        expect(header(conditional, "etag")).toBe(etag);
      }
      expect(header(identity, "etag")).not.toBe(header(gzip, "etag"));
      // A copy held in the other encoding is just as current: the answer names the copy the client holds.
      const held = await rawGet(app, { "Accept-Encoding": "gzip", "If-None-Match": header(identity, "etag")! });
      expect(held.status).toBe(304);
      expect(header(held, "etag")).toBe(header(identity, "etag"));
      expect(count(app, "shared page rendered")).toBe(renders);
    });

    it("HEAD, a cookie or a query string get private answers", async () => {
      const renders = count(app, "shared page rendered");
      const head = await get(app, {}, "HEAD");
      const cookie = await get(app, { Cookie: "something=1" });
      const query = await get(app, {}, "GET", "/?utm_source=newsletter");
      for (const answer of [head, cookie, query]) {
        expect(answer.status).toBe(200);
        expect(header(answer, "cache-control")).toBe("private, no-store");
      }
      expect(count(app, "shared page rendered")).toBe(renders);
    });

    it("a booking made by this process takes its slot off the very next GET /", async () => {
      const before = await rawGet(app, { "Accept-Encoding": "gzip" });
      const html = decoded(before);
      const start = offeredStarts(html)[0];
      expect(start).toBeDefined();
      const reads = count(app, "demo availability read");
      expect(await book(app, start)).toBe(201);
      const after = await rawGet(app, { "Accept-Encoding": "gzip" });
      expect(decoded(after)).not.toContain(start);
      expect(header(after, "etag")).not.toBe(header(before, "etag"));
      expect(count(app, "demo availability read")).toBe(reads + 1);
      // The client's copy from before is not current any more: a full answer, not a 304.
      const conditional = await rawGet(app, { "Accept-Encoding": "gzip", "If-None-Match": header(before, "etag")! });
      expect(conditional.status).toBe(200);
      // And the new page is rendered once again.
      const renders = count(app, "shared page rendered");
      const repeat = await rawGet(app, { "Accept-Encoding": "gzip" });
      expect(repeat.body.equals(after.body)).toBe(true);
      expect(count(app, "shared page rendered")).toBe(renders);
    });

    if (kind === "postgres") {
      it("another instance's booking, and a change made in the database, show after the period", async () => {
        // A second instance on the same database with a 1-second period; this suite's first app books.
        const other = await startAppServer({
          env: { ...bookingEnv, AVAILABILITY_MAX_AGE_SECONDS: "1", DATABASE_URL: database!.url },
        });
        const sql = postgres(database!.url, { max: 1 });
        try {
          const start = offeredStarts(decoded(await rawGet(other, {})))[0];
          expect(start).toBeDefined();
          expect(await book(app, start)).toBe(201);
          await waitFor(async () => !decoded(await rawGet(other, {})).includes(start), "the other instance's booking");
          // Cancelled directly in the database: the slot comes back after the period.
          await sql`update demo_bookings set status = 'cancelled' where slot_start = ${start}::timestamptz`;
          await waitFor(async () => decoded(await rawGet(other, {})).includes(start), "the cancellation");
          expect(count(other, "demo availability read")).toBeGreaterThanOrEqual(3);
        } finally {
          await sql.end();
          await other.stop();
        }
      }, 120_000);
    }
  });
}
