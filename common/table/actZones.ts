// Handlers of the move, library, mulligan, bulk and variant (Planechase, Archenemy) actions.

import { fail, isRejection, need, needRng, seatOf, zoneOf, type Ctx, type Handlers } from "./context.js";
import { moveCard, reissue, shuffleZone, topIds, type Dest } from "./moves.js";
import { bottomCount, drawCards, keep, mulligan } from "./turn.js";
import { isShared, MAX_CARDS, zoneKey, type ZoneName } from "./types.js";

type ZoneHandlers = Pick<
  Handlers,
  | "move"
  | "draw"
  | "mill"
  | "exileTop"
  | "manifest"
  | "lookTop"
  | "search"
  | "arrange"
  | "stopLooking"
  | "revealTop"
  | "topRevealed"
  | "shuffle"
  | "wheel"
  | "mulligan"
  | "keep"
  | "moveAll"
  | "planeswalk"
  | "rollPlanarDie"
  | "setInMotion"
  | "abandonScheme"
>;

const library = (c: Ctx) => zoneKey("library", seatOf(c));

/** Moves the top n cards of the actor's library one by one. */
function fromTop(c: Ctx, n: number, dest: Omit<Dest, "player">): number {
  const seat = seatOf(c);
  const ids = topIds(c.d, library(c), n);
  for (const id of ids) moveCard(c.d, id, { ...dest, player: seat }, c.actor, null);
  return ids.length;
}

const emptyLibrary = () => fail("empty", "Your library is empty.");

