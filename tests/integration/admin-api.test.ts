import { readdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { demoRequests, users } from "~/db/schema.server";
import { bootstrapAdminFromEnv, createUser, verifyLogin } from "~/models/admin/user.server";
import { action as loginAction, loader as loginLoader } from "~/routes/admin_.login";
import { action as logoutAction } from "~/routes/admin_.logout";
import { loader as layoutLoader } from "~/routes/admin";
import { loader as adminLoader } from "~/routes/admin._index";
import { loader as csvLoader } from "~/routes/admin.demo-requests[.]csv";
import { loader as apiLoader } from "~/routes/api.demo-requests";
import { getDb } from "~/db/connection.server";
import { describeWithDatabases } from "../support/database";
import { forget } from "~/utils/singleton.server";
import { args, origin, respond, signInRequest } from "../support/route-calls";

async function signIn(username: string, password: string): Promise<string> {
  const response = await respond(() => loginAction(args(signInRequest(username, password))));
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/admin");
  const cookie = response.headers.get("Set-Cookie") ?? "";
  expect(cookie).toMatch(/^gw_admin=/);
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
  return cookie.split(";")[0];
}

const get = (path: string, cookie?: string) =>
  new Request(`${origin}${path}`, { headers: cookie ? { Cookie: cookie } : {} });

let counter = 0;
async function insertLead(values: Partial<typeof demoRequests.$inferInsert> = {}) {
  counter += 1;
  const [row] = await getDb()
    .insert(demoRequests)
    .values({
      firstName: "Lee",
      lastName: `Nguyen${counter}`,
      email: `lee${counter}@nguyenplumbing.com`,
      phone: "555 010 3000",
      company: "Nguyen Plumbing",
      ...values,
    })
    .returning();
  return row;
}

describeWithDatabases(
  "admin sign-in and the demo-request list",
  (kind) => {
    const username = `ops-${kind}`;
    const password = "a-long-admin-password-42";
    let cookie: string;

    beforeAll(async () => {
      await createUser(username, password);
      cookie = await signIn(username, password);
    });

    it("stores passwords as argon2id hashes, never the password", async () => {
      const [row] = await getDb().select().from(users).where(eq(users.username, username));
      expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.password).not.toContain(password);
      expect(await verifyLogin(username, password)).toMatchObject({ username });
      expect(await verifyLogin(username, `${password}x`)).toBeUndefined();
      expect(await verifyLogin("nobody-here", password)).toBeUndefined();
    });

    it("GET /api/demo-requests answers 401 JSON to anonymous and forged sessions", async () => {
      for (const request of [get("/api/demo-requests"), get("/api/demo-requests", `${cookie.slice(0, -3)}abc`)]) {
        const response = await respond(() => apiLoader(args(request)));
        expect(response.status).toBe(401);
        expect(response.headers.get("Content-Type")).toContain("application/json");
        expect(response.headers.get("Cache-Control")).toBe("no-store");
        expect(await response.json()).toEqual({ error: "Sign in as an admin to read this." });
      }
    });

    it("GET /api/demo-requests answers 200 with the list, newest first, 50 a page, to a signed-in admin", async () => {
      await getDb().delete(demoRequests);
      const base = Date.now() - 60 * 60 * 1000;
      for (let index = 0; index < 55; index += 1) await insertLead({ createdAt: new Date(base + index * 1000) });
      const newest = await insertLead({ firstName: "Newest", createdAt: new Date(base + 120_000) });

      const response = await respond(() => apiLoader(args(get("/api/demo-requests", cookie))));
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const body = await response.json();
      expect(body).toMatchObject({ page: 1, pageSize: 50, total: 56, totalPages: 2 });
      expect(body.items).toHaveLength(50);
      expect(body.items[0]).toEqual({
        id: newest.id,
        firstName: "Newest",
        lastName: newest.lastName,
        email: newest.email,
        phone: newest.phone,
        company: newest.company,
        dealVolume: null,
        challenges: null,
        createdAt: newest.createdAt.toISOString(),
      });
      const times = body.items.map((item: { createdAt: string }) => item.createdAt);
      expect([...times].sort().reverse()).toEqual(times);

      const second = await (await respond(() => apiLoader(args(get("/api/demo-requests?page=2", cookie))))).json();
      expect(second.items).toHaveLength(6);
      const ids = new Set([...body.items, ...second.items].map((item: { id: string }) => item.id));
      expect(ids.size).toBe(56);
    });

    it("searches name, e-mail and company case-insensitively, with % and _ taken literally", async () => {
      const ana = await insertLead({
        firstName: "Ana",
        lastName: "Ruiz",
        email: "ana@ruizroofing.com",
        company: "Ruiz Roofing",
      });
      const percent = await insertLead({ company: "100% Clean_Windows" });
      const search = async (q: string) => {
        const response = await respond(() =>
          apiLoader(args(get(`/api/demo-requests?q=${encodeURIComponent(q)}`, cookie))),
        );
        return ((await response.json()).items as { id: string }[]).map((item) => item.id);
      };
      expect(await search("ana ruiz")).toEqual([ana.id]);
      expect(await search("RUIZROOFING.COM")).toEqual([ana.id]);
      expect(await search("ruiz roof")).toEqual([ana.id]);
      expect(await search("100%")).toEqual([percent.id]);
      expect(await search("n_Windows")).toEqual([percent.id]);
      expect(await search("%")).toEqual([percent.id]);
      expect(await search("_")).toEqual([percent.id]);
      expect(await search("no such lead anywhere")).toEqual([]);
    });

    it("the admin page sends anonymous visitors to sign in, and is never cached or indexed", async () => {
      const anonymous = await respond(() => adminLoader(args(get("/admin?q=x"))));
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%3Fq%3Dx");

      const response = await respond(() => adminLoader(args(get("/admin?q=Ruiz%20Roofing", cookie))));
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
      const data = await response.json();
      expect(data.leads.items.map((item: { company: string }) => item.company)).toEqual(["Ruiz Roofing"]);

      // The layout around every admin page names the admin in its header.
      const layout = await respond(() => layoutLoader(args(get("/admin?q=x", cookie))));
      expect(layout.headers.get("Cache-Control")).toBe("no-store");
      expect(layout.headers.get("X-Robots-Tag")).toBe("noindex");
      expect(await layout.json()).toEqual({ username });
    });

    it("every loader and action under the admin layout sends an anonymous visitor to sign in by itself", async () => {
      // Remix runs the layout's loader alongside the page's, and a form post reaches the page's action alone.
      const routes = new URL("../../app/routes/", import.meta.url);
      const files = (await readdir(routes)).filter((file) => file.startsWith("admin."));
      expect(files).toEqual(expect.arrayContaining(["admin.tsx", "admin._index.tsx", "admin.hosts.tsx"]));
      for (const file of files) {
        const route = await import(fileURLToPath(new URL(file, routes)));
        for (const name of ["loader", "action"] as const) {
          if (!route[name]) continue;
          const request = new Request(`${origin}/admin/a/page?q=x`, {
            ...(name === "action" && { method: "POST", headers: { Origin: origin }, body: new URLSearchParams() }),
          });
          const response = await respond(() => route[name]({ request, params: { endpointId: "x" }, context: {} }));
          expect(response.status, `${file} ${name}`).toBe(302);
          expect(response.headers.get("Location"), `${file} ${name}`).toBe(
            "/admin/login?redirectTo=%2Fadmin%2Fa%2Fpage%3Fq%3Dx",
          );
          expect(response.headers.get("Cache-Control"), `${file} ${name}`).toBe("no-store");
        }
      }
    });

    it("exports every demo request as RFC 4180 CSV with formula cells defused, streamed in batches", async () => {
      await getDb().delete(demoRequests);
      const tricky = await insertLead({
        firstName: '=HYPERLINK("http://x")',
        lastName: 'O\'Neil, "Jr"',
        company: "+Plus Co",
        challenges: "line one\nline two",
        dealVolume: "100+",
      });
      // Several rows share one timestamp, so the export's keyset must break ties by id.
      const now = Date.now();
      const bulk = Array.from({ length: 1100 }, (_, index) => ({
        firstName: "Bulk",
        lastName: `Lead${index}`,
        email: `bulk${index}@example.com`,
        phone: "555 010 3000",
        company: "Bulk Co",
        createdAt: new Date(now - 1000 - Math.floor(index / 7) * 1000),
      }));
      for (let start = 0; start < bulk.length; start += 250)
        await getDb()
          .insert(demoRequests)
          .values(bulk.slice(start, start + 250));

      expect((await respond(() => csvLoader(args(get("/admin/demo-requests.csv"))))).status).toBe(302);
      const response = await respond(() => csvLoader(args(get("/admin/demo-requests.csv", cookie))));
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("Content-Disposition")).toMatch(
        /^attachment; filename="demo-requests-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response.headers.get("Cache-Control")).toBe("no-store");

      const bytes = new Uint8Array(await response.arrayBuffer());
      const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
      expect(
        text.startsWith(
          "\uFEFFid,createdAt,firstName,lastName,email,phone,company,dealVolume,challenges,submissionId,utmSource,utmMedium,utmCampaign,utmTerm,utmContent,clickId,referrerHost,landingPath,consentVersion,consentPage,suspectedSpam\r\n",
        ),
      ).toBe(true);
      expect(text).toContain(
        `${tricky.id},${tricky.createdAt.toISOString()},"'=HYPERLINK(""http://x"")","O'Neil, ""Jr""",${tricky.email},${tricky.phone},'+Plus Co,100+,"line one\nline two",${tricky.submissionId},,,,,,,,,,,false\r\n`,
      );
      // Header + 1101 records, each exactly once (the keyset batches neither skip nor repeat).
      const ids = [...text.matchAll(/^([0-9a-f-]{36}),/gm)].map((match) => match[1]);
      expect(ids).toHaveLength(1101);
      expect(new Set(ids).size).toBe(1101);
    });

    it("exports a formula after a ; or a line break defused and quoted, for spreadsheets that split on ;", async () => {
      const lead = await insertLead({ company: 'Acme;=HYPERLINK("http://evil.example")', challenges: "fine\n=1+1" });
      const response = await respond(() => csvLoader(args(get("/admin/demo-requests.csv", cookie))));
      const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(new Uint8Array(await response.arrayBuffer()));
      const record = text.split("\r\n").find((line) => line.startsWith(`${lead.id},`));
      expect(record).toContain(`,"Acme;'=HYPERLINK(""http://evil.example"")",`);
      expect(record).toContain(`,"fine\n'=1+1",`);
    });

    it("accepts a session signed with an older secret after rotation", async () => {
      const saved = process.env.SESSION_SECRET;
      try {
        process.env.SESSION_SECRET = `${"n".repeat(40)},${saved}`;
        forget("env");
        expect((await respond(() => apiLoader(args(get("/api/demo-requests", cookie))))).status).toBe(200);
        process.env.SESSION_SECRET = "z".repeat(40);
        forget("env");
        expect((await respond(() => apiLoader(args(get("/api/demo-requests", cookie))))).status).toBe(401);
      } finally {
        process.env.SESSION_SECRET = saved;
        forget("env");
      }
    });

    it("marks the session cookie Secure when the site is served over https", async () => {
      const saved = process.env.APP_URL;
      try {
        process.env.APP_URL = "https://groundwork.example";
        forget("env");
        const response = await respond(() => loginAction(args(signInRequest(username, password))));
        expect(response.status).toBe(302);
        expect(response.headers.get("Set-Cookie")).toMatch(/; Secure/);
      } finally {
        if (saved === undefined) delete process.env.APP_URL;
        else process.env.APP_URL = saved;
        forget("env");
      }
      const plain = await respond(() => loginAction(args(signInRequest(username, password))));
      expect(plain.headers.get("Set-Cookie")).not.toMatch(/Secure/);
    });

    it("answers a wrong password with the generic error and limits one client's attempts, whatever the username (429)", async () => {
      const limited = `limited-${kind}`;
      await createUser(limited, password);
      for (const attempt of [1, 2]) {
        const response = await respond(() => loginAction(args(signInRequest(limited, `wrong-${attempt}`))));
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({ error: "Invalid username or password" });
      }
      // An unknown username gets the same answer.
      const unknown = await respond(() => loginAction(args(signInRequest(`ghost-${kind}`, "whatever-password"))));
      expect(unknown.status).toBe(401);
      expect(await unknown.json()).toEqual({ error: "Invalid username or password" });

      // LOGIN_RATE_LIMIT is 3 here: this client's fourth try is refused, even with the right password (the owner's
      // earlier browser still gets in: tests/integration/rate-limits.test.ts).
      const refused = await respond(() => loginAction(args(signInRequest(limited, password))));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect((await refused.json()).error).toMatch(/^Too many sign-in attempts\. Please try again in \d+ seconds\.$/);
    });

    it("rate limits per client address too, when the proxy is trusted", async () => {
      const saved = process.env.TRUST_PROXY;
      try {
        process.env.TRUST_PROXY = "1";
        forget("env");
        const client = { "X-Forwarded-For": `203.0.113.${kind === "pglite" ? 7 : 8}` };
        for (const attempt of [1, 2, 3]) {
          const response = await respond(() =>
            loginAction(args(signInRequest(`spray-${kind}-${attempt}`, "guess-password", { headers: client }))),
          );
          expect(response.status).toBe(401);
        }
        const refused = await respond(() => loginAction(args(signInRequest(username, password, { headers: client }))));
        expect(refused.status).toBe(429);
      } finally {
        process.env.TRUST_PROXY = saved ?? "0";
        forget("env");
      }
    });

    it("refuses cross-site sign-in posts and signs out only on POST", async () => {
      const crossSite = await respond(() =>
        loginAction(args(signInRequest(username, password, { headers: { Origin: "https://evil.example" } }))),
      );
      expect(crossSite.status).toBe(403);

      const signedIn = await respond(() => loginLoader(args(get("/admin/login", cookie))));
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.get("Location")).toBe("/admin");

      const logout = await respond(() =>
        logoutAction(
          args(new Request(`${origin}/admin/logout`, { method: "POST", headers: { Cookie: cookie, Origin: origin } })),
        ),
      );
      expect(logout.status).toBe(302);
      expect(logout.headers.get("Location")).toBe("/admin/login");
      const cleared = logout.headers.get("Set-Cookie") ?? "";
      expect(cleared).toMatch(/^gw_admin=;/);
      expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    });

    it("bootstraps the first admin from the environment only while there is none", async () => {
      await getDb().delete(users);
      expect(
        await bootstrapAdminFromEnv({ ADMIN_USERNAME: "First-Admin", ADMIN_PASSWORD: "bootstrap-password-1" }),
      ).toBe("created");
      expect(await verifyLogin("first-admin", "bootstrap-password-1")).toMatchObject({ username: "first-admin" });
      expect(await bootstrapAdminFromEnv({ ADMIN_USERNAME: "second", ADMIN_PASSWORD: "bootstrap-password-2" })).toBe(
        "skipped",
      );
      expect(await bootstrapAdminFromEnv({})).toBe("skipped");
      await expect(bootstrapAdminFromEnv({ ADMIN_USERNAME: "only-name" })).rejects.toThrow(
        /ADMIN_USERNAME and ADMIN_PASSWORD/,
      );
      await getDb().delete(users);
      await expect(bootstrapAdminFromEnv({ ADMIN_USERNAME: "shorty", ADMIN_PASSWORD: "short" })).rejects.toThrow(
        /at least 12 characters/,
      );
      expect(await getDb().select().from(users)).toEqual([]);
    });
  },
  { LOGIN_RATE_LIMIT: "3", SESSION_SECRET: "integration-secret-0123456789abcdef0123456789" },
);
