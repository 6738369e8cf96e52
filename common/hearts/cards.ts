// Hearts' deck: 52 cards as numbers 0..51, `suit * 13 + rank`. Suits in the order a hand is
// sorted (black, red, black, red): clubs 0, diamonds 1, spades 2, hearts 3. Ranks 0..12 are
// 2..10, J, Q, K, A, so a higher number of one suit always beats a lower one.

export const SUITS = ["clubs", "diamonds", "spades", "hearts"] as const;
export type HeartsSuit = (typeof SUITS)[number];
export const CLUBS = 0;
export const DIAMONDS = 1;
export const SPADES = 2;
export const HEARTS = 3;

export const DECK_SIZE = 52;
export const HAND_SIZE = 13;
export const RANK_NAMES = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"] as const;
export const SUIT_SYMBOLS = ["♣", "♦", "♠", "♥"] as const;
export const SUIT_WORDS = ["club", "diamond", "spade", "heart"] as const;

export const suitOf = (card: number): number => Math.floor(card / 13);
export const rankOf = (card: number): number => card % 13;
export const cardOf = (suit: number, rank: number): number => suit * 13 + rank;

/** The 2 of clubs: whoever holds it leads the hand's first trick with it. */
export const TWO_OF_CLUBS = cardOf(CLUBS, 0);
/** The queen of spades: 13 points. */
export const QUEEN_OF_SPADES = cardOf(SPADES, 10);
/** Every heart and the queen of spades: 26 points in a hand. */
export const POINTS_IN_A_HAND = 26;

/** What a card costs whoever takes it: a heart 1, the queen of spades 13, the rest nothing. */
export function pointsOf(card: number): number {
  if (card === QUEEN_OF_SPADES) return 13;
  return suitOf(card) === HEARTS ? 1 : 0;
}

export const isPointCard = (card: number): boolean => pointsOf(card) > 0;

/** "Q♠", "10♥": a card as a player reads it. */
export function cardName(card: number): string {
  return `${RANK_NAMES[rankOf(card)]}${SUIT_SYMBOLS[suitOf(card)]}`;
}

export const isCard = (x: unknown): x is number => typeof x === "number" && Number.isInteger(x) && x >= 0 && x < DECK_SIZE;

/** A hand in display order: by suit, then rank. */
export const sortHand = (cards: readonly number[]): number[] => cards.slice().sort((a, b) => a - b);
