// Issue #54, ADR 0057: routing on PGlite and PostgreSQL. Three seeded hosts (DEMO_HOSTS=3, host-1..host-3, Mon–Fri
// 09:00–17:00 Chicago, 15-minute slots). Teams and rules are set through the model (each change audited); the
// engine routes, and the database picks the host in the booking's own statement. The clock is frozen; each test
// books days of its own, since the fairness rule counts a host's demos in the slot's week.
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { getDb, rowsOf } from "~/db/connection.server";
import {
  demoBookings,
  demoRequests,
  demoRoutingChanges,
  demoRoutingRules,
  demoRoutingTeams,
  outbox,
  webhookEndpoints,
  type DemoRequestRow,
} from "~/db/schema.server";
import { webhookEventTypes } from "~/content/webhook-events";
import { insertBooking } from "~/models/demo/booking.server";
import { updateHost } from "~/models/demo/host.server";
import { listRoutingChanges, saveRule, saveTeam } from "~/models/demo/routing.server";
import { createEndpoint } from "~/models/webhooks/endpoint.server";
import { createUser } from "~/models/admin/user.server";
import { action as demoRequestsApi } from "~/routes/api.demo-requests";
import { loader as slotsApi } from "~/routes/api.demo-slots";
import { loader as csvLoader } from "~/routes/admin.demo-requests[.]csv";
import { loader as privacyExport } from "~/routes/admin.privacy[.]json";
import type { RoutingTrace } from "~/schemas/demo-routing";
import { currentHosts, forgetHosts } from "~/services/demo/hosts.server";
import { forgetAvailability } from "~/services/demo/picker.server";
import { routedChoice, routeToBook, tryRoute } from "~/services/demo/routing.server";
import { availableSlots, slotGrid } from "~/services/demo/slots.server";
import { forgetAttempts, limitRules } from "~/services/rate-limit.server";
import { getBookingSettings } from "~/utils/env.server";
import { setClock } from "~/utils/time/clock.server";
import { rule } from "../support/routing-rules";
import { describeWithDatabases } from "../support/database";
import { args, origin, respond, signIn } from "../support/route-calls";

// Thursday 2027-03-11, 09:00 in Chicago (CST). The horizon (14 days) reaches Thursday 2027-03-25.
const NOW = new Date("2027-03-11T15:00:00Z");
const admin = "routing-admin";

let counter = 0;
function person(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    firstName: "Rita",
    lastName: `Route${counter}`,
    email: `rita${counter}-${crypto.randomUUID()}@routeroofing.com`,
    phone: "+1 555 010 5400",
    company: "Route Roofing",
    dealVolume: "51-100",
    submissionId: crypto.randomUUID(),
    ...overrides,
  };
}

async function post(body: unknown): Promise<Response> {
  const request = new Request(`${origin}/api/demo-requests`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });
  return (await demoRequestsApi(args(request))) as unknown as Response;
}

async function leadRow(id: string): Promise<DemoRequestRow> {
  const [row] = await getDb().select().from(demoRequests).where(eq(demoRequests.id, id));
  return row;
}

/** No team, no rule, every host active without a daily maximum: the default, as before routing. */
async function resetRouting() {
  await getDb().delete(demoRoutingRules);
  await getDb().delete(demoRoutingTeams);
  for (const host of await currentHosts()) {
    const { name, email, timeZone, weeklyHours } = host;
    await updateHost(host.id, { name, email, timeZone, weeklyHours, active: true, dailyMax: null });
  }
  forgetHosts();
  forgetAvailability();
}

/** `count` bookable slot starts from `fromDate` on, in the business's zone. */
async function slotsFrom(fromDate: string, count: number): Promise<Date[]> {
  const grid = slotGrid(getBookingSettings(), fromDate, Math.ceil(count / 20) * 2 + 7, await currentHosts());
  const starts = grid.flatMap((day) => day.slots);
  expect(starts.length).toBeGreaterThanOrEqual(count);
  return starts.slice(0, count);
}

