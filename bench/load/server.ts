// A system's server process for the load section: started with the bench's environment over
// what `npm start` sets, its stderr filtered; and the hub exactly as `npm start` runs it,
// started only to read its idle RSS.

import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { builtEntry, builtHub } from "../lib/built.js";
import { freePort, quick, ROOT } from "../lib/section.js";
import { children, pin, profileArgs, sampleProc, sleep, stop, waitForPort } from "./processes.js";
import type { System } from "./systems.js";

/** A server's RSS once it has started and sat idle this long (no client yet). */
export const IDLE_SETTLE_MS = quick(5000, 1000);

/** The server is listening and has sat idle IDLE_SETTLE_MS: its RSS now, in MB. */
export async function idleRssMb(server: ChildProcess, port: number): Promise<number> {
  await waitForPort(port);
  await sleep(IDLE_SETTLE_MS);
  return sampleProc(server.pid!).rssKb / 1024;
}

/**
 * The hub as `npm start` runs it (NODE_ENV=production, the SQLite store and room log as
 * files, here in a fresh temp DATA_DIR), started and left idle: its RSS with no client.
 */
export async function idleNpmStart(): Promise<number> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-load-idle-"));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), NODE_ENV: "production", DATA_DIR: dataDir, REDIS_URL: "" };
  delete env.HUB_DB;
  delete env.ROOM_LOG;
  const server = spawn(process.execPath, [await builtHub()], { cwd: ROOT, env, stdio: ["ignore", "ignore", "ignore"] });
  children.add(server);
  try {
    return await idleRssMb(server, port);
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface SystemServer {
  proc: ChildProcess;
  /** boardgame.io: the moves its server has logged as dropped so far ("invalid stateID"). */
  dropped(): number;
  /** Stops the server and removes its room log. */
  close(): Promise<void>;
}

/** Starts `sys`'s server on `port` (not waiting for it to listen). */
export async function startServer(sys: System, port: number): Promise<SystemServer> {
  // The room log as `npm start` keeps it: a SQLite file (here in a fresh temp folder).
  const logDir = mkdtempSync(path.join(os.tmpdir(), "bench-load-log-"));
  const server = spawn(process.execPath, [...profileArgs(sys.name), ...(sys.tsx ? ["--import", "tsx", sys.script] : [await builtEntry(sys.script)])], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HUB_DB: ":memory:",
      NODE_ENV: "production",
      REDIS_URL: "",
      // Each client moves at LOAD_RATE/s, well under the default limit of 20/s; raised anyway
      // so a burst after a stall is never refused and counted as a lost move.
      RATE_BURST: "1000",
      RATE_PER_SECOND: "1000",
      // Every load client plays from this machine: per-address join/create limits off.
      ADDRESS_LIMITS: "off",
      ROOM_LOG: path.join(logDir, "rooms.sqlite"),
      ROOM_LOG_GROUP_COMMIT: "",
      ...sys.serverEnv,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.add(server);
  pin(server.pid, "server");
  // boardgame.io logs every move it drops; count those lines instead of printing each.
  let droppedLogged = 0;
  let stderrShown = 0;
  server.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    for (const line of chunk.split("\n")) {
      if (!line.trim()) continue;
      if (line.includes("invalid stateID")) droppedLogged++;
      else if (stderrShown++ < 20) process.stderr.write(`  [${sys.name} server] ${line}\n`);
    }
  });
  return {
    proc: server,
    dropped: () => droppedLogged,
    async close() {
      await stop(server);
      rmSync(logDir, { recursive: true, force: true });
    },
  };
}
