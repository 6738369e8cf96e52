// A deploy nobody notices: what a process does between its stop signal (PM2 reload, SIGINT or
// SIGTERM) and Colyseus' own shutdown (Server.onBeforeShutdown).
//
//   1. unready: GET /readyz answers 503 for DRAIN_UNREADY_SECONDS, so a load balancer or an
//      orchestrator stops sending it players while it still serves every room;
//   2. it stops taking new rooms: its id goes into the Redis hash `hub-draining`, and every
//      process's choice of where a room is created (selectProcessForNewRoom) skips it;
//   3. with a shared room log (Redis), it hands its live rooms to the other processes,
//      DRAIN_HANDOFF rooms at a time: each room is closed here with its log kept open (its
//      players' pages get close 4000 and rejoin by seat token), the least loaded other process
//      is asked (Colyseus IPC over the presence) to adopt it from the log, and adopts it with
//      its turn timers credited the time it was away (RoomReviver.adopt);
//   4. then Colyseus stops as before: whatever was not handed over (a room without a log, a
//      rated-play queue, a hand-off that got no answer) keeps its log and is adopted by the
//      survivors' scan, or woken by its players' rejoin.

import { matchMaker, requestFromIPC, subscribeIPC, type Presence } from "@colyseus/core";
import { log } from "./log.js";
import { metrics } from "./metrics.js";
import type { Health } from "./health.js";
import type { RoomLog } from "../store/RoomLog.js";
import type { RoomReviver } from "../rooms/game/restore.js";

/** Redis hash (presence): processId → when it began draining (ms). */
export const DRAINING_KEY = "hub-draining";
/** A draining mark older than this is ignored (a process that died while draining). */
const DRAINING_MARK_MS = 10 * 60_000;

export interface DrainSettings {
  /** Seconds /readyz answers 503 before the process stops taking rooms (DRAIN_UNREADY_SECONDS, default 0). */
  unreadySeconds: number;
  /** Rooms handed over at once (DRAIN_HANDOFF, default 2). */
  batch: number;
  /** Added to a handed room's timers for its players to reconnect (DRAIN_GRACE_MS, default 2000). */
  graceMs: number;
  /** Longest wait for another process to adopt one room (ms). */
  adoptTimeoutMs: number;
}

function envNumber(value: string | undefined, fallback: number, min = 0): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isFinite(n) && n >= min ? n : fallback;
}

export function drainSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): DrainSettings {
  return {
    unreadySeconds: envNumber(env.DRAIN_UNREADY_SECONDS, 0),
    batch: Math.floor(envNumber(env.DRAIN_HANDOFF, 2, 1)),
    graceMs: envNumber(env.DRAIN_GRACE_MS, 2000),
    adoptTimeoutMs: 5000,
  };
}

const channelOf = (processId: string) => `hub-handoff:${processId}`;

/** Processes marked draining (recent marks only). */
async function drainingProcesses(presence: Presence, prune = false): Promise<Set<string>> {
  const marks = (await presence.hgetall(DRAINING_KEY)) ?? {};
  const now = Date.now();
  const fresh = new Set<string>();
  for (const [id, at] of Object.entries(marks)) {
    if (now - Number(at) < DRAINING_MARK_MS) fresh.add(id);
    else if (prune) await presence.hdel(DRAINING_KEY, id); // processes long gone: one mark per past deploy otherwise
  }
  return fresh;
}

/**
 * Where a new room is created (Colyseus' `selectProcessIdToCreateRoom`): the process with the
 * fewest rooms among those not draining (all of them if every one is).
 */
export async function selectProcessForNewRoom(): Promise<string> {
  const all = await matchMaker.stats.fetchAll();
  const draining = await drainingProcesses(matchMaker.presence).catch(() => new Set<string>());
  const open = all.filter((p) => !draining.has(p.processId));
  const pool = open.length > 0 ? open : all;
  return pool.sort((a, b) => a.roomCount - b.roomCount)[0]?.processId ?? matchMaker.processId;
}

/** Listens for rooms other processes hand to this one (call once the matchmaker is set up). */
export async function listenForHandoffs(presence: Presence, reviver: RoomReviver, graceMs: number): Promise<void> {
  await subscribeIPC(presence, channelOf(matchMaker.processId), (_method: string, args: unknown) => {
    const [roomId, from, frozenAt] = Array.isArray(args) ? args : [];
    if (typeof roomId !== "string" || typeof from !== "string" || typeof frozenAt !== "number") return false;
    if (matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) return false;
    return reviver.adopt(roomId, from, frozenAt, graceMs);
  });
}

