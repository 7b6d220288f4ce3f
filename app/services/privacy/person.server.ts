import { json, type TypedResponse } from "@remix-run/node";
import type { OrderRow } from "~/db/schema.server";
import { erasePerson, findPersonRecords, listErasures, type PersonRecords } from "~/models/privacy/person.server";
import { bookingRecordKeys, demoRequestRecordKeys, orderRecordKeys } from "~/models/record-json.server";
import { personErasureFields, personErasureSchema, personLookupSchema } from "~/schemas/person-request";
import type { AdminUser } from "~/models/admin/user.server";
import { adminHeaders, answerRejected } from "~/services/admin/session.server";
import { monthsBefore } from "~/services/privacy/retention.server";
import { getRetentionPolicy } from "~/utils/env.server";
import { assertSameOrigin, firstErrors, readForm, RequestRejected } from "~/utils/http/request.server";
import { redirectWithSuccess } from "~/utils/http/toast.server";
import { now } from "~/utils/time/clock.server";
import { pick } from "~/utils/pick";
import { plural } from "~/utils/plural";

const messageKeys = ["id", "kind", "status", "createdAt", "deliveredAt", "payload"] as const;
const attemptKeys = ["id", "deliveryId", "eventType", "attemptedAt", "status", "responseExcerpt"] as const;

/** A paid order is a payment record the law keeps: until its retention ends (then the retention job deletes it). */
function orderKeptUntil(order: OrderRow): Date | undefined {
  if (order.status !== "paid") return undefined;
  return monthsBefore(order.createdAt, -12 * getRetentionPolicy().orderYears);
}

/** All of it, as the JSON file the person is sent: the same fields as the CSV and the webhooks, and more. */
function personExport(email: string, records: PersonRecords) {
  return {
    email,
    exportedAt: now().toISOString(),
    note: "Paid orders are payment records the law requires us to keep; each says until when (keptUntil). Everything else is erased on request.",
    leads: records.leads.map((lead) => ({
      ...pick(lead, demoRequestRecordKeys),
      // Their routing answer and why they went where they went (ADR 0057) are theirs to see too.
      trade: lead.trade,
      routing: lead.routing,
      consentText: records.consentWordings.find((wording) => wording.version === lead.consentVersion)?.text ?? null,
      bookings: records.bookings
        .filter((booking) => booking.demoRequestId === lead.id)
        .map((booking) => pick(booking, bookingRecordKeys)),
    })),
    orders: records.orders.map((order) => ({
      ...pick(order, orderRecordKeys),
      keptUntil: orderKeptUntil(order)?.toISOString() ?? null,
    })),
    messages: records.messages.map((message) => pick(message, messageKeys)),
    webhookAttempts: records.webhookAttempts.map((attempt) => pick(attempt, attemptKeys)),
  };
}

type PersonLookup =
  | { state: "none" }
  | { state: "invalid"; email: string; error: string }
  | { state: "found"; email: string; export: ReturnType<typeof personExport> };

export async function lookUpPerson(url: URL): Promise<PersonLookup> {
  const email = url.searchParams.get("email");
  if (email === null || email.trim() === "") return { state: "none" };
  const parsed = personLookupSchema.safeParse({ email });
  if (!parsed.success) return { state: "invalid", email, error: parsed.error.issues[0]!.message };
  const records = await findPersonRecords(parsed.data.email);
  return { state: "found", email: parsed.data.email, export: personExport(parsed.data.email, records) };
}

export async function privacyPage(url: URL) {
  const lookup = await lookUpPerson(url);
  // The page counts the messages and attempts; their contents (copies of the records) go in the download only.
  const shown =
    lookup.state === "found"
      ? {
          ...lookup,
          export: {
            ...lookup.export,
            messages: lookup.export.messages.length,
            webhookAttempts: lookup.export.webhookAttempts.length,
          },
        }
      : lookup;
  return { lookup: shown, erasures: await listErasures() };
}

type ErasureAnswer = { email: string; errors: Partial<Record<(typeof personErasureFields)[number], string>> };

/** The caller has checked the admin session. */
export async function privacyAction(request: Request, admin: AdminUser): Promise<TypedResponse<ErasureAnswer>> {
  try {
    assertSameOrigin(request);
    const form = await readForm(request);
    if (form.get("intent") !== "erase") throw new RequestRejected(400, "Unknown privacy action.");
    const email = String(form.get("email") ?? "");
    const parsed = personErasureSchema.safeParse({ email, confirm: form.get("confirm") ?? undefined });
    if (!parsed.success) {
      return json(
        { email, errors: firstErrors(parsed.error.flatten().fieldErrors, personErasureFields) },
        { status: 400, headers: adminHeaders },
      );
    }
    const erased = await erasePerson(parsed.data.email, { by: admin.username, at: now() });
    const kept = erased.ordersKept
      ? ` ${plural(erased.ordersKept, "paid order")} kept as the law requires, until retention deletes ${erased.ordersKept === 1 ? "it" : "them"}.`
      : "";
    return redirectWithSuccess(
      "/admin/privacy",
      {
        message: "Erased",
        description: `${plural(erased.leads, "lead")}, ${plural(erased.bookings, "booking")}, ${plural(erased.ordersErased, "unpaid order")} and ${plural(erased.messages, "message")} erased.${kept}`,
      },
      { headers: adminHeaders },
    );
  } catch (error) {
    return answerRejected(error);
  }
}
