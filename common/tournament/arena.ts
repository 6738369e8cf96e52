// An arena: a fixed window in which every entrant who is free is paired again as soon as their
// game ends, and points add up (docs/tournaments.md).
//
// The state is plain data, the entries and the games (each with the order its result came in),
// so the store keeps exactly these rows and a restart rebuilds the same state; scores, streaks
// and standings are derived from them. Pure: the caller passes the time (`now`, ms) and the
// seed; no clock is read here.
//
// Points (after Lichess's arena): a win 2, a draw 1, a loss 0. Two wins in a row put a player
// on a streak: while on it, each game's points are doubled (a win 4, a draw 2); anything but a
// win ends it. A game counts when its result arrives, even after the window has closed (it was
// paired inside it); nobody is paired once it has closed.
//
// Pairing: the free entrants (joined, not withdrawn, in no game) are ranked by score, then
// rating, then id, and tables are filled from the top, each with the nearest free players below
// it. Nobody meets one of their last game's opponents while any other pairing of the free
// players avoids it (for two-seat tables a search, matching.ts; larger tables skip them where
// someone else is free). With an odd one out, the lowest-ranked waits for the next pairing.
//
// Berserk (after Lichess's): in a game with a turn clock, a player may go berserk before the
// game's first move (the room halves their own turn time); a win from a berserk game earns one
// point more, added after the streak's doubling (a berserk win on a streak: 4 + 1). A draw or
// a loss earns what it would have.
//
// Withdrawal: a withdrawn entrant is paired no more (and may come back while the window is
// open); a game they were playing is still scored as its room ends it (leaving a rated room is
// a loss there), so their opponents keep what they won.

import { createRng, type Seed } from "../core/rng.js";
import { pairAllButOne } from "./matching.js";

export type ArenaResult = "win" | "draw" | "loss";

export interface ArenaConfig {
  /** The window, in ms since the epoch: pairing only within startsAt ≤ now < endsAt. */
  startsAt: number;
  endsAt: number;
  /** Seats at one table (2 for the two-player games; a pool's size for the others). */
  tableSize: number;
  seed: Seed;
}

export interface ArenaEntry {
  id: string;
  rating: number;
  joinedAt: number;
  withdrawn: boolean;
}

export interface ArenaGame {
  /** The game's number within the tournament: 1, 2, 3… in pairing order. */
  no: number;
  /** Seat order: the first moves first. */
  players: string[];
  pairedAt: number;
  /** Per player, once the game has ended. */
  results?: Record<string, ArenaResult>;
  /** The order results came in (1, 2, 3…): streaks follow it. */
  endedNo?: number;
  /** Players who went berserk in this game (a win earns BERSERK_BONUS more). */
  berserk?: string[];
}

export interface ArenaState {
  config: ArenaConfig;
  entries: ArenaEntry[];
  games: ArenaGame[];
}

export const ARENA_POINTS: Record<ArenaResult, number> = { win: 2, draw: 1, loss: 0 };
/** What a berserk win adds (after a streak's doubling). */
export const BERSERK_BONUS = 1;
/** Wins in a row that put a player on a streak (double points from the next game on). */
export const STREAK_AFTER = 2;

export function newArena(config: ArenaConfig): ArenaState {
  if (!(config.endsAt > config.startsAt)) throw new RangeError("an arena's window must end after it starts");
  if (!Number.isInteger(config.tableSize) || config.tableSize < 2) throw new RangeError(`a table needs at least two seats, not ${config.tableSize}`);
  return { config, entries: [], games: [] };
}

export function arenaOpen(s: ArenaState, now: number): boolean {
  return now >= s.config.startsAt && now < s.config.endsAt;
}

export type ArenaRefusal = "closed" | "not-in" | "no-game" | "already-scored" | "bad-result" | "not-playing";

/** Joins, or comes back after withdrawing, while the window has not closed. */
export function arenaJoin(s: ArenaState, id: string, rating: number, now: number): ArenaRefusal | null {
  if (now >= s.config.endsAt) return "closed";
  const e = s.entries.find((x) => x.id === id);
  if (e) e.withdrawn = false;
  else s.entries.push({ id, rating, joinedAt: now, withdrawn: false });
  return null;
}

export function arenaWithdraw(s: ArenaState, id: string): ArenaRefusal | null {
  const e = s.entries.find((x) => x.id === id);
  if (!e) return "not-in";
  e.withdrawn = true;
  return null;
}

/** Records a game's end: one result per seat. */
export function arenaResult(s: ArenaState, no: number, results: Record<string, ArenaResult>): ArenaRefusal | null {
  const g = s.games.find((x) => x.no === no);
  if (!g) return "no-game";
  if (g.results) return "already-scored";
  if (g.players.some((p) => !(results[p] in ARENA_POINTS)) || Object.keys(results).length !== g.players.length) return "bad-result";
  g.results = { ...results };
  g.endedNo = s.games.reduce((m, x) => Math.max(m, x.endedNo ?? 0), 0) + 1;
  return null;
}

/** Records that `id` went berserk in game `no` (its room allowed it: before the first move). Twice is once. */
export function arenaBerserk(s: ArenaState, no: number, id: string): ArenaRefusal | null {
  const g = s.games.find((x) => x.no === no);
  if (!g) return "no-game";
  if (!g.players.includes(id)) return "not-playing";
  if (g.results) return "already-scored";
  if (!g.berserk?.includes(id)) g.berserk = [...(g.berserk ?? []), id];
  return null;
}

