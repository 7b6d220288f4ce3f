import { createCookie, json, type AppLoadContext } from "@remix-run/node";
import { validationError } from "remix-validated-form";
import type { ZodError } from "zod";
import { demoFailureNotice } from "~/content/failure-notices";
import {
  createDemoRequest,
  isSameSubmission,
  toStoredDemoRequest,
  type StoredDemoRequest,
} from "~/models/demo-request.server";
import {
  demoEnhancedField,
  demoHoneypotField,
  demoRequestFormId,
  demoRequestSchema,
  demoRequestValidator,
  type DemoRequestData,
} from "~/schemas/demo-request";
import { apiErrorResponse, jsonError, jsonOk } from "./api.server";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";
import { perRequestId } from "./page-cache.server";
import { consumeLimits, emailLimitKey, limitRules } from "./rate-limit.server";
import { getClientAddress, getRequestId, RequestRejected } from "./request.server";
import { jsonWithError, redirectWithSuccess } from "./toast.server";

export const demoToasts = {
  success: {
    message: "Demo Request Submitted!",
    description: "We'll contact you within 24 hours to schedule your personalized demo.",
  },
  failure: demoFailureNotice,
} as const;

/**
 * Rate limits for demo requests (numbers from env, on by default, per RATE_LIMIT_WINDOW_SECONDS = 60 s; ADR 0012):
 * - per client (RATE_LIMIT_PER_CLIENT = 10), every attempt, valid or not: a few colleagues behind one office
 *   NAT fit, a script hammering the form does not.
 * - per e-mail (RATE_LIMIT_PER_EMAIL = 5), once the e-mail is valid, keyed by mailbox (`a+1@` is `a@`): a
 *   person sends one request, maybe a corrected second one; five stops one address flooding the sales inbox.
 * - global (RATE_LIMIT_GLOBAL = 3000), a last resort for what gets past the two above (many clients at once):
 *   charged only for attempts that passed them, so one client cannot exhaust it for everyone else.
 */
async function limitAttempt(request: Request) {
  await consumeLimits([[limitRules.demoClient, getClientAddress(request)]]);
}

async function limitStoring(email: string) {
  await consumeLimits([
    [limitRules.demoEmail, emailLimitKey(email)],
    [limitRules.demoGlobal, "all"],
  ]);
}

type Submitted = DemoRequestData & { submissionId: string };

/**
 * A stalled database must not leave the visitor waiting: after this long the request is answered as a
 * failure (503, values kept). Should the transaction still commit later, the retry carries the same
 * submission id and finds that row, so nothing is stored twice.
 */
export const DEMO_STORE_TIMEOUT_MS = 10_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const SUBMISSION_CONFLICT =
  "A request with this submission id was already received with different details. Reload the form (or send a new submissionId) to make a new request.";

async function store(data: Submitted, requestId: string, channel: "form" | "api") {
  const input = {
    firstName: data.firstName,
    lastName: data.lastName,
    email: data.email,
    phone: data.phone,
    company: data.company,
    dealVolume: data.dealVolume,
    challenges: data.challenges,
    submissionId: data.submissionId,
  };
  const { row, created } = await withTimeout(createDemoRequest(input), DEMO_STORE_TIMEOUT_MS);
  if (!created && !isSameSubmission(row, input)) {
    logger.warn("demo request replayed with different details; refused", { requestId, channel });
    throw new RequestRejected(409, SUBMISSION_CONFLICT);
  }
  logger.info(created ? "demo request stored" : "demo request replayed", {
    requestId,
    channel,
    demoRequestId: row.id,
  });
  return row;
}

// --- "thank you" state: a signed cookie set by the redirect, read by the page loader ---------------

const THANKS_MAX_AGE_SECONDS = 30 * 60;

function thanksCookie() {
  const env = getEnv();
  return createCookie("gw_demo", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env.APP_URL.startsWith("https://"),
    secrets: env.sessionSecrets,
    maxAge: THANKS_MAX_AGE_SECONDS,
  });
}

/**
 * What the page shows in the demo section. The thank-you panel comes from a signed cookie (not the URL),
 * so it only shows to someone whose request was accepted, survives a refresh without resubmitting, and
 * keeps showing while the visitor browses the page for the next half hour.
 */
export async function getDemoSectionState(request: Request, context: AppLoadContext) {
  const value = await thanksCookie().parse(request.headers.get("Cookie"));
  const showThanks = typeof value === "string" && value.length > 0;
  // A fresh id per rendered form: resubmitting this form can never store a second row.
  return { showThanks, submissionId: perRequestId(context) };
}

function redirectTarget(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  url.searchParams.delete("_data");
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ""}#demo`;
}

async function redirectToThanks(request: Request, marker: string) {
  return redirectWithSuccess(redirectTarget(request), demoToasts.success, {
    headers: { "Set-Cookie": await thanksCookie().serialize(marker) },
  });
}

