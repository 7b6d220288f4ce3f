import { json, type TypedResponse } from "@remix-run/node";
import type { StrandedDemo } from "~/schemas/demo-views";
import { demoTimeZones } from "~/content/demo-time-zones";
import { addTimeOff, createHost, listHosts, removeTimeOff, updateHost, type DemoHost } from "~/models/demo/host.server";
import { rehomeBookingsOf, strandedBookings, type RehomeResult } from "~/services/demo/agenda.server";
import {
  feedLinkAction,
  feedLinkDates,
  feedName,
  isFeedIntent,
  revokeFeedOfDeactivatedHost,
  type FeedActor,
} from "~/services/demo/calendar-feeds.server";
import {
  demoHostSchema,
  hostFormFields,
  hostHref,
  hostTimeOffSchema,
  hoursFormValues,
  timeOffFormFields,
  type HostFormAnswer,
  type HostFormField,
  type HostView,
  type ZoneOption,
} from "~/schemas/demo-host";
import { adminHeaders, answerRejected } from "~/services/admin/session.server";
import { cancelDemoAnswer } from "~/services/admin/demo-actions.server";
import { seedFromSettings } from "~/services/demo/hosts.server";
import { bookingFloodNotice, releaseBookingFlood } from "~/services/demo/flood.server";
import { hostFromSettings } from "~/services/demo/slots.server";
import { now } from "~/utils/time/clock.server";
import { getBookingSettings } from "~/utils/env.server";
import {
  assertSameOrigin,
  firstErrors,
  getRequestId,
  idOf,
  readForm,
  RequestRejected,
} from "~/utils/http/request.server";
import type { AdminUser } from "~/models/admin/user.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/http/toast.server";
import { timeZoneOptionLabel } from "~/utils/time/zoned-time";

// Not the hosts' cached copy: a stale one could show the admin the host as it was before their own change.
function readHosts(): Promise<DemoHost[]> {
  return listHosts(seedFromSettings());
}

const dayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
});
const formatDay = (day: string) => dayFormat.format(new Date(`${day}T12:00:00Z`));

/** "Mon, Mar 15, 2027" or "Mon, Mar 15, 2027 – Sat, Mar 20, 2027". */
function timeOffLabel(off: { firstDay: string; lastDay: string }): string {
  return off.firstDay === off.lastDay
    ? formatDay(off.firstDay)
    : `${formatDay(off.firstDay)} – ${formatDay(off.lastDay)}`;
}

function zoneLabel(zone: string, at: Date): string {
  const label = timeZoneOptionLabel(zone, at);
  return label === zone ? zone : `${label} — ${zone}`;
}

/** The zones the forms offer: the picker's list, the business's zone and every host's own, in that order. */
function zoneOptions(extra: string[], at: Date): ZoneOption[] {
  const zones = [...new Set<string>([...demoTimeZones, ...extra])];
  return zones.map((zone) => ({ value: zone, label: zoneLabel(zone, at) }));
}

function hostView(host: DemoHost, at: Date, feeds: Record<string, string>, stranded: StrandedDemo[] = []): HostView {
  return {
    id: host.id,
    name: host.name,
    email: host.email,
    timeZone: host.timeZone,
    timeZoneLabel: timeZoneOptionLabel(host.timeZone, at),
    weeklyHours: host.weeklyHours,
    timeOff: host.timeOff.map((off) => ({ ...off, label: timeOffLabel(off) })),
    active: host.active,
    dailyMax: host.dailyMax ?? null,
    feedSince: feeds[feedName({ hostId: host.id })] ?? null,
    stranded,
  };
}

export async function hostsPage(url: URL) {
  const at = now();
  const [hosts, stranded, feeds, flood] = await Promise.all([
    readHosts(),
    strandedBookings(),
    feedLinkDates(),
    bookingFloodNotice(),
  ]);
  const settings = getBookingSettings();
  const edit = url.searchParams.get("edit");
  const editing = edit === null ? undefined : hosts.find((host) => host.id === edit);
  const editNotFound = edit !== null && !editing;
  // A new host starts with the team's own week (the DEMO_* settings), the usual case, and is active.
  const newHost: Partial<Record<HostFormField, string>> = {
    timeZone: settings.timeZone,
    ...hoursFormValues(hostFromSettings(settings).weeklyHours),
    active: "on",
  };
  return json(
    {
      hosts: hosts.map((host) => hostView(host, at, feeds, stranded.get(host.id))),
      zones: zoneOptions([settings.timeZone, ...hosts.map((host) => host.timeZone)], at),
      newHost,
      editId: editing?.id ?? null,
      editNotFound,
      flood,
    },
    { status: editNotFound ? 404 : 200, headers: adminHeaders },
  );
}

// What is echoed back into a refused form: the fields it has, as text, and no more of each than an input holds.
const ECHO_MAX_LENGTH = 300;

function typedValues<F extends string>(form: FormData, fields: readonly F[]): Partial<Record<F, string>> {
  const values: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const value = form.get(field);
    if (typeof value === "string") values[field] = value.slice(0, ECHO_MAX_LENGTH);
  }
  return values;
}

