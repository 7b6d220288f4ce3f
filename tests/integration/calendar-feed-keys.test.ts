// Calendar feeds have keys of their own (issue #53), through the production server on both databases:
// each feed's link is made, replaced and turned off from the admin's plain forms; a replaced link, a revoked feed,
// a deactivated host's feed and an old link signed with SESSION_SECRET all get 404; the database keeps only a hash
// of each key; and every change is a log line. Needs `npm run build` first.
import { createHash, createHmac } from "node:crypto";
import { expect, it } from "vitest";
import { closeDatabase, getDb } from "~/db/connection.server";
import { calendarFeedKeys } from "~/db/schema.server";
import { startAppServer } from "../support/app-server.mjs";
import { adminSessionCookie } from "../support/admin-sign-in.mjs";
import { describeWithDatabases, type DatabaseKind } from "../support/database";

const admin = { username: "feed-keys-admin", password: "feed-keys-admin-password-1" };
const sessionSecret = "feed-keys-session-secret-0123456789abcdef0123";

function serverEnv(kind: DatabaseKind) {
  return {
    ...(kind === "postgres"
      ? { DATABASE_URL: process.env.DATABASE_URL }
      : { PGLITE_DATA_DIR: process.env.PGLITE_DATA_DIR }),
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    SESSION_SECRET: sessionSecret,
    LOG_LEVEL: "info",
    OUTBOX_WORKER: "off",
  };
}

describeWithDatabases("calendar feed keys of their own", (kind) => {
  it("a replaced, revoked or deactivated host's link gets 404, the new one works, and no key is stored", async () => {
    // PGlite is single-process: the server opens the directory once this process lets go of it.
    await closeDatabase();
    const server = await startAppServer({ env: serverEnv(kind) });
    const base = server.baseUrl;
    const keys: string[] = [];
    try {
      const cookie = await adminSessionCookie(base, admin);
      const post = (path: string, fields: Record<string, string>) =>
        fetch(`${base}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, Cookie: cookie },
          body: new URLSearchParams(fields),
        });
      /** Presses "Make a link" on the page (no JavaScript) and reads the link it shows once. */
      const newLink = async (path: string, fields: Record<string, string> = {}) => {
        const response = await post(path, { intent: "feed-new-link", ...fields });
        expect(response.status).toBe(200);
        const html = await response.text();
        const link = /value="(http[^"]*\/calendar\/demos\.ics\?[^"]*)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
        if (!link) throw new Error(`no feed link on the page after "Make a link":\n${html.slice(0, 500)}`);
        keys.push(new URL(link).searchParams.get("key")!);
        return link;
      };
      const feed = async (link: string) => {
        const response = await fetch(link);
        await response.arrayBuffer();
        return { status: response.status, type: response.headers.get("Content-Type") };
      };

      // No link until an admin makes one; an old-style link signed with SESSION_SECRET opens nothing.
      const oldStyle = createHmac("sha256", sessionSecret).update("demo-calendar-feed:demos").digest("base64url");
      expect((await feed(`${base}/calendar/demos.ics?key=${oldStyle}`)).status).toBe(404);

      // The team feed: made, replaced, revoked.
      const first = await newLink("/admin?index");
      expect(await feed(first)).toEqual({ status: 200, type: "text/calendar; charset=utf-8" });
      const second = await newLink("/admin?index");
      expect(second).not.toBe(first);
      expect((await feed(first)).status).toBe(404);
      expect((await feed(second)).status).toBe(200);
      const revoked = await post("/admin?index", { intent: "feed-revoke" });
      expect(revoked.status).toBe(302);
      expect((await feed(second)).status).toBe(404);
      const third = await newLink("/admin?index");
      expect((await feed(third)).status).toBe(200);

      // A host's own feed: its key opens only it, and it dies when the host is deactivated.
      const host = { name: "Feed Host", email: "feed.host@example.com", timeZone: "America/Chicago" };
      const added = await post("/admin/hosts", { intent: "add-host", ...host, active: "on" });
      expect(added.status).toBe(302);
      const hostId = decodeURIComponent(/#host-(.+)$/.exec(added.headers.get("Location") ?? "")![1]);
      const hostLink = await newLink("/admin/hosts", { hostId });
      expect(new URL(hostLink).searchParams.get("host")).toBe(hostId);
      expect((await feed(hostLink)).status).toBe(200);
      expect((await feed(`${base}/calendar/demos.ics?key=${new URL(hostLink).searchParams.get("key")}`)).status).toBe(
        404,
      );
      const hostRevoked = await post("/admin/hosts", { intent: "feed-revoke", hostId });
      expect(hostRevoked.status).toBe(302);
      expect((await feed(hostLink)).status).toBe(404);
      const hostAgain = await newLink("/admin/hosts", { hostId });
      expect((await feed(hostAgain)).status).toBe(200);
      const deactivated = await post("/admin/hosts", { intent: "edit-host", hostId, ...host });
      expect(deactivated.status).toBe(302);
      expect((await feed(hostAgain)).status).toBe(404);
      // Active again, the host still needs a new link: the old one stays dead.
      expect((await post("/admin/hosts", { intent: "edit-host", hostId, ...host, active: "on" })).status).toBe(302);
      expect((await feed(hostAgain)).status).toBe(404);
      // The team's link was untouched by all of that.
      expect((await feed(third)).status).toBe(200);

      // Every change is a log line naming the feed and the admin, never the key.
      const changes = server
        .output()
        .split("\n")
        .filter((line) => line.includes('"message":"calendar feed link'))
        .map((line) => JSON.parse(line) as { message: string; feed: string; admin: string });
      expect(changes.map(({ message, feed }) => [message, feed])).toEqual([
        ["calendar feed link created", "team"],
        ["calendar feed link rotated", "team"],
        ["calendar feed link revoked", "team"],
        ["calendar feed link created", "team"],
        ["calendar feed link created", `host:${hostId}`],
        ["calendar feed link revoked", `host:${hostId}`],
        ["calendar feed link created", `host:${hostId}`],
        ["calendar feed link revoked: host deactivated", `host:${hostId}`],
      ]);
      expect(changes.every((change) => change.admin === admin.username)).toBe(true);
      for (const key of keys) expect(server.output()).not.toContain(key);
    } finally {
      await server.stop();
    }

    // The database holds each live feed's SHA-256, and none of the keys ever made.
    const rows = await getDb().select().from(calendarFeedKeys);
    expect(rows.map((row) => row.feed)).toEqual(["team"]);
    expect(rows[0].keyHash).toBe(createHash("sha256").update(keys[2]).digest("hex"));
    const stored = JSON.stringify(rows);
    for (const key of keys) expect(stored).not.toContain(key);
  });
});
