// The rating maths is the `openskill` library's (Weng-Lin, Plackett-Luce model): one rating
// {mu, sigma} per player and pool, updated from the places of a finished game of 2–10 seats
// (ties share a place). Nothing here is written by hand but the scale: the library's default
// (mu 25, sigma 25/3) is multiplied by 60 so ratings read like chess ones (1500 ± 500);
// beta and tau scale with it, which leaves every prediction unchanged (docs/ratings.md).

import { createRequire } from "node:module";
import type * as OpenSkill from "openskill";
import { RATING_START, RATING_START_SIGMA } from "../../common/rated.js";
import type { Skill } from "./skill.js";

// Loaded on the first rating, synchronously (a rating is written inside a store
// transaction): the library's import holds ~10 MB resident, which a hub that never rates a
// game need not carry from its start.
let library: typeof OpenSkill | null = null;
const openskill = () => (library ??= createRequire(import.meta.url)("openskill") as typeof OpenSkill);

export type { Skill } from "./skill.js";

/** The library's options on our scale (its defaults × 60). */
export const MODEL = {
  mu: RATING_START,
  sigma: RATING_START_SIGMA,
  beta: RATING_START_SIGMA / 2,
  tau: RATING_START / 300,
} as const;

export function newSkill(): Skill {
  const r = openskill().rating({ mu: MODEL.mu, sigma: MODEL.sigma });
  return { mu: r.mu, sigma: r.sigma };
}

/**
 * One finished game: each player's skill before, and their place (1 = first; equal places
 * tie). Returns each player's skill after, in the same order.
 */
export function rateGame(before: readonly Skill[], places: readonly number[]): Skill[] {
  if (before.length !== places.length || before.length < 2) throw new Error(`rateGame: ${before.length} players, ${places.length} places`);
  const { rate, rating } = openskill();
  const teams = before.map((s) => [rating({ mu: s.mu, sigma: s.sigma })]);
  const after = rate(teams, { rank: places.slice(), ...MODEL });
  return after.map(([r]) => ({ mu: r.mu, sigma: r.sigma }));
}
