// Formats and their defaults: life, mulligan, whether the first player draws.

import type { Format, MulliganRule, Options } from "./types.js";

export const FORMATS: readonly Format[] = ["commander", "constructed", "limited", "free"];
export const MULLIGAN_RULES: readonly MulliganRule[] = ["london", "londonFreeFirst", "friendly", "free"];

export const ARCHENEMY_LIFE = 40;
export const TWO_HEADED_GIANT_LIFE = 30;

export interface Variants {
  teams?: "none" | "twoHeadedGiant" | "teams";
  /** With `teams: "teams"`: each seat's team (1..10; 0 or missing: on no team). */
  teamOf?: number[];
  /** With teams: teammates count as opponents for drain and extort. */
  friendlyFire?: boolean;
  planechase?: boolean;
  /** Seat of the archenemy. */
  archenemy?: number | null;
}

/** The table's options for a format before anyone changes them (helpers all on). */
export function defaultOptions(format: Format, variants: Variants, players: number): Options {
  const teams = variants.teams ?? "none";
  const life = teams === "twoHeadedGiant" ? TWO_HEADED_GIANT_LIFE : format === "commander" ? 40 : 20;
  return {
    format,
    startingLife: life,
    handSize: 7,
    mulligan: format === "commander" ? "londonFreeFirst" : "london",
    // As Playgroup does: with 1–2 players the first player skips the first draw (in Two-Headed
    // Giant the first team does).
    firstSkipsDraw: players <= 2 || teams === "twoHeadedGiant",
    helpers: { untap: true, draw: true, countersOnEnter: true, commanderTax: true },
    everyoneTouches: false,
    teams,
    ...(teams === "teams" && variants.friendlyFire ? { friendlyFire: true } : {}),
    planechase: variants.planechase ?? false,
    archenemy: variants.archenemy ?? null,
    firstPlayer: 0,
    ending: "agreed",
  };
}
