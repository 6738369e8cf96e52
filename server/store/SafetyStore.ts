// What the store keeps for safety (docs/safety.md): each profile's mute and block lists (on
// the profile, so every device of it honours them), reports with their evidence, the
// sanctions moderators give, and the moderators' audit log. SQLite and PostgreSQL answer it
// with the same queries (safetyQueries.ts).

export type ListKind = "mute" | "block";

export const REPORT_REASONS = ["chat", "cheating", "stalling", "name"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export type ReportStatus = "open" | "upheld" | "dismissed";

/** What a report carries: the room's log and chat as a replay shows them, never hidden information. */
export interface Evidence {
  game: string;
  roomId: string;
  /** The finished game's id (its replay), when the report is about one. */
  gameId: number | null;
  /** Names per room seat as the room showed them. */
  seats: string[];
  /** The reported player's seat and name as the room showed them. */
  reportedName: string;
  /** The recent chat lines of the room, as everyone in it saw them (filtered). */
  chat: { seat: number; name: string; text: string; at: number }[];
  /**
   * A finished game: its whole move log (the replay shows every move). A running game: only
   * the public view of the table (what a spectator sees), no move log.
   */
  log: unknown[] | null;
  publicView: unknown;
}

export interface NewReport {
  reporterId: string;
  reportedId: string;
  reason: ReportReason;
  note: string;
  evidence: Evidence;
  now: number;
}

export interface Report {
  id: number;
  reporterId: string;
  reportedId: string;
  reason: ReportReason;
  note: string;
  game: string;
  roomId: string;
  gameId: number | null;
  evidence: Evidence;
  createdAt: number;
  status: ReportStatus;
  resolvedBy: string | null;
  resolvedAt: number | null;
}

export type SanctionKind = "warn" | "mute" | "ban";

export interface Sanction {
  id: number;
  profileId: string;
  kind: SanctionKind;
  reason: string;
  createdAt: number;
  /** Until when it holds (a warning: when it was given; it is shown once). */
  until: number;
  moderator: string;
}

export interface AuditEntry {
  id: number;
  at: number;
  /** Who did it: the moderator's name from MODERATOR_TOKENS. */
  moderator: string;
  action: string;
  profileId: string | null;
  reportId: number | null;
  detail: string;
}

export interface SafetyStore {
  /** Adds (`on`) or removes `otherId` from the profile's mute or block list. */
  setListed(profileId: string, otherId: string, kind: ListKind, on: boolean, now: number): Promise<void>;
  /** The profile's lists. */
  listsOf(profileId: string): Promise<{ mutes: string[]; blocks: string[] }>;
  /** Profiles never to be seated with this one: those it blocked and those who blocked it. */
  avoidedBy(profileId: string): Promise<string[]>;
  /** Files a report unless the reporter filed `perDay` in the last 24 hours (then null). */
  fileReport(r: NewReport, perDay: number): Promise<Report | null>;
  /** Reports filed by the profile in the last 24 hours before `now`. */
  reportsFiledSince(reporterId: string, since: number): Promise<number>;
  reports(query: { status?: ReportStatus; limit?: number }): Promise<Report[]>;
  report(id: number): Promise<Report | null>;
  /** Marks an open report upheld or dismissed; false when it is not open (or not there). */
  resolveReport(id: number, status: "upheld" | "dismissed", moderator: string, now: number): Promise<boolean>;
  /** Upheld reports against the profile (quick play seats it among its peers from 1). */
  upheldAgainst(profileId: string): Promise<number>;
  addSanction(s: Omit<Sanction, "id">): Promise<Sanction>;
  /** Sanctions still holding at `now` (warnings given in the last day), newest first. */
  sanctionsOf(profileId: string, now: number): Promise<Sanction[]>;
  logAction(e: Omit<AuditEntry, "id">): Promise<void>;
  auditLog(limit: number): Promise<AuditEntry[]>;
}
