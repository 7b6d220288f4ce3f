import type { Env } from "~/utils/env.server";
import { withOrderToken } from "~/services/checkout/payments/order-token.server";
import type { PaymentProvider, ValidCoupon } from "~/services/checkout/payments/payment-provider";

/** COUPONS="LAUNCH20:20,SPRING10:10" → code → percent off; malformed entries are ignored, not guessed at. */
function parseCouponList(value: string): Map<string, number> {
  const coupons = new Map<string, number>();
  for (const entry of value.split(",")) {
    const match = /^\s*([A-Za-z0-9_-]{1,64})\s*:\s*(\d{1,3})\s*$/.exec(entry);
    if (!match) continue;
    const percent = Number(match[2]);
    if (percent >= 1 && percent <= 100) coupons.set(match[1].toUpperCase(), percent);
  }
  return coupons;
}

const testSessionId = (orderId: string) => `test_${orderId}`;

export function createTestModeProvider(env: Env): PaymentProvider {
  const coupons = parseCouponList(env.COUPONS);
  return {
    kind: "test",
    livemode: false,
    async findCoupon(code) {
      const normalized = code.trim().toUpperCase();
      const percentOff = coupons.get(normalized);
      return percentOff ? ({ code: normalized, percentOff, amountOffCents: null } satisfies ValidCoupon) : null;
    },
    async createCheckout(order) {
      // A path on this site, not an absolute URL: it stays right whatever host and port the visitor used.
      return { url: withOrderToken(`/checkout/test/${order.id}`, order.id), sessionId: testSessionId(order.id) };
    },
    sessionIdFor: testSessionId,
  };
}
