import { json as jsonResponse, redirect } from "@remix-run/node";
import { validationError } from "remix-validated-form";
import { z } from "zod";
import {
  billingFromParam,
  billingPeriods,
  isPlanId,
  planIds as cataloguePlanIds,
  type BillingPeriod,
  type PlanId,
} from "~/content/plans";
import { priceOrder } from "~/content/pricing";
import { paymentFailureNotice } from "~/content/failure-notices";
import {
  createOrderForAttempt,
  isSameAttempt,
  setOrderSession,
  settleOrder,
  type NewOrder,
} from "~/models/checkout/order.server";
import {
  attemptIdSchema,
  checkoutInfoSchema,
  checkoutInfoValidator,
  checkoutOrderSchema,
  couponCodeSchema,
  type CheckoutInfo,
  type CheckoutView,
} from "~/schemas/checkout";
import { attributionFromFields, type Attribution } from "~/schemas/attribution";
import {
  apiAttribution,
  attributionFromForm,
  attributionView,
  carriedAttribution,
  visitAttribution,
} from "~/services/insight/attribution.server";
import { jsonError, jsonOk } from "~/utils/http/api.server";
import { sealedCookie } from "~/utils/http/cookies.server";
import { getEnv, requestOrigin } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import type { PaymentProvider, ValidCoupon } from "~/services/checkout/payments/payment-provider";
import { createStripeProvider } from "~/services/checkout/payments/stripe.server";
import { createTestModeProvider } from "~/services/checkout/payments/test-mode.server";
import { countFunnelStep, funnelDay, isArrival, mayCount } from "~/services/insight/funnel.server";
import { consumeLimits, limitRules, type LimitLadder } from "~/services/rate-limit.server";
import { getRequestId, RequestRejected } from "~/utils/http/request.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/http/toast.server";

function getPaymentProvider(): PaymentProvider {
  const env = getEnv();
  return env.STRIPE_SECRET_KEY ? createStripeProvider(env) : createTestModeProvider(env);
}

const stateSchema = z.object({
  // A random id per visitor's checkout, the key of its coupon-attempt limit.
  sessionId: z.string().max(64).optional(),
  info: checkoutInfoSchema.optional(),
  planIds: z.array(z.enum(cataloguePlanIds)).max(cataloguePlanIds.length).default([]),
  billing: z.enum(billingPeriods).default("monthly"),
  coupon: z
    .object({
      code: z.string(),
      percentOff: z.number().nullable(),
      amountOffCents: z.number().nullable(),
      providerRef: z.string().optional(),
    })
    .nullable()
    .default(null),
  // Step 1's hidden attribution fields, read leniently again when put on the order.
  attribution: z.record(z.string(), z.string()).optional(),
});

type CheckoutState = z.infer<typeof stateSchema>;

const emptyState = (): CheckoutState => ({ planIds: [], billing: "monthly", coupon: null });

// The dialog's state between steps when there is no JavaScript; sealed, as it holds the visitor's name, e-mail and
// phone, and signed so it cannot be edited.
const checkoutCookie = sealedCookie("gw_checkout", { maxAge: 60 * 60 * 2 });

export async function readCheckoutState(request: Request): Promise<CheckoutState> {
  const raw = await checkoutCookie.parse(request.headers.get("Cookie"));
  const parsed = stateSchema.safeParse(raw);
  return parsed.success ? parsed.data : emptyState();
}

export async function saveCheckoutState(state: CheckoutState): Promise<string> {
  return checkoutCookie.serialize(state);
}

export async function clearCheckoutState(): Promise<string> {
  return checkoutCookie.expire();
}

/** Unknown, duplicate or (when required) missing plan ids are refused: the server never guesses an order. */
function parsePlanIds(values: unknown[], { allowEmpty }: { allowEmpty: boolean }): PlanId[] {
  const ids: PlanId[] = [];
  for (const value of values) {
    if (typeof value !== "string" || !isPlanId(value)) {
      throw new RequestRejected(400, `Unknown plan: ${String(value).slice(0, 64)}`);
    }
    if (ids.includes(value)) throw new RequestRejected(400, `Plan ${value} was selected more than once.`);
    ids.push(value);
  }
  if (!allowEmpty && ids.length === 0) throw new RequestRejected(400, "Choose at least one plan.");
  return ids;
}

