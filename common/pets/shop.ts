// The shop phase: buy, sell, trade in, pick, pass. Each function checks its move against
// the state (returning a Rejection) or applies it to a draft (state.ts draft()).
// Only buying costs gold; selling and trading are free.

import { reject, type Rejection } from "../core/rules.js";
import { cardDef } from "./cards.js";
import { addCard, isPet, keyOf, petCount } from "./state.js";
import { GOLD_PER_ROUND, PET_LIMIT, ROUNDS, type GainReason, type PetsEvent, type PetsState, type PetsView } from "./types.js";

const fail = (code: string, message: string): Rejection => reject(code, message).error;

export const tradeTier = (round: number) => Math.min(round + 1, ROUNDS);

/** Fires a card's hand-gain ability for `trigger` (apples into the seat's hand). */
export function fireGain(s: PetsState, seat: number, card: string, trigger: "buy" | "sell" | "triple" | "prep", events: PetsEvent[]): void {
  const a = cardDef(card).ability;
  if (!a || a.on !== trigger || a.effect.do !== "gain") return;
  gainApples(s, seat, a.effect.n, trigger, events);
}

/**
 * Apples into a hand. The event names the trigger, never the card: a picked pet's Buy effect
 * or a Battle Prep effect must not reveal which pet fired it (hand counts already show how many).
 */
export function gainApples(s: PetsState, seat: number, n: number, why: GainReason, events: PetsEvent[]): void {
  for (let i = 0; i < n; i++) s.hands[seat].push(addCard(s, "apple"));
  events.push({ type: "gained", seat, card: "apple", n, why });
}

/** What a card in the shop costs. */
export const BUY_PRICE = 1;

/**
 * What a seat's shop moves hang on, the same from the rules' state, a seat's view and the
 * client's schema: so the client's "why can't I buy" is these checks, not a copy of them.
 */
export interface ShopFacts {
  open: boolean;
  seat: number;
  turn: number;
  passed: boolean;
  picking: boolean;
  gold: number;
  /** Pets in the seat's hand (a pass needs PET_LIMIT or fewer). */
  pets: number;
}

export const shopFactsOf = (s: PetsState, seat: number): ShopFacts => ({ open: s.phase === "shop", seat, turn: s.turn, passed: !!s.passed[seat], picking: !!s.picks[seat], gold: s.gold[seat] ?? 0, pets: petCount(s, seat) });

/** The same facts from what `viewer` is shown (common/pets/view.ts). */
export const shopFactsOfView = (v: PetsView, viewer: number): ShopFacts => ({ open: v.phase === "shop", seat: viewer, turn: v.turn, passed: !!v.passed[viewer], picking: !!v.picks, gold: v.gold[viewer] ?? 0, pets: v.petCounts[viewer] ?? 0 });

/** Common shop checks: the right phase, this seat's turn, no pick pending (unless picking). */
export function checkShopFacts(f: ShopFacts, picking = false): Rejection | null {
  if (!f.open) return fail("wrong-phase", "The shop is closed: arrange your deck for the battle.");
  if (f.passed) return fail("passed", "You passed: wait for the shop to close.");
  if (f.seat !== f.turn) return fail("not-your-turn", `It is seat ${f.turn + 1}'s turn in the shop: wait for yours.`);
  if (!picking && f.picking) return fail("pick-first", "Pick one of the two traded cards first.");
  if (picking && !f.picking) return fail("no-pick", "There is nothing to pick: trade in 3 pets of one suit first.");
  return null;
}

export const checkShopTurn = (s: PetsState, seat: number, picking = false): Rejection | null => checkShopFacts(shopFactsOf(s, seat), picking);

const NO_GOLD = (): Rejection => fail("no-gold", "You have no gold left: sell, trade in or pass.");

/** Why this seat cannot buy any card now (null: it can buy whichever shop slot holds a card). */
export function whyNoBuy(f: ShopFacts): Rejection | null {
  return checkShopFacts(f) ?? (f.gold < BUY_PRICE ? NO_GOLD() : null);
}

export function checkBuy(s: PetsState, seat: number, slot: number): Rejection | null {
  if (s.gold[seat] < BUY_PRICE) return NO_GOLD();
  if (slot < 0 || slot >= s.row.length || s.row[slot] === null) return fail("empty-slot", `Shop slot ${slot + 1} is empty: buy another card.`);
  return null;
}

export function buy(s: PetsState, seat: number, slot: number, events: PetsEvent[]): void {
  const id = s.row[slot]!;
  s.gold[seat] -= BUY_PRICE;
  s.hands[seat].push(id);
  const card = keyOf(s, id);
  events.push({ type: "bought", seat, slot, card });
  const deck = s.decks[s.round - 1];
  const next = deck.length ? deck.pop()! : null;
  s.row[slot] = next;
  events.push({ type: "refill", slot, card: next === null ? null : keyOf(s, next) });
  fireGain(s, seat, card, "buy", events);
}

