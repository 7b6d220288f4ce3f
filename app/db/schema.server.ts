import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { BillingPeriod } from "~/content/plans";
import { ATTRIBUTION_LIMITS, clickIdKinds, type ClickIdKind } from "~/schemas/attribution";
import { funnelEvents, type FunnelEvent } from "~/content/funnel-events";
import { demoOutcomes, type DemoOutcome } from "~/schemas/demo-outcome";
import type { HoursRange } from "~/schemas/demo-host";
import type { WebhookEventType } from "~/content/webhook-events";
import {
  routingOutcomes,
  type RoutingConditions,
  type RoutingOutcome,
  type RoutingTrace,
} from "~/schemas/demo-routing";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * Where a lead or an order came from; `click_id` is which ad click id was present, never its value. Bounded here as
 * well as in ~/schemas/attribution, so nothing is stored unbounded whatever writes the row.
 */
const attributionColumns = () => ({
  utmSource: text("utm_source"),
  utmMedium: text("utm_medium"),
  utmCampaign: text("utm_campaign"),
  utmTerm: text("utm_term"),
  utmContent: text("utm_content"),
  clickId: text("click_id").$type<ClickIdKind>(),
  referrerHost: text("referrer_host"),
  landingPath: text("landing_path"),
});

function attributionChecks(name: string, table: Record<keyof ReturnType<typeof attributionColumns>, unknown>) {
  const utm = ATTRIBUTION_LIMITS.utm;
  return [
    check(
      `${name}_utm_length_check`,
      sql`coalesce(char_length(${table.utmSource}), 0) <= ${sql.raw(String(utm))}
        and coalesce(char_length(${table.utmMedium}), 0) <= ${sql.raw(String(utm))}
        and coalesce(char_length(${table.utmCampaign}), 0) <= ${sql.raw(String(utm))}
        and coalesce(char_length(${table.utmTerm}), 0) <= ${sql.raw(String(utm))}
        and coalesce(char_length(${table.utmContent}), 0) <= ${sql.raw(String(utm))}`,
    ),
    check(
      `${name}_click_id_check`,
      sql`${table.clickId} is null or ${table.clickId} in (${sql.raw(clickIdKinds.map((kind) => `'${kind}'`).join(", "))})`,
    ),
    check(
      `${name}_referrer_landing_length_check`,
      sql`coalesce(char_length(${table.referrerHost}), 0) <= ${sql.raw(String(ATTRIBUTION_LIMITS.referrerHost))}
        and coalesce(char_length(${table.landingPath}), 0) <= ${sql.raw(String(ATTRIBUTION_LIMITS.landingPath))}`,
    ),
  ];
}

