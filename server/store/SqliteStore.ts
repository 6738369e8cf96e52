// SQLite implementation of GameStore (better-sqlite3: synchronous, one file).
//
// One table, `games`: every recorded game with its replay data ({seed, config,
// seats, log}) and, where the game has them, its result fields (time, stats,
// ranked, source). The leaderboard is a query over ranked rows, served by two
// partial indexes (fastest first for long windows, newest first for short ones).
// Older files are upgraded in place: missing columns are added on open. A second table,
// `teams`, keeps the decks a game leaves for the Auto Pets arena (FinishedGame.teams),
// written in the same transaction as their game and indexed by game, round and trophies.

import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import {
  LEADERBOARD_SIZE,
  windowStart,
  type ArenaTeamsQuery,
  type FinishedGame,
  type HubStore,
  type RecordedTeamRow,
  type LeaderboardQuery,
  type LeaderboardRow,
  type RecordSource,
  type StoredGame,
} from "./GameStore.js";

interface GameRow {
  id: number;
  game: string;
  room_id: string;
  seed: number;
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
}

/** Columns added after the first version of the table (name → definition). */
const RESULT_COLUMNS: [string, string][] = [
  ["mode", "TEXT NOT NULL DEFAULT ''"],
  ["level", "TEXT NOT NULL DEFAULT ''"],
  ["name", "TEXT NOT NULL DEFAULT ''"],
  ["time_ms", "INTEGER"],
  ["stats", "TEXT"],
  ["ranked", "INTEGER NOT NULL DEFAULT 0"],
  ["source", "TEXT NOT NULL DEFAULT 'server'"],
  ["finished_at", "INTEGER NOT NULL DEFAULT 0"],
  ["summary", "TEXT"],
];

export interface SqliteStoreOptions {
  /** The clock leaderboard windows end at when a query gives no `now` (ms since epoch). */
  clock?: () => number;
}

export class SqliteStore implements HubStore {
  private readonly db: Database.Database;
  private readonly insert: Database.Statement;
  private readonly byId: Database.Statement;
  private readonly ranked: Database.Statement;
  private readonly insertTeam: Database.Statement;
  private readonly teamsNear: Database.Statement;
  private readonly writeGame: (g: FinishedGame) => number;
  private readonly clock: () => number;

