// The hub's store over either database (sql.ts): finished games, leaderboards, profiles,
// histories and ratings, the Auto Pets arena's recorded teams, with the same queries on SQLite and PostgreSQL. SqliteStore.ts
// adds synchronous writes of finished games (a room learns its replay id at once);
// PgStore.ts opens a pool shared by every machine.

import { marks, type Sql } from "./sql.js";
import {
  LEADERBOARD_SIZE,
  windowStart,
  type ArenaTeamsQuery,
  type Awaitable,
  type FinishedGame,
  type HubStore,
  type LeaderboardQuery,
  type LeaderboardRow,
  type RecordedTeamRow,
  type StoredGame,
} from "./GameStore.js";
import {
  GAME_BY_KEY,
  gameFromRow,
  gameParams,
  INSERT_GAME,
  INSERT_PLAYER,
  INSERT_TEAM,
  playerParams,
  playersFromRows,
  SELECT_GAME,
  SELECT_PLAYERS,
  SUMMARY_COLUMNS,
  summaryFromRow,
  teamParams,
  teamsFromRows,
  teamsNearParams,
  TEAMS_NEAR,
  type GameRow,
  type PlayerRow,
  type SummaryRow,
  type TeamRow,
} from "./gameRows.js";
import type {
  GameSummary,
  HistoryEntry,
  HistoryQuery,
  HomeStore,
  NewProfile,
  Profile,
  ProfileFigures,
  ProfileLimit,
  RatingChange,
  RatingRecord,
  RatingRow,
} from "./HomeStore.js";
import { DISTINCT_OPPONENTS_SQL, forgetProfile, profileFigures, rateGame } from "./homeQueries.js";
import { ESTABLISHED } from "../../common/rated.js";
import { SafetyQueries } from "./safetyQueries.js";
import { TournamentQueries } from "./tournamentQueries.js";
import type { TournamentStore } from "./TournamentStore.js";
import { DailyQueries } from "./dailyQueries.js";
import type { DailyStore } from "./DailyStore.js";
import type { SafetyStore } from "./SafetyStore.js";

export const LEADERBOARD_SQL = `SELECT id, name, time_ms, stats, finished_at FROM games
  WHERE ranked = 1 AND game = ? AND level = ? AND finished_at > ? AND finished_at <= ?
  ORDER BY time_ms ASC, finished_at ASC, id ASC
  LIMIT ?`;

interface ProfileRow {
  id: string;
  name: string;
  created_at: number;
}

const profileOf = (r: ProfileRow | undefined): Profile | null => (r ? { id: r.id, name: r.name, createdAt: r.created_at } : null);

export function clampLimit(limit: number | undefined, fallback: number, max: number): number {
  return Math.max(1, Math.min(Number.isInteger(limit) ? (limit as number) : fallback, max));
}

export function leaderboardParams(query: LeaderboardQuery, now: number): unknown[] {
  const since = windowStart(query.window, now);
  // No -Infinity parameter in either database: the smallest safe integer does the job.
  return [query.game, query.level, Number.isFinite(since) ? since : Number.MIN_SAFE_INTEGER, now, clampLimit(query.limit, LEADERBOARD_SIZE, 100)];
}

export function leaderboardRows(rows: { id: number; name: string; time_ms: number | null; stats: string | null; finished_at: number }[]): LeaderboardRow[] {
  return rows.map((row, k) => ({
    rank: k + 1,
    id: row.id,
    name: row.name,
    timeMs: row.time_ms ?? 0,
    stats: row.stats === null ? null : JSON.parse(row.stats),
    finishedAt: row.finished_at,
  }));
}

export abstract class SqlStore implements HubStore, HomeStore {
  protected readonly clock: () => number;
  readonly safety: SafetyStore;
  readonly tournaments: TournamentStore;
  readonly daily: DailyStore;

  constructor(
    protected readonly sql: Sql,
    clock?: () => number,
  ) {
    this.clock = clock ?? (() => Date.now());
    this.safety = new SafetyQueries(sql);
    this.tournaments = new TournamentQueries(sql);
    this.daily = new DailyQueries(sql);
  }

  // ---- finished games ------------------------------------------------------------------

  recordGame(g: FinishedGame): number | Promise<number> {
    return this.sql.tx(async (q) => {
      const row = await q.get<{ id: number }>(INSERT_GAME, gameParams(g));
      // Already there (its key): written once, with its players and teams then.
      if (!row) return Number((await q.get<{ id: number }>(GAME_BY_KEY, [g.key]))!.id);
      const id = Number(row.id);
      for (const p of playerParams(id, g)) await q.run(INSERT_PLAYER, p);
      for (const t of teamParams(id, g)) await q.run(INSERT_TEAM, t);
      return id;
    });
  }

