// The Connect Four bot: alpha-beta search over the grid in its view (the game
// has no hidden information). `easy` looks 2 plies ahead and sometimes plays a
// random column; `normal` looks 6 plies ahead; `deep` deepens one ply at a time
// while its time budget lasts (the injected clock), to 7 plies without a clock.
// Pure and seeded.

import type { Rng } from "../core/rng.js";
import { COLS, EMPTY, landingRow, lineThrough, openColumns, ROWS, type Connect4View } from "./rules.js";

export const C4_BOT_LEVELS = ["easy", "normal", "deep"] as const;
export type C4BotLevel = (typeof C4_BOT_LEVELS)[number];
const DEPTH: Record<C4BotLevel, number> = { easy: 2, normal: 6, deep: 7 };
/** `deep` never searches past this, whatever the budget (the grid has 42 cells). */
const MAX_DEPTH = 42;
const WIN = 1_000_000;
/** Centre-first search order: better cut-offs, and ties go to the centre. */
const ORDER = [3, 2, 4, 1, 5, 0, 6];

/** Window score: discs of `me` in every 4-cell window with no opponent disc. */
function evaluate(grid: number[], me: number): number {
  let score = 0;
  for (let r = 0; r < ROWS; r++) if (grid[r * COLS + 3] === me) score += 3;
  const windows: [number, number][] = [[0, 1], [1, 0], [1, 1], [1, -1]];
  for (let r = 0; r < ROWS; r++) {
    for (let c = 0; c < COLS; c++) {
      for (const [dr, dc] of windows) {
        const er = r + 3 * dr;
        const ec = c + 3 * dc;
        if (er < 0 || er >= ROWS || ec < 0 || ec >= COLS) continue;
        let mine = 0;
        let theirs = 0;
        for (let k = 0; k < 4; k++) {
          const v = grid[(r + k * dr) * COLS + (c + k * dc)];
          if (v === me) mine++;
          else if (v !== EMPTY) theirs++;
        }
        if (theirs === 0) score += mine === 3 ? 5 : mine === 2 ? 2 : 0;
        else if (mine === 0) score -= theirs === 3 ? 4 : 0;
      }
    }
  }
  return score;
}

/** Stops a search when the clock says the budget is spent (checked every 512 nodes). */
interface Stop {
  clock?: SearchClock;
  nodes: number;
  stopped: boolean;
}

function search(grid: number[], toMove: number, me: number, depth: number, alpha: number, beta: number, stop: Stop): number {
  if (stop.clock && (++stop.nodes & 511) === 0 && stop.clock.elapsed() >= stop.clock.ms) stop.stopped = true;
  if (stop.stopped) return 0;
  const open = ORDER.filter((c) => landingRow(grid, c) >= 0);
  if (!open.length) return 0;
  if (depth === 0) return evaluate(grid, me);
  const maximising = toMove === me;
  let best = maximising ? -Infinity : Infinity;
  for (const col of open) {
    const row = landingRow(grid, col);
    grid[row * COLS + col] = toMove;
    const won = lineThrough(grid, row, col).length > 0;
    const score = won ? (maximising ? WIN + depth : -WIN - depth) : search(grid, 1 - toMove, me, depth - 1, alpha, beta, stop);
    grid[row * COLS + col] = EMPTY;
    if (maximising) {
      best = Math.max(best, score);
      alpha = Math.max(alpha, score);
    } else {
      best = Math.min(best, score);
      beta = Math.min(beta, score);
    }
    if (beta <= alpha) break;
  }
  return best;
}

/** Time for `deep`: `ms` to spend, `elapsed()` since the decision began. */
export interface SearchClock {
  ms: number;
  elapsed: () => number;
}

/** The column to drop into, or null when it is not this seat's turn. */
export function chooseColumn(view: Connect4View, level: C4BotLevel, rng: Rng, clock?: SearchClock): number | null {
  if (view.over || view.viewer === null || view.turn !== view.viewer || !view.legal.length) return null;
  if (level === "easy" && rng.int(4) === 0) return view.legal[rng.int(view.legal.length)];
  if (level !== "deep" || !clock) return bestAt(view, DEPTH[level], rng, { nodes: 0, stopped: false })!;
  // Iterative deepening: each finished depth's choice stands; a depth the budget cuts short is dropped.
  let best = bestAt(view, 2, rng, { nodes: 0, stopped: false })!;
  for (let depth = 3; depth <= MAX_DEPTH && clock.elapsed() < clock.ms; depth++) {
    const deeper = bestAt(view, depth, rng, { clock, nodes: 0, stopped: false });
    if (deeper === null) break;
    best = deeper;
  }
  return best;
}

/** The best column at `depth` plies; null when the clock stopped the search. */
function bestAt(view: Connect4View, depth: number, rng: Rng, stop: Stop): number | null {
  const me = view.viewer!;
  const grid = view.grid.slice();
  let best = -Infinity;
  let choices: number[] = [];
  for (const col of ORDER.filter((c) => view.legal.includes(c))) {
    const row = landingRow(grid, col);
    grid[row * COLS + col] = me;
    const score = lineThrough(grid, row, col).length ? WIN * 2 : search(grid, 1 - me, me, depth - 1, -Infinity, Infinity, stop);
    grid[row * COLS + col] = EMPTY;
    if (score > best) {
      best = score;
      choices = [col];
    } else if (score === best) choices.push(col);
  }
  if (stop.stopped) return null;
  return choices[rng.int(choices.length)] ?? openColumns(view.grid)[0];
}
