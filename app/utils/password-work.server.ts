import { availableParallelism } from "node:os";
import pLimit from "p-limit";
import { RequestRejected } from "~/utils/request.server";
import { remember } from "~/utils/singleton.server";

// An argon2 check takes one core for tens of milliseconds by design. Unbounded, a flood of sign-ins (each from
// a client that has not failed yet) takes every core and page views queue behind it; capped at half the cores,
// the rest keep serving pages while sign-ins wait their turn.
const concurrency = Math.max(1, Math.floor(availableParallelism() / 2));
// Beyond this many waiting, a sign-in would wait longer than a person would: refuse it at once instead.
const maxWaiting = concurrency * 8;

/** How many checks run at once and how many may wait (tests fill the queue to see the refusal). */
export const passwordWorkCapacity = { concurrency, maxWaiting } as const;

const queue = remember("password work", () => pLimit(concurrency));

/** Runs a password hash or check within the process-wide cap; 503 with Retry-After when the queue is full. */
export function runPasswordWork<T>(work: () => Promise<T>): Promise<T> {
  if (queue.pendingCount >= maxWaiting) {
    return Promise.reject(
      new RequestRejected(503, "Sign-in is busy right now. Please try again in a few seconds.", { "Retry-After": "5" }),
    );
  }
  return queue(work);
}
