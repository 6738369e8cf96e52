// The one place that picks presence + matchmaking driver.
//
// - No REDIS_URL (the default): one process, LocalPresence + LocalDriver, nothing else to run.
// - REDIS_URL set: RedisPresence + RedisDriver on that Redis, so several processes (PM2,
//   ecosystem.config.js) share one hub: quick play, /api/rooms, private codes, joinById and
//   reconnection work whichever process a client's HTTP request reaches. Each process then
//   needs its own `publicAddress` (PUBLIC_ADDRESS, default `localhost:<its port>`): the
//   address clients open a room's WebSocket on, since a room lives in exactly one process.
//
// Run as a script (`tsx server/scale.ts check`), it checks that Redis answers and prints the
// processes ecosystem.config.js would start: `npm run start:cluster` does that first.

import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { LocalDriver, LocalPresence, type MatchMakerDriver, type Presence } from "@colyseus/core";
import { RedisDriver } from "@colyseus/redis-driver";
import { RedisPresence } from "@colyseus/redis-presence";
import { Redis, type Cluster } from "ioredis";
import { log } from "./ops/log.js";
import { RedisWatch } from "./ops/redisWatch.js";
import { listenPort } from "./settings.js";

/** Where `npm run start:cluster` / ecosystem.config.js look for Redis when REDIS_URL is not set. */
export const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";

export type ScaleOut =
  | {
      kind: "local";
      presence: Presence;
      driver: MatchMakerDriver;
      publicAddress?: undefined;
    }
  | {
      kind: "redis";
      presence: Presence;
      driver: MatchMakerDriver;
      /** host[:port][/path] clients open this process's room WebSockets on (no scheme). */
      publicAddress: string;
      /** REDIS_URL with any password masked, for logs. */
      redisUrl: string;
      /** Whether Redis answers now (outages logged once, matchmaking answered "briefly unavailable"). */
      watch: RedisWatch;
    };

export function chooseScaleOut(env: NodeJS.ProcessEnv = process.env): ScaleOut {
  const url = env.REDIS_URL?.trim();
  if (!url) return { kind: "local", presence: new LocalPresence(), driver: new LocalDriver() };

  const presence = new HubRedisPresence(url);
  const driver = new RedisDriver(url);
  const shown = maskRedisUrl(url);
  const watch = new RedisWatch(shown);
  const { pub, sub } = presence.connections();
  watch.add("presence", pub);
  watch.add("presence subscriber", sub, { ping: false });
  watch.add("driver", redisClientOf(driver));
  const publicAddress = publicAddressFor(env);
  log.info({ event: "config", redis: shown, publicAddress }, `Scale-out: Redis presence + driver at ${shown}; this process's rooms are reached at ${publicAddress}`);
  return { kind: "redis", presence, driver, publicAddress, redisUrl: shown, watch };
}

/** `s` without the slashes it ends with (/\/+$/ scanned a run of slashes again from each one). */
function withoutTrailingSlashes(s: string): string {
  let end = s.length;
  while (end > 0 && s[end - 1] === "/") end--;
  return s.slice(0, end);
}

/**
 * PUBLIC_ADDRESS (default `localhost:{port}`), `{port}` replaced by the port this process
 * listens on. A scheme or trailing slash is dropped: colyseus.js adds `ws(s)://` itself and
 * appends `/<processId>/<roomId>`.
 */
