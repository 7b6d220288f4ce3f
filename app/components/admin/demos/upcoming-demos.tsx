import { Form } from "@remix-run/react";
import type { Agenda } from "~/schemas/demo-views";
import { VisibleText } from "~/components/admin/visible-text";
import { FeedLink } from "./feed-link";

type Props = {
  agenda: Pick<Agenda, "timeZoneLabel" | "days" | "hosts">;
  feedSince: string | null;
  newFeedUrl: string | undefined;
};

export function UpcomingDemos({ agenda, feedSince, newFeedUrl }: Props) {
  const count = agenda.days.reduce((total, day) => total + day.demos.length, 0);
  return (
    <section aria-labelledby="upcoming-demos-heading" id="upcoming-demos">
      <h2 id="upcoming-demos-heading" className="text-xl font-bold text-slate-900">
        Upcoming demos
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {count === 0 ? "No demos booked." : `${count} booked`} · times in {agenda.timeZoneLabel}
      </p>

      <div className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
        <p className="mb-3 text-sm text-slate-600">
          Add the calendar subscription URL in Google Calendar (“From URL”) or Outlook (“Subscribe from web”) to see
          bookings in your calendar. Anyone with the link can read every booking: share it only with the sales team.
        </p>
        <FeedLink
          id="calendar-feed-url"
          label="Calendar subscription URL"
          hostId={null}
          since={feedSince}
          newUrl={newFeedUrl}
        />
      </div>

      {agenda.days.map((day) => (
        <div key={day.date} className="mt-6">
          <h3 className="text-base font-semibold text-slate-900">{day.label}</h3>
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {day.demos.map((demo) => (
              <li key={demo.bookingId} className="flex flex-wrap items-start justify-between gap-4 px-4 py-3">
                <div className="text-sm text-slate-800">
                  <p className="font-semibold text-slate-900">
                    <time dateTime={demo.start}>
                      {demo.time}–{demo.endTime}
                    </time>{" "}
                    · <VisibleText text={demo.name} /> (<VisibleText text={demo.company} />)
                  </p>
                  {demo.hostName ? (
                    <p className="mt-1" data-testid="agenda-host">
                      Host: <VisibleText text={demo.hostName} />
                    </p>
                  ) : null}
                  <p className="mt-1">
                    <a className="text-brand-700 underline" href={`mailto:${demo.email}`}>
                      <VisibleText text={demo.email} />
                    </a>{" "}
                    · <VisibleText text={demo.phone} />
                    {demo.dealVolume ? (
                      <>
                        {" "}
                        · <VisibleText text={demo.dealVolume} />
                      </>
                    ) : null}
                  </p>
                  {demo.challenges ? (
                    <p className="mt-1 text-slate-600">
                      <VisibleText text={demo.challenges} />
                    </p>
                  ) : null}
                </div>
                {agenda.hosts.some((host) => host.id !== demo.hostId) ? (
                  <details className="text-sm">
                    <summary className="cursor-pointer font-medium text-brand-700 underline">Reassign…</summary>
                    <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                      <input type="hidden" name="intent" value="reassign-demo" />
                      <input type="hidden" name="bookingId" value={demo.bookingId} />
                      <label className="grid gap-1">
                        <span className="font-medium text-slate-800">New host</span>
                        <select name="hostId" className="rounded-md border border-slate-300 px-2 py-1.5" required>
                          {agenda.hosts
                            .filter((host) => host.id !== demo.hostId)
                            .map((host) => (
                              <option key={host.id} value={host.id}>
                                {host.name}
                              </option>
                            ))}
                        </select>
                      </label>
                      <button
                        type="submit"
                        className="rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-900"
                      >
                        Reassign and e-mail {demo.name}
                      </button>
                    </Form>
                  </details>
                ) : null}
                <details className="text-sm">
                  <summary className="cursor-pointer font-medium text-red-800 underline">Cancel…</summary>
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="intent" value="cancel-demo" />
                    <input type="hidden" name="bookingId" value={demo.bookingId} />
                    <button
                      type="submit"
                      className="rounded-md bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800"
                    >
                      Cancel this demo and e-mail {demo.name}
                    </button>
                  </Form>
                </details>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
