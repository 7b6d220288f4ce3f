import { json, type TypedResponse } from "@remix-run/node";
import type { WebhookEndpointRow } from "~/db/schema.server";
import { webhookEventTypes } from "~/content/webhook-events";
import {
  createEndpoint,
  deleteEndpoint,
  deliveryCounts,
  enableEndpoint,
  findEndpoint,
  listAttempts,
  listDeliveries,
  listEndpoints,
  queueTestEvent,
  replayDelivery,
  replayFailed,
  rotateSecret,
  setEndpointActive,
  updateEndpoint,
} from "~/models/webhooks/endpoint.server";
import {
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
  webhookEndpointFields,
  webhookEndpointHref,
  webhookEndpointSchema,
  webhookReplayRangeFields,
  webhookReplayRangeSchema,
  type NewWebhookSecret,
  type WebhookDeliveryCounts,
  type WebhookEndpointField,
  type WebhookEndpointValues,
  type WebhookFormAnswer,
  type WebhookReplayRangeField,
} from "~/schemas/webhook-endpoint";
import { adminHeaders, answerRejected } from "~/services/admin/session.server";
import { SECRET_GRACE_MS } from "~/services/webhooks/delivery.server";
import { endpointUrlProblem, newWebhookSecret } from "~/services/webhooks/endpoints.server";
import { now } from "~/utils/time/clock.server";
import { sealedCookie } from "~/utils/http/cookies.server";
import { assertSameOrigin, firstErrors, idOf, readForm, RequestRejected } from "~/utils/http/request.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/http/toast.server";

const LOG_LENGTH = 50;

const noDeliveries: WebhookDeliveryCounts = { pending: 0, delivered: 0, failed: 0 };

/** Named fields only, so the secrets never reach the page; json() writes the dates as ISO strings. */
function endpointView(row: WebhookEndpointRow, counts: WebhookDeliveryCounts = noDeliveries) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    active: row.active,
    fromEnvironment: row.fromEnvironment,
    disabledAt: row.disabledAt,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince,
    // A grace that has run out is no longer worth mentioning.
    previousSecretExpiresAt:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt > now() ? row.previousSecretExpiresAt : null,
    createdAt: row.createdAt,
    counts,
  };
}

// The signing secret is shown once: a short-lived signed cookie carries it to the page the form redirects to, whose
// GET expires it. No page reads the secret back from the database.
const SECRET_FLASH_COOKIE = "gw_webhook_secret";
// Long enough for a slow redirect; a secret never seen (the tab was closed) is replaced by rotating it.
const SECRET_FLASH_MAX_AGE_SECONDS = 300;
// Sent back to the webhook pages only, not with every request to the site for as long as it lives.
const SECRET_FLASH_PATH = "/admin/webhooks";

type SecretFlash = NewWebhookSecret & { endpointId: string };

// Sealed as well as signed: the secret is not readable from the cookie itself.
const secretFlashCookie = sealedCookie(SECRET_FLASH_COOKIE, { maxAge: SECRET_FLASH_MAX_AGE_SECONDS });

async function secretFlashHeaders(flash: SecretFlash): Promise<Headers> {
  return new Headers({ "Set-Cookie": await secretFlashCookie.serialize(flash, { path: SECRET_FLASH_PATH }) });
}

const expiredSecretFlash = () => secretFlashCookie.expire({ path: SECRET_FLASH_PATH });

// Said outright: a redirect without a #fragment keeps the form's, and the secret at the top could go unseen.
const newSecretHref = (id: string) => `${webhookEndpointHref(id)}#new-secret`;

/** Every event ticked: what most receivers want. */
const newEndpointValues: WebhookEndpointValues = {
  url: "",
  description: "",
  eventTypes: [...webhookEventTypes],
  active: true,
};

export async function webhooksPage() {
  const [endpoints, counts] = await Promise.all([listEndpoints(), deliveryCounts()]);
  return json(
    {
      endpoints: endpoints.map((endpoint) => endpointView(endpoint, counts.get(endpoint.id))),
      newEndpoint: newEndpointValues,
    },
    { headers: adminHeaders },
  );
}

