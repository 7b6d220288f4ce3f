// The low-priority thread of ADR 0055: checks strangers' passwords with argon2 after lowering its own CPU priority.
// A plain module the server build ships beside itself (background-password-check.server.ts starts it by URL).
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { verifySync } from "@node-rs/argon2";

try {
  // On Linux a priority set on a thread id binds that thread alone; elsewhere the check runs at normal priority.
  setPriority(Number(readlinkSync("/proc/thread-self").split("/").pop()), 19);
} catch {
  // Not Linux, or not allowed: the same check, at normal priority.
}

parentPort.on("message", ({ id, hash, password }) => {
  try {
    parentPort.postMessage({ id, ok: verifySync(hash, password) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
