import * as fc from "fast-check";
import { expect, it } from "vitest";
import { orders, orderStatuses } from "~/db/schema.server";
import { getPlan, isPlanId, planIds, planPrice, type BillingPeriod } from "~/content/plans";
import { action as pageAction } from "~/routes/_index";
import { action as apiAction } from "~/routes/api.create-checkout-session";
import { checkoutInfoSchema } from "~/schemas/checkout";
import { getDb } from "~/db/connection.server";
import {
  attributedCount,
  attributionFieldsArbitrary,
  expectStoredAttributionValid,
  validAttributionFields,
} from "../support/attribution-fuzz";
import { describeWithDatabases } from "../support/database";
import { formBody, fuzzRuns, hostileString, hostileValue, tainted } from "../support/hostile-arbitraries";
import { origin } from "../support/route-calls";

const coupons = { LAUNCH20: 20, SPRING10: 10 } as const;

/** Mostly the valid value, sometimes hostile, sometimes missing: enough valid payloads to reach the database. */
function mostly<T>(valid: fc.Arbitrary<T>, hostile: fc.Arbitrary<unknown> = hostileValue): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 8, arbitrary: valid },
    { weight: 1, arbitrary: hostile },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** For a text field: as `mostly`, plus valid values carrying a hostile fragment. */
function mostlyText(valid: fc.Arbitrary<string>, hostile: fc.Arbitrary<unknown> = hostileValue): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 8, arbitrary: mostly(valid, hostile) }, { weight: 2, arbitrary: tainted(valid) });
}

const validInfo = {
  companyName: fc.constantFrom("Ruiz Roofing", " Bell Heating & Air ", "Zoë's Lawn Care", "李 Landscaping"),
  fullName: fc.constantFrom("Ana Ruiz", "  Marcus Bell ", "O'Brien Jr."),
  email: fc.constantFrom("ana@ruizroofing.com", " ana@ruizroofing.com ", "a.b+c@sub.example.co"),
  phone: fc.constantFrom("+1 555 010 2000", "(555) 010-2000", "5550102000"),
};

const selection = fc.record({
  planIds: fc.oneof(
    { weight: 6, arbitrary: fc.subarray([...planIds], { minLength: 1 }) },
    { weight: 1, arbitrary: fc.array(fc.oneof(fc.constantFrom(...planIds), hostileString), { maxLength: 5 }) },
  ),
  isAnnual: fc.boolean(),
});

function serverAmount(ids: unknown[], billing: BillingPeriod): number {
  return ids.reduce<number>((sum, id) => {
    const plan = typeof id === "string" ? getPlan(id) : undefined;
    return sum + (plan ? planPrice(plan, billing) : 0);
  }, 0);
}

const apiPayload = fc
  .tuple(
    selection,
    fc.record({
      amountKind: fc.constantFrom("right", "right", "right", "off", "hostile"),
      hostileAmount: hostileValue,
      couponCode: mostly(fc.constantFrom("", "LAUNCH20", "launch20", " SPRING10 ", "NOPE"), hostileString),
      userInfo: mostly(
        fc.record(Object.fromEntries(Object.entries(validInfo).map(([key, value]) => [key, mostlyText(value)]))),
      ),
      attemptId: fc.oneof(fc.constant(undefined), fc.uuid(), hostileString),
      // Mostly absent or valid: a bad one is refused before anything is priced, and the valid orders are few.
      attribution: fc.oneof(
        { weight: 4, arbitrary: validAttributionFields },
        { weight: 1, arbitrary: attributionFieldsArbitrary(hostileValue) },
        { weight: 1, arbitrary: hostileValue },
        { weight: 4, arbitrary: fc.constant(undefined) },
      ),
      isAnnualOverride: fc.oneof(
        { weight: 9, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: hostileValue },
      ),
      extras: fc.dictionary(
        fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("orderId", "status", "totalCents", "__proto__")),
        hostileValue,
        { maxKeys: 2 },
      ),
    }),
  )
  .map(([{ planIds: selected, isAnnual }, rest]) => {
    const ids: unknown[] = selected;
    const billing: BillingPeriod = isAnnual ? "annual" : "monthly";
    const amount =
      rest.amountKind === "right"
        ? serverAmount(ids, billing)
        : rest.amountKind === "off"
          ? serverAmount(ids, billing) + 1
          : rest.hostileAmount;
    const body: Record<string, unknown> = {
      ...rest.extras,
      planIds: ids,
      planNames: ids.map((id) => (typeof id === "string" ? (getPlan(id)?.name ?? id) : id)),
      amount,
      isAnnual: rest.isAnnualOverride === undefined ? isAnnual : rest.isAnnualOverride,
      couponCode: rest.couponCode,
      userInfo: rest.userInfo,
    };
    if (rest.attemptId !== undefined) body.attemptId = rest.attemptId;
    if (rest.attribution !== undefined) body.attribution = rest.attribution;
    for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
    return body;
  });

