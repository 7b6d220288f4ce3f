// Issue #53: cookies that carry personal data or a secret are sealed (encrypted and signed), not just signed: the
// checkout's details between its steps (gw_checkout) and a new webhook signing secret (gw_webhook_secret). A cookie
// that was tampered with, or written in the old signed-only format, is read as no cookie, never a 500.
import { expect, it } from "vitest";
import { createUser } from "~/models/admin/user.server";
import { action as indexAction, loader as indexLoader } from "~/routes/_index";
import { action as listAction } from "~/routes/admin.webhooks";
import { loader as endpointLoader } from "~/routes/admin.webhooks_.$endpointId";
import { signedCookie } from "~/utils/http/cookies.server";
import { describeWithDatabases } from "../support/database";
import { args, origin, respond, signIn } from "../support/route-calls";

const info = {
  companyName: "Ruiz Roofing",
  fullName: "Ana Ruiz",
  email: "ana.sealed@ruizroofing.com",
  phone: "+1 555 010 2424",
};

/** Every form a plain-text value could take in a cookie: as is, URL-encoded, and in base64 (with its JSON quotes). */
function readableForms(value: string): string[] {
  const json = JSON.stringify(value);
  return [
    value,
    encodeURIComponent(value),
    Buffer.from(value).toString("base64").replace(/=+$/, ""),
    Buffer.from(value).toString("base64url").replace(/=+$/, ""),
    Buffer.from(json).toString("base64").replace(/=+$/, "").slice(0, -2),
  ];
}

/** The whole Set-Cookie header value decoded as far as a reader could: URL-decoded, base64 parts opened. */
function decodedViews(header: string): string {
  const value = decodeURIComponent(header.split(";")[0].split("=").slice(1).join("="));
  const parts = value.split(/[.:]/).map((part) => Buffer.from(part, "base64").toString("latin1"));
  return [header, value, ...parts].join("\n");
}

function expectUnreadable(header: string, secrets: string[]) {
  const views = decodedViews(header);
  for (const secret of secrets) {
    for (const form of readableForms(secret)) expect(views, `${secret} as ${form}`).not.toContain(form);
  }
}

const formPost = (path: string, fields: Record<string, string | string[]>, cookie?: string) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  return new Request(`${origin}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body,
  });
};

describeWithDatabases(
  "sealed cookies (issue #53)",
  (kind) => {
    it("gw_checkout: step 1's name, e-mail and phone are not readable from the cookie, and step 2 still has them", async () => {
      const step1 = await respond(() =>
        indexAction(
          args(
            formPost("/?index&checkout=info", {
              intent: "checkout-info",
              ...info,
              email: `${kind}.${info.email}`,
              planIds: "scale-master",
              billing: "annual",
            }),
          ),
        ),
      );
      expect(step1.status).toBe(302);
      expect(step1.headers.get("Location")).toBe("/?checkout=plan");
      const header = step1.headers.getSetCookie().find((cookie) => cookie.startsWith("gw_checkout="))!;
      expect(header).toMatch(/; Max-Age=7200; .*HttpOnly; SameSite=Lax/);
      expectUnreadable(header, [`${kind}.${info.email}`, info.phone, info.fullName, info.companyName]);

      const cookie = header.split(";")[0];
      const step2 = await respond(() =>
        indexLoader(args(new Request(`${origin}/?checkout=plan`, { headers: { Cookie: cookie } }))),
      );
      expect(step2.status).toBe(200);
      const view = (await step2.json()).checkout;
      expect(view).toMatchObject({ step: "plan", hasInfo: true, planIds: ["scale-master"], billing: "annual" });
      expect(view.info).toEqual({ ...info, email: `${kind}.${info.email}` });
    });

    it("gw_checkout: a tampered cookie or one in the old signed-only format is no cookie (back to step 1), never a 500", async () => {
      const oldFormat = (
        await signedCookie("gw_checkout").serialize({ info, planIds: ["scale-master"], billing: "monthly" })
      ).split(";")[0];
      const sealed = (
        await respond(() =>
          indexAction(
            args(formPost("/?index&checkout=info", { intent: "checkout-info", ...info, planIds: "scale-master" })),
          ),
        )
      ).headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith("gw_checkout="))!
        .split(";")[0];
      const [name, value] = sealed.split("=");
      const tampered = `${name}=${value.replace(/^./, (c) => (c === "e" ? "f" : "e"))}`;
      for (const cookie of [oldFormat, tampered, "gw_checkout=garbage"]) {
        const page = await respond(() =>
          indexLoader(args(new Request(`${origin}/?checkout=plan`, { headers: { Cookie: cookie } }))),
        );
        expect(page.status, cookie).toBe(302);
        expect(page.headers.get("Location")).toBe("/?checkout=info");
      }
    });

    it("gw_webhook_secret: the new secret is not readable from the cookie, the page shows it once; a tampered or old-format flash shows nothing", async () => {
      await createUser(`sealed-${kind}`, "a-long-test-passphrase");
      const session = await signIn(`sealed-${kind}`, "a-long-test-passphrase");
      const created = await respond(() =>
        listAction(
          args(
            formPost(
              "/admin/webhooks",
              {
                intent: "create",
                url: "http://127.0.0.1:9/sealed-hook",
                description: "",
                eventTypes: ["lead.created"],
              },
              session,
            ),
          ),
        ),
      );
      expect(created.status).toBe(302);
      const id = created.headers.get("Location")!.match(/\/admin\/webhooks\/([^#?]+)/)![1];
      const header = created.headers.getSetCookie().find((cookie) => cookie.startsWith("gw_webhook_secret="))!;
      const flash = header.split(";")[0];

      const page = (cookies: string[]) =>
        respond(() =>
          endpointLoader({
            request: new Request(`${origin}/admin/webhooks/${id}`, { headers: { Cookie: cookies.join("; ") } }),
            params: { endpointId: id },
            context: {},
          }),
        );
      const shown = await page([session, flash]);
      expect(shown.status).toBe(200);
      const secret: string = (await shown.json()).newSecret.secret;
      expect(secret).toMatch(/^whsec_/);
      expectUnreadable(header, [secret, secret.slice("whsec_".length)]);

      const oldFormat = (
        await signedCookie("gw_webhook_secret").serialize({ endpointId: id, secret, reason: "created" })
      ).split(";")[0];
      const [name, value] = flash.split("=");
      const tampered = `${name}=${value.replace(/^./, (c) => (c === "e" ? "f" : "e"))}`;
      for (const cookie of [oldFormat, tampered]) {
        const answer = await page([session, cookie]);
        expect(answer.status).toBe(200);
        expect((await answer.json()).newSecret).toBeNull();
      }
    });
  },
  { SESSION_SECRET: "sealed-cookies-suite-session-secret-0123456789", WEBHOOK_ALLOW_PRIVATE: "true" },
);
