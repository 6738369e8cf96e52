// The 60-card deck: stable card ids, card facts, the deal and the starting cube.

import type { Rng } from "../core/rng.js";
import { DECK_SIZE, FIRST_WILD, RANKS, SUITS, type Rank, type Suit } from "./types.js";

const RANK_COUNT = RANKS.length; // 14

/** Card id of a suited card (0..55). */
export function cardId(suit: Suit, rank: Rank): number {
  const s = SUITS.indexOf(suit);
  const r = RANKS.indexOf(rank);
  if (s < 0 || r < 0) throw new RangeError(`no card ${rank} of ${suit}`);
  return s * RANK_COUNT + r;
}

/** Card id of wild number n (0..3). */
export const wildId = (n: number): number => FIRST_WILD + n;

export const isCard = (c: unknown): c is number => typeof c === "number" && Number.isInteger(c) && c >= 0 && c < DECK_SIZE;
export const isWild = (c: number): boolean => c >= FIRST_WILD;
export const cardSuit = (c: number): Suit | null => (c >= FIRST_WILD ? null : SUITS[(c / RANK_COUNT) | 0]);
export const cardRank = (c: number): Rank | null => (c >= FIRST_WILD ? null : RANKS[c % RANK_COUNT]);

/** Face cards are exactly J, Q, K, A. */
export const isFaceRank = (r: Rank | null): boolean => r === "J" || r === "Q" || r === "K" || r === "A";
/** Number cards are 2..10 (`0` is neither a number nor a face card). */
export const isNumberRank = (r: Rank | null): boolean => r !== null && r !== "0" && !isFaceRank(r);
export const isFaceCard = (c: number): boolean => isFaceRank(cardRank(c));
export const isNumberCard = (c: number): boolean => isNumberRank(cardRank(c));

const SUIT_LETTER: Record<Suit, string> = { spades: "S", hearts: "H", clubs: "C", diamonds: "D" };

/** Short code for logs and tests: "7S", "10H", "KD", "0C", wilds "W0".."W3". */
export function cardCode(c: number): string {
  if (!isCard(c)) return `?${c}`;
  if (isWild(c)) return `W${c - FIRST_WILD}`;
  return `${cardRank(c)}${SUIT_LETTER[cardSuit(c)!]}`;
}

/** Inverse of cardCode. Throws on a bad code. */
export function parseCard(code: string): number {
  const w = /^W([0-3])$/.exec(code);
  if (w) return wildId(Number(w[1]));
  const m = /^(0|[2-9]|10|J|Q|K|A)([SHCD])$/.exec(code);
  if (!m) throw new RangeError(`bad card code ${JSON.stringify(code)}`);
  const suit = SUITS.find((s) => SUIT_LETTER[s] === m[2])!;
  return cardId(suit, m[1] as Rank);
}

/** Cards dealt to each seat: 7, or 5 with 5 players. */
export const handSize = (seats: number): number => (seats >= 5 ? 5 : 7);

/** All 60 ids in order. */
export const freshDeck = (): number[] => Array.from({ length: DECK_SIZE }, (_, i) => i);

export interface Deal {
  /** Draw pile, top card last. */
  deck: number[];
  hands: number[][];
  /** The starting cube's card: always a number card (2..10). */
  root: number;
}

/**
 * Shuffles, deals one card at a time round-robin from seat 0, then turns
 * cards from the top until a number card appears: that card starts the stack;
 * the cards passed over go back into the pile, which is reshuffled.
 */
export function dealTable(rng: Rng, seats: number): Deal {
  const deck = rng.shuffle(freshDeck());
  const hands: number[][] = Array.from({ length: seats }, () => []);
  const size = handSize(seats);
  for (let round = 0; round < size; round++) for (let s = 0; s < seats; s++) hands[s].push(deck.pop()!);
  const passedOver: number[] = [];
  let root = deck.pop()!;
  while (!isNumberCard(root)) {
    passedOver.push(root);
    root = deck.pop()!; // 36 number cards, at most 28 dealt: one always turns up
  }
  if (passedOver.length) {
    deck.push(...passedOver);
    rng.shuffle(deck);
  }
  return { deck, hands, root };
}
