// The funnel's beacon endpoint (/api/events, ADR 0021) under random methods, bodies, queries and headers, on both
// databases: never a 5xx, and the only count that ever moves is landing_view, by one for each beacon that names it
// and comes from a browser that did not opt out. (Raw HTTP junk against every route: http.fuzz.test.ts.)
import * as fc from "fast-check";
import { isbot } from "isbot";
import { beforeEach, expect, it } from "vitest";
import { funnelEvents } from "~/content/funnel-events";
import { getDb } from "~/db/connection.server";
import { funnelDailyCounts } from "~/db/schema.server";
import { funnelTotals } from "~/models/insight/funnel.server";
import { action, loader } from "~/routes/api.events";
import { funnelDay } from "~/services/insight/funnel.server";
import { describeWithDatabases } from "../support/database";
import { fuzzRuns, hostileFragments } from "../support/hostile-arbitraries";
import { args, origin } from "../support/route-calls";

const eventLike = fc.oneof(
  // Often the one valid name, so that the counting half of the property is exercised too.
  { arbitrary: fc.constant("landing_view"), weight: 3 },
  fc.constantFrom(...funnelEvents, "landing_view ", " landing_view\n", "LANDING_VIEW", "landing_view\u0000", ""),
  fc.constantFrom(...hostileFragments),
  fc.string({ unit: "binary", maxLength: 80 }),
);

const browserUserAgent = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

// Absent half the time: most real requests send none of the opt-out headers.
const headerValue = (values: string[]) => fc.option(fc.constantFrom(...values), { nil: undefined, freq: 2 });

const beacons = fc.record({
  method: fc.constantFrom("GET", "GET", "POST", "POST", "POST", "POST", "PUT", "DELETE", "PATCH"),
  body: eventLike,
  query: fc.option(eventLike, { nil: undefined }),
  dnt: headerValue(["1", "0", " 1", "yes", ""]),
  gpc: headerValue(["1", "0", "true"]),
  userAgent: headerValue([
    browserUserAgent,
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1",
    "Googlebot/2.1 (+http://www.google.com/bot.html)",
    "curl/8.5.0",
    "python-requests/2.31",
    "",
    " ",
  ]),
  origin: headerValue([origin, origin, origin, "https://elsewhere.example", "null", ""]),
  fetchSite: headerValue(["same-origin", "same-site", "cross-site", "none"]),
  contentType: headerValue(["text/plain;charset=UTF-8", "application/json", "application/x-www-form-urlencoded", ""]),
});

type Beacon = typeof beacons extends fc.Arbitrary<infer T> ? T : never;

// A real page's beacon with only the opt-out headers left to chance. Random beacons alone seldom make a valid
// landing view, and now and then none in a whole run, which would leave the counting half of the property untested.
const landingViewBeacons: fc.Arbitrary<Beacon> = fc.record({
  method: fc.constant("POST"),
  body: fc.constant("landing_view"),
  query: fc.constant(undefined),
  dnt: headerValue(["1", "0"]),
  gpc: headerValue(["1", "0"]),
  userAgent: fc.constant(browserUserAgent),
  origin: fc.constant(origin),
  fetchSite: fc.constant("same-origin"),
  contentType: fc.constant("text/plain;charset=UTF-8"),
});

function toRequest(beacon: Beacon) {
  const headers = new Headers();
  const set = (name: string, value: string | undefined) => value !== undefined && headers.set(name, value);
  set("DNT", beacon.dnt);
  set("Sec-GPC", beacon.gpc);
  set("User-Agent", beacon.userAgent);
  set("Origin", beacon.origin);
  set("Sec-Fetch-Site", beacon.fetchSite);
  set("Content-Type", beacon.contentType);
  const url = new URL(`${origin}/api/events`);
  if (beacon.query !== undefined) url.searchParams.set("event", beacon.query);
  const hasBody = beacon.method !== "GET";
  return new Request(url, { method: beacon.method, headers, body: hasBody ? beacon.body : undefined });
}

/** Whether this beacon may move the count, decided from the request alone (the endpoint's documented rules). */
function counts(beacon: Beacon, status: number) {
  const event = beacon.method === "GET" ? beacon.query : beacon.body.trim() || beacon.query;
  const optedOut = beacon.dnt?.trim() === "1" || beacon.gpc?.trim() === "1";
  const browser = Boolean(beacon.userAgent?.trim()) && !isbot(beacon.userAgent);
  return status === 204 && event === "landing_view" && !optedOut && browser;
}

describeWithDatabases(
  "funnel beacon fuzz",
  () => {
    beforeEach(async () => {
      await getDb().delete(funnelDailyCounts);
    });

    it("never answers 5xx and counts exactly the valid landing views of browsers that did not opt out", async () => {
      let expected = 0;
      await fc.assert(
        fc.asyncProperty(fc.oneof(beacons, landingViewBeacons), async (beacon) => {
          const request = toRequest(beacon);
          const response = request.method === "GET" ? await loader(args(request)) : await action(args(request));
          expect(response.status).toBeLessThan(500);
          expect([204, 400, 403, 405, 413]).toContain(response.status);
          if (counts(beacon, response.status)) expected++;
        }),
        { numRuns: Math.max(50, Math.floor(fuzzRuns / 5)) },
      );
      expect(expected).toBeGreaterThan(0);
      const day = funnelDay();
      const totals = await funnelTotals(day, day);
      expect(totals).toEqual({
        ...Object.fromEntries(funnelEvents.map((event) => [event, 0])),
        landing_view: expected,
      });
    });
  },
  { RATE_LIMIT_EVENTS_PER_CLIENT: "100000000" },
);