  arenaTeams(query: ArenaTeamsQuery): Awaitable<RecordedTeamRow[]> {
    return this.sql.all<TeamRow>(TEAMS_NEAR, teamsNearParams(query)).then(teamsFromRows);
  }

  recentGames(options: { game?: string; roomId?: string; limit?: number } = {}): Awaitable<StoredGame[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (options.game !== undefined) {
      where.push("game = ?");
      params.push(options.game);
    }
    if (options.roomId !== undefined) {
      where.push("room_id = ?");
      params.push(options.roomId);
    }
    params.push(clampLimit(options.limit, 50, 1000));
    return this.sql
      .all<GameRow>(`SELECT * FROM games ${where.length ? "WHERE " + where.join(" AND ") : ""} ORDER BY id DESC LIMIT ?`, params)
      .then((rows) => rows.map((r) => gameFromRow(r)));
  }

  getGame(id: number): Awaitable<StoredGame | undefined> {
    return this.readGame(id);
  }

  private async readGame(id: number): Promise<StoredGame | undefined> {
    if (!Number.isSafeInteger(id) || id < 1) return undefined;
    const row = await this.sql.get<GameRow>(SELECT_GAME, [id]);
    if (!row) return undefined;
    const players = await this.sql.all<PlayerRow>(SELECT_PLAYERS, [id]);
    return gameFromRow(row, playersFromRows(JSON.parse(row.seats).length, players));
  }

  leaderboard(query: LeaderboardQuery): Awaitable<LeaderboardRow[]> {
    return this.sql.all<Parameters<typeof leaderboardRows>[0][number]>(LEADERBOARD_SQL, leaderboardParams(query, query.now ?? this.clock())).then(leaderboardRows);
  }

  abstract close(): void | Promise<void>;

  // ---- profiles --------------------------------------------------------------------------

  async createProfile(p: NewProfile, limit: ProfileLimit): Promise<Profile | null> {
    return this.sql.tx(async (q) => {
      const made = await q.get<{ n: number }>(`SELECT COUNT(*) AS n FROM profiles WHERE address = ? AND created_at > ?`, [p.addressHash, p.now - limit.windowMs]);
      if (Number(made?.n ?? 0) >= limit.perAddress) return null;
      await q.run(`INSERT INTO profiles (id, name, created_at, address) VALUES (?, ?, ?, ?)`, [p.id, p.name, p.now, p.addressHash]);
      await q.run(`INSERT INTO profile_keys (key_hash, profile_id, created_at) VALUES (?, ?, ?)`, [p.keyHash, p.id, p.now]);
      return { id: p.id, name: p.name, createdAt: p.now };
    });
  }

  async profileByKey(keyHash: string): Promise<Profile | null> {
    return profileOf(
      await this.sql.get<ProfileRow>(`SELECT p.id, p.name, p.created_at FROM profile_keys k JOIN profiles p ON p.id = k.profile_id WHERE k.key_hash = ?`, [keyHash]),
    );
  }

  async profile(id: string): Promise<Profile | null> {
    return profileOf(await this.sql.get<ProfileRow>(`SELECT id, name, created_at FROM profiles WHERE id = ?`, [id]));
  }

  async addProfileKey(profileId: string, keyHash: string, now: number, maxKeys: number): Promise<boolean> {
    return this.sql.tx(async (q) => {
      if (!(await q.get(`SELECT id FROM profiles WHERE id = ?${q.forUpdate}`, [profileId]))) return false;
      const keys = await q.get<{ n: number }>(`SELECT COUNT(*) AS n FROM profile_keys WHERE profile_id = ?`, [profileId]);
      if (Number(keys?.n ?? 0) >= maxKeys) return false;
      await q.run(`INSERT INTO profile_keys (key_hash, profile_id, created_at) VALUES (?, ?, ?)`, [keyHash, profileId, now]);
      return true;
    });
  }

  async renameProfile(id: string, name: string): Promise<Profile | null> {
    await this.sql.run(`UPDATE profiles SET name = ? WHERE id = ?`, [name, id]);
    return this.profile(id);
  }

  forgetProfile(id: string): Promise<{ deletedGames: number; keptGames: number }> {
    return this.sql.tx((q) => forgetProfile(q, id));
  }

  // ---- histories ---------------------------------------------------------------------------

