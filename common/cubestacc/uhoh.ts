// UH OH and Caught, both allowed out of turn.
//
// - A seat holding exactly 2 cards may call UH OH at any time.
// - A play that leaves a seat at 1 card without a call opens its Caught window
//   (turn.ts, playCard). Any other seat may then press Caught: the target draws 3.
// - The window closes when the target plays again, calls after getting back
//   to 2, or is caught. Any draw resets the call.

import { reject, type Rejection } from "../core/rules.js";
import { drawCards } from "./turn.js";
import type { CubestaccEvent, CubestaccState } from "./types.js";

export const CAUGHT_DRAW = 3;

export function checkUhOh(s: CubestaccState, seat: number): Rejection | null {
  const n = s.hands[seat].length;
  if (n !== 2) return reject("uhoh-needs-two", `UH OH is called holding exactly 2 cards; you hold ${n}.`).error;
  if (s.called[seat]) return reject("already-called", "You already called UH OH.").error;
  return null;
}

export function callUhOh(s: CubestaccState, seat: number, events: CubestaccEvent[]): void {
  s.called[seat] = true;
  s.exposed[seat] = false;
  events.push({ kind: "uhoh", seat });
}

/** May `seat` be caught now (it went to 1 card without calling UH OH, and the game runs)? */
export const isCatchable = (s: Pick<CubestaccState, "phase" | "exposed">, seat: number): boolean => s.phase === "playing" && s.exposed[seat] === true;

/** From per-seat catchable flags (a client's public view): the seats `me` may catch. */
export function catchTargets(catchable: readonly boolean[], me: number | null): number[] {
  const out: number[] = [];
  if (me === null) return out;
  catchable.forEach((c, t) => {
    if (c && t !== me) out.push(t);
  });
  return out;
}

/** Seats `seat` may catch right now. */
export function catchableBy(s: CubestaccState, seat: number): number[] {
  return catchTargets(s.exposed.map((_, t) => isCatchable(s, t)), seat);
}

/**
 * The seats a Caught would hit: the named target, or with no target every
 * seat whose window is open (except the caller). A refusal otherwise.
 */
export function caughtTargets(s: CubestaccState, seat: number, target: unknown): number[] | Rejection {
  if (target === undefined) {
    const all = catchableBy(s, seat);
    return all.length ? all : reject("nothing-to-catch", "Nobody forgot to call UH OH.").error;
  }
  if (typeof target !== "number" || !Number.isInteger(target) || target < 0 || target >= s.seats) {
    return reject("bad-move", `No seat ${JSON.stringify(target)} to catch.`).error;
  }
  if (target === seat) return reject("cannot-catch-self", "You cannot catch yourself.").error;
  if (!s.exposed[target]) return reject("not-exposed", `Seat ${target} cannot be caught now.`).error;
  return [target];
}

export function catchSeats(s: CubestaccState, seat: number, targets: number[], events: CubestaccEvent[]): void {
  for (const target of targets) {
    s.exposed[target] = false;
    const got = Math.min(CAUGHT_DRAW, s.deck.length);
    events.push({ kind: "caught", seat, target, wanted: CAUGHT_DRAW, got });
    drawCards(s, target, CAUGHT_DRAW, "caught", events);
  }
}
