// Which won solo games may go on a leaderboard: only humanly plausible ones. A board that a
// single click opens (too little 3BV), a time under the human records, or a solving speed
// (3BV/s) above the best humans' are kept as unranked records. Figures and sources:
// docs/protocol.md, "Ranked games". Pure: the server decides, the leaderboard page shows it.

import type { StandardLevel } from "./types.js";

export interface RankRule {
  /** Boards easier than this (3BV) never rank: the world ranking's 3BV limits. */
  minThreeBV: number;
  /** Faster than this (ms) is under the best human times for the level (freak one-click boards aside). */
  minTimeMs: number;
  /** Above this solving speed (3BV per second) no human plays. */
  maxThreeBVPerSecond: number;
}

export const RANK_RULES: Record<StandardLevel, RankRule> = {
  beginner: { minThreeBV: 2, minTimeMs: 250, maxThreeBVPerSecond: 12 },
  intermediate: { minThreeBV: 30, minTimeMs: 7_000, maxThreeBVPerSecond: 10 },
  expert: { minThreeBV: 100, minTimeMs: 25_000, maxThreeBVPerSecond: 8 },
  // Not a world-ranking level: Expert's speed limits, a little more time for the bigger board.
  nightmare: { minThreeBV: 100, minTimeMs: 30_000, maxThreeBVPerSecond: 8 },
};

/** Why a won solo game on a standard level is not ranked, or null when it is plausible. */
export function implausibleReason(level: string, stats: { threeBV: number; timeMs: number }): string | null {
  const rule = (RANK_RULES as Record<string, RankRule | undefined>)[level];
  if (!rule) return "Only the standard levels are ranked.";
  if (stats.threeBV < rule.minThreeBV) return `Not ranked: this board was too easy (3BV ${stats.threeBV}; ranked boards need at least ${rule.minThreeBV}).`;
  if (stats.timeMs < rule.minTimeMs) {
    return `Not ranked: ${(stats.timeMs / 1000).toFixed(2)} s is under this level's floor of ${rule.minTimeMs / 1000} s (set just under the best human times).`;
  }
  const speed = stats.timeMs > 0 ? (stats.threeBV * 1000) / stats.timeMs : Infinity;
  if (speed > rule.maxThreeBVPerSecond) {
    return `Not ranked: ${speed.toFixed(1)} 3BV/s is above this level's limit of ${rule.maxThreeBVPerSecond} 3BV/s (set above the best human solving speeds).`;
  }
  return null;
}

/** Only solo games on a standard level can rank (co-op, races and custom boards never do). */
export const rankableGame = (mode: string, level: string): boolean => mode === "solo" && level !== "custom";

/** What the ranking policy looks at in one finished game (`stats` is asked only when needed). */
export interface RankFacts {
  mode: string;
  level: string;
  phase: string;
  /** false when a no-guess board was asked for and none could be made (the game got an ordinary one). */
  guessFree?: boolean | null;
  /** The player's address started more ranked games than the budget allows (the server's count). */
  overBudget: boolean;
  stats: () => { threeBV: number; timeMs: number };
}

/** Why a won, rankable game is kept off the leaderboard; null when it ranks or never could (see rankableGame). */
export function unrankedReason(game: RankFacts): string | null {
  if (!rankableGame(game.mode, game.level) || game.phase !== "won") return null;
  if (game.guessFree === false) return "Not ranked: no guess-free board could be made for this game (it was an ordinary board), so it does not rank with the no-guess times.";
  if (game.overBudget) return "Not ranked: too many ranked games were started from your address in the last minutes. Your game is still recorded; ranked play resumes within a minute.";
  return implausibleReason(game.level, game.stats());
}

/** A won, rankable game that is humanly plausible goes on the leaderboard. */
export const rankedGame = (game: RankFacts): boolean => rankableGame(game.mode, game.level) && game.phase === "won" && unrankedReason(game) === null;
