// Statistics of a finished (or stopped) Minesweeper game, in the community's words:
//
// - 3BV ("Bechtel's Board Benchmark Value"): the minimum number of left clicks
//   that clear the board without flags or chords. Every opening (a connected
//   region of zero cells, 8-neighbour connected, together with the numbers
//   bordering it) takes one click; every safe numbered cell that touches no
//   zero cell takes one click of its own.
// - 3BV solved: the part of the 3BV the player has done. An opening counts once
//   every cell of it (its zeros and its border numbers) is open; an isolated
//   number counts once it is open. On a won board it equals the 3BV.
// - clicks: every click the log accepted, as the classic counters do (left,
//   right and chord clicks all count): `leftClicks` are reveals, `rightClicks`
//   are flag toggles (placing AND removing a flag), `chords` are chords.
//   Refused clicks (on an open cell, past the flag counter, ...) never reach the
//   log, so every counted click changed the board; there is no separate
//   "effective clicks" figure.
// - efficiency: 3BV solved / clicks (a ratio; 1 = 100 %). Above 1 is possible
//   with chords. null when there were no clicks.
// - 3BV/s: 3BV solved per second of game time. null when the time is 0.
// - timeMs: the game clock, first click (or go signal) to the end.
//
// Pure: no clock, no randomness.

import { replay, type GameRecord } from "../core/session.js";
import { countAdjacent } from "./board.js";
import { elapsedMs, minesweeperRules } from "./rules.js";
import { REVEALED, type MinesweeperConfig, type MinesweeperMove, type MinesweeperState, type Phase } from "./types.js";

/** One opening: a connected region of zero cells and the numbered cells around it. */
export interface Opening {
  /** Zero cells of the region (row-major indices, ascending). */
  zeros: number[];
  /** Safe numbered cells touching the region (ascending). */
  border: number[];
}

/** How the 3BV of a board is made up. */
export interface BoardBreakdown {
  openings: Opening[];
  /** Safe numbered cells that touch no zero cell: one click each. */
  isolated: number[];
}

function checkBoard(mines: ArrayLike<number>, rows: number, cols: number): Uint8Array {
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1) throw new RangeError(`bad board size ${rows}×${cols}`);
  if (mines.length !== rows * cols) throw new RangeError(`the mine field has ${mines.length} cells, a ${rows}×${cols} board has ${rows * cols}`);
  const field = new Uint8Array(mines.length);
  for (let i = 0; i < field.length; i++) field[i] = mines[i] ? 1 : 0;
  return field;
}

/**
 * The openings and isolated numbers of a board (`mines`: 1 where a mine is, row-major), as lists:
 * the labels below, read out in ascending cell order (so every list comes out sorted).
 */
export function boardBreakdown(mines: ArrayLike<number>, rows: number, cols: number): BoardBreakdown {
  const { opening, numbered, openings: count } = labelBoard(mines, rows, cols);
  const openings: Opening[] = Array.from({ length: count }, () => ({ zeros: [], border: [] }));
  const isolated: number[] = [];
  // The cell (+1) last added to each opening's border: one push per opening a number touches.
  const added = new Int32Array(count + 1);
  for (let i = 0; i < opening.length; i++) {
    if (opening[i]) openings[opening[i] - 1].zeros.push(i);
    else if (numbered[i] === 2) isolated.push(i);
    else if (numbered[i] === 1) {
      const r = (i / cols) | 0;
      const c = i - r * cols;
      for (let rr = Math.max(0, r - 1); rr <= Math.min(rows - 1, r + 1); rr++) {
        for (let cc = Math.max(0, c - 1); cc <= Math.min(cols - 1, c + 1); cc++) {
          const o = opening[rr * cols + cc];
          if (o && added[o] !== i + 1) {
            added[o] = i + 1;
            openings[o - 1].border.push(i);
          }
        }
      }
    }
  }
  return { openings, isolated };
}

/**
 * The 3BV of a board as its stats need it, without a list per opening: each zero cell's opening
 * (a number from 1), and the safe numbered cells marked as touching a zero (a border) or not
 * (isolated). Linear, no sort and no array per opening: a 100×100 board opened at once is one
 * opening of ~10,000 zeros, and the lists and their sorts took ~30 ms of the event loop on the
 * first game's end in a process (unoptimised code), a few ms after.
 */
