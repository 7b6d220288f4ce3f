// The statements a demo POST and a checkout POST send (issue #22, ADR 0026), counted through the drivers' own
// hooks (postgres.js's `debug`, PGlite's protocol messages; see observeStatements), on both databases. The counts
// are exact, so a round trip added to these requests fails here instead of creeping into the bench.
// On PostgreSQL the rate-limit counters live in the database too (ADR 0018): one statement for the whole ladder.
// On PGlite they are in memory, so only the writes themselves are counted.
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { currentHosts } from "~/services/demo/hosts.server";
import { closeDatabase, getDb, migrateDatabase, observeStatements, rowsOf } from "~/db/connection.server";
import { sql } from "drizzle-orm";
import { funnelTotals } from "~/models/insight/funnel.server";
import { action as checkoutApiAction } from "~/routes/api.create-checkout-session";
import { action as demoApiAction } from "~/routes/api.demo-requests";
import { setClock } from "~/utils/time/clock.server";
import { describeWithDatabases } from "../support/database";
import { args, origin } from "../support/route-calls";

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
// Monday 2026-11-23, noon in Chicago; 15:00 there is a bookable slot (working hours, past the notice).
const noon = new Date("2026-11-23T18:00:00Z");
const day = "2026-11-23";
const slotStart = "2026-11-23T21:00:00.000Z";

let client = 0;
const nextClient = () => `198.51.100.${++client % 250}`;

function postJson(path: string, body: unknown) {
  return new Request(`${origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "User-Agent": browser, "X-Forwarded-For": nextClient() },
    body: JSON.stringify(body),
  });
}

const lead = (extra: Record<string, string> = {}) => ({
  firstName: "Ana",
  lastName: "Ruiz",
  email: `round-trips-${crypto.randomUUID()}@ruizroofing.com`,
  phone: "+1 555 010 2000",
  company: "Ruiz Roofing",
  submissionId: crypto.randomUUID(),
  ...extra,
});

const order = () => ({
  planIds: ["scale-master"],
  planNames: ["Scale Master"],
  amount: 397,
  isAnnual: false,
  attemptId: crypto.randomUUID(),
  userInfo: {
    companyName: "Ruiz Roofing",
    fullName: "Ana Ruiz",
    email: `round-trips-${crypto.randomUUID()}@ruizroofing.com`,
    phone: "+1 555 010 2000",
  },
});

/** The statements sent while `run` ran (the statement texts, so a failure shows what was sent). */
let statements: string[] = [];
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  statements = [];
  await run();
  return statements;
}

describeWithDatabases("round trips of the writes (issue #22)", (kind) => {
  let stopObserving: (() => void) | undefined;

  beforeAll(async () => {
    // The hook is given to connections when they open: reopen (and, for the in-memory PGlite, migrate again).
    stopObserving = observeStatements((statement) => statements.push(statement));
    await closeDatabase();
    await migrateDatabase();
    // A first connection's own set-up (postgres.js reads the array types once) is not a request's.
    await getDb().execute(sql`select 1`);
  });
  afterAll(() => stopObserving?.());
  beforeEach(() => setClock(noon));
  afterEach(() => setClock(undefined));

  // PostgreSQL: one statement counts the rate-limit ladder (client, mailbox, global); PGlite counts in memory.
  const limits = kind === "postgres" ? 1 : 0;

  it("a demo request without a time: the limits, then the lead, its outbox row and its count in one statement", async () => {
    // The hosts and the routing setup are read once per change, not per request (ADR 0057): read here already.
    await currentHosts();
    let response: Response | undefined;
    const sent = await statementsOf(async () => {
      response = (await demoApiAction(args(postJson("/api/demo-requests", lead())))) as Response;
    });
    expect(response?.status).toBe(201);
    expect(sent, sent.join("\n---\n")).toHaveLength(limits + 1);
    expect(await funnelTotals(day, day)).toMatchObject({ demo_submitted: 1 });
  });

  it("a replayed demo request: the limits, the insert that inserts nothing, the read of the stored lead", async () => {
    const body = lead();
    expect(((await demoApiAction(args(postJson("/api/demo-requests", body)))) as Response).status).toBe(201);
    const sent = await statementsOf(async () => {
      expect(((await demoApiAction(args(postJson("/api/demo-requests", body)))) as Response).status).toBe(201);
    });
    expect(sent, sent.join("\n---\n")).toHaveLength(limits + 2);
  });

  it("a demo request with a time booked: the limits, then one transaction", async () => {
    // The hosts are read once per change, not per request (ADR 0030).
    await currentHosts();
    let response: Response | undefined;
    const sent = await statementsOf(async () => {
      response = (await demoApiAction(args(postJson("/api/demo-requests", lead({ slotStart }))))) as Response;
    });
    expect(response?.status).toBe(201);
    // begin; the lead; the day's lock and its booking pace (ADR 0056); the host's booking; the outbox (one statement:
    // the visitor's invite and reminders, ADR 0031; the sales e-mail; the lead.created and demo.booked webhooks,
    // ADR 0033); the day's counts; commit.
    expect(sent, sent.join("\n---\n")).toHaveLength(limits + 8);
    expect(sent[limits + 2]).toMatch(/pg_advisory_xact_lock/);
    expect(sent[limits].toLowerCase()).toMatch(/^begin/);
    expect(sent.at(-1)?.toLowerCase()).toMatch(/^commit/);
    expect(await funnelTotals(day, day)).toMatchObject({ demo_booked: 1 });
  });

  it("a checkout (test mode): the limits, then the order with its counts and its session id in one statement", async () => {
    const before = await funnelTotals(day, day);
    let response: Response | undefined;
    const sent = await statementsOf(async () => {
      response = (await checkoutApiAction(args(postJson("/api/create-checkout-session", order())))) as Response;
    });
    expect(response?.status, await response?.clone().text()).toBe(200);
    // Test mode's session id follows from the order's id, so the insert stores it (Stripe's is set afterwards).
    expect(sent, sent.join("\n---\n")).toHaveLength(limits + 1);
    const after = await funnelTotals(day, day);
    expect(after.checkout_plan_chosen - before.checkout_plan_chosen).toBe(1);
    expect(after.order_created - before.order_created).toBe(1);
  });
});

// PostgreSQL: drizzle's driver would send each of these unnamed (its text parsed and planned on every execution);
// the app's client makes them named prepared statements, prepared once per connection (ADR 0026). One connection
// here, so the server's own list of that session's prepared statements shows it.
describeWithDatabases(
  "prepared statements of the writes (issue #22)",
  () => {
    const prepared = async () =>
      rowsOf<{ statement: string }>(
        await getDb().execute(sql`select statement from pg_prepared_statements where not from_sql order by statement`),
      ).map((row) => row.statement);

    it("prepares each write once per connection; sent again, it is only bound", async () => {
      const requests = async () => {
        expect(((await demoApiAction(args(postJson("/api/demo-requests", lead())))) as Response).status).toBe(201);
        const checkout = (await checkoutApiAction(args(postJson("/api/create-checkout-session", order())))) as Response;
        expect(checkout.status).toBe(200);
      };
      await requests();
      const once = await prepared();
      for (const table of ["rate_limit_counters", "demo_requests", "orders"]) {
        expect(once.some((statement) => statement.includes(`insert into "${table}"`))).toBe(true);
      }
      await requests();
      expect(await prepared()).toEqual(once);
    });
  },
  { DATABASE_POOL_SIZE: "1" },
  "postgres",
);
