import { expect, it } from "vitest";
import { createUser } from "~/models/admin/user.server";
import { action as loginAction, loader as loginLoader } from "~/routes/admin_.login";
import { loader as adminLoader } from "~/routes/admin._index";
import { loader as apiLoader } from "~/routes/api.demo-requests";
import { describeWithDatabases } from "../support/database";
import { args, origin, respond, signInRequest } from "../support/route-calls";

describeWithDatabases("admin pages under hostile input", (kind) => {
  const username = `hostile-${kind}`;
  const password = "a-long-admin-password-77";

  it("sign-in never redirects off-site: tab, line breaks, backslashes and dot segments fall back to /admin", async () => {
    await createUser(username, password);
    for (const redirectTo of [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r/evil.example",
      "/\\evil.example",
      "/.//evil.example",
      "//evil.example",
    ]) {
      const response = await respond(() => loginAction(args(signInRequest(username, password, { redirectTo }))));
      expect(response.status, JSON.stringify(redirectTo)).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin");
    }
    const kept = await respond(() =>
      loginAction(args(signInRequest(username, password, { redirectTo: "/admin?q=Zoë" }))),
    );
    expect(kept.headers.get("Location")).toBe("/admin?q=Zo%C3%AB");

    // The page's hidden field is filled from the URL: it only ever holds a safe path.
    const page = await respond(() =>
      loginLoader(args(new Request(`${origin}/admin/login?redirectTo=%2F%09%2Fevil.example`))),
    );
    expect(await page.json()).toEqual({ redirectTo: "/admin" });
  });

  it("a search for a NUL or a lone surrogate answers the list, not a 5xx", async () => {
    const signedIn = await respond(() => loginAction(args(signInRequest(username, password))));
    const cookie = (signedIn.headers.get("Set-Cookie") ?? "").split(";")[0];
    for (const q of ["%00", "a%00b", "%ED%A0%80", "%01%1F%7F"]) {
      const headers = { Cookie: cookie };
      const page = await respond(() => adminLoader(args(new Request(`${origin}/admin?q=${q}`, { headers }))));
      expect(page.status, q).toBe(200);
      const api = await respond(() => apiLoader(args(new Request(`${origin}/api/demo-requests?q=${q}`, { headers }))));
      expect(api.status, q).toBe(200);
    }
  });
});
