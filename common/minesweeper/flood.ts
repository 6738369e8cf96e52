// The flood fill of a reveal. A big board's first click opens most of it (about a million
// cells on 1000 × 1000), so it runs over typed arrays only, with no object and no neighbour
// array per cell, and row by row (a scanline fill): it opens a run of zeros along a row in
// one sweep, then sweeps the rows above and below that run for the numbers to open and the
// zero runs to continue from. Memory is read in row order, as a linear pass would.
// `npm run bench minesweeper` times it against one linear pass over the board.

import { HIDDEN, REVEALED, type MinesweeperState, type RevealedCell } from "./types.js";

/** Cells opened by a reveal, in opening order (the first is the clicked cell). */
export interface OpenedCells {
  /** Cell indices (r * cols + c); valid up to `count`. */
  cells: Uint32Array;
  /** The number each shows (0..8), in the same order. */
  numbers: Uint8Array;
  count: number;
}

/** An empty list with room for `capacity` cells (a flood never opens more than the safe cells left). */
export const openedCells = (capacity: number): OpenedCells => ({ cells: new Uint32Array(capacity), numbers: new Uint8Array(capacity), count: 0 });

let scratch = openedCells(0);

/**
 * The rules' own list, emptied, with room for `capacity` cells: reused from move to move
 * (apply() runs to its end before the next one starts, and copies what it keeps).
 */
export function scratchOpened(capacity: number): OpenedCells {
  if (scratch.cells.length < capacity) scratch = openedCells(capacity);
  scratch.count = 0;
  return scratch;
}

// Module-local copies of the status codes: the optimiser folds these into the loops, not
// imported bindings (reading REVEALED through the import made the flood ~2× slower).
const hiddenCell = HIDDEN;
const openCell = REVEALED;

/** Opens cell i for `seat` as the k-th of `out`; returns the next k. */
function take(s: MinesweeperState, out: OpenedCells, i: number, seat: number, k: number): number {
  s.status[i] = openCell;
  s.revealedBy[i] = seat;
  out.cells[k] = i;
  out.numbers[k] = s.adjacent[i];
  return k + 1;
}

/**
 * Opens cell `from` and, through zero cells, the whole connected region (eight neighbours),
 * appending each opened cell to `out`, which must have room for them; `from` comes first.
 * Numbers and flags stop the spread. Never opens a mine: `from` is checked, and a zero has
 * no mine around it.
 */
export function floodReveal(s: MinesweeperState, from: number, seat: number, out: OpenedCells): void {
  const { status, adjacent } = s;
  if (status[from] !== hiddenCell || s.mines![from]) return;
  const { rows, cols } = s.config;
  const first = out.count;
  let k = first;
  /** Hidden zeros each starting a run still to open (a run may be listed twice: the second finds it open). */
  const seeds = [from];
  while (seeds.length) {
    const i = seeds.pop()!;
    if (status[i] !== hiddenCell) continue;
    k = take(s, out, i, seat, k);
    if (adjacent[i] !== 0) continue; // only `from` can be a number
    // The run of hidden zeros through i, then the cell past each end (a number, a flag, or
    // an open cell; the board's edge ends a run too).
    const r = (i / cols) | 0;
    const rowStart = r * cols;
    const rowEnd = rowStart + cols - 1;
    let a = i;
    while (a > rowStart && status[a - 1] === hiddenCell && adjacent[a - 1] === 0) k = take(s, out, --a, seat, k);
    let b = i;
    while (b < rowEnd && status[b + 1] === hiddenCell && adjacent[b + 1] === 0) k = take(s, out, ++b, seat, k);
    if (a > rowStart && status[--a] === hiddenCell) k = take(s, out, a, seat, k);
    if (b < rowEnd && status[++b] === hiddenCell) k = take(s, out, b, seat, k);
    // The rows above and below, from a to b: every hidden cell there touches the run, so
    // is safe: a number opens now, a zero seeds its own run (and the zeros after it in
    // this row belong to that run).
    for (let d = r > 0 ? -cols : cols; d <= cols; d += 2 * cols) {
      if (d > 0 && r === rows - 1) break;
      const end = b + d;
      for (let j = a + d; j <= end; j++) {
        if (status[j] !== hiddenCell) continue;
        if (adjacent[j] !== 0) {
          k = take(s, out, j, seat, k);
          continue;
        }
        seeds.push(j);
        while (j < end && status[j + 1] === hiddenCell && adjacent[j + 1] === 0) j++;
      }
    }
  }
  out.count = k;
  s.revealedCount += k - first;
}

/** A reveal's cells as `{r, c, n}` (the wire's and the tests' form; fine for a few cells). */
export function revealedList(e: { cols: number; cells: ArrayLike<number>; numbers: ArrayLike<number> }): RevealedCell[] {
  const out: RevealedCell[] = [];
  for (let k = 0; k < e.cells.length; k++) {
    const i = e.cells[k];
    out.push({ r: (i / e.cols) | 0, c: i % e.cols, n: e.numbers[k] });
  }
  return out;
}
