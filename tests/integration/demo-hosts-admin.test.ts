import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "~/db/connection.server";
import { outbox } from "~/db/schema.server";
import { findBooking } from "~/models/demo/booking.server";
import { createDemoRequest } from "~/models/demo/request.server";
import { createUser } from "~/models/admin/user.server";
import { action as hostsAction, loader as hostsLoader } from "~/routes/admin.hosts";
import { hoursFormValues } from "~/schemas/demo-host";
import { currentHosts } from "~/services/demo/hosts.server";
import { setClock } from "~/utils/time/clock.server";
import { describeWithDatabases } from "../support/database";
import { slotAt } from "../support/demo-hosts";
import { args, origin, respond, signIn } from "../support/route-calls";

// Monday 2027-02-01, 8:00 AM in Chicago (the default business zone, two seeded hosts, Mon–Fri 9–5).
const T0 = new Date("2027-02-01T14:00:00Z");

let leads = 0;
function lead() {
  leads += 1;
  return {
    firstName: "Ana",
    lastName: `Ruiz ${leads}`,
    email: `ana${leads}@ruizroofing.com`,
    phone: "555 010 2000",
    company: "Ruiz Roofing",
    dealVolume: "" as const,
    challenges: "",
    submissionId: crypto.randomUUID(),
  };
}

async function book(start: string) {
  const { booking } = await createDemoRequest(lead(), await slotAt(new Date(start)));
  if (!booking) throw new Error(`could not book ${start}`);
  return booking;
}

describeWithDatabases("admin: a host who can no longer run their demos (issue #24)", (kind) => {
  let cookie: string;

  const post = (body: Record<string, string>) =>
    new Request(`${origin}/admin/hosts`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: origin },
      body: new URLSearchParams(body),
    });

  /** The edit form of a host as stored, with `changes` on top. */
  async function editHost(hostId: string, changes: Record<string, string>) {
    const host = (await currentHosts()).find((candidate) => candidate.id === hostId)!;
    const fields: Record<string, string> = {
      intent: "edit-host",
      hostId,
      name: host.name,
      email: host.email,
      timeZone: host.timeZone,
      ...hoursFormValues(host.weeklyHours),
      ...(host.active ? { active: "on" } : {}),
      ...changes,
    };
    if (changes.active === "") delete fields.active;
    return respond(() => hostsAction(args(post(fields))));
  }

  const invitesOf = async (bookingId: string) =>
    (
      await getDb()
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, "demo-invite-email")))
    ).filter((row) => (row.payload as { bookingId?: string }).bookingId === bookingId);

  beforeAll(async () => {
    setClock(T0);
    await createUser(`hosts-${kind}`, "a-long-admin-password-42");
    cookie = await signIn(`hosts-${kind}`, "a-long-admin-password-42");
  });
  afterAll(() => setClock(undefined));

  it("deactivating a host gives their upcoming demos to a free host, each visitor gets the updated invite", async () => {
    // Round robin puts the first of two bookings in a week on host-1 and the second on host-2.
    const first = await book("2027-02-02T15:00:00Z"); // Tue 9:00 AM
    const second = await book("2027-02-02T16:00:00Z"); // Tue 10:00 AM
    expect([first.hostId, second.hostId].sort()).toEqual(["host-1", "host-2"]);
    const mine = first.hostId === "host-1" ? first : second;

    const saved = await editHost("host-1", { active: "" });
    expect(saved.status).toBe(302);
    const moved = await findBooking(mine.id);
    expect(moved?.booking).toMatchObject({ hostId: "host-2", sequence: mine.sequence + 1, status: "booked" });
    expect((await invitesOf(mine.id)).map((row) => row.payload)).toContainEqual({
      bookingId: mine.id,
      sequence: mine.sequence + 1,
      method: "REQUEST",
    });
    const other = first.hostId === "host-1" ? second : first;
    expect((await findBooking(other.id))?.booking).toMatchObject({ hostId: "host-2", sequence: other.sequence });

    await editHost("host-1", { active: "on" });
  });

  it("time off over a demo no one else can take: listed on /admin/hosts with a cancel that e-mails the visitor", async () => {
    // Two demos at Wednesday 9:00: each host has one, so neither can take the other's.
    const nine = await book("2027-02-03T15:00:00Z");
    const both = await book("2027-02-03T15:00:00Z");
    expect([nine.hostId, both.hostId].sort()).toEqual(["host-1", "host-2"]);
    const onHost2 = nine.hostId === "host-2" ? nine : both;

    const added = await respond(() =>
      hostsAction(
        args(post({ intent: "add-time-off", hostId: "host-2", firstDay: "2027-02-03", lastDay: "2027-02-03" })),
      ),
    );
    expect(added.status).toBe(302);
    // Nobody is free at 9:00 on Wednesday: the demo stays with host-2 and is listed for the admin.
    expect((await findBooking(onHost2.id))?.booking).toMatchObject({ hostId: "host-2", status: "booked" });
    const page = await respond(() =>
      hostsLoader(args(new Request(`${origin}/admin/hosts`, { headers: { Cookie: cookie } }))),
    );
    const data = await page.json();
    const host2 = data.hosts.find((host: { id: string }) => host.id === "host-2");
    expect(host2.stranded.map((demo: { bookingId: string }) => demo.bookingId)).toEqual([onHost2.id]);
    expect(data.hosts.find((host: { id: string }) => host.id === "host-1").stranded).toEqual([]);

    const cancelled = await respond(() => hostsAction(args(post({ intent: "cancel-demo", bookingId: onHost2.id }))));
    expect(cancelled.status).toBe(302);
    expect((await findBooking(onHost2.id))?.booking).toMatchObject({ status: "cancelled" });
    const methods = (await invitesOf(onHost2.id)).map((row) => (row.payload as { method: string }).method);
    expect(methods.sort()).toEqual(["CANCEL", "REQUEST"]);
  });

  it("time off over a demo another host can take moves it there; the database refuses the host then", async () => {
    const thursday = await book("2027-02-04T15:00:00Z"); // Thu 9:00 AM
    const away = thursday.hostId!;
    // What an instance whose copy of the hosts predates the time off would ask for: that host alone, on Friday.
    const friday = await slotAt(new Date("2027-02-05T15:00:00Z"));
    const stale = { ...friday, choice: { ...friday.choice, candidates: [away] } };

    const added = await respond(() =>
      hostsAction(args(post({ intent: "add-time-off", hostId: away, firstDay: "2027-02-04", lastDay: "2027-02-05" }))),
    );
    expect(added.status).toBe(302);
    const after = await findBooking(thursday.id);
    expect(after?.booking.hostId).not.toBe(away);
    expect(after?.booking.sequence).toBe(thursday.sequence + 1);

    const refused = await createDemoRequest(lead(), stale);
    expect(refused.booking).toBeUndefined();
    expect(refused.slotTaken).toBe(true);
  });
});
