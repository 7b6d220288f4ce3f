import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { getDb } from "~/db/connection.server";
import { demoBookings, demoRequests } from "~/db/schema.server";
import { action, loader } from "~/routes/_index";
import { setClock } from "~/utils/time/clock.server";
import { forgetAttempts, limitRules } from "~/services/rate-limit.server";
import { getToast } from "~/utils/http/toast.server";
import { describeWithDatabases } from "../support/database";
import { origin } from "../support/route-calls";

// Monday 2026-11-23, 06:00 in Chicago: Tuesday's 9:00 and 10:00 demos are bookable.
const frozenNow = new Date("2026-11-23T12:00:00Z");
const firstTime = "2026-11-24T15:00:00.000Z";
const otherTime = "2026-11-24T16:00:00.000Z";

let counter = 0;

function lead(kind: string) {
  counter += 1;
  return {
    firstName: "Ana",
    lastName: `Matched${counter}`,
    email: `matched-${kind}-${counter}-${Date.now()}@ruizroofing.com`,
    phone: "+1 (555) 010-2000",
    company: "Ruiz Roofing",
    dealVolume: "11-25",
    challenges: "Crews miss follow-ups.",
  };
}

async function post(fields: Record<string, string>): Promise<Response> {
  const request = new Request(`${origin}/?index`, {
    method: "POST",
    body: new URLSearchParams({ intent: "demo-request", __rvfInternalFormId: "demo-request-form", ...fields }),
    headers: { Origin: origin },
  });
  return (await action({ request, params: {}, context: {} })) as unknown as Response;
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

/** Each cookie set, its value as sent and base64-decoded (a signed cookie's value is base64 JSON and a signature). */
const cookieTexts = (response: Response) =>
  response.headers.getSetCookie().flatMap((cookie) => {
    const value = decodeURIComponent(cookie.split(";")[0].replace(/^[^=]*=/, ""));
    return [value, Buffer.from(value.split(".")[0], "base64").toString()];
  });

async function demoSection(cookie: string) {
  const page = (await loader({
    request: new Request(origin, { headers: { Cookie: cookie } }),
    params: {},
    context: {},
  })) as unknown as Response;
  return (await page.json()).demo;
}

describeWithDatabases("a form post without a submissionId that repeats a lead's details", (kind) => {
  beforeAll(() => setClock(frozenNow));
  afterAll(() => setClock(undefined));
  beforeEach(async () => {
    await forgetAttempts(limitRules.demoGlobal, "all");
  });

  it("gets the plain thank-you: never the lead's booking, booked time, manage or invite link; nothing more is stored", async () => {
    const details = lead(kind);
    const first = await post({ ...details, submissionId: crypto.randomUUID(), slotStart: firstTime });
    expect(first.status).toBe(302);
    expect((await demoSection(cookiesOf(first))).booked).toBeDefined();
    const [stored] = await getDb().select().from(demoRequests).where(eq(demoRequests.email, details.email));
    const [booking] = await getDb().select().from(demoBookings).where(eq(demoBookings.demoRequestId, stored.id));

    // Another time, the same time and no time: each answer is the one a new request without a time gets.
    for (const slotStart of [otherTime, firstTime, ""]) {
      const response = await post({ ...details, slotStart });
      expect(response.status).toBe(302);
      const text = await response.clone().text();
      expect(text).not.toContain("2026-11-24");
      const cookie = cookiesOf(response);
      const { toast } = await getToast(new Request(origin, { headers: { Cookie: cookie } }));
      expect(toast).toMatchObject({ type: "success", message: "Demo Request Submitted!" });
      expect(toast?.description).not.toMatch(/November|AM|PM/);
      const demo = await demoSection(cookie);
      expect(demo.showThanks).toBe(true);
      expect(demo.booked).toBeUndefined();
      // Signed cookies are readable: none may carry the lead's or the booking's id.
      for (const value of cookieTexts(response)) {
        expect(value).not.toContain(stored.id);
        expect(value).not.toContain(booking.id);
      }
    }

    const leads = await getDb().select().from(demoRequests).where(eq(demoRequests.email, details.email));
    expect(leads).toHaveLength(1);
    const bookings = await getDb().select().from(demoBookings).where(eq(demoBookings.demoRequestId, stored.id));
    expect(bookings).toEqual([booking]);
  });

  it("a lead stored without a time is not booked by a post that repeats its details with one", async () => {
    const details = lead(kind);
    expect((await post({ ...details })).status).toBe(302);
    const response = await post({ ...details, slotStart: firstTime });
    expect(response.status).toBe(302);
    expect((await demoSection(cookiesOf(response))).booked).toBeUndefined();
    const [stored] = await getDb().select().from(demoRequests).where(eq(demoRequests.email, details.email));
    // Its submission id never goes back into a form: with it, a later post would be a true replay of that lead.
    expect(await response.clone().text()).not.toContain(stored.submissionId);
    expect(await getDb().select().from(demoBookings).where(eq(demoBookings.demoRequestId, stored.id))).toHaveLength(0);
  });
});