interface HandingRoom {
  roomId: string;
  roomName: string;
  handOff(): Promise<boolean>;
}

function isHanding(room: unknown): room is HandingRoom {
  return typeof (room as Partial<HandingRoom> | undefined)?.handOff === "function";
}

export interface DrainDeps {
  health: Health;
  presence: Presence;
  /** The room log, when it is shared (Redis): rooms are handed over only then. */
  sharedLog?: RoomLog;
  settings: DrainSettings;
}

/** Runs the drain; resolves when every room that could be handed over was. */
export async function drain(deps: DrainDeps): Promise<{ handed: number; left: number }> {
  const { health, presence, sharedLog, settings } = deps;
  const started = Date.now();
  health.drain();
  const me = matchMaker.processId;
  log.info({ event: "hub.draining", unreadySeconds: settings.unreadySeconds, handoff: sharedLog ? settings.batch : 0 }, `draining: /readyz answers 503 now; new rooms go elsewhere in ${settings.unreadySeconds} s${sharedLog ? `, then live rooms are handed to other processes, ${settings.batch} at a time` : ""}`);
  if (settings.unreadySeconds > 0) await new Promise((r) => setTimeout(r, settings.unreadySeconds * 1000));
  await Promise.resolve(presence.hset(DRAINING_KEY, me, String(Date.now()))).catch(() => undefined);
  if (!sharedLog) return { handed: 0, left: 0 };

  const listings = await matchMaker.query({ processId: me }).catch(() => []);
  const rooms: HandingRoom[] = listings.map((l) => matchMaker.getLocalRoomById(l.roomId) as unknown).filter(isHanding);
  // Spread over the others by their room counts, counting what this drain sends each.
  const draining = await drainingProcesses(presence, true).catch(() => new Set<string>());
  const candidates = (await matchMaker.stats.fetchAll()).filter((p) => p.processId !== me && !draining.has(p.processId));
  // Only processes whose liveness mark is fresh (a killed process's room count stays in Redis).
  const alive = await Promise.all(candidates.map((p) => (sharedLog.isAlive ? sharedLog.isAlive(p.processId).catch(() => false) : Promise.resolve(true))));
  const others = candidates.filter((_, i) => alive[i]);
  const pick = (): string | null => {
    others.sort((a, b) => a.roomCount - b.roomCount);
    const p = others[0];
    if (!p) return null;
    p.roomCount++;
    return p.processId;
  };

  let handed = 0;
  let left = 0;
  const handOne = async (room: HandingRoom): Promise<void> => {
    const target = pick();
    if (!target) {
      left++;
      metrics.handoff("left");
      return;
    }
    const frozenAt = Date.now();
    try {
      if (!(await room.handOff())) {
        left++;
        metrics.handoff("left");
        return;
      }
      await sharedLog.flush();
      const adopted = await requestFromIPC<boolean>(presence, channelOf(target), "adopt", [room.roomId, me, frozenAt], settings.adoptTimeoutMs);
      if (adopted) {
        handed++;
        metrics.handoff("handed", (Date.now() - frozenAt) / 1000);
      } else {
        left++;
        metrics.handoff("left");
        log.warn({ event: "room.handoff-failed", room: room.roomId, game: room.roomName, reason: "refused" }, `room ${room.roomId} was not adopted by the process asked; the survivors' scan restores it`);
      }
    } catch (e) {
      left++;
      metrics.handoff("left");
      log.warn({ event: "room.handoff-failed", room: room.roomId, game: room.roomName, reason: (e as Error)?.message ?? String(e) }, `room ${room.roomId} could not be handed over; the survivors' scan restores it`);
    }
  };
  for (let i = 0; i < rooms.length; i += settings.batch) await Promise.all(rooms.slice(i, i + settings.batch).map(handOne));
  const seconds = (Date.now() - started) / 1000;
  log.info({ event: "hub.drained", handed, left, seconds: Math.round(seconds * 10) / 10 }, `drained: ${handed} room(s) handed to other processes, ${left} left to their adoption, in ${seconds.toFixed(1)} s`);
  return { handed, left };
}