  async gamesOf(profileId: string, query: HistoryQuery = {}): Promise<HistoryEntry[]> {
    const where = ["p.profile_id = ?"];
    const params: unknown[] = [profileId];
    if (query.game) {
      where.push("g.game = ?");
      params.push(query.game);
    }
    if (query.before !== undefined) {
      where.push("g.id < ?");
      params.push(query.before);
    }
    params.push(clampLimit(query.limit, 20, 100));
    type Row = SummaryRow & { seat: number; place: number; forfeited: number; mu_before: number | null; mu: number | null; sigma: number | null };
    const rows = await this.sql.all<Row>(
      `SELECT ${SUMMARY_COLUMNS}, p.seat, p.place, p.forfeited, h.mu_before, h.mu, h.sigma
       FROM game_players p JOIN games g ON g.id = p.game_id
       LEFT JOIN rating_history h ON h.game_id = p.game_id AND h.profile_id = p.profile_id
       WHERE ${where.join(" AND ")} ORDER BY g.id DESC LIMIT ?`,
      params,
    );
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const others = await this.sql.all<{ game_id: number; seat: number; profile_id: string | null }>(
      `SELECT game_id, seat, profile_id FROM game_players WHERE game_id IN (${marks(ids.length)})`,
      ids,
    );
    return rows.map((r) => {
      const summary = summaryFromRow(r);
      const profiles: (string | null)[] = summary.seats.map(() => null);
      for (const o of others) if (o.game_id === r.id && o.seat < profiles.length) profiles[o.seat] = o.profile_id;
      return {
        ...summary,
        seat: r.seat,
        place: r.place,
        forfeited: r.forfeited === 1,
        profiles,
        rating: r.mu === null || r.mu_before === null ? null : { before: r.mu_before, after: r.mu, sigma: r.sigma ?? 0 },
      };
    });
  }

  /**
   * Games to watch: public games people played to their end. A game left behind (everyone gone,
   * its result `abandoned`) and a game no profile sat in (bots alone) stay out; they remain in
   * their players' histories.
   */
  async recentPublicGames(query: { game?: string; limit?: number } = {}): Promise<GameSummary[]> {
    const params: unknown[] = [];
    let where = "g.is_public = 1 AND g.result <> 'abandoned' AND EXISTS (SELECT 1 FROM game_players p WHERE p.game_id = g.id AND p.profile_id IS NOT NULL)";
    if (query.game) {
      where += " AND g.game = ?";
      params.push(query.game);
    }
    params.push(clampLimit(query.limit, 10, 50));
    const rows = await this.sql.all<SummaryRow>(`SELECT ${SUMMARY_COLUMNS} FROM games g WHERE ${where} ORDER BY g.id DESC LIMIT ?`, params);
    return rows.map(summaryFromRow);
  }

  async playedIn(gameId: number, profileId: string): Promise<boolean> {
    return !!(await this.sql.get(`SELECT seat FROM game_players WHERE game_id = ? AND profile_id = ?`, [gameId, profileId]));
  }

  // ---- ratings -----------------------------------------------------------------------------

  rateGame(gameId: number, now: number): Promise<RatingChange[] | null> {
    return this.sql.tx((q) => rateGame(q, gameId, now));
  }

  async pendingRatings(limit: number): Promise<number[]> {
    const rows = await this.sql.all<{ id: number }>(`SELECT id FROM games WHERE rating_state = 1 ORDER BY id LIMIT ?`, [clampLimit(limit, 100, 1000)]);
    return rows.map((r) => r.id);
  }

  async ratingOf(profileId: string, pool: string): Promise<RatingRecord | null> {
    const r = await this.sql.get<{ mu: number; sigma: number; games: number; wins: number; updated_at: number }>(
      `SELECT mu, sigma, games, wins, updated_at FROM ratings WHERE profile_id = ? AND pool = ?`,
      [profileId, pool],
    );
    return r ? { pool, mu: r.mu, sigma: r.sigma, games: r.games, wins: r.wins, updatedAt: r.updated_at } : null;
  }

  /** Established players only (common/rated.ts ESTABLISHED: enough games against enough different opponents). */
  async ratingLeaderboard(pool: string, limit: number): Promise<RatingRow[]> {
    const rows = await this.sql.all<{ profile_id: string; name: string; mu: number; sigma: number; games: number; wins: number }>(
      `SELECT r.profile_id, p.name, r.mu, r.sigma, r.games, r.wins FROM ratings r JOIN profiles p ON p.id = r.profile_id
       WHERE r.pool = ? AND r.games >= ? AND ${DISTINCT_OPPONENTS_SQL("r.profile_id", "r.pool")} >= ?
       ORDER BY r.mu DESC, r.games DESC, r.profile_id LIMIT ?`,
      [pool, ESTABLISHED.games, ESTABLISHED.opponents, clampLimit(limit, 20, 100)],
    );
    return rows.map((r, k) => ({ rank: k + 1, profileId: r.profile_id, name: r.name, mu: r.mu, sigma: r.sigma, games: r.games, wins: r.wins }));
  }

  profileFigures(profileId: string): Promise<ProfileFigures> {
    return profileFigures(this.sql, profileId);
  }
}