/** `count` leads routed alike, each booked at its own slot through the engine's choice (the real statement). */
async function bookLeads(starts: Date[], answers: { dealVolume: string }) {
  const { hosts, route } = await routeToBook(answers, "nobody@routeroofing.com");
  const ids: string[] = [];
  const rows = starts.map((_, index) => {
    const id = crypto.randomUUID();
    ids.push(id);
    return {
      id,
      firstName: "Bulk",
      lastName: `Lead${index}`,
      email: `bulk${index}-${crypto.randomUUID()}@routeroofing.com`,
      phone: "555 010 3000",
      company: "Bulk Co",
      dealVolume: answers.dealVolume,
      routing: route.trace,
    };
  });
  for (let from = 0; from < rows.length; from += 250) {
    await getDb()
      .insert(demoRequests)
      .values(rows.slice(from, from + 250));
  }
  const hostsBooked: (string | null)[] = [];
  for (const [index, start] of starts.entries()) {
    const booking = await getDb().transaction((tx) =>
      insertBooking(tx, { demoRequestId: ids[index], choice: routedChoice(route, start, hosts) }),
    );
    hostsBooked.push(booking?.hostId ?? null);
  }
  return { ids, hostsBooked };
}

function shares(hostsBooked: (string | null)[]) {
  const counts = new Map<string, number>();
  for (const host of hostsBooked) counts.set(host ?? "none", (counts.get(host ?? "none") ?? 0) + 1);
  return Object.fromEntries([...counts].map(([host, count]) => [host, count / hostsBooked.length]));
}

/** Within ±5 % of the weight's share, read strictly: 5 % of the share, not 5 points. */
function expectShare(share: number | undefined, expected: number) {
  expect(share).toBeGreaterThanOrEqual(expected * 0.95);
  expect(share).toBeLessThanOrEqual(expected * 1.05);
}

async function expectNoHostDoubleBooked() {
  const result = await getDb().execute(sql`
    select a.id from ${demoBookings} a join ${demoBookings} b
      on a.host_id = b.host_id and a.id < b.id
     and a.status = 'booked' and b.status = 'booked'
     and a.slot_start < b.slot_end and b.slot_start < a.slot_end`);
  expect(rowsOf(result)).toEqual([]);
}