interface Labels {
  /** Opening number (1…openings) of each zero cell, 0 for any other cell. */
  opening: Int32Array;
  /** 1 for a safe numbered cell next to a zero (on some opening's border), 2 for an isolated one. */
  numbered: Uint8Array;
  openings: number;
  isolated: number;
}

function labelBoard(mines: ArrayLike<number>, rows: number, cols: number): Labels {
  const field = checkBoard(mines, rows, cols);
  const adjacent = countAdjacent(rows, cols, field);
  const total = rows * cols;
  const opening = new Int32Array(total);
  const numbered = new Uint8Array(total);
  const stack = new Int32Array(total);
  let openings = 0;
  for (let start = 0; start < total; start++) {
    if (field[start] || adjacent[start] !== 0 || opening[start]) continue;
    const mark = ++openings;
    let top = 0;
    stack[top++] = start;
    opening[start] = mark;
    while (top) {
      const i = stack[--top];
      const r = (i / cols) | 0;
      const c = i - r * cols;
      const r0 = r > 0 ? r - 1 : 0;
      const r1 = r < rows - 1 ? r + 1 : r;
      const c0 = c > 0 ? c - 1 : 0;
      const c1 = c < cols - 1 ? c + 1 : c;
      for (let rr = r0; rr <= r1; rr++) {
        for (let j = rr * cols + c0, end = rr * cols + c1; j <= end; j++) {
          // A zero cell has no mine around it, so every neighbour is safe.
          if (adjacent[j] !== 0) numbered[j] = 1;
          else if (!opening[j]) {
            opening[j] = mark;
            stack[top++] = j;
          }
        }
      }
    }
  }
  let isolated = 0;
  for (let i = 0; i < total; i++) {
    if (!field[i] && adjacent[i] !== 0 && !numbered[i]) {
      numbered[i] = 2;
      isolated++;
    }
  }
  return { opening, numbered, openings, isolated };
}

/**
 * A board's labels, made once per mine field (a placed field never changes): a game's end
 * asks for its stats several times (record, rank, result), two passes each.
 */
const labelled = new WeakMap<object, { rows: number; cols: number; l: Labels }>();
function labelsOf(mines: ArrayLike<number>, rows: number, cols: number): Labels {
  // Only a game's own field (a Uint8Array, never written once placed); another array may change.
  if (!(mines instanceof Uint8Array)) return labelBoard(mines, rows, cols);
  const kept = labelled.get(mines);
  if (kept && kept.rows === rows && kept.cols === cols && mines.length === rows * cols) return kept.l;
  const l = labelBoard(mines, rows, cols);
  labelled.set(mines, { rows, cols, l });
  return l;
}

/** 3BV: the minimum number of left clicks that clear the board. */
export function threeBV(mines: ArrayLike<number>, rows: number, cols: number): number {
  const { openings, isolated } = labelsOf(mines, rows, cols);
  return openings + isolated;
}

/**
 * The part of the 3BV done on a board whose cells have the given statuses
 * (REVEALED = 1 is open): whole openings plus open isolated numbers.
 */
export function threeBVSolved(mines: ArrayLike<number>, rows: number, cols: number, status: ArrayLike<number>): number {
  if (status.length !== rows * cols) throw new RangeError(`the status has ${status.length} cells, a ${rows}×${cols} board has ${rows * cols}`);
  const { opening, numbered, openings } = labelsOf(mines, rows, cols);
  // An opening is unsolved while one of its zeros, or one of the numbers around it, is shut.
  const unsolved = new Uint8Array(openings + 1);
  let solved = 0;
  for (let i = 0; i < opening.length; i++) {
    if (status[i] === REVEALED) {
      if (numbered[i] === 2) solved++;
      continue;
    }
    if (opening[i]) unsolved[opening[i]] = 1;
    else if (numbered[i] === 1) {
      // A shut border number: every opening it touches is unsolved.
      const r = (i / cols) | 0;
      const c = i - r * cols;
      for (let rr = Math.max(0, r - 1); rr <= Math.min(rows - 1, r + 1); rr++) {
        for (let cc = Math.max(0, c - 1); cc <= Math.min(cols - 1, c + 1); cc++) unsolved[opening[rr * cols + cc]] = 1;
      }
    }
  }
  for (let o = 1; o <= openings; o++) if (!unsolved[o]) solved++;
  return solved;
}

