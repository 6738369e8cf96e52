// DailyStore (DailyStore.ts) over either database (sql.ts): the same queries on SQLite and
// PostgreSQL. The entry's key (day, game, profile) keeps one try each; a result is written only
// where none is (the first stands).

import type { Sql } from "./sql.js";
import type { DailyEntry, DailyResult, DailyStore } from "./DailyStore.js";

const SECRET_KEY = "daily-secret";

interface Row {
  day: string;
  game: string;
  profile_id: string;
  room_id: string;
  started_at: number;
  score: number | null;
  outcome: string | null;
  game_id: number | null;
  finished_at: number | null;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const entryOf = (r: Row): DailyEntry => ({
  day: r.day,
  game: r.game,
  profileId: r.profile_id,
  roomId: r.room_id,
  startedAt: Number(r.started_at),
  score: num(r.score),
  outcome: r.outcome,
  gameId: num(r.game_id),
  finishedAt: num(r.finished_at),
});

const resultOf = (r: Row): DailyResult => ({ profileId: r.profile_id, score: Number(r.score), outcome: r.outcome ?? "", gameId: num(r.game_id), finishedAt: Number(r.finished_at) });

const COLUMNS = `day, game, profile_id, room_id, started_at, score, outcome, game_id, finished_at`;
const ORDER = `ORDER BY score DESC, finished_at ASC, profile_id ASC`;

export class DailyQueries implements DailyStore {
  constructor(private readonly sql: Sql) {}

  async secret(fresh: string): Promise<string> {
    await this.sql.run(`INSERT INTO hub_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING`, [SECRET_KEY, fresh]);
    const row = await this.sql.get<{ value: string }>(`SELECT value FROM hub_meta WHERE key = ?`, [SECRET_KEY]);
    return row!.value;
  }

  async claim(e: { day: string; game: string; profileId: string; startedAt: number }): Promise<boolean> {
    const n = await this.sql.run(`INSERT INTO daily_entries (day, game, profile_id, room_id, started_at) VALUES (?, ?, ?, '', ?) ON CONFLICT (day, game, profile_id) DO NOTHING`, [
      e.day,
      e.game,
      e.profileId,
      e.startedAt,
    ]);
    return n > 0;
  }

  async unclaim(day: string, game: string, profileId: string): Promise<void> {
    await this.sql.run(`DELETE FROM daily_entries WHERE day = ? AND game = ? AND profile_id = ? AND score IS NULL`, [day, game, profileId]);
  }

  async setRoom(day: string, game: string, profileId: string, roomId: string): Promise<void> {
    await this.sql.run(`UPDATE daily_entries SET room_id = ? WHERE day = ? AND game = ? AND profile_id = ?`, [roomId, day, game, profileId]);
  }

  async finish(day: string, game: string, profileId: string, r: { score: number; outcome: string; gameId: number | null; finishedAt: number }): Promise<boolean> {
    const n = await this.sql.run(
      `UPDATE daily_entries SET score = ?, outcome = ?, game_id = ?, finished_at = ? WHERE day = ? AND game = ? AND profile_id = ? AND score IS NULL`,
      [r.score, r.outcome, r.gameId, Math.round(r.finishedAt), day, game, profileId],
    );
    return n > 0;
  }

  async setGame(day: string, game: string, profileId: string, gameId: number): Promise<void> {
    await this.sql.run(`UPDATE daily_entries SET game_id = ? WHERE day = ? AND game = ? AND profile_id = ? AND game_id IS NULL`, [gameId, day, game, profileId]);
  }

  async entry(day: string, game: string, profileId: string): Promise<DailyEntry | null> {
    const r = await this.sql.get<Row>(`SELECT ${COLUMNS} FROM daily_entries WHERE day = ? AND game = ? AND profile_id = ?`, [day, game, profileId]);
    return r ? entryOf(r) : null;
  }

  async entriesOf(profileId: string, day: string): Promise<DailyEntry[]> {
    return (await this.sql.all<Row>(`SELECT ${COLUMNS} FROM daily_entries WHERE profile_id = ? AND day = ? ORDER BY game`, [profileId, day])).map(entryOf);
  }

  async table(day: string, game: string, limit: number): Promise<DailyResult[]> {
    return (await this.sql.all<Row>(`SELECT ${COLUMNS} FROM daily_entries WHERE day = ? AND game = ? AND score IS NOT NULL ${ORDER} LIMIT ?`, [day, game, limit])).map(resultOf);
  }

  async counts(day: string, game: string, score: number | null): Promise<{ finished: number; better: number }> {
    const all = await this.sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM daily_entries WHERE day = ? AND game = ? AND score IS NOT NULL`, [day, game]);
    const better = score === null ? null : await this.sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM daily_entries WHERE day = ? AND game = ? AND score > ?`, [day, game, score]);
    return { finished: Number(all?.n ?? 0), better: Number(better?.n ?? 0) };
  }

  async daysPlayed(profileId: string, limit: number): Promise<string[]> {
    const rows = await this.sql.all<{ day: string }>(`SELECT DISTINCT day FROM daily_entries WHERE profile_id = ? AND score IS NOT NULL ORDER BY day DESC LIMIT ?`, [profileId, limit]);
    return rows.map((r) => r.day);
  }

  async resultsBetween(from: string, to: string): Promise<(DailyResult & { day: string; game: string })[]> {
    const rows = await this.sql.all<Row>(`SELECT ${COLUMNS} FROM daily_entries WHERE day >= ? AND day <= ? AND score IS NOT NULL ORDER BY day, game, score DESC, finished_at ASC, profile_id ASC`, [from, to]);
    return rows.map((r) => ({ ...resultOf(r), day: r.day, game: r.game }));
  }

  async seasonMark(fromDay: string, toDay: string, from: number, to: number): Promise<string> {
    const d = await this.sql.get<{ n: number; last: number | null }>(`SELECT COUNT(*) AS n, MAX(finished_at) AS last FROM daily_entries WHERE day >= ? AND day <= ? AND score IS NOT NULL`, [fromDay, toDay]);
    const t = await this.sql.get<{ n: number; last: number | null }>(`SELECT COUNT(*) AS n, MAX(ended_at) AS last FROM tournament_results WHERE ended_at >= ? AND ended_at < ?`, [from, to]);
    return `${Number(d?.n ?? 0)}/${Number(d?.last ?? 0)}/${Number(t?.n ?? 0)}/${Number(t?.last ?? 0)}`;
  }

  async tournamentsWithResults(from: number, to: number): Promise<string[]> {
    const rows = await this.sql.all<{ tournament_id: string }>(`SELECT DISTINCT tournament_id FROM tournament_results WHERE ended_at >= ? AND ended_at < ? ORDER BY tournament_id`, [from, to]);
    return rows.map((r) => r.tournament_id);
  }
}
