// Scale-out test helpers: a throw-away redis-server and real hub processes
// (the built server, `node dist/server/server/index.js`) sharing it, each on its own port.

import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { builtServer } from "./builtServer.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** REDIS_SERVER if set (only that), else `redis-server` on PATH or Debian's /usr/bin one; null if none runs. */
export function findRedisServer(): string | null {
  const chosen = process.env.REDIS_SERVER;
  const candidates = chosen ? [chosen] : ["redis-server", "/usr/bin/redis-server", "/usr/sbin/redis-server"];
  for (const bin of candidates) {
    const probe = spawnSync(bin, ["--version"], { encoding: "utf8" });
    if (probe.status === 0 && /Redis server/i.test(probe.stdout)) return bin;
  }
  return null;
}

/** A child process whose output is kept for error messages, and that can be stopped. */
export class Child {
  output = "";
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private exitInfo: { code: number | null; signal: NodeJS.Signals | null } | null = null;

  constructor(
    readonly name: string,
    readonly proc: ChildProcess,
  ) {
    const keep = (chunk: Buffer) => {
      this.output += chunk.toString();
      if (this.output.length > 200_000) this.output = this.output.slice(-100_000);
    };
    proc.stdout?.on("data", keep);
    proc.stderr?.on("data", keep);
    this.exited = new Promise((resolve) => {
      proc.once("exit", (code, signal) => {
        this.exitInfo = { code, signal };
        resolve(this.exitInfo);
      });
    });
  }

  get running(): boolean {
    return this.exitInfo === null;
  }

  /** Sends `signal`, waits up to `graceMs`, then SIGKILL. Resolves with how it ended. */
  async stop(signal: NodeJS.Signals = "SIGTERM", graceMs = 10_000): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
    const started = Date.now();
    if (this.running) {
      this.proc.kill(signal);
      const timer = setTimeout(() => this.proc.kill("SIGKILL"), graceMs);
      await this.exited;
      clearTimeout(timer);
    }
    const info = await this.exited;
    return { ...info, ms: Date.now() - started };
  }

  /** The last lines of its output, for assertion messages. */
  tail(lines = 40): string {
    return `--- ${this.name} output (last ${lines} lines) ---\n${this.output.split("\n").slice(-lines).join("\n")}`;
  }
}

async function waitFor(what: string, child: Child, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!child.running) throw new Error(`${child.name} exited before ${what}\n${child.tail()}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}\n${child.tail()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface RedisServer extends Child {
  port: number;
  url: string;
  /** Its data folder (kept across `restart` when it persists). */
  dir: string;
  /** Starts it again on the same port and folder (after `stop`): a persisting one comes back with its data. */
  restart(): Promise<RedisServer>;
  /** Removes a persisting server's folder (after `stop`). */
  remove(): void;
}

export interface RedisOptions {
  /**
   * Keep every write it answers: AOF with an fsync before each answer (`appendfsync always`),
   * so a SIGKILL loses nothing it acknowledged. Default: in memory only (no RDB, no AOF).
   */
  persist?: boolean;
  port?: number;
  dir?: string;
}

/** Starts `redis-server` on a free port (or `options.port`), bound to 127.0.0.1; in memory only unless `options.persist`. */
export async function startRedis(bin: string, options: RedisOptions = {}): Promise<RedisServer> {
  const port = options.port ?? (await freePort());
  const dir = options.dir ?? fs.mkdtempSync(path.join(process.env.TMPDIR || "/tmp", "hub-redis-"));
  const persistence = options.persist ? ["--appendonly", "yes", "--appendfsync", "always"] : ["--appendonly", "no"];
  const proc = spawn(bin, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", ...persistence, "--dir", dir], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  const child = Object.assign(new Child(`redis-server :${port}`, proc), {
    port,
    url: `redis://127.0.0.1:${port}`,
    dir,
    restart: () => startRedis(bin, { ...options, port, dir }),
    remove,
  });
  if (!options.persist) void child.exited.then(remove);
  await waitFor("redis-server to accept connections", child, async () => /Ready to accept connections/.test(child.output), 10_000);
  return child;
}

export interface HubProcess extends Child {
  port: number;
  /** http://127.0.0.1:port */
  http: string;
}

/**
 * Starts one hub process exactly as PM2 does (`node dist/server/server/index.js`) with an
 * in-memory store, and waits until it answers /__healthcheck.
 */
export async function startHubProcess(name: string, env: Record<string, string>, timeoutMs = 30_000): Promise<HubProcess> {
  const port = Number(env.PORT);
  const proc = spawn(process.execPath, [await builtServer()], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "test", HUB_DB: ":memory:", ADDRESS_LIMITS: "off", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const child = Object.assign(new Child(name, proc), { port, http: `http://127.0.0.1:${port}` });
  await waitFor(`${name} to listen on ${port}`, child, async () => (await fetch(`${child.http}/__healthcheck`)).status === 200, timeoutMs);
  return child;
}
