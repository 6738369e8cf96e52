// Tournaments an operator schedules (docs/tournaments.md, "Scheduled arenas"): the TOURNAMENTS
// setting lists recurring arenas, each in a rated pool, a window of `minutes` every
// `everyMinutes` (slots aligned to the epoch, so every process computes the same ones). The
// hub writes the current slot's and the next slot's tournament rows; a slot's id is its key
// (pool, interval, start), so two processes or a restart never create one twice
// (`createOnce`: an insert that does nothing when the row exists).

import { createHash } from "node:crypto";
import fs from "node:fs";
import { RATED_POOLS, ratedPool } from "../../common/rated.js";

/** The pools an operator may name, for the refusals (read from the registry, never written out here). */
const POOL_IDS = () => RATED_POOLS.map((p) => p.id).join(", ");
import { log } from "../ops/log.js";
import type { TournamentRow, TournamentStore } from "../store/TournamentStore.js";

export interface ScheduledArena {
  /** The rated pool its games are played in (common/rated.ts). */
  pool: string;
  /** Minutes from one start to the next (the slots are multiples of it since the epoch). */
  everyMinutes: number;
  /** The window's length in minutes (at most everyMinutes). */
  minutes: number;
  title?: string;
  /** Seats per table (2 unless the pool's games take more). */
  tableSize?: number;
}

const MINUTE = 60_000;

/** The TOURNAMENTS setting: a JSON list, or the path of a file holding one. Wrong: an error in words. */
export function parseSchedule(text: string | undefined, readFile: (path: string) => string = (p) => fs.readFileSync(p, "utf8")): ScheduledArena[] {
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
  if (!Array.isArray(list) || list.length > 50) throw new Error("TOURNAMENTS: the schedule is a JSON list of at most 50 arenas.");
  return list.map((a, i) => checkArena(a, i));
}

function checkArena(a: unknown, i: number): ScheduledArena {
  const where = `TOURNAMENTS entry ${i + 1}`;
  if (typeof a !== "object" || a === null) throw new Error(`${where}: each arena is an object with pool, everyMinutes and minutes.`);
  const o = a as Record<string, unknown>;
  const pool = typeof o.pool === "string" ? ratedPool(o.pool) : undefined;
  if (!pool) throw new Error(`${where}: "${String(o.pool)}" is not a rated pool on this hub (its rated pools: ${POOL_IDS()}).`);
  const every = o.everyMinutes;
  const minutes = o.minutes;
  if (typeof every !== "number" || !Number.isInteger(every) || every < 5 || every > 10_080) throw new Error(`${where}: everyMinutes is a whole number of minutes from 5 to 10080 (a week).`);
  if (typeof minutes !== "number" || !Number.isInteger(minutes) || minutes < 1 || minutes > every) throw new Error(`${where}: minutes (the window) is a whole number from 1 to everyMinutes.`);
  const tableSize = o.tableSize === undefined ? Math.max(2, pool.seats.min) : o.tableSize;
  if (typeof tableSize !== "number" || !Number.isInteger(tableSize) || tableSize < pool.seats.min || tableSize > pool.seats.max) {
    throw new Error(`${where}: tableSize must be between ${pool.seats.min} and ${pool.seats.max} for ${pool.title}.`);
  }
  const title = o.title === undefined ? `${pool.title} arena` : o.title;
  if (typeof title !== "string" || title.length < 1 || title.length > 80) throw new Error(`${where}: title is 1–80 characters.`);
  return { pool: pool.id, everyMinutes: every, minutes, title, tableSize };
}

/** The rows of the slots due at `now`: the one open now (if its window has not ended) and the next. Pure. */
export function slotsDue(schedule: readonly ScheduledArena[], now: number): TournamentRow[] {
  const rows: TournamentRow[] = [];
  for (const a of schedule) {
    const every = a.everyMinutes * MINUTE;
    const current = Math.floor(now / every) * every;
    for (const startsAt of [current, current + every]) {
      const endsAt = startsAt + a.minutes * MINUTE;
      if (endsAt <= now) continue;
      const id = slotId(a, startsAt);
      rows.push({
        id,
        kind: "timed-arena",
        pool: a.pool,
        title: a.title ?? "Arena",
        config: { startsAt, endsAt, tableSize: a.tableSize ?? 2, scheduled: true },
        seed: createHash("sha256").update(id).digest("hex").slice(0, 32),
        status: "scheduled",
        createdAt: startsAt,
      });
    }
  }
  return rows;
}

/** A slot's key: pool, interval, start minute (at most 40 characters of A–Z a–z 0–9 - _). */
export function slotId(a: ScheduledArena, startsAt: number): string {
  return `${a.pool.replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 20)}-${a.everyMinutes}m-${Math.floor(startsAt / MINUTE)}`;
}

/** Writes the due slots' rows that are not there yet; the number written (0 when another process or an earlier run did). */
export async function createScheduled(store: TournamentStore, schedule: readonly ScheduledArena[], now: number): Promise<number> {
  let made = 0;
  for (const row of slotsDue(schedule, now)) if (await store.createOnce(row)) made++;
  return made;
}

/** Writes the due slots now and every `everyMs` (each process does; the slot keys keep it to one row each). Returns stop. */
export function runSchedule(store: TournamentStore, schedule: readonly ScheduledArena[], everyMs = MINUTE, now: () => number = Date.now): () => void {
  const sweep = () =>
    void createScheduled(store, schedule, now())
      .then((made) => made > 0 && log.info({ event: "tournament.scheduled", made }, "scheduled arenas created"))
      .catch((err) => log.error({ event: "tournament.error", what: "schedule", err }, "could not create the scheduled arenas (tried again next minute)"));
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