/** Opening links start the selection from the URL; editing (`&edit=1`) and step 2 continue from the cookie. */
export async function loadCheckout(
  request: Request,
): Promise<{ kind: "closed" } | { kind: "redirect"; response: Response } | { kind: "open"; view: CheckoutView }> {
  const url = new URL(request.url);
  const step = url.searchParams.get("checkout");
  if (step === "close") {
    // Back to the page with the attribution the close link carried, so a checkout opened again still has it.
    const page = `/${attributionView(carriedAttribution(url)).query.replace(/^&/, "?")}`;
    return { kind: "redirect", response: redirect(page, { headers: { "Set-Cookie": await clearCheckoutState() } }) };
  }
  if (step !== "info" && step !== "plan") return { kind: "closed" };
  const state = await readCheckoutState(request);
  if (step === "plan" && !state.info) {
    return { kind: "redirect", response: redirect("/?checkout=info") };
  }
  const edit = step === "plan" || url.searchParams.get("edit") === "1";
  if (!edit && isArrival(request)) await countFunnelStep(request, "checkout_opened");
  const requested = url.searchParams.get("plan");
  const planIds = edit ? state.planIds : requested && isPlanId(requested) ? [requested] : [];
  const billing = edit ? state.billing : billingFromParam(url.searchParams.get("billing"));
  const coupon =
    edit && state.coupon
      ? { code: state.coupon.code, percentOff: state.coupon.percentOff, amountOffCents: state.coupon.amountOffCents }
      : null;
  return {
    kind: "open",
    view: {
      step,
      edit: step === "info" && edit,
      info: state.info ?? {},
      hasInfo: Boolean(state.info),
      planIds,
      billing,
      coupon,
      attemptId: crypto.randomUUID(),
      // Editing keeps the attribution step 1 stored; an opening link carried it (or this visit is the landing).
      attribution: attributionView(edit ? attributionOfState(state) : visitAttribution(request)).fields,
    },
  };
}

/** What step 1 stored, read by the same lenient rules as the form it came from. */
function attributionOfState(state: CheckoutState): Attribution {
  return attributionFromFields((name) => state.attribution?.[name]);
}

const checkoutLimits = {
  client: limitRules.checkoutClient,
  email: limitRules.checkoutEmail,
  global: limitRules.checkoutGlobal,
} satisfies LimitLadder;

/** Coupons have their own counters, so guessing codes cannot use up anyone's allowance for starting checkouts. */
const couponLimits = {
  session: limitRules.couponSession,
  client: limitRules.couponClient,
  global: limitRules.couponGlobal,
} satisfies LimitLadder;

function selectionFromForm(form: FormData) {
  return {
    planIds: parsePlanIds(form.getAll("planIds"), { allowEmpty: true }),
    billing: billingFromParam(form.get("billing")?.toString()),
  };
}

const planStep = "/?checkout=plan";

type Refusal = { message?: string; to?: string; headers?: Record<string, string> };

/** An error toast on a step, keeping the cookie just saved; a refusal's own headers (Retry-After) follow it. */
function refuseStep(cookie: string, description: string, { message = "Error", to = planStep, headers }: Refusal = {}) {
  return redirectWithError(to, { message, description }, { headers: { "Set-Cookie": cookie, ...headers } });
}

export async function handleInfoStep(request: Request, form: FormData) {
  const result = await checkoutInfoValidator.validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  const state = await readCheckoutState(request);
  const { planIds, billing } = selectionFromForm(form);
  const keepCoupon = form.get("edit") === "1";
  const cookie = await saveCheckoutState({
    info: result.data,
    planIds,
    billing,
    coupon: keepCoupon ? state.coupon : null,
    attribution: attributionView(attributionFromForm(form)).fields,
  });
  await countFunnelStep(request, "checkout_info_completed");
  return redirect(planStep, { headers: { "Set-Cookie": cookie } });
}

/** "Update order" without JavaScript: the selection goes into the cookie and step 2 re-renders its summary. */
export async function handleUpdateStep(request: Request, form: FormData) {
  const state = await readCheckoutState(request);
  const cookie = await saveCheckoutState({ ...state, ...selectionFromForm(form) });
  return redirect(planStep, { headers: { "Set-Cookie": cookie } });
}

