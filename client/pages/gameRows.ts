// How a finished game reads in a list (My games, a game page's recent games): its title,
// what happened, when, and how long it took.
import { ratedPool } from "../../common/rated";
import { clientGame, gameName } from "../games/registry";
import type { GameRow } from "../games/types";

export type { GameRow };

export function gameTitle(g: GameRow): string {
  if (g.rated) return `${ratedPool(g.rated)?.title ?? gameName(g.game)} · rated`;
  const base = gameName(g.game);
  const own = clientGame(g.game)?.rowTitle?.(g, base);
  if (own !== undefined) return own;
  return g.mode === "solo" ? `${base} · ${soloWords(g.seats.length - 1)}` : base;
}

/** A solo game's company: "alone", "against a bot", "against 3 bots" (a solo game has one person). */
function soloWords(bots: number): string {
  return bots <= 0 ? "alone" : bots === 1 ? "against a bot" : `against ${bots} bots`;
}

const ORDINALS = ["", "1st", "2nd", "3rd"];
const ordinal = (n: number) => ORDINALS[n] ?? `${n}th`;

/** What happened, for the player of `seat` when there is one. */
export function outcomeText(g: GameRow): string {
  if (g.result === "abandoned") return g.forfeited ? "Left — counts as a loss" : "Not finished";
  if (g.forfeited) return "Left — counts as a loss";
  const seats = g.seats.length;
  if (g.place && g.place > 0 && seats > 1) {
    if (seats === 2) return g.place === 1 ? (g.result === "draw" ? "Draw" : "Won") : "Lost";
    return g.place === 1 ? "Won" : `${ordinal(g.place)} of ${seats}`;
  }
  const own = clientGame(g.game)?.rowOutcome?.(g);
  if (own !== undefined) return own;
  if (g.result === "won") return "Won";
  if (g.result === "lost") return "Lost";
  if (g.result === "draw") return "Draw";
  // The card table says how it ended (it ranks nobody).
  if (g.result === "agreed") return "Ended by agreement";
  if (g.result === "conceded") return "Ended by concession";
  return g.result ? g.result[0].toUpperCase() + g.result.slice(1) : "Finished";
}

export function whenText(t: number): string {
  const d = new Date(t);
  const today = new Date();
  const sameDay = d.toDateString() === today.toDateString();
  const time = d.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  return sameDay ? `today ${time}` : `${d.toLocaleDateString(undefined, { day: "numeric", month: "short", year: d.getFullYear() === today.getFullYear() ? undefined : "numeric" })} ${time}`;
}

export function lengthText(g: GameRow): string {
  const s = Math.max(0, Math.round((g.endedAt - g.startedAt) / 1000));
  const length = s < 60 ? `${s} s` : s < 3600 ? `${Math.floor(s / 60)} min ${s % 60 ? `${s % 60} s` : ""}`.trim() : `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `${length} · ${g.moves} move${g.moves === 1 ? "" : "s"}`;
}
