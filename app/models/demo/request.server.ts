import { createHash } from "node:crypto";
import { currentTraceparent } from "~/utils/tracing.server";
import { and, desc, eq, gt, ilike, or, sql, type SQL } from "drizzle-orm";
import { consentDisclosures, demoRequests, outbox, type DemoRequestRow } from "~/db/schema.server";
import type { RoutingTrace } from "~/schemas/demo-routing";
import type { OutboxMessage } from "~/models/outbox/messages.server";
import { funnelCountFrom, incrementFunnelCounts, type FunnelCount } from "~/models/insight/funnel.server";
import {
  changingBookings,
  dayIsBookingUpFast,
  findLiveBookingOf,
  insertRoutedBooking,
  queueInviteAndReminders,
  type DayPace,
  type DemoBooking,
  type HostChoice,
} from "~/models/demo/booking.server";
import type { DemoRequestData, StoredDemoRequest } from "~/schemas/demo-request";
import type { demoHoneypotField } from "~/schemas/demo-request-fields";
import { attributionKeys, type Attribution } from "~/schemas/attribution";
import { getDb, type Database, type Transaction } from "~/db/connection.server";
import { placeholders, preparedPerHandle } from "~/db/prepared.server";
import { leadCreated, newWebhookEventId, queueWebhookEvents, storedLeadCreated } from "~/models/webhooks/event.server";
import { now } from "~/utils/time/clock.server";
import { escapeLike, normalizeSearch, paginate, type Paginated } from "~/models/pagination.server";
import { demoRequestRecordKeys } from "~/models/record-json.server";

export type NewDemoRequest = Omit<
  DemoRequestData,
  "submissionId" | typeof demoHoneypotField | "slotStart" | "timeZone" | "trade"
> & {
  submissionId: string;
  /** The optional trade answer (ADR 0057); absent or "" for none. */
  trade?: string;
  /** Where the visit came from; stored with a new lead, never compared (see isSameSubmission). */
  attribution?: Attribution;
  /** The small print the form showed (its hash and exact text) and the page it was on; none through the API. */
  consent?: LeadConsent;
  /** Why the lead goes where it goes (ADR 0057); the host is added when a booking picks one. */
  routing?: RoutingTrace;
};

/** `text` is given the first time a wording is agreed to; an earlier wording is already kept. */
export type LeadConsent = { version: string; text?: string; page: string };

/** A wording some lead already agreed to: the versions a page still cached by a CDN may show. */
export async function isKnownConsentVersion(version: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ version: consentDisclosures.version })
    .from(consentDisclosures)
    .where(eq(consentDisclosures.version, version));
  return Boolean(row);
}

function attributionValues(attribution: Attribution = {}) {
  return Object.fromEntries(attributionKeys.map((key) => [key, attribution[key] ?? null])) as {
    [Key in keyof Attribution]-?: Attribution[Key] | null;
  };
}

/** The public shape of a stored request (what the API answers); the submission id stays internal. */
export function toStoredDemoRequest(row: DemoRequestRow): StoredDemoRequest {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    company: row.company,
    dealVolume: row.dealVolume,
    challenges: row.challenges,
    createdAt: row.createdAt.toISOString(),
  };
}

const newLeadEmail = "new-lead-email" satisfies OutboxMessage["kind"];

/**
 * Exactly once per submission id. A replay inserts nothing and reads the row in a second statement, whose newer
 * snapshot sees a concurrent duplicate's commit.
 */
export async function createDemoRequest(
  input: NewDemoRequest,
  slot?: RequestedSlot,
  count?: FunnelCount,
  { oncePerLead = false } = {},
): Promise<CreatedDemoRequest> {
  const write = oncePerLead
    ? () => onceInTransaction(input, slot, count)
    : slot
      ? () => getDb().transaction((tx) => createDemoRequestWithSlot(tx, input, slot, count))
      : () => insertDemoRequest(getDb(), input, count);
  return slot ? changingBookings(write) : write();
}

// Every field of a lead but created_at, which the database sets.
const leadColumns = demoRequestRecordKeys.filter((key): key is Exclude<typeof key, "createdAt"> => key !== "createdAt");

