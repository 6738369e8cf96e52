// What a player's gesture on a board VIEW would do, from the cell codes a client sees
// (CELL / 0..8): the same conditions the rules apply (rules.ts), so a scene never keeps
// its own copy of neighbours, chords or the flag limit and sends only what can work.

import { neighbours } from "./board.js";
import { CELL } from "./types.js";

/** A revealed number 1..8. */
export const isNumberCode = (code: number): boolean => code >= 1 && code <= 8;

/** Flags a player may still place (the counter): the rules refuse `flag` at 0 (`no-flags-left`). */
export const flagsLeft = (v: { mines: number; flags: number }): number => v.mines - v.flags;

/** Cell `i` and its in-bounds neighbours (the 3 × 3 a chord press shows). */
export const areaOf = (rows: number, cols: number, i: number): number[] => [i, ...neighbours(rows, cols, i)];

/**
 * Would a chord on `i` open anything? An open number with exactly that many flags around
 * it and a hidden neighbour (rules.ts chord: `chord-unsatisfied`, `nothing-to-reveal` otherwise).
 */
export function chordOpens(cells: ArrayLike<number>, rows: number, cols: number, i: number): boolean {
  const code = cells[i];
  if (!isNumberCode(code)) return false;
  let flags = 0;
  let hidden = 0;
  for (const j of neighbours(rows, cols, i)) {
    if (cells[j] === CELL.FLAG) flags++;
    else if (cells[j] === CELL.HIDDEN) hidden++;
  }
  return flags === code && hidden > 0;
}

/** What `flag` on `i` would do: place, remove, or nothing (open cell, or no flags left). */
export function flagIntent(cells: ArrayLike<number>, i: number, left: number): "place" | "remove" | "no-flags-left" | null {
  if (cells[i] === CELL.FLAG) return "remove";
  if (cells[i] !== CELL.HIDDEN) return null;
  return left <= 0 ? "no-flags-left" : "place";
}
