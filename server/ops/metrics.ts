// Prometheus metrics (prom-client) of this process, scraped at `/metrics` with the
// operator's bearer token (server/ops/metricsRoute.ts; off without METRICS_TOKEN).
//
// One registry per process: counters count for the process, whatever number of hubs a test
// boots in it. Rooms report themselves (`trackRoom`), the message gate reports accepted
// and refused messages, the room log and the bot thinker are wrapped (meteredRoomLog,
// meteredThinker) so their own code stays as it is. Names and labels are listed in the
// README ("Metrics"); renaming one breaks operators' dashboards.

import fs from "node:fs";
import path from "node:path";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { BotThinker } from "../bots/thinker.js";
import type { RoomLog } from "../store/RoomLog.js";
import { log, storeErr } from "./log.js";

export const registry = new Registry();
// process_* (CPU, RSS, open files), nodejs_* (heap, GC, and nodejs_eventloop_lag_* from
// perf_hooks.monitorEventLoopDelay, sampled every 10 ms).
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

/** What a live room tells the metrics about itself. */
export interface RoomProbe {
  readonly game: string;
  /** Open connections (seats and spectators). */
  connections(): number;
}

const rooms = new Set<RoomProbe>();

/** Counts `room` among the live rooms until `untrackRoom`. */
export function trackRoom(room: RoomProbe): void {
  rooms.add(room);
}

export function untrackRoom(room: RoomProbe): void {
  rooms.delete(room);
}

/** Live rooms of this process (for tests and the soak bench). */
export function trackedRooms(): number {
  return rooms.size;
}

function perGame(value: (r: RoomProbe) => number): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rooms) out.set(r.game, (out.get(r.game) ?? 0) + value(r));
  return out;
}

/** Games seen so far: a game whose last room closed reads 0, not a stale figure. */
const gamesSeen = new Set<string>();

new Gauge({
  name: "hub_rooms",
  help: "Live rooms in this process, per game",
  labelNames: ["game"],
  registers: [registry],
  collect() {
    this.reset();
    const counts = perGame(() => 1);
    for (const g of counts.keys()) gamesSeen.add(g);
    for (const g of gamesSeen) this.set({ game: g }, counts.get(g) ?? 0);
  },
});

new Gauge({
  name: "hub_clients",
  help: "Open connections (players and spectators) in this process's rooms, per game",
  labelNames: ["game"],
  registers: [registry],
  collect() {
    this.reset();
    const counts = perGame((r) => r.connections());
    for (const g of gamesSeen) this.set({ game: g }, counts.get(g) ?? 0);
    for (const [g, n] of counts) this.set({ game: g }, n);
  },
});

const moves = new Counter({
  name: "hub_moves_total",
  help: "Accepted moves (players' and the rooms' own: bots, timers), per game; rate() gives moves per second",
  labelNames: ["game", "by"],
  registers: [registry],
});

