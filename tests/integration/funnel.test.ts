// The cookieless funnel (issue #16, ADR 0021) in-process, on both databases: the daily counters in the business's
// time zone, the beacon endpoint's answers, and the steps the JSON APIs count (a Stripe payment:
// stripe-webhook.test.ts).
// The checkout walk-through over HTTP, through the production build: funnel-walk-through.test.ts.
import { afterEach, beforeEach, expect, it } from "vitest";
import { funnelEvents, type FunnelEvent } from "~/content/funnel-events";
import { getDb } from "~/db/connection.server";
import { funnelDailyCounts } from "~/db/schema.server";
import { funnelTotals, incrementFunnelCounts } from "~/models/insight/funnel.server";
import { action as checkoutApiAction } from "~/routes/api.create-checkout-session";
import { action as demoApiAction } from "~/routes/api.demo-requests";
import { action as beaconAction, loader as pixelLoader } from "~/routes/api.events";
import { action as landingAction, loader as landingLoader } from "~/routes/_index";
import { countFunnelStep, funnelDay } from "~/services/insight/funnel.server";
import { forgetAttempts, limitRules } from "~/services/rate-limit.server";
import { setClock } from "~/utils/time/clock.server";
import { describeWithDatabases } from "../support/database";
import { args, origin } from "../support/route-calls";
import { capturedLogLines } from "../support/log-lines";

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const day = "2026-11-23";
// Monday 2026-11-23, noon in Chicago.
const noon = new Date("2026-11-23T18:00:00Z");

const zeroTotals = () => Object.fromEntries(funnelEvents.map((event) => [event, 0])) as Record<FunnelEvent, number>;
const totals = () => funnelTotals(day, day);

let client = 0;
// The rate-limit windows live in the process, shared by both database runs: each request has its own address.
const nextClient = () => `203.0.113.${++client % 250}`;

function beacon(body: string, headers: Record<string, string> = {}) {
  return beaconAction(
    args(
      new Request(`${origin}/api/events`, {
        method: "POST",
        headers: {
          Origin: origin,
          "Content-Type": "text/plain;charset=UTF-8",
          "User-Agent": browser,
          "X-Forwarded-For": nextClient(),
          ...headers,
        },
        body,
      }),
    ),
  );
}

function pixel(query: string, headers: Record<string, string> = {}) {
  return pixelLoader(
    args(
      new Request(`${origin}/api/events${query}`, {
        headers: { "User-Agent": browser, "X-Forwarded-For": nextClient(), ...headers },
      }),
    ),
  );
}

