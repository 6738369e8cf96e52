// Shared helpers for the Minesweeper rules tests (not a test file itself).

import { expect } from "chai";
import { createRng } from "../../common/core/rng.js";
import type { ApplyResult } from "../../common/core/rules.js";
import {
  countAdjacent,
  minesweeperRules,
  REVEALED,
  setupBoard,
  type MinesweeperConfig,
  type MinesweeperEvent,
  type MinesweeperMove,
  type MinesweeperState,
} from "../../common/minesweeper/index.js";

export type Result = ApplyResult<MinesweeperState, MinesweeperEvent>;

/**
 * A fresh board with mines where the layout has `*` (any other character is a
 * safe cell). The mines are already placed, so the first reveal keeps them.
 */
export function board(layout: string[], seats = 1, seed = 1): MinesweeperState {
  const rows = layout.length;
  const cols = layout[0].length;
  for (const row of layout) if (row.length !== cols) throw new Error("ragged layout");
  const mines = Uint8Array.from(layout.join(""), (ch) => (ch === "*" ? 1 : 0));
  const config: MinesweeperConfig = { level: "custom", rows, cols, mines: mines.reduce((a, b) => a + b, 0) };
  const state = setupBoard(seed, config, seats);
  state.mines = mines;
  state.adjacent = countAdjacent(rows, cols, mines);
  return state;
}

export const reveal = (r: number, c: number): MinesweeperMove => ({ type: "reveal", r, c });
export const flag = (r: number, c: number): MinesweeperMove => ({ type: "flag", r, c });
export const chord = (r: number, c: number): MinesweeperMove => ({ type: "chord", r, c });

export function play(state: MinesweeperState, move: MinesweeperMove, opts: { seat?: number; now?: number; seed?: number } = {}): Result {
  return minesweeperRules.apply(state, opts.seat ?? 0, move, { rng: createRng(opts.seed ?? 1), now: opts.now ?? 1000 });
}

/** Asserts the move was accepted; returns the new state and its events. */
export function accepted(result: Result): { state: MinesweeperState; events: MinesweeperEvent[] } {
  if (!result.ok) expect.fail(`move refused: ${result.error.code}: ${result.error.message}`);
  return { state: result.state, events: result.events };
}

/** Plays moves in order (all must be accepted), at times 1000, 2000, ... unless given. */
export function playAll(state: MinesweeperState, moves: MinesweeperMove[], opts: { seat?: number; start?: number } = {}): MinesweeperState {
  let s = state;
  moves.forEach((m, k) => {
    s = accepted(play(s, m, { seat: opts.seat, now: (opts.start ?? 1000) + 1000 * k })).state;
  });
  return s;
}

/** Asserts a refusal with the given code; returns its message. */
export function refused(result: Result, code: string): string {
  if (result.ok) expect.fail(`expected refusal "${code}", but the move was accepted`);
  expect(result.error.code).to.equal(code);
  expect(result.error.message).to.be.a("string").and.not.equal("");
  return result.error.message;
}

export const at = (s: MinesweeperState, r: number, c: number) => r * s.config.cols + c;

/** "r,c" of every revealed cell, sorted. */
export function revealedCells(s: MinesweeperState): string[] {
  const out: string[] = [];
  s.status.forEach((st, i) => {
    if (st === REVEALED) out.push(`${(i / s.config.cols) | 0},${i % s.config.cols}`);
  });
  return out.sort();
}

/** "r,c" of every cell of the board that satisfies `pick(r, c)`, sorted. */
export function cellsWhere(s: MinesweeperState, pick: (r: number, c: number) => boolean): string[] {
  const out: string[] = [];
  for (let r = 0; r < s.config.rows; r++) for (let c = 0; c < s.config.cols; c++) if (pick(r, c)) out.push(`${r},${c}`);
  return out.sort();
}

export const countStatus = (s: MinesweeperState, status: number) => s.status.reduce((n, st) => n + (st === status ? 1 : 0), 0);
