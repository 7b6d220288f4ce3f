/**
 * `work`, or a rejection with `timeoutError()` once `ms` have passed. The promise that loses the race may still
 * reject later (a database that answers late, with an error, after the caller moved on): that rejection is handled
 * here, because an unhandled rejection ends a Node process — a store outage must never take the server down.
 */
export function withTimeout<T>(work: PromiseLike<T>, ms: number, timeoutError: () => Error): Promise<T> {
  // One native promise: a query builder's `then` runs its query again on every call (drizzle's QueryPromise).
  const promise = Promise.resolve(work);
  promise.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
