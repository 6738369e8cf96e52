// What the store keeps of tournaments (docs/tournaments.md): each tournament, its entries, its
// pairings and their results, the rows common/tournament/ rebuilds its state from
// (server/tournaments/rows.ts), so a restart loses no pairing or result. SQLite and PostgreSQL
// answer it with the same queries (tournamentQueries.ts).

/** An arena (its code is not the bare word, which is a game's mode code) or a Swiss. */
export type TournamentKind = "timed-arena" | "swiss";
export type TournamentStatus = "scheduled" | "running" | "finished";
export type SeatResult = "win" | "draw" | "loss";

export interface TournamentRow {
  id: string;
  kind: TournamentKind;
  /** The rated pool its games are played in (common/rated.ts). */
  pool: string;
  title: string;
  /** The kind's settings (an arena's window and table size, a Swiss's rounds), as plain data. */
  config: Record<string, unknown>;
  seed: string;
  status: TournamentStatus;
  createdAt: number;
  /** The profile that made it, a private tournament (never listed; its id is its code); absent or null: the operator's. */
  creator?: string | null;
}

export interface EntryRow {
  profileId: string;
  rating: number;
  joinedAt: number;
  withdrawn: boolean;
}

export interface PairingRow {
  /** 1, 2, 3… within the tournament, in pairing order. */
  no: number;
  /** A Swiss round (0 in an arena). */
  round: number;
  /** Seat order (the first moves first); one player alone is a Swiss bye. */
  players: string[];
  pairedAt: number;
  /** The room it is played in, once made. */
  roomId: string | null;
  /** Arena: who went berserk in it (absent: nobody). */
  berserk?: string[];
}

export interface ResultRow {
  no: number;
  /** The order results came in, 1, 2, 3… */
  endedNo: number;
  results: Record<string, SeatResult>;
  endedAt: number;
  /** The finished game's id (its replay), when it was stored. */
  gameId: number | null;
}

/** Everything stored of one tournament. */
export interface TournamentRecord {
  tournament: TournamentRow;
  entries: EntryRow[];
  pairings: PairingRow[];
  results: ResultRow[];
}

export interface TournamentStore {
  create(t: TournamentRow): Promise<void>;
  /** Creates it unless a tournament with its id exists: true when this call wrote it (a scheduled slot's key). */
  createOnce(t: TournamentRow): Promise<boolean>;
  /** The operator's (public) tournaments of these statuses, oldest first; with `newest`, the `newest` most recently created, newest first. */
  list(statuses: TournamentStatus[], newest?: number): Promise<TournamentRow[]>;
  load(id: string): Promise<TournamentRecord | null>;
  /** Made by the schedule (`config.scheduled`) or a player, still `scheduled` (no room started them), with no entry, created before `before`: oldest first, at most `limit`. */
  scheduledBefore(before: number, limit: number): Promise<TournamentRow[]>;
  /** Deletes a tournament still `scheduled` that nobody entered: true when this call deleted it. */
  deleteUnplayed(id: string): Promise<boolean>;
  /** How many of a profile's tournaments are not finished (scheduled or running) and were created (start) at or after `since`. */
  openBy(creator: string, since: number): Promise<number>;
  /** The same, of every profile's private tournaments, hub-wide. */
  openPrivate(since: number): Promise<number>;
  /** A profile's tournaments created (starting) at or after `since`, soonest first, at most `limit`. */
  madeBy(creator: string, since: number, limit: number): Promise<TournamentRow[]>;
  /** Marks one over with these settings (its creator cancelled it) unless it is over or has a pairing: true when this call did. */
  cancel(id: string, config: Record<string, unknown>): Promise<boolean>;
  setStatus(id: string, status: TournamentStatus): Promise<void>;
  /** Adds or updates one entry (a join, a withdrawal, a return). */
  saveEntry(id: string, entry: EntryRow): Promise<void>;
  /**
   * Writes new pairings, all or none: false (nothing written) when one of their numbers is
   * already stored, i.e. the caller paired from a stale state.
   */
  savePairings(id: string, pairings: PairingRow[]): Promise<boolean>;
  setRoom(id: string, no: number, roomId: string): Promise<void>;
  /** Records that `profileId` went berserk in game `no` (its room checked it may): false (nothing written) when that game is scored already or not theirs. */
  addBerserk(id: string, no: number, profileId: string): Promise<boolean>;
  /** Who went berserk in game `no` (the director reads it as it scores the game). */
  berserkOf(id: string, no: number): Promise<string[]>;
  /** Records a pairing's results, once: the order it came in, or null when it already has them. */
  saveResult(id: string, no: number, results: Record<string, SeatResult>, endedAt: number, gameId: number | null): Promise<number | null>;
  /**
   * Takes or renews the right to run a tournament until `now + ms`: true when `owner` holds it
   * (nobody did, it was `owner`'s, or the last holder's ran out).
   */
  takeLease(id: string, owner: string, now: number, ms: number): Promise<boolean>;
  releaseLease(id: string, owner: string): Promise<void>;
  /** The first game a room stored that ended at or after `since`: its id and each profile's place (1 = first). */
  finishedIn(roomId: string, since: number): Promise<FinishedInRoom | null>;
}

export interface FinishedInRoom {
  gameId: number;
  places: { profileId: string | null; place: number }[];
}
