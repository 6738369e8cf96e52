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
 * Places the mines once the first cell is known. First-click safety, one rule:
 * the first cell and its in-bounds neighbours (3 at a corner, 5 on an edge,
 * 8 inside) stay mine-free when the other cells can hold every mine
 * (cells − 1 − neighbours ≥ mines). Every valid config has mines ≤ cells − 9
 * (config.ts), so there it always holds, wherever the first click is; only a
 * config outside that range (never accepted from a player) falls back to
 * sparing the first cell alone. Partial Fisher-Yates over the candidates.
 */
export function placeMines(config: MinesweeperConfig, first: number, rng: Rng): Uint8Array {
  const { rows, cols, mines } = config;
  const total = rows * cols;
  const spared = new Set<number>([first]);
  const around = neighbours(rows, cols, first);
  if (total - 1 - around.length >= mines) for (const n of around) spared.add(n); // see above
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