export async function webhookEndpointPage(request: Request, endpointId: string | undefined) {
  const id = idOf(endpointId);
  const endpoint = id ? await findEndpoint(id) : undefined;
  if (!endpoint) return json({ found: false as const }, { status: 404, headers: adminHeaders });

  const [counts, deliveries, attempts, flash] = await Promise.all([
    deliveryCounts(endpoint.id),
    listDeliveries(endpoint.id, LOG_LENGTH),
    listAttempts(endpoint.id, LOG_LENGTH),
    // Sealed and signed, so it holds what secretFlashHeaders wrote, or null.
    secretFlashCookie.parse(request.headers.get("Cookie")) as Promise<SecretFlash | null>,
  ]);
  const headers = new Headers(adminHeaders);
  // A flash for another endpoint stays for that endpoint's page (it runs out by itself).
  const shown = flash?.endpointId === endpoint.id ? flash : undefined;
  if (shown) headers.append("Set-Cookie", await expiredSecretFlash());
  const newSecret: NewWebhookSecret | null = shown
    ? { secret: shown.secret, reason: shown.reason, previousValidUntil: shown.previousValidUntil }
    : null;
  return json(
    {
      found: true as const,
      endpoint: endpointView(endpoint, counts.get(endpoint.id)),
      deliveries,
      attempts,
      newSecret,
      // By default every failed delivery so far: from the day the endpoint was added to today (UTC).
      replayRange: { from: endpoint.createdAt.toISOString().slice(0, 10), to: now().toISOString().slice(0, 10) },
    },
    { headers },
  );
}

function refused(answer: WebhookFormAnswer, status = 400): TypedResponse<WebhookFormAnswer> {
  return json(answer, { status, headers: adminHeaders });
}

const notFound = () => refused({ form: "not-found" }, 404);

const text = (value: FormDataEntryValue | null, max: number) => (typeof value === "string" ? value.slice(0, max) : "");

/** The endpoint form's fields as the schema takes them: the events are repeated checkbox fields. */
function endpointFormInput(form: FormData) {
  const single = (field: WebhookEndpointField) => form.get(field) ?? undefined;
  return {
    url: single("url"),
    description: single("description"),
    eventTypes: form.getAll("eventTypes"),
    active: single("active"),
  };
}

/** What is echoed back into a refused endpoint form: the fields as typed, no longer than their inputs take. */
function typedEndpointValues(form: FormData): WebhookEndpointValues {
  const known = new Set<string>(webhookEventTypes);
  return {
    url: text(form.get("url"), WEBHOOK_URL_MAX_LENGTH),
    description: text(form.get("description"), WEBHOOK_DESCRIPTION_MAX_LENGTH),
    eventTypes: form.getAll("eventTypes").filter((type): type is string => typeof type === "string" && known.has(type)),
    active: form.get("active") !== null,
  };
}

// The URL must also pass this environment's policy and resolve to allowed addresses now; all problems at once.
async function checkedEndpointForm(form: FormData, endpointId: string | undefined) {
  const parsed = webhookEndpointSchema.safeParse(endpointFormInput(form));
  const errors: Partial<Record<WebhookEndpointField, string>> = parsed.success
    ? {}
    : firstErrors(parsed.error.flatten().fieldErrors, webhookEndpointFields);
  if (!errors.url) {
    const urlProblem = await endpointUrlProblem(text(form.get("url"), WEBHOOK_URL_MAX_LENGTH).trim());
    if (urlProblem) errors.url = urlProblem;
  }
  if (!parsed.success || Object.keys(errors).length > 0) {
    return {
      ok: false as const,
      refusal: refused({ form: "endpoint", endpointId, values: typedEndpointValues(form), errors }),
    };
  }
  return { ok: true as const, fields: parsed.data };
}

