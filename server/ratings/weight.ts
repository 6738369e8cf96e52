// How much one rated game counts for each of its players (docs/ratings.md, "Farming pays
// nothing"). The rating maths stays the library's (model.ts); a game's weight w scales the
// update it makes: after = before + w × (library's after − before), for the mean and the
// uncertainty alike, so a game that counts nothing changes nothing and a farmed game does not
// make a rating look settled either. Pure: the store asks the facts and calls these.

import { ESTABLISHED } from "../../common/rated.js";
import type { Skill } from "./skill.js";

/** Games against the same opponent are counted within this window. */
export const REPEAT_WINDOW_MS = 24 * 3600_000;
/** The repeats that count at all: the 1st to 4th game against one opponent in the window (1, ½, ¼, ⅛); from the 5th, nothing. */
export const REPEATS_COUNTED = 4;
/** A game against a profile made at the same address that is not established yet counts this much. */
export const NEWCOMER_SAME_ADDRESS = 1 / 8;

/** The k-th rated game (k from 1) against the same opponent within the window. */
export function repeatWeight(k: number): number {
  return k >= 1 && k <= REPEATS_COUNTED ? 1 / 2 ** (k - 1) : 0;
}

/** What the store knows of one opponent of a player in the game being rated. */
export interface OpponentFacts {
  /** This game's rank among the rated games of the two in the pool within the window (1: the first). */
  repeat: number;
  /** Their profiles were made from the same address. */
  sameAddress: boolean;
  /** The opponent is established (ESTABLISHED: games and different opponents in the pool). */
  established: boolean;
}

export function opponentWeight(o: OpponentFacts): number {
  return repeatWeight(o.repeat) * (o.sameAddress && !o.established ? NEWCOMER_SAME_ADDRESS : 1);
}

/** A player's weight for the game: the mean over their opponents (a table of four is three pairings). */
export function gameWeight(opponents: readonly OpponentFacts[]): number {
  if (opponents.length === 0) return 1;
  return opponents.reduce((sum, o) => sum + opponentWeight(o), 0) / opponents.length;
}

/** The library's update scaled by `w`. */
export function weighted(before: Skill, after: Skill, w: number): Skill {
  if (w >= 1) return after;
  if (w <= 0) return { ...before };
  return { mu: before.mu + w * (after.mu - before.mu), sigma: before.sigma + w * (after.sigma - before.sigma) };
}

export function isEstablished(games: number, opponents: number): boolean {
  return games >= ESTABLISHED.games && opponents >= ESTABLISHED.opponents;
}

/** A weight as the `rated` event reports it (six decimals: the same whether fresh or recovered). */
export function reportedWeight(w: number): number {
  return Math.round(w * 1e6) / 1e6;
}

/** The weight a stored change was made with, from its mean before and after and the library's own after. */
export function recoveredWeight(before: number, after: number, library: number): number {
  const full = library - before;
  return reportedWeight(Math.abs(full) < 1e-12 ? 1 : Math.min(1, Math.max(0, (after - before) / full)));
}