/** "Request another demo": forget the thank-you state and show the form again. */
export async function resetDemoForm(request: Request) {
  return new Response(null, {
    status: 303,
    headers: { Location: redirectTarget(request), "Set-Cookie": await thanksCookie().serialize("", { maxAge: 0 }) },
  });
}

// --- page action ----------------------------------------------------------------------------------

export type DemoFormNotice = { type: "error"; message: string; description: string };

/** Hydrated forms submit through Remix's fetch, which revalidates the root loader and so shows cookie toasts. */
function isEnhancedSubmit(form: FormData) {
  return form.get(demoEnhancedField) === "1";
}

function formValues(form: FormData, { keepSubmissionId = true } = {}): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && key !== demoHoneypotField && key !== demoEnhancedField) values[key] = value;
  }
  if (!keepSubmissionId) delete values.submissionId;
  return values;
}

/**
 * Answers a failed submit with everything the visitor typed still in the form. With JavaScript the
 * notice is a cookie toast (the root loader is revalidated after the action); without it the page is
 * rendered by this very response, before any cookie could be read, so the notice is part of the data.
 */
async function keepFormWithNotice(
  form: FormData,
  notice: { message: string; description: string },
  status: number,
  headers: Record<string, string> = {},
) {
  // A retry keeps its submission id so it cannot store twice, except after a conflict: that id is taken.
  const repopulateFields = formValues(form, { keepSubmissionId: status !== 409 });
  const data = { fieldErrors: {}, repopulateFields, formId: demoRequestFormId };
  if (!isEnhancedSubmit(form)) {
    return json({ ...data, notice: { type: "error", ...notice } satisfies DemoFormNotice }, { status, headers });
  }
  return jsonWithError(data, notice, { status, headers });
}

/**
 * The page action's demo-request intent: validate, honeypot, rate limits, store, then POST → redirect →
 * GET to the thank-you panel. Every outcome is a response; nothing thrown reaches the visitor.
 */
export async function handleDemoRequestForm(request: Request, form: FormData): Promise<Response> {
  const requestId = getRequestId(request);
  try {
    await limitAttempt(request);

    // Honeypot: the field is invisible to people (CSS class, not focusable, labelled "leave empty"),
    // so a value means a form-filling bot. The bot gets the ordinary success answer, so it learns
    // nothing to adapt to, but nothing is stored and nobody is e-mailed; the log keeps a trace.
    const trap = form.get(demoHoneypotField);
    if (typeof trap === "string" && trap.trim() !== "") {
      logger.warn("demo request honeypot filled; not stored", { requestId });
      return await redirectToThanks(request, "received");
    }

    const result = await demoRequestValidator.validate(form);
    if (result.error) {
      return validationError(result.error, formValues(form));
    }
    await limitStoring(result.data.email);
    const submissionId = result.data.submissionId ?? crypto.randomUUID();
    const row = await store({ ...result.data, submissionId }, requestId, "form");
    return await redirectToThanks(request, row.id);
  } catch (error) {
    if (error instanceof RequestRejected) {
      logger.warn("demo request refused", { requestId, status: error.status, reason: error.message });
      return keepFormWithNotice(form, { message: "Error", description: error.message }, error.status, error.headers);
    }
    logger.error("demo request failed", { requestId, error });
    return keepFormWithNotice(form, demoToasts.failure, 503, { "X-Request-Id": requestId });
  }
}

// --- JSON API -------------------------------------------------------------------------------------

function fieldErrorsOf(error: ZodError) {
  const flat = error.flatten();
  return { fieldErrors: flat.fieldErrors as Record<string, string[]>, formErrors: flat.formErrors };
}

/** POST /api/demo-requests: the same rules and storage as the form, answered in JSON. */
export async function handleDemoRequestApi(request: Request, body: unknown): Promise<Response> {
  const requestId = getRequestId(request);
  try {
    await limitAttempt(request);
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      return jsonError(422, "The request body must be a JSON object with the demo request fields.", {
        fieldErrors: {},
      });
    }
    const parsed = demoRequestSchema.safeParse(body);
    if (!parsed.success) {
      const { fieldErrors } = fieldErrorsOf(parsed.error);
      return jsonError(422, "The demo request is not valid; see fieldErrors.", { fieldErrors });
    }
    await limitStoring(parsed.data.email);
    // The honeypot belongs to the HTML form; API callers are not form-filling bots, so it is ignored here.
    const submissionId = parsed.data.submissionId ?? crypto.randomUUID();
    const row = await store({ ...parsed.data, submissionId }, requestId, "api");
    return jsonOk<StoredDemoRequest>(toStoredDemoRequest(row), 201);
  } catch (error) {
    return apiErrorResponse(error, { requestId, route: "api.demo-requests" });
  }
}
