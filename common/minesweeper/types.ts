// Minesweeper data: levels, config, moves, events, state and the cell codes
// a client sees. Everything here is plain data (typed arrays for the board).

import type { Seed } from "../core/rng.js";

/** Standard levels (games/minesweeper.md). */
export const LEVELS = {
  beginner: { name: "Noobs", rows: 9, cols: 9, mines: 10 },
  intermediate: { name: "Normies", rows: 16, cols: 16, mines: 40 },
  expert: { name: "Torment", rows: 16, cols: 30, mines: 99 },
  nightmare: { name: "Hell", rows: 20, cols: 30, mines: 150 },
} as const;

export type StandardLevel = keyof typeof LEVELS;
export type LevelId = StandardLevel | "custom";

export const MAX_ROWS = 100;
export const MAX_COLS = 100;

export interface MinesweeperConfig {
  level: LevelId;
  rows: number;
  cols: number;
  mines: number;
  /** A no-guess board (noGuess.ts): present only when on, so older configs stay as they were. */
  noGuess?: true;
}

export type MinesweeperMove =
  | { type: "reveal"; r: number; c: number }
  | { type: "flag"; r: number; c: number }
  | { type: "chord"; r: number; c: number };

export type Phase = "fresh" | "active" | "won" | "lost";

/** One revealed cell on the wire: row, column, number of adjacent mines. */
export interface RevealedCell {
  r: number;
  c: number;
  n: number;
}

export type MinesweeperEvent =
  /** `cells` (indices, r * cols + c) and `numbers` in opening order; the first is the cell clicked (flood.ts). */
  | { kind: "reveal"; seat: number; cols: number; cells: Uint32Array; numbers: Uint8Array }
  | { kind: "flag"; seat: number; r: number; c: number; flagged: boolean }
  /** `wrongFlags`: flags on safe cells when the game was lost (a chord around them opened a mine). */
  | { kind: "lost"; seat: number; r: number; c: number; elapsed: number; wrongFlags: number }
  | { kind: "won"; seat: number; elapsed: number };

/** Cell status inside the rules state. */
export const HIDDEN = 0;
export const REVEALED = 1;
export const FLAGGED = 2;

export interface MinesweeperState {
  config: MinesweeperConfig;
  seed: Seed;
  /** Seats playing this board (1 solo, 2..8 co-op). */
  seats: number;
  phase: Phase;
  /** 1 where a mine is; null until the first reveal places the mines. */
  mines: Uint8Array | null;
  /** Adjacent-mine counts (valid once mines are placed). */
  adjacent: Uint8Array;
  /** HIDDEN | REVEALED | FLAGGED per cell, row-major (index = r * cols + c). */
  status: Uint8Array;
  /** Seat that revealed each cell (255 = nobody yet); co-op credit. */
  revealedBy: Uint8Array;
  /** Safe cells revealed so far. */
  revealedCount: number;
  flagCount: number;
  /** Server time of the first reveal or flag; null before. */
  startedAt: number | null;
  /** Server time of the move that ended the game; null while playing. */
  endedAt: number | null;
  /** Index of the mine that was hit (lost games). */
  hitIndex: number | null;
  /**
   * No-guess boards only: whether the solver proved the placed board (false: the
   * generator fell back to an ordinary board); null before the mines are placed or when
   * the board is not a no-guess one.
   */
  guessFree?: boolean | null;
}

/** What a player is told of a no-guess board: off, waiting for the first click, proven, or the fallback. */
export type NoGuessStatus = "off" | "on" | "proven" | "fallback";

/**
 * What a client sees of one cell (the `cells` array of the view / schema).
 * 0..8 revealed number; the rest are hidden or end-of-game markers.
 * MINE, WRONG_FLAG, HIT_MINE and FLAGGED_MINE appear only after the game ended.
 */
export const CELL = {
  HIDDEN: 9,
  FLAG: 10,
  MINE: 11,
  WRONG_FLAG: 12,
  HIT_MINE: 13,
  FLAGGED_MINE: 14,
} as const;

export interface MinesweeperView {
  rows: number;
  cols: number;
  mines: number;
  phase: Phase;
  /** One CELL code (or 0..8) per cell, row-major. */
  cells: Uint8Array;
  flags: number;
  startedAt: number | null;
  endedAt: number | null;
  noGuess: NoGuessStatus;
}