describeWithDatabases(
  "demo routing",
  (kind) => {
    beforeAll(async () => {
      setClock(NOW);
      await createUser(admin, "a-long-admin-password-42");
    });
    beforeEach(async () => {
      setClock(NOW);
      await forgetAttempts(limitRules.demoGlobal, "all");
      await resetRouting();
    });
    afterAll(() => setClock(undefined));

    it("by default (no team, no rule) every active host is one team, and the trace says so without showing it", async () => {
      const response = await post(person({ slotStart: "2027-03-12T15:00:00Z" }));
      expect(response.status).toBe(201);
      const body = await response.json();
      // Nothing set up: the answer is as it was before routing.
      expect(body.routing).toBeUndefined();
      const { routing } = await leadRow(body.id);
      expect(routing).toMatchObject({
        configured: false,
        rule: "default",
        outcome: "team",
        team: { id: null, name: "Every active host" },
        host: { id: expect.stringMatching(/^host-/), name: body.booking.host.name },
      });
      expect(routing?.host?.reason).toMatch(/^fewest demos this week for its weight among the 3 free hosts/);
    });

    it("1,000 leads at a frozen clock follow a 2:1:1 team's weights within ±5 %, and a 3:1 team's", async () => {
      const team = await saveTeam(admin, {
        name: "Enterprise",
        isDefault: true,
        members: [
          { hostId: "host-1", weight: 2 },
          { hostId: "host-2", weight: 1 },
          { hostId: "host-3", weight: 1 },
        ],
      });
      const starts = await slotsFrom("2027-05-03", 1000);
      const { ids, hostsBooked } = await bookLeads(starts, { dealVolume: "100+" });
      const split = shares(hostsBooked);
      expectShare(split["host-1"], 0.5);
      for (const host of ["host-2", "host-3"]) expectShare(split[host], 0.25);
      expect(split.none).toBeUndefined();
      const { routing } = await leadRow(ids[500]);
      expect(routing).toMatchObject({
        configured: true,
        rule: "default",
        team: { id: team, name: "Enterprise" },
        host: { id: hostsBooked[500] },
      });
      expect(routing?.host?.reason).toMatch(/^fewest demos this week for its weight among the 3 free hosts/);

      await saveTeam(
        admin,
        {
          name: "Enterprise",
          isDefault: true,
          members: [
            { hostId: "host-1", weight: 3 },
            { hostId: "host-2", weight: 1 },
          ],
        },
        team,
      );
      const threeToOne = shares(
        (await bookLeads(await slotsFrom("2027-08-02", 1000), { dealVolume: "100+" })).hostsBooked,
      );
      expectShare(threeToOne["host-1"], 0.75);
      expectShare(threeToOne["host-2"], 0.25);
      expect(threeToOne["host-3"]).toBeUndefined();
      console.log(
        `routing split of 1,000 leads on ${kind}: 2:1:1 ${JSON.stringify(split)}, 3:1 ${JSON.stringify(threeToOne)}`,
      );
    }, 120_000);

    it("a host's daily maximum holds, in sequence and under concurrency", async () => {
      const [host1] = await currentHosts();
      const { name, email, timeZone, weeklyHours } = host1;
      await updateHost("host-1", { name, email, timeZone, weeklyHours, active: true, dailyMax: 2 });
      forgetHosts();
      // host-1 would take nearly every demo by its weight, but not past two a day.
      await saveTeam(admin, {
        name: "Capped",
        isDefault: true,
        members: [
          { hostId: "host-1", weight: 50 },
          { hostId: "host-2", weight: 1 },
        ],
      });
      const starts = await slotsFrom("2027-11-01", 6);
      const { hostsBooked } = await bookLeads(starts, { dealVolume: "100+" });
      expect(hostsBooked.filter((host) => host === "host-1")).toHaveLength(2);
      expect(hostsBooked.filter((host) => host === "host-2")).toHaveLength(4);

      // A team of host-1 alone, with at most 3 a day: 12 concurrent requests for 12 times of one day book 3.
      await updateHost("host-1", { name, email, timeZone, weeklyHours, active: true, dailyMax: 3 });
      forgetHosts();
      await saveTeam(admin, { name: "Solo", members: [{ hostId: "host-1", weight: 1 }] });
      const solo = (await getDb().select().from(demoRoutingTeams).where(eq(demoRoutingTeams.name, "Solo")))[0];
      await saveRule(admin, rule({ name: "Everyone to Solo", outcome: "team", teamId: solo.id }));
      const times = Array.from(
        { length: 12 },
        (_, index) => new Date(Date.UTC(2027, 2, 15, 14 + Math.floor(index / 4), (index % 4) * 15)),
      );
      const responses = await Promise.all(times.map((time) => post(person({ slotStart: time.toISOString() }))));
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(3);
      expect(statuses.filter((status) => status === 409)).toHaveLength(9);
      const live = await getDb()
        .select()
        .from(demoBookings)
        .where(
          and(
            eq(demoBookings.status, "booked"),
            sql`${demoBookings.slotStart} >= '2027-03-15T05:00:00Z' and ${demoBookings.slotStart} < '2027-03-16T05:00:00Z'`,
          ),
        );
      expect(live.map((booking) => booking.hostId)).toEqual(["host-1", "host-1", "host-1"]);
      // Nor does host-1 offer that day's other times any more; the next day it does.
      const soloHosts = (await currentHosts()).filter((host) => host.id === "host-1");
      const offered = await availableSlots({ from: "2027-03-15", days: 2, now: NOW, hosts: soloHosts });
      expect(offered.map((day) => day.date)).toEqual(["2027-03-16"]);
    });

    it("a team's hosts are never booked twice at one time under concurrency, and hosts outside the team are not booked", async () => {
      const team = await saveTeam(admin, {
        name: "Pair",
        members: [
          { hostId: "host-1", weight: 2 },
          { hostId: "host-2", weight: 1 },
        ],
      });
      await saveRule(
        admin,
        rule({ name: "100+ to Pair", outcome: "team", teamId: team, conditions: { dealVolumes: ["100+"] } }),
      );
      const slotStart = "2027-03-12T16:00:00.000Z";
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => post(person({ dealVolume: "100+", slotStart }))),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(2);
      expect(statuses.filter((status) => status === 409)).toHaveLength(18);
      const live = await getDb()
        .select()
        .from(demoBookings)
        .where(and(eq(demoBookings.status, "booked"), eq(demoBookings.slotStart, new Date(slotStart))));
      expect(live.map((booking) => booking.hostId).sort()).toEqual(["host-1", "host-2"]);
      await expectNoHostDoubleBooked();
      const booked = await Promise.all(responses.filter((response) => response.status === 201).map((r) => r.json()));
      for (const body of booked) {
        expect(body.routing).toMatchObject({
          rule: { id: expect.any(String), name: "100+ to Pair" },
          team: { id: team },
        });
      }
    });

    it("the owner outcome: a known lead meets the host of their last demo when free, else the team", async () => {
      const email = `owner-${crypto.randomUUID()}@routeroofing.com`;
      const first = await post(person({ email, slotStart: "2027-03-16T14:00:00Z" }));
      expect(first.status).toBe(201);
      const ownerId = (await leadRow((await first.json()).id)).routing?.host?.id;
      expect(ownerId).toMatch(/^host-/);
      const others = ["host-1", "host-2", "host-3"].filter((host) => host !== ownerId);

      const team = await saveTeam(admin, { name: "Others", members: others.map((hostId) => ({ hostId, weight: 1 })) });
      await saveRule(
        admin,
        rule({
          name: "Known leads meet their owner",
          outcome: "owner",
          teamId: team,
          conditions: { knownEmail: true },
        }),
      );

      // Free at 15:00: the owner, although not in the team.
      const again = await post(person({ email, slotStart: "2027-03-16T15:00:00Z" }));
      expect(again.status).toBe(201);
      const againBody = await again.json();
      expect(againBody.routing).toMatchObject({
        rule: { name: "Known leads meet their owner" },
        outcome: "owner",
        host: { id: ownerId, reason: "the lead's owner (the host of their last demo), free at that time" },
      });
      // Whether an address is known is kept for the business, never answered to whoever posts it.
      expect(againBody.routing.answers.knownEmail).toBeUndefined();
      expect((await leadRow(againBody.id)).routing?.answers).toMatchObject({ knownEmail: true });

      // The owner busy at 16:00 (another lead, a stranger, booked there first with the owner's team alone).
      const ownerOnly = await saveTeam(admin, { name: "Owner alone", members: [{ hostId: ownerId!, weight: 1 }] });
      await saveRule(admin, rule({ name: "Strangers to the owner", position: 2, outcome: "team", teamId: ownerOnly }));
      const stranger = await post(person({ slotStart: "2027-03-16T16:00:00Z" }));
      expect((await stranger.json()).routing).toMatchObject({
        rule: { name: "Strangers to the owner" },
        host: { id: ownerId },
      });
      const busy = await post(person({ email, slotStart: "2027-03-16T16:00:00Z" }));
      expect(busy.status).toBe(201);
      const busyBody = await busy.json();
      expect(others).toContain(busyBody.routing.host.id);
      expect(busyBody.routing.host.reason).toMatch(/^the owner was not free; /);

      // A new address is not known: the rule does not match.
      const stranger2 = await (await post(person({ slotStart: "2027-03-16T17:00:00Z" }))).json();
      expect(stranger2.routing).toMatchObject({ rule: { name: "Strangers to the owner" } });
      expect((await leadRow(stranger2.id)).routing?.answers).toMatchObject({ knownEmail: false });

      // Sent with no time, then again with its submission id and a time (as after the thank-you): it routes as its
      // first send did. Its own stored lead does not make its address known, else the first rule sends it to Others.
      const resend = person();
      expect((await post(resend)).status).toBe(201);
      const resent = await post({ ...resend, slotStart: "2027-03-16T18:00:00Z" });
      expect(resent.status).toBe(201);
      expect((await resent.json()).routing.host).toMatchObject({ id: ownerId });

      // Routed after its insert (a process that had not read the setup): the lead is not its own history.
      forgetHosts();
      const late = await (await post(person())).json();
      expect(late.routing).toMatchObject({ rule: { name: "Strangers to the owner" } });
      expect((await leadRow(late.id)).routing?.answers).toMatchObject({ knownEmail: false });
      forgetHosts();
      const lateKnown = await (await post(person({ email }))).json();
      expect(lateKnown.routing).toMatchObject({ rule: { name: "Known leads meet their owner" }, outcome: "owner" });
    });

    it("request-only books nothing; self-serve names its plan beside a booking with the team", async () => {
      await saveRule(
        admin,
        rule({ name: "Small crews call back", outcome: "request-only", conditions: { dealVolumes: ["1-10"] } }),
      );
      await saveRule(
        admin,
        rule({
          name: "Mid-size roofers self-serve",
          position: 2,
          outcome: "self-serve",
          selfServePlanId: "business-builder",
          conditions: { dealVolumes: ["11-25"], trades: ["Roofing"], timeZones: ["America/"] },
        }),
      );

      const requestOnly = await post(person({ dealVolume: "1-10", slotStart: "2027-03-17T15:00:00Z" }));
      expect(requestOnly.status).toBe(201);
      const requestOnlyBody = await requestOnly.json();
      expect(requestOnlyBody.booking).toBeUndefined();
      expect(requestOnlyBody.routing).toMatchObject({
        rule: { name: "Small crews call back" },
        outcome: "request-only",
      });
      expect(requestOnlyBody.routing.host).toBeUndefined();
      expect(
        await getDb().select().from(demoBookings).where(eq(demoBookings.demoRequestId, requestOnlyBody.id)),
      ).toEqual([]);

      const selfServe = await post(
        person({
          dealVolume: "11-25",
          trade: "Roofing",
          timeZone: "America/Denver",
          slotStart: "2027-03-17T15:00:00Z",
        }),
      );
      expect(selfServe.status).toBe(201);
      const selfServeBody = await selfServe.json();
      expect(selfServeBody.booking.host.name).toEqual(expect.any(String));
      expect(selfServeBody.routing).toMatchObject({
        rule: { name: "Mid-size roofers self-serve" },
        outcome: "self-serve",
        plan: "business-builder",
        team: { id: null },
        answers: { dealVolume: "11-25", trade: "Roofing", timeZone: "America/Denver" },
        host: { id: expect.stringMatching(/^host-/) },
      });

      // Another zone: the self-serve rule's conditions do not all hold, so the default.
      const elsewhere = await post(person({ dealVolume: "11-25", trade: "Roofing", timeZone: "Europe/Paris" }));
      expect((await elsewhere.json()).routing).toMatchObject({ rule: "default", outcome: "team" });
      // A trade off the spec's list is refused like any invalid answer.
      expect((await post(person({ trade: "Astrology" }))).status).toBe(422);
    });

    it("the trace travels in the lead and demo webhooks and the CSV once routing is set up; a process that had not read the setup still routes right", async () => {
      await getDb().delete(webhookEndpoints);
      await createEndpoint({
        url: "http://127.0.0.1:9/hook",
        description: "CRM",
        eventTypes: [...webhookEventTypes],
        active: true,
        secret: `whsec_${Buffer.from(crypto.randomUUID()).toString("base64")}`,
      });
      await saveRule(admin, rule({ name: "HVAC first", outcome: "team", conditions: { trades: ["HVAC"] } }));

      const booked = await (await post(person({ trade: "HVAC", slotStart: "2027-03-18T15:00:00Z" }))).json();
      // Without a time, and with the setup forgotten (a fresh process): the insert finds routing set up.
      forgetHosts();
      const unbooked = await (await post(person({ trade: "HVAC" }))).json();
      expect(unbooked.routing).toMatchObject({ rule: { name: "HVAC first" }, configured: true });
      expect((await leadRow(unbooked.id)).routing).toMatchObject({ rule: { name: "HVAC first" } });

      const events = await getDb()
        .select()
        .from(outbox)
        .where(
          and(
            eq(outbox.kind, "webhook-delivery"),
            sql`${outbox.payload}->'event'->'data'->>'id' in (${booked.id}, ${unbooked.id})`,
          ),
        );
      const data = events.map((row) => {
        const event = (
          row.payload as { event: { type: string; data: { id: string; trade: string; routing: RoutingTrace } } }
        ).event;
        return [
          event.type,
          event.data.id,
          event.data.trade,
          event.data.routing?.rule,
          event.data.routing?.host?.id ?? null,
        ];
      });
      const rule1 = { id: expect.any(String), name: "HVAC first" };
      expect(data).toEqual(
        expect.arrayContaining([
          ["lead.created", booked.id, "HVAC", rule1, booked.routing.host.id],
          ["demo.booked", booked.id, "HVAC", rule1, booked.routing.host.id],
          ["lead.created", unbooked.id, "HVAC", rule1, null],
        ]),
      );
      expect(data).toHaveLength(3);

      const cookie = await signIn(admin, "a-long-admin-password-42");
      const response = await respond(() =>
        csvLoader(args(new Request(`${origin}/admin/demo-requests.csv`, { headers: { Cookie: cookie } }))),
      );
      const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(new Uint8Array(await response.arrayBuffer()));
      expect(text.split("\r\n")[0]).toMatch(/,consentPage,suspectedSpam,trade,routing$/);
      const record = text.split("\r\n").find((line) => line.startsWith(`${booked.id},`));
      expect(record).toContain(",HVAC,");
      expect(record).toContain('""name"":""HVAC first""');
      expect(record).toContain(`""host"":{""id"":""${booked.routing.host.id}""`);

      // A person's data on request (ADR 0047) includes their trade and trace.
      const [stored] = await getDb().select().from(demoRequests).where(eq(demoRequests.id, booked.id));
      const personal = await respond(() =>
        privacyExport(
          args(
            new Request(`${origin}/admin/privacy.json?email=${encodeURIComponent(stored.email)}`, {
              headers: { Cookie: cookie },
            }),
          ),
        ),
      );
      expect((await personal.json()).leads[0]).toMatchObject({
        trade: "HVAC",
        routing: { rule: { name: "HVAC first" }, host: { id: booked.routing.host.id } },
      });
    });

    it("try it: the rule and the host who would be picked, booking nothing; the booking then gets that host", async () => {
      const team = await saveTeam(admin, {
        name: "Trial",
        members: [
          { hostId: "host-2", weight: 1 },
          { hostId: "host-3", weight: 1 },
        ],
      });
      await saveRule(
        admin,
        rule({ name: "26-50 to Trial", outcome: "team", teamId: team, conditions: { dealVolumes: ["26-50"] } }),
      );
      const start = new Date("2027-03-19T15:00:00Z");
      const countBookings = async () => (await getDb().select({ id: demoBookings.id }).from(demoBookings)).length;
      const before = await countBookings();
      const tried = await tryRoute({ answers: { dealVolume: "26-50" }, start });
      expect(tried.route.trace).toMatchObject({ rule: { name: "26-50 to Trial" }, team: { id: team } });
      expect(["host-2", "host-3"]).toContain(tried.host?.id);
      expect(tried.host?.reason).toMatch(/among the 2 free hosts/);
      expect(await countBookings()).toBe(before);

      const booked = await (await post(person({ dealVolume: "26-50", slotStart: start.toISOString() }))).json();
      expect(booked.routing.host).toEqual(tried.host);

      // Without a time: the team's first free time; request-only: no time, no host.
      const first = await tryRoute({ answers: { dealVolume: "26-50" } });
      expect(first.start?.getTime()).toBeGreaterThan(NOW.getTime());
      expect(["host-2", "host-3"]).toContain(first.host?.id);
      await saveRule(
        admin,
        rule({ name: "Small call back", outcome: "request-only", conditions: { dealVolumes: ["1-10"] } }),
      );
      expect(await tryRoute({ answers: { dealVolume: "1-10" } })).toMatchObject({ route: { outcome: "request-only" } });
      expect((await tryRoute({ answers: { dealVolume: "1-10" } })).host).toBeUndefined();
    });

    it("GET /api/demo-slots offers the routed team's times for the answers, none for request-only, and a self-serve plan", async () => {
      const solo = await saveTeam(admin, { name: "Enterprise desk", members: [{ hostId: "host-2", weight: 1 }] });
      await saveRule(
        admin,
        rule({
          name: "Big accounts",
          position: 2,
          outcome: "team",
          teamId: solo,
          conditions: { dealVolumes: ["100+"] },
        }),
      );
      await saveRule(
        admin,
        rule({ name: "Small crews", position: 3, outcome: "request-only", conditions: { dealVolumes: ["1-10"] } }),
      );
      await saveRule(
        admin,
        rule({
          name: "Roofers",
          position: 4,
          outcome: "self-serve",
          conditions: { trades: ["Roofing"] },
          selfServePlanId: "business-builder",
        }),
      );
      await saveRule(
        admin,
        rule({
          name: "Known to the desk",
          position: 1,
          outcome: "team",
          teamId: solo,
          conditions: { knownEmail: true },
        }),
      );
      // host-2 is busy at 11:00 on Monday the 22nd (a day no other test books): the desk's answer leaves that time out,
      // the others' keep it.
      const taken = await post(person({ dealVolume: "100+", slotStart: "2027-03-22T16:00:00Z" }));
      expect((await taken.json()).booking).toBeDefined();
      forgetAvailability();

      const slots = async (query: string) => {
        const response = await slotsApi(args(new Request(`${origin}/api/demo-slots?from=2027-03-22&days=1${query}`)));
        expect(response.status).toBe(200);
        return (await response.json()) as {
          days: { slots: { start: string; free: number }[] }[];
          requestOnly?: true;
          selfServePlan?: string;
        };
      };
      const frees = (answer: Awaited<ReturnType<typeof slots>>) => answer.days.flatMap((day) => day.slots);

      const anyone = await slots("");
      expect(anyone.requestOnly).toBeUndefined();
      expect(Math.max(...frees(anyone).map((slot) => slot.free))).toBe(3);
      expect(frees(anyone).map((slot) => slot.start)).toContain("2027-03-22T16:00:00.000Z");

      // A rule on the address's history never matches here: no e-mail comes in a URL.
      const desk = await slots("&dealVolume=100%2B");
      expect(desk.requestOnly).toBeUndefined();
      expect(frees(desk).length).toBeGreaterThan(0);
      expect(frees(desk).every((slot) => slot.free === 1)).toBe(true);
      expect(frees(desk).map((slot) => slot.start)).not.toContain("2027-03-22T16:00:00.000Z");

      expect(await slots("&dealVolume=1-10")).toMatchObject({ days: [], requestOnly: true });
      const roofer = await slots("&dealVolume=26-50&trade=Roofing");
      expect(roofer.selfServePlan).toBe("business-builder");
      expect(frees(roofer).map((slot) => slot.start)).toContain("2027-03-22T16:00:00.000Z");

      for (const bad of ["dealVolume=lots", "trade=Astronomy"]) {
        const response = await slotsApi(args(new Request(`${origin}/api/demo-slots?${bad}`)));
        expect(response.status).toBe(400);
        const { error } = (await response.json()) as { error: string };
        expect(error).toMatch(/^(dealVolume|trade) must be one of /);
      }
    });

    it("every change to teams and rules is recorded: who, when, what", async () => {
      const before = (await getDb().select().from(demoRoutingChanges)).length;
      const team = await saveTeam(admin, { name: "Audited", members: [{ hostId: "host-2", weight: 4 }] });
      const ruleId = await saveRule(admin, rule({ name: "Audited rule", outcome: "team", teamId: team }));
      const changes = await listRoutingChanges(2);
      expect(changes.map((change) => [change.action, change.subjectId, change.changedBy])).toEqual([
        ["rule.created", ruleId, admin],
        ["team.created", team, admin],
      ]);
      expect(changes[1].details).toMatchObject({ name: "Audited", members: [{ hostId: "host-2", weight: 4 }] });
      expect(changes[0].changedAt).toBeInstanceOf(Date);
      expect((await getDb().select().from(demoRoutingChanges)).length).toBe(before + 2);
      expect(
        await getDb()
          .select()
          .from(demoRoutingRules)
          .where(inArray(demoRoutingRules.id, [ruleId])),
      ).toHaveLength(1);
    });
  },
  {
    DEMO_TIME_ZONE: "America/Chicago",
    DEMO_HOSTS: "3",
    DEMO_BLACKOUT_DATES: "",
    RATE_LIMIT_PER_CLIENT: "10000",
    RATE_LIMIT_PER_EMAIL: "10000",
    RATE_LIMIT_GLOBAL: "100000",
  },
);
