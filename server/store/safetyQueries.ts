// SafetyStore (SafetyStore.ts) over either database (sql.ts): the same queries on SQLite and
// PostgreSQL. The day's bound on reports is counted inside the filing transaction, so two
// processes cannot both file the last one.

import type { Sql } from "./sql.js";
import type { AuditEntry, ListKind, NewReport, Report, ReportReason, ReportStatus, SafetyStore, Sanction, SanctionKind } from "./SafetyStore.js";

const DAY_MS = 24 * 3600_000;

interface ReportRow {
  id: number;
  reporter_id: string;
  reported_id: string;
  reason: string;
  note: string;
  game: string;
  room_id: string;
  game_id: number | null;
  evidence: string;
  created_at: number;
  status: string;
  resolved_by: string | null;
  resolved_at: number | null;
}

function reportOf(r: ReportRow): Report {
  return {
    id: Number(r.id),
    reporterId: r.reporter_id,
    reportedId: r.reported_id,
    reason: r.reason as ReportReason,
    note: r.note,
    game: r.game,
    roomId: r.room_id,
    gameId: r.game_id === null ? null : Number(r.game_id),
    evidence: JSON.parse(r.evidence),
    createdAt: Number(r.created_at),
    status: r.status as ReportStatus,
    resolvedBy: r.resolved_by,
    resolvedAt: r.resolved_at === null ? null : Number(r.resolved_at),
  };
}

interface SanctionRow {
  id: number;
  profile_id: string;
  kind: string;
  reason: string;
  created_at: number;
  until_at: number;
  moderator: string;
}

const sanctionOf = (r: SanctionRow): Sanction => ({
  id: Number(r.id),
  profileId: r.profile_id,
  kind: r.kind as SanctionKind,
  reason: r.reason,
  createdAt: Number(r.created_at),
  until: Number(r.until_at),
  moderator: r.moderator,
});

export class SafetyQueries implements SafetyStore {
  constructor(private readonly sql: Sql) {}

  async setListed(profileId: string, otherId: string, kind: ListKind, on: boolean, now: number): Promise<void> {
    if (!on) {
      await this.sql.run(`DELETE FROM profile_lists WHERE profile_id = ? AND kind = ? AND other_id = ?`, [profileId, kind, otherId]);
      return;
    }
    await this.sql.run(
      `INSERT INTO profile_lists (profile_id, other_id, kind, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (profile_id, kind, other_id) DO NOTHING`,
      [profileId, otherId, kind, now],
    );
  }

  async listsOf(profileId: string): Promise<{ mutes: string[]; blocks: string[] }> {
    const rows = await this.sql.all<{ other_id: string; kind: string }>(`SELECT other_id, kind FROM profile_lists WHERE profile_id = ? ORDER BY created_at, other_id`, [profileId]);
    return { mutes: rows.filter((r) => r.kind === "mute").map((r) => r.other_id), blocks: rows.filter((r) => r.kind === "block").map((r) => r.other_id) };
  }

  async avoidedBy(profileId: string): Promise<string[]> {
    const rows = await this.sql.all<{ id: string }>(
      `SELECT other_id AS id FROM profile_lists WHERE profile_id = ? AND kind = 'block'
       UNION SELECT profile_id AS id FROM profile_lists WHERE other_id = ? AND kind = 'block'`,
      [profileId, profileId],
    );
    return rows.map((r) => r.id);
  }

  async fileReport(r: NewReport, perDay: number): Promise<Report | null> {
    return this.sql.tx(async (q) => {
      // The reporter's row is locked (PostgreSQL) so two processes count one after the other.
      await q.get(`SELECT id FROM profiles WHERE id = ?${q.forUpdate}`, [r.reporterId]);
      const n = await q.get<{ n: number }>(`SELECT COUNT(*) AS n FROM reports WHERE reporter_id = ? AND created_at > ?`, [r.reporterId, r.now - DAY_MS]);
      if (Number(n?.n ?? 0) >= perDay) return null;
      const row = await q.get<ReportRow>(
        `INSERT INTO reports (reporter_id, reported_id, reason, note, game, room_id, game_id, evidence, created_at, status)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'open') RETURNING *`,
        [r.reporterId, r.reportedId, r.reason, r.note, r.evidence.game, r.evidence.roomId, r.evidence.gameId, JSON.stringify(r.evidence), r.now],
      );
      return reportOf(row!);
    });
  }

