// Issue #54, ADR 0057: the admin's routing page (/admin/routing) through its route module, signed in, on both
// databases. Three seeded hosts (DEMO_HOSTS=3, host-1..host-3, Mon–Fri 09:00–17:00 Chicago). The tests run in order
// and build on each other's teams and rules, as an admin would.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "~/db/connection.server";
import { demoBookings, demoRequests, demoRoutingChanges, demoRoutingRules } from "~/db/schema.server";
import { createUser } from "~/models/admin/user.server";
import { readRoutingSetup } from "~/models/demo/routing.server";
import { action as hostsAction } from "~/routes/admin.hosts";
import { action as routingAction, loader as routingLoader } from "~/routes/admin.routing";
import { hoursFormValues } from "~/schemas/demo-host";
import { currentHosts } from "~/services/demo/hosts.server";
import { getToast } from "~/utils/http/toast.server";
import { setClock } from "~/utils/time/clock.server";
import { describeWithDatabases } from "../support/database";
import { args, origin, respond, signIn } from "../support/route-calls";

// Thursday 2027-03-11, 09:00 in Chicago (CST).
const NOW = new Date("2027-03-11T15:00:00Z");

type Fields = Record<string, string | string[]>;

function formBody(fields: Fields) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  return body;
}

async function toastOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .find((header) => header.startsWith("gw_toast="))
    ?.split(";")[0];
  return cookie ? (await getToast(new Request(origin, { headers: { Cookie: cookie } }))).toast : undefined;
}

const countOf = async (table: typeof demoBookings | typeof demoRequests | typeof demoRoutingChanges) =>
  (await getDb().select({ id: table.id }).from(table)).length;

