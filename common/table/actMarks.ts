// Marks on the table and tidying it: highlighting a card for everyone, signals (small markers
// anyone places on a board and removes), organizing a battlefield in rows, and putting a card or
// an ability on the stack under its top.

import { defIndex, fail, isRejection, need, roomForCards, seatOf, zoneOf, type Handlers } from "./context.js";
import { blankCard, insert, moveCard } from "./moves.js";
import { publicZone } from "./visibility.js";
import { MAX_SIGNALS, POS_MAX, zoneKey, type Card, type CardDef } from "./types.js";

type MarkHandlers = Pick<Handlers, "highlight" | "signal" | "removeSignal" | "organize" | "stackAfter">;

/** The rows of an organized battlefield (positions 0..POS_MAX down the board). */
export const ROWS = { creatures: 1000, others: 5000, lands: 9000 } as const;

const frontType = (d: CardDef | undefined) => d?.faces?.[0]?.type ?? d?.type ?? "";

function rowOf(def: CardDef | undefined, c: Card): number {
  if (c.faceDown) return ROWS.creatures; // a face-down permanent is a 2/2 creature
  const t = frontType(def);
  if (/\bcreature\b/i.test(t)) return ROWS.creatures;
  if (/\bland\b/i.test(t)) return ROWS.lands;
  return ROWS.others;
}

/** x of the i-th of n cards in a row: 900 apart from 600, closer when more than eleven. */
function columnX(i: number, n: number): number {
  const step = n <= 11 ? 900 : Math.floor((POS_MAX - 600) / (n - 1));
  return Math.min(POS_MAX, 600 + i * step);
}

export const markHandlers: MarkHandlers = {
  highlight(c, a) {
    const card = need(c, a.card);
    if (isRejection(card)) return card;
    if (!publicZone(zoneOf(card))) return fail("hidden-zone", "Highlight a card everyone can see (on the battlefield, the stack, a graveyard, exile or a command zone).");
    if (!!card.highlight === a.on) return null;
    const w = c.d.card(a.card);
    if (a.on) w.highlight = true;
    else delete w.highlight;
    return null;
  },

  signal(c, a) {
    if (a.player >= c.d.g.players.length) return fail("no-such-player", `There is no player ${a.player + 1}.`);
    const have = c.d.g.signals ?? [];
    if (have.length >= MAX_SIGNALS) return fail("too-many", `At most ${MAX_SIGNALS} signals on the table; remove some first.`);
    const g = c.d.general();
    g.signals = [...have, { id: c.d.stamp(), board: a.player, pos: { ...a.pos }, colour: a.colour ?? "red", by: seatOf(c) }];
    return null;
  },

  removeSignal(c, a) {
    const have = c.d.g.signals ?? [];
    if (!have.some((s) => s.id === a.id)) return fail("no-such-signal", "That signal is not there any more.");
    const g = c.d.general();
    const left = have.filter((s) => s.id !== a.id);
    if (left.length) g.signals = left;
    else delete g.signals;
    return null;
  },

  organize(c) {
    const seat = seatOf(c);
    const key = zoneKey("battlefield", seat);
    // Rows of the cards this player controls that are not attached to another (those stay with their host).
    const rows = new Map<number, Card[]>();
    for (const id of c.d.ids(key)) {
      const card = c.d.g.cards.get(id)!;
      if (card.controller !== seat || card.attachedTo !== null) continue;
      const y = rowOf(c.d.g.defs[card.def], card);
      rows.set(y, [...(rows.get(y) ?? []), card]);
    }
    const name = (x: Card) => (x.faceDown ? "" : (c.d.g.defs[x.def]?.name ?? ""));
    for (const [y, cards] of rows) {
      // Alike cards side by side (by name, then by when they arrived: z).
      cards.sort((p, q) => name(p).localeCompare(name(q)) || p.def - q.def || p.z - q.z);
      cards.forEach((card, i) => {
        const x = columnX(i, cards.length);
        if (card.pos?.x !== x || card.pos.y !== y) c.d.card(card.id).pos = { x, y };
      });
    }
    return null;
  },

  stackAfter(c, a) {
    if ((a.card === undefined) === (a.text === undefined)) return fail("bad-action", "Put either a card or an ability (its text) under the top of the stack.");
    const under = c.d.ids("stack").length ? 1 : 0;
    if (a.card !== undefined) {
      const card = need(c, a.card);
      if (isRejection(card)) return card;
      if (zoneOf(card) === "stack") return fail("on-stack", "That card is already on the stack.");
      moveCard(c.d, a.card, { zone: "stack", player: -1, place: "fromTop", index: under }, c.actor, null);
      return null;
    }
    const room = roomForCards(c, 1);
    if (room) return room;
    const def = defIndex(c, { name: "Ability", type: "Ability" });
    if (isRejection(def)) return def;
    const id = c.d.newId();
    const t = blankCard(id, def, seatOf(c), "stack", c.d.g.turn.round, c.d.zOf(id, false));
    t.ability = a.text!;
    c.d.addCard(t);
    insert(c.d, "stack", id, "fromTop", under, null);
    return null;
  },
};
