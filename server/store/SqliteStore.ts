// The hub's store in one SQLite file (better-sqlite3), the default: `DATA_DIR/hub.sqlite`.
//
// Every query is SqlStore's (shared with PostgreSQL); finished games are also written and
// read synchronously here, so a room knows its replay id the moment a game ends. The file
// is brought to the newest schema when it opens (migrations.ts; files older than the
// migrations are upgraded in place). The leaderboard is served by two partial indexes
// (fastest first for long windows, newest first for short ones).

import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { ArenaTeamsQuery, FinishedGame, LeaderboardQuery, LeaderboardRow, RecordedTeamRow, StoredGame } from "./GameStore.js";
import {
  gameFromRow,
  GAME_BY_KEY,
  gameParams,
  INSERT_GAME,
  INSERT_PLAYER,
  INSERT_TEAM,
  playerParams,
  playersFromRows,
  SELECT_GAME,
  SELECT_PLAYERS,
  teamParams,
  teamsFromRows,
  teamsNearParams,
  TEAMS_NEAR,
  type GameRow,
  type PlayerRow,
  type TeamRow,
} from "./gameRows.js";
import { migrateSqlite } from "./migrations.js";
import { SqliteSql } from "./sql.js";
import { clampLimit, LEADERBOARD_SQL, leaderboardParams, leaderboardRows, SqlStore } from "./SqlStore.js";
import { freeBytesAt } from "./diskSpace.js";

export interface SqliteStoreOptions {
  /** The clock leaderboard windows end at when a query gives no `now` (ms since epoch). */
  clock?: () => number;
}

/**
 * Runs `open` again while another process holds the file's lock. At a cluster's first start
 * several processes open one fresh file at once: switching it to WAL needs the whole file, and
 * SQLite answers "database is locked" at once (not after its busy timeout) when two connections
 * would otherwise wait on each other. Opening happens before the server listens, so waiting
 * here blocks nobody (test/server/store.migrate.race.test.ts).
 */
function whileLocked(open: () => void, ms = 20_000): void {
  const until = Date.now() + ms;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      return open();
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      if ((code !== "SQLITE_BUSY" && code !== "SQLITE_LOCKED") || Date.now() > until) throw e;
      Atomics.wait(pause, 0, 0, 20 + Math.floor(Math.random() * 80));
    }
  }
}

export class SqliteStore extends SqlStore {
  private readonly db: Database.Database;
  private readonly lite: SqliteSql;

  /** `file` is a path (its folder is created) or ":memory:". */
  constructor(
    readonly file: string,
    options: SqliteStoreOptions = {},
  ) {
    if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const db = new Database(file);
    whileLocked(() => {
      if (file !== ":memory:") db.pragma("journal_mode = WAL");
      migrateSqlite(db);
    });
    const lite = new SqliteSql(db);
    super(lite, options.clock);
    this.db = db;
    this.lite = lite;
  }

  /** Written at once, with its players and the teams it leaves, in one transaction: the id. */
  override recordGame(g: FinishedGame): number {
    // A transaction of the async seam is open (it awaits between statements): writing now
    // would land inside it. The SaveQueue keeps the game and writes it a moment later.
    if (this.lite.inTransaction) throw Object.assign(new Error("the database is busy with another write"), { code: "SQLITE_BUSY" });
    return this.db.transaction(() => {
      const row = this.lite.getNow<{ id: number }>(INSERT_GAME, gameParams(g));
      // Already there (its key): written once, with its players and teams then.
      if (!row) return Number(this.lite.getNow<{ id: number }>(GAME_BY_KEY, [g.key])!.id);
      const id = Number(row.id);
      for (const p of playerParams(id, g)) this.lite.runNow(INSERT_PLAYER, p);
      for (const t of teamParams(id, g)) this.lite.runNow(INSERT_TEAM, t);
      return id;
    })();
  }

  override recentGames(options: { game?: string; roomId?: string; limit?: number } = {}): StoredGame[] {
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
    const sql = `SELECT * FROM games ${where.length ? "WHERE " + where.join(" AND ") : ""} ORDER BY id DESC LIMIT ?`;
    return this.lite.allNow<GameRow>(sql, params).map((r) => gameFromRow(r));
  }

  override getGame(id: number): StoredGame | undefined {
    if (!Number.isSafeInteger(id) || id < 1) return undefined;
    const row = this.lite.getNow<GameRow>(SELECT_GAME, [id]);
    if (!row) return undefined;
    return gameFromRow(row, playersFromRows(JSON.parse(row.seats).length, this.lite.allNow<PlayerRow>(SELECT_PLAYERS, [id])));
  }

  override leaderboard(query: LeaderboardQuery): LeaderboardRow[] {
    return leaderboardRows(this.lite.allNow(LEADERBOARD_SQL, leaderboardParams(query, query.now ?? this.clock())));
  }

  override arenaTeams(query: ArenaTeamsQuery): RecordedTeamRow[] {
    return teamsFromRows(this.lite.allNow<TeamRow>(TEAMS_NEAR, teamsNearParams(query)));
  }

  /** The query plan of the recorded teams query for `query` (tests check that it reads the index). */
  explainArenaTeams(query: ArenaTeamsQuery): string[] {
    const plan = this.db.prepare(`EXPLAIN QUERY PLAN ${TEAMS_NEAR}`).all(...teamsNearParams(query)) as { detail: string }[];
    return plan.map((p) => p.detail);
  }

  /** Writes one row (the hub's last start): throws the store's own error when the file cannot be written. */
  checkWritable(now = Date.now()): void {
    this.db.prepare(`INSERT OR REPLACE INTO hub_meta (key, value) VALUES ('last_start', ?)`).run(String(now));
  }

  freeBytes(): number | null {
    return this.file === ":memory:" ? null : freeBytesAt(path.dirname(path.resolve(this.file)));
  }

  /** The query plan of the leaderboard query for `query` (tests check that it uses an index). */
  explainLeaderboard(query: LeaderboardQuery): string[] {
    const plan = this.db.prepare(`EXPLAIN QUERY PLAN ${LEADERBOARD_SQL}`).all(...leaderboardParams(query, query.now ?? this.clock())) as { detail: string }[];
    return plan.map((p) => p.detail);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
