// Hearts' scores in words and rows, for the score table, the end screen and the replay.
import type { HeartsView } from "../../../common/hearts/index";

export interface ScoreRow {
  seat: number;
  name: string;
  taken: number;
  total: number;
  turn: boolean;
  me: boolean;
}

export function scoreRows(v: Pick<HeartsView, "scores" | "taken" | "turn" | "phase" | "viewer">, nameOf: (g: number) => string): ScoreRow[] {
  return v.scores.map((total, g) => ({ seat: g, name: nameOf(g), taken: v.taken[g] ?? 0, total, turn: v.phase === "playing" && v.turn === g, me: v.viewer === g }));
}

/** "Hand 2: Ann 13, Bo 0, Cy 5, Di 8." (a moon shows as 0 and three 26s). */
export function handWords(n: number, points: readonly number[], nameOf: (g: number) => string): string {
  const moon = points.filter((p) => p === 26).length === 3 && points.includes(0);
  return `Hand ${n}: ${points.map((p, g) => `${nameOf(g)} ${p}`).join(", ")}${moon ? " (the moon was shot)" : ""}.`;
}
