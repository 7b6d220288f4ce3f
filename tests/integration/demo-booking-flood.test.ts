// A calendar a flood cannot take (issue #53, ADR 0056), through the production server on both databases: 600 bookings
// from 200 addresses (TRUST_PROXY=1, one X-Forwarded-For each, three bookings apiece, each within every rate limit)
// spread over every free time. Every answer is 2xx or 4xx; each day keeps at least three quarters of its seats;
// every lead is stored, those refused a time as request-only with the reason in the JSON; a visitor posting the form
// (without JavaScript, and as the hydrated form does) is told why and keeps the request; the invites sent carry none
// of the typed words; the admin sees the flood on /admin/hosts and releases its bookings with one form post.
// Prints the figure (seats per day, answers by status). Needs `npm run build` first.
import { eq, isNotNull } from "drizzle-orm";
import pLimit from "p-limit";
import { expect, it } from "vitest";
import { closeDatabase, getDb } from "~/db/connection.server";
import { demoBookings, demoRequests } from "~/db/schema.server";
import { freePort, startAppServer } from "../support/app-server.mjs";
import { describeWithDatabases, type DatabaseKind } from "../support/database";
import { startSmtpServer } from "../fakes/smtp-server";
import { mailParts } from "../support/mail-parts";
import { cookiesOf } from "../support/route-calls";

const owner = { username: "flood-owner", password: "flood-owner-password-1" };
const addresses = 200;
const bookingsPerAddress = 3;
const requestOnlyVisitors = 60;
// Words a flood types; none may reach an invite.
const typedName = "Claim your refund";
const typedCompany = "Your account is suspended";
const dayBookingUp = "That day is booking up unusually fast";

type SlotsAnswer = { days: { date: string; slots: { start: string; free: number }[] }[] };

/** Minutes from now to the next midnight UTC and one more: every day offered is then a whole one. */
function minutesToNextMidnight(): number {
  const at = new Date();
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1);
  return Math.ceil((midnight - at.getTime()) / 60_000) + 1;
}

