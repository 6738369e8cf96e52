// What the board's page says about the game in words: the subtitle under the title (mode,
// level, size, mines, no-guess) and the seat list beside the board (who plays, how many
// cells each revealed, how many seats are open, how many watch).
import { LEVELS } from "../../../common/minesweeper/types";
import { seatStateOf, type SeatLine } from "../shell/seats";
import { cssColour, SEAT_COLOURS } from "./hud";
import { levelName } from "./levels";
import type { BoardModel } from "./model";
import { seatName } from "../seatName";

const LEVEL_NAMES: Record<string, string> = Object.fromEntries(Object.keys(LEVELS).map((id) => [id, levelName(id)]));

/** "Co-op · Expert 30×16 · 99 mines · No guess". */
export function subtitleOf(m: BoardModel): string {
  const mode = m.mode === "coop" ? "Co-op" : m.mode === "race" ? "Race" : m.mode === "offline" ? "Offline solo" : "Solo";
  const level = m.level === "custom" ? "Custom" : (LEVEL_NAMES[m.level] ?? m.level);
  const noGuess = m.noGuess === "fallback" ? " · Ordinary board (no guess-free one found)" : m.noGuess === "off" ? "" : " · No guess";
  return `${mode} · ${level} ${m.cols}×${m.rows} · ${m.mines} mines${noGuess}`;
}

export interface Roster {
  /** The people playing (or who played: a replay, someone who left). */
  lines: SeatLine[];
  /** "2 seats open", or "". */
  open: string;
  /** "3 watching", or "". */
  watching: string;
}

/** The seat list of `m` as viewer `me` (a room seat, null: a spectator or a replay) reads it. */
export function rosterOf(m: BoardModel, me: number | null): Roster {
  const people = m.seats.map((s, i) => ({ s, i })).filter(({ s, i }) => s.occupied || (m.credits[i] ?? 0) > 0);
  const open = Math.max(0, m.maxSeats - m.seats.filter((s) => s.occupied).length);
  return {
    lines: people.map(({ s, i }) => ({
      seat: i,
      name: `${seatName(s, "A player who left")}${i === me ? " (you)" : ""}`,
      state: seatStateOf(s),
      stateText: !s.occupied ? "left" : s.bot ? "bot" : s.connected ? "online" : "away",
      colour: cssColour(SEAT_COLOURS[i % SEAT_COLOURS.length]),
      count: String(m.credits[i] ?? 0),
      countLabel: `${m.credits[i] ?? 0} cells revealed`,
      me: i === me,
      bot: s.bot,
    })),
    open: open > 0 ? `${open} seat${open === 1 ? "" : "s"} open` : "",
    watching: m.spectators > 0 ? `${m.spectators} watching` : "",
  };
}
