import type { ActionFunctionArgs } from "@remix-run/node";
import { checkoutOrderSchema } from "~/schemas/checkout";
import { apiErrorResponse, jsonError, jsonOk } from "~/utils/api.server";
import {
  checkOrderAmount,
  limitCheckout,
  limitCouponCheck,
  parsePlanIds,
  PAYMENT_FAILED,
  PaymentFailed,
  startCheckout,
} from "~/utils/checkout.server";
import { requestOrigin } from "~/utils/env.server";
import { getPaymentProvider } from "~/utils/payments/provider.server";
import { assertSameOrigin, getRequestId, readJson } from "~/utils/request.server";

export const loader = () => jsonError(405, "Use POST.", {}, { Allow: "POST" });

/** The spec's JSON call: `{ planIds, planNames, amount, isAnnual, couponCode, userInfo }` → `{ url, orderId }`. */
export async function action({ request }: ActionFunctionArgs) {
  const requestId = getRequestId(request);
  try {
    if (request.method !== "POST") return jsonError(405, "Use POST.", {}, { Allow: "POST" });
    assertSameOrigin(request);
    const body = await readJson(request);
    const parsed = checkoutOrderSchema.safeParse(body);
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[issue.path.join(".") || "body"] ??= issue.message;
      return jsonError(422, "Please correct the highlighted fields.", { fieldErrors });
    }
    const payload = parsed.data;
    const planIds = parsePlanIds(payload.planIds, { allowEmpty: false });
    const billing = payload.isAnnual ? "annual" : "monthly";
    checkOrderAmount(planIds, billing, payload.amount);
    await limitCheckout(request, payload.userInfo.email);

    let coupon = null;
    if (payload.couponCode) {
      await limitCouponCheck(request, undefined);
      coupon = await getPaymentProvider().findCoupon(payload.couponCode);
      if (!coupon)
        return jsonError(400, `Coupon "${payload.couponCode}" is not valid.`, {
          fieldErrors: { couponCode: "Invalid coupon" },
        });
    }
    try {
      const started = await startCheckout({
        info: payload.userInfo,
        planIds,
        billing,
        coupon,
        attemptId: payload.attemptId ?? crypto.randomUUID(),
      });
      // API clients get an absolute URL; test mode's is a path on this site.
      return jsonOk({ url: new URL(started.url, `${requestOrigin(request)}/`).toString(), orderId: started.orderId });
    } catch (error) {
      if (error instanceof PaymentFailed) return jsonError(502, PAYMENT_FAILED.description);
      throw error;
    }
  } catch (error) {
    return apiErrorResponse(error, { requestId, route: "api.create-checkout-session" });
  }
}
