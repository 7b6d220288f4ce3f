// Consent recorded with each lead (issue #38): the wording of the demo form's small print the page showed (a hash of
// its exact text, the text kept in consent_disclosures), the page the form was on, and the time (the lead's
// createdAt); none for a lead from the API, which shows no small print. Through the real page action and loader.
import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { consentDisclosures, demoRequests } from "~/db/schema.server";
import { demoConsentText } from "~/content/consent";
import { getDb } from "~/db/connection.server";
import { action, loader } from "~/routes/_index";
import { handleDemoRequestApi } from "~/services/demo/request.server";
import { createDemoRequest } from "~/models/demo/request.server";
import { setClock } from "~/utils/time/clock.server";
import { slotAt } from "../support/demo-hosts";
import { currentDemoConsent } from "~/services/demo/consent.server";
import { forgetAttempts, limitRules } from "~/services/rate-limit.server";
import { getPublicEnv } from "~/utils/env.server";
import { describeWithDatabases } from "../support/database";
import { origin } from "../support/route-calls";

let counter = 0;
const uniqueEmail = () => `consent-${++counter}-${Date.now()}@ruizroofing.com`;

function fields(email: string, consentVersion?: string) {
  return {
    intent: "demo-request",
    __rvfInternalFormId: "demo-request-form",
    firstName: "Ana",
    lastName: "Ruiz",
    email,
    phone: "+1 (555) 010-2000",
    company: "Ruiz Roofing",
    dealVolume: "11-25",
    challenges: "",
    submissionId: crypto.randomUUID(),
    gw_trap: "",
    ...(consentVersion === undefined ? {} : { consentVersion }),
  };
}

async function post(body: Record<string, string>) {
  const request = new Request(`${origin}/?index`, {
    method: "POST",
    body: new URLSearchParams(body),
    headers: { Origin: origin },
  });
  const response = (await action({ request, params: {}, context: {} })) as unknown as Response;
  expect(response.status).toBe(302);
}

async function leadOf(email: string) {
  const [row] = await getDb().select().from(demoRequests).where(eq(demoRequests.email, email));
  return row;
}

describeWithDatabases("consent recorded with each lead", () => {
  beforeEach(async () => {
    await forgetAttempts(limitRules.demoGlobal, "all");
  });

  it("the page's form carries the version of the small print it shows, and the lead records it with its text", async () => {
    const current = currentDemoConsent();
    expect(current.text).toBe(demoConsentText(getPublicEnv().brandName));
    expect(current.text).toMatch(
      /^By submitting this form, you agree to receive communications from .+ Privacy Policy\.$/,
    );
    const page = (await loader({ request: new Request(`${origin}/`), params: {}, context: {} })) as unknown as Response;
    expect((await page.json()).demo.consentVersion).toBe(current.version);

    const email = uniqueEmail();
    await post(fields(email, current.version));
    const lead = await leadOf(email);
    expect(lead).toMatchObject({ consentVersion: current.version, consentPage: "/" });
    const [disclosure] = await getDb()
      .select()
      .from(consentDisclosures)
      .where(eq(consentDisclosures.version, current.version));
    expect(disclosure.text).toBe(current.text);
  });

  it("an earlier wording some lead agreed to is recorded as such; one never shown records the current wording", async () => {
    await getDb()
      .insert(consentDisclosures)
      .values({ version: "0123456789abcdef", text: "An earlier small print." })
      .onConflictDoNothing();
    const earlier = uniqueEmail();
    await post(fields(earlier, "0123456789abcdef"));
    expect(await leadOf(earlier)).toMatchObject({ consentVersion: "0123456789abcdef", consentPage: "/" });

    for (const forged of ["fedcba9876543210", "<script>", ""]) {
      const email = uniqueEmail();
      await post(fields(email, forged));
      expect((await leadOf(email)).consentVersion, forged).toBe(currentDemoConsent().version);
    }
    const [kept] = await getDb()
      .select()
      .from(consentDisclosures)
      .where(eq(consentDisclosures.version, "fedcba9876543210"));
    expect(kept).toBeUndefined();
  });

  it("a lead booked with a time records its consent and keeps the wording the same way", async () => {
    // Monday 2027-02-01, 08:00 in Chicago; the demo on Wednesday at 10:00.
    setClock(new Date("2027-02-01T14:00:00Z"));
    try {
      const email = uniqueEmail();
      const { row, booking } = await createDemoRequest(
        {
          ...fields(email),
          dealVolume: "11-25",
          submissionId: crypto.randomUUID(),
          consent: { version: "00112233aabbccdd", text: "The small print of a booking.", page: "/" },
        },
        await slotAt(new Date("2027-02-03T16:00:00Z")),
      );
      expect(booking).toBeDefined();
      expect(row).toMatchObject({ consentVersion: "00112233aabbccdd", consentPage: "/" });
      const [disclosure] = await getDb()
        .select()
        .from(consentDisclosures)
        .where(eq(consentDisclosures.version, "00112233aabbccdd"));
      expect(disclosure.text).toBe("The small print of a booking.");
    } finally {
      setClock(undefined);
    }
  });

  it("a lead from the API records no consent", async () => {
    const email = uniqueEmail();
    const response = await handleDemoRequestApi(new Request(`${origin}/api/demo-requests`, { method: "POST" }), {
      ...fields(email),
      consentVersion: currentDemoConsent().version,
    });
    expect(response.status).toBe(201);
    expect(await leadOf(email)).toMatchObject({ consentVersion: null, consentPage: null });
  });
});
