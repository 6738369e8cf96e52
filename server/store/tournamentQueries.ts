// TournamentStore (TournamentStore.ts) over either database (sql.ts): the same queries on
// SQLite and PostgreSQL. A pairing's number and a result's order are keys, so a stale writer
// fails instead of duplicating; the lease is one conditional UPDATE (atomic on both).

import { marks, type Sql } from "./sql.js";
import type { EntryRow, FinishedInRoom, PairingRow, ResultRow, SeatResult, TournamentKind, TournamentRecord, TournamentRow, TournamentStatus, TournamentStore } from "./TournamentStore.js";

interface TRow {
  id: string;
  kind: string;
  pool: string;
  title: string;
  config: string;
  seed: string;
  status: string;
  created_at: number;
  creator: string | null;
}

const tournamentOf = (r: TRow): TournamentRow => ({
  id: r.id,
  kind: r.kind as TournamentKind,
  pool: r.pool,
  title: r.title,
  config: JSON.parse(r.config),
  seed: r.seed,
  status: r.status as TournamentStatus,
  createdAt: Number(r.created_at),
  ...(r.creator ? { creator: r.creator } : {}),
});

const T_COLUMNS = `id, kind, pool, title, config, seed, status, created_at, creator`;
const OPEN = `status IN ('scheduled', 'running')`;

/** A unique-key violation on either database (the row is already there). */
function isDuplicate(e: unknown): boolean {
  const err = e as { code?: string };
  return err.code === "23505" || err.code === "SQLITE_CONSTRAINT_PRIMARYKEY" || err.code === "SQLITE_CONSTRAINT_UNIQUE";
}

export class TournamentQueries implements TournamentStore {
  constructor(private readonly sql: Sql) {}

