// Tournaments an operator schedules (docs/tournaments.md, "Scheduled arenas and Swiss events"):
// the TOURNAMENTS setting lists recurring arenas (a window of `minutes` every `everyMinutes`) and
// Swiss events (`rounds` every `everyMinutes`), each in a rated pool, slots aligned to the epoch
// plus `offsetMinutes` (so every process computes the same ones). The hub writes the current
// slot's and the next slot's tournament rows; a slot's id is its key (pool, interval, start), so
// two processes or a restart never create one twice (`createOnce`: an insert that does nothing
// when the row exists). The same sweep prunes slots nobody entered once they are over, so the
// store does not grow with unplayed slots.

import { createHash } from "node:crypto";
import fs from "node:fs";
import { RATED_POOLS, ratedPool } from "../../common/rated.js";

/** The pools an operator may name, for the refusals (read from the registry, never written out here). */
const POOL_IDS = () => RATED_POOLS.map((p) => p.id).join(", ");
import { log } from "../ops/log.js";
import { SWISS_CALL_OFF_MS } from "./runs.js";
import type { TournamentRow, TournamentStore } from "../store/TournamentStore.js";

export interface ScheduledArena {
  kind?: "timed-arena";
  /** The rated pool its games are played in (common/rated.ts). */
  pool: string;
  /** Minutes from one start to the next (the slots are multiples of it since the epoch). */
  everyMinutes: number;
  /** The window's length in minutes (at most everyMinutes). */
  minutes: number;
  title?: string;
  /** Seats per table (2 unless the pool's games take more). */
  tableSize?: number;
  /** Minutes after each aligned interval the slot starts (0: on it), e.g. 1080 of 1440: 18:00 UTC daily. */
  offsetMinutes?: number;
}

/** A recurring Swiss: `rounds` rounds starting every `everyMinutes`; entries close when round 1 is paired. */
export interface ScheduledSwiss {
  kind: "swiss";
  pool: string;
  everyMinutes: number;
  rounds: number;
  /** A round starts no sooner than this many minutes after the last did; absent: as soon as every game of the last has ended. */
  roundMinutes?: number;
  title?: string;
  offsetMinutes?: number;
}

export type ScheduledEntry = ScheduledArena | ScheduledSwiss;

/** At most this many unplayed slots are pruned per sweep (each sweep is bounded; the next takes the rest). */
export const PRUNE_BATCH = 200;

const MINUTE = 60_000;

/** The TOURNAMENTS setting: a JSON list, or the path of a file holding one. Wrong: an error in words. */
export function parseSchedule(text: string | undefined, readFile: (path: string) => string = (p) => fs.readFileSync(p, "utf8")): ScheduledEntry[] {
  if (text === undefined || text.trim() === "") return [];
  const trimmed = text.trim();
  let json = trimmed;
  if (!trimmed.startsWith("[")) {
    try {
      json = readFile(trimmed);
    } catch {
      throw new Error(`TOURNAMENTS: cannot read the schedule file ${trimmed}; give a JSON list or a readable file's path.`);
    }
  }
  let list: unknown;
  try {
    list = JSON.parse(json);
  } catch {
    throw new Error(`TOURNAMENTS: the schedule is not valid JSON; it is a list like [{"pool":"${RATED_POOLS[0]?.id ?? "…"}","everyMinutes":60,"minutes":30}].`);
  }
  if (!Array.isArray(list) || list.length > 50) throw new Error("TOURNAMENTS: the schedule is a JSON list of at most 50 arenas and Swiss events.");
  return list.map((a, i): ScheduledEntry => {
    if (typeof a === "object" && a !== null && (a as Record<string, unknown>).kind === "swiss") return checkSwiss(a as Record<string, unknown>, `TOURNAMENTS entry ${i + 1}`);
    return checkArena(a, i);
  });
}

const whole = (v: unknown, lo: number, hi: number): v is number => typeof v === "number" && Number.isInteger(v) && v >= lo && v <= hi;

