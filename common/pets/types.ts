// Auto Pets state, moves, events and views. All plain JSON data.

import type { FastRngState } from "../core/fastRng.js";
import type { BattleEvent } from "./battle.js";

export const MIN_SEATS = 2;
export const MAX_SEATS = 4;
export const ROUNDS = 6;
export const GOLD_PER_ROUND = 3;
export const ROW_SIZE = 4;
/** Pass is legal only with this many pets or fewer. */
export const PET_LIMIT = 5;

export interface PetsConfig {
  seats: number;
}

export type PetsPhase = "shop" | "arrange" | "finished";

export type PetsMove =
  | { type: "buy"; slot: number }
  | { type: "sell"; cards: number[] }
  | { type: "trade"; cards: number[] }
  | { type: "pick"; index: number }
  | { type: "pass" }
  | { type: "arrange"; order: number[] };

/** One battle as everyone sees it once arrange closes. Side 0 is seats[0]. */
export interface BattleRecord {
  round: number;
  seats: [number, number];
  /** True when side 1 is a copy of seats[1]'s board, fought by the odd player out. */
  ghost: boolean;
  lineups: [string[], string[]];
  events: BattleEvent[];
  /** Winning seat, -1 when a ghost won (its owner gets nothing), null for a draw. */
  winner: number | null;
  /** Trophies the winner got. */
  trophies: number;
}

/** Why apples were gained: a sale, or the trigger of an ability (never which card). */
export type GainReason = "sale" | "buy" | "sell" | "triple" | "prep";

/** Public record of what happened (the apply() events; the room broadcasts them). */
export type PetsEvent =
  | { type: "bought"; seat: number; slot: number; card: string }
  | { type: "sold"; seat: number; cards: string[] }
  | { type: "gained"; seat: number; card: "apple"; n: number; why: GainReason }
  | { type: "traded"; seat: number; cards: string[]; tier: number }
  | { type: "picked"; seat: number }
  | { type: "passed"; seat: number; forfeited: number }
  | { type: "refill"; slot: number; card: string | null }
  | { type: "arrange"; round: number }
  | { type: "arranged"; seat: number }
  | { type: "battle"; index: number; seats: [number, number]; winner: number | null }
  | { type: "round"; round: number; row: string[] }
  | { type: "finished"; winners: number[] };

export interface PetsState {
  config: PetsConfig;
  seats: number;
  round: number;
  phase: PetsPhase;
  /** Card id → card key. Ids of physical cards come first; tokens (apples) are appended. */
  kinds: string[];
  /** Tier decks (index tier - 1), top = last element. Hidden. */
  decks: number[][];
  /** Face-up shop row: card ids, null for an empty slot. */
  row: (number | null)[];
  hands: number[][];
  /** Top 2 cards of the next tier dealt to a seat that traded in. Hidden. */
  picks: (number[] | null)[];
  discard: number[];
  gold: number[];
  passed: boolean[];
  /** Seat to act in the shop. */
  turn: number;
  /** Submitted deck orders (card ids, top first). Hidden until the battle. */
  orders: (number[] | null)[];
  trophies: number[];
  wins: number[];
  losses: number[];
  battles: BattleRecord[];
  /** Every accepted move's public events, in order: the memory bots and replays read. */
  log: PetsEvent[];
  /** Dice and the odd player's opponent draw from this. Hidden. */
  rng: FastRngState;
  winners: number[] | null;
}

export interface CardView {
  id: number;
  card: string;
}

/** What one viewer may see. `hand` and `picks` are the viewer's own, null for spectators. */
export interface PetsView {
  viewer: number | null;
  seats: number;
  round: number;
  phase: PetsPhase;
  turn: number;
  row: (CardView | null)[];
  gold: number[];
  passed: boolean[];
  arranged: boolean[];
  trophies: number[];
  wins: number[];
  losses: number[];
  handCounts: number[];
  petCounts: number[];
  deckCounts: number[];
  hand: CardView[] | null;
  picks: CardView[] | null;
  /** The viewer's own submitted order, if any. */
  order: number[] | null;
  battles: BattleRecord[];
  log: PetsEvent[];
  winners: number[] | null;
  toAct: number[];
}
