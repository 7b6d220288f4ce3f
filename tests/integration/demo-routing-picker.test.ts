// Issue #54, ADR 0057, the visitor's side without JavaScript: the server's picker offers the times the posted answers
// are routed to. Two seeded hosts (Chicago): host-1 in the mornings, host-2 in the afternoons, set per test. The
// clock is frozen.
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { getDb } from "~/db/connection.server";
import { eq } from "drizzle-orm";
import { demoBookings, demoRequests, demoRoutingRules, demoRoutingTeams } from "~/db/schema.server";
import { updateHost } from "~/models/demo/host.server";
import { saveRule, saveTeam } from "~/models/demo/routing.server";
import { action as pageAction, loader as pageLoader } from "~/routes/_index";
import type { DemoPickerView } from "~/schemas/demo-request-fields";
import { currentHosts, forgetHosts } from "~/services/demo/hosts.server";
import { demoPickerView, forgetAvailability } from "~/services/demo/picker.server";
import { forgetAttempts, limitRules } from "~/services/rate-limit.server";
import { setClock } from "~/utils/time/clock.server";
import { rule } from "../support/routing-rules";
import { describeWithDatabases } from "../support/database";
import { args, cookiesOf, origin, respond } from "../support/route-calls";

// Wednesday 2027-03-10, 20:00 in Chicago (CST): the first day shown, Thursday, has all its times ahead.
const NOW = new Date("2027-03-11T02:00:00Z");
const admin = "picker-admin";
const weekdays = [1, 2, 3, 4, 5];
const hours = (startHour: number, endHour: number) =>
  weekdays.map((weekday) => ({ weekday, startMinute: startHour * 60, endMinute: endHour * 60 }));

const chicagoHour = (start: string) =>
  Number(
    new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", hour: "numeric", hourCycle: "h23" }).format(
      new Date(start),
    ),
  );
const hoursOf = (view: DemoPickerView) => view.times.map((time) => chicagoHour(time.start));

let counter = 0;
function demoFields(extra: Record<string, string> = {}): Record<string, string> {
  counter += 1;
  return {
    intent: "demo-request",
    __rvfInternalFormId: "demo-request-form",
    firstName: "Pia",
    lastName: `Picker${counter}`,
    email: `pia${counter}-${crypto.randomUUID()}@pickerpaving.com`,
    phone: "+1 (555) 010-2000",
    company: "Picker Paving",
    gw_trap: "",
    ...extra,
  };
}

const postPage = (fields: Record<string, string>, cookie?: string) =>
  respond(() =>
    pageAction(
      args(
        new Request(`${origin}/?index`, {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}) },
        }),
      ),
    ),
  );

/** The thank-you's offer to book at once (ADR 0057), as the page renders it for this browser's cookies. */
async function offerOnPage(cookie: string): Promise<DemoPickerView | undefined> {
  const page = await respond(() => pageLoader(args(new Request(`${origin}/`, { headers: { Cookie: cookie } }))));
  const data = (await page.json()) as { demo: { showThanks: boolean; offer?: DemoPickerView } };
  expect(data.demo.showThanks).toBe(true);
  return data.demo.offer;
}

const bookingsOf = (email: string) =>
  getDb()
    .select({ lead: demoBookings.demoRequestId, host: demoBookings.hostId })
    .from(demoBookings)
    .innerJoin(demoRequests, eq(demoRequests.id, demoBookings.demoRequestId))
    .where(eq(demoRequests.email, email));

/** The desk (host-2, afternoons) takes 100+ leads; 1-10 leads are offered Business Builder beside host-1's times. */
async function setUpRouting() {
  const desk = await saveTeam(admin, { name: "Enterprise desk", members: [{ hostId: "host-2", weight: 1 }] });
  const crews = await saveTeam(admin, { name: "Crews", members: [{ hostId: "host-1", weight: 1 }] });
  await saveRule(
    admin,
    rule({ name: "Callers", position: 1, outcome: "request-only", conditions: { trades: ["Property Management"] } }),
  );
  await saveRule(
    admin,
    rule({ name: "Big", position: 2, outcome: "team", teamId: desk, conditions: { dealVolumes: ["100+"] } }),
  );
  await saveRule(
    admin,
    rule({
      name: "Small",
      position: 3,
      outcome: "self-serve",
      teamId: crews,
      selfServePlanId: "business-builder",
      conditions: { dealVolumes: ["1-10"] },
    }),
  );
}

