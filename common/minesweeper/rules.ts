// Minesweeper rules: setup, reveal (flood fill), flag, chord, phases, projection.
// Pure: each accepted move returns a new state; the input state is never touched.

import type { Seed } from "../core/rng.js";
import { reject, type ApplyResult, type MoveContext, type Rules } from "../core/rules.js";
import { countAdjacent, neighbours, placeMines } from "./board.js";
import { floodReveal, scratchOpened } from "./flood.js";
import { noGuessBoardFor } from "./noGuess.js";
import {
  CELL,
  FLAGGED,
  HIDDEN,
  REVEALED,
  type MinesweeperConfig,
  type MinesweeperEvent,
  type MinesweeperMove,
  type MinesweeperState,
  type MinesweeperView,
  type NoGuessStatus,
} from "./types.js";

type Result = ApplyResult<MinesweeperState, MinesweeperEvent>;

const NOBODY = 255;

export function setupBoard(seed: Seed, config: MinesweeperConfig, seats: number): MinesweeperState {
  const cells = config.rows * config.cols;
  return {
    config,
    seed,
    seats,
    phase: "fresh",
    mines: null,
    adjacent: new Uint8Array(cells),
    status: new Uint8Array(cells),
    revealedBy: new Uint8Array(cells).fill(NOBODY),
    revealedCount: 0,
    flagCount: 0,
    startedAt: null,
    endedAt: null,
    hitIndex: null,
  };
}

export const isFinished = (s: MinesweeperState) => s.phase === "won" || s.phase === "lost";
export const safeCells = (s: MinesweeperState) => s.config.rows * s.config.cols - s.config.mines;
export const elapsedMs = (s: MinesweeperState) =>
  s.startedAt === null || s.endedAt === null ? 0 : s.endedAt - s.startedAt;

/** A working copy of the mutable parts, so apply() can stay pure. */
function draft(s: MinesweeperState): MinesweeperState {
  return { ...s, status: s.status.slice(), revealedBy: s.revealedBy.slice() };
}

function start(s: MinesweeperState, now: number): void {
  if (s.phase === "fresh") {
    s.phase = "active";
    s.startedAt = now;
  }
}

/** Flags on cells without a mine (what a lost board crosses out). */
export function wrongFlags(s: MinesweeperState): number {
  if (!s.mines) return 0;
  let n = 0;
  for (let i = 0; i < s.status.length; i++) if (s.status[i] === FLAGGED && !s.mines[i]) n++;
  return n;
}

/**
 * Opens the given cells at once; a mine among them loses the game. As in the classic game,
 * a chord around a wrongly flagged number still opens its safe neighbours with the mine.
 */
function open(s: MinesweeperState, targets: number[], seat: number, now: number): MinesweeperEvent[] {
  const { cols } = s.config;
  const hit = targets.find((i) => s.mines![i]);
  // floodReveal passes over a mine: the safe targets open even when one of them is the hit.
  const opened = scratchOpened(safeCells(s) - s.revealedCount);
  for (const i of targets) floodReveal(s, i, seat, opened);
  const events: MinesweeperEvent[] = opened.count
    ? [{ kind: "reveal", seat, cols, cells: opened.cells.slice(0, opened.count), numbers: opened.numbers.slice(0, opened.count) }]
    : [];
  if (hit !== undefined) {
    s.phase = "lost";
    s.endedAt = now;
    s.hitIndex = hit;
    events.push({ kind: "lost", seat, r: (hit / cols) | 0, c: hit % cols, elapsed: elapsedMs(s), wrongFlags: wrongFlags(s) });
    return events;
  }
  if (s.revealedCount === safeCells(s)) {
    s.phase = "won";
    s.endedAt = now;
    events.push({ kind: "won", seat, elapsed: elapsedMs(s) });
  }
  return events;
}

function reveal(prev: MinesweeperState, seat: number, i: number, ctx: MoveContext): Result {
  if (prev.status[i] === FLAGGED) return reject("flagged", "That cell is flagged; remove the flag first.");
  if (prev.status[i] === REVEALED) return reject("already-revealed", "That cell is already open.");
  const s = draft(prev);
  if (!s.mines) {
    if (s.config.noGuess) {
      const board = noGuessBoardFor(s.config, i, ctx);
      s.mines = board.mines;
      s.guessFree = board.proven;
    } else s.mines = placeMines(s.config, i, ctx.rng);
    s.adjacent = countAdjacent(s.config.rows, s.config.cols, s.mines);
  }
  start(s, ctx.now);
  return { ok: true, state: s, events: open(s, [i], seat, ctx.now) };
}

function flag(prev: MinesweeperState, seat: number, i: number, ctx: MoveContext): Result {
  if (prev.status[i] === REVEALED) return reject("not-hidden", "Only a hidden cell can be flagged.");
  const flagged = prev.status[i] !== FLAGGED;
  if (flagged && prev.flagCount >= prev.config.mines) return reject("no-flags-left", "No flags left: the counter is at 0.");
  const s = draft(prev);
  s.status[i] = flagged ? FLAGGED : HIDDEN;
  s.flagCount += flagged ? 1 : -1;
  start(s, ctx.now);
  const { cols } = s.config;
  return { ok: true, state: s, events: [{ kind: "flag", seat, r: (i / cols) | 0, c: i % cols, flagged }] };
}

