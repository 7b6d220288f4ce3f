import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import { freePort } from "./app-server.mjs";

const run = promisify(execFile);

/** PostgreSQL's server binaries; POSTGRES_BIN_DIR overrides the Debian location. */
export const postgresBinDir = process.env.POSTGRES_BIN_DIR ?? "/usr/lib/postgresql/15/bin";

/**
 * initdb and postgres refuse to run as root: as root, run them as the `postgres` system user, which must own
 * the cluster's directory. Anyone else runs them as themselves.
 */
function asClusterOwner(binary: string, args: string[]): [string, string[]] {
  const command = path.join(postgresBinDir, binary);
  if (userInfo().uid !== 0) return [command, args];
  return ["runuser", ["-u", "postgres", "--", command, ...args]];
}

async function clusterCommand(binary: string, args: string[]) {
  const [command, fullArgs] = asClusterOwner(binary, args);
  try {
    return await run(command, fullArgs, { timeout: 60_000 });
  } catch (error) {
    const details = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${binary} ${args.join(" ")} failed: ${details.message}\n${details.stdout ?? ""}${details.stderr ?? ""}`,
    );
  }
}

async function postgresUid(): Promise<{ uid: number; gid: number }> {
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
    run("id", ["-u", "postgres"]),
    run("id", ["-g", "postgres"]),
  ]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

export type ThrowawayCluster = {
  port: number;
  /** A URL for `database` on this cluster (user postgres, trust authentication, loopback only). */
  url: (database: string) => string;
  stop: (mode?: "immediate" | "fast") => Promise<void>;
  start: () => Promise<void>;
  destroy: () => Promise<void>;
};

/**
 * A private PostgreSQL cluster in a temp directory on a free loopback port, so a test may stop and start it at
 * will without touching the machine's main cluster (5432). Its socket lives in the temp directory too.
 */
export async function createThrowawayCluster(): Promise<ThrowawayCluster> {
  for (const binary of ["initdb", "pg_ctl", "postgres"]) {
    if (!existsSync(path.join(postgresBinDir, binary))) {
      throw new Error(
        `${path.join(postgresBinDir, binary)} is missing: the fault tests start their own PostgreSQL cluster. ` +
          "Install the PostgreSQL server (apt-get install postgresql) or set POSTGRES_BIN_DIR to its bin directory.",
      );
    }
  }
  const dir = mkdtempSync(path.join(tmpdir(), "gw-faults-pg-"));
  if (userInfo().uid === 0) {
    const { uid, gid } = await postgresUid();
    chownSync(dir, uid, gid);
  }
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "postgres.log");
  const port = await freePort();

  // --no-sync only skips flushing initdb's own files; the running server keeps fsync on, as in production.
  await clusterCommand("initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    "-c max_connections=60",
  ].join(" ");
  let running = false;
  const start = async () => {
    await clusterCommand("pg_ctl", ["start", "-D", dataDir, "-l", logFile, "-w", "-t", "30", "-o", options]);
    running = true;
  };
  const stop = async (mode: "immediate" | "fast" = "fast") => {
    await clusterCommand("pg_ctl", ["stop", "-D", dataDir, "-m", mode, "-w", "-t", "30"]);
    running = false;
  };
  await start();
  const url = (database: string) => `postgresql://postgres@127.0.0.1:${port}/${database}`;

  return {
    port,
    url,
    start,
    stop,
    async destroy() {
      if (running) await stop("immediate").catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Creates `name` on the cluster. */
export async function createClusterDatabase(cluster: ThrowawayCluster, name: string) {
  const sql = postgres(cluster.url("postgres"), { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`create database "${name}"`);
  } finally {
    await sql.end({ timeout: 5 });
  }
  return cluster.url(name);
}
