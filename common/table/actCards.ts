// Handlers of the card-state, battlefield, stack and pile actions.

import { clamp, defIndex, fail, isRejection, need, needOnField, roomForCards, seatOf, zoneOf, type Handlers } from "./context.js";
import { blankCard, freePos, insert, moveCard, vanish } from "./moves.js";
import { untapAll } from "./turn.js";
import { publicZone } from "./visibility.js";
import { MAX_AMOUNT, MAX_ARROWS, MAX_COUNTER_KINDS, MAX_KEYWORDS, zoneKey } from "./types.js";

type CardHandlers = Pick<
  Handlers,
  | "tap"
  | "flip"
  | "faceDown"
  | "counter"
  | "keyword"
  | "labels"
  | "pt"
  | "attach"
  | "arrow"
  | "clearArrows"
  | "show"
  | "noUntap"
  | "phaseOut"
  | "copy"
  | "quantity"
  | "untapAll"
  | "createToken"
  | "resolveTop"
  | "addAbility"
  | "pile"
  | "unpile"
>;

/** Handler for a boolean flag of a card on the battlefield. */
const flag =
  (field: "tapped" | "noUntap" | "phasedOut") =>
  (c: Parameters<CardHandlers["tap"]>[0], a: { card: number; on: boolean }) => {
    const card = needOnField(c, a.card);
    if (isRejection(card)) return card;
    c.d.card(a.card)[field] = a.on;
    return null;
  };

