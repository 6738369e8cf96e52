// The `games`, `game_players` and `teams` rows: how a finished game is written and read back, the
// same on SQLite and PostgreSQL (the queries are shared; see sql.ts).

import type { ArenaTeamsQuery, FinishedGame, RecordedTeamRow, RecordSource, SeatPlayer, StoredGame } from "./GameStore.js";
import type { GameSummary } from "./HomeStore.js";

export interface GameRow {
  id: number;
  game: string;
  room_id: string;
  /** A legacy whole-number seed (0 when `seed_text` holds the seed). */
  seed: number;
  /** A 128-bit seed (32 hex digits); null for games stored before them. */
  seed_text: string | null;
  config: string;
  seats: string;
  log: string;
  result: string;
  started_at: number;
  ended_at: number;
  mode: string;
  level: string;
  name: string;
  time_ms: number | null;
  stats: string | null;
  ranked: number;
  source: string;
  finished_at: number;
  summary: string | null;
  is_public: number;
  rated: string;
  moves: number;
}

/**
 * A record with a key (a room's game: FinishedGame.key) is written once: a second write of it
 * (the room and the reviver after a crash, a retry whose answer was lost) adds nothing, and
 * `GAME_BY_KEY` then gives the id it has.
 */
export const INSERT_GAME = `INSERT INTO games (game, room_id, seed, seed_text, config, seats, log, result, started_at, ended_at,
    mode, level, name, time_ms, stats, ranked, source, finished_at, summary, is_public, rated, rating_state, moves, record_key)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (record_key) DO NOTHING RETURNING id`;

export const GAME_BY_KEY = `SELECT id FROM games WHERE record_key = ?`;

export const INSERT_PLAYER = `INSERT INTO game_players (game_id, seat, profile_id, place, forfeited) VALUES (?, ?, ?, ?, ?)`;

export const SELECT_GAME = `SELECT * FROM games WHERE id = ?`;
export const SELECT_PLAYERS = `SELECT seat, profile_id, place, forfeited FROM game_players WHERE game_id = ? ORDER BY seat`;

/** Columns a list needs (never the log). */
export const SUMMARY_COLUMNS = `g.id, g.game, g.mode, g.level, g.result, g.seats, g.started_at, g.ended_at, g.moves, g.is_public, g.rated, g.time_ms`;

/** A rated game is rated only when every seat is a distinct profile that did not sit out. */
export function ratedPool(g: FinishedGame): string {
  const pool = g.rated ?? "";
  const players = g.players ?? [];
  if (!pool || players.length < 2 || players.length !== g.seats.length) return "";
  const ids = players.map((p) => p.profileId);
  if (ids.some((id) => !id) || new Set(ids).size !== ids.length) return "";
  if (players.some((p) => !Number.isInteger(p.place) || p.place < 1)) return "";
  return pool;
}

/** The INSERT_GAME parameters of a finished game. */
export function gameParams(g: FinishedGame): unknown[] {
  const rated = ratedPool(g);
  return [
    g.game,
    g.roomId,
    typeof g.seed === "number" ? g.seed : 0,
    typeof g.seed === "string" ? g.seed : null,
    JSON.stringify(g.config),
    JSON.stringify(g.seats),
    JSON.stringify(g.log),
    g.result,
    Math.round(g.startedAt),
    Math.round(g.endedAt),
    g.mode ?? "",
    g.level ?? "",
    g.name ?? g.seats.find((n) => n !== "") ?? "",
    g.timeMs === undefined || g.timeMs === null ? null : Math.round(g.timeMs),
    g.stats === undefined ? null : JSON.stringify(g.stats),
    g.ranked === true && typeof g.timeMs === "number" ? 1 : 0,
    g.source ?? "server",
    Math.round(g.finishedAt ?? g.endedAt),
    g.summary === undefined ? null : JSON.stringify(g.summary),
    g.public === false ? 0 : 1,
    rated,
    rated ? 1 : 0,
    g.log.length,
    g.key ?? null,
  ];
}

/** INSERT_PLAYER parameters per seat a profile (or a known place) is recorded for. */
export function playerParams(id: number, g: FinishedGame): unknown[][] {
  return (g.players ?? [])
    .map((p, seat) => [id, seat, p.profileId ?? null, Number.isInteger(p.place) && p.place > 0 ? p.place : 0, p.forfeited ? 1 : 0])
    .filter((row) => row[2] !== null);
}