describeWithDatabases("a booking flood from 200 addresses", (kind: DatabaseKind) => {
  it("leaves three quarters of each day free, loses no lead, and the admin releases what it booked", async () => {
    await closeDatabase();
    for (const name of Object.keys(process.env)) {
      if (/^(RATE_LIMIT_|DEMO_)/.test(name)) delete process.env[name];
    }
    const smtpPort = (await freePort()) as number;
    const smtp = await startSmtpServer(smtpPort);
    const server = await startAppServer({
      env: {
        ...(kind === "postgres"
          ? { DATABASE_URL: process.env.DATABASE_URL }
          : { PGLITE_DATA_DIR: process.env.PGLITE_DATA_DIR }),
        ADMIN_USERNAME: owner.username,
        ADMIN_PASSWORD: owner.password,
        TRUST_PROXY: "1",
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        SALES_EMAIL: "sales-flood@example.com",
        // The default team (two hosts, 9:00–17:00, 15 minutes: 64 seats a day), every day, in UTC, whole days only.
        DEMO_TIME_ZONE: "UTC",
        DEMO_WORKING_DAYS: "Sun-Sat",
        DEMO_MIN_NOTICE_MINUTES: String(minutesToNextMidnight()),
        DEMO_HORIZON_DAYS: "3",
        DEMO_REMINDERS: "off",
      },
    });
    const base = server.baseUrl;
    const freeSeats = async () => {
      const answer = (await (await fetch(`${base}/api/demo-slots?timeZone=UTC`)).json()) as SlotsAnswer;
      return new Map(answer.days.map((day) => [day.date, day.slots.reduce((sum, slot) => sum + slot.free, 0)]));
    };
    const lead = (i: number, slotStart?: string) => ({
      firstName: typedName,
      lastName: `Flood ${i}`,
      email: `flood-${i}@victims.example`,
      phone: "+1 (555) 010-2000",
      company: typedCompany,
      ...(slotStart ? { slotStart } : {}),
    });
    try {
      const before = await freeSeats();
      const answer = (await (await fetch(`${base}/api/demo-slots?timeZone=UTC`)).json()) as SlotsAnswer;
      const starts = answer.days.flatMap((day) => day.slots.map((slot) => slot.start));
      expect(starts.length).toBeGreaterThan(0);

      // The flood: every free time in turn, from 200 addresses.
      const statuses: Record<number, number> = {};
      const refusedReasons = new Set<string>();
      const requestOnlyStatuses: Record<number, number> = {};
      const limit = pLimit(8);
      await Promise.all([
        ...Array.from({ length: addresses * bookingsPerAddress }, (_, i) =>
          limit(async () => {
            const response = await fetch(`${base}/api/demo-requests`, {
              method: "POST",
              headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.53.0.${i % addresses}` },
              body: JSON.stringify(lead(i, starts[i % starts.length])),
            });
            const body = (await response.json()) as { reason?: string; demoRequest?: { id: string }; error?: string };
            statuses[response.status] = (statuses[response.status] ?? 0) + 1;
            if (response.status === 409) {
              if (body.reason) refusedReasons.add(body.reason);
              expect(body.demoRequest?.id).toBeTruthy();
              if (body.reason === "day-booking-up") expect(body.error).toContain(dayBookingUp);
            }
          }),
        ),
        // Meanwhile, visitors of the spec's request-only flow (no time) from addresses of their own.
        ...Array.from({ length: requestOnlyVisitors }, (_, k) =>
          limit(async () => {
            const response = await fetch(`${base}/api/demo-requests`, {
              method: "POST",
              headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.54.0.${k}` },
              body: JSON.stringify({ ...lead(10_000 + k), email: `request-only-${k}@ruizroofing.com` }),
            });
            await response.arrayBuffer();
            requestOnlyStatuses[response.status] = (requestOnlyStatuses[response.status] ?? 0) + 1;
          }),
        ),
      ]);
      expect(requestOnlyStatuses).toEqual({ 201: requestOnlyVisitors });
      const after = await freeSeats();
      const figure = [...before].map(([date, seats]) => {
        const free = after.get(date) ?? 0;
        return `${date}: ${free} of ${seats} seats free (${Math.round((100 * free) / seats)} %)`;
      });
      console.log(
        `[${kind}] ${addresses * bookingsPerAddress} bookings from ${addresses} addresses: answers`,
        statuses,
      );
      console.log(`[${kind}] ${figure.join("; ")}`);

      expect(Object.keys(statuses).every((status) => Number(status) >= 200 && Number(status) < 500)).toBe(true);
      expect(statuses[201]).toBeGreaterThan(0);
      expect(refusedReasons).toContain("day-booking-up");
      for (const [date, seats] of before) {
        expect(after.get(date) ?? 0, date).toBeGreaterThanOrEqual(Math.ceil(seats * 0.75));
      }

      // A visitor without JavaScript asks for a time on a flooded day: told why, on the form, and the lead is kept.
      const visitor = (fields: Record<string, string>, address: string, query = "?index") =>
        fetch(`${base}/${query}`, {
          method: "POST",
          redirect: "manual",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: base,
            "X-Forwarded-For": address,
          },
          body: new URLSearchParams({
            intent: "demo-request",
            __rvfInternalFormId: "demo-request-form",
            firstName: "Ana",
            lastName: "Ruiz",
            phone: "+1 (555) 010-2000",
            company: "Ruiz Roofing",
            submissionId: crypto.randomUUID(),
            gw_trap: "",
            slotStart: starts[starts.length - 1],
            ...fields,
          }),
        });
      const plain = await visitor({ email: "ana-plain@ruizroofing.com" }, "198.51.100.20");
      expect(plain.status).toBe(409);
      const page = await plain.text();
      expect(page).toContain(dayBookingUp);
      expect(page).toContain("Request saved, no time booked");
      // The hydrated form posts the same fields to Remix's single-fetch address: the same reason, as a field error.
      const enhanced = await visitor(
        { email: "ana-js@ruizroofing.com", enhanced: "1" },
        "198.51.100.21",
        "_root.data?index",
      );
      const encoded = await enhanced.text();
      expect(enhanced.status).toBe(409);
      expect(encoded).toContain(dayBookingUp);
      // The spec's request-only flow still stores its lead during the flood.
      const requestOnly = await visitor({ email: "ana-request@ruizroofing.com", slotStart: "" }, "198.51.100.22");
      expect(requestOnly.status).toBe(302);

      // The invites sent during the flood greet nobody by a typed name and name no typed company.
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && !smtp.messages.some((mail) => mail.to[0]?.endsWith("@victims.example"))) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const invites = smtp.messages.filter((mail) => mail.to[0]?.endsWith("@victims.example"));
      expect(invites.length).toBeGreaterThan(0);
      for (const mail of invites) {
        const [text] = mailParts(mail, "text/plain");
        const [calendar] = mailParts(mail, "text/calendar");
        expect(text).toMatch(/^Hello,\r?$/m);
        expect(calendar).toContain("BEGIN:VEVENT");
        for (const part of [mail.subject, text, calendar]) {
          expect(part).not.toContain(typedName);
          expect(part).not.toContain(typedCompany);
          expect(part).not.toContain("Flood ");
        }
      }

      // The admin sees the flood on /admin/hosts and releases its bookings with one plain form post.
      const signIn = await fetch(`${base}/admin/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
        body: new URLSearchParams({ ...owner, redirectTo: "/admin/hosts" }),
      });
      expect(signIn.status).toBe(302);
      const cookie = cookiesOf(signIn);
      const hostsPage = await (await fetch(`${base}/admin/hosts`, { headers: { Cookie: cookie } })).text();
      expect(hostsPage).toContain("Bookings are arriving unusually fast");
      // The demos' own page, where sales read the agenda, says so too.
      const adminPage = await (await fetch(`${base}/admin`, { headers: { Cookie: cookie } })).text();
      expect(adminPage).toContain("Bookings are arriving unusually fast");
      const releasable = Number(/Release (\d+) bookings?/.exec(hostsPage)?.[1]);
      expect(releasable).toBe(statuses[201]);
      const asOf = /name="asOf" value="([^"]+)"/.exec(hostsPage)?.[1];
      expect(asOf).toBeTruthy();
      const release = await fetch(`${base}/admin/hosts`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, Cookie: cookie },
        body: new URLSearchParams({ intent: "release-flood", asOf: asOf ?? "" }),
      });
      expect(release.status).toBe(302);
      expect(await freeSeats()).toEqual(before);
    } finally {
      await server.stop();
      await smtp.stop();
    }

    // Read back from the database the server wrote: every lead kept, the refused ones request-only with their time.
    const leads = await getDb().select().from(demoRequests);
    const flood = leads.filter((row) => row.email.endsWith("@victims.example"));
    expect(flood).toHaveLength(addresses * bookingsPerAddress);
    expect(leads.filter((row) => row.email.startsWith("request-only-"))).toHaveLength(requestOnlyVisitors);
    const heldBack = await getDb().select().from(demoRequests).where(isNotNull(demoRequests.heldBackSlotStart));
    expect(heldBack.map((row) => row.email)).toEqual(
      expect.arrayContaining(["ana-plain@ruizroofing.com", "ana-js@ruizroofing.com"]),
    );
    expect(leads.some((row) => row.email === "ana-request@ruizroofing.com" && !row.heldBackSlotStart)).toBe(true);
    const bookings = await getDb().select().from(demoBookings);
    expect(bookings.filter((booking) => booking.status === "booked")).toHaveLength(0);
    const released = await getDb().select().from(demoBookings).where(eq(demoBookings.releasedBy, owner.username));
    expect(released).toHaveLength(bookings.length);
    expect(released.every((booking) => booking.releasedAt && booking.status === "cancelled")).toBe(true);
    for (const row of heldBack) {
      expect(bookings.some((booking) => booking.demoRequestId === row.id)).toBe(false);
    }
  }, 300_000);
});