/** The fields both kinds share: the pool, the interval, the offset. */
function checkCommon(o: Record<string, unknown>, where: string) {
  const pool = typeof o.pool === "string" ? ratedPool(o.pool) : undefined;
  if (!pool) throw new Error(`${where}: "${String(o.pool)}" is not a rated pool on this hub (its rated pools: ${POOL_IDS()}).`);
  const every = o.everyMinutes;
  if (!whole(every, 5, 10_080)) throw new Error(`${where}: everyMinutes is a whole number of minutes from 5 to 10080 (a week).`);
  const offset = o.offsetMinutes ?? 0;
  if (!whole(offset, 0, every - 1)) throw new Error(`${where}: offsetMinutes (when in each interval it starts) is a whole number from 0 to everyMinutes − 1.`);
  return { pool, every, offset };
}

function checkSwiss(o: Record<string, unknown>, where: string): ScheduledSwiss {
  const { pool, every, offset } = checkCommon(o, where);
  if (pool.seats.min > 2) throw new Error(`${where}: a Swiss is for two-player games, and ${pool.title} is not one.`);
  if (!whole(o.rounds, 1, 15)) throw new Error(`${where}: rounds is a whole number from 1 to 15.`);
  if (o.roundMinutes !== undefined && !whole(o.roundMinutes, 1, 1440)) throw new Error(`${where}: roundMinutes (the least time from one round's start to the next) is a whole number from 1 to 1440; leave it out to start each round when the last one's games have ended.`);
  const title = o.title === undefined ? `${pool.title} Swiss` : o.title;
  if (typeof title !== "string" || title.length < 1 || title.length > 80) throw new Error(`${where}: title is 1–80 characters.`);
  return {
    kind: "swiss",
    pool: pool.id,
    everyMinutes: every,
    rounds: o.rounds,
    ...(o.roundMinutes !== undefined ? { roundMinutes: o.roundMinutes as number } : {}),
    title,
    ...(offset ? { offsetMinutes: offset } : {}),
  };
}

function checkArena(a: unknown, i: number): ScheduledArena {
  const where = `TOURNAMENTS entry ${i + 1}`;
  if (typeof a !== "object" || a === null) throw new Error(`${where}: each entry is an object: an arena has pool, everyMinutes and minutes; a Swiss has kind "swiss", pool, everyMinutes and rounds.`);
  const o = a as Record<string, unknown>;
  if (o.kind !== undefined && o.kind !== "timed-arena") throw new Error(`${where}: kind is "timed-arena" (an arena, the default) or "swiss".`);
  const { pool, every, offset } = checkCommon(o, where);
  const minutes = o.minutes;
  if (typeof minutes !== "number" || !Number.isInteger(minutes) || minutes < 1 || minutes > every) throw new Error(`${where}: minutes (the window) is a whole number from 1 to everyMinutes.`);
  const tableSize = o.tableSize === undefined ? Math.max(2, pool.seats.min) : o.tableSize;
  if (typeof tableSize !== "number" || !Number.isInteger(tableSize) || tableSize < pool.seats.min || tableSize > pool.seats.max) {
    throw new Error(`${where}: tableSize must be between ${pool.seats.min} and ${pool.seats.max} for ${pool.title}.`);
  }
  const title = o.title === undefined ? `${pool.title} arena` : o.title;
  if (typeof title !== "string" || title.length < 1 || title.length > 80) throw new Error(`${where}: title is 1–80 characters.`);
  return { pool: pool.id, everyMinutes: every, minutes, title, tableSize, ...(offset ? { offsetMinutes: offset } : {}) };
}

/** The rows of the slots due at `now`: the one started last (while it is still open to play) and the next. Pure. */
export function slotsDue(schedule: readonly ScheduledEntry[], now: number): TournamentRow[] {
  const rows: TournamentRow[] = [];
  for (const a of schedule) {
    const every = a.everyMinutes * MINUTE;
    const offset = (a.offsetMinutes ?? 0) * MINUTE;
    const current = Math.floor((now - offset) / every) * every + offset;
    for (const startsAt of [current, current + every]) {
      const row = slotRow(a, startsAt);
      if (playableUntil(row) <= now) continue;
      rows.push(row);
    }
  }
  return rows;
}

