// What the catalogue action cases share (test/common/table.actions.*.ts).

import type { Played, TableGame } from "../../common/table/index.js";
import { act, newGame, put, started, testDeck } from "./table.helpers.js";

/** The accepted outcome of play(), or the test fails with its message. */
export function ok(r: Played): Extract<Played, { ok: true }> {
  if (!r.ok) throw new Error(r.error.message);
  return r;
}

export const onField = (name = "Grizzly Bears", player = 0, g = started()) => put(g, name, "battlefield", player);

/** Two players past their mulligans, the first with a planar deck and schemes. */
export function variantGame(): TableGame {
  const deck = testDeck();
  deck.planes.push({ count: 3, def: { name: "Plane", type: "Plane — Somewhere" } }, { count: 1, def: { name: "Other Plane", type: "Plane — Elsewhere" } });
  deck.schemes.push({ count: 4, def: { name: "Scheme", type: "Scheme" } });
  let g = newGame(2, { decks: [deck, testDeck()], variants: { planechase: true, archenemy: 0 } });
  for (const p of [0, 1]) g = act(g, p, { do: "keep", bottom: [] }).game;
  return g;
}
