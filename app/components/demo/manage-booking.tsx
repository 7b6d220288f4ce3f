import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { buttonClass, focusRing } from "~/components/ui/button";
import { useHydrated } from "~/utils/use-hydrated";
import { formatZonedRange, timeZoneLabel } from "~/utils/time/time-zone-format";
import { formatDayParts, formatTime, groupByLocalDate, visitorTimeZone } from "~/utils/time/zoned-time";
import type { BookingView, ManagePage, PickerView } from "~/schemas/demo-views";

// Must work without JS: day tabs and the zone button submit the form, and cancelling confirms on its own page.
// With JS, tabs and zone switch in place and times show in the browser's zone.

function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main id="main-content" className="mx-auto flex min-h-screen max-w-2xl flex-col gap-6 px-6 py-12">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        <a href="/" className={focusRing}>
          Back to the home page
        </a>
      </p>
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      {children}
    </main>
  );
}

/** The pages with nothing left to change: what happened, and a way to book again. */
const endPages = {
  unknown: {
    title: "We could not find this booking",
    text: "This link does not match any demo booking. Check that you copied the whole link from your e-mail.",
    bookLabel: "Book a demo",
  },
  cancelled: {
    title: "This demo is cancelled",
    text: "The demo below was cancelled and can no longer be moved. If you would still like to see the product, book a new time.",
    bookLabel: "Book a new demo",
  },
  passed: {
    title: "This demo has already taken place",
    text: "Its time has passed, so this link can no longer change it. To see the product again, book a new demo.",
    bookLabel: "Book a new demo",
  },
};

