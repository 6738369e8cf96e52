// SQLite implementation of GameStore (better-sqlite3: synchronous, one file).

import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { FinishedGame, GameStore, StoredGame } from "./GameStore.js";

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
}

export class SqliteStore implements GameStore {
  private readonly db: Database.Database;
  private readonly insert: Database.Statement;

  /** `file` is a path (its folder is created) or ":memory:". */
  constructor(readonly file: string) {
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
    this.insert = this.db.prepare(
      `INSERT INTO games (game, room_id, seed, config, seats, log, result, started_at, ended_at)
       VALUES (@game, @roomId, @seed, @config, @seats, @log, @result, @startedAt, @endedAt)`,
    );
  }

  recordGame(g: FinishedGame): void {
    this.insert.run({
      game: g.game,
      roomId: g.roomId,
      seed: g.seed,
      config: JSON.stringify(g.config),
      seats: JSON.stringify(g.seats),
      log: JSON.stringify(g.log),
      result: g.result,
      startedAt: Math.round(g.startedAt),
      endedAt: Math.round(g.endedAt),
    });
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
    return (this.db.prepare(sql).all(params) as GameRow[]).map((row) => ({
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
    }));
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
