import { Form } from "@remix-run/react";
import {
  editHostHref,
  hostHref,
  hoursFormValues,
  summariseWeek,
  timeOffFormFields,
  type HostFormAnswer,
  type HostFormField,
  type HostView,
  type TimeOffFormField,
  type ZoneOption,
} from "~/schemas/demo-host";
import { DayRangeFields, ErrorSummary } from "~/components/admin/form-fields";
import { FeedLink } from "./feed-link";
import { HostForm } from "./host-form";
import { VisibleText } from "~/components/admin/visible-text";

type Props = {
  hosts: HostView[];
  zones: ZoneOption[];
  editId: string | null;
  answer: HostFormAnswer | undefined;
};

function storedValues(host: HostView): Partial<Record<HostFormField, string>> {
  return {
    name: host.name,
    email: host.email,
    timeZone: host.timeZone,
    ...hoursFormValues(host.weeklyHours),
    dailyMax: host.dailyMax === null ? "" : String(host.dailyMax),
    ...(host.active ? { active: "on" } : {}),
  };
}

export function HostsList({ hosts, zones, editId, answer }: Props) {
  if (hosts.length === 0) return <p className="mt-4 text-sm text-slate-600">No hosts yet: add the first below.</p>;
  return (
    <ul className="mt-4 space-y-6">
      {hosts.map((host) => {
        const editing = host.id === editId;
        const hostAnswer = answer?.form === "host" && answer.hostId === host.id ? answer : undefined;
        const timeOffAnswer = answer?.form === "time-off" && answer.hostId === host.id ? answer : undefined;
        const headingId = `host-${host.id}-heading`;
        return (
          <li key={host.id}>
            <article
              id={`host-${host.id}`}
              aria-labelledby={headingId}
              className="rounded-lg border border-slate-200 bg-white p-5"
            >
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h3 id={headingId} className="text-lg font-semibold text-slate-900">
                  {host.name}
                </h3>
                <span
                  className={
                    host.active
                      ? "rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900"
                      : "rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800"
                  }
                >
                  {host.active ? "Active" : "Inactive"}
                </span>
              </div>

              <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
                <dt className="font-medium text-slate-600">E-mail</dt>
                <dd className="text-slate-900">
                  <a className="text-brand-700 underline" href={`mailto:${host.email}`}>
                    {host.email}
                  </a>
                </dd>
                <dt className="font-medium text-slate-600">Time zone</dt>
                <dd className="text-slate-900">
                  {host.timeZoneLabel} <span className="text-slate-600">({host.timeZone})</span>
                </dd>
                <dt className="font-medium text-slate-600">Weekly hours</dt>
                <dd className="text-slate-900">
                  <WeekSummary host={host} />
                </dd>
                <dt className="font-medium text-slate-600">Daily maximum</dt>
                <dd className="text-slate-900">
                  {host.dailyMax === null ? "None" : `${host.dailyMax} demo${host.dailyMax === 1 ? "" : "s"} a day`}
                </dd>
                <dt className="font-medium text-slate-600">Time off</dt>
                <dd className="text-slate-900">
                  <TimeOffList host={host} />
                </dd>
              </dl>

              <div className="mt-4">
                <FeedLink
                  id={`feed-${host.id}`}
                  label="Own calendar feed"
                  hostId={host.id}
                  action={hostHref(host.id)}
                  since={host.feedSince}
                  newUrl={answer?.form === "feed-link" && answer.hostId === host.id ? answer.feedUrl : undefined}
                  off={host.active ? undefined : "off while the host is inactive."}
                />
              </div>

              {host.stranded.length > 0 ? (
                <section
                  aria-labelledby={`stranded-${host.id}`}
                  className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-slate-900"
                  data-testid="stranded-demos"
                >
                  <h4 id={`stranded-${host.id}`} className="font-semibold">
                    Demos {host.name} can no longer run
                  </h4>
                  <p className="mt-1 text-slate-700">
                    No other host is free at these times. Reassign one from Upcoming demos on the admin page once
                    someone is, or cancel it (the visitor gets the cancellation).
                  </p>
                  <ul className="mt-2 space-y-2">
                    {host.stranded.map((demo) => (
                      <li key={demo.bookingId} className="flex flex-wrap items-center justify-between gap-2">
                        <span>
                          {demo.when} · <VisibleText text={demo.name} /> (<VisibleText text={demo.company} />)
                        </span>
                        <Form method="post" action="/admin/hosts">
                          <input type="hidden" name="intent" value="cancel-demo" />
                          <input type="hidden" name="bookingId" value={demo.bookingId} />
                          <button
                            type="submit"
                            className="rounded-md bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800"
                          >
                            Cancel and e-mail <VisibleText text={demo.name} />
                          </button>
                        </Form>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}

              {editing ? (
                <section
                  id="edit-host"
                  aria-labelledby="edit-host-heading"
                  className="mt-5 border-t border-slate-200 pt-5"
                >
                  <h4 id="edit-host-heading" className="text-base font-semibold text-slate-900">
                    Edit {host.name}
                  </h4>
                  <div className="mt-3">
                    <HostForm
                      hostId={host.id}
                      zones={zones}
                      values={hostAnswer?.values ?? storedValues(host)}
                      errors={hostAnswer?.errors ?? {}}
                    />
                  </div>
                </section>
              ) : (
                <p className="mt-4">
                  <a href={editHostHref(host.id)} className="text-sm font-medium text-brand-700 underline">
                    Edit<span className="sr-only"> {host.name}</span>
                  </a>
                </p>
              )}

              {/* Keyed so a time-off change resets the form; not on location, which would drop typing during
                  revalidation. */}
              <TimeOffForm
                key={host.timeOff.map((off) => off.id).join(" ")}
                host={host}
                values={timeOffAnswer?.values ?? {}}
                errors={timeOffAnswer?.errors ?? {}}
              />
            </article>
          </li>
        );
      })}
    </ul>
  );
}

function WeekSummary({ host }: { host: HostView }) {
  const lines = summariseWeek(host.weeklyHours);
  if (lines.length === 0) return <>No weekly hours: takes no demos</>;
  return (
    <ul>
      {lines.map((line) => (
        <li key={line} className="font-mono">
          {line}
        </li>
      ))}
    </ul>
  );
}

function TimeOffList({ host }: { host: HostView }) {
  if (host.timeOff.length === 0) return <>None</>;
  return (
    <ul className="space-y-1">
      {host.timeOff.map((off) => (
        <li key={off.id} className="flex flex-wrap items-center gap-3">
          <span>{off.label}</span>
          <Form method="post" action={hostHref(host.id)}>
            <input type="hidden" name="intent" value="remove-time-off" />
            <input type="hidden" name="hostId" value={host.id} />
            <input type="hidden" name="timeOffId" value={off.id} />
            <button
              type="submit"
              className="rounded-md border border-slate-300 px-2 py-0.5 text-xs font-medium text-slate-800 hover:bg-slate-100"
            >
              Remove<span className="sr-only"> time off {off.label}</span>
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}

function TimeOffForm({
  host,
  values,
  errors,
}: {
  host: HostView;
  values: Partial<Record<TimeOffFormField, string>>;
  errors: Partial<Record<TimeOffFormField, string>>;
}) {
  const prefix = `time-off-${host.id}`;
  const hintId = `${prefix}-hint`;
  return (
    <Form method="post" action={`/admin/hosts#${prefix}`} id={prefix} className="mt-5" noValidate>
      <input type="hidden" name="intent" value="add-time-off" />
      <input type="hidden" name="hostId" value={host.id} />
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">
          Add time off<span className="sr-only"> for {host.name}</span>
        </legend>
        <p id={hintId} className="text-sm text-slate-600">
          Days in {host.name}’s own time zone, the first and the last included. No demos are booked with them then.
        </p>
        <ErrorSummary idPrefix={prefix} fields={timeOffFormFields} errors={errors} />
        <div className="flex flex-wrap items-end gap-4">
          <DayRangeFields
            idPrefix={prefix}
            fields={timeOffFormFields}
            hintId={hintId}
            values={values}
            errors={errors}
          />
          <button
            type="submit"
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
          >
            Add time off<span className="sr-only"> for {host.name}</span>
          </button>
        </div>
      </fieldset>
    </Form>
  );
}
