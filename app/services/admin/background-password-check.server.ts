import { Worker } from "node:worker_threads";

/**
 * ADR 0055: the lowest CPU priority for strangers' argon2 checks. A flood's checks then only use CPU that the pages
 * and the other processes on the machine leave over, where the library's own async verify competes with the page
 * as an equal. On Linux a priority set on a thread id binds that thread alone; elsewhere the check runs as before.
 */

type Answer = { id: number; ok?: boolean; error?: string };

function startChecker() {
  const worker = new Worker(new URL("./password-check.worker.js", import.meta.url));
  // A process that is otherwise done does not wait for this thread.
  worker.unref();
  const pending = new Map<number, { resolve: (ok: boolean) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  worker.on("message", ({ id, ok, error }: Answer) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (error === undefined) waiting?.resolve(ok === true);
    else waiting?.reject(new Error(error));
  });
  const failAll = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    checker = undefined;
  };
  worker.on("error", failAll);
  worker.on("exit", (code) => failAll(new Error(`the password check thread stopped (exit code ${code})`)));
  return (hash: string, password: string) =>
    new Promise<boolean>((resolve, reject) => {
      nextId += 1;
      pending.set(nextId, { resolve, reject });
      worker.postMessage({ id: nextId, hash, password });
    });
}

let checker: ReturnType<typeof startChecker> | undefined;

/** Checks a password against an argon2 hash on the low-priority thread, started on first use (and after a crash). */
export function verifyInBackground(hash: string, password: string): Promise<boolean> {
  checker ??= startChecker();
  return checker(hash, password);
}
