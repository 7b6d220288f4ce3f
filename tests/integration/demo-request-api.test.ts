import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { demoRequests, outbox } from "~/db/schema.server";
import { action, loader } from "~/routes/api.demo-requests";
import { getDb } from "~/db/connection.server";
import { forgetAttempts, limitRules } from "~/services/rate-limit.server";
import { describeWithDatabases } from "../support/database";

const endpoint = "http://localhost:3000/api/demo-requests";

function lead(overrides: Record<string, unknown> = {}) {
  return {
    firstName: " Marcus ",
    lastName: "Bell",
    email: "marcus@bellhvac.com",
    phone: "555.010.3000",
    company: "Bell Heating & Air",
    dealVolume: "51-100",
    challenges: "Too many missed calls in peak season.",
    ...overrides,
  };
}

async function post(
  body: string,
  headers: Record<string, string> = { "Content-Type": "application/json" },
): Promise<Response> {
  const request = new Request(endpoint, { method: "POST", body, headers });
  return (await action({ request, params: {}, context: {} })) as unknown as Response;
}

const postJson = (value: unknown, headers?: Record<string, string>) =>
  post(JSON.stringify(value), { "Content-Type": "application/json", ...headers });

async function rowsFor(email: string) {
  return getDb().select().from(demoRequests).where(eq(demoRequests.email, email));
}

let counter = 0;
const uniqueEmail = (kind: string) => `api-${kind}-${++counter}-${Date.now()}@bellhvac.com`;

