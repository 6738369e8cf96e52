// The rating pools: which games are rated, and how a pool is named. A pool is one rating
// ladder (a player has one rating per pool): a game, or one of its levels where the levels
// are different skills. Each definition says how it is rated
// (GameDef.rated); the server rates finished games into these pools (server/ratings/), rated
// quick play queues per pool, the client lists their leaderboards. Plain data, read by both sides.

import { GAMES } from "./games.js";

export interface RatedPool {
  /** Pool id: a definition's id, or `<id>:<level>` for a game rated per level. */
  id: string;
  /** The room name its games are played in (the definition's `room`, or its id). */
  game: string;
  /** Name a player reads ("Connect Four", "Minesweeper race · Expert"). */
  title: string;
  /** Seats a rated game of this pool is played by: the queue fills up to `max`, starts at `min` after a wait. */
  seats: { min: number; max: number };
  /** Create options of the room a match is played in (besides `seats`). */
  options: Record<string, string | number>;
}

/** Every rated definition's pools, in registry order (GameDef.rated). */
export const RATED_POOLS: readonly RatedPool[] = GAMES.flatMap((def): RatedPool[] => {
  const r = def.rated;
  if (!r) return [];
  const game = def.room ?? def.id;
  if (!r.levels) return [{ id: def.id, game, title: def.title, seats: { ...r.seats }, options: { ...r.options } }];
  return r.levels.map(([level, name]) => ({ id: `${def.id}:${level}`, game, title: `${def.title} · ${name}`, seats: { ...r.seats }, options: { ...r.options, level } }));
});

export function ratedPool(id: string): RatedPool | undefined {
  return RATED_POOLS.find((p) => p.id === id);
}

/** The pools of one room name (the game page's rated quick play and leaderboards). */
export function poolsOf(game: string): RatedPool[] {
  return RATED_POOLS.filter((p) => p.game === game);
}

/** The rating scale players read: everyone starts at 1500, ± about 500 (see docs/ratings.md). */
export const RATING_START = 1500;
export const RATING_START_SIGMA = 500;
/** A rating is provisional ("1,500 (provisional)") while its uncertainty is above this. */
export const PROVISIONAL_SIGMA = 350;

export function isProvisional(sigma: number): boolean {
  return sigma > PROVISIONAL_SIGMA;
}

/**
 * An established rating: this many rated games in the pool against this many different
 * opponents. Only established players are on the leaderboard (and a game against a profile made
 * at the same address counts fully only once that profile is established): two profiles that
 * only ever play each other never are (docs/ratings.md, "Farming pays nothing").
 */
export const ESTABLISHED = { games: 10, opponents: 5 } as const;

/** A rating as players read it: a whole number, said to be provisional while it is. */
export function ratingText(mu: number, sigma: number): string {
  return `${Math.round(mu).toLocaleString("en-US")}${isProvisional(sigma) ? ` ${PROVISIONAL_WORD}` : ""}`;
}

/** What follows a provisional rating (never a bare "?", which players read as unknown). */
export const PROVISIONAL_WORD = "(provisional)";

/** A rating change as players read it: "+12", "−9", "±0". */
export function deltaText(delta: number): string {
  const d = Math.round(delta);
  return d > 0 ? `+${d}` : d < 0 ? `−${-d}` : "±0";
}
