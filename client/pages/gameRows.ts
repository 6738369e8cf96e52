// How a finished game reads in a list (My games, a game page's recent games): its title,
// what happened, when, and how long it took.
import { ratedPool } from "../../common/rated";

/** A finished game as lists get it (docs/protocol.md "My games"). */
export interface GameRow {
  id: number;
  game: string;
  mode: string;
  level: string;
  result: string;
  seats: string[];
  startedAt: number;
  endedAt: number;
  moves: number;
  public: boolean;
  rated: string;
  timeMs: number | null;
  seat?: number;
  place?: number;
  forfeited?: boolean;
}

const TITLES: Record<string, string> = { minesweeper: "Minesweeper", cubestacc: "Cubestacc", connect4: "Connect Four", pets: "Auto Pets", table: "Card table" };
const LEVELS: Record<string, string> = { beginner: "Beginner", intermediate: "Intermediate", expert: "Expert", nightmare: "Nightmare", custom: "Custom" };

export function gameTitle(g: GameRow): string {
  if (g.rated) return `${ratedPool(g.rated)?.title ?? TITLES[g.game] ?? g.game} · rated`;
  const base = TITLES[g.game] ?? g.game;
  if (g.game === "minesweeper") return `${base} ${g.mode === "race" ? "race" : g.mode === "coop" ? "co-op" : "solo"}${g.level ? ` · ${LEVELS[g.level] ?? g.level}` : ""}`;
  if (g.mode === "arena") return `${base} · arena run`;
  return g.mode === "solo" ? `${base} · against bots` : base;
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
  if (g.result === "won") return g.game === "minesweeper" ? `Cleared${g.timeMs ? ` in ${(g.timeMs / 1000).toFixed(1)} s` : ""}` : "Won";
  if (g.result === "lost") return g.game === "minesweeper" ? "Hit a mine" : "Lost";
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