/** Apply: the provider decides whether a code is valid; an invalid one is reported and not kept. */
export async function handleCouponStep(request: Request, form: FormData) {
  const state = await readCheckoutState(request);
  const selection = selectionFromForm(form);
  const parsed = couponCodeSchema.safeParse(form.get("couponCode") ?? "");
  const code = parsed.success ? parsed.data : "";
  if (!code) {
    const cookie = await saveCheckoutState({ ...state, ...selection });
    return refuseStep(cookie, "Enter a coupon code to apply.", { message: "Invalid coupon" });
  }
  const sessionState = { ...state, ...selection, sessionId: state.sessionId ?? crypto.randomUUID() };
  try {
    await consumeLimits(couponLimits, { request, session: sessionState.sessionId });
  } catch (error) {
    if (!(error instanceof RequestRejected)) throw error;
    const cookie = await saveCheckoutState(sessionState);
    return refuseStep(cookie, error.message, { headers: error.headers });
  }
  let coupon: ValidCoupon | null;
  try {
    coupon = await getPaymentProvider().findCoupon(code);
  } catch (error) {
    logger.error("coupon lookup failed", { requestId: getRequestId(request), error });
    const cookie = await saveCheckoutState(sessionState);
    return refuseStep(cookie, "We could not check that coupon right now. Please try again.");
  }
  if (!coupon) {
    const cookie = await saveCheckoutState({ ...sessionState, coupon: null });
    return refuseStep(cookie, `Coupon "${code}" is not valid.`, { message: "Invalid coupon" });
  }
  const cookie = await saveCheckoutState({ ...sessionState, coupon });
  return redirectWithSuccess(
    planStep,
    { message: "Coupon Applied", description: `Coupon "${coupon.code}" has been applied to your order.` },
    { headers: { "Set-Cookie": cookie } },
  );
}

export const ATTEMPT_CONFLICT =
  "This order was already started with other plans or details. Reload the page to start a new order.";

/**
 * The server prices the order itself; a repeated `attemptId` reuses its order and its provider session, and the same
 * id with another order is refused.
 */
export async function startCheckout(
  input: {
    info: CheckoutInfo;
    planIds: PlanId[];
    billing: BillingPeriod;
    coupon: ValidCoupon | null;
    attemptId: string;
    attribution?: Attribution;
  },
  request: Request,
): Promise<{ url: string; orderId: string }> {
  const provider = getPaymentProvider();
  const priced = priceOrder(input.planIds, input.billing, input.coupon);
  // Counted in the order's insert (ADR 0026); see countPlanChosenUnlessOrdered.
  const count = mayCount(request) ? { day: funnelDay(), planChosen: true } : undefined;
  const values: NewOrder = {
    planIds: input.planIds,
    billingPeriod: input.billing,
    subtotalCents: priced.subtotalCents,
    discountCents: priced.discountCents,
    totalCents: priced.totalCents,
    currency: "usd",
    couponCode: input.coupon?.code ?? null,
    companyName: input.info.companyName,
    fullName: input.info.fullName,
    email: input.info.email,
    phone: input.info.phone,
    provider: provider.kind,
    livemode: provider.livemode,
    attemptId: input.attemptId,
    ...input.attribution,
  };
  const { row: order, created } = await createOrderForAttempt(values, count, { sessionIdFor: provider.sessionIdFor });
  // Another request under a used attempt id never gets that attempt's order, its link or its provider session.
  if (!created && !isSameAttempt(order, values)) throw new RequestRejected(409, ATTEMPT_CONFLICT);
  if (order.status !== "pending") throw new RequestRejected(409, "This order has already been completed.");
  try {
    const session = await provider.createCheckout(order, {
      // The order's id, not the attempt's: a key never stands for two orders, so Stripe never answers another's session.
      idempotencyKey: `checkout-${order.id}`,
      coupon: input.coupon,
    });
    // Already on the order when the insert stored it (a provider that derives it from the order's id).
    if (order.providerSessionId !== session.sessionId) await setOrderSession(order.id, session.sessionId);
    return { url: session.url, orderId: order.id };
  } catch (error) {
    const requestId = getRequestId(request);
    logger.error("payment provider failed to open a checkout", {
      requestId,
      error,
      orderId: order.id,
      provider: provider.kind,
    });
    await settleOrder(order.id, "canceled").catch((cancelError: unknown) =>
      logger.error("a checkout that failed to open left its order pending", {
        requestId,
        error: cancelError,
        orderId: order.id,
      }),
    );
    throw new PaymentFailed();
  }
}

class PaymentFailed extends Error {
  constructor() {
    super(paymentFailureNotice.description);
    this.name = "PaymentFailed";
  }
}

