// Teams and opponents. Two-Headed Giant pairs seats (a shared life total and shared turns);
// "teams" groups any seats (each player keeps their own life and turn). Who is an opponent
// decides drain and extort; a team wins together.

import type { TableGame } from "./types.js";

/** Two players on one team (either mode). */
export function teammates(g: TableGame, a: number, b: number): boolean {
  if (a === b || g.options.teams === "none") return false;
  const ta = g.players[a]?.team;
  return ta !== null && ta !== undefined && ta === g.players[b]?.team;
}

/**
 * The players `actor`'s "each opponent" reaches: everyone else still playing, except teammates
 * (with friendly fire on, teammates too; in Two-Headed Giant never, since they share a life).
 */
export function opponents(g: TableGame, actor: number): number[] {
  const ff = g.options.teams === "teams" && !!g.options.friendlyFire;
  return g.players.map((_, i) => i).filter((i) => i !== actor && !g.players[i].eliminated && (ff || !teammates(g, actor, i)));
}

/** Two-Headed Giant: teammates share one life total. */
export const sharesLife = (g: TableGame, a: number, b: number): boolean => g.options.teams === "twoHeadedGiant" && teammates(g, a, b);

/** Shared victory: the winners and every teammate of theirs, in seat order. */
export function withTeammates(g: TableGame, winners: readonly number[]): number[] {
  const out = new Set(winners);
  for (const w of winners) g.players.forEach((_, i) => teammates(g, w, i) && out.add(i));
  return [...out].sort((x, y) => x - y);
}

/** "Team A", "Team B"… in the order teams first appear around the table (null: on no team). */
export function teamName(g: Pick<TableGame, "players">, seat: number): string | null {
  const t = g.players[seat]?.team;
  if (t === null || t === undefined) return null;
  const order = [...new Set(g.players.map((p) => p.team).filter((x): x is number => x !== null))];
  return `Team ${String.fromCharCode(65 + order.indexOf(t))}`;
}
