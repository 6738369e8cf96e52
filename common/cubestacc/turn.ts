// The turn: playing a card and its effect, same-rank dumps, the K stack,
// J draws, drawing / passing, Done, the turn timer, the end of the game.
//
// Every function here works on a draft (a private copy made by rules.ts) and
// appends the events it causes; validation happens before (rules.ts).

import { canPlay, canPlayFor } from "./attach.js";
import { cardRank } from "./deck.js";
import { coverFace, newCube } from "./lattice.js";
import type { AttachMode, CubestaccEvent, CubestaccState, DrawReason, RankEntry, Suit } from "./types.js";

type Events = CubestaccEvent[];

/** A working copy of everything apply() may change; the input state is never touched. */
export function draft(s: CubestaccState): CubestaccState {
  return {
    ...s,
    deck: s.deck.slice(),
    hands: s.hands.map((h) => h.slice()),
    placed: s.placed.slice(), // cubes are replaced, never mutated (coverFace)
    called: s.called.slice(),
    exposed: s.exposed.slice(),
    lastPlay: s.lastPlay.slice(),
    dump: s.dump ? { ...s.dump } : null,
    ranking: s.ranking ? s.ranking.map((r) => ({ ...r })) : null,
  };
}

/** The position `steps` turns away from `from` among `count` seats going `direction` (+1 / −1). */
export function stepSeat(count: number, from: number, steps: number, direction: number): number {
  return (((from + steps * direction) % count) + count) % count;
}

/**
 * The seat after `seat` among `order` (seats in game order, e.g. the room's `order` on the
 * wire) going `direction`; −1 when `seat` is not in the game. The client's "next:" uses it.
 */
export function nextInOrder(order: readonly number[], seat: number, direction: number): number {
  const i = order.indexOf(seat);
  return i < 0 ? -1 : order[stepSeat(order.length, i, 1, direction)];
}

/** The seat `steps` turns away from `from` in the current direction. */
export function seatAfter(s: CubestaccState, from: number, steps: number): number {
  return stepSeat(s.seats, from, steps, s.direction);
}

/**
 * Draws up to `n` cards for `seat` from the top of the pile ("draws X of Y":
 * penalty draws take what is left). Any card drawn resets the seat's UH OH call.
 * Returns how many were drawn.
 */
export function drawCards(s: CubestaccState, seat: number, n: number, reason: DrawReason, events: Events): number {
  let got = 0;
  while (got < n && s.deck.length) {
    const card = s.deck.pop()!;
    s.hands[seat].push(card);
    events.push({ kind: "draw", seat, reason, card });
    got++;
  }
  if (got > 0) {
    s.called[seat] = false;
    s.passes = 0;
  }
  return got;
}

/** Penalty draw with its "X of Y" summary event first. */
function penalty(s: CubestaccState, seat: number, wanted: number, kind: "jack" | "take", reason: DrawReason, events: Events): void {
  const got = Math.min(wanted, s.deck.length);
  events.push({ kind, seat, wanted, got });
  drawCards(s, seat, wanted, reason, events);
}

/**
 * Ends the turn of the seat on turn: 1 step = next seat, 2 = skip one (Q),
 * 0 = the same seat again (A). The seat that now has the turn first draws the
 * J cards owed to it, then plays normally.
 */
export function endTurn(s: CubestaccState, steps: 0 | 1 | 2, now: number, events: Events): void {
  const from = s.turn;
  s.dump = null;
  if (steps === 2) events.push({ kind: "skip", seat: seatAfter(s, from, 1), by: from });
  if (steps === 0) events.push({ kind: "extra", seat: from });
  s.turn = seatAfter(s, from, steps);
  s.turnNo++;
  s.turnStartedAt = now;
  events.push({ kind: "turn", seat: s.turn, turnNo: s.turnNo });
  if (s.owed > 0) {
    const wanted = s.owed;
    s.owed = 0;
    penalty(s, s.turn, wanted, "jack", "jack", events);
  }
}

/**
 * Final order by cards left: the winner first, then fewer cards first, then
 * seat order. Seats with equal counts (other than the winner) share a place.
 */
export function rankSeats(s: CubestaccState, winner: number): RankEntry[] {
  const order = s.hands
    .map((h, seat) => ({ seat, cards: h.length }))
    .sort((a, b) => (a.seat === winner ? -1 : b.seat === winner ? 1 : a.cards - b.cards || a.seat - b.seat));
  const out: RankEntry[] = [];
  order.forEach((e, i) => {
    const prev = out[i - 1];
    const place = i === 0 ? 1 : prev.seat !== winner && prev.cards === e.cards ? prev.place : i + 1;
    out.push({ ...e, place });
  });
  return out;
}

export function finish(s: CubestaccState, winner: number, blocked: boolean, events: Events): void {
  s.phase = "finished";
  s.winner = winner;
  s.blocked = blocked;
  s.dump = null;
  s.ranking = rankSeats(s, winner);
  events.push({ kind: "win", seat: winner, blocked, ranking: s.ranking.map((r) => ({ ...r })) });
}

