// Minesweeper as a person plays it from what its client decoded (the one driver, driver.ts,
// has no bot to ask: the rules have none). The board's view is rebuilt from the packed room
// state (its row strings) as the client's own board does, and a move is chosen from that view
// alone: the opening in the middle, flags and unflags while the test keeps the game going, then
// reveals of hidden cells until the board is won or lost. The race's view is the racer's own
// board and every seat's standing; its ready is the room's (the driver says it).
import type { Rng } from "../../common/core/rng.js";
import { CELL, type MinesweeperView, type RaceView } from "../../common/minesweeper/index.js";
import { cellsOf } from "./boardRows.js";

/** A message a client sends (driver.ts' ClientMove; written out here so this file imports no driver). */
type ClientMove = { type: string; payload: Record<string, unknown> };

/** A board's view from a decoded board holder (the room state, or a racer's `board`); null before its rows arrive. */
function boardOf(state: any, holder: any): MinesweeperView | null {
  if (!holder?.cellRows?.size || !state?.cols) return null;
  return {
    rows: state.rows,
    cols: state.cols,
    mines: state.mines,
    phase: holder.phase,
    cells: Uint8Array.from(cellsOf(holder.cellRows)),
    flags: holder.flags,
    startedAt: state.startedAt || null,
    endedAt: state.endedAt || null,
    noGuess: state.noGuess,
  } as MinesweeperView;
}

/** Solo and co-op: the one board everyone sees. */
export const boardView = (state: any): MinesweeperView | null => boardOf(state, state);

/** The race as one racer's client knows it: its own board and every seat's standing. */
export function raceView(state: any, seat: number | null): RaceView | null {
  const players: any[] = Array.from(state?.players ?? []);
  if (!players.length) return null;
  const own = seat === null ? null : boardOf(state, players[seat]?.board);
  return {
    level: state.level,
    rows: state.rows,
    cols: state.cols,
    mines: state.mines,
    phase: state.phase,
    goAt: state.goAt || null,
    endedAt: state.endedAt || null,
    you: seat,
    own,
    progress: players.map((p, i) => ({ seat: i, percent: p.percent, alive: p.alive, finished: p.finished })),
    winner: state.winner >= 0 ? state.winner : null,
    // Every board is public once the race is over.
    boards: players.some((p) => p?.cellRows?.size) ? players.map((p) => boardOf(state, p)) : null,
  } as unknown as RaceView;
}

/** A random cell of the board whose code is one of `codes`. */
function cellWith(v: MinesweeperView, rng: Rng, codes: readonly number[]): { r: number; c: number } | null {
  const picks: number[] = [];
  v.cells.forEach((code, i) => codes.includes(code) && picks.push(i));
  if (!picks.length) return null;
  const i = picks[rng.int(picks.length)];
  return { r: Math.floor(i / v.cols), c: i % v.cols };
}

/**
 * A move on a board (null: it is over). `ending`: play to the end (reveals); otherwise keep
 * it going with flags and unflags, which never end a board.
 */
export function sweep(v: MinesweeperView | null, rng: Rng, ending: boolean): ClientMove | null {
  if (!v || v.phase === "won" || v.phase === "lost") return null;
  if (v.phase === "fresh") return { type: "reveal", payload: { r: Math.floor(v.rows / 2), c: Math.floor(v.cols / 2) } };
  if (!ending) {
    // A flag on a hidden cell while flags are left (as many as mines), else an unflag.
    const at = cellWith(v, rng, v.flags < v.mines ? [CELL.HIDDEN, CELL.FLAG] : [CELL.FLAG]);
    if (at) return { type: "flag", payload: at };
  }
  const at = cellWith(v, rng, [CELL.HIDDEN]);
  return at ? { type: "reveal", payload: at } : null;
}

/** A racer's move on its own board while the race runs (the go opened its first cells). */
export function race(v: RaceView | null, rng: Rng, ending: boolean): ClientMove | null {
  if (!v || v.phase !== "racing" || v.you === null) return null;
  const me = v.progress[v.you];
  if (!me?.alive || me.finished) return null;
  return sweep(v.own, rng, ending);
}
