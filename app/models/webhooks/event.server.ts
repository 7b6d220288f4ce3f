import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { demoBookings, demoHosts, demoRequests, orders, outbox, webhookEndpoints } from "~/db/schema.server";
import { WEBHOOK_PAYLOAD_VERSION, type WebhookEventType } from "~/content/webhook-events";
import { bookingRecordKeys, demoRequestRecordKeys, orderRecordKeys, recordJson } from "~/models/record-json.server";

/**
 * Webhook events are outbox rows queued by the statement that writes their record (ADR 0033): an event exists
 * exactly when its record does, and carries the record as written.
 */
export const webhookDeliveryKind = "webhook-delivery";

export type WebhookDeliveryPayload = {
  endpointId: string;
  /** The record the event is about ("lead:<id>", "order:<id>"): its events reach an endpoint in order. */
  recordKey: string;
  event: {
    /** The Standard Webhooks `webhook-id`: the same for every endpoint and every retry of this event. */
    id: string;
    type: string;
    version: number;
    timestamp: string;
    data: Record<string, unknown>;
  };
  /** The queuing request's W3C trace context, with tracing on. */
  traceparent?: string;
};

/** Where an event's record is read from (aliases r = lead, b = booking, h = host, o = order) and how. */
type WebhookEventSource = { type: WebhookEventType; from: SQL; data: SQL; recordKey: SQL };

// The trade and the routing trace join the record once the business has set up routing (ADR 0057): until then a
// receiver gets exactly what it got before routing.
const leadRecord = sql`(${recordJson(demoRequests, demoRequestRecordKeys, "r")}
  || case when (r.${sql.identifier(demoRequests.routing.name)}->>'configured')::boolean
    then jsonb_build_object('trade', r.${sql.identifier(demoRequests.trade.name)}, 'routing', r.${sql.identifier(demoRequests.routing.name)})
    else '{}'::jsonb end)`;

/** `lead.created` for the lead row(s) of `rows` (a CTE's name, or a table with a condition). */
export function leadCreated(rows: SQL): WebhookEventSource {
  return { type: "lead.created", from: sql`${rows} r`, data: leadRecord, recordKey: sql.raw(`'lead:' || r.id`) };
}

/** `lead.created` for a lead stored earlier in the same transaction. */
export function storedLeadCreated(demoRequestId: string): WebhookEventSource {
  return leadCreated(sql`(select * from ${demoRequests} where ${demoRequests.id} = ${demoRequestId})`);
}

/** A booking's event: the lead's record with the booking (and its host) as `booking`. */
export function bookingEvent(
  type: Extract<WebhookEventType, `demo.${string}`>,
  bookingId: string | SQL,
): WebhookEventSource {
  return {
    type,
    from: sql`${demoBookings} b
      join ${demoRequests} r on r.${sql.identifier(demoRequests.id.name)} = b.${sql.identifier(demoBookings.demoRequestId.name)}
      left join ${demoHosts} h on h.${sql.identifier(demoHosts.id.name)} = b.${sql.identifier(demoBookings.hostId.name)}
      where b.${sql.identifier(demoBookings.id.name)} = ${bookingId}`,
    data: sql`${leadRecord} || jsonb_build_object('booking', ${recordJson(demoBookings, bookingRecordKeys, "b")}
      || jsonb_build_object('host', case when h.id is null then null
        else jsonb_build_object('id', h.id, 'name', h.name, 'email', h.email) end))`,
    recordKey: sql.raw(`'lead:' || r.id`),
  };
}

export function orderEvent(type: Extract<WebhookEventType, `order.${string}`>, rows: SQL): WebhookEventSource {
  return {
    type,
    from: sql`${rows} o`,
    data: recordJson(orders, orderRecordKeys, "o"),
    recordKey: sql.raw(`'order:' || o.id`),
  };
}

/** A fresh event id, in the `msg_` form Standard Webhooks receivers know. */
export function newWebhookEventId(): string {
  return `msg_${crypto.randomUUID().replaceAll("-", "")}`;
}

/**
 * In the order given (outbox `seq` keeps it). `traceparent` lets each delivery continue the queuing request's trace;
 * a prepared statement must bind it as a placeholder, or the first request's value would stay for good.
 */
export function queueWebhookEvents(
  events: { source: WebhookEventSource; id: string | Placeholder }[],
  at: string | Placeholder,
  traceparent: string | null | Placeholder,
): SQL {
  const selects = events.map(
    ({ source, id }, index) => sql`select ${sql.raw(String(index + 1))} as position, ${source.recordKey} as record_key,
      jsonb_build_object('id', ${id}::text, 'type', ${sql.raw(`'${source.type}'`)}, 'version', ${sql.raw(String(WEBHOOK_PAYLOAD_VERSION))},
        'timestamp', ${at}::text, 'data', ${source.data}) as event
      from ${source.from}`,
  );
  return sql`insert into ${outbox} (${sql.identifier(outbox.id.name)}, ${sql.identifier(outbox.kind.name)}, ${sql.identifier(outbox.payload.name)})
    select gen_random_uuid()::text, ${sql.raw(`'${webhookDeliveryKind}'`)},
      jsonb_build_object('endpointId', e.${sql.identifier(webhookEndpoints.id.name)}, 'recordKey', ev.record_key, 'event', ev.event)
        || case when ${traceparent}::text is null then '{}'::jsonb else jsonb_build_object('traceparent', ${traceparent}::text) end
    from (${sql.join(selects, sql` union all `)}) ev
    join ${webhookEndpoints} e on e.${sql.identifier(webhookEndpoints.active.name)}
      and (ev.event->>'type') = any(e.${sql.identifier(webhookEndpoints.eventTypes.name)})
    order by ev.position, e.${sql.identifier(webhookEndpoints.id.name)}`;
}
