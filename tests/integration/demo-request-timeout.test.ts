import { afterAll, beforeAll, expect, it } from "vitest";
import postgres from "postgres";
import { action } from "~/routes/api.demo-requests";
import { closeDatabase, migrateDatabase } from "~/db/connection.server";
import { createDatabase, dropDatabase } from "../support/postgres.mjs";
import { startTcpProxy, throughProxy } from "../support/tcp-proxy.mjs";
import { forget } from "~/utils/singleton.server";

// A database host that accepts connections and then never answers must not hang the visitor.
let database: { name: string; url: string };
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;

function resetSingletons() {
  forget("env");
  forget("toast");
}

beforeAll(async () => {
  database = await createDatabase("gw_demo_stall");
  const target = new URL(database.url);
  proxy = await startTcpProxy({ targetHost: target.hostname, targetPort: Number(target.port || 5432) });
  await closeDatabase();
  resetSingletons();
  process.env.DATABASE_URL = throughProxy(database.url, proxy.port);
  await migrateDatabase();
});

afterAll(async () => {
  await closeDatabase();
  resetSingletons();
  delete process.env.DATABASE_URL;
  await proxy.close();
  await dropDatabase(database.name);
});

function post(email: string) {
  const body = JSON.stringify({
    firstName: "Ana",
    lastName: "Ruiz",
    email,
    phone: "5550102000",
    company: "Ruiz Roofing",
  });
  const request = new Request("http://localhost:3000/api/demo-requests", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json" },
  });
  return action({ request, params: {}, context: {} }) as unknown as Promise<Response>;
}

it("answers 503 JSON when the database stalls, and stores nothing", { timeout: 60_000 }, async () => {
  expect((await post("before-stall@ruizroofing.com")).status).toBe(201);
  proxy.stall();
  const response = await post("during-stall@ruizroofing.com");
  expect(response.status).toBe(503);
  expect(await response.json()).toEqual({
    error: "The service is temporarily unavailable. Please try again.",
    requestId: expect.any(String),
  });

  const direct = postgres(database.url, { max: 1, onnotice: () => {} });
  try {
    expect(await direct`select email from demo_requests order by created_at`).toEqual([
      { email: "before-stall@ruizroofing.com" },
    ]);
  } finally {
    await direct.end({ timeout: 5 });
  }
});