export function gameFromRow(row: GameRow, players: SeatPlayer[] = []): StoredGame {
  return {
    id: row.id,
    game: row.game,
    roomId: row.room_id,
    seed: row.seed_text ?? row.seed,
    config: JSON.parse(row.config),
    seats: JSON.parse(row.seats),
    log: JSON.parse(row.log),
    result: row.result,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    mode: row.mode,
    level: row.level,
    name: row.name,
    timeMs: row.time_ms,
    stats: row.stats === null ? null : JSON.parse(row.stats),
    ranked: row.ranked === 1,
    source: (row.source === "offline-verified" ? "offline-verified" : "server") as RecordSource,
    finishedAt: row.finished_at,
    summary: row.summary === null ? null : JSON.parse(row.summary),
    public: row.is_public !== 0,
    rated: row.rated ?? "",
    moves: row.moves ?? 0,
    players,
  };
}

export interface PlayerRow {
  seat: number;
  profile_id: string | null;
  place: number;
  forfeited: number;
}

/** The seats of a game with the players recorded for them (seats nobody known played: null, place 0). */
export function playersFromRows(seatCount: number, rows: PlayerRow[]): SeatPlayer[] {
  const out: SeatPlayer[] = Array.from({ length: seatCount }, () => ({ profileId: null, place: 0 }));
  for (const r of rows) if (r.seat >= 0 && r.seat < seatCount) out[r.seat] = { profileId: r.profile_id, place: r.place, forfeited: r.forfeited === 1 };
  return out;
}

export type SummaryRow = Pick<GameRow, "id" | "game" | "mode" | "level" | "result" | "seats" | "started_at" | "ended_at" | "moves" | "is_public" | "rated" | "time_ms">;

export function summaryFromRow(row: SummaryRow): GameSummary {
  return {
    id: row.id,
    game: row.game,
    mode: row.mode,
    level: row.level,
    result: row.result,
    seats: JSON.parse(row.seats),
    startedAt: row.started_at,
    endedAt: row.ended_at,
    moves: row.moves ?? 0,
    public: row.is_public !== 0,
    rated: row.rated ?? "",
    timeMs: row.time_ms,
  };
}

// ---- teams (the Auto Pets arena) ---------------------------------------------------------

export const INSERT_TEAM = `INSERT INTO teams (game_id, game, round, trophies, name, lineup, recorded_at, profile_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`;

/**
 * The teams of one round nearest the given trophies (then newest): two range scans of
 * teams_by_round, at or above and below, each cut to the limit, then merged.
 */
export const TEAMS_NEAR = `SELECT name, round, trophies, lineup, recorded_at FROM (
    SELECT * FROM (SELECT name, round, trophies, lineup, recorded_at FROM teams
      WHERE game = ? AND round = ? AND trophies >= ? ORDER BY trophies ASC, recorded_at DESC LIMIT ?) AS above
    UNION ALL
    SELECT * FROM (SELECT name, round, trophies, lineup, recorded_at FROM teams
      WHERE game = ? AND round = ? AND trophies < ? ORDER BY trophies DESC, recorded_at DESC LIMIT ?) AS below
  ) AS near ORDER BY abs(trophies - ?) ASC, recorded_at DESC LIMIT ?`;

/** INSERT_TEAM parameters of each team a game leaves, with the profile of the seat that fielded it. */
export function teamParams(id: number, g: FinishedGame): unknown[][] {
  return (g.teams ?? []).map((t) => [
    id,
    g.game,
    t.round,
    t.trophies,
    t.name,
    JSON.stringify(t.lineup),
    Math.round(t.at),
    t.seat === undefined ? null : (g.players?.[t.seat]?.profileId ?? null),
  ]);
}

export function teamsNearParams(query: ArenaTeamsQuery): unknown[] {
  const limit = Math.max(1, Math.min(Number.isInteger(query.limit) ? (query.limit as number) : 40, 200));
  const { game, round } = query;
  const trophies = Math.round(query.trophies);
  return [game, round, trophies, limit, game, round, trophies, limit, trophies, limit];
}

export interface TeamRow {
  name: string;
  round: number;
  trophies: number;
  lineup: string;
  recorded_at: number;
}

export const teamsFromRows = (rows: TeamRow[]): RecordedTeamRow[] =>
  rows.map((r) => ({ name: r.name, round: r.round, trophies: r.trophies, lineup: JSON.parse(r.lineup), at: r.recorded_at }));
