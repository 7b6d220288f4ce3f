// Attribution on every lead and order (issue #16, ADR 0020): read from the landing visit, carried as hidden fields
// and checkout link parameters (no cookie of its own), stored by the page's forms leniently and by the JSON APIs
// strictly, shown to admins in the CSV exports.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { demoRequests, orders } from "~/db/schema.server";
import { getDb } from "~/db/connection.server";
import { createUser } from "~/models/admin/user.server";
import { action as pageAction, loader as pageLoader } from "~/routes/_index";
import { loader as ordersCsvLoader } from "~/routes/admin.orders[.]csv";
import { action as checkoutApi } from "~/routes/api.create-checkout-session";
import { action as demoApi } from "~/routes/api.demo-requests";
import { forgetAttempts, limitRules } from "~/services/rate-limit.server";
import { describeWithDatabases } from "../support/database";
import { args, origin, respond, signIn } from "../support/route-calls";

const attributionColumns = {
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  clickId: null,
  referrerHost: null,
  landingPath: null,
};

let counter = 0;
const uniqueEmail = (kind: string) => `attribution-${kind}-${++counter}-${Date.now()}@ruizroofing.com`;

function demoFields(email: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "demo-request",
    __rvfInternalFormId: "demo-request-form",
    firstName: "Ana",
    lastName: "Ruiz",
    email,
    phone: "+1 (555) 010-2000",
    company: "Ruiz Roofing",
    gw_trap: "",
    ...extra,
  };
}

const postPage = (fields: Record<string, string>, { cookie, search = "" }: { cookie?: string; search?: string } = {}) =>
  respond(() =>
    pageAction(
      args(
        new Request(`${origin}/?index${search}`, {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}) },
        }),
      ),
    ),
  );

async function pageData(path: string, headers: Record<string, string> = {}) {
  const response = await respond(() => pageLoader(args(new Request(`${origin}${path}`, { headers }))));
  return response.json();
}