describeWithDatabases(
  "cookieless funnel",
  () => {
    beforeEach(async () => {
      setClock(noon);
      await getDb().delete(funnelDailyCounts);
    });
    afterEach(() => setClock(undefined));

    it("counts one upsert per day and event, the day taken in the business's time zone", async () => {
      // 05:30 UTC on Nov 24 is still Nov 23 in Chicago (UTC-6); 06:30 UTC is Nov 24 there.
      expect(funnelDay(new Date("2026-11-24T05:30:00Z"))).toBe("2026-11-23");
      expect(funnelDay(new Date("2026-11-24T06:30:00Z"))).toBe("2026-11-24");
      const request = new Request(origin, { headers: { "User-Agent": browser } });
      setClock(new Date("2026-11-24T05:30:00Z"));
      await countFunnelStep(request, "checkout_opened");
      await Promise.all([countFunnelStep(request, "checkout_opened"), countFunnelStep(request, "checkout_opened")]);
      setClock(new Date("2026-11-24T06:30:00Z"));
      await countFunnelStep(request, "checkout_opened");
      expect((await funnelTotals("2026-11-23", "2026-11-23")).checkout_opened).toBe(3);
      expect((await funnelTotals("2026-11-24", "2026-11-24")).checkout_opened).toBe(1);
      expect(await funnelTotals("2026-11-23", "2026-11-24")).toEqual({ ...zeroTotals(), checkout_opened: 4 });
      const rows = await getDb().select().from(funnelDailyCounts);
      expect(rows).toHaveLength(2);
    });

    it("the beacon and the pixel count a landing view and answer 204 with nothing to cache", async () => {
      const posted = await beacon("landing_view");
      expect(posted.status).toBe(204);
      expect(posted.headers.get("Cache-Control")).toBe("no-store");
      expect(await posted.text()).toBe("");
      expect((await pixel("?event=landing_view")).status).toBe(204);
      expect(await totals()).toEqual({ ...zeroTotals(), landing_view: 2 });
    });

    it("refuses unknown events, server-counted events, other methods, big bodies and other sites without counting", async () => {
      for (const body of ["", "nope", "order_paid", "checkout_opened", "landing_view2", "__proto__"]) {
        const response = await beacon(body);
        expect(response.status, body).toBe(400);
        expect(await response.json()).toMatchObject({ error: expect.stringContaining("Unknown event") });
      }
      expect((await pixel("")).status).toBe(400);
      expect((await pixel("?event=demo_booked")).status).toBe(400);
      expect((await beacon("landing_view".padEnd(100, " "))).status).toBe(413);
      expect((await beacon("landing_view", { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
      expect((await beacon("landing_view", { Origin: "https://elsewhere.example" })).status).toBe(403);
      const put = await beaconAction(
        args(new Request(`${origin}/api/events`, { method: "PUT", body: "landing_view" })),
      );
      expect(put.status).toBe(405);
      expect(put.headers.get("Allow")).toBe("GET, POST");
      expect(await totals()).toEqual(zeroTotals());
    });

    it("DNT: 1, Sec-GPC: 1, a bot and a client without a User-Agent get 204 and count nothing", async () => {
      const answers = [
        await beacon("landing_view", { DNT: "1" }),
        await beacon("landing_view", { "Sec-GPC": "1" }),
        await pixel("?event=landing_view", { DNT: "1" }),
        await beacon("landing_view", { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }),
        await beacon("landing_view", { "User-Agent": "curl/8.5.0" }),
        await beacon("landing_view", { "User-Agent": "" }),
      ];
      expect(answers.map((response) => response.status)).toEqual([204, 204, 204, 204, 204, 204]);
      expect(await totals()).toEqual(zeroTotals());
      // DNT: 0 is no opt-out.
      expect((await beacon("landing_view", { DNT: "0" })).status).toBe(204);
      expect((await totals()).landing_view).toBe(1);
    });

    it("one client's beacons over RATE_LIMIT_EVENTS_PER_CLIENT get 429 with Retry-After and are not counted", async () => {
      const flooder = "198.51.100.7";
      await forgetAttempts(limitRules.eventsClient, flooder);
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await beacon("landing_view", { "X-Forwarded-For": flooder })).status);
      expect(statuses).toEqual([204, 204, 204, 429, 429]);
      const refused = await beacon("landing_view", { "X-Forwarded-For": flooder });
      expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect((await totals()).landing_view).toBe(3);
      // Another client is not affected.
      expect((await beacon("landing_view")).status).toBe(204);
    });

    it("checkout opened is counted when a visitor arrives at step 1, not when the page asks again or is reloaded", async () => {
      const open = async (target: string, headers: Record<string, string> = {}) => {
        const response = (await landingLoader({
          request: new Request(`${origin}${target}`, { headers: { "User-Agent": browser, ...headers } }),
          params: {},
          context: {},
        })) as unknown as Response;
        expect(response.status, target).toBe(200);
      };
      const opening = "/?checkout=info&plan=scale-master";
      await open(opening, { Referer: `${origin}/` });
      await open("/?checkout=info&billing=annual", { Referer: "https://www.google.com/" });
      await open("/?checkout=info");
      expect((await totals()).checkout_opened).toBe(3);
      // A reload (browsers send Cache-Control: max-age=0, or no-cache for a hard one).
      await open(opening, { Referer: `${origin}/`, "Cache-Control": "max-age=0" });
      await open(opening, { "Cache-Control": "no-cache" });
      // Remix revalidating after a refused step 1, and a page answering a form posted from itself.
      await open(`${opening}&_routes=routes%2F_index`, { Referer: `${origin}${opening}` });
      await open(`/?index&checkout=info&plan=scale-master`, { Referer: `${origin}${opening}` });
      // "Edit your details", step 2, and the closed page.
      await open("/?checkout=info&edit=1", { Referer: `${origin}/?checkout=plan` });
      await open("/", { Referer: `${origin}/` });
      // Opted out.
      await open(opening, { Referer: `${origin}/`, DNT: "1" });
      expect(await totals()).toEqual({ ...zeroTotals(), checkout_opened: 3 });
    });

    it("the demo API counts a new lead and a new booking once, not a replay of the same submission", async () => {
      const post = (body: object, headers: Record<string, string> = {}) =>
        demoApiAction(
          args(
            new Request(`${origin}/api/demo-requests`, {
              method: "POST",
              headers: {
                "Content-Type": "application/json",
                "User-Agent": browser,
                "X-Forwarded-For": nextClient(),
                ...headers,
              },
              body: JSON.stringify(body),
            }),
          ),
        ) as Promise<Response>;
      const lead = (submissionId: string, email: string) => ({
        firstName: "Ana",
        lastName: "Ruiz",
        email,
        phone: "+1 555 010 2000",
        company: "Ruiz Roofing",
        submissionId,
      });
      const plain = lead(crypto.randomUUID(), `funnel-${crypto.randomUUID()}@ruizroofing.com`);
      expect((await post(plain)).status).toBe(201);
      expect((await post(plain)).status).toBe(201);
      // Monday 2026-11-23 at 15:00 Chicago time: within working hours and past the two hours' notice.
      const booked = { ...lead(crypto.randomUUID(), `funnel-${crypto.randomUUID()}@ruizroofing.com`) };
      const slotStart = "2026-11-23T21:00:00.000Z";
      expect((await post({ ...booked, slotStart })).status).toBe(201);
      expect((await post({ ...booked, slotStart })).status).toBe(201);
      // Asked not to be tracked: stored, not counted.
      const private_ = lead(crypto.randomUUID(), `funnel-${crypto.randomUUID()}@ruizroofing.com`);
      expect((await post(private_, { "Sec-GPC": "1" })).status).toBe(201);
      expect(await totals()).toEqual({ ...zeroTotals(), demo_submitted: 2, demo_booked: 1 });
    });

    it("the page's demo form counts a new lead and its booking once; the same form posted again counts nothing", async () => {
      const post = async (values: Record<string, string>) => {
        const response = (await landingAction({
          request: new Request(`${origin}/?index`, {
            method: "POST",
            body: new URLSearchParams(values),
            headers: { Origin: origin, "User-Agent": browser, "X-Forwarded-For": nextClient() },
          }),
          params: {},
          context: {},
        })) as unknown as Response;
        // To the thank-you panel.
        expect(response.status).toBe(302);
      };
      // Posted without JavaScript: no submission id, stored once per lead.
      const form = {
        intent: "demo-request",
        firstName: "Ana",
        lastName: "Ruiz",
        email: `funnel-${crypto.randomUUID()}@ruizroofing.com`,
        phone: "+1 (555) 010-2000",
        company: "Ruiz Roofing",
        gw_trap: "",
      };
      await post(form);
      await post(form);
      const booked = { ...form, email: `funnel-${crypto.randomUUID()}@ruizroofing.com` };
      await post({ ...booked, slotStart: "2026-11-23T21:15:00.000Z" });
      await post({ ...booked, slotStart: "2026-11-23T21:15:00.000Z" });
      expect(await totals()).toEqual({ ...zeroTotals(), demo_submitted: 2, demo_booked: 1 });
    });

    it("the checkout API counts a plan chosen and a new order; a replay of its attempt makes no second order", async () => {
      const attemptId = crypto.randomUUID();
      // A replay is the same request again: another buyer under this attempt id would be refused.
      const email = `funnel-${crypto.randomUUID()}@ruizroofing.com`;
      const post = () =>
        checkoutApiAction(
          args(
            new Request(`${origin}/api/create-checkout-session`, {
              method: "POST",
              headers: { "Content-Type": "application/json", "User-Agent": browser, "X-Forwarded-For": nextClient() },
              body: JSON.stringify({
                planIds: ["scale-master"],
                planNames: ["Scale Master"],
                amount: 397,
                isAnnual: false,
                attemptId,
                userInfo: {
                  companyName: "Ruiz Roofing",
                  fullName: "Ana Ruiz",
                  email,
                  phone: "+1 555 010 2000",
                },
              }),
            }),
          ),
        ) as Promise<Response>;
      expect((await post()).status).toBe(200);
      expect((await post()).status).toBe(200);
      expect(await totals()).toMatchObject({ checkout_plan_chosen: 2, order_created: 1 });
    });

    it("a count that cannot be written is logged and the step goes on", async () => {
      const warnings = await capturedLogLines(async () => {
        // An event the table's CHECK refuses, as a database failure would: the write fails, nothing throws.
        await countFunnelStep(
          new Request(origin, { headers: { "User-Agent": browser } }),
          "not_an_event" as FunnelEvent,
        );
        await expect(incrementFunnelCounts(getDb(), { day }, ["not_an_event" as FunnelEvent])).rejects.toThrow();
      });
      expect(warnings.some((line) => line.includes("funnel count failed"))).toBe(true);
      expect(await totals()).toEqual(zeroTotals());
    });
  },
  {
    TRUST_PROXY: "1",
    RATE_LIMIT_EVENTS_PER_CLIENT: "3",
    APP_URL: origin,
    LOG_LEVEL: "warn",
  },
);
