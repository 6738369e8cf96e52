// A throw-away PostgreSQL server for the tests, as the Redis suites start their own
// redis-server: Debian's `postgresql` package (binaries under /usr/lib/postgresql/N/bin),
// `initdb` + `pg_ctl` in a temp folder on a free port, `fsync=off`. PostgreSQL refuses to run
// as root, so as root the cluster belongs to the `postgres` user (`runuser -u postgres --`).
// Each suite gets its own databases (`createDatabase`) on one server per test run.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./cluster.js";

/** The folder holding initdb and pg_ctl (PG_BIN, else the newest /usr/lib/postgresql/N/bin), or null. */
export function findPostgres(): string | null {
  const chosen = process.env.PG_BIN;
  const dirs = chosen
    ? [chosen]
    : fs.existsSync("/usr/lib/postgresql")
      ? fs
          .readdirSync("/usr/lib/postgresql")
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : [];
  return dirs.find((d) => fs.existsSync(path.join(d, "initdb")) && fs.existsSync(path.join(d, "pg_ctl"))) ?? null;
}

export interface PostgresServer {
  port: number;
  /** Stops the server at once, synchronously (for an exit handler). */
  stopNow(): void;
  /** Stops the server at once (as a crash does: `pg_ctl stop -m immediate`), keeping its data for `up`. */
  down(): void;
  /** Starts it again after `down`, same port, same data. */
  up(): void;
  /** A connection URL for database `db` (the default: "postgres"). */
  url(db?: string): string;
  /** A fresh, empty database; its URL. */
  createDatabase(prefix?: string): Promise<string>;
  stop(): Promise<void>;
}

const asRoot = typeof process.getuid === "function" && process.getuid() === 0;

/** Runs a PostgreSQL binary as the user the cluster belongs to. */
function run(bin: string, args: string[]): { status: number | null; output: string } {
  const [cmd, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  const r = spawnSync(cmd, argv, { encoding: "utf8" });
  return { status: r.status, output: `${r.stdout ?? ""}${r.stderr ?? ""}${r.error ? String(r.error) : ""}` };
}

let counter = 0;

/** Starts a PostgreSQL server on a free port of 127.0.0.1, its data in a temp folder removed on stop. */
export async function startPostgres(binDir: string): Promise<PostgresServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hub-pg-"));
  const data = path.join(dir, "data");
  if (asRoot) spawnSync("chown", ["-R", "postgres:postgres", dir]);
  const init = run(path.join(binDir, "initdb"), ["-D", data, "-U", "hub", "--auth=trust", "-E", "UTF8", "--no-sync", "--locale=C"]);
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.output}`);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const start = run(path.join(binDir, "pg_ctl"), ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "-t", "30", "start"]);
  if (start.status !== 0) {
    const log = fs.existsSync(path.join(dir, "log")) ? fs.readFileSync(path.join(dir, "log"), "utf8") : "";
    throw new Error(`pg_ctl start failed:\n${start.output}\n${log}`);
  }
  const url = (db = "postgres") => `postgres://hub@127.0.0.1:${port}/${db}`;
  const pgCtl = (args: string[], what: string) => {
    const r = run(path.join(binDir, "pg_ctl"), ["-D", data, ...args]);
    if (r.status !== 0) throw new Error(`pg_ctl ${what} failed:\n${r.output}`);
  };
  const stopNow = () => {
    if (!fs.existsSync(dir)) return;
    run(path.join(binDir, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return {
    port,
    url,
    async createDatabase(prefix = "hub") {
      const name = `${prefix}_${process.pid}_${++counter}`.toLowerCase().replace(/[^a-z0-9_]/g, "_");
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stopNow,
    down: () => pgCtl(["-m", "immediate", "-w", "stop"], "stop"),
    up: () => pgCtl(["-o", options, "-l", path.join(dir, "log"), "-w", "-t", "30", "start"], "start"),
    async stop() {
      stopNow();
    },
  };
}

/**
 * The suite's PostgreSQL: started once, shared by every suite of the test run, stopped when
 * the run ends. null when PostgreSQL is not installed (the suite then skips, except under
 * CI=true, where that is a failure).
 */
let shared: Promise<PostgresServer> | null = null;

export async function testPostgres(): Promise<PostgresServer | null> {
  const bin = findPostgres();
  if (!bin) {
    if (process.env.CI === "true") throw new Error("PostgreSQL is not installed (apt-get install postgresql): CI runs the PostgreSQL suites.");
    return null;
  }
  if (!shared) {
    shared = startPostgres(bin);
    const server = await shared;
    process.once("exit", () => (server as PostgresServer).stopNow());
  }
  return shared as Promise<PostgresServer>;
}