function newLeadValues(input: NewDemoRequest) {
  return {
    id: crypto.randomUUID(),
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    company: input.company,
    dealVolume: input.dealVolume || null,
    challenges: input.challenges || null,
    submissionId: input.submissionId,
    ...attributionValues(input.attribution),
    consentVersion: input.consent?.version ?? null,
    consentPage: input.consent?.page ?? null,
  } satisfies Record<(typeof leadColumns)[number], unknown>;
}

/** What a new lead stores beyond its record's fields: its trade and routing trace (ADR 0057). */
function routingValues(input: NewDemoRequest) {
  return { trade: input.trade || null, routing: input.routing ?? null };
}

/** A CTE that keeps a consent wording's text the first time a lead agrees to it, in the lead's own statement. */
function keptDisclosure(db: Database | Transaction, version: unknown, text: unknown) {
  return db.$with("disclosure", {}).as(sql`
    insert into ${consentDisclosures} (${sql.identifier(consentDisclosures.version.name)}, ${sql.identifier(consentDisclosures.text.name)})
    select ${version}::text, ${text}::text where ${version}::text is not null and ${text}::text is not null
    on conflict do nothing`);
}

/** The lead, its outbox row, its webhooks and (`counted`) its count in one statement. */
function leadInsert(counted: boolean) {
  return preparedPerHandle((db: Database | Transaction) => {
    const inserted = db.$with("inserted").as(
      db
        .insert(demoRequests)
        .values({
          ...placeholders(leadColumns),
          trade: sql.placeholder("trade"),
          routing: sql`${sql.placeholder("routing")}::jsonb`,
        })
        .onConflictDoNothing({ target: demoRequests.submissionId })
        .returning(),
    );
    const queued = db.$with("queued", {}).as(sql`
      -- Runs although the final select does not read it: PostgreSQL executes every data-modifying CTE.
      insert into ${outbox} (${sql.identifier(outbox.id.name)}, ${sql.identifier(outbox.kind.name)}, ${sql.identifier(outbox.payload.name)})
      select ${sql.placeholder("outboxId")}, ${newLeadEmail}, jsonb_build_object('demoRequestId', inserted.id) from inserted`);
    const webhooks = db
      .$with("webhooks", {})
      .as(
        queueWebhookEvents(
          [{ source: leadCreated(sql`inserted`), id: sql.placeholder("webhookEventId") }],
          sql.placeholder("eventAt"),
          sql.placeholder("traceparent"),
        ),
      );
    const disclosure = keptDisclosure(db, sql.placeholder("consentVersion"), sql.placeholder("consentText"));
    const counts = counted
      ? [db.$with("counted", {}).as(funnelCountFrom(sql`inserted`, "demo_submitted", sql.placeholder("day")))]
      : [];
    return db
      .with(inserted, queued, webhooks, disclosure, ...counts)
      .select()
      .from(inserted)
      .prepare(counted ? "demo_lead_insert_counted" : "demo_lead_insert");
  });
}

const leadInserts = { counted: leadInsert(true), uncounted: leadInsert(false) };

async function insertDemoRequest(
  db: Database | Transaction,
  input: NewDemoRequest,
  count?: FunnelCount,
): Promise<CreatedDemoRequest> {
  const routing = routingValues(input);
  const [inserted] = await (count ? leadInserts.counted : leadInserts.uncounted)(db).execute({
    ...newLeadValues(input),
    trade: routing.trade,
    routing: routing.routing === null ? null : JSON.stringify(routing.routing),
    consentText: input.consent?.text ?? null,
    outboxId: crypto.randomUUID(),
    webhookEventId: newWebhookEventId(),
    traceparent: currentTraceparent() ?? null,
    eventAt: now().toISOString(),
    day: count?.day,
  });
  if (inserted) return { row: inserted, created: true, slotTaken: false };
  const [existing] = await db.select().from(demoRequests).where(eq(demoRequests.submissionId, input.submissionId));
  if (!existing) throw new Error("demo request insert conflicted but no row holds its submission id");
  return { row: existing, created: false, slotTaken: false };
}

/**
 * A lead sent with the trap field filled, kept as suspected spam: no booking, no sales e-mail, no webhooks, no count.
 * Stored once per submission id, like any lead.
 */