/** A slot's row: the kind's settings (an arena's window, a Swiss's rounds), keyed and seeded by the slot. */
function slotRow(a: ScheduledEntry, startsAt: number): TournamentRow {
  const id = slotId(a, startsAt);
  const swiss = a.kind === "swiss";
  return {
    id,
    kind: swiss ? "swiss" : "timed-arena",
    pool: a.pool,
    title: a.title ?? (swiss ? "Swiss" : "Arena"),
    config: swiss
      ? { rounds: a.rounds, startsAt, ...(a.roundMinutes ? { roundMinutes: a.roundMinutes } : {}), scheduled: true }
      : { startsAt, endsAt: startsAt + a.minutes * MINUTE, tableSize: a.tableSize ?? 2, scheduled: true },
    seed: seedOf(id),
    status: "scheduled",
    createdAt: startsAt,
  };
}

const seedOf = (id: string) => createHash("sha256").update(id).digest("hex").slice(0, 32);

/**
 * Until when a tournament nobody has entered could still be played: an arena until its window
 * closes, a Swiss until it would be called off (SWISS_CALL_OFF_MS after its start).
 */
export function playableUntil(t: TournamentRow): number {
  const c = t.config as { startsAt?: unknown; endsAt?: unknown };
  if (t.kind === "timed-arena" && typeof c.endsAt === "number") return c.endsAt;
  return (typeof c.startsAt === "number" ? c.startsAt : t.createdAt) + SWISS_CALL_OFF_MS;
}

/** A slot's key: pool, interval (an "s" before it for a Swiss), start minute (at most 40 characters of A–Z a–z 0–9 - _). */
export function slotId(a: ScheduledEntry, startsAt: number): string {
  return `${a.pool.replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 20)}-${a.kind === "swiss" ? "s" : ""}${a.everyMinutes}m-${Math.floor(startsAt / MINUTE)}`;
}

/**
 * Deletes tournaments still `scheduled` that nobody entered once they can no longer be played
 * (the schedule's slots and players' private ones; a row written by hand, without the
 * schedule's mark, is left), at most PRUNE_BATCH a call, oldest first: the number deleted. A
 * row someone entered, or whose room started it, stays.
 */
export async function pruneUnplayed(store: TournamentStore, now: number): Promise<number> {
  let gone = 0;
  // created_at is a slot's start, and nothing is playable for long after its start: a week (the longest window) and the call-off.
  for (const t of await store.scheduledBefore(now, PRUNE_BATCH)) {
    if (playableUntil(t) <= now && (await store.deleteUnplayed(t.id))) gone++;
  }
  return gone;
}

/** Writes the due slots' rows that are not there yet; the number written (0 when another process or an earlier run did). */
export async function createScheduled(store: TournamentStore, schedule: readonly ScheduledEntry[], now: number): Promise<number> {
  let made = 0;
  for (const row of slotsDue(schedule, now)) if (await store.createOnce(row)) made++;
  return made;
}

/**
 * Writes the due slots and prunes unplayed ones now and every `everyMs` (each process does; the
 * slot keys keep it to one row each, and a row deleted twice is deleted once). Returns stop.
 */
export function runSchedule(store: TournamentStore, schedule: readonly ScheduledEntry[], everyMs = MINUTE, now: () => number = Date.now): () => void {
  const sweep = () =>
    void createScheduled(store, schedule, now())
      .then(async (made) => {
        if (made > 0) log.info({ event: "tournament.scheduled", made }, "scheduled tournaments created");
        const gone = await pruneUnplayed(store, now());
        if (gone > 0) log.info({ event: "tournament.pruned", gone }, "unplayed tournaments pruned");
      })
      .catch((err) => log.error({ event: "tournament.error", what: "schedule", err }, "could not create or prune the scheduled tournaments (tried again next minute)"));
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