const moveLatency = new Histogram({
  name: "hub_move_latency_seconds",
  help: "A player's accepted move from its message received to its patch written to every socket, per game",
  labelNames: ["game"],
  buckets: [0.0002, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

const refusals = new Counter({
  name: "hub_refusals_total",
  help: "Refused messages (where=message), refused creates and joins (where=join), HTTP requests turned away (where=http), sockets refused or closed at once (where=socket) and profiles not made (where=profile), per refusal code",
  labelNames: ["where", "code"],
  registers: [registry],
});

const logSuppressed = new Counter({
  name: "hub_log_lines_suppressed_total",
  help: "Log lines held back: refusals one address provokes are logged once per address per REFUSAL_LOG_SECONDS (hub_refusals_total counts each), per event",
  labelNames: ["event"],
  registers: [registry],
});

const floodCuts = new Counter({
  name: "hub_flood_cuts_total",
  help: "Connections closed for flooding (reason=flooding) or for not reading their socket (reason=not-reading)",
  labelNames: ["reason"],
  registers: [registry],
});

const logFailures = new Counter({
  name: "hub_room_log_write_failures_total",
  help: "Room-log writes that failed (disk full, a failing disk, Redis gone)",
  registers: [registry],
});

const logBytes = new Counter({
  name: "hub_room_log_bytes_total",
  help: "Bytes handed to the room log (moves, headers and deadlines as JSON)",
  registers: [registry],
});

const logBatch = new Histogram({
  name: "hub_room_log_batch_moves",
  help: "Moves per room-log group commit (one transaction for every room's moves of one event-loop turn)",
  buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500],
  registers: [registry],
});

const botThink = new Histogram({
  name: "hub_bot_think_seconds",
  help: "Time a bot's decision took where it ran (worker thread or event loop), per game",
  labelNames: ["game"],
  buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

/** Made by the first Redis report: a hub without REDIS_URL has no such figures. */
let redisMetrics: { up: Gauge; outages: Counter } | null = null;
function redisGauges(): { up: Gauge; outages: Counter } {
  return (redisMetrics ??= {
    up: new Gauge({
      name: "hub_redis_up",
      help: "1 while Redis (presence and matchmaking) answers, 0 during an outage; absent without REDIS_URL",
      registers: [registry],
    }),
    outages: new Counter({
      name: "hub_redis_outages_total",
      help: "Redis outages seen by this process (no answer within the watch's limit)",
      registers: [registry],
    }),
  });
}

let readyNow: () => boolean = () => true;
let drainingNow = false;

new Gauge({
  name: "hub_ready",
  help: "1 while GET /readyz answers 200 (store and room log take writes, Redis answers, not draining, event loop not stalled), else 0",
  registers: [registry],
  collect() {
    this.set(readyNow() ? 1 : 0);
  },
});

new Gauge({
  name: "hub_draining",
  help: "1 from the stop signal of a deploy (pm2 reload) until the process exits: its rooms are being handed to other processes",
  registers: [registry],
  collect() {
    this.set(drainingNow ? 1 : 0);
  },
});

const handoffs = new Counter({
  name: "hub_handoffs_total",
  help: "Live rooms a draining process handed to another process (result=handed), or left to the survivors' adoption scan (result=left)",
  labelNames: ["result"],
  registers: [registry],
});

const handoffSeconds = new Histogram({
  name: "hub_handoff_seconds",
  help: "One room's hand-off, from its last move on the old process to its restore on the new one",
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

// ---- what the hub reports ------------------------------------------------------------

export const metrics = {
  moveAccepted(game: string, by: "player" | "server", seconds?: number): void {
    moves.inc({ game, by });
    if (seconds !== undefined) moveLatency.observe({ game }, seconds);
  },
  refused(where: "message" | "join" | "http" | "socket" | "profile", code: string): void {
    refusals.inc({ where, code });
  },
  /** A refusal's log line was held back (server/ops/refusalLog.ts). */
  logSuppressed(event: string): void {
    logSuppressed.inc({ event });
  },
  floodCut(reason: "flooding" | "not-reading"): void {
    floodCuts.inc({ reason });
  },
  /** A group commit of `moves` moves was written (or refused). */
  roomLogBatch(moves: number): void {
    logBatch.observe(moves);
  },
  /** How `hub_ready` is read (server/ops/health.ts). */
  ready(read: () => boolean): void {
    readyNow = read;
  },
  draining(on: boolean): void {
    drainingNow = on;
  },
  handoff(result: "handed" | "left", seconds?: number): void {
    handoffs.inc({ result });
    if (seconds !== undefined) handoffSeconds.observe(seconds);
  },
  redis(up: boolean): void {
    const g = redisGauges();
    if (!up) g.outages.inc();
    g.up.set(up ? 1 : 0);
  },
};

// ---- free disk -------------------------------------------------------------------------

/** Free bytes (for an unprivileged process) on the filesystem holding DATA_DIR. */
export function watchDisk(dataDir: string): void {
  if (registry.getSingleMetric("hub_disk_free_bytes")) return;
  const dir = path.resolve(dataDir);
  new Gauge({
    name: "hub_disk_free_bytes",
    help: "Free bytes on the filesystem holding DATA_DIR (rooms.sqlite, hub.sqlite)",
    labelNames: ["path"],
    registers: [registry],
    collect() {
      try {
        const s = fs.statfsSync(fs.existsSync(dir) ? dir : path.dirname(dir));
        this.set({ path: dir }, s.bavail * s.bsize);
      } catch {
        /* the folder went away: no figure rather than a wrong one */
      }
    },
  });
}

// ---- wrappers --------------------------------------------------------------------------

/**
 * The room log, counting the bytes of every write and every write that throws (logged as
 * `roomlog.write-failed` with the room and its game, and still thrown: what a failed write
 * means for the move is the room's business, not the meter's; the room refuses it `not-saved`).
 */
export function meteredRoomLog<L extends RoomLog>(inner: L): L {
  // The game of each open room (a write names only its room): set by open(), gone once the
  // room sleeps, closes or is forgotten (a sleeping room that wakes opens again).
  const games = new Map<string, string>();
  return new Proxy(inner, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (prop === "forget" || prop === "setStatus") {
        return (roomId: string, ...rest: unknown[]) => {
          if (prop === "forget" || rest[0] !== "live") games.delete(roomId);
          return (value as (...a: unknown[]) => unknown).apply(target, [roomId, ...rest]);
        };
      }
      if (prop !== "write" && prop !== "writeMany" && prop !== "open") return typeof value === "function" ? value.bind(target) : value;
      const fn = value as (...args: unknown[]) => unknown;
      const failed = (args: unknown[], e: unknown) => {
        logFailures.inc();
        if (prop === "writeMany") {
          // A line per room (operators grep by room), unless a busy batch would flood the log.
          const ids = (args[0] as { roomId: string }[]).map((w) => w.roomId);
          if (ids.length <= 10) {
            for (const room of ids) log.error({ event: "roomlog.write-failed", room, game: games.get(room), what: prop, rooms: ids.length, err: storeErr(e) }, `a room-log group commit failed (${ids.length} rooms' writes, none written)`);
          } else {
            log.error({ event: "roomlog.write-failed", rooms: ids.length, roomIds: ids.slice(0, 10), what: prop, err: storeErr(e) }, `a room-log group commit failed (${ids.length} rooms' writes, none written)`);
          }
          return;
        }
        const room = prop === "write" ? (args[0] as string) : (args[0] as { roomId?: string } | undefined)?.roomId;
        const game = room === undefined ? undefined : games.get(room);
        log.error({ event: "roomlog.write-failed", room, game, what: prop, err: storeErr(e) }, "a room-log write failed");
      };
      return (...args: unknown[]) => {
        if (prop === "open") {
          const header = args[0] as { roomId?: string; roomName?: string } | undefined;
          if (header?.roomId && header.roomName) games.set(header.roomId, header.roomName);
        }
        logBytes.inc(writeBytes(prop, args));
        try {
          const out = fn.apply(target, args);
          if (out instanceof Promise) out.catch((e: unknown) => failed(args, e));
          return out;
        } catch (e) {
          failed(args, e);
          throw e;
        }
      };
    },
  });
}

/** A room-log write that failed without throwing (Redis reports its failures later). */
export function roomLogWriteFailed(): void {
  logFailures.inc();
}

function writeBytes(prop: string | symbol, args: unknown[]): number {
  try {
    if (prop === "writeMany") return (args[0] as { w: unknown }[]).reduce((n, x) => n + Buffer.byteLength(JSON.stringify(x.w) ?? ""), 0);
    return Buffer.byteLength(JSON.stringify(prop === "write" ? args[1] : args[0]) ?? "");
  } catch {
    return 0;
  }
}

/** A bot thinker whose decisions' times are observed, and whose queue (if it has one) is a gauge. */
export function meteredThinker(inner: BotThinker & { queued?: () => number }): BotThinker {
  if (!registry.getSingleMetric("hub_bot_queue")) {
    new Gauge({
      name: "hub_bot_queue",
      help: "Bot decisions waiting for a worker thread",
      registers: [registry],
      collect() {
        this.set(current?.queued?.() ?? 0);
      },
    });
  }
  current = inner;
  return {
    think: async (request, cancel) => {
      const answer = await inner.think(request, cancel);
      if (answer.ms > 0) botThink.observe({ game: request.game }, answer.ms / 1000); // 0: cancelled, never ran
      return answer;
    },
    close: () => inner.close(),
  };
}
let current: (BotThinker & { queued?: () => number }) | null = null;
