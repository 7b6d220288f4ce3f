import { CheckCircleIcon } from "~/components/landing/icons";
import type { BookedDemoView } from "~/schemas/demo-request-fields";

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

export function RequestThankYou({ resetAction }: { resetAction: string }) {
  return (
    <ThankYou heading="Thank You for Your Demo Request!" resetAction={resetAction}>
      <p className="mt-2 text-slate-700">
        Our team will contact you within 24 hours to schedule your personalized demo.
      </p>
      <p className="mt-4 rounded-md bg-brand-50 px-4 py-3 text-sm text-brand-900">
        Expected response time: 2-4 hours during business days
      </p>
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
