// Auto Pets state, moves, events and views. All plain JSON data.

import type { FastRngState } from "../core/fastRng.js";
import type { BattleEvent } from "./battle.js";

export const MIN_SEATS = 2;
export const MAX_SEATS = 8;
export const ROUNDS = 6;
export const GOLD_PER_ROUND = 3;
export const ROW_SIZE = 4;
/** Pass is legal only with this many pets or fewer. */
export const PET_LIMIT = 5;

export interface PetsConfig {
  seats: number;
  /**
   * "fair": the fair schedule of pairing.ts over a seat permutation drawn at setup (every
   * game configured since it exists). Absent: the first rules' circle method with a random
   * ghost, kept so games recorded before replay as they were played.
   */
  pairing?: "fair";
  /** An arena run (arena.ts): one seat against recorded teams. */
  arena?: true;
}

export type PetsPhase = "shop" | "arrange" | "finished";

export type PetsMove =
  | { type: "buy"; slot: number }
  | { type: "sell"; cards: number[] }
  | { type: "trade"; cards: number[] }
  | { type: "pick"; index: number }
  | { type: "pass" }
  | { type: "arrange"; order: number[] }
  /** Arena only, made by the room at each round's start: the team to face (null: a bot's). Never from a player. */
  | { type: "opponent"; team: RecordedTeam | null };

/** A deck order recorded from a finished game (arena.ts recordTeams), as the store keeps it. */
export interface RecordedTeam {
  name: string;
  round: number;
  trophies: number;
  lineup: string[];
  /** When the game finished (ms since epoch). */
  at: number;
}

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
  /** Arena: the team side 1 was (seats[1] is then −1). */
  opponent?: ArenaOpponent;
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
  /** Arena: this round's opponent is chosen (who it is shows with the battle). */
  | { type: "opponent"; round: number }
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
  /** Dice (and, in games without `pairing: "fair"`, the odd player's ghost) draw from this. Hidden. */
  rng: FastRngState;
  winners: number[] | null;
  /** The seat playing each part of the fair schedule (pairing.ts); absent without `pairing: "fair"`. */
  perm?: number[];
  /** An arena run's opponents, by round (null until the room brings it; arena.ts). */
  arena?: ArenaState;
}

/** A team an arena run faces: a recorded one, or a bot's when none was recorded yet. */
export interface ArenaOpponent {
  /** Whose team it was (a bot's name for a bot team). */
  name: string;
  /** The round it was fielded in (the run's round). */
  round: number;
  /** Its owner's trophies before that round's battle. */
  trophies: number;
  /** The deck in battle order (card keys, top first). */
  lineup: string[];
  /** When the game it comes from finished (ms since epoch); null for a bot team. */
  at: number | null;
  bot: boolean;
}

export interface ArenaState {
  /** Index round − 1. */
  opponents: (ArenaOpponent | null)[];
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
  /** This round's pairing (who fights whom; the odd seat and whose ghost it fights). */
  pairing: RoundPairingView;
  /** Arena run: its round count of opponents met so far (the current one stays hidden until its battle). */
  arena: boolean;
}

export interface RoundPairingView {
  pairs: [number, number][];
  odd: number | null;
  /** The seat whose board the odd seat's ghost copies; null while it is still hidden (older games draw it at the battle). */
  ghostOf: number | null;
}