/** ADR 0021: `checkout_plan_chosen` counts once per attempt, in its order's insert or here if refused first. */
async function countPlanChosenUnlessOrdered<T>(request: Request, steps: () => Promise<T | Response>) {
  let outcome: T | Response;
  try {
    outcome = await steps();
  } catch (error) {
    await countFunnelStep(request, "checkout_plan_chosen");
    throw error;
  }
  if (outcome instanceof Response) await countFunnelStep(request, "checkout_plan_chosen");
  return outcome;
}

/** Without JavaScript answers 303 to the provider; the enhanced form (`respond=json`) gets `{ url }` instead. */
export async function handlePayStep(request: Request, form: FormData) {
  const state = await readCheckoutState(request);
  const json = form.get("respond") === "json";
  const selection = selectionFromForm(form);
  const cookie = await saveCheckoutState({ ...state, ...selection });
  if (!state.info) {
    return refuseStep(cookie, "Please enter your details first.", { to: "/?checkout=info" });
  }
  if (selection.planIds.length === 0) {
    return refuseStep(cookie, "Choose at least one plan.");
  }
  const attempt = attemptIdSchema.safeParse(form.get("attemptId"));
  if (!attempt.success)
    throw new RequestRejected(400, "The order form is missing its attempt id. Please reload and try again.");
  try {
    await countPlanChosenUnlessOrdered(request, () =>
      consumeLimits(checkoutLimits, { request, email: state.info!.email }),
    );
    const started = await startCheckout(
      {
        info: state.info,
        ...selection,
        coupon: state.coupon,
        attemptId: attempt.data,
        attribution: attributionOfState(state),
      },
      request,
    );
    if (json) return jsonResponse(started, { headers: { "Set-Cookie": cookie } });
    return redirect(started.url, { status: 303, headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof PaymentFailed)
      return refuseStep(cookie, paymentFailureNotice.description, { message: paymentFailureNotice.message });
    // A refusal (too many attempts, a finished order) is shown as a toast on step 2, with or without JavaScript.
    if (error instanceof RequestRejected) {
      return refuseStep(cookie, error.message, { headers: error.headers });
    }
    throw error;
  }
}

/** The API's `amount` (whole dollars, as the page shows them) must match what the server charges. */
function checkOrderAmount(planIds: PlanId[], billing: BillingPeriod, amount: number) {
  if (Math.round(amount * 100) !== priceOrder(planIds, billing).subtotalCents)
    throw new RequestRejected(400, "Amount does not match the selected plans");
}

/** The spec's JSON call: the same rules, limits and provider as Complete Order. Its route answers what it throws. */
export async function handleCheckoutApi(request: Request, body: unknown): Promise<Response> {
  const parsed = checkoutOrderSchema.safeParse(body);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[issue.path.join(".") || "body"] ??= issue.message;
    return jsonError(422, "Please correct the highlighted fields.", { fieldErrors });
  }
  const payload = parsed.data;
  const attribution = apiAttribution(body as object);
  const planIds = parsePlanIds(payload.planIds, { allowEmpty: false });
  const billing = payload.isAnnual ? "annual" : "monthly";
  checkOrderAmount(planIds, billing, payload.amount);
  const coupon = await countPlanChosenUnlessOrdered(request, async (): Promise<ValidCoupon | null | Response> => {
    await consumeLimits(checkoutLimits, { request, email: payload.userInfo.email });
    if (!payload.couponCode) return null;
    await consumeLimits(couponLimits, { request });
    const valid = await getPaymentProvider().findCoupon(payload.couponCode);
    if (!valid)
      return jsonError(400, `Coupon "${payload.couponCode}" is not valid.`, {
        fieldErrors: { couponCode: "Invalid coupon" },
      });
    return valid;
  });
  if (coupon instanceof Response) return coupon;
  try {
    const started = await startCheckout(
      {
        info: payload.userInfo,
        planIds,
        billing,
        coupon,
        attemptId: payload.attemptId ?? crypto.randomUUID(),
        attribution,
      },
      request,
    );
    // API clients get an absolute URL; test mode's is a path on this site.
    return jsonOk({ url: new URL(started.url, `${requestOrigin(request)}/`).toString(), orderId: started.orderId });
  } catch (error) {
    if (error instanceof PaymentFailed) return jsonError(502, paymentFailureNotice.description);
    throw error;
  }
}
