// The card table's hidden information as the contract kit checks it (common/core/game.ts `twin`,
// `probes`): a game a viewer cannot tell from the real one, and the moves naming every card id
// whose answers must not tell them apart.

import type { Rng } from "../core/rng.js";
import type { Action } from "./catalogue.js";
import type { TableMove, TableState } from "./state.js";
import { CardIndex } from "./cardIndex.js";
import { cardsById } from "./draft.js";
import { MAX_CARD_ID, type Card, type TableGame } from "./types.js";
import { canSee, seesId, type Viewer } from "./visibility.js";

/** `g` with every card whose id `viewer` does not see under another id (the kit's twins). */
function renameUnseen(g: TableGame, viewer: Viewer, rng: Rng): TableGame {
  const renamed = new Map<number, number>();
  const taken = new Set<number>();
  for (const c of cardsById(g)) {
    if (seesId(g, viewer, c)) continue;
    let id: number;
    do id = 1 + rng.int(MAX_CARD_ID);
    while (g.cards.get(id) || taken.has(id));
    taken.add(id);
    renamed.set(c.id, id);
  }
  if (!renamed.size) return g;
  const re = (id: number) => renamed.get(id) ?? id;
  const cards = new CardIndex<Card>();
  for (const c of g.cards.values()) {
    const id = re(c.id);
    cards.set(id, { ...c, id, attachedTo: c.attachedTo === null ? null : re(c.attachedTo), under: c.under === null ? null : re(c.under) });
  }
  const zones: TableGame["zones"] = {};
  for (const [k, ids] of Object.entries(g.zones)) zones[k] = ids.map(re);
  return { ...g, cards, zones };
}

/**
 * For the kit: actions by `seat` naming every card id of the game and a few invented ones,
 * each of a few kinds. Their refusals must not tell a game from its twin: a card the seat does
 * not see is answered exactly as one that does not exist.
 */
export function tableProbes(s: TableState, seat: number): TableMove[] {
  const g = s.game;
  if (!g) return [];
  const ids = [...cardsById(g).map((c) => c.id), 1, 2, 54, 100, MAX_CARD_ID];
  const out: TableMove[] = [];
  for (const card of ids) {
    for (const action of [
      { do: "tap", card, on: true },
      { do: "move", card, zone: "hand", place: "top" },
      { do: "show", card, to: "all" },
      { do: "arrow", from: card, toPlayer: seat },
      { do: "keep", bottom: [card] },
    ] as Action[]) out.push({ type: "act", action });
  }
  return out;
}

/**
 * Another state `viewer` cannot tell from `s`: two cards they cannot see, of different kinds,
 * trade what they are, and every card whose id they do not see gets another id (so an id hidden
 * here is absent there).
 */
export function tableTwin(s: TableState, viewer: number | null, rng: Rng): TableState | null {
  const g = s.game;
  if (!g || g.phase === "finished") return null;
  const v = viewer === null ? "spectator" : viewer;
  const hidden = cardsById(g).filter((c) => !canSee(g, v, c));
  for (let tries = 0; tries < 8 && hidden.length > 1; tries++) {
    const a = hidden[rng.int(hidden.length)];
    const b = hidden[rng.int(hidden.length)];
    if (a.def === b.def) continue;
    const cards = new CardIndex(g.cards).set(a.id, { ...a, def: b.def }).set(b.id, { ...b, def: a.def });
    return { ...s, game: renameUnseen({ ...g, cards }, v, rng) };
  }
  return hidden.length ? { ...s, game: renameUnseen(g, v, rng) } : null;
}
