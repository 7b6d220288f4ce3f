import * as fc from "fast-check";
import { expect, it } from "vitest";
import { demoRequests } from "~/db/schema.server";
import { action as pageAction } from "~/routes/_index";
import { action as apiAction } from "~/routes/api.demo-requests";
import { demoRequestSchema } from "~/schemas/demo-request";
import { getDb } from "~/db/connection.server";
import {
  attributedCount,
  attributionFieldsArbitrary,
  expectStoredAttributionValid,
  validAttributionFields,
} from "../support/attribution-fuzz";
import { describeWithDatabases } from "../support/database";
import { formBody, fuzzRuns, hostileString, hostileValue } from "../support/hostile-arbitraries";
import { origin } from "../support/route-calls";

const validish = {
  firstName: fc.constantFrom("Ana", " Ana ", "Zoë", "李", "O'Brien"),
  lastName: fc.constantFrom("Ruiz", "Smith-Jones", "  Bell  "),
  email: fc.constantFrom("ana@ruizroofing.com", " ana@ruizroofing.com ", "a.b+c@sub.example.co"),
  phone: fc.constantFrom("+1 (555) 010-2000", "555.010.2000", "5550102000"),
  company: fc.constantFrom("Ruiz Roofing", "Bell Heating & Air", " A "),
  dealVolume: fc.constantFrom("", "1-10", "11-25", "26-50", "51-100", "100+"),
  challenges: fc.constantFrom("", "Missed follow-ups.\nLate invoices.", "x".repeat(2000)),
};

type FieldName = keyof typeof validish;
const fieldNames = Object.keys(validish) as FieldName[];

/** A payload that is mostly valid with some fields missing or replaced by hostile values, plus extras. */
function payload<T>(hostile: fc.Arbitrary<T>) {
  const field = (name: FieldName) =>
    fc.oneof(
      { weight: 6, arbitrary: validish[name] as fc.Arbitrary<unknown> },
      { weight: 1, arbitrary: hostile as fc.Arbitrary<unknown> },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
  return fc
    .tuple(
      fc.record(
        Object.fromEntries(fieldNames.map((name) => [name, field(name)])) as Record<FieldName, fc.Arbitrary<unknown>>,
      ),
      fc.dictionary(
        fc.oneof(
          fc.string({ maxLength: 12 }),
          fc.constantFrom("submissionId", "gw_trap", "website", "id", "createdAt", "intent"),
        ),
        hostile as fc.Arbitrary<unknown>,
        { maxKeys: 3 },
      ),
    )
    .map(([fields, extras]) => {
      const out: Record<string, unknown> = { ...extras };
      for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value;
      return out;
    });
}

const contentTypes = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "application/jsonx",
  "",
);

/** The API's optional attribution object: mostly fields (valid or not), sometimes not an object, often absent. */
const apiPayload = fc
  .tuple(
    payload(hostileValue),
    fc.oneof(
      { weight: 3, arbitrary: validAttributionFields },
      { weight: 2, arbitrary: attributionFieldsArbitrary(hostileValue) },
      { weight: 1, arbitrary: hostileValue },
      { weight: 2, arbitrary: fc.constant(undefined) },
    ),
  )
  .map(([fields, attribution]) => (attribution === undefined ? fields : { ...fields, attribution }));