const stateText = (active: boolean) =>
  active ? "It gets the events it asked for." : "It is switched off: no events are sent to it.";

async function createFromForm(form: FormData) {
  const checked = await checkedEndpointForm(form, undefined);
  if (!checked.ok) return checked.refusal;
  const secret = newWebhookSecret();
  const endpoint = await createEndpoint({ ...checked.fields, secret });
  return redirectWithSuccess(
    newSecretHref(endpoint.id),
    { message: "Endpoint added", description: `${stateText(checked.fields.active)} Copy its signing secret now.` },
    { headers: await secretFlashHeaders({ endpointId: endpoint.id, secret, reason: "created" }) },
  );
}

async function updateFromForm(endpoint: WebhookEndpointRow, form: FormData) {
  const checked = await checkedEndpointForm(form, endpoint.id);
  if (!checked.ok) return checked.refusal;
  if (!(await updateEndpoint(endpoint.id, checked.fields))) return notFound();
  return redirectWithSuccess(webhookEndpointHref(endpoint.id), {
    message: "Endpoint saved",
    description: stateText(checked.fields.active),
  });
}

async function setActive(endpoint: WebhookEndpointRow, form: FormData) {
  const value = form.get("active");
  if (value !== "true" && value !== "false") throw new RequestRejected(400, "Say whether to switch it on or off.");
  const active = value === "true";
  if (!(await setEndpointActive(endpoint.id, active))) return notFound();
  return redirectWithSuccess(webhookEndpointHref(endpoint.id), {
    message: active ? "Endpoint switched on" : "Endpoint switched off",
    description: active
      ? "Events from now on are sent to it. Replay failed deliveries to send what it missed."
      : "New events are not queued for it; deliveries already queued fail, and can be replayed once it is back on.",
  });
}

async function removeEndpoint(endpoint: WebhookEndpointRow) {
  if (!(await deleteEndpoint(endpoint.id))) return notFound();
  return redirectWithSuccess("/admin/webhooks", {
    message: "Endpoint deleted",
    description: `${endpoint.url} gets no more events; its delivery log was deleted with it.`,
  });
}

async function rotate(endpoint: WebhookEndpointRow) {
  const secret = newWebhookSecret();
  const graceUntil = new Date(now().getTime() + SECRET_GRACE_MS);
  if (!(await rotateSecret(endpoint.id, secret, graceUntil))) return notFound();
  return redirectWithSuccess(
    newSecretHref(endpoint.id),
    {
      message: "Signing secret rotated",
      description: "Copy the new secret now; the old one stays valid for 24 hours.",
    },
    {
      headers: await secretFlashHeaders({
        endpointId: endpoint.id,
        secret,
        reason: "rotated",
        previousValidUntil: graceUntil.toISOString(),
      }),
    },
  );
}

async function enable(endpoint: WebhookEndpointRow) {
  if (!endpoint.disabledAt) {
    return redirectWithSuccess(webhookEndpointHref(endpoint.id), {
      message: "Endpoint already enabled",
      description: "It was not disabled: nothing was changed.",
    });
  }
  if (!(await enableEndpoint(endpoint.id))) return notFound();
  return redirectWithSuccess(webhookEndpointHref(endpoint.id), {
    message: "Endpoint enabled",
    description: "Deliveries to it start again. Replay failed deliveries to send what it missed.",
  });
}

/** Why nothing can be sent to the endpoint now, or undefined: a send would only fail at once, unsent. */
function notSendable(endpoint: WebhookEndpointRow): string | undefined {
  if (endpoint.disabledAt) return "The endpoint is disabled: nothing is sent to it. Enable it first, then send again.";
  if (!endpoint.active) {
    return "The endpoint is switched off: nothing is sent to it. Switch it on first, then send again.";
  }
  return undefined;
}

function refusedSend(endpoint: WebhookEndpointRow, why: string) {
  return redirectWithError(webhookEndpointHref(endpoint.id), { message: "Nothing was sent", description: why });
}

