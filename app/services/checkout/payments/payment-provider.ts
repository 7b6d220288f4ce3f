import type { OrderRow } from "~/db/schema.server";

// The seam's contract, apart from the factory that picks an implementation (provider.server.ts), so the
// implementations can name it without importing the factory that imports them.

/** A coupon the provider accepted; `providerRef` is what the provider needs to apply it (a promotion code id). */
export type ValidCoupon = {
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  providerRef?: string;
};

/** `url`: the provider's page (absolute), or a path on this site (test mode). */
export type CheckoutRedirect = { url: string; sessionId: string };

/** The one seam between the checkout and whoever takes the money. */
export type PaymentProvider = {
  kind: "stripe" | "test";
  findCoupon(code: string): Promise<ValidCoupon | null>;
  createCheckout(
    order: OrderRow,
    options: { idempotencyKey: string; coupon: ValidCoupon | null },
  ): Promise<CheckoutRedirect>;
  /**
   * For a provider whose checkout session id follows from the order's id alone (test mode): the id, stored with
   * the order's insert, so no second statement puts it on the order. A real provider makes its session only once
   * the order exists, and its id is put on the order afterwards.
   */
  sessionIdFor?(orderId: string): string;
};
