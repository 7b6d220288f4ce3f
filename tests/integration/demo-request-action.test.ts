import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { demoRequests, outbox } from "~/db/schema.server";
import { action, loader } from "~/routes/_index";
import { getDb } from "~/db/connection.server";
import { countedAttempts, forgetAttempts, limitRules } from "~/services/rate-limit.server";
import { CROSS_SITE_MESSAGE } from "~/utils/http/request.server";
import { getToast } from "~/utils/http/toast.server";
import { describeWithDatabases } from "../support/database";
import { cookiesOf, origin } from "../support/route-calls";

function validFields(overrides: Record<string, string> = {}) {
  return {
    intent: "demo-request",
    __rvfInternalFormId: "demo-request-form",
    firstName: "  Ana ",
    lastName: "Ruiz",
    email: "ana@ruizroofing.com",
    phone: "+1 (555) 010-2000",
    company: " Ruiz Roofing & Gutters ",
    dealVolume: "11-25",
    challenges: "Crews miss follow-ups.\nInvoices go out late.",
    submissionId: crypto.randomUUID(),
    gw_trap: "",
    ...overrides,
  };
}

function postForm(
  fields: Record<string, string>,
  { headers = {}, data = false }: { headers?: Record<string, string>; data?: boolean } = {},
) {
  // A hydrated form adds `enhanced=1`; Remix's runtime turns `/_root.data` back into `/` before the action sees it.
  return new Request(`${origin}/?index`, {
    method: "POST",
    body: new URLSearchParams(data ? { ...fields, enhanced: "1" } : fields),
    headers: { Origin: origin, ...headers },
  });
}

async function runAction(request: Request): Promise<Response> {
  const result = await action({ request, params: {}, context: {} });
  return result as unknown as Response;
}

async function toastOf(response: Response) {
  const { toast } = await getToast(new Request(origin, { headers: { Cookie: cookiesOf(response) } }));
  return toast;
}

async function rowsFor(email: string) {
  return getDb().select().from(demoRequests).where(eq(demoRequests.email, email));
}

let counter = 0;
const uniqueEmail = (kind: string) => `lead-${kind}-${++counter}-${Date.now()}@ruizroofing.com`;

