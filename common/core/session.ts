// A running game: rules + state + RNG + the log of accepted moves.
// The log (with the injected server time of each move) is the whole truth:
// replay() rebuilds the same game from {seed, config, seats, log}.

import { createRng, type Rng, type Seed } from "./rng.js";
import type { ApplyResult, Prepared, Rejection, Rules } from "./rules.js";

export interface LoggedMove<M> {
  seat: number;
  move: M;
  /** Server time (ms) the move was applied at. */
  t: number;
}

export interface GameRecord<C, M> {
  game: string;
  seed: Seed;
  config: C;
  seats: number;
  log: LoggedMove<M>[];
}

export class GameSession<S, M, E, C, V> {
  readonly rng: Rng;
  readonly log: LoggedMove<M>[] = [];
  state: S;

  constructor(
    readonly rules: Rules<S, M, E, C, V>,
    readonly seed: Seed,
    readonly config: C,
    readonly seats: number,
  ) {
    this.rng = createRng(seed);
    this.state = rules.setup(seed, config, seats);
  }

  /**
   * Applies a move at server time `now`; on rejection nothing changes (RNG included).
   * `admit` runs once the rules accepted the move and before anything changes (`next`: the state
   * the move leads to): the room makes the move durable there (its log write), and a Rejection it returns (the write failed)
   * refuses the move as the rules would have, nothing changed. The rules never mutate the
   * state they are given, so dropping their result is all an undo takes.
   */
  apply(seat: number, move: M, now: number, admit?: (entry: LoggedMove<M>, index: number, next: S) => Rejection | void, prepared?: Prepared): ApplyResult<S, E> {
    const p = this.propose(seat, move, now, prepared);
    if (!p.result.ok) return p.result;
    const refused = admit?.({ seat, move, t: now }, this.log.length, p.result.state);
    p.settle(!refused);
    return refused ? { ok: false, error: refused } : p.result;
  }

  /**
   * A move whose admission is decided later (the room log's group commit): the rules' answer
   * now, with the RNG advanced as the move advanced it; `settle(true)` then makes it the game's
   * next move, `settle(false)` puts the RNG back (nothing changed). Nothing else may apply or
   * rewind this session before it is settled. A move the rules refuse is settled already.
   * `prepared`: the move's long work done beforehand (MoveContext.prepared).
   */
  propose(seat: number, move: M, now: number, prepared?: Prepared): { result: ApplyResult<S, E>; entry: LoggedMove<M>; index: number; settle(accepted: boolean): void } {
    const saved = this.rng.getState();
    const result = this.rules.apply(this.state, seat, move, prepared ? { rng: this.rng, now, prepared } : { rng: this.rng, now });
    const entry = { seat, move, t: now };
    const index = this.log.length;
    let settled = false;
    const settle = (accepted: boolean) => {
      if (settled) return;
      settled = true;
      if (!accepted || !result.ok) {
        this.rng.setState(saved);
        return;
      }
      this.state = result.state;
      this.log.push(entry);
    };
    if (!result.ok) settle(false);
    return { result, entry, index, settle };
  }

  /**
   * Undo: the game as it stood after its first `length` moves, rebuilt by replaying that
   * prefix of the log from the seed (state, RNG and log together). Nothing else is kept,
   * so an undone game is exactly a game that was never played further.
   */
  rewind(length: number): void {
    if (!Number.isInteger(length) || length < 0 || length > this.log.length) throw new RangeError(`rewind(${length}): the log has ${this.log.length} moves`);
    const kept = this.log.slice(0, length);
    const fresh = new GameSession(this.rules, this.seed, this.config, this.seats);
    for (const { seat, move, t } of kept) {
      const r = fresh.apply(seat, move, t);
      if (!r.ok) throw new Error(`rewind: logged move refused on replay (${r.error.code})`);
    }
    this.state = fresh.state;
    this.rng.setState(fresh.rng.getState());
    this.log.length = 0;
    this.log.push(...kept);
  }

  view(viewer: number | null): V {
    return this.rules.view(this.state, viewer);
  }

  record(): GameRecord<C, M> {
    return { game: this.rules.id, seed: this.seed, config: this.config, seats: this.seats, log: this.log.slice() };
  }
}

export type ReplayResult<S> =
  | { valid: true; state: S }
  | { valid: false; reason: string; index: number; state: S };

/**
 * Re-runs a recorded game. Invalid when a move is rejected by the rules,
 * a time goes backwards, or a move comes after the game finished. `prepared`: long work of
 * one of its moves done beforehand (MoveContext.prepared; the rules take it under its key only).
 */
export function replay<S, M, E, C, V>(rules: Rules<S, M, E, C, V>, record: GameRecord<C, M>, prepared?: Prepared): ReplayResult<S> {
  const session = new GameSession(rules, record.seed, record.config, record.seats);
  let lastT = -Infinity;
  for (let i = 0; i < record.log.length; i++) {
    const { seat, move, t } = record.log[i];
    if (typeof t !== "number" || !Number.isFinite(t)) return { valid: false, reason: `move ${i}: time is not a number`, index: i, state: session.state };
    if (t < lastT) return { valid: false, reason: `move ${i}: time goes backwards`, index: i, state: session.state };
    if (rules.status(session.state) === "finished") return { valid: false, reason: `move ${i}: the game had already ended`, index: i, state: session.state };
    if (!Number.isInteger(seat) || seat < 0 || seat >= record.seats) return { valid: false, reason: `move ${i}: no such seat ${seat}`, index: i, state: session.state };
    const result = session.apply(seat, move, t, undefined, prepared);
    if (!result.ok) return { valid: false, reason: `move ${i}: ${result.error.message}`, index: i, state: session.state };
    lastT = t;
  }
  return { valid: true, state: session.state };
}