export interface GameStats {
  /** Phase of the board the figures describe. */
  phase: Phase;
  /** 3BV of the board (in a race: of the work left after the shared opening). */
  threeBV: number;
  /** 3BV the player has done (equals threeBV on a won board). */
  threeBVSolved: number;
  /** leftClicks + rightClicks + chords. */
  clicks: number;
  /** Accepted reveals. */
  leftClicks: number;
  /** Accepted flag toggles: placing and removing a flag both count. */
  rightClicks: number;
  /** Accepted chords. */
  chords: number;
  /** threeBVSolved / clicks; null when there was no click. */
  efficiency: number | null;
  /** threeBVSolved per second of timeMs; null when timeMs is 0. */
  threeBVPerSecond: number | null;
  /** Game clock in milliseconds. */
  timeMs: number;
}

/** A logged move as the stats need it (a GameSession log entry fits). */
export interface StatsMove {
  seat?: number;
  move: { type: string };
  t: number;
}

/**
 * Figures for one board. `moves` are the accepted moves to count (already
 * filtered), `free` the 3BV that was open before the player's first click
 * (the shared opening of a race; 0 in solo and co-op).
 */
export function statsOf(board: MinesweeperState, moves: readonly StatsMove[], timeMs: number, free = 0): GameStats {
  const { rows, cols } = board.config;
  let leftClicks = 0;
  let rightClicks = 0;
  let chords = 0;
  for (const { move } of moves) {
    if (move.type === "reveal") leftClicks++;
    else if (move.type === "flag") rightClicks++;
    else if (move.type === "chord") chords++;
  }
  const clicks = leftClicks + rightClicks + chords;
  const placed = board.mines !== null;
  const total = placed ? threeBV(board.mines!, rows, cols) : 0;
  const solved = placed ? threeBVSolved(board.mines!, rows, cols, board.status) : 0;
  const bbbv = Math.max(0, total - free);
  const done = Math.max(0, solved - free);
  return {
    phase: board.phase,
    threeBV: bbbv,
    threeBVSolved: done,
    clicks,
    leftClicks,
    rightClicks,
    chords,
    efficiency: clicks === 0 ? null : done / clicks,
    threeBVPerSecond: timeMs > 0 ? done / (timeMs / 1000) : null,
    timeMs,
  };
}

/**
 * Stats of a Minesweeper game (solo or co-op), either from its record
 * (replayed; throws when the record does not replay) or from its state and
 * the log of accepted moves that led to it.
 *
 * `opts.seat` counts only that seat's clicks (co-op); the 3BV figures are the
 * board's. The time is the board's elapsed time once it has ended, otherwise
 * the time from its first click to the last logged move.
 */
export function gameStats(record: GameRecord<MinesweeperConfig, MinesweeperMove>): GameStats;
export function gameStats(state: MinesweeperState, log: readonly StatsMove[], opts?: { seat?: number }): GameStats;
export function gameStats(
  a: MinesweeperState | GameRecord<MinesweeperConfig, MinesweeperMove>,
  log?: readonly StatsMove[],
  opts: { seat?: number } = {},
): GameStats {
  if (log === undefined) {
    const record = a as GameRecord<MinesweeperConfig, MinesweeperMove>;
    const result = replay(minesweeperRules, record);
    if (!result.valid) throw new Error(`gameStats: the record does not replay: ${result.reason}`);
    return gameStats(result.state, record.log);
  }
  const state = a as MinesweeperState;
  const moves = opts.seat === undefined ? log : log.filter((m) => m.seat === opts.seat);
  let timeMs = 0;
  if (state.endedAt !== null) timeMs = elapsedMs(state);
  else if (state.startedAt !== null && log.length) timeMs = Math.max(0, log[log.length - 1].t - state.startedAt);
  return statsOf(state, moves, timeMs);
}
