// Per-seat projection. The public table (cubes, counts, turn, effects, UH OH
// flags, result) plus the viewer's own hand and legal plays. Other seats'
// hands and the deck order never appear; a spectator gets no hand.

import { canPlay, legalPlays } from "./attach.js";
import { isTip } from "./lattice.js";
import { catchableBy } from "./uhoh.js";
import type { CubestaccEvent, CubestaccState, CubestaccView, DrawAction, PlacedCube } from "./types.js";

const copyCube = (p: PlacedCube): PlacedCube => ({ ...p, cell: { ...p.cell }, open: { ...p.open } });

const isSeat = (s: CubestaccState, v: number | null): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0 && v < s.seats;

/** What `draw` would do for `seat` now: take the K stack, draw 1, pass, or nothing (refused). */
export function drawActionOf(s: CubestaccState, seat: number): DrawAction {
  if (s.phase !== "playing" || seat !== s.turn || s.dump) return null;
  if (s.pending > 0) return "take"; // even holding a K that could stack
  if (canPlay(s, seat)) return null;
  return s.deck.length ? "draw" : "pass";
}

export function viewTable(s: CubestaccState, viewer: number | null): CubestaccView {
  const seat = isSeat(s, viewer) ? viewer : null;
  return {
    game: "cubestacc",
    seats: s.seats,
    config: { ...s.config },
    phase: s.phase,
    turn: s.turn,
    turnNo: s.turnNo,
    turnStartedAt: s.turnStartedAt,
    direction: s.direction,
    pending: s.pending,
    owed: s.owed,
    dump: s.dump ? { seat: s.turn, rank: s.dump.rank } : null,
    pivot: s.pivot,
    deckCount: s.deck.length,
    placed: s.placed.map(copyCube),
    tips: s.placed.filter(isTip).map((p) => p.id),
    players: s.hands.map((h, i) => ({ seat: i, cards: h.length, calledUhOh: s.called[i], exposed: s.exposed[i] })),
    winner: s.winner,
    blocked: s.blocked,
    ranking: s.ranking ? s.ranking.map((r) => ({ ...r })) : null,
    viewer: seat,
    ...(seat === null ? NO_SEAT : seatView(s, seat)),
    catchable: seat === null ? [] : catchableBy(s, seat),
  };
}

/** The part of a view only its seat may see. */
export type SeatView = Pick<CubestaccView, "hand" | "legal" | "drawAction" | "canDone" | "canUhOh">;

const NO_SEAT: SeatView = { hand: null, legal: [], drawAction: null, canDone: false, canUhOh: false };

/**
 * `seat`'s own hand and what it may do now, without the public table: what a server
 * projecting every seat's private part after each move needs (`viewTable` copies the
 * whole table for each call).
 */
export function seatView(s: CubestaccState, seat: number): SeatView {
  const playing = s.phase === "playing";
  return {
    hand: s.hands[seat].slice(),
    legal: legalPlays(s, seat),
    drawAction: drawActionOf(s, seat),
    canDone: playing && seat === s.turn && s.dump !== null,
    canUhOh: playing && s.hands[seat].length === 2 && !s.called[seat],
  };
}

/**
 * The events as `viewer` may see them: a drawn card's id stays only in the
 * drawer's own copy. Broadcast `eventsFor(events, null)` to spectators.
 */
export function eventsFor(events: readonly CubestaccEvent[], viewer: number | null): CubestaccEvent[] {
  return events.map((e) => {
    if (e.kind === "draw" && e.seat !== viewer) return { kind: "draw", seat: e.seat, reason: e.reason };
    if (e.kind === "play") return { ...e, cell: { ...e.cell } };
    if (e.kind === "win") return { ...e, ranking: e.ranking.map((r) => ({ ...r })) };
    return { ...e };
  });
}
