import { loadedWhenRendered } from "./lazy-hydration";
import * as server from "~/deferred/server-only.server";

/** Radix Dialog, the checkout schema and the form library: loaded when a URL opens the dialog. */
export const LazyCheckoutDialog = loadedWhenRendered(
  server.CheckoutDialog,
  () => import("~/components/checkout/checkout-dialog").then((module) => module.CheckoutDialog),
  "#checkout-overlay",
);