describeWithDatabases(
  "the no-JavaScript picker follows routing",
  () => {
    beforeAll(() => setClock(NOW));
    beforeEach(async () => {
      setClock(NOW);
      await forgetAttempts(limitRules.demoGlobal, "all");
      await getDb().delete(demoBookings);
      await getDb().delete(demoRequests);
      await getDb().delete(demoRoutingRules);
      await getDb().delete(demoRoutingTeams);
      for (const host of await currentHosts()) {
        const { name, email, timeZone } = host;
        const weeklyHours = host.id === "host-1" ? hours(9, 12) : hours(13, 17);
        await updateHost(host.id, { name, email, timeZone, weeklyHours, active: true, dailyMax: null });
      }
      forgetHosts();
      forgetAvailability();
    });
    afterAll(() => setClock(undefined));

    it("with no rules the answers change nothing: every host's times", async () => {
      const plain = await demoPickerView();
      expect(hoursOf(plain)).toContain(9);
      expect(hoursOf(plain)).toContain(13);
      for (const answers of [{ dealVolume: "100+" }, { dealVolume: "1-10", trade: "Property Management" }]) {
        const view = await demoPickerView({ answers });
        expect(view).toEqual(plain);
      }
    });

    it("offers the routed team's times, none for a request-only route, and the self-serve plan beside times", async () => {
      await setUpRouting();
      const unanswered = await demoPickerView();
      expect(hoursOf(unanswered)).toContain(9);
      expect(hoursOf(unanswered)).toContain(13);
      expect(unanswered).not.toHaveProperty("requestOnly");
      expect(unanswered).not.toHaveProperty("selfServePlan");

      const big = await demoPickerView({ answers: { dealVolume: "100+" } });
      expect(big.times.length).toBeGreaterThan(0);
      expect(hoursOf(big).every((hour) => hour >= 13)).toBe(true);
      expect(big).not.toHaveProperty("selfServePlan");

      const small = await demoPickerView({ answers: { dealVolume: "1-10" } });
      expect(small.times.length).toBeGreaterThan(0);
      expect(hoursOf(small).every((hour) => hour < 12)).toBe(true);
      expect(small.selfServePlan).toBe("business-builder");

      const caller = await demoPickerView({ answers: { dealVolume: "100+", trade: "Property Management" } });
      expect(caller).toMatchObject({ requestOnly: true, days: [], times: [] });
      expect(caller).not.toHaveProperty("unavailable");

      // Answers not in their lists route as unanswered, as the form would refuse them.
      expect(await demoPickerView({ answers: { dealVolume: "lots", trade: "Astronomy" } })).toEqual(unanswered);
    });

    it("the page's action re-renders the picker for the posted answers: 'Show times', and a time the team is not offered", async () => {
      await setUpRouting();
      const shown = await postPage(demoFields({ dealVolume: "1-10", demoShowTimes: "1" }));
      expect(shown.status).toBe(200);
      const shownPicker = ((await shown.json()) as { picker: DemoPickerView }).picker;
      expect(shownPicker.selfServePlan).toBe("business-builder");
      expect(hoursOf(shownPicker).every((hour) => hour < 12)).toBe(true);

      // A morning time (host-1's) posted by a 100+ lead: refused on the time field, with the desk's times.
      const morning = (await demoPickerView()).times.find((time) => chicagoHour(time.start) < 12)!;
      const refused = await postPage(demoFields({ dealVolume: "100+", slotStart: morning.start }));
      expect(refused.status).toBe(422);
      const body = (await refused.json()) as { fieldErrors: Record<string, string>; picker: DemoPickerView };
      expect(body.fieldErrors.slotStart).toBeTruthy();
      expect(body.picker.times.length).toBeGreaterThan(0);
      expect(hoursOf(body.picker).every((hour) => hour >= 13)).toBe(true);

      const callback = await postPage(demoFields({ trade: "Property Management", demoShowTimes: "1" }));
      expect(((await callback.json()) as { picker: DemoPickerView }).picker).toMatchObject({
        requestOnly: true,
        times: [],
      });
    });

    it("a posted form routes a known e-mail as its booking will: the team its rule names, not a new visitor's", async () => {
      const desk = await saveTeam(admin, { name: "Account desk", members: [{ hostId: "host-2", weight: 1 }] });
      await saveRule(admin, rule({ name: "Known", outcome: "team", teamId: desk, conditions: { knownEmail: true } }));
      const first = demoFields();
      expect((await postPage(first)).status).toBe(302);

      const again = await postPage(demoFields({ email: first.email, demoShowTimes: "1" }));
      const known = ((await again.json()) as { picker: DemoPickerView }).picker;
      expect(known.times.length).toBeGreaterThan(0);
      expect(hoursOf(known).every((hour) => hour >= 13)).toBe(true);

      const stranger = await postPage(demoFields({ demoShowTimes: "1" }));
      const fresh = ((await stranger.json()) as { picker: DemoPickerView }).picker;
      expect(hoursOf(fresh)).toContain(9);
      expect(hoursOf(fresh)).toContain(13);
    });

    it("a request sent with no time is offered its route's times on the thank-you; a time posted there books that lead", async () => {
      await setUpRouting();
      const fields = demoFields({ dealVolume: "100+" });
      const sent = await postPage(fields);
      expect(sent.status).toBe(302);
      const cookie = cookiesOf(sent);
      const offer = await offerOnPage(cookie);
      expect(offer?.times.length).toBeGreaterThan(0);
      expect(hoursOf(offer!).every((hour) => hour >= 13)).toBe(true);

      // A day tab re-renders the offer; no time picked is asked for again; neither books anything.
      const otherDay = offer!.days[1].date;
      const shown = await postPage({ intent: "demo-book-now", demoDay: otherDay }, cookie);
      expect(shown.status).toBe(200);
      expect(((await shown.json()) as { picker: DemoPickerView }).picker.day).toBe(otherDay);
      const unpicked = await postPage({ intent: "demo-book-now" }, cookie);
      expect(unpicked.status).toBe(422);
      expect(((await unpicked.json()) as { fieldErrors: Record<string, string> }).fieldErrors.slotStart).toBe(
        "Pick a time to book it.",
      );
      // A time the lead's route does not offer (host-1's morning) is refused on the time field.
      const morning = (await demoPickerView()).times.find((time) => chicagoHour(time.start) < 12)!;
      expect((await postPage({ intent: "demo-book-now", slotStart: morning.start }, cookie)).status).toBe(422);
      expect(await bookingsOf(fields.email)).toEqual([]);

      const booked = await postPage({ intent: "demo-book-now", slotStart: offer!.times[0].start }, cookie);
      expect(booked.status).toBe(302);
      expect(booked.headers.get("Location")).toBe("/#demo");
      const leads = await getDb().select().from(demoRequests).where(eq(demoRequests.email, fields.email));
      expect(leads).toHaveLength(1);
      expect(await bookingsOf(fields.email)).toEqual([{ lead: leads[0].id, host: "host-2" }]);
      // The thank-you is the booked one now, with nothing more to offer.
      expect(await offerOnPage(cookiesOf(booked))).toBeUndefined();
    });

    it("books nothing for a browser that did not just store the lead: no cookie, or a request matched by its details", async () => {
      await setUpRouting();
      const start = (await demoPickerView()).times[0].start;
      const stranger = await postPage({ intent: "demo-book-now", slotStart: start });
      expect(stranger.status).toBe(302);

      // Posted twice without a submission id, the second is matched to the first: its thank-you offers nothing.
      const fields = demoFields();
      expect((await postPage(fields)).status).toBe(302);
      const repeat = await postPage(fields);
      expect(repeat.status).toBe(302);
      expect(await offerOnPage(cookiesOf(repeat))).toBeUndefined();
      expect((await postPage({ intent: "demo-book-now", slotStart: start }, cookiesOf(repeat))).status).toBe(302);
      expect(await getDb().select().from(demoBookings)).toEqual([]);
    });

    it("with no rules the thank-you is the spec's alone: no times offered", async () => {
      const sent = await postPage(demoFields());
      expect(sent.status).toBe(302);
      expect(await offerOnPage(cookiesOf(sent))).toBeUndefined();
    });
  },
  {
    DEMO_TIME_ZONE: "America/Chicago",
    DEMO_HOSTS: "2",
    DEMO_BLACKOUT_DATES: "",
    RATE_LIMIT_PER_CLIENT: "10000",
    RATE_LIMIT_PER_EMAIL: "10000",
    RATE_LIMIT_GLOBAL: "100000",
  },
);