export const zoneHandlers: ZoneHandlers = {
  move(c, a) {
    const card = need(c, a.card);
    if (isRejection(card)) return card;
    if ((a.place === "random" || a.place === "shuffle") && !c.rng) return needRng(c);
    const player = a.player ?? (isShared(a.zone) ? -1 : zoneOf(card) === "battlefield" ? card.controller : card.owner);
    if (!isShared(a.zone) && (player < 0 || player >= c.d.g.players.length)) return fail("no-such-player", "There is no such player.");
    moveCard(c.d, a.card, { zone: a.zone, player, place: a.place, index: a.index, pos: a.pos, faceDown: a.faceDown, how: a.how }, c.actor, c.rng);
    return null;
  },

  draw(c, a) {
    return drawCards(c.d, seatOf(c), a.n) ? null : emptyLibrary();
  },

  mill(c, a) {
    return fromTop(c, a.n, { zone: "graveyard", place: "top" }) ? null : emptyLibrary();
  },

  exileTop(c, a) {
    return fromTop(c, a.n, { zone: "exile", place: "top", faceDown: a.faceDown }) ? null : emptyLibrary();
  },

  manifest(c) {
    return fromTop(c, 1, { zone: "battlefield", place: "battlefield", faceDown: true }) ? null : emptyLibrary();
  },

  lookTop(c, a) {
    if (a.player !== undefined && a.player !== seatOf(c)) return fail("not-your-library", "You may look only at your own library.");
    if (!c.d.ids(library(c)).length) return emptyLibrary();
    c.d.player(seatOf(c)).looking = { zone: "library", n: a.n };
    return null;
  },

  search(c, a) {
    if (a.player !== undefined && a.player !== seatOf(c)) return fail("not-your-library", "You may search only your own library.");
    c.d.player(seatOf(c)).looking = { zone: "library", n: MAX_CARDS };
    return null;
  },

  arrange(c, a) {
    const seat = seatOf(c);
    const looking = c.d.g.players[seat].looking;
    if (!looking || looking.zone !== "library") return fail("not-looking", "Look at the top of your library first.");
    const looked = new Set(topIds(c.d, library(c), looking.n));
    const named = [...a.top, ...a.bottom, ...(a.graveyard ?? [])];
    if (new Set(named).size !== named.length) return fail("bad-action", "Name each card once.");
    if (named.some((id) => !looked.has(id))) return fail("not-looking", "You can only arrange the cards you are looking at.");
    const key = library(c);
    const rest = c.d.ids(key).filter((id) => !named.includes(id));
    const ids = c.d.zone(key);
    ids.length = 0;
    ids.push(...a.top, ...rest, ...a.bottom);
    for (const id of a.graveyard ?? []) moveCard(c.d, id, { zone: "graveyard", player: seat, place: "top" }, c.actor, null);
    c.d.player(seat).looking = null;
    // Put back: hidden again, under new ids (what was seen on top cannot be found at the bottom).
    if (c.d.randomIds) {
      const back = [...a.top, ...a.bottom];
      for (const id of back) if (c.d.g.cards.get(id)!.shownTo !== "nobody") c.d.card(id).shownTo = "nobody";
      reissue(c.d, back);
    }
    return null;
  },

  stopLooking(c) {
    if (c.d.g.players[seatOf(c)].looking) c.d.player(seatOf(c)).looking = null;
    return null;
  },

  revealTop(c, a) {
    const ids = topIds(c.d, library(c), a.n);
    if (!ids.length) return emptyLibrary();
    for (const id of ids) c.d.card(id).shownTo = "all";
    return null;
  },

  topRevealed(c, a) {
    c.d.player(seatOf(c)).topRevealed = a.on;
    return null;
  },

  shuffle(c, a) {
    const bad = needRng(c);
    if (bad) return bad;
    const zone: ZoneName = a.zone ?? "library";
    shuffleZone(c.d, zoneKey(zone, seatOf(c)), c.rng!);
    return null;
  },

  wheel(c) {
    const seat = seatOf(c);
    const hand = [...c.d.ids(zoneKey("hand", seat))];
    for (const id of hand) moveCard(c.d, id, { zone: "graveyard", player: seat, place: "top" }, c.actor, null);
    drawCards(c.d, seat, hand.length);
    return null;
  },

  mulligan(c) {
    const bad = needRng(c);
    if (bad) return bad;
    const seat = seatOf(c);
    const p = c.d.g.players[seat];
    if (c.d.g.phase !== "mulligan" || p.kept) return fail("already-kept", "You have already kept your hand.");
    const limit = c.d.g.options.mulligan === "london" || c.d.g.options.mulligan === "londonFreeFirst" ? c.d.g.options.handSize + 1 : 1000;
    if (p.mulligans >= limit) return fail("no-more-mulligans", "You cannot take another mulligan; keep your hand.");
    mulligan(c.d, seat, c.rng!);
    return null;
  },

  keep(c, a) {
    const seat = seatOf(c);
    if (c.d.g.phase !== "mulligan" || c.d.g.players[seat].kept) return fail("already-kept", "You have already kept your hand.");
    const need = bottomCount(c.d, seat);
    const hand = c.d.ids(zoneKey("hand", seat));
    const n = Math.min(need ?? a.bottom.length, hand.length);
    if (a.bottom.length !== n) return fail("bottom-count", `Put exactly ${n} card${n === 1 ? "" : "s"} from your hand on the bottom.`);
    if (new Set(a.bottom).size !== a.bottom.length || a.bottom.some((id) => !hand.includes(id))) return fail("not-in-hand", "Choose cards from your hand, each once.");
    keep(c.d, seat, a.bottom);
    return null;
  },

  moveAll(c, a) {
    if (a.place === "shuffle") {
      const bad = needRng(c);
      if (bad) return bad;
    }
    const seat = seatOf(c);
    const from = zoneKey(a.from, seat);
    const ids = [...c.d.ids(from)];
    const targets = new Set<string>();
    for (const id of ids) {
      const nid = moveCard(c.d, id, { zone: a.to, player: seat, place: a.place === "shuffle" ? "top" : a.place, faceDown: a.faceDown }, c.actor, null);
      if (nid !== null) targets.add(c.d.g.cards.get(nid)!.at);
    }
    if (a.place === "shuffle") for (const key of targets) shuffleZone(c.d, key, c.rng!);
    return null;
  },

  planeswalk(c) {
    if (!c.d.g.options.planechase) return fail("no-planechase", "Planechase is off at this table.");
    for (const id of [...c.d.ids("plane")]) moveCard(c.d, id, { zone: "planes", player: -1, place: "bottom" }, c.actor, null);
    const next = c.d.ids("planes")[0];
    if (next !== undefined) moveCard(c.d, next, { zone: "plane", player: -1, place: "top" }, c.actor, null);
    return null;
  },

  rollPlanarDie(c) {
    if (!c.d.g.options.planechase) return fail("no-planechase", "Planechase is off at this table.");
    const face = c.result?.[0];
    if (c.result?.length !== 1 || face === undefined || face > 2) return fail("missing-result", "The planar die's face must be in the event; the host must resolve it.");
    c.d.general().turn.planarRolls = Math.min(1000, c.d.g.turn.planarRolls + 1);
    if (face === 2) return zoneHandlers.planeswalk(c, { do: "planeswalk" });
    return null;
  },

  setInMotion(c) {
    const seat = seatOf(c);
    const top = c.d.ids(zoneKey("schemes", seat))[0];
    if (top === undefined) return fail("empty", "Your scheme deck is empty.");
    moveCard(c.d, top, { zone: "ongoing", player: seat, place: "top" }, c.actor, null);
    return null;
  },

  abandonScheme(c, a) {
    const card = need(c, a.card);
    if (isRejection(card)) return card;
    if (zoneOf(card) !== "ongoing") return fail("not-ongoing", "Only an ongoing scheme can be abandoned.");
    moveCard(c.d, a.card, { zone: "schemes", player: card.owner, place: "bottom" }, c.actor, null);
    return null;
  },
};
