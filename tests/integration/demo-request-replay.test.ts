import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { demoRequests } from "~/db/schema.server";
import { action as pageAction } from "~/routes/_index";
import { action as apiAction } from "~/routes/api.demo-requests";
import { getDb } from "~/db/connection.server";
import { SUBMISSION_CONFLICT } from "~/services/demo/request.server";
import { forgetAttempts, limitRules } from "~/services/rate-limit.server";
import { describeWithDatabases } from "../support/database";
import { origin } from "../support/route-calls";

let counter = 0;

function person(name: string) {
  counter += 1;
  return {
    firstName: name,
    lastName: `Replay${counter}`,
    email: `${name.toLowerCase()}-${counter}-${Date.now()}@example-roofing.com`,
    phone: "+1 555 010 4000",
    company: `${name} Roofing`,
    dealVolume: "11-25",
    challenges: `${name}'s own notes`,
  };
}

async function postApi(body: unknown): Promise<Response> {
  const request = new Request(`${origin}/api/demo-requests`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await apiAction({ request, params: {}, context: {} })) as unknown as Response;
}

async function postForm(fields: Record<string, string>): Promise<Response> {
  const request = new Request(`${origin}/?index`, {
    method: "POST",
    headers: { Origin: origin },
    body: new URLSearchParams({ intent: "demo-request", gw_trap: "", ...fields }),
  });
  return (await pageAction({ request, params: {}, context: {} })) as unknown as Response;
}

describeWithDatabases("a replayed submissionId", () => {
  beforeEach(async () => {
    await forgetAttempts(limitRules.demoGlobal, "all");
  });

  it("API: the same content is confirmed with the first answer; other content under that id is refused with 409 and nothing stored is echoed", async () => {
    const submissionId = crypto.randomUUID();
    const first = person("Ana");
    const created = await postApi({ ...first, submissionId });
    expect(created.status).toBe(201);
    const stored = await created.json();

    // The same submission again (a retry), with the spacing the schema trims: confirmed, not stored twice.
    const retry = await postApi({ ...first, firstName: ` ${first.firstName} `, submissionId });
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual(stored);

    const intruder = person("Mallory");
    const replay = await postApi({ ...intruder, submissionId });
    expect(replay.status).toBe(409);
    const text = await replay.text();
    expect(JSON.parse(text)).toEqual({ error: SUBMISSION_CONFLICT });
    for (const value of Object.values(first)) expect(text).not.toContain(value);

    // A single changed field is different content too.
    const edited = await postApi({ ...first, challenges: "changed", submissionId });
    expect(edited.status).toBe(409);

    const rows = await getDb().select().from(demoRequests).where(eq(demoRequests.submissionId, submissionId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstName: first.firstName, email: first.email });
    expect(await getDb().select().from(demoRequests).where(eq(demoRequests.email, intruder.email))).toHaveLength(0);
  });

  it("page form: other content under a known id gets a 409 notice, keeps what the visitor typed but not the taken id", async () => {
    const submissionId = crypto.randomUUID();
    const first = person("Bea");
    expect((await postForm({ ...first, submissionId })).status).toBe(302);

    const intruder = person("Mallory");
    const response = await postForm({ ...intruder, submissionId });
    expect(response.status).toBe(409);
    const text = await response.text();
    const body = JSON.parse(text);
    expect(body.notice).toEqual({ type: "error", message: "Error", description: SUBMISSION_CONFLICT });
    expect(body.repopulateFields).toMatchObject({ firstName: intruder.firstName, email: intruder.email });
    // The taken id is not handed back, so the next submit gets a fresh one from the page.
    expect(body.repopulateFields.submissionId).toBeUndefined();
    for (const value of Object.values(first))
      if (!Object.values(intruder).includes(value)) expect(text).not.toContain(value);
    expect(await getDb().select().from(demoRequests).where(eq(demoRequests.email, intruder.email))).toHaveLength(0);

    // The same content again (a resubmitted POST) is still confirmed.
    expect((await postForm({ ...first, submissionId })).status).toBe(302);
  });
});