export async function storeSuspectedSpam(input: NewDemoRequest): Promise<DemoRequestRow> {
  const db = getDb();
  const [inserted] = await db
    .with(keptDisclosure(db, input.consent?.version ?? null, input.consent?.text ?? null))
    .insert(demoRequests)
    .values({ ...newLeadValues(input), ...routingValues(input), suspectedSpam: true })
    .onConflictDoNothing({ target: demoRequests.submissionId })
    .returning();
  if (inserted) return inserted;
  const [existing] = await db.select().from(demoRequests).where(eq(demoRequests.submissionId, input.submissionId));
  if (!existing) throw new Error("demo request insert conflicted but no row holds its submission id");
  return existing;
}

/** A picked slot and what the database needs to choose its host (ADR 0030). */
export type RequestedSlot = {
  slotStart: Date;
  slotEnd: Date;
  choice: HostChoice;
  visitorTimeZone?: string;
  /** The day's booking pace (ADR 0056); without it the day is not paced. */
  pace?: DayPace;
};

type CreatedDemoRequest = {
  row: DemoRequestRow;
  created: boolean;
  /** The lead's live booking: made now, or found when this submission was already booked. */
  booking?: DemoBooking;
  /** A slot was asked for and every seat was taken: the lead is kept, as "needs a time" (ADR 0016). */
  slotTaken: boolean;
  /**
   * The slot's day was booking up faster than its pace allows (ADR 0056): the lead is kept request-only, with the
   * time it asked for, and sales are told it needs a time.
   */
  heldBack?: boolean;
  /** `booking` was made by this call (not found from an earlier one). */
  bookedNow?: boolean;
  /**
   * Posted without a submission id and matched to an earlier lead by its details (`oncePerLead`): nothing is
   * stored or booked, and the answer must say nothing of that lead, since anyone who knows the details can post them.
   */
  matched?: boolean;
};

/**
 * The lead, its booking and their messages in one transaction. A taken slot keeps the lead ("needs a time"), and a
 * retry with the same submission id books for it. A replay answers its booking; one with other details books nothing.
 */
async function createDemoRequestWithSlot(
  tx: Transaction,
  input: NewDemoRequest,
  slot: RequestedSlot,
  count?: FunnelCount,
): Promise<CreatedDemoRequest> {
  const inserted = await tx
    .with(keptDisclosure(tx, input.consent?.version ?? null, input.consent?.text ?? null))
    .insert(demoRequests)
    .values({ ...newLeadValues(input), ...routingValues(input) })
    .onConflictDoNothing({ target: demoRequests.submissionId })
    .returning();
  let row = inserted[0];
  const created = Boolean(row);
  if (!row) {
    // This statement's snapshot is newer than the insert's: it sees a duplicate that committed meanwhile.
    [row] = await tx.select().from(demoRequests).where(eq(demoRequests.submissionId, input.submissionId));
    if (!row) throw new Error("demo request insert conflicted but no row holds its submission id");
    if (!isSameSubmission(row, input)) return { row, created, slotTaken: false };
    const live = await findLiveBookingOf(row.id, tx);
    if (live) return { row, created, booking: live, slotTaken: false };
  }

  if (slot.pace && (await dayIsBookingUpFast(tx, slot.pace))) {
    [row] = await tx
      .update(demoRequests)
      .set({ heldBackSlotStart: slot.slotStart })
      .where(eq(demoRequests.id, row.id))
      .returning();
    if (created) await queueNeedsTime(tx, row.id);
    if (count && created) await incrementFunnelCounts(tx, count, ["demo_submitted"]);
    return { row, created, slotTaken: false, heldBack: true };
  }
  const routed = await insertRoutedBooking(tx, {
    demoRequestId: row.id,
    choice: slot.choice,
    visitorTimeZone: slot.visitorTimeZone,
  });
  const booking = routed?.booking;
  // The statement completed the stored trace with the host; the row read before it gets the same.
  if (routed && row.routing) row = { ...row, routing: { ...row.routing, host: routed.routingHost } };
  if (booking) {
    // The sales e-mail and lead.created of a new lead go in the booking's own statement: no extra round trip.
    await queueInviteAndReminders(tx, booking, "REQUEST", {
      leadCreated: created,
      messages: created ? [{ kind: newLeadEmail, payload: { demoRequestId: row.id } }] : [],
    });
  } else if (!created) {
    // A twin of this replay (same submission, sent twice at once) may have booked the lead meanwhile.
    const live = await findLiveBookingOf(row.id, tx);
    if (live) return { row, created, booking: live, slotTaken: false };
  } else {
    await queueNeedsTime(tx, row.id);
  }
  // Last, so the day's count rows (every booking's) are locked only for the commit's round trip.
  if (count) {
    await incrementFunnelCounts(tx, count, [
      ...(created ? (["demo_submitted"] as const) : []),
      ...(booking ? (["demo_booked"] as const) : []),
    ]);
  }
  return { row, created, booking, slotTaken: !booking, bookedNow: Boolean(booking) };
}