/**
 * Nobody can play or draw (ours): fewest cards wins; a tie goes to the tied
 * seat that played most recently, then to the lower seat.
 */
export function blockedWinner(s: CubestaccState): number {
  let best = 0;
  for (let seat = 1; seat < s.seats; seat++) {
    const a = s.hands[seat].length;
    const b = s.hands[best].length;
    if (a < b || (a === b && s.lastPlay[seat] > s.lastPlay[best])) best = seat;
  }
  return best;
}

/**
 * Plays a validated card: places the cube, covers the parent's face, checks
 * UH OH exposure and the win, then applies the card's effect and decides
 * whether a same-rank dump goes on or the turn ends.
 */
export function playCard(s: CubestaccState, seat: number, card: number, onto: number, mode: AttachMode, suit: Suit | undefined, now: number, events: Events): void {
  const hand = s.hands[seat];
  hand.splice(hand.indexOf(card), 1);
  const parent = s.placed[onto];
  const cube = newCube(s.placed.length, parent, card, mode, suit ?? parent.suit, seat);
  s.placed[onto] = coverFace(parent, mode);
  s.placed.push(cube);
  if (s.pivot === onto) s.pivot = null; // the pivot wild has been built on
  if (cube.wild && s.config.wildPivot) s.pivot = cube.id;
  s.lastPlay[seat] = cube.id;
  s.passes = 0;
  // A play closes this seat's Caught window; going to 1 card without a call opens a new one.
  s.exposed[seat] = hand.length === 1 && !s.called[seat];
  events.push({ kind: "play", seat, card, cube: cube.id, onto, mode, suit: cube.suit, cell: { ...cube.cell } });

  if (hand.length === 0) return finish(s, seat, false, events);

  const rank = cardRank(card);
  if (cube.wild) return endTurn(s, 1, now, events);
  if (rank === "Q") return endTurn(s, 2, now, events);
  if (rank === "A") return endTurn(s, 0, now, events);
  if (rank === "J") s.owed += 1;
  if (rank === "K") {
    s.pending += 2;
    events.push({ kind: "kstack", seat, pending: s.pending });
  }
  if (rank === "0") {
    s.direction = s.direction === 1 ? -1 : 1;
    events.push({ kind: "reverse", seat, direction: s.direction });
  }
  // Same-rank dump: go on while another card of this rank has a legal spot.
  if (canPlayFor(s, hand, { rank: rank! })) {
    if (!s.dump) events.push({ kind: "dump", seat, rank: rank! });
    s.dump = { rank: rank! };
  } else {
    endTurn(s, 1, now, events);
  }
}

/** Takes the whole K stack; the turn goes on (play if able, else draw 1). */
export function takeStack(s: CubestaccState, seat: number, events: Events): void {
  const wanted = s.pending;
  s.pending = 0;
  penalty(s, seat, wanted, "take", "kstack", events);
}

/**
 * Empty deck, nothing to play: the turn passes. When every seat in a row has
 * passed that way, nobody can ever play again and the game ends (ours).
 */
export function pass(s: CubestaccState, seat: number, couldPlay: boolean, now: number, events: Events): void {
  events.push({ kind: "pass", seat });
  s.passes = couldPlay ? 0 : s.passes + 1;
  if (s.passes >= s.seats) return finish(s, blockedWinner(s), true, events);
  endTurn(s, 1, now, events);
}

/** `draw` (validated: not dumping, nothing to play): take the stack, draw 1, or pass. */
export function drawOrPass(s: CubestaccState, seat: number, now: number, events: Events): void {
  if (s.pending > 0) return takeStack(s, seat, events);
  if (!s.deck.length) return pass(s, seat, false, now, events);
  drawCards(s, seat, 1, "draw", events);
  endTurn(s, 1, now, events);
}

/** Done: ends a same-rank dump; the effects gathered so far pass on with the turn. */
export function endDump(s: CubestaccState, seat: number, now: number, events: Events): void {
  events.push({ kind: "done", seat });
  endTurn(s, 1, now, events);
}

/**
 * The turn timer expired (logged by the server as a move of the seat on turn):
 * a dump ends as with Done; a pending K stack is taken; otherwise the seat
 * draws 1 (passes on an empty deck) even if it could have played. The turn ends.
 */
export function timeout(s: CubestaccState, seat: number, now: number, events: Events): void {
  events.push({ kind: "timeout", seat });
  if (s.dump) return endDump(s, seat, now, events);
  if (s.pending > 0) {
    takeStack(s, seat, events);
    return endTurn(s, 1, now, events);
  }
  if (!s.deck.length) return pass(s, seat, canPlay(s, seat), now, events);
  drawCards(s, seat, 1, "timeout", events);
  endTurn(s, 1, now, events);
}
