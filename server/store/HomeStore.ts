// What the store keeps about players (docs/protocol.md "Profiles", "My games", "Ratings"):
// profiles without accounts (a random key per device, only its hash here), who played each
// finished game, and ratings per pool (common/rated.ts) with their history. SQLite and
// PostgreSQL answer it with the same queries (SqlStore.ts).

import type { DailyStore } from "./DailyStore.js";
import type { TournamentStore } from "./TournamentStore.js";
import type { Skill } from "../ratings/skill.js";
import type { SafetyStore } from "./SafetyStore.js";

export interface Profile {
  /** Public id (12 url-safe characters): profile pages, leaderboards. Never a credential. */
  id: string;
  name: string;
  createdAt: number;
}

export interface NewProfile {
  id: string;
  name: string;
  /** sha256 of the device key: the key itself is never stored. */
  keyHash: string;
  /** sha256 of the address it was made from (the per-address bound). */
  addressHash: string;
  now: number;
}

export interface ProfileLimit {
  /** Profiles one address may make inside `windowMs`. */
  perAddress: number;
  windowMs: number;
}

export interface RatingRecord {
  pool: string;
  mu: number;
  sigma: number;
  games: number;
  wins: number;
  updatedAt: number;
}

/** What one finished rated game did to one player's rating. */
export interface RatingChange {
  /** The player's (rules) seat in the game. */
  seat: number;
  profileId: string;
  pool: string;
  before: Skill;
  after: Skill;
  /** Rated games in the pool, this one included. */
  games: number;
  /**
   * How much the game counted for this player (server/ratings/weight.ts): 1 a whole game, 0
   * nothing (repeats against one opponent). Absent in a stored answer (a later caller).
   */
  weight?: number;
}

export interface RatingPoint {
  pool: string;
  gameId: number;
  mu: number;
  sigma: number;
  at: number;
}

export interface RatingRow {
  rank: number;
  profileId: string;
  name: string;
  mu: number;
  sigma: number;
  games: number;
  wins: number;
}

/** A finished game as a list shows it (no log). */
export interface GameSummary {
  id: number;
  game: string;
  mode: string;
  level: string;
  result: string;
  /** Display names per seat. */
  seats: string[];
  startedAt: number;
  endedAt: number;
  moves: number;
  public: boolean;
  rated: string;
  timeMs: number | null;
}

/** One game of a player's history ("My games"). */
export interface HistoryEntry extends GameSummary {
  /** The player's (rules) seat. */
  seat: number;
  place: number;
  forfeited: boolean;
  /** Profile ids per seat (null: a bot or someone without a profile), for links to their pages. */
  profiles: (string | null)[];
  /** The player's rating before and after, when the game was rated. */
  rating: { before: number; after: number; sigma: number } | null;
}

export interface GameFigures {
  game: string;
  mode: string;
  games: number;
  wins: number;
}

/** One level's bests of a game that keeps them (GameDef.bests): the fastest won game and the best stat. */
export interface LevelBest {
  /** The room name. */
  game: string;
  level: string;
  wins: number;
  bestTimeMs: number | null;
  bestTimeId: number | null;
  bestStat: number | null;
  bestStatId: number | null;
}

export interface ProfileFigures {
  games: GameFigures[];
  /** Every game with bests, level by level in the definition's order (levels with a win only). */
  bests: LevelBest[];
  ratings: RatingRecord[];
  /** Rating after each rated game, oldest first (the chart). */
  history: RatingPoint[];
}

export interface HistoryQuery {
  game?: string;
  /** Only games with a smaller id (the next page). */
  before?: number;
  limit?: number;
}

export interface HomeStore {
  /** Mute and block lists, reports, sanctions, the moderators' audit log (SafetyStore.ts). */
  readonly safety: SafetyStore;
  /** Tournaments, their entries, pairings and results (TournamentStore.ts). */
  readonly tournaments: TournamentStore;
  /** Daily challenges' entries and results, the day's seed secret (DailyStore.ts). */
  readonly daily: DailyStore;
  /** Makes a profile with its first key; null when its address made `limit.perAddress` already. */
  createProfile(p: NewProfile, limit: ProfileLimit): Promise<Profile | null>;
  profileByKey(keyHash: string): Promise<Profile | null>;
  profile(id: string): Promise<Profile | null>;
  /** Another device's key for the profile; false when it has `maxKeys` already or is gone. */
  addProfileKey(profileId: string, keyHash: string, now: number, maxKeys: number): Promise<boolean>;
  renameProfile(id: string, name: string): Promise<Profile | null>;
  /**
   * "Forget me": the profile, its keys, ratings and rating history go; games nobody else with a
   * profile played go; in the others its seat is renamed "Forgotten player".
   */
  forgetProfile(id: string): Promise<{ deletedGames: number; keptGames: number }>;
  /** The profile's finished games, newest first. */
  gamesOf(profileId: string, query?: HistoryQuery): Promise<HistoryEntry[]>;
  /** Recent finished games of public rooms, newest first. */
  recentPublicGames(query?: { game?: string; limit?: number }): Promise<GameSummary[]>;
  /** Did this profile play in that game? (Private replays are for their players only.) */
  playedIn(gameId: number, profileId: string): Promise<boolean>;
  /**
   * Applies a recorded rated game to its players' ratings, once (whoever calls first, on any
   * process); later calls answer the same changes. null: the game is not rated.
   */
  rateGame(gameId: number, now: number): Promise<RatingChange[] | null>;
  /** Rated games recorded but not applied yet (a process stopped in between), oldest first. */
  pendingRatings(limit: number): Promise<number[]>;
  ratingOf(profileId: string, pool: string): Promise<RatingRecord | null>;
  ratingLeaderboard(pool: string, limit: number): Promise<RatingRow[]>;
  profileFigures(profileId: string): Promise<ProfileFigures>;
}

/** The name a forgotten player's seat keeps in other people's games. */
export const FORGOTTEN_NAME = "Forgotten player";
