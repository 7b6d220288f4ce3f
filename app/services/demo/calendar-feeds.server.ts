import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { json, type TypedResponse } from "@remix-run/node";
import {
  deleteFeedKey,
  feedKeyDates,
  feedName,
  liveFeedKeyHash,
  storeFeedKeyHash,
  type FeedRef,
} from "~/models/demo/calendar-feed.server";
import type { FeedLinkAnswer } from "~/schemas/demo-host";
import { hostById } from "~/services/demo/hosts.server";
import { adminHeaders } from "~/services/admin/session.server";
import { now } from "~/utils/time/clock.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { RequestRejected } from "~/utils/http/request.server";
import { redirectWithSuccess } from "~/utils/http/toast.server";

// A calendar app cannot sign in, so a feed's URL carries a random key of that feed's own: the database
// keeps its hash only, so the link is shown once, when it is made; a new one replaces it and revoking deletes it.

const KEY = /^[A-Za-z0-9_-]{43}$/;

const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

function feedUrl(feed: FeedRef, key: string): string {
  const base = `${getEnv().APP_URL}/calendar/demos.ics`;
  return feed.hostId ? `${base}?host=${encodeURIComponent(feed.hostId)}&key=${key}` : `${base}?key=${key}`;
}

/** True when `key` is the feed's current key and, for a host's feed, the host is active. */
export async function isLiveFeedKey(feed: FeedRef, key: string | null): Promise<boolean> {
  if (!key || !KEY.test(key)) return false;
  const stored = await liveFeedKeyHash(feed);
  return stored !== undefined && timingSafeEqual(Buffer.from(stored, "hex"), Buffer.from(hashKey(key), "hex"));
}

/** When each feed's link was made (ISO), by feed name; a feed with no link is absent. */
export async function feedLinkDates(): Promise<Record<string, string>> {
  return Object.fromEntries([...(await feedKeyDates())].map(([name, at]) => [name, at.toISOString()]));
}

export { feedName };

/** Who made a change, for its log line. */
export type FeedActor = { username: string; requestId: string };

async function makeFeedLink(feed: FeedRef, actor: FeedActor): Promise<TypedResponse<FeedLinkAnswer>> {
  if (feed.hostId) {
    const host = await hostById(feed.hostId);
    if (!host) throw new RequestRejected(404, "No host has that id.");
    if (!host.active)
      throw new RequestRejected(400, "The host is inactive: make them active before giving them a feed.");
  }
  const key = randomBytes(32).toString("base64url");
  const change = await storeFeedKeyHash(feed, hashKey(key), now());
  logger.info(change === "created" ? "calendar feed link created" : "calendar feed link rotated", {
    feed: feedName(feed),
    admin: actor.username,
    requestId: actor.requestId,
  });
  return json({ form: "feed-link", hostId: feed.hostId, feedUrl: feedUrl(feed, key) }, { headers: adminHeaders });
}

async function revokeFeedLink(feed: FeedRef, actor: FeedActor, back: string) {
  const revoked = await deleteFeedKey(feed);
  if (revoked)
    logger.info("calendar feed link revoked", {
      feed: feedName(feed),
      admin: actor.username,
      requestId: actor.requestId,
    });
  return redirectWithSuccess(back, {
    message: revoked ? "Calendar link turned off" : "Calendar link already off",
    description: revoked ? "The old link now gets “not found”." : "Nothing was changed.",
  });
}

/** The admin's "new link" and "turn off" buttons; the caller has checked the session and the origin. */
export function feedLinkAction(intent: "feed-new-link" | "feed-revoke", feed: FeedRef, actor: FeedActor, back: string) {
  return intent === "feed-new-link" ? makeFeedLink(feed, actor) : revokeFeedLink(feed, actor, back);
}

export const isFeedIntent = (intent: unknown): intent is "feed-new-link" | "feed-revoke" =>
  intent === "feed-new-link" || intent === "feed-revoke";

/** A deactivated host's link dies with their activity: reactivating them needs a new link. */
export async function revokeFeedOfDeactivatedHost(hostId: string, actor: FeedActor): Promise<boolean> {
  const revoked = await deleteFeedKey({ hostId });
  if (revoked) {
    logger.info("calendar feed link revoked: host deactivated", {
      feed: feedName({ hostId }),
      admin: actor.username,
      requestId: actor.requestId,
    });
  }
  return revoked;
}