const apiCase = fc.record({
  body: fc.oneof(
    { weight: 8, arbitrary: apiPayload.map((value) => JSON.stringify(value)) },
    {
      weight: 1,
      arbitrary: apiPayload.chain((value) =>
        fc.nat().map((cut) => JSON.stringify(value).slice(0, cut % (JSON.stringify(value).length + 1))),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.jsonValue().map((value) => JSON.stringify(value)),
        fc.string({ unit: "binary", maxLength: 200 }),
      ),
    },
  ),
  contentType: fc.oneof(
    { weight: 8, arbitrary: fc.constant("application/json") },
    {
      weight: 1,
      arbitrary: fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "application/jsonx", ""),
    },
  ),
  foreignOrigin: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
});

// A valid order as the checkout dialog sends it, with its plans, billing, coupon, spellings and attribution left to
// chance. Random payloads seldom make one, too seldom to always clear the storage guard below.
const validOrders = fc.record({
  body: fc
    .record({
      planIds: fc.subarray([...planIds], { minLength: 1 }),
      isAnnual: fc.boolean(),
      couponCode: fc.option(fc.constantFrom("", "LAUNCH20", "launch20", " SPRING10 "), { nil: undefined }),
      userInfo: fc.record(validInfo),
      attemptId: fc.option(fc.uuid(), { nil: undefined }),
      attribution: fc.option(validAttributionFields, { nil: undefined }),
    })
    .map(({ planIds: ids, isAnnual, ...rest }) => {
      const amount = serverAmount(ids, isAnnual ? "annual" : "monthly");
      const planNames = ids.map((id) => getPlan(id)!.name);
      return JSON.stringify({ ...rest, planIds: ids, planNames, amount, isAnnual });
    }),
  contentType: fc.constant("application/json"),
  foreignOrigin: fc.constant(false),
});

const apiCases = fc.oneof({ weight: 4, arbitrary: apiCase }, { weight: 1, arbitrary: validOrders });

const attributedOrder = {
  body: JSON.stringify({
    planIds: ["scale-master"],
    amount: 397,
    isAnnual: false,
    userInfo: { companyName: "Ruiz Roofing", fullName: "Ana Ruiz", email: "ana@ruizroofing.com", phone: "5550102000" },
    attribution: { utm_source: "google", utm_campaign: "spring-roofing" },
  }),
  contentType: "application/json",
  foreignOrigin: false,
};

const intents = ["checkout-info", "checkout-update", "checkout-coupon", "checkout-pay"] as const;

const formCase = fc.record({
  intent: fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...intents) }, { weight: 1, arbitrary: hostileString }),
  info: fc.record(
    Object.fromEntries(Object.entries(validInfo).map(([key, value]) => [key, mostlyText(value, hostileString)])),
  ),
  planIds: fc.array(
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...planIds) }, { weight: 1, arbitrary: hostileString }),
    { maxLength: 4 },
  ),
  billing: mostly(fc.constantFrom("monthly", "annual"), hostileString),
  couponCode: mostly(fc.constantFrom("LAUNCH20", "SPRING10", "NOPE", ""), hostileString),
  attemptId: mostly(fc.uuid(), hostileString),
  // Step 1's hidden attribution fields (the other steps ignore them).
  attribution: attributionFieldsArbitrary(hostileString),
  respond: fc.constantFrom(undefined, "json", "html"),
  edit: fc.constantFrom(undefined, "1"),
  // A dialog that has been through step 1 carries the signed state cookie; a forged cookie must be ignored.
  cookie: fc.constantFrom("none", "valid", "forged"),
  encoding: fc.constantFrom("urlencoded", "urlencoded", "urlencoded", "multipart", "raw"),
  raw: fc.string({ unit: "binary", maxLength: 200 }),
  // Field names the validators turn into object paths.
  extra: fc.option(
    fc.tuple(
      fc.oneof(
        fc.string({ maxLength: 12 }),
        fc.constantFrom("__proto__", "constructor", "info.__proto__.x", "planIds[__proto__]", "a[0].b"),
      ),
      hostileString,
    ),
    { nil: undefined, freq: 4 },
  ),
});

