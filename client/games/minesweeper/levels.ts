// The names players know Minesweeper's levels by (Beginner / Intermediate / Expert), with
// ours kept as flavour ("Beginner (Noobs)"). Display only: level ids never change.
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

/** "Beginner (Noobs)" (level pickers, where there is room for our name too). */
export function levelTitle(id: string): string {
  const flavour = (LEVELS as Record<string, { name: string }>)[id]?.name;
  const name = levelName(id);
  return flavour && flavour !== name ? `${name} (${flavour})` : name;
}

/** "Beginner — 9×9, 10 mines" (pickers are narrow on phones: our name stays in the leaderboard and replays). */
export function levelOption(id: string): string {
  const l = (LEVELS as Record<string, { rows: number; cols: number; mines: number }>)[id];
  return l ? `${levelName(id)} — ${l.cols}×${l.rows}, ${l.mines} mines` : levelName(id);
}