  async reportsFiledSince(reporterId: string, since: number): Promise<number> {
    const n = await this.sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM reports WHERE reporter_id = ? AND created_at > ?`, [reporterId, since]);
    return Number(n?.n ?? 0);
  }

  async reports(query: { status?: ReportStatus; limit?: number }): Promise<Report[]> {
    const limit = Math.max(1, Math.min(query.limit ?? 50, 200));
    const rows = query.status
      ? await this.sql.all<ReportRow>(`SELECT * FROM reports WHERE status = ? ORDER BY id LIMIT ?`, [query.status, limit])
      : await this.sql.all<ReportRow>(`SELECT * FROM reports ORDER BY id DESC LIMIT ?`, [limit]);
    return rows.map(reportOf);
  }

  async report(id: number): Promise<Report | null> {
    if (!Number.isSafeInteger(id) || id < 1) return null;
    const row = await this.sql.get<ReportRow>(`SELECT * FROM reports WHERE id = ?`, [id]);
    return row ? reportOf(row) : null;
  }

  async resolveReport(id: number, status: "upheld" | "dismissed", moderator: string, now: number): Promise<boolean> {
    const n = await this.sql.run(`UPDATE reports SET status = ?, resolved_by = ?, resolved_at = ? WHERE id = ? AND status = 'open'`, [status, moderator, now, id]);
    return n > 0;
  }

  async upheldAgainst(profileId: string): Promise<number> {
    const n = await this.sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM reports WHERE reported_id = ? AND status = 'upheld'`, [profileId]);
    return Number(n?.n ?? 0);
  }

  async addSanction(s: Omit<Sanction, "id">): Promise<Sanction> {
    const row = await this.sql.get<SanctionRow>(
      `INSERT INTO sanctions (profile_id, kind, reason, created_at, until_at, moderator) VALUES (?, ?, ?, ?, ?, ?) RETURNING *`,
      [s.profileId, s.kind, s.reason, s.createdAt, s.until, s.moderator],
    );
    return sanctionOf(row!);
  }

  async sanctionsOf(profileId: string, now: number): Promise<Sanction[]> {
    const rows = await this.sql.all<SanctionRow>(
      `SELECT * FROM sanctions WHERE profile_id = ? AND (until_at > ? OR (kind = 'warn' AND created_at > ?)) ORDER BY id DESC`,
      [profileId, now, now - DAY_MS],
    );
    return rows.map(sanctionOf);
  }

  async logAction(e: Omit<AuditEntry, "id">): Promise<void> {
    await this.sql.run(`INSERT INTO moderation_log (at, moderator, action, profile_id, report_id, detail) VALUES (?, ?, ?, ?, ?, ?)`, [
      e.at,
      e.moderator,
      e.action,
      e.profileId,
      e.reportId,
      e.detail,
    ]);
  }

  async auditLog(limit: number): Promise<AuditEntry[]> {
    const rows = await this.sql.all<{ id: number; at: number; moderator: string; action: string; profile_id: string | null; report_id: number | null; detail: string }>(
      `SELECT * FROM moderation_log ORDER BY id DESC LIMIT ?`,
      [Math.max(1, Math.min(limit, 500))],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      at: Number(r.at),
      moderator: r.moderator,
      action: r.action,
      profileId: r.profile_id,
      reportId: r.report_id === null ? null : Number(r.report_id),
      detail: r.detail,
    }));
  }
}