function refused(answer: HostFormAnswer, status = 400): TypedResponse<HostFormAnswer> {
  return json(answer, { status, headers: adminHeaders });
}

const notFound = () => refused({ form: "not-found" }, 404);

async function saveHost(form: FormData, hostId: string | undefined, editing: boolean, actor: FeedActor) {
  if (editing) {
    if (!hostId || !(await readHosts()).some((host) => host.id === hostId)) return notFound();
  }
  const parsed = demoHostSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return refused({
      form: "host",
      hostId,
      values: typedValues(form, hostFormFields),
      errors: firstErrors(parsed.error.flatten().fieldErrors, hostFormFields),
    });
  }
  const host = parsed.data;
  const state = host.active
    ? "Takes new demos in their weekly hours."
    : "Inactive: takes no new demos; demos already booked with them stay booked.";
  if (!hostId) {
    // The hosts are seeded from the settings on the first read of an empty table: a host added before any read
    // (a form posted to a fresh install) would otherwise stop the seeded hosts, and the bookings' move to them.
    await readHosts();
    const id = await createHost(host);
    return redirectWithSuccess(hostHref(id), { message: `${host.name} added`, description: state });
  }
  if (!(await updateHost(hostId, host))) return notFound();
  const feedOff = !host.active && (await revokeFeedOfDeactivatedHost(hostId, actor));
  const rehomed = await rehomeBookingsOf(hostId);
  return redirectWithSuccess(hostHref(hostId), {
    message: `${host.name} saved`,
    description: [state, feedOff ? "Their calendar link was turned off." : "", rehomedText(rehomed)]
      .filter(Boolean)
      .join(" "),
  });
}

async function addHostTimeOff(form: FormData) {
  const hostId = idOf(form.get("hostId"));
  const host = hostId ? (await readHosts()).find((candidate) => candidate.id === hostId) : undefined;
  if (!host) return notFound();
  const parsed = hostTimeOffSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return refused({
      form: "time-off",
      hostId: host.id,
      values: typedValues(form, timeOffFormFields),
      errors: firstErrors(parsed.error.flatten().fieldErrors, timeOffFormFields),
    });
  }
  await addTimeOff(host.id, parsed.data);
  const rehomed = await rehomeBookingsOf(host.id);
  return redirectWithSuccess(hostHref(host.id), {
    message: "Time off added",
    description: [`${host.name}: ${timeOffLabel(parsed.data)}.`, rehomedText(rehomed)].filter(Boolean).join(" "),
  });
}

function rehomedText({ moved, stranded }: RehomeResult): string {
  const demos = (count: number) => `${count} demo${count === 1 ? "" : "s"}`;
  return [
    moved ? `${demos(moved)} moved to other hosts; the visitors get updated invites.` : "",
    stranded ? `${demos(stranded)} could not move: no other host is free then (listed below).` : "",
  ]
    .filter(Boolean)
    .join(" ");
}

async function removeHostTimeOff(form: FormData) {
  const hostId = idOf(form.get("hostId"));
  const timeOffId = idOf(form.get("timeOffId"));
  const host = hostId ? (await readHosts()).find((candidate) => candidate.id === hostId) : undefined;
  if (!host) return notFound();
  const off = host.timeOff.find((candidate) => candidate.id === timeOffId);
  // Removing twice (a resent form, two admins) finds nothing the second time: said, not failed.
  if (!off || !(await removeTimeOff(host.id, off.id))) {
    return redirectWithError(hostHref(host.id), {
      message: "Time off not found",
      description: "It may have been removed already.",
    });
  }
  return redirectWithSuccess(hostHref(host.id), {
    message: "Time off removed",
    description: `${host.name}: ${timeOffLabel(off)}.`,
  });
}

/** The caller has checked the admin session. */
export async function hostsAction(request: Request, admin: AdminUser): Promise<TypedResponse<HostFormAnswer>> {
  try {
    assertSameOrigin(request);
    const form = await readForm(request);
    const intent = form.get("intent");
    const actor = { username: admin.username, requestId: getRequestId(request) };
    if (isFeedIntent(intent)) {
      const hostId = idOf(form.get("hostId"));
      if (!hostId || !(await readHosts()).some((host) => host.id === hostId)) return notFound();
      return await feedLinkAction(intent, { hostId }, actor, hostHref(hostId));
    }
    switch (intent) {
      case "add-host":
        return await saveHost(form, undefined, false, actor);
      case "edit-host":
        return await saveHost(form, idOf(form.get("hostId")), true, actor);
      case "add-time-off":
        return await addHostTimeOff(form);
      case "remove-time-off":
        return await removeHostTimeOff(form);
      case "cancel-demo":
        return await cancelDemoAnswer(idOf(form.get("bookingId")), (hostId) =>
          hostId ? hostHref(hostId) : "/admin/hosts",
        );
      case "release-flood":
        return await releaseBookingFlood(form, admin, actor.requestId, "/admin/hosts#booking-flood");
      default:
        throw new RequestRejected(400, "Unknown hosts action.");
    }
  } catch (error) {
    return answerRejected(error);
  }
}
