import * as Dialog from "@radix-ui/react-dialog";
import { Link, useNavigate } from "@remix-run/react";
import type { CheckoutView } from "~/schemas/checkout";
import { InfoStep } from "./info-step";
import { PlanStep } from "./plan-step";
import { StepIndicator } from "./step-indicator";

// No Portal: it renders nothing on the server, and the dialog must be complete without JavaScript. Radix omits the
// aria links in server HTML, so they are set here.
export function CheckoutDialog({ view }: { view: CheckoutView }) {
  const navigate = useNavigate();
  // Closing goes through the server so the checkout cookie is cleared: reopening starts from scratch, but with the
  // visit's attribution, which the close link carries back to the page.
  const { attribution } = view;
  const closeHref = `/?checkout=close${Object.keys(attribution).length ? `&${new URLSearchParams(attribution)}` : ""}`;
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) navigate(closeHref, { preventScrollReset: true });
      }}
    >
      {/* Not Radix's Dialog.Overlay: its scroll lock injects a <style> the CSP refuses (tailwind.css locks scroll
          instead). A link, so a click closes the dialog before hydration too; hidden from screen readers. */}
      <Link
        to={closeHref}
        preventScrollReset
        id="checkout-overlay"
        aria-hidden="true"
        tabIndex={-1}
        className="pointer-events-auto fixed inset-0 z-50 bg-slate-900/60"
        data-testid="checkout-overlay"
      />
      <Dialog.Content
        // A press on the overlay is outside the dialog: the overlay's own link closes it, once.
        onPointerDownOutside={(event) => {
          if (event.target instanceof Element && event.target.id === "checkout-overlay") event.preventDefault();
        }}
        aria-labelledby="checkout-title"
        aria-describedby="checkout-description"
        // pointer-events-auto: a modal Radix layer sets `pointer-events: none` on <body> but gives the layer its own
        // `auto` a render later, so clicks just after hydration would fall through to the overlay.
        className="pointer-events-auto fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-4xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl focus:outline-none sm:p-8"
      >
        <div className="flex items-start justify-between gap-4">
          <div>
            <Dialog.Title id="checkout-title" className="text-2xl font-bold">
              {view.step === "info" ? "Your Info" : "Choose Plan"}
            </Dialog.Title>
            <Dialog.Description id="checkout-description" className="mt-1 text-slate-700">
              {view.step === "info"
                ? "Tell us who the subscription is for. You choose plans next."
                : "Pick one or more plans and a billing period, then continue to payment."}
            </Dialog.Description>
          </div>
          <Link
            to={closeHref}
            preventScrollReset
            aria-label="Close checkout"
            className="-m-1 inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 16 16"
              width="16"
              height="16"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M3 3l10 10M13 3L3 13" />
            </svg>
          </Link>
        </div>
        <div className="my-5">
          <StepIndicator current={view.step === "info" ? 1 : 2} />
        </div>
        {view.step === "info" ? <InfoStep {...view} /> : <PlanStep {...view} />}
      </Dialog.Content>
    </Dialog.Root>
  );
}
