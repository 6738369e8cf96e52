// The card table as a person plays it from what its client decoded (the one driver, driver.ts,
// has no bot to ask: the table has none). Everything is chosen from the seat's own joined
// view (common/table/wire.ts): the built-in deck when it has none, keep the opening hand, then
// what a player at a kitchen table does with its own cards: draw, play a card from its hand by
// the id it sees, tap or untap one of its permanents, change its life, pass the turn when it is
// the active player, chat. When the test wants the game over, it concedes (the other player of a
// two-seat table wins; with more seats, everyone else conceding ends it).
import type { Rng } from "../../common/core/rng.js";
import type { TableGameView } from "../../common/table/state.js";
import { zoneKey } from "../../common/table/types.js";
import type { CardView, ZoneView } from "../../common/table/visibility.js";

/** A message a client sends (driver.ts' ClientMove; written out here so this file imports no driver). */
type ClientMove = { type: string; payload: Record<string, unknown> };

const act = (action: Record<string, unknown>): ClientMove => ({ type: "act", payload: { action } });

/** The cards of a zone the seat sees (its own hand whole, a battlefield whole). */
const cardsOf = (z: ZoneView | undefined): CardView[] => z?.cards ?? z?.known?.map(([, c]) => c) ?? [];

/** A move for game seat `seat` from its view (null: nothing to do now). */
export function tableMove(v: TableGameView | null, seat: number, rng: Rng, ending: boolean): ClientMove | null {
  if (!v) return null;
  if (v.stage === "decks") return v.decks[seat] ? null : { type: "deck", payload: { text: "" } };
  const t = v.table;
  const me = t?.players[seat];
  if (!t || !me || t.phase === "finished" || me.eliminated) return null;
  if (ending) return act({ do: "concede" });
  if (t.phase === "mulligan") return me.kept ? null : act({ do: "keep", bottom: [] });
  const hand = cardsOf(t.zones[zoneKey("hand", seat)]).filter((c) => c.known);
  const field = cardsOf(t.zones[zoneKey("battlefield", seat)]).filter((c) => c.controller === seat);
  const choices: ClientMove[] = [act({ do: "life", player: seat, delta: rng.int(2) ? 1 : -1 }), act({ do: "chat", text: `hi ${rng.int(100)}` })];
  if ((t.zones[zoneKey("library", seat)]?.count ?? 0) > 0) choices.push(act({ do: "draw", n: 1 }));
  if (hand.length) choices.push(act({ do: "move", card: hand[rng.int(hand.length)].id, zone: "battlefield", place: "battlefield" }));
  if (field.length) {
    const c = field[rng.int(field.length)];
    choices.push(act({ do: "tap", card: c.id, on: !c.tapped }));
  }
  if (t.turn.active === seat) choices.push(act({ do: "passTurn" }));
  return choices[rng.int(choices.length)];
}