  /** `file` is a path (its folder is created) or ":memory:". */
  constructor(
    readonly file: string,
    options: SqliteStoreOptions = {},
  ) {
    this.clock = options.clock ?? (() => Date.now());
    if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    this.db = new Database(file);
    if (file !== ":memory:") this.db.pragma("journal_mode = WAL");
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game TEXT NOT NULL,
        room_id TEXT NOT NULL,
        seed INTEGER NOT NULL,
        config TEXT NOT NULL,
        seats TEXT NOT NULL,
        log TEXT NOT NULL,
        result TEXT NOT NULL,
        started_at INTEGER NOT NULL,
        ended_at INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS games_by_game ON games (game, ended_at);
    `);
    this.migrate();
    this.db.exec(`
      CREATE INDEX IF NOT EXISTS games_ranked_by_time ON games (game, level, time_ms, finished_at) WHERE ranked = 1;
      CREATE INDEX IF NOT EXISTS games_ranked_by_date ON games (game, level, finished_at) WHERE ranked = 1;
      CREATE TABLE IF NOT EXISTS teams (
        game_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        round INTEGER NOT NULL,
        trophies INTEGER NOT NULL,
        name TEXT NOT NULL,
        lineup TEXT NOT NULL,
        at INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS teams_by_round ON teams (game, round, trophies, at);
    `);
    this.insertTeam = this.db.prepare(
      `INSERT INTO teams (game_id, game, round, trophies, name, lineup, at) VALUES (@gameId, @game, @round, @trophies, @name, @lineup, @at)`,
    );
    // The nearest trophies first: two range scans of the index (at or above, below), merged.
    this.teamsNear = this.db.prepare(
      `SELECT name, round, trophies, lineup, at FROM (
         SELECT * FROM (SELECT name, round, trophies, lineup, at FROM teams WHERE game = @game AND round = @round AND trophies >= @trophies ORDER BY trophies ASC, at DESC LIMIT @limit)
         UNION ALL
         SELECT * FROM (SELECT name, round, trophies, lineup, at FROM teams WHERE game = @game AND round = @round AND trophies < @trophies ORDER BY trophies DESC, at DESC LIMIT @limit)
       ) ORDER BY abs(trophies - @trophies) ASC, at DESC LIMIT @limit`,
    );
    this.writeGame = this.db.transaction((g: FinishedGame) => {
      const id = this.insertGame(g);
      for (const t of g.teams ?? []) {
        this.insertTeam.run({ gameId: id, game: g.game, round: t.round, trophies: t.trophies, name: t.name, lineup: JSON.stringify(t.lineup), at: Math.round(t.at) });
      }
      return id;
    });
    this.insert = this.db.prepare(
      `INSERT INTO games (game, room_id, seed, config, seats, log, result, started_at, ended_at,
                          mode, level, name, time_ms, stats, ranked, source, finished_at, summary)
       VALUES (@game, @roomId, @seed, @config, @seats, @log, @result, @startedAt, @endedAt,
               @mode, @level, @name, @timeMs, @stats, @ranked, @source, @finishedAt, @summary)`,
    );
    this.byId = this.db.prepare(`SELECT * FROM games WHERE id = ?`);
    this.ranked = this.db.prepare(
      `SELECT id, name, time_ms, stats, finished_at FROM games
       WHERE ranked = 1 AND game = @game AND level = @level AND finished_at > @since AND finished_at <= @now
       ORDER BY time_ms ASC, finished_at ASC, id ASC
       LIMIT @limit`,
    );
  }

  /** Adds the result columns to a table created by an older version. */
  private migrate(): void {
    const have = new Set((this.db.prepare(`PRAGMA table_info(games)`).all() as { name: string }[]).map((c) => c.name));
    const missing = RESULT_COLUMNS.filter(([name]) => !have.has(name));
    if (missing.length === 0) return;
    this.db.transaction(() => {
      for (const [name, definition] of missing) this.db.exec(`ALTER TABLE games ADD COLUMN ${name} ${definition}`);
      if (missing.some(([name]) => name === "finished_at")) this.db.exec(`UPDATE games SET finished_at = ended_at`);
    })();
  }

  recordGame(g: FinishedGame): number {
    return this.writeGame(g);
  }

  private insertGame(g: FinishedGame): number {
    const info = this.insert.run({
      game: g.game,
      roomId: g.roomId,
      seed: g.seed,
      config: JSON.stringify(g.config),
      seats: JSON.stringify(g.seats),
      log: JSON.stringify(g.log),
      result: g.result,
      startedAt: Math.round(g.startedAt),
      endedAt: Math.round(g.endedAt),
      mode: g.mode ?? "",
      level: g.level ?? "",
      name: g.name ?? g.seats.find((n) => n !== "") ?? "",
      timeMs: g.timeMs === undefined || g.timeMs === null ? null : Math.round(g.timeMs),
      stats: g.stats === undefined ? null : JSON.stringify(g.stats),
      ranked: g.ranked === true && typeof g.timeMs === "number" ? 1 : 0,
      source: g.source ?? "server",
      finishedAt: Math.round(g.finishedAt ?? g.endedAt),
      summary: g.summary === undefined ? null : JSON.stringify(g.summary),
    });
    return Number(info.lastInsertRowid);
  }

  recentGames(options: { game?: string; roomId?: string; limit?: number } = {}): StoredGame[] {
    const where: string[] = [];
    const params: Record<string, unknown> = { limit: Math.max(1, Math.min(options.limit ?? 50, 1000)) };
    if (options.game !== undefined) {
      where.push("game = @game");
      params.game = options.game;
    }
    if (options.roomId !== undefined) {
      where.push("room_id = @roomId");
      params.roomId = options.roomId;
    }
    const sql = `SELECT * FROM games ${where.length ? "WHERE " + where.join(" AND ") : ""} ORDER BY id DESC LIMIT @limit`;
    return (this.db.prepare(sql).all(params) as GameRow[]).map(fromRow);
  }

  getGame(id: number): StoredGame | undefined {
    if (!Number.isSafeInteger(id) || id < 1) return undefined;
    const row = this.byId.get(id) as GameRow | undefined;
    return row ? fromRow(row) : undefined;
  }

  leaderboard(query: LeaderboardQuery): LeaderboardRow[] {
    const now = query.now ?? this.clock();
    const since = windowStart(query.window, now);
    const limit = Math.max(1, Math.min(query.limit ?? LEADERBOARD_SIZE, 100));
    const rows = this.ranked.all({
      game: query.game,
      level: query.level,
      // SQLite has no -Infinity parameter: the smallest integer does the job.
      since: Number.isFinite(since) ? since : Number.MIN_SAFE_INTEGER,
      now,
      limit,
    }) as Pick<GameRow, "id" | "name" | "time_ms" | "stats" | "finished_at">[];
    return rows.map((row, k) => ({
      rank: k + 1,
      id: row.id,
      name: row.name,
      timeMs: row.time_ms ?? 0,
      stats: row.stats === null ? null : JSON.parse(row.stats),
      finishedAt: row.finished_at,
    }));
  }

  arenaTeams(query: ArenaTeamsQuery): RecordedTeamRow[] {
    const limit = Math.max(1, Math.min(query.limit ?? 40, 200));
    const rows = this.teamsNear.all({ game: query.game, round: query.round, trophies: query.trophies, limit }) as { name: string; round: number; trophies: number; lineup: string; at: number }[];
    return rows.map((r) => ({ name: r.name, round: r.round, trophies: r.trophies, lineup: JSON.parse(r.lineup), at: r.at }));
  }

  /** Writes one row (the hub's last start): throws the store's own error when the file cannot be written. */
  checkWritable(now = Date.now()): void {
    this.db.exec(`CREATE TABLE IF NOT EXISTS hub_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    this.db.prepare(`INSERT OR REPLACE INTO hub_meta (key, value) VALUES ('last_start', ?)`).run(String(now));
  }

  /** The query plan of the leaderboard query (tests check that it uses an index). */
  explainLeaderboard(): string[] {
    const plan = this.db
      .prepare(`EXPLAIN QUERY PLAN ${(this.ranked as unknown as { source: string }).source}`)
      .all({ game: "minesweeper", level: "beginner", since: 0, now: 1, limit: 10 }) as { detail: string }[];
    return plan.map((p) => p.detail);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

function fromRow(row: GameRow): StoredGame {
  return {
    id: row.id,
    game: row.game,
    roomId: row.room_id,
    seed: row.seed,
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
  };
}
