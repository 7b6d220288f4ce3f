// Process-wide values live on globalThis, which outlives dev rebuilds: module variables would reopen PGlite (it is
// single-process), reset counters and double listeners. This is the only place that reaches into globalThis.

type Kept = { value: unknown; basedOn: unknown };

const store = globalThis as unknown as { __groundworkRemembered?: Map<string, Kept> };
const kept = (store.__groundworkRemembered ??= new Map<string, Kept>());

export type RememberOptions<T> = {
  /** Made again when this changes (===), e.g. a session storage follows its secrets. */
  basedOn?: unknown;
  /** Ends a value that is made again because `basedOn` changed (closes a transport's connections). */
  dispose?: (stale: T) => void;
};

/** When `create` throws nothing is kept, so the next call tries again. */
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

export function recall<T>(name: string): T | undefined {
  return kept.get(name)?.value as T | undefined;
}

/** Hands the value back so the caller can close it; the next `remember` makes a new one. */
export function forget<T>(name: string): T | undefined {
  const value = recall<T>(name);
  kept.delete(name);
  return value;
}
