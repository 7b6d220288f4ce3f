import { useActionData, useFormAction, useRouteLoaderData } from "@remix-run/react";
import { useToastAtHydration } from "~/components/ui/toaster";
import { useHydrated } from "~/utils/use-hydrated";
import { ServerNotice } from "~/components/ui/server-notice";
import { BookedThankYou, RequestThankYou, type BookNowOffer } from "./demo-thanks";
import { DemoIntro } from "./demo-intro";
import { DemoForm } from "./demo-form";
import { demoBookNowFormId, demoRequestFormId } from "~/schemas/demo-form-ids";
import type { BookedDemoView, DemoPickerView } from "~/schemas/demo-request-fields";

type DemoSectionState = {
  showThanks: boolean;
  /** "Pick a time" as first shown: the first bookable day, in the business's time zone. */
  picker: DemoPickerView;
  /** Set when the thank-you is for a booked demo (not a request to be called). */
  booked?: BookedDemoView;
  /** A request's route's times, offered on its thank-you to book it at once (ADR 0057). */
  offer?: DemoPickerView;
  /** The visit's attribution as hidden fields (none on the shared page; see services/insight/attribution.server). */
  attribution?: Record<string, string>;
  /** Which wording of the small print this page shows: recorded with the lead as its consent. */
  consentVersion: string;
};

type DemoActionData = {
  notice?: { type: "error"; message: string; description: string };
  formId?: string;
  repopulateFields?: Record<string, unknown>;
  /** The picker after a day or time zone was chosen in the server's picker, or fresh after a slot was taken. */
  picker?: DemoPickerView;
  fieldErrors?: Record<string, string>;
};

/** The form is a plain POST to the page action, validated by the shared schema on both sides. */
export function DemoSection({ state }: { state: DemoSectionState }) {
  const hydrated = useHydrated();
  const actionData = useActionData<DemoActionData>();
  const root = useRouteLoaderData<{ site?: { brandName?: string } }>("root");
  const brandName = root?.site?.brandName ?? "Groundwork";
  const ownActionData = actionData?.formId === demoRequestFormId ? actionData : undefined;
  const offerData = actionData?.formId === demoBookNowFormId ? actionData : undefined;
  const offerPicker = offerData?.picker ?? state.offer;
  const offer: BookNowOffer | undefined = offerPicker
    ? { picker: offerPicker, error: offerData?.fieldErrors?.slotStart }
    : undefined;
  const notice = !hydrated ? ownActionData?.notice : undefined;
  // A failure answered to the browser's own post, before the page hydrated.
  useToastAtHydration(notice);
  // The thank-you panels are plain <form>s that work before and without JavaScript, so they name the action.
  const action = useFormAction();

  return (
    <section id="demo" aria-labelledby="demo-heading" className="bg-slate-50 py-20">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-12 px-6 lg:grid-cols-2">
        <DemoIntro brandName={brandName} />

        <div id="demo-booking" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {state.showThanks && state.booked ? (
            <BookedThankYou booked={state.booked} resetAction={action} />
          ) : state.showThanks ? (
            <RequestThankYou resetAction={action} offer={offer} />
          ) : (
            <>
              <h3 className="text-xl font-bold text-slate-900">Schedule Your Demo</h3>
              <p className="mt-1 text-sm text-slate-600">Fields marked * are required.</p>
              <DemoForm
                brandName={brandName}
                picker={ownActionData?.picker ?? state.picker}
                sentBack={ownActionData?.repopulateFields}
                attribution={state.attribution}
                consentVersion={state.consentVersion}
              />
            </>
          )}
        </div>
      </div>
      {notice ? <ServerNotice notice={notice} /> : null}
    </section>
  );
}