describeWithDatabases(
  "admin: demo routing page (issue #54)",
  (kind) => {
    const username = `router-${kind}`;
    let cookie: string;

    const page = async (query = "") => {
      const response = await respond(() =>
        routingLoader(args(new Request(`${origin}/admin/routing${query}`, { headers: { Cookie: cookie } }))),
      );
      return { response, data: await response.json() };
    };
    const send = (fields: Fields, headers: Record<string, string> = { Origin: origin }) =>
      respond(() =>
        routingAction(
          args(
            new Request(`${origin}/admin/routing`, {
              method: "POST",
              headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, ...headers },
              body: formBody(fields),
            }),
          ),
        ),
      );
    const setup = () => readRoutingSetup();
    const teamId = async (name: string) => (await setup()).teams.find((team) => team.name === name)!.id;
    const ruleId = async (name: string) => (await setup()).rules.find((rule) => rule.name === name)!.id;

    beforeAll(async () => {
      setClock(NOW);
      await createUser(username, "a-long-admin-password-42");
      cookie = await signIn(username, "a-long-admin-password-42");
    });
    afterAll(() => setClock(undefined));

    it("with no team and no rule: every active host is one team, no rule applies, nothing audited", async () => {
      const { response, data } = await page();
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(data).toMatchObject({ teams: [], rules: [], audit: [], activeHosts: 3, defaultTeam: null });
      expect(data.hosts.map((host: { id: string }) => host.id)).toEqual(["host-1", "host-2", "host-3"]);
      expect(data.options.plans.map((plan: { id: string }) => plan.id)).toContain("scale-master");
    });

    it("only a signed-in admin, and only from this site", async () => {
      const anonymous = await respond(() => routingLoader(args(new Request(`${origin}/admin/routing`))));
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Frouting");
      const signedOut = await respond(() =>
        routingAction(
          args(
            new Request(`${origin}/admin/routing`, {
              method: "POST",
              headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
              body: formBody({ intent: "add-team", name: "Sneaky" }),
            }),
          ),
        ),
      );
      expect(signedOut.status).toBe(302);
      const crossSite = await send({ intent: "add-team", name: "Sneaky" }, { Origin: "https://evil.example" });
      expect(crossSite.status).toBe(403);
      expect(await send({ intent: "nonsense" })).toMatchObject({ status: 400 });
      expect((await setup()).teams).toEqual([]);
      expect(await countOf(demoRoutingChanges)).toBe(0);
    });

    it("a team is added with weighted members; bad input is refused with clear errors and nothing lost", async () => {
      const refused = await send({
        intent: "add-team",
        name: "  ",
        "weight-host-1": "0",
        "weight-host-2": "two",
        "weight-host-3": "1",
        isDefault: "on",
      });
      expect(refused.status).toBe(400);
      const answer = await refused.json();
      expect(answer).toMatchObject({
        form: "team",
        values: { name: "  ", "weight-host-1": "0", "weight-host-2": "two", "weight-host-3": "1", isDefault: "on" },
        errors: {
          name: "Team name is required",
          "weight-host-1": expect.stringMatching(/whole number from 1 to 100/),
          "weight-host-2": expect.stringMatching(/whole number from 1 to 100/),
        },
      });
      expect(answer.errors["weight-host-3"]).toBeUndefined();
      expect((await setup()).teams).toEqual([]);

      const added = await send({ intent: "add-team", name: "Enterprise", "weight-host-1": "2", "weight-host-2": "1" });
      expect(added.status).toBe(302);
      expect(await toastOf(added)).toMatchObject({ message: "Team Enterprise added", description: "2 hosts." });
      expect((await setup()).teams).toEqual([
        {
          id: expect.any(String),
          name: "Enterprise",
          isDefault: false,
          members: [
            { hostId: "host-1", weight: 2 },
            { hostId: "host-2", weight: 1 },
          ],
        },
      ]);

      // A second team of the same name (in any case) is refused, its values kept.
      const duplicate = await send({ intent: "add-team", name: "enterprise", "weight-host-3": "1" });
      expect(duplicate.status).toBe(400);
      expect(await duplicate.json()).toMatchObject({
        form: "team",
        values: { name: "enterprise", "weight-host-3": "1" },
        errors: { name: "Another team is already called enterprise: pick another name" },
      });
    });

    it("a team is renamed, its members changed and marked the default; only one default; deleted", async () => {
      const enterprise = await teamId("Enterprise");
      await send({ intent: "add-team", name: "Small", "weight-host-3": "1", isDefault: "on" });
      const edited = await send({
        intent: "edit-team",
        teamId: enterprise,
        name: "Big accounts",
        "weight-host-1": "3",
        "weight-host-3": "1",
        isDefault: "on",
      });
      expect(edited.status).toBe(302);
      const { teams } = await setup();
      expect(teams.map((team) => [team.name, team.isDefault, team.members])).toEqual([
        [
          "Big accounts",
          true,
          [
            { hostId: "host-1", weight: 3 },
            { hostId: "host-3", weight: 1 },
          ],
        ],
        ["Small", false, [{ hostId: "host-3", weight: 1 }]],
      ]);
      // An edit of a team that does not exist is a 404, not a new team.
      expect((await send({ intent: "edit-team", teamId: "no-such-team", name: "Ghost" })).status).toBe(404);

      const small = await teamId("Small");
      const deleted = await send({ intent: "delete-team", teamId: small });
      expect(deleted.status).toBe(302);
      expect(await toastOf(deleted)).toMatchObject({ message: "Team Small deleted" });
      expect((await setup()).teams.map((team) => team.name)).toEqual(["Big accounts"]);
      const again = await send({ intent: "delete-team", teamId: small });
      expect(await toastOf(again)).toMatchObject({ message: "Team not found" });

      const { data } = await page(`?team=${enterprise}`);
      expect(data.editTeamId).toBe(enterprise);
      expect(data.defaultTeam).toBe("Big accounts");
      expect((await page("?team=gone")).response.status).toBe(404);
    });

    it("rules are added with conditions and outcomes; bad input is refused with clear errors and nothing lost", async () => {
      const big = await teamId("Big accounts");
      const refused = await send({
        intent: "add-rule",
        name: "Self-serve small",
        position: "0",
        dealVolumes: ["1-10", "a-million"],
        trades: ["Roofing"],
        timeZones: "Europe/, Mars/Olympus_Mons",
        knownEmail: "new",
        outcome: "self-serve",
        teamId: big,
        selfServePlanId: "",
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        form: "rule",
        values: {
          name: "Self-serve small",
          dealVolumes: ["1-10", "a-million"],
          trades: ["Roofing"],
          timeZones: "Europe/, Mars/Olympus_Mons",
          outcome: "self-serve",
          teamId: big,
        },
        errors: {
          position: "The position is a whole number from 1 to 9999",
          dealVolumes: "Pick deal volumes from the list",
          timeZones: expect.stringMatching(/Mars\/Olympus_Mons.* is not a time zone/),
          selfServePlanId: "Pick the plan the self-serve checkout opens with",
        },
      });
      const unknownTeam = await send({ intent: "add-rule", name: "Lost", outcome: "team", teamId: "no-such-team" });
      expect(await unknownTeam.json()).toMatchObject({
        errors: { teamId: "Pick a team from the list: that one no longer exists" },
      });
      expect((await setup()).rules).toEqual([]);

      expect(
        (
          await send({
            intent: "add-rule",
            name: "100+ to Big accounts",
            dealVolumes: ["100+", "51-100"],
            timeZones: "America/Chicago, Europe/",
            outcome: "team",
            teamId: big,
          })
        ).status,
      ).toBe(302);
      await send({
        intent: "add-rule",
        name: "Small self-serve",
        dealVolumes: ["1-10"],
        outcome: "self-serve",
        selfServePlanId: "business-builder",
      });
      await send({ intent: "add-rule", name: "Known: owner", knownEmail: "known", outcome: "owner" });
      expect((await setup()).rules).toEqual([
        {
          id: expect.any(String),
          name: "100+ to Big accounts",
          position: 1,
          conditions: { dealVolumes: ["100+", "51-100"], timeZones: ["America/Chicago", "Europe/"] },
          outcome: "team",
          teamId: big,
          selfServePlanId: null,
        },
        {
          id: expect.any(String),
          name: "Small self-serve",
          position: 2,
          conditions: { dealVolumes: ["1-10"] },
          outcome: "self-serve",
          teamId: null,
          selfServePlanId: "business-builder",
        },
        {
          id: expect.any(String),
          name: "Known: owner",
          position: 3,
          conditions: { knownEmail: true },
          outcome: "owner",
          teamId: null,
          selfServePlanId: null,
        },
      ]);
      const { data } = await page();
      expect(data.rules.map((rule: { conditionsText: string; teamName: string }) => rule.conditionsText)).toEqual([
        "Deal volume is 100+ or 51-100; time zone is America/Chicago or Europe/",
        "Deal volume is 1-10",
        "The e-mail is already a lead's or a customer's",
      ]);
      expect(data.rules[1]).toMatchObject({
        planName: "Business Builder",
        teamName: "Big accounts (the default team)",
      });
    });

    it("a rule is edited, moved up and down, and deleted", async () => {
      const owner = await ruleId("Known: owner");
      const edited = await send({
        intent: "edit-rule",
        ruleId: owner,
        name: "Known leads: call back",
        position: "3",
        knownEmail: "known",
        outcome: "request-only",
        // A plan with another outcome is not kept.
        selfServePlanId: "scale-master",
      });
      expect(edited.status).toBe(302);
      expect((await setup()).rules[2]).toMatchObject({
        id: owner,
        name: "Known leads: call back",
        outcome: "request-only",
        selfServePlanId: null,
      });
      const refusedEdit = await send({ intent: "edit-rule", ruleId: owner, name: "", outcome: "team" });
      expect(await refusedEdit.json()).toMatchObject({
        form: "rule",
        ruleId: owner,
        errors: { name: "Rule name is required" },
      });

      const movedUp = await send({ intent: "move-rule", ruleId: owner, direction: "up" });
      expect(await toastOf(movedUp)).toMatchObject({ message: "Rule Known leads: call back moved earlier" });
      await send({ intent: "move-rule", ruleId: owner, direction: "up" });
      expect((await setup()).rules.map((rule) => [rule.position, rule.name])).toEqual([
        [1, "Known leads: call back"],
        [2, "100+ to Big accounts"],
        [3, "Small self-serve"],
      ]);
      // Already first: said, and nothing recorded.
      const changes = await countOf(demoRoutingChanges);
      const first = await send({ intent: "move-rule", ruleId: owner, direction: "up" });
      expect(await toastOf(first)).toMatchObject({ message: "Rule Known leads: call back is already first" });
      expect(await countOf(demoRoutingChanges)).toBe(changes);
      await send({ intent: "move-rule", ruleId: owner, direction: "down" });
      expect((await setup()).rules.map((rule) => rule.name)).toEqual([
        "100+ to Big accounts",
        "Known leads: call back",
        "Small self-serve",
      ]);

      const deleted = await send({ intent: "delete-rule", ruleId: owner });
      expect(await toastOf(deleted)).toMatchObject({ message: "Rule Known leads: call back deleted" });
      expect(await getDb().select().from(demoRoutingRules).where(eq(demoRoutingRules.id, owner))).toEqual([]);
    });

    it("try it shows the matching rule, the outcome, the team and the host who would be picked now, booking nothing", async () => {
      const bookings = await countOf(demoBookings);
      const leads = await countOf(demoRequests);
      // Friday 2027-03-12, 10:00 in Chicago: all three hosts work then.
      const tried = await send({
        intent: "try-route",
        dealVolume: "100+",
        trade: "Roofing",
        timeZone: "America/Chicago",
        lead: "new",
        at: "2027-03-12T10:00",
      });
      expect(tried.status).toBe(200);
      const answer = await tried.json();
      expect(answer).toMatchObject({
        form: "try",
        errors: {},
        values: { dealVolume: "100+", at: "2027-03-12T10:00" },
        result: {
          rule: "100+ to Big accounts",
          outcome: "team",
          team: "Big accounts",
          plan: null,
          knownEmail: false,
          host: { name: expect.any(String), reason: expect.stringMatching(/among the 2 free hosts/) },
        },
      });
      expect(answer.result.at).toMatch(/Fri, Mar 12, 10:00\sAM/);
      const names = new Map((await currentHosts()).map((host) => [host.id, host.name]));
      expect([names.get("host-1"), names.get("host-3")]).toContain(answer.result.host.name);

      // A time zone outside the rule's: the next rule or the default decides.
      const small = await (
        await send({ intent: "try-route", dealVolume: "1-10", trade: "", timeZone: "", lead: "known" })
      ).json();
      expect(small.result).toMatchObject({ rule: "Small self-serve", outcome: "self-serve", plan: "Business Builder" });
      expect(small.result.host).not.toBeNull();
      const none = await (
        await send({ intent: "try-route", dealVolume: "100+", trade: "", timeZone: "Asia/Tokyo", lead: "new" })
      ).json();
      expect(none.result).toMatchObject({ rule: "No rule matched: the default", team: "Big accounts" });

      // An address's own history decides whether it is known.
      const byEmail = await (
        await send({
          intent: "try-route",
          dealVolume: "26-50",
          trade: "",
          timeZone: "",
          lead: "email",
          email: "new@nobody.example",
        })
      ).json();
      expect(byEmail.result).toMatchObject({ rule: "No rule matched: the default", outcome: "team" });

      // Bad answers are refused with the values kept.
      const refused = await send({
        intent: "try-route",
        dealVolume: "lots",
        trade: "Knitting",
        timeZone: "Mars/Base",
        lead: "email",
        email: "not-an-address",
        at: "tomorrow",
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        form: "try",
        values: { dealVolume: "lots", email: "not-an-address", at: "tomorrow" },
        errors: {
          dealVolume: "Pick a deal volume from the list",
          trade: "Pick a trade from the list",
          timeZone: "Pick a time zone from the list",
          email: "Enter the e-mail address to look up, or pick new or known",
          at: expect.stringMatching(/^Enter a date and time/),
        },
      });

      expect(await countOf(demoBookings)).toBe(bookings);
      expect(await countOf(demoRequests)).toBe(leads);
    });

    it("every change is listed, newest first: who, when, what", async () => {
      const { data } = await page();
      const audit = data.audit as { at: string; by: string; action: string; text: string }[];
      expect(audit.map((change) => change.action)).toEqual([
        "Rule deleted",
        "Rule moved",
        "Rule moved",
        "Rule moved",
        "Rule changed",
        "Rule added",
        "Rule added",
        "Rule added",
        "Team deleted",
        "Team changed",
        "Team added",
        "Team added",
      ]);
      expect(new Set(audit.map((change) => change.by))).toEqual(new Set([username]));
      const times = audit.map((change) => Date.parse(change.at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(audit[0].text).toBe("“Known leads: call back”");
      expect(audit[1].text).toBe("“Known leads: call back” later");
      expect(audit[8].text).toBe("“Small”");
      expect(audit[9].text).toMatch(/^“Big accounts”: .+ ×3, .+ ×1; the default team$/);
      expect(audit[7].text).toBe(
        "“100+ to Big accounts” at position 1 → Deal volume is 100+ or 51-100; time zone is America/Chicago or Europe/ → book with the team → Big accounts",
      );
    });

    it("a host's daily maximum is set where hosts are edited; a bad one is refused, the form kept", async () => {
      const host = (await currentHosts()).find((candidate) => candidate.id === "host-2")!;
      const edit = (dailyMax: string) =>
        respond(() =>
          hostsAction(
            args(
              new Request(`${origin}/admin/hosts`, {
                method: "POST",
                headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: origin },
                body: formBody({
                  intent: "edit-host",
                  hostId: host.id,
                  name: host.name,
                  email: host.email,
                  timeZone: host.timeZone,
                  ...hoursFormValues(host.weeklyHours),
                  active: "on",
                  dailyMax,
                }),
              }),
            ),
          ),
        );
      const refused = await edit("0");
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        form: "host",
        values: { dailyMax: "0", name: host.name },
        errors: { dailyMax: expect.stringMatching(/^The daily maximum is a whole number/) },
      });
      expect((await edit("4")).status).toBe(302);
      expect((await currentHosts()).find((candidate) => candidate.id === "host-2")?.dailyMax).toBe(4);
      expect((await edit("")).status).toBe(302);
      expect((await currentHosts()).find((candidate) => candidate.id === "host-2")?.dailyMax).toBeNull();
    });
  },
  { DEMO_TIME_ZONE: "America/Chicago", DEMO_HOSTS: "3", DEMO_BLACKOUT_DATES: "" },
);
