// What a viewer may see. A seat gets its own hand, trade picks and submitted order; everyone
// gets the shop row, gold, trophies, counts, past battles and the public log. Tier deck
// contents, other hands, other orders, other picks and the dice state never appear.

import { roundPairing } from "./round.js";
import { isPet, keyOf, toAct } from "./state.js";
import type { CardView, PetsState, PetsView } from "./types.js";

export function viewGame(s: PetsState, viewer: number | null): PetsView {
  const own = viewer !== null && Number.isInteger(viewer) && viewer >= 0 && viewer < s.seats ? viewer : null;
  const card = (id: number): CardView => ({ id, card: keyOf(s, id) });
  return {
    viewer: own,
    seats: s.seats,
    round: s.round,
    phase: s.phase,
    turn: s.turn,
    row: s.row.map((id) => (id === null ? null : card(id))),
    gold: s.gold.slice(),
    passed: s.passed.slice(),
    arranged: s.orders.map((o) => o !== null),
    trophies: s.trophies.slice(),
    wins: s.wins.slice(),
    losses: s.losses.slice(),
    handCounts: s.hands.map((h) => h.length),
    petCounts: s.hands.map((h) => h.filter((id) => isPet(s, id)).length),
    deckCounts: s.decks.map((d) => d.length),
    hand: own === null ? null : s.hands[own].map(card),
    picks: own === null || !s.picks[own] ? null : s.picks[own]!.map(card),
    order: own === null || !s.orders[own] ? null : s.orders[own]!.slice(),
    battles: s.battles,
    log: s.log,
    winners: s.winners ? s.winners.slice() : null,
    toAct: toAct(s),
    pairing: roundPairing(s),
    arena: !!s.arena,
  };
}
