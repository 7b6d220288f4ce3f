import { useEffect, type ComponentProps } from "react";
import { lazyPart, useLazyPart } from "./lazy-part";
import * as server from "~/deferred/server-only.server";
import type { CheckoutDialog } from "~/components/checkout/checkout-dialog";

declare global {
  interface Window {
    /** What entry.client waits for before it hydrates: on `window` so entry.client imports no module for it. */
    hydrationWaitsFor?: Promise<unknown>[];
  }
}

/** Radix Dialog, the checkout schema and the form library: loaded when a URL opens the dialog. */
const checkoutDialog = lazyPart(
  () => import("~/components/checkout/checkout-dialog").then((module) => module.CheckoutDialog),
  server.CheckoutDialog,
);

// A dialog the server rendered hydrates with the page: a part hydrated later drops the clicks made before its code
// arrived, while the no-JavaScript page, until then, handles them natively.
if (typeof document !== "undefined" && document.getElementById("checkout-overlay")) {
  (window.hydrationWaitsFor ??= []).push(checkoutDialog.load());
}

export function LazyCheckoutDialog(props: ComponentProps<typeof CheckoutDialog>) {
  const Dialog = useLazyPart(checkoutDialog);
  useEffect(() => checkoutDialog.preload(), []);
  return Dialog ? <Dialog {...props} /> : null;
}
