import { Form } from "@remix-run/react";
import { CheckCircleIcon } from "~/components/landing/icons";
import type { BookedDemoView, DemoPickerView } from "~/schemas/demo-request-fields";
import { SlotPicker } from "./demo-slot-picker";

function ThankYou({
  heading,
  resetAction,
  children,
}: {
  heading: string;
  resetAction: string;
  children: React.ReactNode;
}) {
  return (
    <div className="py-6 text-center" role="status">
      <CheckCircleIcon className="mx-auto text-brand-600" />
      <h3 className="mt-4 text-xl font-bold text-slate-900">{heading}</h3>
      {children}
      {/* A plain POST, so it works without JS; the action clears the thank-you and shows a fresh form. */}
      <form method="post" action={resetAction} className="mt-6">
        <input type="hidden" name="intent" value="demo-request-reset" />
        <button type="submit" className="text-sm font-semibold text-brand-700 underline hover:text-brand-900">
          Request another demo
        </button>
      </form>
    </div>
  );
}

/** The thank-you's offer to book at once (ADR 0057); a time picked here books the request just sent. */
export type BookNowOffer = { picker: DemoPickerView; error?: string };

export function RequestThankYou({ resetAction, offer }: { resetAction: string; offer?: BookNowOffer }) {
  return (
    <ThankYou heading="Thank You for Your Demo Request!" resetAction={resetAction}>
      <p className="mt-2 text-slate-700">
        Our team will contact you within 24 hours to schedule your personalized demo.
      </p>
      <p className="mt-4 rounded-md bg-brand-50 px-4 py-3 text-sm text-brand-900">
        Expected response time: 2-4 hours during business days
      </p>
      {offer ? (
        <Form
          method="post"
          action={`${resetAction}#demo-booking`}
          preventScrollReset
          aria-labelledby="demo-book-now-heading"
          className="mt-6 border-t border-slate-200 pt-6 text-left"
        >
          <h4 id="demo-book-now-heading" className="font-semibold text-slate-900">
            Rather book a time now?
          </h4>
          <p className="mb-3 text-sm text-slate-600">Pick one and your demo is booked; no call needed.</p>
          <input type="hidden" name="intent" value="demo-book-now" />
          <SlotPicker view={offer.picker} error={offer.error} withNoSlotChoice={false} legend="Pick a time" />
          <button
            type="submit"
            className="mt-4 w-full rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            Book this time
          </button>
        </Form>
      ) : null}
    </ThankYou>
  );
}

export function BookedThankYou({ booked, resetAction }: { booked: BookedDemoView; resetAction: string }) {
  return (
    <ThankYou heading="Your Demo Is Booked!" resetAction={resetAction}>
      <p className="mt-2 font-semibold text-slate-900" data-testid="demo-booked-time">
        {booked.when}
      </p>
      {booked.businessWhen ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="demo-booked-business-time">
          Our time: {booked.businessWhen}
        </p>
      ) : null}
      {booked.hostName ? (
        <p className="mt-1 text-slate-700" data-testid="demo-booked-host">
          Your host: {booked.hostName}
        </p>
      ) : null}
      <p className="mt-2 text-slate-700">A calendar invite with a link to reschedule or cancel is on its way to you.</p>
      <div className="mt-4 flex flex-wrap justify-center gap-3 text-sm font-semibold">
        <span className="sr-only">Add to calendar:</span>
        <a
          href={booked.icsUrl}
          download="demo.ics"
          className="rounded-md border border-brand-600 px-3 py-2 text-brand-700 hover:bg-brand-50"
        >
          Add to calendar (.ics)
        </a>
        {/* ExternalLink written out: importing it would split it into a chunk of its own. */}
        <a
          href={booked.googleUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-md border border-brand-600 px-3 py-2 text-brand-700 hover:bg-brand-50"
        >
          Add to Google Calendar
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
    </ThankYou>
  );
}
