// Connect Four: two seats drop discs into a 7-column, 6-row grid; four in a row
// (across, down, diagonal) wins; a full grid is a draw. Seat 0 starts.
// Pure: apply never mutates its input and consumes no randomness.

import type { Seed } from "../core/rng.js";
import { reject, type ApplyResult, type MoveContext, type Rules } from "../core/rules.js";

export const ROWS = 6;
export const COLS = 7;
/** Cell contents: EMPTY, or the seat (0, 1) whose disc it is. */
export const EMPTY = -1;

export interface Connect4Config {
  /** Seconds per turn; 0: no timer. */
  timer: number;
}

export type Connect4Move = { type: "drop"; col: number } | { type: "timeout" };

export type Connect4Event =
  | { kind: "drop"; seat: number; col: number; row: number; timeout?: true }
  | { kind: "win"; seat: number; line: number[] }
  | { kind: "draw" };

export interface Connect4State {
  config: Connect4Config;
  /** ROWS × COLS cells, row 0 at the bottom: index = row * COLS + col. */
  grid: number[];
  turn: number;
  moves: number;
  /** Server time the current turn began (timers count from here); null before the first. */
  turnStartedAt: number | null;
  winner: number | null;
  /** The four (or more) winning cells. */
  line: number[];
  over: boolean;
}

export interface Connect4View {
  grid: number[];
  turn: number;
  winner: number | null;
  line: number[];
  over: boolean;
  /** Columns the viewer may drop into now (empty when it is not their turn). */
  legal: number[];
  viewer: number | null;
  /** Seconds per turn (0: no timer). */
  timer: number;
}

export function setupConnect4(_seed: Seed, config: Connect4Config, seats: number): Connect4State {
  if (seats !== 2) throw new RangeError(`Connect Four has 2 seats, not ${seats}`);
  return { config, grid: new Array<number>(ROWS * COLS).fill(EMPTY), turn: 0, moves: 0, turnStartedAt: null, winner: null, line: [], over: false };
}

/** The row a disc dropped into `col` lands on, or −1 when the column is full. */
export function landingRow(grid: readonly number[], col: number): number {
  for (let row = 0; row < ROWS; row++) if (grid[row * COLS + col] === EMPTY) return row;
  return -1;
}

export function openColumns(grid: readonly number[]): number[] {
  const out: number[] = [];
  for (let col = 0; col < COLS; col++) if (grid[(ROWS - 1) * COLS + col] === EMPTY) out.push(col);
  return out;
}

const DIRECTIONS: [number, number][] = [[0, 1], [1, 0], [1, 1], [1, -1]];

/** The line through (row, col) of its owner's discs, when it is 4 or longer; else []. */
export function lineThrough(grid: readonly number[], row: number, col: number): number[] {
  const who = grid[row * COLS + col];
  if (who === EMPTY) return [];
  for (const [dr, dc] of DIRECTIONS) {
    const cells = [row * COLS + col];
    for (const sign of [1, -1]) {
      let r = row + dr * sign;
      let c = col + dc * sign;
      while (r >= 0 && r < ROWS && c >= 0 && c < COLS && grid[r * COLS + c] === who) {
        cells.push(r * COLS + c);
        r += dr * sign;
        c += dc * sign;
      }
    }
    if (cells.length >= 4) return cells.sort((a, b) => a - b);
  }
  return [];
}

/** The open column nearest the centre: where a timed-out turn drops its disc. */
export function centremostOpen(grid: readonly number[]): number {
  const open = openColumns(grid);
  return open.sort((a, b) => Math.abs(a - 3) - Math.abs(b - 3) || a - b)[0] ?? -1;
}

function applyConnect4(s: Connect4State, seat: number, move: Connect4Move, ctx: MoveContext): ApplyResult<Connect4State, Connect4Event> {
  if (seat !== 0 && seat !== 1) return reject("not-seated", "Only a seated player can play.");
  if (s.over) return reject("game-over", "This game is over.");
  if (seat !== s.turn) return reject("not-your-turn", "It is not your turn: wait for your opponent's disc.");
  let col: number;
  if (move.type === "timeout") col = centremostOpen(s.grid);
  else if (move.type === "drop") {
    col = move.col;
    if (!Number.isInteger(col) || col < 0 || col >= COLS) return reject("out-of-range", `Columns are 0 to ${COLS - 1}.`);
  } else return reject("unknown-move", `Unknown move ${JSON.stringify((move as { type?: unknown }).type)}.`);
  const row = landingRow(s.grid, col);
  if (row < 0) return reject("column-full", `Column ${col + 1} is full: pick another column.`);
  const grid = s.grid.slice();
  grid[row * COLS + col] = seat;
  const events: Connect4Event[] = [move.type === "timeout" ? { kind: "drop", seat, col, row, timeout: true } : { kind: "drop", seat, col, row }];
  const next: Connect4State = { ...s, grid, moves: s.moves + 1, turn: 1 - seat, turnStartedAt: ctx.now };
  const line = lineThrough(grid, row, col);
  if (line.length) {
    events.push({ kind: "win", seat, line });
    return { ok: true, state: { ...next, winner: seat, line, over: true }, events };
  }
  if (next.moves === ROWS * COLS) {
    events.push({ kind: "draw" });
    return { ok: true, state: { ...next, over: true }, events };
  }
  return { ok: true, state: next, events };
}

export function viewConnect4(s: Connect4State, viewer: number | null): Connect4View {
  const seat = viewer === 0 || viewer === 1 ? viewer : null;
  return {
    grid: s.grid.slice(),
    turn: s.turn,
    winner: s.winner,
    line: s.line.slice(),
    over: s.over,
    legal: !s.over && seat === s.turn ? openColumns(s.grid) : [],
    viewer: seat,
    timer: s.config.timer,
  };
}

export const connect4Rules: Rules<Connect4State, Connect4Move, Connect4Event, Connect4Config, Connect4View> = {
  id: "connect4",
  setup: setupConnect4,
  apply: applyConnect4,
  status: (s) => (s.over ? "finished" : "playing"),
  view: viewConnect4,
};
