// Persistence seam: one interface, SQLite by default (store/SqliteStore.ts).
// A finished (or abandoned) game is {seed, config, seats, move log}: enough to
// replay it bit for bit with common/core replay(). Games that have results worth
// listing (Minesweeper: time, stats, ranked) add the optional fields below, and
// the leaderboard is a query over the ranked ones.

import type { Seed } from "../../common/core/rng.js";

export interface LoggedMoveRecord {
  seat: number;
  move: unknown;
  /** Server time (ms since epoch) the move was applied (client time for offline games). */
  t: number;
}

/** Where a record's times come from. */
export type RecordSource = "server" | "offline-verified";

export interface FinishedGame {
  game: string;
  /** "" for games that were not played in a room (offline submissions). */
  roomId: string;
  seed: Seed;
  config: unknown;
  /** Display name per (rules) seat at the end ("" for an empty seat). */
  seats: string[];
  log: LoggedMoveRecord[];
  /** Game-specific outcome, e.g. "won", "lost", "abandoned". */
  result: string;
  /** Server times (ms since epoch). */
  startedAt: number;
  endedAt: number;
  /**
   * A room's game: room id, game number and seed (recordKey). The store keeps a record with a
   * key once, however often it is written (after a crash both the restored room and the room
   * log's waiting record may write it); absent: every write is a new record.
   */
  key?: string;

  // ---- optional result fields (Minesweeper fills them in) ----
  /** Room mode ("solo", "coop", "race"...); "" when unknown. */
  mode?: string;
  /** Level id for games that have levels ("beginner"... "custom"). */
  level?: string;
  /** The player the record is about (solo); default: the first non-empty seat name. */
  name?: string;
  /** Game clock in ms (first click → end); null when the clock never ran. */
  timeMs?: number | null;
  /** Game statistics as JSON (Minesweeper: GameStats, or GameStats[] per race seat). */
  stats?: unknown;
  /** May appear on the leaderboard (Minesweeper: a server-timed solo win on a standard level). */
  ranked?: boolean;
  /** Default "server". */
  source?: RecordSource;
  /** Server time the record counts from for leaderboard windows; default `endedAt`. */
  finishedAt?: number;
  /** Anything else a viewer of the record needs (race: winner, ranking, room seats). */
  summary?: unknown;

  // ---- who played (histories, ratings: HomeStore.ts) ----
  /** Per (rules) seat: the profile that played it (null: a bot or nobody known), its place, a forfeit. */
  players?: SeatPlayer[];
  /** A public room's game is watchable by anyone with its link; a private room's only by its players. Default true. */
  public?: boolean;
  /** The rating pool the game counts in (common/rated.ts); "" or absent: not rated. */
  rated?: string;

  // ---- left for asynchronous play ----
  /**
   * Teams the game leaves for asynchronous play (Auto Pets' arena: each person's arranged
   * deck of each round), kept beside the record and queried by `arenaTeams`.
   */
  teams?: RecordedTeamRow[];
}

/** The key of game `gameNo` of room `roomId` played from `seed` (FinishedGame.key). */
export function recordKey(roomId: string, gameNo: number, seed: number | string): string {
  return `${roomId}/${gameNo}/${seed}`;
}

/** One seat of a finished game, as histories and ratings read it. */
export interface SeatPlayer {
  /** The profile that played the seat; null for a bot or a player without a profile. */
  profileId: string | null;
  /** 1-based final place (ties share one); 0 when the game has none (abandoned, a solo board). */
  place: number;
  /** Left a rated game for good (past the reconnection window): counts as last. */
  forfeited?: boolean;
}

/** One recorded team (the store keeps the deck as given: the game checks it when it uses it). */
export interface RecordedTeamRow {
  name: string;
  round: number;
  trophies: number;
  lineup: unknown;
  /** When the game finished (ms since epoch). */
  at: number;
  /** The (rules) seat that fielded it, when written: its profile is kept beside it (forget me takes it). */
  seat?: number;
}

export interface ArenaTeamsQuery {
  game: string;
  round: number;
  /** The runner's trophies: the nearest come first, the newest among equals. */
  trophies: number;
  /** Default 40, at most 200. */
  limit?: number;
}

export interface StoredGame extends FinishedGame {
  id: number;
  mode: string;
  level: string;
  name: string;
  timeMs: number | null;
  stats: unknown;
  ranked: boolean;
  source: RecordSource;
  finishedAt: number;
  summary: unknown;
  public: boolean;
  rated: string;
  /** Moves in the log. */
  moves: number;
}

/** A value now (SQLite) or later (PostgreSQL): callers always await it. */
export type Awaitable<T> = T | Promise<T>;

export interface GameStore {
  /**
   * Records a game; returns its id (the replay id) when the store keeps ids. A store that
   * queues failed writes (SaveQueue) answers 0 while the game waits and calls `onSaved` later;
   * a store on another machine (PostgreSQL) answers with a promise of the id.
   */
  recordGame(game: FinishedGame, onSaved?: (id: number) => void): number | void | Promise<number>;
  /** Most recent first. */
  recentGames(options?: { game?: string; roomId?: string; limit?: number }): Awaitable<StoredGame[]>;
  /** Free bytes where the store's file lives (null or absent: not on a disk). */
  freeBytes?(): number | null;
  close(): void | Promise<void>;
}

// ---- leaderboard ------------------------------------------------------------

export const LEADERBOARD_WINDOWS = ["today", "week", "month", "all"] as const;
export type LeaderboardWindow = (typeof LEADERBOARD_WINDOWS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
/** Length of each window in ms (`all`: unbounded). */
export const WINDOW_MS: Record<LeaderboardWindow, number> = {
  today: DAY_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
  all: Infinity,
};

export const LEADERBOARD_SIZE = 10;

export interface LeaderboardQuery {
  game: string;
  level: string;
  window: LeaderboardWindow;
  /** The clock reading the window ends at (ms since epoch); default: the store's clock. */
  now?: number;
  /** Default 10 (at most 100). */
  limit?: number;
}

export interface LeaderboardRow {
  /** 1-based place. */
  rank: number;
  /** The record (= replay) id. */
  id: number;
  name: string;
  timeMs: number;
  stats: unknown;
  finishedAt: number;
}

/**
 * Start of a window: a record is inside when `since < finishedAt ≤ now`
 * (`all`: every record up to now).
 */
export function windowStart(window: LeaderboardWindow, now: number): number {
  const span = WINDOW_MS[window];
  return Number.isFinite(span) ? now - span : -Infinity;
}

/** A store that can also answer leaderboard and replay queries (SQLite, PostgreSQL, the SaveQueue over either). */
export interface HubStore extends GameStore {
  recordGame(game: FinishedGame, onSaved?: (id: number) => void): number | Promise<number>;
  /** Best ranked records of one game and level inside a window, fastest first. */
  leaderboard(query: LeaderboardQuery): Awaitable<LeaderboardRow[]>;
  /** One record by id (with its players). */
  getGame(id: number): Awaitable<StoredGame | undefined>;
  /** Recorded teams of one round, nearest the given trophies first (then newest). */
  arenaTeams(query: ArenaTeamsQuery): Awaitable<RecordedTeamRow[]>;
}

export function isHubStore(store: GameStore | undefined | null): store is HubStore {
  const s = store as Partial<HubStore> | undefined | null;
  return !!s && typeof s.leaderboard === "function" && typeof s.getGame === "function";
}
