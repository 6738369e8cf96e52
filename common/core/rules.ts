// The rules contract every game in common/ implements.
//
// A game is plain data plus pure functions: no clock, no random source of its own, no I/O.
// Randomness arrives as an injected Rng, time as `now` (server milliseconds)
// in the MoveContext. The same seed, config, seats and move log therefore
// always produce the same game, which is what replay() relies on.

import type { Rng, Seed } from "./rng.js";

/** A typed refusal: the move was not applied and the state is unchanged. */
export interface Rejection {
  /** Stable machine-readable code, e.g. "not-your-turn", "out-of-range". */
  code: string;
  /** Human-readable sentence for the player. */
  message: string;
}

export type ApplyResult<S, E> =
  | { ok: true; state: S; events: E[] }
  | { ok: false; error: Rejection };

export interface MoveContext {
  /** Injected random source; consumed only by accepted moves. */
  rng: Rng;
  /** Injected clock: server time in milliseconds when the move was received. */
  now: number;
  /**
   * Long work this move would do, done beforehand (GameDef.prepare / work: a no-guess board,
   * made on a worker thread): the rules use `result` when its `key` is the one they would
   * compute now, and compute it themselves otherwise. The same answer either way.
   */
  prepared?: Prepared;
}

/** The result of a preparation (GameDef.prepare), named by its key. */
export interface Prepared {
  key: string;
  result: unknown;
}

/** Coarse status shared by every game. */
export type GameStatus = "waiting" | "playing" | "finished";

export interface Rules<S, M, E, C, V> {
  /** Game id, as used for room names ("minesweeper", "cubestacc", ...). */
  readonly id: string;
  /** Builds the initial state from a seed, a validated config and the seat count. */
  setup(seed: Seed, config: C, seats: number): S;
  /** Applies one move by one seat. Pure: never mutates `state`. */
  apply(state: S, seat: number, move: M, ctx: MoveContext): ApplyResult<S, E>;
  /** Where the game is. */
  status(state: S): GameStatus;
  /** What `viewer` may see (seat index, or null for a spectator). Never hidden data. */
  view(state: S, viewer: number | null): V;
}

export function reject(code: string, message: string): { ok: false; error: Rejection } {
  return { ok: false, error: { code, message } };
}
