// Helpers for the race, stats and verify tests (not a test file itself).

import { expect } from "chai";
import { GameSession } from "../../common/core/session.js";
import {
  HIDDEN,
  raceRules,
  type MinesweeperMove,
  type MinesweeperState,
  type RaceConfig,
  type RaceEvent,
  type RaceMove,
  type RaceState,
  type RaceView,
} from "../../common/minesweeper/index.js";

export type RaceSession = GameSession<RaceState, RaceMove, RaceEvent, RaceConfig, RaceView>;

export const cellMove = (type: MinesweeperMove["type"], cols: number, i: number): MinesweeperMove => ({ type, r: (i / cols) | 0, c: i % cols });

/**
 * The next click of a 3BV-optimal clear: a hidden zero cell if there is one
 * (it opens its whole opening), else a hidden safe cell. null when none is left.
 * Needs the mines placed.
 */
export function nextSafeClick(b: MinesweeperState): MinesweeperMove | null {
  const mines = b.mines!;
  let fallback = -1;
  for (let i = 0; i < b.status.length; i++) {
    if (b.status[i] !== HIDDEN || mines[i]) continue;
    if (b.adjacent[i] === 0) return cellMove("reveal", b.config.cols, i);
    if (fallback < 0) fallback = i;
  }
  return fallback < 0 ? null : cellMove("reveal", b.config.cols, fallback);
}

/** A hidden mine of the board (to blow up on). */
export function hiddenMine(b: MinesweeperState): MinesweeperMove {
  const i = [...b.status.keys()].find((k) => b.mines![k] === 1 && b.status[k] === HIDDEN);
  if (i === undefined) throw new Error("no hidden mine");
  return cellMove("reveal", b.config.cols, i);
}

export function mustApply(session: RaceSession, seat: number, move: RaceMove, t: number): RaceEvent[] {
  const result = session.apply(seat, move, t);
  if (!result.ok) expect.fail(`move refused: ${result.error.code}: ${result.error.message}`);
  return result.events;
}

export function refusedWith(session: RaceSession, seat: number, move: RaceMove, t: number, code: string): void {
  const before = session.state;
  const result = session.apply(seat, move, t);
  if (result.ok) expect.fail(`expected refusal "${code}", but ${JSON.stringify(move)} by seat ${seat} was accepted`);
  expect(result.error.code).to.equal(code);
  expect(result.error.message).to.be.a("string").and.not.equal("");
  expect(session.state).to.equal(before);
}

/** A race session that has had its go signal at `goAt`. */
export function startedRace(seed: number, config: RaceConfig, seats: number, goAt = 10_000): RaceSession {
  const session: RaceSession = new GameSession(raceRules, seed, config, seats);
  mustApply(session, 0, { type: "go" }, goAt);
  return session;
}

/** Plays seat's board to a clear with optimal clicks, one per `step` ms from `t`; returns the time of the last click. */
export function clearBoard(session: RaceSession, seat: number, t: number, step = 1000): number {
  let move = nextSafeClick(session.state.boards[seat]);
  while (move) {
    t += step;
    mustApply(session, seat, move, t);
    if (session.state.phase === "over") break;
    move = nextSafeClick(session.state.boards[seat]);
  }
  return t;
}

export const BEGINNER: RaceConfig = { level: "beginner", rows: 9, cols: 9, mines: 10 };
export const INTERMEDIATE: RaceConfig = { level: "intermediate", rows: 16, cols: 16, mines: 40 };