/** Points for a result, on a streak or not, berserk or not. */
export function arenaPoints(result: ArenaResult, onStreak: boolean, berserk = false): number {
  return ARENA_POINTS[result] * (onStreak ? 2 : 1) + (berserk && result === "win" ? BERSERK_BONUS : 0);
}

export interface ArenaRecord {
  id: string;
  rating: number;
  withdrawn: boolean;
  score: number;
  games: number;
  wins: number;
  /** Wins in a row up to now. */
  winsInRow: number;
  onStreak: boolean;
  /** Playing a game now. */
  playing: boolean;
  /** The other players of this player's most recently paired game. */
  lastOpponents: string[];
  /** Games in which this player sat first. */
  firsts: number;
}

export function arenaRecords(s: ArenaState): Map<string, ArenaRecord> {
  const out = new Map<string, ArenaRecord>();
  for (const e of s.entries) {
    out.set(e.id, { id: e.id, rating: e.rating, withdrawn: e.withdrawn, score: 0, games: 0, wins: 0, winsInRow: 0, onStreak: false, playing: false, lastOpponents: [], firsts: 0 });
  }
  for (const g of [...s.games].sort((a, b) => a.no - b.no)) {
    g.players.forEach((p, i) => {
      const r = out.get(p)!;
      r.lastOpponents = g.players.filter((x) => x !== p);
      if (i === 0) r.firsts++;
      if (!g.results) r.playing = true;
    });
  }
  const ended = s.games.filter((g) => g.results).sort((a, b) => a.endedNo! - b.endedNo!);
  for (const g of ended) {
    for (const p of g.players) {
      const r = out.get(p)!;
      const result = g.results![p];
      r.score += arenaPoints(result, r.onStreak, g.berserk?.includes(p) ?? false);
      r.games++;
      if (result === "win") {
        r.wins++;
        r.winsInRow++;
        if (r.winsInRow >= STREAK_AFTER) r.onStreak = true;
      } else {
        r.winsInRow = 0;
        r.onStreak = false;
      }
    }
  }
  return out;
}

const byRank = (a: ArenaRecord, b: ArenaRecord) => b.score - a.score || b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Pairs the free entrants into new games (added to `s.games`), none when the window is not open. */
export function arenaPair(s: ArenaState, now: number): ArenaGame[] {
  if (!arenaOpen(s, now)) return [];
  const records = arenaRecords(s);
  const free = [...records.values()].filter((r) => !r.withdrawn && !r.playing).sort(byRank);
  const size = s.config.tableSize;
  if (free.length < size) return [];
  const justMet = (a: ArenaRecord, b: ArenaRecord) => a.lastOpponents.includes(b.id) || b.lastOpponents.includes(a.id);
  const rankOf = new Map(free.map((r, i) => [r.id, i]));
  const rec = (id: string) => records.get(id)!;

  let tables: string[][];
  if (size === 2) {
    const order = free.map((r) => r.id);
    const search = (avoid: boolean) =>
      pairAllButOne({
        order,
        candidates: (u, unpaired) => unpaired.filter((v) => !avoid || !justMet(rec(u), rec(v))).sort((x, y) => rankOf.get(x)! - rankOf.get(y)!),
        budget: 20_000,
      });
    tables = (search(true) ?? search(false)!).pairs;
  } else {
    tables = [];
    const left = free.map((r) => r.id);
    while (left.length >= size) {
      const table = [left.shift()!];
      while (table.length < size) {
        const i = left.findIndex((v) => table.every((t) => !justMet(rec(t), rec(v))));
        table.push(left.splice(i >= 0 ? i : 0, 1)[0]);
      }
      tables.push(table);
    }
  }

  const rng = createRng(s.config.seed, s.games.length + 1);
  let no = s.games.reduce((m, g) => Math.max(m, g.no), 0);
  const games = tables.map((t) => ({ no: ++no, players: seatOrder(t.map(rec), rng.int(2) === 0), pairedAt: now }));
  s.games.push(...games);
  return games;
}

/** The seat order: who has sat first least goes first (ties: the seeded draw, then rank). */
function seatOrder(players: ArenaRecord[], flip: boolean): string[] {
  const sorted = [...players].sort((a, b) => a.firsts - b.firsts);
  if (sorted.length === 2 && sorted[0].firsts === sorted[1].firsts && flip) sorted.reverse();
  return sorted.map((r) => r.id);
}

export interface ArenaStanding {
  rank: number;
  id: string;
  score: number;
  games: number;
  wins: number;
  onStreak: boolean;
  withdrawn: boolean;
}

/** The table: score, then wins, then fewer games (the same points in fewer games), rating, id. */
export function arenaStandings(s: ArenaState): ArenaStanding[] {
  const rows = [...arenaRecords(s).values()];
  rows.sort((a, b) => b.score - a.score || b.wins - a.wins || a.games - b.games || byRank(a, b));
  return rows.map((r, i) => ({ rank: i + 1, id: r.id, score: r.score, games: r.games, wins: r.wins, onStreak: r.onStreak, withdrawn: r.withdrawn }));
}
