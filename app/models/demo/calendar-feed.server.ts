import { eq } from "drizzle-orm";
import { calendarFeedKeys, demoHosts } from "~/db/schema.server";
import { getDb } from "~/db/connection.server";

/** The team's feed, or one host's. */
export type FeedRef = { hostId: string | null };

/** The row's key: one row per feed. */
export const feedName = ({ hostId }: FeedRef) => (hostId ? `host:${hostId}` : "team");

/** Replaces the feed's key hash (a rotation), or makes the first one. */
export async function storeFeedKeyHash(feed: FeedRef, keyHash: string, at: Date): Promise<"created" | "rotated"> {
  const name = feedName(feed);
  return getDb().transaction(async (tx) => {
    const [existing] = await tx
      .select({ feed: calendarFeedKeys.feed })
      .from(calendarFeedKeys)
      .where(eq(calendarFeedKeys.feed, name))
      .for("update");
    await tx
      .insert(calendarFeedKeys)
      .values({ feed: name, hostId: feed.hostId, keyHash, createdAt: at })
      .onConflictDoUpdate({ target: calendarFeedKeys.feed, set: { keyHash, createdAt: at } });
    return existing ? "rotated" : "created";
  });
}

/** True when the feed had a key. */
export async function deleteFeedKey(feed: FeedRef): Promise<boolean> {
  const deleted = await getDb()
    .delete(calendarFeedKeys)
    .where(eq(calendarFeedKeys.feed, feedName(feed)))
    .returning({ feed: calendarFeedKeys.feed });
  return deleted.length > 0;
}

/** The feed's key hash, if it has one and, for a host's feed, the host is active. */
export async function liveFeedKeyHash(feed: FeedRef): Promise<string | undefined> {
  const [row] = await getDb()
    .select({ keyHash: calendarFeedKeys.keyHash, hostActive: demoHosts.active })
    .from(calendarFeedKeys)
    .leftJoin(demoHosts, eq(demoHosts.id, calendarFeedKeys.hostId))
    .where(eq(calendarFeedKeys.feed, feedName(feed)));
  if (!row || (feed.hostId && row.hostActive !== true)) return undefined;
  return row.keyHash;
}

/** When each feed's current key was made, by feed name. */
export async function feedKeyDates(): Promise<Map<string, Date>> {
  const rows = await getDb()
    .select({ feed: calendarFeedKeys.feed, createdAt: calendarFeedKeys.createdAt })
    .from(calendarFeedKeys);
  return new Map(rows.map((row) => [row.feed, row.createdAt]));
}