// The spec's table, plus `submission_id`: the unique key that makes a double submit store one row.
export const demoRequests = pgTable(
  "demo_requests",
  {
    id: id(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    company: text("company").notNull(),
    dealVolume: text("deal_volume"),
    challenges: text("challenges"),
    submissionId: text("submission_id")
      .notNull()
      .unique()
      .$defaultFn(() => crypto.randomUUID()),
    ...attributionColumns(),
    // The consent the form's small print asked for: which wording (consent_disclosures), on which page, agreed to
    // at created_at. Null for a lead that came through the API, which shows no small print.
    consentVersion: text("consent_version"),
    consentPage: text("consent_page"),
    // Sent with the form's trap field filled: kept for the admin to judge, never e-mailed to sales nor sent to
    // webhooks, since a real visitor's browser may fill a field it should not.
    suspectedSpam: boolean("suspected_spam").notNull().default(false),
    // The time this lead asked for and was held back from while its day was booking up too fast (ADR 0056): it
    // is stored request-only, and such leads keep the day closed to online booking while they keep coming.
    heldBackSlotStart: timestamp("held_back_slot_start", { withTimezone: true }),
    // The optional trade answer (the spec's industry list) and why the lead went where it went (ADR 0057).
    trade: text("trade"),
    routing: jsonb("routing").$type<RoutingTrace>(),
    createdAt: createdAt(),
  },
  (table) => [
    index("demo_requests_created_at_idx").on(table.createdAt, table.id),
    index("demo_requests_held_back_idx")
      .on(table.heldBackSlotStart)
      .where(sql`${table.heldBackSlotStart} is not null`),
    // The privacy lookup and erasure find a person's leads by address in any case.
    index("demo_requests_email_lower_idx").on(sql`lower(${table.email})`),
    ...attributionChecks("demo_requests", table),
    check("demo_requests_trade_check", sql`coalesce(char_length(${table.trade}), 0) <= 80`),
  ],
);

// Every wording of the demo form's consent small print a lead agreed to, by the hash leads record.
export const consentDisclosures = pgTable("consent_disclosures", {
  version: text("version").primaryKey(),
  text: text("text").notNull(),
  firstAgreedAt: timestamp("first_agreed_at", { withTimezone: true }).notNull().defaultNow(),
});

// The spec's table; `password` holds an argon2id hash, never the password.
export const users = pgTable("users", {
  id: id(),
  username: text("username").notNull().unique(),
  password: text("password").notNull(),
  createdAt: createdAt(),
});

// The cookie carries a random token and the row its SHA-256, so signing out or a password reset ends a session
// even for someone holding a copy of the cookie.
export const adminSessions = pgTable(
  "admin_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("admin_sessions_user_id_idx").on(table.userId)],
);

export const orderStatuses = ["pending", "paid", "expired", "canceled"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orders = pgTable(
  "orders",
  {
    id: id(),
    status: text("status").$type<OrderStatus>().notNull().default("pending"),
    planIds: text("plan_ids").array().notNull(),
    billingPeriod: text("billing_period").$type<BillingPeriod>().notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    couponCode: text("coupon_code"),
    companyName: text("company_name").notNull(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    provider: text("provider").$type<"stripe" | "test">().notNull(),
    // Stripe's convention: false for test mode and Stripe test keys. Only live orders are revenue.
    livemode: boolean("livemode").notNull().default(false),
    providerSessionId: text("provider_session_id").unique(),
    // One per "Complete Order" attempt: a resubmitted attempt finds its order instead of making another.
    attemptId: text("attempt_id").notNull().unique(),
    ...attributionColumns(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // When the payment was confirmed: the dashboard counts paid revenue on this day.
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (table) => [
    check("orders_status_check", sql`${table.status} in ('pending', 'paid', 'expired', 'canceled')`),
    index("orders_created_at_idx").on(table.createdAt),
    // The privacy lookup and erasure find a person's orders by address in any case.
    index("orders_email_lower_idx").on(sql`lower(${table.email})`),
    index("orders_paid_at_idx")
      .on(table.paidAt)
      .where(sql`${table.status} = 'paid'`),
    ...attributionChecks("orders", table),
  ],
);

// Stripe webhook events already applied: an event id is processed once however often Stripe retries it.
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

// A Checkout Session Stripe reported paid whose order is gone (erased or retained away while pending) or was
// expired or canceled: the money arrived with no order to show for it, so an admin must refund or recreate it.
// Recorded with the event that told us, in its transaction; no personal data, the session id finds it in Stripe.
export const paymentsWithoutOrder = pgTable("payments_without_order", {
  id: id(),
  stripeEventId: text("stripe_event_id").notNull().unique(),
  providerSessionId: text("provider_session_id").notNull(),
  // The order id the session named, if any.
  orderRef: text("order_ref"),
  reason: text("reason").$type<"order-missing" | "order-expired" | "order-canceled">().notNull(),
  amountTotalCents: integer("amount_total_cents"),
  currency: text("currency"),
  livemode: boolean("livemode").notNull().default(false),
  createdAt: createdAt(),
  // When an admin marked it dealt with (refunded or taken again in Stripe): off the notice, and retention's to delete.
  resolvedAt: timestamp("resolved_at", { withTimezone: true }),
});

// Messages written in the same transaction as the row they announce, delivered later by a worker.
export const outbox = pgTable(
  "outbox",
  {
    id: id(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    status: text("status").$type<"pending" | "delivered" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    // Insertion order: a webhook delivery waits for the earlier ones of its record and endpoint (ADR 0033).
    seq: bigint("seq", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
  },
  (table) => [
    index("outbox_due_idx").on(table.status, table.nextAttemptAt),
    // A delivery's "earlier ones of my record and endpoint" and an endpoint's delivery log.
    index("outbox_webhook_idx")
      .on(sql`(${table.payload}->>'endpointId')`, table.seq)
      .where(sql`${table.kind} = 'webhook-delivery'`),
    // The messages about a lead, its bookings or a record's webhook copies: what the privacy lookup, an erasure and
    // the retention batches find (messagesAbout), and an invite's earlier versions.
    index("outbox_demo_request_id_idx").on(sql`(${table.payload}->>'demoRequestId')`),
    index("outbox_booking_id_idx").on(sql`(${table.payload}->>'bookingId')`),
    index("outbox_record_key_idx").on(sql`(${table.payload}->>'recordKey')`),
  ],
);

// Signed webhook targets (ADR 0033). The secrets are sealed (ADR 0043: utils/secret-box); after a rotation the
// previous one stays valid until `previous_secret_expires_at`.
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: id(),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    eventTypes: text("event_types").array().$type<WebhookEventType[]>().notNull(),
    active: boolean("active").notNull().default(true),
    secret: text("secret").notNull(),
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
    // From WEBHOOK_URL/WEBHOOK_SECRET: its URL, secret and events follow the environment, not the admin page.
    fromEnvironment: boolean("from_environment").notNull().default(false),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    disabledReason: text("disabled_reason"),
    // Since when every attempt failed (app clock); null after a success. Drives the automatic disabling.
    failingSince: timestamp("failing_since", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("webhook_endpoints_url_check", sql`char_length(${table.url}) between 8 and 2048`),
    check("webhook_endpoints_description_check", sql`char_length(${table.description}) <= 200`),
    check("webhook_endpoints_disabled_check", sql`(${table.disabledAt} is null) = (${table.disabledReason} is null)`),
  ],
);

// One attempt to deliver one webhook (an outbox row of kind webhook-delivery): the endpoint's delivery log.
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: id(),
    deliveryId: text("delivery_id").notNull(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
    // The HTTP status, or null when no answer came (refused, reset, timed out).
    status: integer("status"),
    latencyMs: integer("latency_ms").notNull(),
    // The first bytes of the answer, or why there was none.
    responseExcerpt: text("response_excerpt").notNull().default(""),
    error: text("error"),
  },
  (table) => [index("webhook_attempts_endpoint_idx").on(table.endpointId, table.attemptedAt)],
);

// The people who run demos (ADR 0030). A host is never deleted (bookings keep naming them); an inactive one takes
// no new bookings.
export const demoHosts = pgTable(
  "demo_hosts",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    timeZone: text("time_zone").notNull(),
    weeklyHours: jsonb("weekly_hours").$type<HoursRange[]>().notNull(),
    active: boolean("active").notNull().default(true),
    // At most this many live demos a day (the business's zone); null: no maximum (ADR 0057).
    dailyMax: integer("daily_max"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("demo_hosts_name_check", sql`char_length(${table.name}) between 1 and 80`),
    check("demo_hosts_email_check", sql`char_length(${table.email}) between 3 and 254`),
    check("demo_hosts_daily_max_check", sql`${table.dailyMax} is null or ${table.dailyMax} >= 1`),
  ],
);

// ADR 0057. A team is a named set of hosts, each with a weight; with no team and no rule every lead goes to the
// implicit team of every active host, as before routing. `is_default`: the team of leads no rule matches.
export const demoRoutingTeams = pgTable(
  "demo_routing_teams",
  {
    id: id(),
    name: text("name").notNull().unique(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("demo_routing_teams_name_check", sql`char_length(${table.name}) between 1 and 80`),
    uniqueIndex("demo_routing_teams_one_default_idx")
      .on(table.isDefault)
      .where(sql`${table.isDefault}`),
  ],
);

export const demoRoutingTeamMembers = pgTable(
  "demo_routing_team_members",
  {
    teamId: text("team_id")
      .notNull()
      .references(() => demoRoutingTeams.id, { onDelete: "cascade" }),
    hostId: text("host_id")
      .notNull()
      .references(() => demoHosts.id, { onDelete: "cascade" }),
    weight: integer("weight").notNull().default(1),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.hostId] }),
    check("demo_routing_team_members_weight_check", sql`${table.weight} between 1 and 100`),
    index("demo_routing_team_members_host_idx").on(table.hostId),
  ],
);

// Ordered rules: the first whose conditions hold decides. `team_id` null: the default team.
export const demoRoutingRules = pgTable(
  "demo_routing_rules",
  {
    id: id(),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    conditions: jsonb("conditions").$type<RoutingConditions>().notNull().default({}),
    outcome: text("outcome").$type<RoutingOutcome>().notNull(),
    teamId: text("team_id").references(() => demoRoutingTeams.id, { onDelete: "set null" }),
    selfServePlanId: text("self_serve_plan_id"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("demo_routing_rules_name_check", sql`char_length(${table.name}) between 1 and 80`),
    check(
      "demo_routing_rules_outcome_check",
      sql`${table.outcome} in (${sql.raw(routingOutcomes.map((outcome) => `'${outcome}'`).join(", "))})`,
    ),
    check(
      "demo_routing_rules_plan_check",
      sql`(${table.outcome} = 'self-serve') = (${table.selfServePlanId} is not null)`,
    ),
    index("demo_routing_rules_position_idx").on(table.position, table.createdAt),
  ],
);

// Every change to teams and rules (who, when, what), written in the change's own transaction (ADR 0057).
export const demoRoutingChanges = pgTable(
  "demo_routing_changes",
  {
    id: id(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    changedBy: text("changed_by").notNull(),
    action: text("action").notNull(),
    subjectId: text("subject_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index("demo_routing_changes_changed_at_idx").on(table.changedAt)],
);

// A calendar feed's key (the team's, or one host's): only its SHA-256 is kept, so a dump opens no feed. No row, no
// feed: revoking deletes it, a rotation replaces it, and a host's row goes when the host is deactivated.
export const calendarFeedKeys = pgTable("calendar_feed_keys", {
  feed: text("feed").primaryKey(),
  hostId: text("host_id").references(() => demoHosts.id, { onDelete: "cascade" }),
  keyHash: text("key_hash").notNull(),
  createdAt: createdAt(),
});

// A host's days off: calendar dates in the host's own zone, first and last day included.
export const demoHostTimeOff = pgTable(
  "demo_host_time_off",
  {
    id: id(),
    hostId: text("host_id")
      .notNull()
      .references(() => demoHosts.id, { onDelete: "cascade" }),
    firstDay: date("first_day", { mode: "string" }).notNull(),
    lastDay: date("last_day", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("demo_host_time_off_days_check", sql`${table.lastDay} >= ${table.firstDay}`),
    index("demo_host_time_off_host_idx").on(table.hostId, table.firstDay),
  ],
);

// ADR 0016, 0030. No two live bookings of one host overlap: the exclusion constraint demo_bookings_host_busy_excl
// is in migration 0005 (drizzle cannot declare one). `seat`: the seat of a booking made before hosts.
export const demoBookings = pgTable(
  "demo_bookings",
  {
    id: id(),
    demoRequestId: text("demo_request_id")
      .notNull()
      .references(() => demoRequests.id, { onDelete: "cascade" }),
    slotStart: timestamp("slot_start", { withTimezone: true }).notNull(),
    slotEnd: timestamp("slot_end", { withTimezone: true }).notNull(),
    seat: smallint("seat"),
    hostId: text("host_id").references(() => demoHosts.id),
    // The zone the visitor picked the time in (the form's, else none): their e-mails show the time in it too.
    visitorTimeZone: text("visitor_time_zone"),
    status: text("status").$type<"booked" | "cancelled">().notNull().default("booked"),
    // iCalendar SEQUENCE: +1 on every reschedule or cancellation, so calendars replace the older invite.
    sequence: integer("sequence").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    // What became of the demo once its slot ended (ADR 0032); null until sales mark it. `outcome_at`: last set.
    outcome: text("outcome").$type<DemoOutcome>(),
    outcomeAt: timestamp("outcome_at", { withTimezone: true }),
    // Cancelled by an admin's "release" of a booking flood (ADR 0056): when, and which admin.
    releasedAt: timestamp("released_at", { withTimezone: true }),
    releasedBy: text("released_by"),
  },
  (table) => [
    check("demo_bookings_status_check", sql`${table.status} in ('booked', 'cancelled')`),
    check(
      "demo_bookings_outcome_check",
      sql`${table.outcome} is null or ${table.outcome} in (${sql.raw(demoOutcomes.map((outcome) => `'${outcome}'`).join(", "))})`,
    ),
    check("demo_bookings_outcome_at_check", sql`(${table.outcome} is null) = (${table.outcomeAt} is null)`),
    check("demo_bookings_seat_check", sql`${table.seat} >= 1`),
    check("demo_bookings_slot_check", sql`${table.slotEnd} > ${table.slotStart}`),
    check("demo_bookings_visitor_time_zone_check", sql`coalesce(char_length(${table.visitorTimeZone}), 0) <= 64`),
    uniqueIndex("demo_bookings_one_live_per_request_idx")
      .on(table.demoRequestId)
      .where(sql`${table.status} = 'booked'`),
    index("demo_bookings_demo_request_id_idx").on(table.demoRequestId),
    index("demo_bookings_host_idx").on(table.hostId, table.slotStart),
    // The dashboard's demo figures and the past-demos list: live bookings by the time of their slot.
    index("demo_bookings_live_slot_start_idx")
      .on(table.slotStart)
      .where(sql`${table.status} = 'booked'`),
  ],
);

// Rate-limit counters shared by every instance (ADR 0018), in the shape rate-limiter-flexible's RateLimiterDrizzle
// reads; the index on `expire` serves its deletion of expired rows.
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull(),
    expire: timestamp("expire", { withTimezone: true }),
  },
  (table) => [index("rate_limit_counters_expire_idx").on(table.expire)],
);

// Jobs that run once across all instances on a schedule (ADR 0046): the instance whose update moves
// `next_run_at` past the app clock's now runs the job; the others see it moved and wait for the next turn.
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }),
  lastFinishedAt: timestamp("last_finished_at", { withTimezone: true }),
  // What the last run did (counts only, never a record's contents), for operators.
  lastOutcome: jsonb("last_outcome"),
});

// One row per erasure, holding no personal data: not the address, not a hash of it, not the ids of what went.
export const erasureAudit = pgTable("erasure_audit", {
  id: id(),
  erasedAt: timestamp("erased_at", { withTimezone: true }).notNull(),
  erasedBy: text("erased_by").notNull(),
  leads: integer("leads").notNull(),
  bookings: integer("bookings").notNull(),
  ordersErased: integer("orders_erased").notNull(),
  ordersKept: integer("orders_kept").notNull(),
  messages: integer("messages").notNull(),
});

export type DemoRequestRow = typeof demoRequests.$inferSelect;
export type DemoBookingRow = typeof demoBookings.$inferSelect;
export type DemoHostRow = typeof demoHosts.$inferSelect;
export type DemoRoutingTeamRow = typeof demoRoutingTeams.$inferSelect;
export type DemoRoutingRuleRow = typeof demoRoutingRules.$inferSelect;
export type DemoRoutingChangeRow = typeof demoRoutingChanges.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;

// The cookieless funnel: a count per business-zone day and event; no visitor, address or session is ever stored.
export const funnelDailyCounts = pgTable(
  "funnel_daily_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    event: text("event").$type<FunnelEvent>().notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.event] }),
    check(
      "funnel_daily_counts_event_check",
      sql`${table.event} in (${sql.raw(funnelEvents.map((event) => `'${event}'`).join(", "))})`,
    ),
    check("funnel_daily_counts_count_check", sql`${table.count} >= 0`),
  ],
);