describeWithDatabases(
  "demo request page action",
  (kind) => {
    beforeEach(async () => {
      await forgetAttempts(limitRules.demoGlobal, "all");
    });

    it("stores a valid request trimmed, queues its e-mail, redirects to the thank-you with the success toast", async () => {
      const email = uniqueEmail(kind);
      const response = await runAction(postForm(validFields({ email })));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/#demo");
      expect(await toastOf(response)).toEqual({
        type: "success",
        message: "Demo Request Submitted!",
        description: "We'll contact you within 24 hours to schedule your personalized demo.",
      });

      const rows = await rowsFor(email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        firstName: "Ana",
        lastName: "Ruiz",
        phone: "+1 (555) 010-2000",
        company: "Ruiz Roofing & Gutters",
        dealVolume: "11-25",
        challenges: "Crews miss follow-ups.\nInvoices go out late.",
      });
      const messages = await getDb()
        .select()
        .from(outbox)
        .where(sql`${outbox.payload}->>'demoRequestId' = ${rows[0].id}`);
      expect(messages).toHaveLength(1);
      expect(messages[0].kind).toBe("new-lead-email");

      // The redirect's cookie makes the page loader show the thank-you panel (and only it does).
      const page = (await loader({
        request: new Request(origin, { headers: { Cookie: cookiesOf(response) } }),
        params: {},
        context: {},
      })) as unknown as Response;
      expect((await page.json()).demo.showThanks).toBe(true);
      const fresh = (await loader({ request: new Request(origin), params: {}, context: {} })) as unknown as Response;
      const freshData = await fresh.json();
      expect(freshData.demo.showThanks).toBe(false);
      // The page is the same for every visitor (ADR 0019): the browser mints the form's submission id.
      expect(freshData.demo).not.toHaveProperty("submissionId");
    });

    it("keeps the billing query on the redirect and answers a JS (data) submit with the same redirect", async () => {
      const email = uniqueEmail(kind);
      const request = new Request(`${origin}/?index&billing=annual`, {
        method: "POST",
        body: new URLSearchParams(validFields({ email })),
        headers: { Origin: origin },
      });
      const response = await runAction(request);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/?billing=annual#demo");
      expect(await rowsFor(email)).toHaveLength(1);
    });

    it("stores one row for two identical POSTs (same submission id), both answered with the thank-you", async () => {
      const email = uniqueEmail(kind);
      const fields = validFields({ email });
      const [first, second] = await Promise.all([runAction(postForm(fields)), runAction(postForm(fields))]);
      const third = await runAction(postForm(fields));
      for (const response of [first, second, third]) expect(response.status).toBe(302);
      const rows = await rowsFor(email);
      expect(rows).toHaveLength(1);
      const messages = await getDb()
        .select()
        .from(outbox)
        .where(sql`${outbox.payload}->>'demoRequestId' = ${rows[0].id}`);
      expect(messages).toHaveLength(1);
    });

    it("stores one row for identical POSTs without a submission id (no JavaScript), at once and after; other details are another lead", async () => {
      const email = uniqueEmail(kind);
      const { submissionId: _none, ...fields } = validFields({ email });
      // Within the per-mailbox limit (5 a minute): three at once (a double or triple click), one more later.
      const concurrent = await Promise.all(Array.from({ length: 3 }, () => runAction(postForm(fields))));
      const later = await runAction(postForm(fields));
      for (const response of [...concurrent, later]) expect(response.status).toBe(302);
      const rows = await rowsFor(email);
      expect(rows).toHaveLength(1);
      expect(rows[0].submissionId).toMatch(/^form-[0-9a-f-]{36}$/);
      const messages = await getDb()
        .select()
        .from(outbox)
        .where(sql`${outbox.payload}->>'demoRequestId' = ${rows[0].id}`);
      expect(messages).toHaveLength(1);

      // A corrected request (another phone number) is a request of its own.
      expect((await runAction(postForm({ ...fields, phone: "+1 (555) 010-2999" }))).status).toBe(302);
      expect(await rowsFor(email)).toHaveLength(2);
    });

    it("answers an invalid submit with 422, an error per field and the typed values, and stores nothing", async () => {
      const email = "ana@example";
      const response = await runAction(
        postForm(
          validFields({
            firstName: "   ",
            lastName: "x".repeat(81),
            email,
            phone: "call me",
            company: "",
            dealVolume: "lots",
            challenges: "y".repeat(2001),
          }),
        ),
      );
      expect(response.status).toBe(422);
      const body = await response.json();
      expect(body.fieldErrors).toEqual({
        firstName: "First name is required",
        lastName: "Last name must be at most 80 characters",
        email: "Valid email address is required",
        phone: "Valid phone number is required (7-30 characters: digits, spaces, + ( ) - .)",
        company: "Company name is required",
        dealVolume: "Choose a deal volume from the list",
        challenges: "Challenges must be at most 2000 characters",
      });
      expect(body.formId).toBe("demo-request-form");
      expect(body.repopulateFields).toMatchObject({ firstName: "   ", email, phone: "call me", dealVolume: "lots" });
      expect(await rowsFor(email)).toHaveLength(0);
    });

    it("gives a filled trap field the ordinary success answer and keeps the lead as suspected spam, unsent", async () => {
      const email = uniqueEmail(kind);
      const response = await runAction(postForm(validFields({ email, gw_trap: "http://spam.example" })));
      expect(response.status).toBe(302);
      expect((await toastOf(response))?.message).toBe("Demo Request Submitted!");
      const rows = await rowsFor(email);
      expect(rows).toMatchObject([{ suspectedSpam: true }]);
      const messages = await getDb()
        .select()
        .from(outbox)
        .where(sql`${outbox.payload}->>'demoRequestId' = ${rows[0].id}`);
      expect(messages).toHaveLength(0);
    });

    it("refuses a cross-site post (403), a non-form body (415) and a body over 16 KB (413)", async () => {
      const email = uniqueEmail(kind);
      const crossSite = await runAction(
        postForm(validFields({ email }), { headers: { Origin: "https://evil.example" } }),
      );
      expect(crossSite.status).toBe(403);
      expect(await crossSite.json()).toEqual({ error: CROSS_SITE_MESSAGE });

      const wrongType = await runAction(
        new Request(`${origin}/?index`, {
          method: "POST",
          body: JSON.stringify(validFields({ email })),
          headers: { Origin: origin, "Content-Type": "application/json" },
        }),
      );
      expect(wrongType.status).toBe(415);
      expect(await wrongType.json()).toEqual({ error: "Expected a form submission." });

      const tooLarge = await runAction(postForm(validFields({ email, challenges: "z".repeat(17_000) })));
      expect(tooLarge.status).toBe(413);
      expect(await tooLarge.json()).toEqual({ error: "Request body is too large (limit 16384 bytes)." });
      expect(await rowsFor(email)).toHaveLength(0);
    });

    it("rate-limits one e-mail at the default 5 per minute: 429 with Retry-After, values kept, notice shown", async () => {
      const email = uniqueEmail(kind);
      for (let i = 0; i < 5; i++) expect((await runAction(postForm(validFields({ email })))).status).toBe(302);
      const limited = await runAction(postForm(validFields({ email, company: "Sixth Try LLC" })));
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
      const body = await limited.json();
      expect(body.repopulateFields).toMatchObject({ email, company: "Sixth Try LLC" });
      expect(body.notice).toEqual({
        type: "error",
        message: "Error",
        description: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
      });
      // With JavaScript the same refusal arrives as a cookie toast.
      const limitedJs = await runAction(postForm(validFields({ email }), { data: true }));
      expect(limitedJs.status).toBe(429);
      expect((await toastOf(limitedJs))?.description).toMatch(/^Too many requests/);
      expect(await rowsFor(email)).toHaveLength(5);
    });

    it("rate-limits one client (TRUST_PROXY=1) at the default 10 per minute, whatever the e-mail", async () => {
      const client = "203.0.113.10";
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const response = await runAction(
          postForm(validFields({ email: uniqueEmail(kind) }), { headers: { "X-Forwarded-For": client } }),
        );
        statuses.push(response.status);
      }
      expect(statuses).toEqual([...Array(10).fill(302), 429]);
      // Another client is unaffected.
      const other = await runAction(
        postForm(validFields({ email: uniqueEmail(kind) }), { headers: { "X-Forwarded-For": "198.51.100.7" } }),
      );
      expect(other.status).toBe(302);
    });

    it("does not charge the global limit for attempts a client's own limit refused (one client cannot exhaust it)", async () => {
      const flooder = "203.0.113.40";
      const statuses = new Map<number, number>();
      for (let i = 0; i < 50; i++) {
        const response = await runAction(
          postForm(validFields({ email: uniqueEmail(kind) }), { headers: { "X-Forwarded-For": flooder } }),
        );
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
      expect(Object.fromEntries(statuses)).toEqual({ 302: 10, 429: 40 });
      // Invalid attempts count for their client but never reach the global (storing) limit either.
      for (let i = 0; i < 10; i++) {
        const response = await runAction(
          postForm(validFields({ email: "not-an-email" }), { headers: { "X-Forwarded-For": `198.51.100.${100 + i}` } }),
        );
        expect(response.status).toBe(422);
      }
      expect(await countedAttempts(limitRules.demoGlobal, "all")).toBe(10);
    });

    it("on a database failure keeps the typed values, shows the Error notice (503) and writes nothing", async () => {
      const email = uniqueEmail(kind);
      // The outbox insert fails after the demo row was inserted: the transaction must leave neither.
      await getDb().execute(sql`alter table outbox rename to outbox_unavailable`);
      try {
        const fields = validFields({ email });
        const response = await runAction(postForm(fields));
        expect(response.status).toBe(503);
        const body = await response.json();
        expect(body.notice).toEqual({
          type: "error",
          message: "Error",
          description: "Failed to submit demo request. Please try again.",
        });
        expect(body.repopulateFields).toMatchObject({
          firstName: fields.firstName,
          email,
          company: fields.company,
          challenges: fields.challenges,
        });
        expect(JSON.stringify(body)).not.toMatch(/outbox|relation|stack/i);

        const viaJs = await runAction(postForm(fields, { data: true }));
        expect(viaJs.status).toBe(503);
        expect(await toastOf(viaJs)).toEqual({
          type: "error",
          message: "Error",
          description: "Failed to submit demo request. Please try again.",
        });
      } finally {
        await getDb().execute(sql`alter table outbox_unavailable rename to outbox`);
      }
      expect(await rowsFor(email)).toHaveLength(0);
    });

    it("'Request another demo' clears the thank-you state", async () => {
      const response = await runAction(postForm({ intent: "demo-request-reset" }));
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/#demo");
      expect(response.headers.get("Set-Cookie")).toMatch(/^gw_demo=; Max-Age=0/);
    });
  },
  { TRUST_PROXY: "1" },
);
