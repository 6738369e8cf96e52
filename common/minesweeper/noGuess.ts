// No-guess boards: mines placed so that a player can clear the board by logic alone from
// the first click, proven by the solver (solver.ts).
//
// Generation, deterministic from the game's random stream (so a replay, the offline check
// and a restored room rebuild the very same board):
//  1. fresh boards (as many as NO_GUESS_FRESH_WORK allows), each drawn exactly as an
//     ordinary board (placeMines); the first the solver clears is the board. Beginner and Intermediate
//     nearly always stop here, Expert usually does (about one random Expert board in
//     eight is guess-free);
//  2. then up to NO_GUESS_REPAIRED_BOARDS more fresh boards, each repaired where the solver
//     is stuck: one mine beside the stuck edge is moved to a hidden cell no open number
//     touches, and the solver starts again (NO_GUESS_REPAIRS moves a board; the whole
//     search stops at NO_GUESS_WORK cells solved). Dense boards (Nightmare, crowded custom
//     ones) need this;
//  3. the fallback, when every board failed: the last board drawn, played as an ordinary
//     board, and `proven: false` says so to the room and the player ("this board may need
//     a guess"); it never ranks on the no-guess leaderboard.
// The first cell and its neighbours stay mine-free through every step, as in placeMines.

import type { MoveContext } from "../core/rules.js";
import type { Rng, RngState } from "../core/rng.js";
import { neighbours, placeMines } from "./board.js";
import { KNOWN, solveFrom } from "./solver.js";
import type { MinesweeperConfig } from "./types.js";

/** Fresh boards are drawn while the cells solved stay under this (Expert: 41 boards, 100×100: 2). */
export const NO_GUESS_FRESH_WORK = 20_000;
/** Boards repaired after that. */
export const NO_GUESS_REPAIRED_BOARDS = 8;
/** Mines moved on one board before the next board is drawn. */
export const NO_GUESS_REPAIRS = 100;
/** The bound on the whole search, in cells solved (a few hundred ms at worst, on a 100×100 board). */
export const NO_GUESS_WORK = 2_000_000;

/**
 * The level a finished game is stored and ranked under: no-guess games have their own
 * leaderboard per level ("expert-noguess"), apart from the ordinary boards.
 */
export function rankLevel(config: MinesweeperConfig): string {
  return config.noGuess ? `${config.level}${NO_GUESS_LEVEL_SUFFIX}` : config.level;
}
export const NO_GUESS_LEVEL_SUFFIX = "-noguess";

export interface NoGuessBoard {
  /** 1 where a mine is, row-major. */
  mines: Uint8Array;
  /** The solver cleared it from its start cell (false: the fallback, a guess may be needed). */
  proven: boolean;
  /** Boards drawn, and mines moved by repairs (for the bench and the tests). */
  boards: number;
  repairs: number;
}

/**
 * Mines for a no-guess board whose first click is `first` (always safe, with its
 * neighbours where the board allows, as placeMines). `startOf` names the cell the player
 * starts from once the mines are known (default: `first`; the race opens its largest
 * opening instead).
 */
export function placeNoGuessMines(config: MinesweeperConfig, first: number, rng: Rng, startOf: (mines: Uint8Array) => number = () => first): NoGuessBoard {
  const { rows, cols } = config;
  const cells = rows * cols;
  const spared = new Set<number>([first, ...neighbours(rows, cols, first)]);
  const fresh = Math.max(1, Math.floor(NO_GUESS_FRESH_WORK / cells));
  let mines: Uint8Array = new Uint8Array(0);
  let boards = 0;
  let repairs = 0;
  let work = 0;
  while (boards < fresh + NO_GUESS_REPAIRED_BOARDS && work < NO_GUESS_WORK) {
    mines = placeMines(config, first, rng);
    const repairing = boards >= fresh;
    boards++;
    for (let moved = 0; work < NO_GUESS_WORK; moved++) {
      const result = solveFrom(rows, cols, mines, startOf(mines));
      work += cells;
      if (result.cleared) return { mines, proven: true, boards, repairs };
      if (!repairing || moved >= NO_GUESS_REPAIRS || !moveStuckMine(mines, result.known, rows, cols, spared, rng)) break;
      repairs++;
    }
  }
  return { mines, proven: false, boards, repairs };
}

/**
 * The work of a no-guess board, as plain data (it crosses to a worker thread: prepare.ts):
 * the board, the first cell, the generator state it starts from, and whether the player
 * starts from the largest opening (the race) rather than from `first`.
 */
export interface NoGuessTask {
  config: MinesweeperConfig;
  first: number;
  rng: RngState;
  fromOpening: boolean;
}

/** A no-guess board made beforehand, with the generator state it left. */
export interface NoGuessResult extends NoGuessBoard {
  rng: RngState;
}

/** What names one board's work: the same key, the same board. */
export function noGuessKey(t: NoGuessTask): string {
  const { rows, cols, mines } = t.config;
  return `noguess:${rows}x${cols}:${mines}:${t.first}:${t.fromOpening ? "opening" : "first"}:${t.rng.state}:${t.rng.inc}`;
}

/**
 * The no-guess board a move places (reveal, the race's go): the one made beforehand when the
 * move comes with it (`ctx.prepared` under this board's key: a room made it on a worker
 * thread), else made now from `ctx.rng`. Either way the same mines and the same RNG after.
 */
export function noGuessBoardFor(config: MinesweeperConfig, first: number, ctx: MoveContext, startOf?: (mines: Uint8Array) => number): NoGuessBoard {
  const prepared = ctx.prepared;
  if (prepared && prepared.key === noGuessKey({ config, first, rng: ctx.rng.getState(), fromOpening: startOf !== undefined })) {
    const done = prepared.result as NoGuessResult;
    ctx.rng.setState(done.rng);
    return { mines: Uint8Array.from(done.mines), proven: done.proven, boards: done.boards, repairs: done.repairs };
  }
  return placeNoGuessMines(config, first, ctx.rng, startOf);
}

/**
 * Moves one mine the solver is stuck beside (next to an open number, and hidden or
 * walling off hidden cells) to a hidden safe cell, preferably one no open cell touches
 * (so the numbers the solver read stay as they were but those around the moved mine).
 * False when there is no such pair.
 */
function moveStuckMine(mines: Uint8Array, known: Uint8Array, rows: number, cols: number, spared: Set<number>, rng: Rng): boolean {
  const edge: number[] = [];
  const away: number[] = [];
  const near: number[] = [];
  for (let i = 0; i < mines.length; i++) {
    if (known[i] === KNOWN.OPEN) continue;
    const around = neighbours(rows, cols, i);
    const touchesOpen = around.some((j) => known[j] === KNOWN.OPEN);
    if (mines[i]) {
      if (touchesOpen && (known[i] === KNOWN.UNKNOWN || around.some((j) => known[j] === KNOWN.UNKNOWN))) edge.push(i);
    } else if (!spared.has(i)) (touchesOpen ? near : away).push(i);
  }
  const to = away.length ? away : near;
  if (!edge.length || !to.length) return false;
  mines[edge[rng.int(edge.length)]] = 0;
  mines[to[rng.int(to.length)]] = 1;
  return true;
}
