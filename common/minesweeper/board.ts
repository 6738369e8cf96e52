// Board geometry and mine placement: pure functions of (config, seed RNG, first cell).

import type { Rng } from "../core/rng.js";
import type { MinesweeperConfig } from "./types.js";

/** Indices of the (up to 8) in-bounds neighbours of cell `i`. */
export function neighbours(rows: number, cols: number, i: number): number[] {
  const r = (i / cols) | 0;
  const c = i - r * cols;
  const out: number[] = [];
  for (let dr = -1; dr <= 1; dr++) {
    const rr = r + dr;
    if (rr < 0 || rr >= rows) continue;
    for (let dc = -1; dc <= 1; dc++) {
      const cc = c + dc;
      if ((dr === 0 && dc === 0) || cc < 0 || cc >= cols) continue;
      out.push(rr * cols + cc);
    }
  }
  return out;
}

/**
 * Places the mines once the first cell is known. The first cell and its
 * neighbours stay mine-free when the board leaves room for that; otherwise
 * only the first cell is spared. Partial Fisher-Yates over the candidates.
 */
export function placeMines(config: MinesweeperConfig, first: number, rng: Rng): Uint8Array {
  const { rows, cols, mines } = config;
  const total = rows * cols;
  const spared = new Set<number>([first]);
  const around = neighbours(rows, cols, first);
  if (total - 1 - around.length >= mines) for (const n of around) spared.add(n);
  const candidates: number[] = [];
  for (let i = 0; i < total; i++) if (!spared.has(i)) candidates.push(i);
  const field = new Uint8Array(total);
  for (let k = 0; k < mines; k++) {
    const j = k + rng.int(candidates.length - k);
    const pick = candidates[j];
    candidates[j] = candidates[k];
    candidates[k] = pick;
    field[pick] = 1;
  }
  return field;
}

/** Adjacent-mine count for every cell. */
export function countAdjacent(rows: number, cols: number, mines: Uint8Array): Uint8Array {
  const counts = new Uint8Array(rows * cols);
  for (let i = 0; i < counts.length; i++) {
    if (!mines[i]) continue;
    for (const n of neighbours(rows, cols, i)) counts[n]++;
  }
  return counts;
}
