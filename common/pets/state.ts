// Small helpers over PetsState: card ids, counts, and the draft copy each move writes to.

import { cardDef } from "./cards.js";
import type { PetsState } from "./types.js";

export const keyOf = (s: PetsState, id: number): string => s.kinds[id];
export const isPet = (s: PetsState, id: number): boolean => cardDef(s.kinds[id]).kind === "pet";
export const petCount = (s: PetsState, seat: number): number => s.hands[seat].reduce((n, id) => n + (isPet(s, id) ? 1 : 0), 0);

/** Creates a token card (an apple) and returns its new id. */
export function addCard(s: PetsState, key: string): number {
  s.kinds.push(key);
  return s.kinds.length - 1;
}

/**
 * A copy a move may mutate: every array a move writes is copied; the append-only
 * battle records and log are shared by new arrays (their items are never edited).
 */
export function draft(s: PetsState): PetsState {
  return {
    ...s,
    kinds: s.kinds.slice(),
    decks: s.decks.map((d) => d.slice()),
    row: s.row.slice(),
    hands: s.hands.map((h) => h.slice()),
    picks: s.picks.map((p) => (p ? p.slice() : null)),
    discard: s.discard.slice(),
    gold: s.gold.slice(),
    passed: s.passed.slice(),
    orders: s.orders.map((o) => (o ? o.slice() : null)),
    trophies: s.trophies.slice(),
    wins: s.wins.slice(),
    losses: s.losses.slice(),
    battles: s.battles.slice(),
    log: s.log.slice(),
    rng: [...s.rng] as PetsState["rng"],
    winners: s.winners ? s.winners.slice() : null,
    ...(s.arena ? { arena: { opponents: s.arena.opponents.slice() } } : {}),
  };
}

/** Seats that may act now: the shop seat on turn, or every seat still to arrange (at once). */
export function toAct(s: PetsState): number[] {
  // An arena round waits for the room to bring its opponent before anyone shops.
  if (s.arena && s.phase !== "finished" && !s.arena.opponents[s.round - 1]) return [];
  if (s.phase === "shop") return [s.turn];
  if (s.phase === "arrange") return s.orders.flatMap((o, i) => (o ? [] : [i]));
  return [];
}
