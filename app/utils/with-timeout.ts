/** The losing promise's late rejection is handled here: an unhandled rejection would end the Node process. */
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