const postJson = (run: typeof demoApi, path: string, body: unknown) =>
  respond(() =>
    run(
      args(
        new Request(`${origin}${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
      ),
    ),
  );

const leadsOf = (email: string) => getDb().select().from(demoRequests).where(eq(demoRequests.email, email));
const ordersOf = (email: string) => getDb().select().from(orders).where(eq(orders.email, email));
const firstCookie = (response: Response) => (response.headers.get("Set-Cookie") ?? "").split(";")[0];

describeWithDatabases(
  "attribution on leads and orders",
  (kind) => {
    beforeEach(async () => {
      await forgetAttempts(limitRules.demoGlobal, "all");
    });

    it("the shared page carries none; a tagged or private view carries the visit's, an outside referrer by host", async () => {
      const shared = await pageData("/", { Referer: "https://www.google.com/search?q=crm" });
      expect(shared).not.toHaveProperty("attributionQuery");
      expect(shared.demo).not.toHaveProperty("attribution");

      const tagged = await pageData("/?utm_source=Google&utm_campaign=spring-roofing&gclid=abc123", {
        Referer: "https://www.google.com/search?q=crm",
      });
      expect(tagged.demo.attribution).toEqual({
        utm_source: "google",
        utm_campaign: "spring-roofing",
        click_id: "gclid",
        referrer_host: "www.google.com",
        landing_path: "/",
      });
      expect(tagged.attributionQuery).toBe(
        "&utm_source=google&utm_campaign=spring-roofing&click_id=gclid&referrer_host=www.google.com&landing_path=%2F",
      );

      // A page of this site is no source (nor is the landing path alone); a link of this site carries the landing's
      // attribution as it was.
      const inside = await pageData("/?billing=annual", { Referer: `${origin}/privacy` });
      expect(inside).not.toHaveProperty("attributionQuery");
      expect(inside.demo).not.toHaveProperty("attribution");
      const cookieBearing = await pageData("/", { Cookie: "gw_other=1", Referer: "https://news.example.org/story" });
      expect(cookieBearing.demo.attribution).toEqual({ referrer_host: "news.example.org", landing_path: "/" });
      const carried = await pageData("/?billing=annual&utm_source=bing&referrer_host=www.bing.com&landing_path=%2F", {
        Referer: `${origin}/?utm_source=bing`,
      });
      expect(carried.demo.attribution).toEqual({
        utm_source: "bing",
        referrer_host: "www.bing.com",
        landing_path: "/",
      });
    });

    it("the page's demo form stores the attribution with a new lead; a replay keeps the first one", async () => {
      const email = uniqueEmail(kind);
      const submissionId = crypto.randomUUID();
      const fields = demoFields(email, {
        submissionId,
        utm_source: "Google",
        utm_medium: "cpc",
        utm_campaign: "spring-roofing",
        utm_term: "roof crm",
        utm_content: "ad-2",
        click_id: "gclid",
        referrer_host: "www.google.com",
        landing_path: "/",
      });
      expect((await postPage(fields)).status).toBe(302);
      const [lead] = await leadsOf(email);
      expect(lead).toMatchObject({
        utmSource: "google",
        utmMedium: "cpc",
        utmCampaign: "spring-roofing",
        utmTerm: "roof crm",
        utmContent: "ad-2",
        clickId: "gclid",
        referrerHost: "www.google.com",
        landingPath: "/",
      });

      // The same submission sent again from another ad is the same lead (no 409), stored as it first came.
      expect((await postPage({ ...fields, utm_source: "bing", utm_campaign: "other" })).status).toBe(302);
      // Without JavaScript (no submission id) the lead is stored once per lead, whatever its hidden fields say.
      const { submissionId: _id, ...withoutId } = fields;
      const noJsEmail = uniqueEmail(kind);
      expect((await postPage({ ...withoutId, email: noJsEmail })).status).toBe(302);
      expect((await postPage({ ...withoutId, email: noJsEmail, utm_source: "bing" })).status).toBe(302);
      expect(await leadsOf(email)).toEqual([lead]);
      expect(await leadsOf(noJsEmail)).toHaveLength(1);
      expect((await leadsOf(noJsEmail))[0].utmSource).toBe("google");
    });

    it("drops a hidden value that breaks the rules and still stores the lead", async () => {
      const email = uniqueEmail(kind);
      const response = await postPage(
        demoFields(email, {
          submissionId: crypto.randomUUID(),
          utm_source: "<script>alert(1)</script>",
          utm_medium: "x".repeat(101),
          utm_campaign: "spring-roofing",
          click_id: "dclid",
          referrer_host: "not a host",
          landing_path: "javascript:alert(1)",
          unknown_tag: "dropped",
        }),
      );
      expect(response.status).toBe(302);
      const [lead] = await leadsOf(email);
      expect(lead).toMatchObject({ ...attributionColumns, utmCampaign: "spring-roofing" });
    });

    it("POST /api/demo-requests stores a valid attribution object and refuses a bad one with 400 and its message", async () => {
      const email = uniqueEmail(kind);
      const body = { ...demoFields(email), intent: undefined, __rvfInternalFormId: undefined };
      const stored = await postJson(demoApi, "/api/demo-requests", {
        ...body,
        attribution: { utm_source: " Newsletter ", utm_campaign: "spring-roofing", landing_path: "/", foo: "bar" },
      });
      expect(stored.status).toBe(201);
      expect(await leadsOf(email)).toEqual([
        expect.objectContaining({
          ...attributionColumns,
          utmSource: "newsletter",
          utmCampaign: "spring-roofing",
          landingPath: "/",
        }),
      ]);

      const refusedEmail = uniqueEmail(kind);
      for (const [attribution, message] of [
        [{ utm_campaign: "x".repeat(101) }, "utm_campaign must be at most 100 characters"],
        [
          { click_id: "dclid", referrer_host: "not a host" },
          "click_id must be gclid, fbclid or msclkid; referrer_host must be a host name",
        ],
        [{ utm_source: 7 }, "utm_source must be text"],
        ["google", "attribution must be an object"],
        [null, "attribution must be an object"],
      ] as const) {
        const refused = await postJson(demoApi, "/api/demo-requests", { ...body, email: refusedEmail, attribution });
        expect(refused.status).toBe(400);
        expect(await refused.json()).toEqual({ error: message });
      }
      expect(await leadsOf(refusedEmail)).toHaveLength(0);
    });

    it("a checkout opened from a tagged landing puts the attribution on the order, through both steps", async () => {
      const email = uniqueEmail(kind);
      const carried = "&utm_source=google&utm_campaign=spring-roofing&referrer_host=www.google.com&landing_path=%2F";
      const page = await pageData(`/?checkout=info&plan=scale-master${carried}`, { Referer: `${origin}/` });
      const attribution = {
        utm_source: "google",
        utm_campaign: "spring-roofing",
        referrer_host: "www.google.com",
        landing_path: "/",
      };
      expect(page.checkout.attribution).toEqual(attribution);

      const info = await postPage(
        {
          intent: "checkout-info",
          __rvfInternalFormId: "checkout-info-form",
          companyName: "Ruiz Roofing",
          fullName: "Ana Ruiz",
          email,
          phone: "+1 555 010 2000",
          planIds: "scale-master",
          billing: "monthly",
          ...attribution,
          // A value that breaks a rule is dropped, the rest kept.
          click_id: "dclid",
        },
        { search: `&checkout=info&plan=scale-master${carried}` },
      );
      expect(info.status).toBe(302);
      const cookie = firstCookie(info);
      // Editing the details keeps what step 1 stored.
      const edit = await pageData("/?checkout=info&edit=1", { Cookie: cookie });
      expect(edit.checkout.attribution).toEqual(attribution);

      const pay = await postPage(
        { intent: "checkout-pay", planIds: "scale-master", billing: "monthly", attemptId: crypto.randomUUID() },
        { cookie, search: "&checkout=plan" },
      );
      expect(pay.status).toBe(303);
      expect(await ordersOf(email)).toEqual([
        expect.objectContaining({
          ...attributionColumns,
          utmSource: "google",
          utmCampaign: "spring-roofing",
          referrerHost: "www.google.com",
          landingPath: "/",
        }),
      ]);

      // Closing the dialog goes back to the page with the attribution, so a checkout opened again keeps it.
      const close = await respond(() =>
        pageLoader(args(new Request(`${origin}/?checkout=close${carried}`, { headers: { Cookie: cookie } }))),
      );
      expect(close.headers.get("Location")).toBe(`/?${carried.slice(1)}`);
    });

    it("POST /api/create-checkout-session stores a valid attribution object and refuses a bad one with 400", async () => {
      const email = uniqueEmail(kind);
      const order = (attribution: unknown) => ({
        planIds: ["scale-master"],
        amount: 397,
        isAnnual: false,
        userInfo: { companyName: "Ruiz Roofing", fullName: "Ana Ruiz", email, phone: "+1 555 010 2000" },
        attribution,
      });
      const refused = await postJson(checkoutApi, "/api/create-checkout-session", order({ utm_medium: "<b>" }));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: "utm_medium contains characters that are not allowed" });
      expect(await ordersOf(email)).toHaveLength(0);

      const created = await postJson(
        checkoutApi,
        "/api/create-checkout-session",
        order({ utm_source: "partner", click_id: "fbclid", extra: "dropped" }),
      );
      expect(created.status).toBe(200);
      expect(await ordersOf(email)).toEqual([
        expect.objectContaining({ ...attributionColumns, utmSource: "partner", clickId: "fbclid" }),
      ]);
    });

    ordersCsvSuite(kind);
  },
  { TRUST_PROXY: "1" },
);

function ordersCsvSuite(kind: string) {
  let cookie: string;
  beforeAll(async () => {
    await createUser(`attribution-${kind}`, "a-long-admin-password-42");
    cookie = await signIn(`attribution-${kind}`, "a-long-admin-password-42");
  });

  it("exports the orders with their attribution to signed-in admins only, formula cells defused", async () => {
    const email = uniqueEmail(kind);
    const [order] = await getDb()
      .insert(orders)
      .values({
        planIds: ["scale-master"],
        billingPeriod: "monthly",
        subtotalCents: 39_700,
        totalCents: 39_700,
        companyName: "Ruiz Roofing",
        fullName: "Ana Ruiz",
        email,
        phone: "+1 555 010 2000",
        provider: "test",
        attemptId: crypto.randomUUID(),
        utmSource: "google",
        utmCampaign: "=1+1",
        landingPath: "/",
      })
      .returning();
    const get = (headers: Record<string, string>) =>
      respond(() => ordersCsvLoader(args(new Request(`${origin}/admin/orders.csv`, { headers }))));
    expect((await get({})).status).toBe(302);
    const response = await get({ Cookie: cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(new Uint8Array(await response.arrayBuffer()));
    expect(text.split("\r\n")[0]).toBe(
      "\uFEFFid,createdAt,status,paidAt,planIds,billingPeriod,subtotalCents,discountCents,totalCents,currency,couponCode,companyName,fullName,email,phone,provider,livemode,utmSource,utmMedium,utmCampaign,utmTerm,utmContent,clickId,referrerHost,landingPath",
    );
    expect(text).toContain(
      `${order.id},${order.createdAt.toISOString()},pending,,scale-master,monthly,39700,0,39700,usd,,Ruiz Roofing,Ana Ruiz,${email},'+1 555 010 2000,test,false,google,,'=1+1,,,,,/\r\n`,
    );
  });
}
