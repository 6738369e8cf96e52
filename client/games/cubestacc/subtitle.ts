// The line under the game's title: how the table plays (mode, seats, pack, turn clock, wild
// pivot) and how many watch. "Solo vs 3 bots · 4 seats · Classic · wild pivot".
import type { TableModel } from "./model";

export function subtitleOf(m: TableModel): string {
  const mode = m.mode === "solo" ? `Solo vs ${Math.max(0, m.maxSeats - 1)} bot${m.maxSeats - 1 === 1 ? "" : "s"}` : m.mode === "online" ? "Online" : m.mode;
  const bits = [mode, `${m.maxSeats} seats`, packName(m.pack)];
  if (m.timer > 0) bits.push(`${m.timer}s turns`);
  if (m.wildPivot) bits.push("wild pivot");
  if (m.spectators > 0) bits.push(`${m.spectators} watching`);
  return bits.join(" · ");
}

function packName(pack: string): string {
  return pack.charAt(0).toUpperCase() + pack.slice(1);
}