const apiCase = fc.record({
  body: fc.oneof(
    { weight: 6, arbitrary: apiPayload.map((value) => JSON.stringify(value)) },
    {
      weight: 1,
      arbitrary: payload(hostileValue).chain((value) =>
        fc.nat().map((cut) => JSON.stringify(value).slice(0, cut % (JSON.stringify(value).length + 1))),
      ),
    },
    { weight: 1, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
  ),
  contentType: fc.oneof(
    { weight: 5, arbitrary: fc.constant("application/json") },
    { weight: 1, arbitrary: contentTypes },
  ),
});

const formCase = fc.record({
  // The hidden attribution fields ride along with the visitor's fields: a bad one is dropped, never a failure.
  fields: fc
    .tuple(payload(hostileString), attributionFieldsArbitrary(hostileString))
    .map(([fields, attribution]) => ({ ...attribution, ...fields })),
  intent: fc.oneof({ weight: 6, arbitrary: fc.constant("demo-request") }, { weight: 1, arbitrary: hostileString }),
  encoding: fc.constantFrom("urlencoded", "multipart", "raw"),
  raw: fc.string({ unit: "binary", maxLength: 200 }),
  contentType: contentTypes,
  foreignOrigin: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  enhanced: fc.boolean(),
});

const attributedLead = {
  firstName: "Ana",
  lastName: "Ruiz",
  email: "ana@ruizroofing.com",
  phone: "+1 (555) 010-2000",
  company: "Ruiz Roofing",
  utm_source: "google",
  utm_campaign: "spring-roofing",
  landing_path: "/",
};

const { utm_source, utm_campaign, landing_path, ...leadFields } = attributedLead;
const attributedApiLead = { ...leadFields, attribution: { utm_source, utm_campaign, landing_path } };

type FormCase = typeof formCase extends fc.Arbitrary<infer T> ? T : never;

function formRequest(input: FormCase) {
  const headers: Record<string, string> = { Origin: input.foreignOrigin ? "https://evil.example" : origin };
  const entries: Array<[string, string]> = [["intent", input.intent]];
  for (const [key, value] of Object.entries(input.fields)) entries.push([key, String(value)]);
  if (input.enhanced) entries.push(["enhanced", "1"]);
  const { body, contentType } = formBody(entries, input.encoding, input.raw, {
    withFile: true,
    rawContentType: input.contentType,
  });
  if (contentType !== undefined) headers["Content-Type"] = contentType;
  return new Request(`${origin}/?index`, { method: "POST", body, headers });
}

async function expectStoredRowsValid() {
  const rows = await getDb().select().from(demoRequests);
  for (const row of rows) {
    expectStoredAttributionValid(row, `lead ${row.id}`);
    const stored = {
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      company: row.company,
      dealVolume: row.dealVolume,
      challenges: row.challenges,
    };
    const parsed = demoRequestSchema.safeParse(stored);
    expect(parsed.success, `stored row fails the schema: ${JSON.stringify(stored)}`).toBe(true);
    // Stored exactly as the schema outputs it (trimmed); empty optionals are stored as null.
    if (parsed.success) {
      expect({ ...stored, dealVolume: stored.dealVolume ?? "", challenges: stored.challenges ?? "" }).toEqual({
        firstName: parsed.data.firstName,
        lastName: parsed.data.lastName,
        email: parsed.data.email,
        phone: parsed.data.phone,
        company: parsed.data.company,
        dealVolume: parsed.data.dealVolume,
        challenges: parsed.data.challenges,
      });
    }
  }
  return rows.length;
}

describeWithDatabases(
  "demo request fuzz",
  (kind) => {
    it(`API: ${fuzzRuns} hostile payloads never get a 5xx; every 201 is a valid stored request`, async () => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(apiCase, async ({ body, contentType }) => {
          const headers: Record<string, string> = contentType ? { "Content-Type": contentType } : {};
          const request = new Request(`${origin}/api/demo-requests`, { method: "POST", body, headers });
          const response = (await apiAction({ request, params: {}, context: {} })) as unknown as Response;
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          expect(response.status).toBeLessThan(500);
          const json = await response.json();
          if (response.status === 201) {
            expect(demoRequestSchema.safeParse(json).success).toBe(true);
          } else {
            expect(json.error).toEqual(expect.any(String));
          }
        }),
        // One attributed lead among the random cases, so the attribution check below never depends on chance.
        {
          numRuns: fuzzRuns,
          examples: [[{ body: JSON.stringify(attributedApiLead), contentType: "application/json" }]],
        },
      );
      const stored = await expectStoredRowsValid();
      console.info(
        `[${kind}] API fuzz: ${fuzzRuns} cases, statuses ${JSON.stringify(Object.fromEntries(statuses))}, rows stored ${stored}`,
      );
      // The generator must reach the database, or the property says nothing about storage.
      expect(statuses.get(201) ?? 0).toBeGreaterThan(fuzzRuns / 100);
      expect(attributedCount(await getDb().select().from(demoRequests))).toBeGreaterThan(0);
    });

    it(`page action: ${fuzzRuns} hostile form posts never get a 5xx; every stored row passes the schema`, async () => {
      const statuses = new Map<number, number>();
      const before = (await getDb().select().from(demoRequests)).length;
      await fc.assert(
        fc.asyncProperty(formCase, async (input) => {
          let status: number;
          try {
            const response = (await pageAction({
              request: formRequest(input),
              params: {},
              context: {},
            })) as unknown as Response;
            status = response.status;
          } catch (error) {
            // A thrown Response or error would become Remix's error page: a 5xx for anything not a Response.
            status = error instanceof Response ? error.status : 500;
          }
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          expect(status).toBeLessThan(500);
        }),
        {
          numRuns: fuzzRuns,
          examples: [
            [
              {
                fields: attributedLead,
                intent: "demo-request",
                encoding: "urlencoded",
                raw: "",
                contentType: "",
                foreignOrigin: false,
                enhanced: false,
              },
            ],
          ],
        },
      );
      const after = await expectStoredRowsValid();
      console.info(
        `[${kind}] action fuzz: ${fuzzRuns} cases, statuses ${JSON.stringify(Object.fromEntries(statuses))}, rows stored ${after - before}`,
      );
      expect(statuses.get(302) ?? 0).toBeGreaterThan(fuzzRuns / 100);
      expect(attributedCount(await getDb().select().from(demoRequests))).toBeGreaterThan(0);
    });
  },
  // Fuzzing lifts the limits explicitly so that valid payloads keep reaching the database.
  { RATE_LIMIT_PER_CLIENT: "10000000", RATE_LIMIT_PER_EMAIL: "10000000", RATE_LIMIT_GLOBAL: "10000000" },
);