describeWithDatabases("demo request JSON API", (kind) => {
  beforeEach(async () => {
    await forgetAttempts(limitRules.demoGlobal, "all");
  });

  it("201: stores the request and answers it as JSON (id, fields, createdAt), strings trimmed", async () => {
    const email = uniqueEmail(kind);
    const response = await postJson(lead({ email: `  ${email} ` }));
    expect(response.status).toBe(201);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(
      ["challenges", "company", "createdAt", "dealVolume", "email", "firstName", "id", "lastName", "phone"].sort(),
    );
    expect(body).toMatchObject({
      firstName: "Marcus",
      lastName: "Bell",
      email,
      phone: "555.010.3000",
      company: "Bell Heating & Air",
      dealVolume: "51-100",
      challenges: "Too many missed calls in peak season.",
    });
    expect(new Date(body.createdAt).getTime()).not.toBeNaN();
    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(body.id);
    const messages = await getDb()
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'demoRequestId' = ${body.id}`);
    expect(messages).toHaveLength(1);
  });

  it("201 with only the required fields: optional ones stored as null; unknown fields ignored", async () => {
    const email = uniqueEmail(kind);
    const response = await postJson({
      firstName: "Jo",
      lastName: "Park",
      email,
      phone: "5550104000",
      company: "Park Pools",
      isAdmin: true,
      id: "mine",
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.dealVolume).toBeNull();
    expect(body.challenges).toBeNull();
    expect(body.id).not.toBe("mine");
  });

  it("the same submissionId twice stores one row and answers the same request", async () => {
    const email = uniqueEmail(kind);
    const submissionId = crypto.randomUUID();
    const [first, second] = await Promise.all([
      postJson(lead({ email, submissionId })),
      postJson(lead({ email, submissionId })),
    ]);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect((await first.json()).id).toBe((await second.json()).id);
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it("the same submissionId sent four times at once, then again: one row, one outbox message, one answer", async () => {
    const email = uniqueEmail(kind);
    const submissionId = crypto.randomUUID();
    const responses = await Promise.all(Array.from({ length: 4 }, () => postJson(lead({ email, submissionId }))));
    expect(responses.map((response) => response.status)).toEqual(Array(4).fill(201));
    const ids = new Set(
      await Promise.all(responses.map(async (response) => ((await response.json()) as { id: string }).id)),
    );
    expect(ids.size).toBe(1);
    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    const messages = await getDb()
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'demoRequestId' = ${rows[0].id}`);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      kind: "new-lead-email",
      status: "pending",
      attempts: 0,
      payload: { demoRequestId: rows[0].id },
    });
    // A later replay still finds the row and queues nothing.
    const replay = await postJson(lead({ email, submissionId }));
    expect(((await replay.json()) as { id: string }).id).toBe(rows[0].id);
    expect(
      await getDb()
        .select()
        .from(outbox)
        .where(sql`${outbox.payload}->>'demoRequestId' = ${rows[0].id}`),
    ).toHaveLength(1);
  });

  it("400 for a body that is not JSON", async () => {
    const response = await post('{"firstName": "Ana",');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "The request body is not valid JSON." });
  });

  it("415 for a body that is not declared as JSON", async () => {
    const response = await post(JSON.stringify(lead()), { "Content-Type": "text/plain" });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: "Content-Type must be application/json." });
  });

  it("413 for a body over the 16 KB limit", async () => {
    const email = uniqueEmail(kind);
    const response = await postJson(lead({ email, challenges: "x".repeat(20_000) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "Request body is too large (limit 16384 bytes)." });
    expect(await rowsFor(email)).toHaveLength(0);
  });

  it("422 with fieldErrors for each invalid field, and nothing stored", async () => {
    const email = "marcus@bellhvac";
    const response = await postJson({
      firstName: "",
      lastName: 42,
      email,
      phone: "12345",
      company: "x".repeat(121),
      dealVolume: "1000+",
      challenges: null,
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: "The demo request is not valid; see fieldErrors.",
      fieldErrors: {
        firstName: ["First name is required"],
        lastName: ["Last name must be text"],
        email: ["Valid email address is required"],
        phone: ["Valid phone number is required (7-30 characters: digits, spaces, + ( ) - .)"],
        company: ["Company name must be at most 120 characters"],
        dealVolume: ["Choose a deal volume from the list"],
      },
    });
    expect(await rowsFor(email)).toHaveLength(0);
  });

  it("422 for missing fields and for a JSON body that is not an object", async () => {
    const missing = await postJson({});
    expect(missing.status).toBe(422);
    expect((await missing.json()).fieldErrors).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Valid email address is required"],
      phone: ["Valid phone number is required"],
      company: ["Company name is required"],
    });
    for (const body of [[lead()], "lead", 7, null]) {
      const response = await postJson(body);
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        error: "The request body must be a JSON object with the demo request fields.",
        fieldErrors: {},
      });
    }
  });

  it("422 for control characters that PostgreSQL could not store or that no lead contains", async () => {
    const response = await postJson(
      lead({ email: uniqueEmail(kind), firstName: "Ana\u0000", company: "Ruiz\nRoofing" }),
    );
    expect(response.status).toBe(422);
    expect((await response.json()).fieldErrors).toEqual({
      firstName: ["First name contains characters that are not allowed"],
      company: ["Company name must be on one line"],
    });
  });

  it("429 with Retry-After and a JSON error after the default 5 requests per e-mail per minute", async () => {
    const email = uniqueEmail(kind);
    for (let i = 0; i < 5; i++) expect((await postJson(lead({ email }))).status).toBe(201);
    // The per-e-mail limit ignores case: the same inbox is the same lead.
    const limited = await postJson(lead({ email: email.toUpperCase() }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({
      error: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
    });
    expect(await rowsFor(email)).toHaveLength(5);
  });

  it("503 JSON without internals when the database fails, and no half-written row", async () => {
    const email = uniqueEmail(kind);
    await getDb().execute(sql`alter table outbox rename to outbox_unavailable`);
    try {
      const response = await postJson(lead({ email }));
      expect(response.status).toBe(503);
      const body = await response.json();
      expect(body.error).toBe("The service is temporarily unavailable. Please try again.");
      expect(body.requestId).toEqual(expect.any(String));
      expect(JSON.stringify(body)).not.toMatch(/outbox|relation|stack/i);
    } finally {
      await getDb().execute(sql`alter table outbox_unavailable rename to outbox`);
    }
    expect(await rowsFor(email)).toHaveLength(0);
  });

  it("GET answers 401 JSON for anonymous callers; other methods 405", async () => {
    const response = (await loader({ request: new Request(endpoint), params: {}, context: {} })) as unknown as Response;
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Sign in as an admin to read this." });
    const put = (await action({
      request: new Request(endpoint, { method: "PUT", body: "{}" }),
      params: {},
      context: {},
    })) as unknown as Response;
    expect(put.status).toBe(405);
    expect(await put.json()).toEqual({ error: "Only POST is allowed here." });
  });
});