function When({ booking }: { booking: BookingView }) {
  const hydrated = useHydrated();
  const own = hydrated ? visitorTimeZone() : undefined;
  return (
    <dl className="grid gap-2 rounded-lg border border-slate-200 bg-slate-50 p-5" data-testid="booking-time">
      <dt className="text-sm font-semibold text-slate-600">When</dt>
      <dd className="text-lg text-slate-900">
        <time dateTime={booking.start}>{booking.whenText}</time>
      </dd>
      {own && own !== booking.businessZone ? (
        <>
          <dt className="text-sm font-semibold text-slate-600">In your time zone</dt>
          <dd className="text-slate-900" data-testid="booking-time-local">
            {formatZonedRange(new Date(booking.start), new Date(booking.end), own)}
          </dd>
        </>
      ) : null}
      {booking.hostName ? (
        <>
          <dt className="text-sm font-semibold text-slate-600">Your host</dt>
          <dd className="text-slate-900" data-testid="booking-host">
            {booking.hostName}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

export function ManageBooking({ page, error, fieldError }: { page: ManagePage; error?: string; fieldError?: string }) {
  if (page.kind !== "booked") {
    const { title, text, bookLabel } = endPages[page.kind];
    return (
      <Shell title={title}>
        <p className="text-slate-700">{text}</p>
        {page.kind === "unknown" ? null : <When booking={page.booking} />}
        <p>
          <a href="/#demo-booking" className={buttonClass("primary")}>
            {bookLabel}
          </a>
        </p>
      </Shell>
    );
  }

  const action = `/demo/manage/${encodeURIComponent(page.token)}`;
  return (
    <Shell title={`Your demo, ${page.booking.firstName}`}>
      <When booking={page.booking} />
      {error ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
          {error}
        </p>
      ) : null}
      {page.confirmCancel ? (
        <CancelConfirmation action={action} />
      ) : (
        <>
          <Reschedule action={action} picker={page.picker} fieldError={fieldError} />
          <section id="cancel" aria-labelledby="cancel-heading" className="border-t border-slate-200 pt-6">
            <h2 id="cancel-heading" className="text-xl font-semibold text-slate-900">
              Cancel
            </h2>
            <p className="mt-2 text-slate-700">Can no longer make it? You can cancel the demo here.</p>
            <p className="mt-4">
              <a href={`${action}?confirm=cancel#cancel`} className={buttonClass("secondary")}>
                Cancel this demo…
              </a>
            </p>
          </section>
        </>
      )}
    </Shell>
  );
}

function CancelConfirmation({ action }: { action: string }) {
  const navigation = useNavigation();
  return (
    <section id="cancel" aria-labelledby="cancel-heading" className="rounded-lg border border-red-200 bg-red-50 p-5">
      <h2 id="cancel-heading" className="text-xl font-semibold text-slate-900">
        Cancel this demo?
      </h2>
      <p className="mt-2 text-slate-700">
        We will free the time and send a cancellation to your calendar. This cannot be undone, but you can always book a
        new demo.
      </p>
      <Form method="post" action={action} className="mt-4 flex flex-wrap gap-3">
        <button
          type="submit"
          name="intent"
          value="cancel"
          className={buttonClass("primary")}
          disabled={navigation.state === "submitting"}
        >
          Yes, cancel my demo
        </button>
        <a href={action} className={buttonClass("secondary")}>
          No, keep my demo
        </a>
      </Form>
    </section>
  );
}

function Reschedule({ action, picker, fieldError }: { action: string; picker: PickerView; fieldError?: string }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [zone, setZone] = useState(picker.zone);
  const [day, setDay] = useState(picker.day);
  // A fresh server answer (zone or day submitted) leads.
  useEffect(() => {
    setZone(picker.zone);
    setDay(picker.day);
  }, [picker.zone, picker.day]);
  useEffect(() => {
    if (!hydrated || picker.zoneChosen) return;
    const own = visitorTimeZone();
    if (own) setZone(own);
  }, [hydrated, picker.zoneChosen]);

  const days = useMemo(
    () =>
      groupByLocalDate(picker.slots, zone).map(({ date, starts }) => ({
        date,
        label: formatDayParts(date).join(", "),
        slots: starts,
      })),
    [picker.slots, zone],
  );
  const shown = days.find((item) => item.date === day) ?? days[0];

  const errorId = "slot-error";

  return (
    <section id="reschedule" aria-labelledby="reschedule-heading" className="border-t border-slate-200 pt-6">
      <h2 id="reschedule-heading" className="text-xl font-semibold text-slate-900">
        Reschedule
      </h2>
      <p className="mt-2 text-slate-700">Pick a new time; we will send you an updated calendar invite.</p>
      <Form method="post" action={action} className="mt-4 space-y-5" preventScrollReset>
        {/* First in the form, so Enter in a field moves the demo rather than pressing a day tab. */}
        <button type="submit" name="intent" value="reschedule" className="sr-only" tabIndex={-1} aria-hidden="true">
          Move my demo
        </button>
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="tz" className="block text-sm font-semibold text-slate-800">
              Time zone
            </label>
            <select
              id="tz"
              name="tz"
              value={zone}
              onChange={(event) => setZone(event.target.value)}
              className="mt-1 max-w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
            >
              {picker.zones.map((item) => (
                <option key={item.value} value={item.value}>
                  {item.label}
                </option>
              ))}
              {picker.zones.some((item) => item.value === zone) ? null : <option value={zone}>{zone}</option>}
            </select>
          </div>
          {hydrated ? null : (
            <button
              type="submit"
              name="intent"
              value="show-zone"
              formNoValidate
              className={buttonClass("secondary", "sm")}
            >
              Show times in this zone
            </button>
          )}
        </div>

        {days.length === 0 ? (
          <p className="text-slate-700">There are no free times in the coming days. Please check back later.</p>
        ) : (
          <>
            <fieldset>
              <legend className="text-sm font-semibold text-slate-800">Day</legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {days.map((item) => {
                  const current = item.date === shown?.date;
                  return (
                    <button
                      key={item.date}
                      type="submit"
                      name="showDay"
                      value={item.date}
                      formNoValidate
                      aria-pressed={current}
                      onClick={(event) => {
                        if (!hydrated) return;
                        event.preventDefault();
                        setDay(item.date);
                      }}
                      className={buttonClass(current ? "primary" : "secondary", "sm")}
                    >
                      {item.label}
                    </button>
                  );
                })}
              </div>
            </fieldset>
            {shown ? (
              <fieldset aria-describedby={fieldError ? errorId : undefined}>
                <legend className="text-sm font-semibold text-slate-800">
                  Times on {shown.label} ({timeZoneLabel(zone, new Date(shown.slots[0]))})
                </legend>
                {fieldError ? (
                  <p id={errorId} className="mt-2 font-semibold text-red-800" data-testid="slot-error">
                    {fieldError}
                  </p>
                ) : null}
                <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
                  {shown.slots.map((slot) => (
                    <label
                      key={slot}
                      className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                    >
                      <input type="radio" name="slotStart" value={slot} required />
                      <time dateTime={slot}>{formatTime(new Date(slot), zone)}</time>
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : null}
            <button
              type="submit"
              name="intent"
              value="reschedule"
              className={buttonClass("primary")}
              disabled={navigation.state === "submitting"}
            >
              Move my demo to this time
            </button>
          </>
        )}
      </Form>
    </section>
  );
}
