import * as fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import { users } from "~/db/schema.server";
import { createUser } from "~/models/admin/user.server";
import { action } from "~/routes/admin_.login";
import { getDb } from "~/db/connection.server";
import { describeWithDatabases } from "../support/database";
import { formBody, fuzzRuns, hostileString } from "../support/hostile-arbitraries";
import { origin } from "../support/route-calls";

// Each sign-in that reaches the password check costs a real argon2id verification: the slowest fuzz target.
const admin = { username: "fuzz-admin", password: "fuzz-admin-password-1" };

const hostileCredential = fc.oneof(
  { weight: 8, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom("a\u0000b", "🔑") },
  // Passwords around the length limit.
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 2000 }).map((n) => "p".repeat(n)) },
);

const redirectTo = fc.oneof(
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
  hostileCredential,
);

const loginCase = fc.record({
  username: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(admin.username, ` ${admin.username.toUpperCase()} `, "someone-else") },
    { weight: 2, arbitrary: hostileCredential },
    { weight: 1, arbitrary: fc.constant(undefined) },
  ),
  password: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(admin.password, `${admin.password} `, admin.password.toUpperCase()) },
    { weight: 2, arbitrary: hostileCredential },
    { weight: 1, arbitrary: fc.constant(undefined) },
  ),
  redirectTo,
  extra: fc.option(
    fc
      .tuple(fc.string({ maxLength: 10 }), hostileCredential)
      .filter(([key]) => !["username", "password", "redirectTo"].includes(key)),
    { nil: undefined },
  ),
  encoding: fc.constantFrom("urlencoded", "urlencoded", "multipart", "raw"),
  raw: fc.string({ unit: "binary", maxLength: 200 }),
  foreignOrigin: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
});

type LoginCase = typeof loginCase extends fc.Arbitrary<infer T> ? T : never;

// The admin's own sign-in from the site's form, with the name's spelling, the encoding and the redirect left to chance.
// Random cases seldom carry the right name and password together, and a run without one fails the guard below.
const rightSignIns: fc.Arbitrary<LoginCase> = fc.record({
  username: fc.constantFrom(admin.username, ` ${admin.username.toUpperCase()} `),
  password: fc.constant(admin.password),
  redirectTo,
  extra: fc.constant(undefined),
  encoding: fc.constantFrom("urlencoded", "multipart"),
  raw: fc.constant(""),
  foreignOrigin: fc.constant(false),
});

const loginCases = fc.oneof({ weight: 4, arbitrary: loginCase }, { weight: 1, arbitrary: rightSignIns });

function loginRequest(input: LoginCase) {
  const headers: Record<string, string> = { Origin: input.foreignOrigin ? "https://evil.example" : origin };
  const entries: Array<[string, string]> = [];
  for (const key of ["username", "password", "redirectTo"] as const)
    if (input[key] !== undefined) entries.push([key, input[key]!]);
  if (input.extra) entries.push(input.extra);
  const { body, contentType } = formBody(entries, input.encoding, input.raw);
  if (contentType !== undefined) headers["Content-Type"] = contentType;
  return new Request(`${origin}/admin/login`, { method: "POST", body, headers });
}

async function answer(request: Request): Promise<Response> {
  try {
    return (await action({ request, params: {}, context: {} })) as Response;
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

    it(`${fuzzRuns} hostile sign-ins never get a 5xx, only the right password signs in, and never to another site`, async () => {
      const usersBefore = await getDb().select().from(users);
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(loginCases, async (input) => {
          const request = loginRequest(input);
          const bodyBytes = (await request.clone().arrayBuffer()).byteLength;
          const response = await answer(request);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          expect(response.status).toBeLessThan(500);
          const signedIn = response.status >= 300 && response.status < 400;
          // The limit counts the body's bytes as sent (an "é" is six of them, %C3%A9, in a URL-encoded form).
          if (!input.foreignOrigin && input.encoding !== "raw" && bodyBytes > 16 * 1024) {
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
        { numRuns: fuzzRuns },
      );
      // Signing in writes nothing: the users table is exactly as it was.
      expect(await getDb().select().from(users)).toEqual(usersBefore);
      console.info(
        `[${kind}] admin sign-in fuzz: ${fuzzRuns} cases, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
      expect(statuses.get(302) ?? 0).toBeGreaterThan(0);
    }, 600_000);
  },
  // Fuzzing lifts the sign-in limit explicitly; rate-limit and flood tests prove the defaults hold.
  { LOGIN_RATE_LIMIT: "10000000" },
);
