// The one name of each Minesweeper level players see everywhere (Beginner / Intermediate /
// Expert / Nightmare): pickers, tabs, leaderboards, replays, live rooms. The rules' own names
// (common/minesweeper/types.ts) are never shown. Display only: level ids never change.
import { LEVELS } from "../../../common/minesweeper/types";
import { LEVEL_NAMES } from "../../../common/minesweeper/game";
import { NO_GUESS_LEVEL_SUFFIX } from "../../../common/minesweeper/noGuess";

const STANDARD: Record<string, string> = Object.fromEntries(LEVEL_NAMES);

/** "Beginner", "Expert", "Custom", "Expert, no guess" (short: tabs, subtitles, the live-rooms list, My games). */
export function levelName(id: string | undefined): string {
  if (!id) return "";
  // a stored no-guess game's level (common/minesweeper/noGuess.ts rankLevel: "expert-noguess")
  if (id.endsWith(NO_GUESS_LEVEL_SUFFIX)) return `${levelName(id.slice(0, -NO_GUESS_LEVEL_SUFFIX.length))}, no guess`;
  if (id === "custom") return "Custom";
  return STANDARD[id] ?? (LEVELS as Record<string, { name: string }>)[id]?.name ?? id;
}

/** "Beginner — 9×9, 10 mines" (level pickers). */
export function levelOption(id: string): string {
  const l = (LEVELS as Record<string, { rows: number; cols: number; mines: number }>)[id];
  return l ? `${levelName(id)} — ${l.cols}×${l.rows}, ${l.mines} mines` : levelName(id);
}