function chord(prev: MinesweeperState, seat: number, i: number, ctx: MoveContext): Result {
  const n = prev.adjacent[i];
  if (prev.status[i] !== REVEALED || n === 0) return reject("chord-unsatisfied", "Chord works on an open number.");
  const around = neighbours(prev.config.rows, prev.config.cols, i);
  const flags = around.filter((j) => prev.status[j] === FLAGGED).length;
  if (flags !== n) return reject("chord-unsatisfied", `This ${n} has ${flags} flag${flags === 1 ? "" : "s"} around it.`);
  const targets = around.filter((j) => prev.status[j] === HIDDEN);
  if (!targets.length) return reject("nothing-to-reveal", "Every neighbour is already open or flagged.");
  const s = draft(prev);
  return { ok: true, state: s, events: open(s, targets, seat, ctx.now) };
}

function applyMove(state: MinesweeperState, seat: number, move: MinesweeperMove, ctx: MoveContext): Result {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seats) return reject("not-seated", "Only a seated player can play.");
  if (isFinished(state)) return reject("game-over", "This game is over; start a new one.");
  const { rows, cols } = state.config;
  const { r, c } = move ?? ({} as MinesweeperMove);
  if (!Number.isInteger(r) || !Number.isInteger(c) || r < 0 || c < 0 || r >= rows || c >= cols) {
    return reject("out-of-range", `Cell (${r}, ${c}) is not on this ${rows}×${cols} board.`);
  }
  const i = r * cols + c;
  switch (move.type) {
    case "reveal":
      return reveal(state, seat, i, ctx);
    case "flag":
      return flag(state, seat, i, ctx);
    case "chord":
      return state.mines ? chord(state, seat, i, ctx) : reject("chord-unsatisfied", "Chord works on an open number.");
    default:
      return reject("unknown-move", `Unknown move ${JSON.stringify((move as { type?: unknown }).type)}.`);
  }
}

/** What a client may see of cell `i`: hidden and flags while playing, mines only after the end. */
export function cellCode(s: MinesweeperState, i: number): number {
  const st = s.status[i];
  if (st === REVEALED) return s.adjacent[i];
  if (!isFinished(s) || !s.mines) return st === FLAGGED ? CELL.FLAG : CELL.HIDDEN;
  const mine = s.mines[i] === 1;
  if (s.phase === "won") return mine ? CELL.FLAGGED_MINE : st === FLAGGED ? CELL.WRONG_FLAG : CELL.HIDDEN;
  if (i === s.hitIndex) return CELL.HIT_MINE;
  if (st === FLAGGED) return mine ? CELL.FLAGGED_MINE : CELL.WRONG_FLAG;
  return mine ? CELL.MINE : CELL.HIDDEN;
}

export function viewBoard(s: MinesweeperState): MinesweeperView {
  const cells = new Uint8Array(s.status.length);
  for (let i = 0; i < cells.length; i++) cells[i] = cellCode(s, i);
  return { ...viewCounters(s), cells };
}

/** The view without its cells (a server that patches only the changed cells needs just this). */
export function viewCounters(s: MinesweeperState): Omit<MinesweeperView, "cells"> {
  const { rows, cols, mines } = s.config;
  // A won board shows every mine flagged, so the counter reads 0 as in the classic game.
  const flags = s.phase === "won" ? mines : s.flagCount;
  return { rows, cols, mines, phase: s.phase, flags, startedAt: s.startedAt, endedAt: s.endedAt, noGuess: noGuessStatus(s) };
}

/** Off, on (mines not placed yet), proven, or the fallback board (a guess may be needed). */
export function noGuessStatus(s: Pick<MinesweeperState, "config" | "guessFree">): NoGuessStatus {
  if (!s.config.noGuess) return "off";
  if (s.guessFree === undefined || s.guessFree === null) return "on";
  return s.guessFree ? "proven" : "fallback";
}

/** Safe cells each seat opened (co-op credit). */
export function creditsBySeat(s: MinesweeperState): number[] {
  const credits = new Array<number>(s.seats).fill(0);
  const by = s.revealedBy;
  for (let i = 0; i < by.length; i++) if (by[i] !== NOBODY && by[i] < s.seats) credits[by[i]]++;
  return credits;
}

export const minesweeperRules: Rules<MinesweeperState, MinesweeperMove, MinesweeperEvent, MinesweeperConfig, MinesweeperView> = {
  id: "minesweeper",
  setup: setupBoard,
  apply: applyMove,
  status: (s) => (isFinished(s) ? "finished" : "playing"),
  // Every seat and spectator sees the same board in solo and co-op.
  view: (s) => viewBoard(s),
};