export const cardHandlers: CardHandlers = {
  tap: flag("tapped"),
  noUntap: flag("noUntap"),
  phaseOut: flag("phasedOut"),

  flip(c, a) {
    const card = need(c, a.card);
    if (isRejection(card)) return card;
    const z = zoneOf(card);
    if (z !== "battlefield" && z !== "stack") return fail("not-in-play", "Only a card on the battlefield or the stack can be turned over.");
    const w = c.d.card(a.card);
    w.face = 1 - w.face;
    return null;
  },

  faceDown(c, a) {
    const card = need(c, a.card);
    if (isRejection(card)) return card;
    const z = zoneOf(card);
    if (z !== "battlefield" && z !== "exile" && z !== "stack") return fail("not-in-play", "Only cards on the battlefield, the stack or in exile can be turned face down.");
    const w = c.d.card(a.card);
    w.faceDown = a.on;
    w.shownTo = a.on && z !== "exile" ? [w.controller] : "nobody";
    return null;
  },

  counter(c, a) {
    const card = needOnField(c, a.card);
    if (isRejection(card)) return card;
    const name = a.name.trim();
    if (!name) return fail("bad-action", "A counter needs a name, e.g. +1/+1 or loyalty.");
    if (!(name in card.counters) && Object.keys(card.counters).length >= MAX_COUNTER_KINDS) return fail("too-many", `A card holds at most ${MAX_COUNTER_KINDS} kinds of counters.`);
    const w = c.d.card(a.card);
    const v = clamp((w.counters[name] ?? 0) + a.delta, 0, MAX_AMOUNT);
    if (v === 0) delete w.counters[name];
    else w.counters[name] = v;
    return null;
  },

  keyword(c, a) {
    const card = needOnField(c, a.card);
    if (isRejection(card)) return card;
    const name = a.name.trim();
    if (!name) return fail("bad-action", "A keyword needs a name, e.g. flying.");
    const w = c.d.card(a.card);
    const has = w.keywords.indexOf(name);
    if (a.on && has < 0) {
      if (w.keywords.length >= MAX_KEYWORDS) return fail("too-many", `A card holds at most ${MAX_KEYWORDS} keywords.`);
      w.keywords.push(name);
    } else if (!a.on && has >= 0) w.keywords.splice(has, 1);
    return null;
  },

  labels(c, a) {
    const card = needOnField(c, a.card);
    if (isRejection(card)) return card;
    c.d.card(a.card).labels = a.labels.map((l) => l.trim()).filter((l) => l.length > 0);
    return null;
  },

  pt(c, a) {
    const card = needOnField(c, a.card);
    if (isRejection(card)) return card;
    c.d.card(a.card).pt[a.row] = { power: a.power, toughness: a.toughness };
    return null;
  },

  attach(c, a) {
    const card = needOnField(c, a.card);
    if (isRejection(card)) return card;
    if (a.to !== undefined) {
      const host = need(c, a.to);
      if (isRejection(host)) return host;
      if (zoneOf(host) !== "battlefield") return fail("not-on-battlefield", "Attach it to a card on the battlefield.");
      // No loops: the host must not be (indirectly) attached to this card.
      for (let h: number | null = a.to, k = 0; h !== null && k < 1000; h = c.d.g.cards.get(h)?.attachedTo ?? null, k++) {
        if (h === a.card) return fail("attach-loop", "A card cannot be attached to itself or to what is attached to it.");
      }
    }
    c.d.card(a.card).attachedTo = a.to ?? null;
    return null;
  },

  arrow(c, a) {
    const from = need(c, a.from);
    if (isRejection(from)) return from;
    if (!publicZone(zoneOf(from))) return fail("hidden-zone", "Arrows go between cards everyone can see.");
    if ((a.toCard === undefined) === (a.toPlayer === undefined)) return fail("bad-action", "An arrow points at one card or one player.");
    if (a.toCard !== undefined) {
      const to = need(c, a.toCard);
      if (isRejection(to)) return to;
      if (!publicZone(zoneOf(to))) return fail("hidden-zone", "Arrows go between cards everyone can see.");
    }
    if (a.toPlayer !== undefined && a.toPlayer >= c.d.g.players.length) return fail("no-such-player", `There is no player ${a.toPlayer + 1}.`);
    if (c.d.g.arrows.length >= MAX_ARROWS) return fail("too-many", `At most ${MAX_ARROWS} arrows; clear some first.`);
    c.d.general().arrows.push({ from: a.from, to: a.toCard !== undefined ? { card: a.toCard } : { player: a.toPlayer! }, by: seatOf(c) });
    return null;
  },

  clearArrows(c) {
    const by = seatOf(c);
    if (c.d.g.arrows.some((x) => x.by === by)) {
      const g = c.d.general();
      g.arrows = g.arrows.filter((x) => x.by !== by);
    }
    return null;
  },

  show(c, a) {
    const card = need(c, a.card);
    if (isRejection(card)) return card;
    if (a.to === "players") {
      const ps = [...new Set(a.players ?? [])].sort((x, y) => x - y);
      if (!ps.length || ps.some((p) => p >= c.d.g.players.length)) return fail("bad-action", "Say which players to show it to.");
      c.d.card(a.card).shownTo = ps;
    } else c.d.card(a.card).shownTo = a.to;
    return null;
  },

  copy(c, a) {
    const card = need(c, a.card);
    if (isRejection(card)) return card;
    const z = zoneOf(card);
    if ((z !== "battlefield" && z !== "stack") || card.faceDown) return fail("not-in-play", "Copy a face-up card on the battlefield or the stack.");
    const room = roomForCards(c, 1);
    if (room) return room;
    const seat = seatOf(c);
    const key = zoneKey("battlefield", seat);
    const id = c.d.newId();
    const t = blankCard(id, card.def, seat, key, c.d.g.turn.round, c.d.zOf(id, true));
    t.token = true;
    t.copyOf = card.def;
    t.pos = a.pos ? { ...a.pos } : freePos(c.d, key, false);
    c.d.addCard(t);
    insert(c.d, key, t.id, "top", undefined, null);
    return null;
  },

  quantity(c, a) {
    const card = need(c, a.card);
    if (isRejection(card)) return card;
    if (!card.token) return fail("not-a-token", "Only a token can stand for a pile of identical tokens.");
    c.d.card(a.card).quantity = a.n;
    return null;
  },

  untapAll(c) {
    untapAll(c.d, seatOf(c));
    return null;
  },

  createToken(c, a) {
    const n = a.n ?? 1;
    const room = roomForCards(c, n);
    if (room) return room;
    const name = a.name.trim();
    if (!name) return fail("bad-action", "A token needs a name, e.g. Goblin.");
    // A token named like one of the player's decklist tokens, with nothing else given, is that token.
    const listed = a.type === undefined && a.power === undefined && a.toughness === undefined ? c.d.g.players[seatOf(c)]?.tokens.find((t) => c.d.g.defs[t].name === name) : undefined;
    const def =
      listed ??
      defIndex(c, {
        name,
        type: a.type?.trim() || "Token",
        ...(a.power !== undefined ? { power: a.power } : {}),
        ...(a.toughness !== undefined ? { toughness: a.toughness } : {}),
        permanent: true,
      });
    if (isRejection(def)) return def;
    const seat = seatOf(c);
    const key = zoneKey("battlefield", seat);
    for (let k = 0; k < n; k++) {
      const id = c.d.newId();
      const t = blankCard(id, def, seat, key, c.d.g.turn.round, c.d.zOf(id, true));
      t.token = true;
      t.pos = k === 0 && a.pos ? { ...a.pos } : freePos(c.d, key, false);
      c.d.addCard(t);
      insert(c.d, key, t.id, "top", undefined, null);
    }
    return null;
  },

  resolveTop(c) {
    const ids = c.d.ids("stack");
    if (!ids.length) return fail("empty", "The stack is empty.");
    const top = c.d.g.cards.get(ids[ids.length - 1])!;
    if (top.ability !== null) {
      vanish(c.d, top.id);
      return null;
    }
    const permanent = !!c.d.g.defs[top.def]?.permanent || top.token;
    moveCard(c.d, top.id, permanent ? { zone: "battlefield", player: top.controller, place: "top" } : { zone: "graveyard", player: top.owner, place: "top" }, c.actor, null);
    return null;
  },

  addAbility(c, a) {
    const room = roomForCards(c, 1);
    if (room) return room;
    let name = "Ability";
    if (a.card !== undefined) {
      const src = need(c, a.card);
      if (isRejection(src)) return src;
      if (!src.faceDown) name = `Ability of ${c.d.g.defs[src.def].name}`.slice(0, 60);
    }
    const def = defIndex(c, { name, type: "Ability" });
    if (isRejection(def)) return def;
    const seat = seatOf(c);
    const id = c.d.newId();
    const t = blankCard(id, def, seat, "stack", c.d.g.turn.round, c.d.zOf(id, false));
    t.ability = a.text;
    c.d.addCard(t);
    insert(c.d, "stack", t.id, "top", undefined, null);
    return null;
  },

  pile(c, a) {
    const under = need(c, a.under);
    if (isRejection(under)) return under;
    // Piles only in zones everyone sees: a pile link inside a hidden zone would name hidden cards.
    if (!publicZone(zoneOf(under))) return fail("hidden-zone", "Pile cards in a zone everyone can see.");
    const ids = [...new Set(a.cards)];
    if (!ids.length) return fail("bad-action", "Say which cards to pile.");
    for (const id of ids) {
      const card = need(c, id);
      if (isRejection(card)) return card;
      if (id === a.under) return fail("pile-loop", "A card cannot be piled under itself.");
      if (card.at !== under.at && !(zoneOf(card) === "exile" && zoneOf(under) === "battlefield")) {
        return fail("not-together", "Pile cards of one zone (or exiled cards under the card that exiled them).");
      }
    }
    for (let h: number | null = under.under, k = 0; h !== null && k < 1000; h = c.d.g.cards.get(h)?.under ?? null, k++) {
      if (ids.includes(h)) return fail("pile-loop", "That pile would go round in a circle.");
    }
    for (const id of ids) c.d.card(id).under = a.under;
    return null;
  },

  unpile(c, a) {
    const card = need(c, a.card);
    if (isRejection(card)) return card;
    for (const id of [...c.d.linked()]) if (c.d.peek(id)?.under === a.card) c.d.card(id).under = null;
    return null;
  },
};

