// What the store keeps of daily challenges (docs/tournaments.md, "Daily challenges"): one entry
// per profile, game and UTC day, claimed when the day's game starts and given its result once,
// and the secret the day's seeds are keyed with. SQLite and PostgreSQL answer it with the same
// queries (dailyQueries.ts). The season (server/daily/season.ts) reads these rows and the
// tournaments' results.

export interface DailyEntry {
  day: string;
  game: string;
  profileId: string;
  roomId: string;
  startedAt: number;
  /** null until the game ended (an abandoned one may never get one: it still counts as played). */
  score: number | null;
  outcome: string | null;
  gameId: number | null;
  finishedAt: number | null;
}

/** A row of a day's table: a finished entry. */
export interface DailyResult {
  profileId: string;
  score: number;
  outcome: string;
  gameId: number | null;
  finishedAt: number;
}

export interface DailyStore {
  /** The hub's secret for the day's seeds: the one stored, or `fresh` when none was (the first writer's wins). */
  secret(fresh: string): Promise<string>;
  /** Claims the profile's one try at a game's day: false when it has one already. */
  claim(e: { day: string; game: string; profileId: string; startedAt: number }): Promise<boolean>;
  /** Gives a claim back (its room could not be made: nothing of the day's game was shown). */
  unclaim(day: string, game: string, profileId: string): Promise<void>;
  setRoom(day: string, game: string, profileId: string, roomId: string): Promise<void>;
  /** Records the result, once: false when the entry is missing or has one already. */
  finish(day: string, game: string, profileId: string, r: { score: number; outcome: string; gameId: number | null; finishedAt: number }): Promise<boolean>;
  /** The stored game of an entry whose record was written after its result (a queued record). */
  setGame(day: string, game: string, profileId: string, gameId: number): Promise<void>;
  entry(day: string, game: string, profileId: string): Promise<DailyEntry | null>;
  /** A profile's entries of one day (any game). */
  entriesOf(profileId: string, day: string): Promise<DailyEntry[]>;
  /** The day's table of a game: best score first, then who finished first, then id; at most `limit`. */
  table(day: string, game: string, limit: number): Promise<DailyResult[]>;
  /** Finished entries of the game's day, and those with a better score (a row's place is that + 1). */
  counts(day: string, game: string, score: number | null): Promise<{ finished: number; better: number }>;
  /** The days (newest first, at most `limit`) on which the profile finished a challenge. */
  daysPlayed(profileId: string, limit: number): Promise<string[]>;
  /** Every finished entry of the days `from` … `to` (inclusive), for the season. */
  resultsBetween(from: string, to: string): Promise<(DailyResult & { day: string; game: string })[]>;
  /** What the season of those days / times is made of changes whenever this does (a count and the latest time of each). */
  seasonMark(fromDay: string, toDay: string, from: number, to: number): Promise<string>;
  /** Tournaments with a result stored in [from, to) (ms), for the season. */
  tournamentsWithResults(from: number, to: number): Promise<string[]>;
}