/** A new lead that did not get a time: sales' e-mail says it needs one, and lead.created goes out. */
async function queueNeedsTime(tx: Transaction, demoRequestId: string) {
  await tx.execute(sql`
    with queued as (
      insert into ${outbox} (${sql.identifier(outbox.id.name)}, ${sql.identifier(outbox.kind.name)}, ${sql.identifier(outbox.payload.name)})
      values (${crypto.randomUUID()}, ${newLeadEmail}, ${JSON.stringify({ demoRequestId, needsTime: true })}::jsonb)
    )
    ${queueWebhookEvents([{ source: storedLeadCreated(demoRequestId), id: newWebhookEventId() }], now().toISOString(), currentTraceparent() ?? null)}`);
}

/** How long two identical submissions without a submission id count as one lead (ADR 0019). */
const SAME_LEAD_WINDOW_MINUTES = 10;

/** A transaction-scoped advisory lock key per mailbox: a signed 64-bit number from the address's SHA-256. */
function mailboxLockKey(email: string) {
  const digest = createHash("sha256").update(`demo-request:${email.toLowerCase()}`).digest();
  return digest.readBigInt64BE(0).toString();
}

/**
 * `oncePerLead`, for a form posted without a submission id (ADR 0019): the same details from the same mailbox
 * within the window are one lead. The mailbox's advisory lock serializes concurrent duplicates, so the second sees
 * the first's row. A match stores and books nothing: it is answered as `matched`, never with that lead's booking.
 */
function onceInTransaction(
  input: NewDemoRequest,
  slot?: RequestedSlot,
  count?: FunnelCount,
): Promise<CreatedDemoRequest> {
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${mailboxLockKey(input.email)}::bigint)`);
    const recent = await tx
      .select()
      .from(demoRequests)
      .where(
        and(
          eq(demoRequests.email, input.email),
          gt(demoRequests.createdAt, sql`now() - make_interval(mins => ${SAME_LEAD_WINDOW_MINUTES})`),
        ),
      )
      .orderBy(desc(demoRequests.createdAt));
    const same = recent.find((row) => isSameSubmission(row, input));
    if (same) return { row: same, created: false, slotTaken: false, matched: true };
    return slot ? createDemoRequestWithSlot(tx, input, slot, count) : insertDemoRequest(tx, input, count);
  });
}

/** A replay with the same id but other details must not be answered with what is stored; attribution is ignored. */
export function isSameSubmission(row: DemoRequestRow, input: NewDemoRequest): boolean {
  return (
    row.firstName === input.firstName &&
    row.lastName === input.lastName &&
    row.email === input.email &&
    row.phone === input.phone &&
    row.company === input.company &&
    row.dealVolume === (input.dealVolume || null) &&
    row.challenges === (input.challenges || null) &&
    row.trade === (input.trade || null)
  );
}

export async function findDemoRequest(id: string, db: Database = getDb()): Promise<DemoRequestRow | undefined> {
  const [row] = await db.select().from(demoRequests).where(eq(demoRequests.id, id));
  return row;
}

function searchCondition(query: string): SQL | undefined {
  if (!query) return undefined;
  const pattern = `%${escapeLike(query)}%`;
  return or(
    ilike(demoRequests.firstName, pattern),
    ilike(demoRequests.lastName, pattern),
    // "Ana Ruiz" should find Ana Ruiz although no single column holds it.
    sql`(${demoRequests.firstName} || ' ' || ${demoRequests.lastName}) ilike ${pattern}`,
    ilike(demoRequests.email, pattern),
    ilike(demoRequests.company, pattern),
  );
}

export async function listDemoRequests(
  options: { query?: string; page?: number } = {},
): Promise<Paginated<DemoRequestRow>> {
  const query = normalizeSearch(options.query);
  const where = searchCondition(query);
  return paginate(
    getDb()
      .select()
      .from(demoRequests)
      .where(where)
      .orderBy(desc(demoRequests.createdAt), desc(demoRequests.id))
      .$dynamic(),
    demoRequests,
    where,
    options.page ?? 1,
  );
}