async function sendTest(endpoint: WebhookEndpointRow) {
  const why = notSendable(endpoint);
  if (why) return refusedSend(endpoint, why);
  const eventId = await queueTestEvent(endpoint.id, now());
  return redirectWithSuccess(webhookEndpointHref(endpoint.id), {
    message: "Test event queued",
    description: `Event ${eventId} goes out within a few seconds; reload this page to see the attempt in the log.`,
  });
}

async function replayOne(endpoint: WebhookEndpointRow, form: FormData) {
  const why = notSendable(endpoint);
  if (why) return refusedSend(endpoint, why);
  const deliveryId = idOf(form.get("deliveryId"));
  if (!deliveryId || !(await replayDelivery(endpoint.id, deliveryId, now()))) {
    return redirectWithError(webhookEndpointHref(endpoint.id), {
      message: "Delivery not replayed",
      description: "It is not one of this endpoint's delivered or failed deliveries (a pending one is on its way).",
    });
  }
  return redirectWithSuccess(webhookEndpointHref(endpoint.id), {
    message: "Delivery queued again",
    description: "It goes out within a few seconds, with its event's id unchanged.",
  });
}

async function replayFailedInRange(endpoint: WebhookEndpointRow, form: FormData) {
  const parsed = webhookReplayRangeSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const values: Partial<Record<WebhookReplayRangeField, string>> = {};
    for (const field of webhookReplayRangeFields) values[field] = text(form.get(field), 10);
    return refused({
      form: "replay-failed",
      endpointId: endpoint.id,
      values,
      errors: firstErrors(parsed.error.flatten().fieldErrors, webhookReplayRangeFields),
    });
  }
  const why = notSendable(endpoint);
  if (why) return refusedSend(endpoint, why);
  const { from, to, start, end } = parsed.data;
  const count = await replayFailed(endpoint.id, start, end, now());
  const days = from === to ? from : `${from} to ${to}`;
  return redirectWithSuccess(webhookEndpointHref(endpoint.id), {
    message:
      count === 0
        ? "No failed deliveries to replay"
        : `${count} failed ${count === 1 ? "delivery" : "deliveries"} queued again`,
    description:
      count === 0
        ? `None of this endpoint's deliveries created ${days} (UTC) has failed.`
        : `Created ${days} (UTC); they go out within a few seconds, with their events' ids unchanged.`,
  });
}

type EndpointAction = (endpoint: WebhookEndpointRow, form: FormData) => Promise<TypedResponse<WebhookFormAnswer>>;

const endpointActions = new Map<string, EndpointAction>([
  ["update", updateFromForm],
  ["set-active", setActive],
  ["delete", removeEndpoint],
  ["rotate-secret", rotate],
  ["enable", enable],
  ["send-test", sendTest],
  ["replay", replayOne],
  ["replay-failed", replayFailedInRange],
]);

// The environment's endpoint follows WEBHOOK_URL and WEBHOOK_SECRET: the next start would undo any of these.
const notForEnvironmentEndpoint = new Set(["update", "delete", "rotate-secret"]);

/** The caller has checked the admin session. */
export async function webhooksAction(request: Request, endpointId?: string): Promise<TypedResponse<WebhookFormAnswer>> {
  try {
    assertSameOrigin(request);
    const form = await readForm(request);
    const intent = form.get("intent");
    if (intent === "create") return await createFromForm(form);
    const run = typeof intent === "string" ? endpointActions.get(intent) : undefined;
    if (typeof intent !== "string" || !run) throw new RequestRejected(400, "Unknown webhooks action.");
    const id = idOf(endpointId);
    const endpoint = id ? await findEndpoint(id) : undefined;
    if (!endpoint) return notFound();
    if (endpoint.fromEnvironment && notForEnvironmentEndpoint.has(intent)) {
      return refused({ form: "environment", endpointId: endpoint.id }, 409);
    }
    return await run(endpoint, form);
  } catch (error) {
    return answerRejected(error);
  }
}