type FormCase = typeof formCase extends fc.Arbitrary<infer T> ? T : never;

const completeOrder: FormCase = {
  intent: "checkout-pay",
  info: { companyName: "Ruiz Roofing", fullName: "Ana Ruiz", email: "ana@ruizroofing.com", phone: "+1 555 010 2000" },
  planIds: ["scale-master"],
  billing: "monthly",
  couponCode: "",
  attemptId: "6f1c2a4e-8b0d-4c3e-9a7f-2d5b1e0c9a38",
  attribution: {},
  respond: undefined,
  edit: undefined,
  cookie: "valid",
  encoding: "urlencoded",
  raw: "",
  extra: undefined,
};

async function status(run: () => Promise<unknown>): Promise<number> {
  try {
    return ((await run()) as Response).status;
  } catch (error) {
    // A thrown Response is Remix's way to answer; anything else becomes its error page, a 500.
    return error instanceof Response ? error.status : 500;
  }
}

/** The signed checkout cookie a visitor holds after a valid step 1: taken from the real action. */
async function validCheckoutCookie(): Promise<string> {
  const form = new URLSearchParams({
    intent: "checkout-info",
    companyName: "Ruiz Roofing",
    fullName: "Ana Ruiz",
    email: "ana@ruizroofing.com",
    phone: "+1 555 010 2000",
    // Carried from a campaign's landing, so the orders made with this cookie carry an attribution to check.
    utm_source: "google",
    utm_campaign: "spring-roofing",
    landing_path: "/",
  });
  form.append("planIds", "scale-master");
  const request = new Request(`${origin}/?index`, { method: "POST", body: form, headers: { Origin: origin } });
  const response = (await pageAction({ request, params: {}, context: {} })) as Response;
  const cookie = response.headers.get("Set-Cookie");
  if (!cookie || !cookie.startsWith("gw_checkout="))
    throw new Error(`step 1 gave no checkout cookie (status ${response.status})`);
  return cookie.split(";")[0];
}

function formRequest(input: FormCase, validCookie: string) {
  const headers: Record<string, string> = { Origin: origin };
  if (input.cookie === "valid") headers.Cookie = validCookie;
  if (input.cookie === "forged")
    headers.Cookie = `gw_checkout=${Buffer.from(JSON.stringify({ info: { email: "x" }, planIds: ["x"] })).toString("base64")}.forged`;
  const entries: Array<[string, string]> = [["intent", input.intent]];
  for (const [key, value] of Object.entries(input.info)) if (value !== undefined) entries.push([key, String(value)]);
  for (const id of input.planIds) entries.push(["planIds", id]);
  for (const [key, value] of Object.entries(input.attribution)) entries.push([key, String(value)]);
  if (input.extra) entries.push(input.extra);
  for (const key of ["billing", "couponCode", "attemptId", "respond", "edit"] as const) {
    if (input[key] !== undefined) entries.push([key, String(input[key])]);
  }
  const { body, contentType } = formBody(entries, input.encoding, input.raw, { withFile: true });
  if (contentType !== undefined) headers["Content-Type"] = contentType;
  return new Request(`${origin}/?index`, { method: "POST", body, headers });
}

