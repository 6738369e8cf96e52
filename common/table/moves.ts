// Moving cards between zones, with the rules the table applies on every move:
// - a card that changes zone becomes a new object with a new id (so nobody can follow it by id
//   into or out of a hidden zone) and loses face-down and who it was shown to; ids are drawn
//   from the game's id stream (Draft.newId), so an id tells nothing of a card's past;
// - a card moved within a deck (library, schemes, planes) and every card of a hidden zone that
//   is shuffled get new ids too, and are hidden again: a card seen before cannot be picked out
//   afterwards by its id;
// - leaving the battlefield clears tap, counters, keywords, labels, P/T rows, attachment,
//   arrows and its controller; what was attached to it or piled under it is set loose;
// - tokens and stack abilities exist only on the battlefield and the stack;
// - hand, library, graveyard, exile, command zone and sideboard are always the owner's;
// - entering the battlefield without a position takes the first free slot of its row.

import type { Rng } from "../core/rng.js";
import type { Place } from "./catalogue.js";
import type { Draft } from "./draft.js";
import { publicZone } from "./visibility.js";
import { NO_PT, ownerZone, POS_MAX, isShared, topIsFirst, tokenZone, zoneKey, parseZoneKey, type Card, type Pos, type ZoneName } from "./types.js";

export interface Dest {
  zone: ZoneName;
  /** Whose zone (ignored for owner zones and shared zones). */
  player: number;
  place: Place;
  /** For "index" (array index) and "fromTop" (0 = top). */
  index?: number;
  pos?: Pos;
  faceDown?: boolean;
  how?: "cast" | "put";
}

/** Free battlefield slots: 11 slots 900 apart from x = 600, so a card is never cut at the edge. */
const SLOTS = 11;
const SLOT_GAP = 900;
const SLOT_X0 = 600;

export function freePos(d: Draft, key: string, land: boolean): Pos {
  const y = land ? 7000 : 3000;
  const taken = new Set<number>();
  for (const id of d.ids(key)) {
    const p = d.g.cards.get(id)!.pos;
    if (p && p.y === y) taken.add(p.x);
  }
  for (let i = 0; i < SLOTS; i++) if (!taken.has(SLOT_X0 + i * SLOT_GAP)) return { x: SLOT_X0 + i * SLOT_GAP, y };
  // All taken: on top of the last one, slightly shifted.
  const shift = Math.min(taken.size - SLOTS + 1, 20) * 40;
  return { x: Math.min(POS_MAX, SLOT_X0 + (SLOTS - 1) * SLOT_GAP + shift), y: Math.min(POS_MAX, y + shift) };
}

const isLand = (d: Draft, c: Card) => /\bland\b/i.test(d.g.defs[c.def]?.type ?? "");

/** Puts `id` into zone `key` at `place` (the card's `at` is set by the caller). */
export function insert(d: Draft, key: string, id: number, place: Place, index: number | undefined, rng: Rng | null): void {
  const ids = d.zone(key);
  const zone = parseZoneKey(key)?.zone ?? "stack";
  const first = topIsFirst(zone);
  const at = (i: number) => ids.splice(Math.max(0, Math.min(ids.length, i)), 0, id);
  switch (place) {
    case "bottom":
      if (first) ids.push(id);
      else ids.unshift(id);
      return;
    case "index":
      at(index ?? ids.length);
      return;
    case "fromTop": {
      const x = index ?? 0;
      at(first ? x : ids.length - x);
      return;
    }
    case "random":
      at(rng ? rng.int(ids.length + 1) : ids.length);
      return;
    case "shuffle":
      ids.push(id);
      if (rng) shuffleZone(d, key, rng);
      return;
    default:
      // top, battlefield
      if (first) ids.unshift(id);
      else ids.push(id);
  }
}

/**
 * Shuffles a zone. Nobody may follow a card through it: cards shown while inside are hidden
 * again and whoever was looking at it stops.
 */
export function shuffleZone(d: Draft, key: string, rng: Rng): void {
  const ids = d.zone(key);
  rng.shuffle(ids);
  const hidden = !publicZone(parseZoneKey(key)?.zone ?? "stack");
  for (const id of ids) if (d.g.cards.get(id)!.shownTo !== "nobody" && hidden) d.card(id).shownTo = "nobody";
  for (let p = 0; p < d.g.players.length; p++) {
    const l = d.g.players[p].looking;
    if (l && zoneKey(l.zone, p) === key) d.player(p).looking = null;
    if (d.g.players[p].dig && zoneKey("library", p) === key) delete d.player(p).dig;
  }
  if (hidden) reissue(d, [...ids]);
}

