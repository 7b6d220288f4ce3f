/*
 * Values the process holds once — the database connection, the parsed environment, rate-limit counters, the
 * outbox worker, installed listeners — live on globalThis, not in module variables. In development every
 * rebuild re-evaluates the server build: module variables start over, so a second connection would be opened
 * (PGlite is single-process: its folder cannot be opened twice), counters would reset, and listeners and timers
 * would be installed again beside the old ones. globalThis outlives the rebuild, so the old value is found.
 * (The Epic Stack's `singleton` does the same.) Every value is kept here, under one name, so that is the only
 * place that reaches into globalThis.
 */

type Kept = { value: unknown; basedOn: unknown };

const store = globalThis as unknown as { __groundworkRemembered?: Map<string, Kept> };
const kept = (store.__groundworkRemembered ??= new Map<string, Kept>());

export type RememberOptions<T> = {
  /**
   * The value is made again when this changes (compared with ===): a session storage follows the secrets it was
   * made with, a mail transport the SMTP_URL (tests swap the environment between suites).
   */
  basedOn?: unknown;
  /** Ends a value that is made again because `basedOn` changed (closes a transport's connections). */
  dispose?: (stale: T) => void;
};

/**
 * The value kept under `name`, made by `create()` on first use (and again once forgotten). When `create` throws,
 * nothing is kept and the next call tries again. An install-once step is a `create` that returns nothing.
 */
export function remember<T>(name: string, create: () => T, options: RememberOptions<T> = {}): T {
  const entry = kept.get(name);
  if (entry && entry.basedOn === options.basedOn) return entry.value as T;
  if (entry) {
    kept.delete(name);
    options.dispose?.(entry.value as T);
  }
  const value = create();
  kept.set(name, { value, basedOn: options.basedOn });
  return value;
}

/** The value kept under `name`, if any, without making one. */
export function recall<T>(name: string): T | undefined {
  return kept.get(name)?.value as T | undefined;
}

/**
 * Drops the value kept under `name` and hands it back, so the caller can close it; the next `remember` makes a
 * new one (a closed connection, a stopped worker, a finished probe; tests that change the environment).
 */
export function forget<T>(name: string): T | undefined {
  const value = recall<T>(name);
  kept.delete(name);
  return value;
}