export function publicAddressFor(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.PUBLIC_ADDRESS?.trim() || "localhost:{port}";
  const address = raw.replaceAll("{port}", String(listenPort(env)));
  const bare = withoutTrailingSlashes(address.replace(/^[a-z][a-z0-9+.-]*:\/\//i, ""));
  if (bare !== address) log.warn({ event: "config" }, `PUBLIC_ADDRESS ${JSON.stringify(raw)}: using ${JSON.stringify(bare)} (no scheme, no trailing slash).`);
  return bare;
}

/**
 * RedisPresence whose `sadd` answers how many members were added, as Redis does.
 * 0.16.4 resolves `sadd` with the callback's error argument (always null), which would hide
 * a lost race between two processes reserving the same private code (privateCodes.ts
 * treats 0 as "another process took it").
 */
export class HubRedisPresence extends RedisPresence {
  override async sadd(key: string, value: unknown): Promise<number> {
    return await this.pub.sadd(key, value as string);
  }

  /** Its two Redis connections (watched for outages: server/ops/redisWatch.ts). */
  connections(): { pub: Redis | Cluster; sub: Redis | Cluster } {
    return { pub: this.pub, sub: this.sub };
  }
}

function redisClientOf(driver: RedisDriver): Redis | Cluster {
  return (driver as unknown as { _client: Redis | Cluster })._client;
}

/** redis://user:secret@host → redis://user:***@host */
export function maskRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString().replace(/\/$/, "");
  } catch {
    return url.replace(/\/\/([^@/]*)@/, "//***@");
  }
}

export type RedisCheck = { ok: true; version: string } | { ok: false; reason: string };

/** One connection attempt, PING and INFO, no retries. */
export async function checkRedis(url: string, timeoutMs = 3000): Promise<RedisCheck> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // The socket error (ECONNREFUSED, ENOTFOUND, ...) says more than the rejection ("Connection is closed").
  let socketError: Error | undefined;
  client.on("error", (e: Error) => {
    socketError ??= e;
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([
      (async (): Promise<RedisCheck> => {
        await client.connect();
        await client.ping();
        const info = await client.info("server");
        return { ok: true, version: /redis_version:(\S+)/.exec(info)?.[1] ?? "?" };
      })(),
      deadline,
    ]);
  } catch (e) {
    const err = (socketError ?? e) as Error & { code?: string };
    return { ok: false, reason: err.message || err.code || String(err) };
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}

/** The message both `npm run start:cluster` and a server started with an unreachable REDIS_URL print. */
export function redisUnreachableMessage(url: string, reason: string): string {
  return [
    `Redis is not reachable at ${maskRedisUrl(url)}: ${reason}`,
    "Several hub processes share their rooms through Redis (presence + matchmaking driver).",
    "Start it (`redis-server`, or `sudo systemctl start redis-server`) or point REDIS_URL at a running one.",
    "For one process without Redis, unset REDIS_URL and use `npm start`.",
  ].join("\n");
}

interface ClusterApp {
  name: string;
  env: { PORT: string; PUBLIC_ADDRESS: string; REDIS_URL: string };
}

/** `tsx server/scale.ts check`: the preflight of `npm run start:cluster`. */
async function main(argv: string[]): Promise<number> {
  if (argv[0] !== "check") {
    console.error("usage: tsx server/scale.ts check   (checks REDIS_URL, default " + DEFAULT_REDIS_URL + ")");
    return 2;
  }
  const url = process.env.REDIS_URL?.trim() || DEFAULT_REDIS_URL;
  const result = await checkRedis(url);
  if (!result.ok) {
    console.error(`\n✗ ${redisUnreachableMessage(url, result.reason)}\n`);
    return 1;
  }
  const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const { apps } = (await import(pathToFileURL(path.join(root, "ecosystem.config.js")).href)) as { apps: ClusterApp[] };
  console.log(`✓ Redis ${result.version} answers at ${maskRedisUrl(url)}`);
  console.log(`  starting ${apps.length} hub process${apps.length === 1 ? "" : "es"} under PM2 (fork mode):`);
  for (const app of apps) console.log(`  ${app.name}  port ${app.env.PORT}  publicAddress ${app.env.PUBLIC_ADDRESS}`);
  return 0;
}

const invokedAs = process.argv[1] ? pathToFileURL(path.resolve(process.argv[1])).href : "";
if (invokedAs === import.meta.url) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