/**
 * New ids for cards that stay where they are (random-id games only; older games keep theirs so
 * their logs replay): after a shuffle of a hidden zone or a move within a deck, nobody can pick
 * a card out again by the id it had. Each keeps its place and state. Returns the new ids.
 */
export function reissue(d: Draft, ids: readonly number[]): number[] {
  if (!d.randomIds || !ids.length) return [...ids];
  const old = new Set(ids);
  const renamed = new Map<number, number>();
  // Where each card sits in its zone, found once per zone (a search per card was n² for a deck).
  const places = new Map<string, Map<number, number>>();
  for (const id of ids) {
    const c = d.g.cards.get(id)!;
    const nid = d.newId(old);
    const zone = d.zone(c.at);
    let at = places.get(c.at);
    if (!at) places.set(c.at, (at = new Map(zone.map((x, i) => [x, i]))));
    zone[at.get(id) ?? zone.indexOf(id)] = nid;
    d.deleteCard(id);
    // Its parts shared, not copied: 500 cards × 8 objects were most of a shuffle's garbage.
    d.addShared({ ...c, id: nid });
    d.renamed(id, nid);
    renamed.set(id, nid);
  }
  // Attachments, piles and arrows live in public zones; kept right should one ever point here.
  for (const id of [...d.linked()]) {
    const o = d.peek(id);
    if (!o) continue;
    if (o.attachedTo !== null && renamed.has(o.attachedTo)) d.card(o.id).attachedTo = renamed.get(o.attachedTo)!;
    if (o.under !== null && renamed.has(o.under)) d.card(o.id).under = renamed.get(o.under)!;
  }
  if (d.g.arrows.some((a) => renamed.has(a.from) || ("card" in a.to && renamed.has(a.to.card)))) {
    const g = d.general();
    g.arrows = g.arrows.map((a) => ({ ...a, from: renamed.get(a.from) ?? a.from, to: "card" in a.to ? { card: renamed.get(a.to.card) ?? a.to.card } : a.to }));
  }
  return ids.map((id) => renamed.get(id)!);
}

/** Takes a card out of its zone (the card itself stays in `cards`). */
export function detach(d: Draft, id: number): void {
  const c = d.g.cards.get(id)!;
  const ids = d.zone(c.at);
  const i = ids.indexOf(id);
  if (i < 0) return;
  ids.splice(i, 1);
  // A card taken from the cards its owner is looking at narrows the look: the next card down
  // does not slide into view.
  const ref = parseZoneKey(c.at);
  const look = ref && ref.player >= 0 ? d.g.players[ref.player]?.looking : null;
  if (look && ref && look.zone === ref.zone && i < look.n) {
    const p = d.player(ref.player);
    p.looking = look.n > 1 ? { zone: look.zone, n: look.n - 1 } : null;
  }
  // Likewise the cards being revealed from the top (revealUntil): the card found may be taken.
  const dig = ref && ref.zone === "library" && ref.player >= 0 ? d.g.players[ref.player]?.dig : undefined;
  if (dig && ref && i < dig.n) {
    const p = d.player(ref.player);
    if (dig.n > 1) p.dig = { n: dig.n - 1, hit: dig.hit && i !== dig.n - 1 };
    else delete p.dig;
  }
}

/** Arrows from or to the card vanish; attached and piled cards are set loose where they are. */
function release(d: Draft, id: number): void {
  if (d.g.arrows.some((a) => a.from === id || ("card" in a.to && a.to.card === id))) {
    const g = d.general();
    g.arrows = g.arrows.filter((a) => a.from !== id && !("card" in a.to && a.to.card === id));
  }
  for (const o of [...d.linked()]) {
    const c = d.peek(o);
    if (c?.attachedTo === id) d.card(o).attachedTo = null;
    if (c?.under === id) d.card(o).under = null;
  }
}

/** Removes a card from the game (tokens and abilities leaving their zones). */
export function vanish(d: Draft, id: number): void {
  release(d, id);
  detach(d, id);
  d.deleteCard(id);
}

/** A card with nothing done to it yet; `z` from Draft.zOf. */
/** A card's parts nobody has written yet: its own (the default), or shared ones (setup.ts UNTOUCHED). */
type CardParts = Pick<Card, "counters" | "keywords" | "labels" | "pt">;

export function blankCard(id: number, def: number, owner: number, at: string, round: number, z: number, parts?: CardParts): Card {
  return {
    id,
    at,
    def,
    owner,
    controller: owner,
    face: 0,
    tapped: false,
    faceDown: false,
    phasedOut: false,
    noUntap: false,
    counters: parts ? parts.counters : {},
    keywords: parts ? parts.keywords : [],
    labels: parts ? parts.labels : [],
    pt: parts ? parts.pt : { other: { ...NO_PT }, eot: { ...NO_PT }, fixed: { ...NO_PT } },
    attachedTo: null,
    pos: null,
    z,
    shownTo: "nobody",
    token: false,
    copyOf: null,
    quantity: 1,
    under: null,
    arrived: round,
    ability: null,
  };
}

