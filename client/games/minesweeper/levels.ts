// The one name of each Minesweeper level players see everywhere (Beginner / Intermediate /
// Expert / Nightmare): pickers, tabs, leaderboards, replays, live rooms. The rules' own names
// (common/minesweeper/types.ts) are never shown. Display only: level ids never change.
import { LEVELS } from "../../../common/minesweeper/types";

const STANDARD: Record<string, string> = {
  beginner: "Beginner",
  intermediate: "Intermediate",
  expert: "Expert",
  nightmare: "Nightmare",
};

/** "Beginner", "Expert", "Custom" (short: tabs, subtitles, the live-rooms list). */
export function levelName(id: string | undefined): string {
  if (!id) return "";
  if (id === "custom") return "Custom";
  return STANDARD[id] ?? (LEVELS as Record<string, { name: string }>)[id]?.name ?? id;
}

/** "Beginner — 9×9, 10 mines" (level pickers). */
export function levelOption(id: string): string {
  const l = (LEVELS as Record<string, { rows: number; cols: number; mines: number }>)[id];
  return l ? `${levelName(id)} — ${l.cols}×${l.rows}, ${l.mines} mines` : levelName(id);
}