const NOT_IN_HAND = "That card is not in your hand: choose one of yours.";

export function checkSell(s: PetsState, seat: number, cards: number[]): Rejection | null {
  if (cards.length === 0) return fail("bad-move", "Choose at least one card to sell.");
  if (new Set(cards).size !== cards.length) return fail("bad-move", "Each card can be sold once.");
  for (const id of cards) {
    // One answer for every card that is not yours, wherever it is: it names no card either.
    if (!s.hands[seat].includes(id)) return fail("not-in-hand", NOT_IN_HAND);
    if (keyOf(s, id) === "apple") return fail("sell-apple", "An apple sells for an apple: sell a pet or another food.");
  }
  return null;
}

export function sell(s: PetsState, seat: number, cards: number[], events: PetsEvent[]): void {
  const keys = cards.map((id) => keyOf(s, id));
  s.hands[seat] = s.hands[seat].filter((id) => !cards.includes(id));
  s.discard.push(...cards);
  events.push({ type: "sold", seat, cards: keys });
  gainApples(s, seat, cards.length, "sale", events);
  for (const k of keys) fireGain(s, seat, k, "sell", events);
}

export function checkTrade(s: PetsState, seat: number, cards: number[]): Rejection | null {
  if (cards.length !== 3 || new Set(cards).size !== 3) return fail("bad-trade", "Trade in exactly 3 different pets of one suit.");
  for (const id of cards) if (!s.hands[seat].includes(id)) return fail("not-in-hand", NOT_IN_HAND);
  if (!cards.every((id) => isPet(s, id))) return fail("bad-trade", "Only pets trade in: choose 3 pets of one suit.");
  const suits = new Set(cards.map((id) => cardDef(keyOf(s, id)).suit));
  if (suits.size !== 1) return fail("bad-trade", "The 3 pets must share a suit.");
  if (s.decks[tradeTier(s.round) - 1].length === 0) return fail("deck-empty", `The tier ${tradeTier(s.round)} deck is empty: no trade is possible.`);
  return null;
}

export function trade(s: PetsState, seat: number, cards: number[], events: PetsEvent[]): void {
  const tier = tradeTier(s.round);
  const keys = cards.map((id) => keyOf(s, id));
  s.hands[seat] = s.hands[seat].filter((id) => !cards.includes(id));
  s.discard.push(...cards);
  const deck = s.decks[tier - 1];
  const picks: number[] = [];
  for (let i = 0; i < 2 && deck.length; i++) picks.push(deck.pop()!);
  s.picks[seat] = picks;
  events.push({ type: "traded", seat, cards: keys, tier });
  for (const k of keys) fireGain(s, seat, k, "triple", events);
}

export function checkPick(s: PetsState, seat: number, index: number): Rejection | null {
  const p = s.picks[seat]!;
  if (index < 0 || index >= p.length) return fail("bad-pick", `Pick ${p.length === 1 ? "card 1" : "card 1 or 2"}.`);
  return null;
}

export function pick(s: PetsState, seat: number, index: number, events: PetsEvent[]): void {
  const p = s.picks[seat]!;
  const chosen = p[index];
  s.hands[seat].push(chosen);
  // The card not taken goes back under its tier deck.
  for (const id of p) if (id !== chosen) s.decks[cardDef(keyOf(s, id)).tier - 1].unshift(id);
  s.picks[seat] = null;
  events.push({ type: "picked", seat });
  fireGain(s, seat, keyOf(s, chosen), "buy", events);
}

/** A hand with more than PET_LIMIT pets cannot pass (the rules' check and the client's hint alike). */
function petLimit(pets: number): Rejection | null {
  return pets > PET_LIMIT ? fail("too-many-pets", `You have ${pets} pets: sell down to ${PET_LIMIT} before passing.`) : null;
}

/** Why this seat cannot pass now (null: it can), from the same facts as `whyNoBuy`. */
export function whyNoPass(f: ShopFacts): Rejection | null {
  return checkShopFacts(f) ?? petLimit(f.pets);
}

export function checkPass(s: PetsState, seat: number): Rejection | null {
  return petLimit(petCount(s, seat));
}

export function pass(s: PetsState, seat: number, events: PetsEvent[]): void {
  events.push({ type: "passed", seat, forfeited: s.gold[seat] });
  s.gold[seat] = 0;
  s.passed[seat] = true;
}

/** After a shop action: the next seat that has not passed, or -1 when the shop closes. */
export function nextShopTurn(s: PetsState, from: number): number {
  for (let k = 1; k <= s.seats; k++) {
    const seat = (from + k) % s.seats;
    if (!s.passed[seat]) return seat;
  }
  return -1;
}

export { GOLD_PER_ROUND };