/** Where a move of `c` to `dest` really goes (owner zones belong to the owner). */
export function destKey(c: Card, dest: Dest): string {
  if (isShared(dest.zone)) return dest.zone;
  return zoneKey(dest.zone, ownerZone(dest.zone) ? c.owner : dest.player);
}

/**
 * Moves one card. Returns its id afterwards: a new one when it changed zone (or moved within a
 * deck, or was shuffled in), the same one within any other zone or between battlefields (a
 * change of control), null when it left the game.
 */
export function moveCard(d: Draft, id: number, dest: Dest, actor: number, rng: Rng | null): number | null {
  const c = d.g.cards.get(id)!;
  const from = parseZoneKey(c.at);
  const to = destKey(c, dest);
  const toZone = dest.zone;
  if (!from) return null;

  if (to === c.at || (from.zone === "battlefield" && toZone === "battlefield")) {
    // Same zone (reorder, reposition) or a change of control: the card keeps its id and state.
    detach(d, id);
    const w = d.card(id);
    w.at = to;
    if (toZone === "battlefield") {
      const was = w.controller;
      w.controller = parseZoneKey(to)?.player ?? w.controller;
      // A face-down permanent's new controller may look at it; its old one still knows it.
      if (w.faceDown && was !== w.controller && Array.isArray(w.shownTo) && !w.shownTo.includes(w.controller)) w.shownTo = [...w.shownTo, w.controller].sort((a, b) => a - b);
      w.pos = dest.pos ? { ...dest.pos } : to === c.at ? w.pos : freePos(d, to, isLand(d, w));
      w.z = d.stamp();
    }
    if (dest.faceDown !== undefined && toZone === "battlefield") {
      w.faceDown = dest.faceDown;
      w.shownTo = dest.faceDown ? [w.controller] : "nobody";
    }
    insert(d, to, id, dest.place, dest.index, rng);
    // Moved within a deck ("put it on the bottom"): hidden again, and under a new id.
    if (d.randomIds && topIsFirst(toZone) && d.g.cards.get(id)) {
      if (w.shownTo !== "nobody") w.shownTo = "nobody";
      return reissue(d, [id])[0];
    }
    return d.current(id);
  }

  if ((c.token || c.ability !== null) && !tokenZone(toZone)) {
    vanish(d, id);
    return null;
  }
  if (c.ability !== null && toZone !== "stack") {
    vanish(d, id);
    return null;
  }

  release(d, id);
  detach(d, id);
  d.deleteCard(id);
  const nid = d.newId(new Set([id]));
  const toRef = parseZoneKey(to);
  const n = blankCard(nid, c.def, c.owner, to, d.g.turn.round, d.zOf(nid, toZone === "battlefield"));
  n.token = c.token;
  n.copyOf = c.copyOf;
  n.quantity = c.quantity;
  n.ability = c.ability;
  if (toZone === "battlefield" || toZone === "stack") {
    n.controller = toZone === "battlefield" ? (toRef?.player ?? c.owner) : actor >= 0 && actor < d.g.players.length ? actor : c.owner;
  }
  if (toZone === "battlefield") {
    n.pos = dest.pos ? { ...dest.pos } : freePos(d, to, isLand(d, n));
    if (d.g.options.helpers.countersOnEnter && !dest.faceDown) {
      const def = d.g.defs[c.def];
      if (def?.loyalty !== undefined) n.counters.loyalty = def.loyalty;
      if (/\bsaga\b/i.test(def?.type ?? "")) n.counters.lore = 1;
    }
  }
  if (dest.faceDown && (toZone === "battlefield" || toZone === "exile" || toZone === "stack")) {
    n.faceDown = true;
    // Played face down: its controller knows it; exiled face down: nobody does.
    n.shownTo = toZone === "exile" ? "nobody" : [n.controller];
  }
  if (dest.how === "cast" && from.zone === "command" && d.g.options.helpers.commanderTax) {
    const p = d.player(c.owner);
    const k = String(c.def);
    p.castCount[k] = Math.min(999, (p.castCount[k] ?? 0) + 1);
  }
  d.addCard(n);
  insert(d, to, nid, dest.place, dest.index, rng);
  return d.current(nid);
}

/** The top `n` card ids of a zone, top first. */
export function topIds(d: Draft, key: string, n: number): number[] {
  const ids = d.ids(key);
  const zone = parseZoneKey(key)?.zone ?? "stack";
  return topIsFirst(zone) ? ids.slice(0, n) : ids.slice(Math.max(0, ids.length - n)).reverse();
}
