import * as fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import { users } from "~/db/schema.server";
import { createUser } from "~/models/user.server";
import { action } from "~/routes/admin.login";
import { getDb } from "~/utils/db.server";
import { describeWithDatabases } from "../support/database";

// `npm run fuzz` sets FUZZ_RUNS=10000; the normal test run throws 1,000 sign-ins at the form. Each one that
// reaches the password check costs a real argon2id verification, so this is the slowest fuzz target.
const runs = Number(process.env.FUZZ_RUNS ?? 1000);
const origin = "http://localhost:3000";
const admin = { username: "fuzz-admin", password: "fuzz-admin-password-1" };

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "' or 1=1 --",
      "admin'--",
      "<script>alert(1)</script>",
      "\u0000",
      "a\u0000b",
      "\ud800",
      "%00",
      "__proto__",
      "🔑",
    ),
  },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 2000 }).map((n) => "p".repeat(n)) },
  // Over the body limit: refused before the form is read.
  { weight: 1, arbitrary: fc.constant("x".repeat(20_000)) },
);

const loginCase = fc.record({
  username: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(admin.username, ` ${admin.username.toUpperCase()} `, "someone-else") },
    { weight: 2, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.constant(undefined) },
  ),
  password: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(admin.password, `${admin.password} `, admin.password.toUpperCase()) },
    { weight: 2, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.constant(undefined) },
  ),
  redirectTo: fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(
      "/admin",
      "/admin?page=2",
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "/%2F%2Fevil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r/evil.example",
      "/.//evil.example",
    ),
    hostileString,
  ),
  extra: fc.option(
    fc
      .tuple(fc.string({ maxLength: 10 }), hostileString)
      .filter(([key]) => !["username", "password", "redirectTo"].includes(key)),
    { nil: undefined },
  ),
  encoding: fc.constantFrom("urlencoded", "urlencoded", "multipart", "raw"),
  raw: fc.string({ unit: "binary", maxLength: 200 }),
  foreignOrigin: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
});

type LoginCase = typeof loginCase extends fc.Arbitrary<infer T> ? T : never;

function loginRequest(input: LoginCase) {
  const headers: Record<string, string> = { Origin: input.foreignOrigin ? "https://evil.example" : origin };
  const entries: Array<[string, string]> = [];
  for (const key of ["username", "password", "redirectTo"] as const)
    if (input[key] !== undefined) entries.push([key, input[key]!]);
  if (input.extra) entries.push(input.extra);
  let body: BodyInit;
  if (input.encoding === "urlencoded") {
    body = new URLSearchParams(entries);
  } else if (input.encoding === "multipart") {
    const form = new FormData();
    for (const [key, value] of entries) form.append(key, value);
    body = form;
  } else {
    body = input.raw;
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  return new Request(`${origin}/admin/login`, { method: "POST", body, headers });
}

async function answer(input: LoginCase): Promise<Response> {
  try {
    return (await action({ request: loginRequest(input), params: {}, context: {} })) as Response;
  } catch (error) {
    // A thrown Response is Remix's way to answer; anything else becomes its error page, a 500.
    if (error instanceof Response) return error;
    return new Response(String(error), { status: 500 });
  }
}

describeWithDatabases(
  "admin sign-in fuzz",
  (kind) => {
    beforeAll(async () => {
      await createUser(admin.username, admin.password);
    });

    it(`${runs} hostile sign-ins never get a 5xx, only the right password signs in, and never to another site`, async () => {
      const usersBefore = await getDb().select().from(users);
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(loginCase, async (input) => {
          const response = await answer(input);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          expect(response.status).toBeLessThan(500);
          const signedIn = response.status >= 300 && response.status < 400;
          const fieldChars = [input.username, input.password, input.redirectTo, ...(input.extra ?? [])].join("").length;
          if (!input.foreignOrigin && input.encoding !== "raw" && fieldChars > 16 * 1024) {
            // Over the default body limit: refused before anything is read, whatever the credentials.
            expect(response.status).toBe(413);
            return;
          }
          // Every form of ours uses plain field names; a post carrying any other name is refused (400).
          // Names of the object prototype are refused too, however plain they look.
          const plainFieldNames =
            !input.extra ||
            (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(input.extra[0]) &&
              !/^(__proto__|prototype|constructor)$/.test(input.extra[0]));
          const rightCredentials =
            !input.foreignOrigin &&
            input.encoding !== "raw" &&
            plainFieldNames &&
            input.username?.trim().toLowerCase() === admin.username &&
            input.password === admin.password;
          expect(signedIn).toBe(rightCredentials);
          if (signedIn) {
            const location = response.headers.get("Location") ?? "";
            expect(location).toMatch(/^\/(?![/\\])/);
            // Nothing a browser strips (tabs, line breaks) to find another site behind it.
            expect(location).toMatch(/^[\x21-\x7e]+$/);
            expect(new URL(location, "http://site.invalid").origin).toBe("http://site.invalid");
            expect(response.headers.get("Set-Cookie")).toBeTruthy();
          }
        }),
        { numRuns: runs },
      );
      // Signing in writes nothing: the users table is exactly as it was.
      expect(await getDb().select().from(users)).toEqual(usersBefore);
      console.info(
        `[${kind}] admin sign-in fuzz: ${runs} cases, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
      expect(statuses.get(302) ?? 0).toBeGreaterThan(0);
    }, 600_000);
  },
  // Fuzzing lifts the sign-in limit explicitly; rate-limit tests prove the default holds.
  { LOGIN_RATE_LIMIT: "10000000" },
);
