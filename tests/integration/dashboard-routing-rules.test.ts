// Issue #54, item 6: the dashboard's per-rule figures (leads routed, demos booked, demos held) through the admin's
// own loaders, on both databases. Leads come through the public API, so each is routed as a visitor's would be.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "~/db/connection.server";
import { demoRequests } from "~/db/schema.server";
import { createUser } from "~/models/admin/user.server";
import { saveRule, saveTeam, deleteRule } from "~/models/demo/routing.server";
import { setBookingOutcome } from "~/models/demo/outcome.server";
import { loader as adminLoader } from "~/routes/admin._index";
import { loader as csvLoader } from "~/routes/admin.dashboard[.]csv";
import { action as demoRequestsApi } from "~/routes/api.demo-requests";
import type { Dashboard } from "~/schemas/dashboard-views";
import { forgetHosts } from "~/services/demo/hosts.server";
import { setClock } from "~/utils/time/clock.server";
import { rule } from "../support/routing-rules";
import { describeWithDatabases } from "../support/database";
import { args, origin, respond, signIn } from "../support/route-calls";

// Thursday 2027-03-11, 09:00 in Chicago (CST).
const NOW = new Date("2027-03-11T15:00:00Z");

let serial = 0;
async function lead(dealVolume: string, slotStart?: string) {
  serial += 1;
  const response = (await demoRequestsApi(
    args(
      new Request(`${origin}/api/demo-requests`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          firstName: "Rae",
          lastName: `Rules${serial}`,
          email: `rae${serial}-${crypto.randomUUID()}@rulesroofing.com`,
          phone: "+1 555 010 5400",
          company: "Rules Roofing",
          dealVolume,
          submissionId: crypto.randomUUID(),
          ...(slotStart ? { slotStart } : {}),
        }),
      }),
    ),
  )) as unknown as Response;
  expect(response.status).toBe(201);
  const body = (await response.json()) as { id: string; booking?: { id: string } };
  // The database stamps a lead with its own clock; the dashboard's days are the frozen clock's.
  await getDb().update(demoRequests).set({ createdAt: NOW }).where(eq(demoRequests.id, body.id));
  return body;
}

describeWithDatabases(
  "the dashboard's routing rules",
  (kind) => {
    let cookie: string;
    const admin = `rules-${kind}`;
    const get = (path: string) => new Request(`${origin}${path}`, { headers: { Cookie: cookie } });

    beforeAll(async () => {
      setClock(NOW);
      await createUser(admin, "a-long-admin-password-42");
      cookie = await signIn(admin, "a-long-admin-password-42");
    });
    afterAll(() => setClock(undefined));

    it("counts each rule's leads, live bookings and held demos; the leads from before routing count for none", async () => {
      // Before any team or rule: not a rule's lead.
      await lead("100+", "2027-03-12T15:00:00Z");

      const desk = await saveTeam(admin, { name: "Big desk", members: [{ hostId: "host-1", weight: 1 }] });
      await saveRule(
        admin,
        rule({ name: "Big accounts", outcome: "team", teamId: desk, conditions: { dealVolumes: ["100+"] } }),
      );
      const small = await saveRule(
        admin,
        rule({ name: "Small crews", position: 2, outcome: "request-only", conditions: { dealVolumes: ["1-10"] } }),
      );
      forgetHosts();

      const big = [
        await lead("100+", "2027-03-12T16:00:00Z"),
        await lead("100+", "2027-03-12T17:00:00Z"),
        await lead("100+"),
      ];
      await lead("1-10", "2027-03-12T18:00:00Z");
      await lead("51-100", "2027-03-12T19:00:00Z");
      await deleteRule(admin, small);

      // The first big account's demo is over and was held; the second's is over and not marked.
      const later = new Date("2027-03-12T20:00:00Z");
      setClock(later);
      expect(await setBookingOutcome(big[0].booking!.id, "held", later)).toMatchObject({ status: "recorded" });

      const response = await respond(() => adminLoader(args(get("/admin?from=2027-03-11&to=2027-03-12"))));
      expect(response.status).toBe(200);
      const { dashboard } = (await response.json()) as { dashboard: Dashboard };
      expect(dashboard.rules).toEqual([
        { ruleId: expect.any(String), name: "Big accounts", leads: 3, booked: 2, held: 1 },
        { ruleId: null, name: "No rule (the default)", leads: 1, booked: 1, held: 0 },
        { ruleId: small, name: "Small crews (deleted)", leads: 1, booked: 0, held: 0 },
      ]);
      expect(dashboard.charts.rules.rows.map((row) => [row.name, row.value, row.note])).toEqual([
        ["Big accounts", "3", "(2 booked, 1 held)"],
        ["No rule (the default)", "1", "(1 booked, 0 held)"],
        ["Small crews (deleted)", "1", "(0 booked, 0 held)"],
      ]);

      const csv = await respond(() =>
        csvLoader(args(get("/admin/dashboard.csv?chart=rules&from=2027-03-11&to=2027-03-12"))),
      );
      expect(csv.status).toBe(200);
      const lines = new TextDecoder()
        .decode(await csv.arrayBuffer())
        .trim()
        .split(/\r?\n/);
      expect(lines).toEqual([
        "Rule,Leads routed,Demos booked,Demos held",
        "Big accounts,3,2,1",
        "No rule (the default),1,1,0",
        "Small crews (deleted),1,0,0",
      ]);

      // A range with none of them says so.
      const empty = await respond(() => adminLoader(args(get("/admin?from=2027-03-01&to=2027-03-02"))));
      const { dashboard: none } = (await empty.json()) as { dashboard: Dashboard };
      expect(none.rules).toEqual([]);
      expect(none.charts.rules.label).toBe("No lead was routed by a rule in this range.");
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
