import { closeSync, ftruncateSync, openSync, readFileSync, writeSync } from "node:fs";
import path from "node:path";
import { tryLock } from "fs-native-extensions";

export const PGLITE_LOCK_FILE = "groundwork.lock";

export class PgliteDirectoryInUseError extends Error {
  constructor(dataDir: string, holder: string) {
    super(
      `The PGlite data directory ${path.resolve(dataDir)} is in use by another process${holder ? ` (${holder})` : ""}.\n` +
        "A PGlite directory can be opened by one process only; a second one would corrupt it. Stop the other " +
        "process first (the server, npm run dev, npm run db:migrate or npm run admin:create), give this one its own " +
        "PGLITE_DATA_DIR, or set DATABASE_URL to use PostgreSQL, which any number of processes can share.",
    );
    this.name = "PgliteDirectoryInUseError";
  }
}

export type PgliteLock = { release: () => void };

/** An OS file lock, dropped by the kernel however the holder exits (ADR 0010); the file only names the holder. */
export function lockPgliteDirectory(dataDir: string): PgliteLock {
  const lockPath = path.join(dataDir, PGLITE_LOCK_FILE);
  const fd = openSync(lockPath, "a+");
  if (!tryLock(fd)) {
    let holder = "";
    try {
      holder = readFileSync(lockPath, "utf8").trim();
    } catch {
      // The holder's description is a courtesy; the refusal stands without it.
    }
    closeSync(fd);
    throw new PgliteDirectoryInUseError(dataDir, holder);
  }
  ftruncateSync(fd);
  writeSync(fd, `pid ${process.pid} since ${new Date().toISOString()}: ${process.argv.slice(1).join(" ")}\n`);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      // Closing the only descriptor releases the lock; the file stays for the next holder.
      closeSync(fd);
    },
  };
}