/** Every stored order must be one the server priced itself from the catalogue, for a valid customer. */
async function expectStoredOrdersValid() {
  const rows = await getDb().select().from(orders);
  for (const row of rows) {
    const label = `order ${row.id}: ${JSON.stringify(row)}`;
    expect(orderStatuses, label).toContain(row.status);
    expect(row.planIds.length, label).toBeGreaterThan(0);
    expect(new Set(row.planIds).size, label).toBe(row.planIds.length);
    expect(
      row.planIds.every((id) => isPlanId(id)),
      label,
    ).toBe(true);
    expect(["monthly", "annual"], label).toContain(row.billingPeriod);
    const subtotal = row.planIds.reduce((sum, id) => sum + planPrice(getPlan(id)!, row.billingPeriod) * 100, 0);
    expect(row.subtotalCents, label).toBe(subtotal);
    const percent = row.couponCode ? coupons[row.couponCode.toUpperCase() as keyof typeof coupons] : 0;
    expect(percent, `${label}: unknown coupon kept`).toBeDefined();
    expect(row.discountCents, label).toBe(Math.round((subtotal * (percent ?? 0)) / 100));
    expect(row.totalCents, label).toBe(row.subtotalCents - row.discountCents);
    expect(row.currency, label).toBe("usd");
    expect(row.provider, label).toBe("test");
    const info = { companyName: row.companyName, fullName: row.fullName, email: row.email, phone: row.phone };
    const parsed = checkoutInfoSchema.safeParse(info);
    expect(parsed.success, `${label}: customer fails the schema`).toBe(true);
    if (parsed.success) expect(info, label).toEqual(parsed.data);
    expectStoredAttributionValid(row, label);
  }
  return rows.length;
}

describeWithDatabases(
  "checkout fuzz",
  (kind) => {
    it(`API: ${fuzzRuns} hostile payloads never get a 5xx; every 200 is an order the server priced`, async () => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(apiCases, async ({ body, contentType, foreignOrigin }) => {
          const headers: Record<string, string> = contentType ? { "Content-Type": contentType } : {};
          if (foreignOrigin) headers.Origin = "https://evil.example";
          const request = new Request(`${origin}/api/create-checkout-session`, { method: "POST", body, headers });
          const response = (await apiAction({ request, params: {}, context: {} })) as unknown as Response;
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          expect(response.status).toBeLessThan(500);
          const json = await response.json();
          if (response.status === 200) {
            expect(json).toEqual({ url: expect.any(String), orderId: expect.any(String) });
          } else {
            expect(json.error).toEqual(expect.any(String));
          }
        }),
        // One attributed order among the random cases, so the attribution check below never depends on chance.
        { numRuns: fuzzRuns, examples: [[attributedOrder]] },
      );
      const stored = await expectStoredOrdersValid();
      console.info(
        `[${kind}] checkout API fuzz: ${fuzzRuns} cases, statuses ${JSON.stringify(Object.fromEntries(statuses))}, orders ${stored}`,
      );
      // The generator must reach the database, or the property says nothing about storage: the valid orders mixed
      // in above make sure it does, whatever the random payloads do.
      expect(statuses.get(200) ?? 0).toBeGreaterThan(fuzzRuns / 100);
      expect(attributedCount(await getDb().select().from(orders))).toBeGreaterThan(0);
    });

    it(`page actions: ${fuzzRuns} hostile checkout form posts never get a 5xx; every stored order is valid`, async () => {
      const cookie = await validCheckoutCookie();
      const statuses = new Map<number, number>();
      const before = (await getDb().select().from(orders)).length;
      await fc.assert(
        fc.asyncProperty(formCase, async (input) => {
          const code = await status(() => pageAction({ request: formRequest(input, cookie), params: {}, context: {} }));
          statuses.set(code, (statuses.get(code) ?? 0) + 1);
          expect(code).toBeLessThan(500);
        }),
        // One plain Complete Order among the random cases (which reach it in about 0.3 % of cases), so the
        // guard below never depends on chance.
        { numRuns: fuzzRuns, examples: [[completeOrder]] },
      );
      const after = await expectStoredOrdersValid();
      console.info(
        `[${kind}] checkout action fuzz: ${fuzzRuns} cases, statuses ${JSON.stringify(Object.fromEntries(statuses))}, orders ${after - before}`,
      );
      // Complete Order without JavaScript answers 303 to the payment page: the generator must get that far.
      expect(statuses.get(303) ?? 0).toBeGreaterThan(0);
      expect(attributedCount(await getDb().select().from(orders))).toBeGreaterThan(0);
    });
  },
  // Fuzzing lifts the limits explicitly so that valid payloads keep reaching the database; test mode, two coupons.
  {
    RATE_LIMIT_PER_CLIENT: "10000000",
    RATE_LIMIT_PER_EMAIL: "10000000",
    RATE_LIMIT_GLOBAL: "10000000",
    RATE_LIMIT_COUPONS_PER_SESSION: "10000000",
    COUPONS: "LAUNCH20:20,SPRING10:10",
    STRIPE_SECRET_KEY: "",
  },
);