  async create(t: TournamentRow): Promise<void> {
    await this.sql.run(`INSERT INTO tournaments (${T_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, [t.id, t.kind, t.pool, t.title, JSON.stringify(t.config), t.seed, t.status, t.createdAt, t.creator ?? null]);
  }

  async createOnce(t: TournamentRow): Promise<boolean> {
    const n = await this.sql.run(`INSERT INTO tournaments (${T_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`, [
      t.id,
      t.kind,
      t.pool,
      t.title,
      JSON.stringify(t.config),
      t.seed,
      t.status,
      t.createdAt,
      t.creator ?? null,
    ]);
    return n > 0;
  }

  async list(statuses: TournamentStatus[], newest?: number): Promise<TournamentRow[]> {
    if (statuses.length === 0) return [];
    const where = `SELECT ${T_COLUMNS} FROM tournaments WHERE creator IS NULL AND status IN (${marks(statuses.length)})`;
    const rows =
      newest === undefined
        ? await this.sql.all<TRow>(`${where} ORDER BY created_at, id`, statuses)
        : await this.sql.all<TRow>(`${where} ORDER BY created_at DESC, id DESC LIMIT ?`, [...statuses, newest]);
    return rows.map(tournamentOf);
  }

  async load(id: string): Promise<TournamentRecord | null> {
    const t = await this.sql.get<TRow>(`SELECT ${T_COLUMNS} FROM tournaments WHERE id = ?`, [id]);
    if (!t) return null;
    const entries = await this.sql.all<{ profile_id: string; rating: number; joined_at: number; withdrawn: number }>(
      `SELECT profile_id, rating, joined_at, withdrawn FROM tournament_entries WHERE tournament_id = ? ORDER BY joined_at, profile_id`,
      [id],
    );
    const pairings = await this.sql.all<{ game_no: number; round: number; players: string; paired_at: number; room_id: string | null; berserk: string | null }>(
      `SELECT game_no, round, players, paired_at, room_id, berserk FROM tournament_pairings WHERE tournament_id = ? ORDER BY game_no`,
      [id],
    );
    const results = await this.sql.all<{ game_no: number; ended_no: number; results: string; ended_at: number; game_id: number | null }>(
      `SELECT game_no, ended_no, results, ended_at, game_id FROM tournament_results WHERE tournament_id = ? ORDER BY ended_no`,
      [id],
    );
    return {
      tournament: tournamentOf(t),
      entries: entries.map((e): EntryRow => ({ profileId: e.profile_id, rating: Number(e.rating), joinedAt: Number(e.joined_at), withdrawn: Number(e.withdrawn) === 1 })),
      pairings: pairings.map(
        (p): PairingRow => ({ no: Number(p.game_no), round: Number(p.round), players: JSON.parse(p.players), pairedAt: Number(p.paired_at), roomId: p.room_id, ...(p.berserk ? { berserk: JSON.parse(p.berserk) } : {}) }),
      ),
      results: results.map((r): ResultRow => ({ no: Number(r.game_no), endedNo: Number(r.ended_no), results: JSON.parse(r.results), endedAt: Number(r.ended_at), gameId: r.game_id === null ? null : Number(r.game_id) })),
    };
  }

  async scheduledBefore(before: number, limit: number): Promise<TournamentRow[]> {
    const rows = await this.sql.all<TRow>(`SELECT ${T_COLUMNS} FROM tournaments t WHERE status = 'scheduled' AND created_at < ? AND (creator IS NOT NULL OR config LIKE '%"scheduled":true%')
       AND NOT EXISTS (SELECT 1 FROM tournament_entries e WHERE e.tournament_id = t.id) ORDER BY created_at, id LIMIT ?`, [before, limit]);
    return rows.map(tournamentOf);
  }

  async deleteUnplayed(id: string): Promise<boolean> {
    // One statement: a join or a room starting it in between keeps the row.
    const n = await this.sql.run(`DELETE FROM tournaments WHERE id = ? AND status = 'scheduled' AND NOT EXISTS (SELECT 1 FROM tournament_entries WHERE tournament_id = ?)`, [id, id]);
    return n > 0;
  }

  async openBy(creator: string, since: number): Promise<number> {
    const r = await this.sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM tournaments WHERE creator = ? AND ${OPEN} AND created_at >= ?`, [creator, since]);
    return Number(r?.n ?? 0);
  }

  async openPrivate(since: number): Promise<number> {
    const r = await this.sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM tournaments WHERE creator IS NOT NULL AND ${OPEN} AND created_at >= ?`, [since]);
    return Number(r?.n ?? 0);
  }

  async madeBy(creator: string, since: number, limit: number): Promise<TournamentRow[]> {
    const rows = await this.sql.all<TRow>(`SELECT ${T_COLUMNS} FROM tournaments WHERE creator = ? AND created_at >= ? ORDER BY created_at, id LIMIT ?`, [creator, since, limit]);
    return rows.map(tournamentOf);
  }

  async cancel(id: string, config: Record<string, unknown>): Promise<boolean> {
    const n = await this.sql.run(
      `UPDATE tournaments SET status = 'finished', config = ? WHERE id = ? AND status <> 'finished' AND NOT EXISTS (SELECT 1 FROM tournament_pairings WHERE tournament_id = ?)`,
      [JSON.stringify(config), id, id],
    );
    return n > 0;
  }

  async setStatus(id: string, status: TournamentStatus): Promise<void> {
    await this.sql.run(`UPDATE tournaments SET status = ? WHERE id = ?`, [status, id]);
  }

  async saveEntry(id: string, e: EntryRow): Promise<void> {
    await this.sql.run(
      `INSERT INTO tournament_entries (tournament_id, profile_id, rating, joined_at, withdrawn) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (tournament_id, profile_id) DO UPDATE SET withdrawn = excluded.withdrawn`,
      [id, e.profileId, e.rating, e.joinedAt, e.withdrawn ? 1 : 0],
    );
  }

  async savePairings(id: string, pairings: PairingRow[]): Promise<boolean> {
    try {
      await this.sql.tx(async (q) => {
        for (const p of pairings) {
          await q.run(`INSERT INTO tournament_pairings (tournament_id, game_no, round, players, paired_at, room_id) VALUES (?, ?, ?, ?, ?, ?)`, [
            id,
            p.no,
            p.round,
            JSON.stringify(p.players),
            p.pairedAt,
            p.roomId,
          ]);
        }
      });
      return true;
    } catch (e) {
      if (isDuplicate(e)) return false;
      throw e;
    }
  }

  async setRoom(id: string, no: number, roomId: string): Promise<void> {
    await this.sql.run(`UPDATE tournament_pairings SET room_id = ? WHERE tournament_id = ? AND game_no = ?`, [roomId, id, no]);
  }

  async addBerserk(id: string, no: number, profileId: string): Promise<boolean> {
    return this.sql.tx(async (q) => {
      const p = await q.get<{ players: string; berserk: string | null }>(`SELECT players, berserk FROM tournament_pairings WHERE tournament_id = ? AND game_no = ?`, [id, no]);
      const scored = await q.get(`SELECT 1 AS x FROM tournament_results WHERE tournament_id = ? AND game_no = ?`, [id, no]);
      if (!p || scored || !(JSON.parse(p.players) as string[]).includes(profileId)) return false;
      const list: string[] = p.berserk ? JSON.parse(p.berserk) : [];
      if (!list.includes(profileId)) {
        list.push(profileId);
        await q.run(`UPDATE tournament_pairings SET berserk = ? WHERE tournament_id = ? AND game_no = ?`, [JSON.stringify(list), id, no]);
      }
      return true;
    });
  }

  async berserkOf(id: string, no: number): Promise<string[]> {
    const p = await this.sql.get<{ berserk: string | null }>(`SELECT berserk FROM tournament_pairings WHERE tournament_id = ? AND game_no = ?`, [id, no]);
    return p?.berserk ? JSON.parse(p.berserk) : [];
  }

  async saveResult(id: string, no: number, results: Record<string, SeatResult>, endedAt: number, gameId: number | null): Promise<number | null> {
    try {
      return await this.sql.tx(async (q) => {
        const done = await q.get(`SELECT 1 AS x FROM tournament_results WHERE tournament_id = ? AND game_no = ?`, [id, no]);
        if (done) return null;
        const last = await q.get<{ n: number | null }>(`SELECT MAX(ended_no) AS n FROM tournament_results WHERE tournament_id = ?`, [id]);
        const endedNo = Number(last?.n ?? 0) + 1;
        await q.run(`INSERT INTO tournament_results (tournament_id, game_no, ended_no, results, ended_at, game_id) VALUES (?, ?, ?, ?, ?, ?)`, [
          id,
          no,
          endedNo,
          JSON.stringify(results),
          endedAt,
          gameId,
        ]);
        return endedNo;
      });
    } catch (e) {
      // Another writer recorded it (or took this order) in between: its row stands.
      if (isDuplicate(e)) return null;
      throw e;
    }
  }

  async takeLease(id: string, owner: string, now: number, ms: number): Promise<boolean> {
    const changed = await this.sql.run(`UPDATE tournaments SET lease_owner = ?, lease_until = ? WHERE id = ? AND (lease_owner IS NULL OR lease_owner = ? OR lease_until < ?)`, [
      owner,
      now + ms,
      id,
      owner,
      now,
    ]);
    return changed === 1;
  }

  async releaseLease(id: string, owner: string): Promise<void> {
    await this.sql.run(`UPDATE tournaments SET lease_owner = NULL, lease_until = 0 WHERE id = ? AND lease_owner = ?`, [id, owner]);
  }

  async finishedIn(roomId: string, since: number): Promise<FinishedInRoom | null> {
    const game = await this.sql.get<{ id: number }>(`SELECT id FROM games WHERE room_id = ? AND ended_at >= ? ORDER BY id LIMIT 1`, [roomId, since]);
    if (!game) return null;
    const rows = await this.sql.all<{ profile_id: string | null; place: number }>(`SELECT profile_id, place FROM game_players WHERE game_id = ? ORDER BY seat`, [game.id]);
    return { gameId: Number(game.id), places: rows.map((r) => ({ profileId: r.profile_id, place: Number(r.place) })) };
  }
}
