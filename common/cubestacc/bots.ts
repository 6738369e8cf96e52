// Bots. They decide from `view(state, seat)` only: the public table, their own
// hand and their legal plays — never the full state (other hands, deck order).
//
// easy   = the reference priorities (games/cubestacc.md): call UH OH at 2 cards;
//          with a K stack play a K if possible else take it; no play: draw;
//          otherwise prefer face cards and 0 (3), then wild (2), then numbers (1);
//          keep dumping while possible; wild suit = most common suit in hand.
// normal = ours, stronger: also catches forgotten UH OHs; scores each legal
//          play in "cards of race advantage": cards it can dump this turn,
//          extra turns (A, Q with 2 players), the chance that the next seat —
//          holding cards this seat has not seen — finds no legal spot, the risk
//          of being stuck itself, keeping a wild for when stuck and a K to bounce
//          a stack; J/K/Q aimed at a next seat about to win; 0 reverses away
//          from the shortest hand; a wild's suit is scored like any play.

import type { Rng } from "../core/rng.js";
import { fits, frontierOf, type Board, type Frontier } from "./attach.js";
import { cardRank, cardSuit, isWild } from "./deck.js";
import { cellAt, cellKey, coverFace, newCube, occupancy } from "./lattice.js";
import { DECK_SIZE, SUITS, type CubestaccMove, type CubestaccView, type LegalPlay, type PlacedCube, type Suit } from "./types.js";

export type BotLevel = "easy" | "normal";
export const BOT_LEVELS: readonly BotLevel[] = ["easy", "normal"];

/** Human-like thinking delay (ms) before a bot's move: the room waits, rules don't. */
export const BOT_DELAY_MS = { min: 650, max: 1050 } as const;
export const botDelay = (rng: Rng): number => BOT_DELAY_MS.min + rng.int(BOT_DELAY_MS.max - BOT_DELAY_MS.min + 1);

/**
 * The bot's next move from its seat's view, or null when it has nothing to do
 * (game over, a spectator view, or not its turn and nothing to call or catch).
 */
export function botMove(view: CubestaccView, level: BotLevel, rng: Rng): CubestaccMove | null {
  if (view.phase !== "playing" || view.viewer === null || !view.hand) return null;
  if (view.canUhOh) return { type: "uhoh" };
  if (level === "normal" && view.catchable.length) return { type: "caught", target: view.catchable[0] };
  if (view.turn !== view.viewer) return null;
  if (!view.legal.length) return view.canDone ? { type: "done" } : { type: "draw" };
  if (level === "easy") return easyChoice(view, rng);
  if (view.canDone && stopDump(view)) return { type: "done" };
  return normalPlay(view, rng);
}

/** Most common suit among the suited cards of a hand; ties go to the earlier suit in SUITS. */
export function favouriteSuit(hand: readonly number[]): Suit {
  const counts = new Map<Suit, number>(SUITS.map((s) => [s, 0]));
  for (const c of hand) {
    const s = cardSuit(c);
    if (s) counts.set(s, counts.get(s)! + 1);
  }
  let best: Suit = SUITS[0];
  for (const s of SUITS) if (counts.get(s)! > counts.get(best)!) best = s;
  return best;
}

function pick<T>(items: readonly T[], rng: Rng): T {
  return items[items.length === 1 ? 0 : rng.int(items.length)];
}

function toMove(play: LegalPlay, suit?: Suit): CubestaccMove {
  return isWild(play.card) ? { type: "play", card: play.card, onto: play.onto, mode: play.mode, suit: suit ?? "spades" } : { type: "play", card: play.card, onto: play.onto, mode: play.mode };
}

/** Reference priority: face cards and 0 = 3, wild = 2, numbers = 1. */
export function easyPriority(card: number): number {
  if (isWild(card)) return 2;
  const r = cardRank(card);
  return r === "0" || r === "J" || r === "Q" || r === "K" || r === "A" ? 3 : 1;
}

function easyChoice(view: CubestaccView, rng: Rng): CubestaccMove {
  // In a dump (or facing a K stack) `legal` already holds only the allowed rank: keep dumping.
  const top = Math.max(...view.legal.map((p) => easyPriority(p.card)));
  const play = pick(view.legal.filter((p) => easyPriority(p.card) === top), rng);
  return toMove(play, favouriteSuit(view.hand!.filter((c) => c !== play.card)));
}

// ---------------------------------------------------------------- normal ----

/** The board after a hypothetical play (the view's objects are never mutated). */
function boardAfter(view: CubestaccView, play: LegalPlay, suit: Suit): { board: Board; occupied: Set<number> } {
  const placed: PlacedCube[] = view.placed.slice();
  const parent = placed[play.onto];
  const cube = newCube(placed.length, parent, play.card, play.mode, suit, view.viewer!);
  placed[play.onto] = coverFace(parent, play.mode);
  placed.push(cube);
  let pivot = view.pivot === play.onto ? null : view.pivot;
  if (cube.wild && view.config.wildPivot) pivot = cube.id;
  const occupied = occupancy(view.placed);
  occupied.add(cellKey(cellAt(parent.cell, play.mode)));
  return { board: { placed, pivot }, occupied };
}

/** How many cards of `hand` have at least one legal spot. */
function mobility(f: Frontier, hand: readonly number[]): number {
  let n = 0;
  for (const c of hand) if (fits(f, c)) n++;
  return n;
}

const seatAt = (view: CubestaccView, steps: number, direction: number) =>
  (((view.turn + steps * direction) % view.seats) + view.seats) % view.seats;

/** Tunable weights of the normal bot's evaluation, in "cards of race advantage". */
export interface NormalWeights {
  /** Per same-rank card that could follow in a dump this turn. */
  dump: number;
  /** Times the chance that the next seat, holding unseen cards, has no legal play. */
  block: number;
  /** Times the chance of having no legal play myself next turn. */
  stuck: number;
  /** Small tie-break per card of the rest of the hand that still has a legal spot. */
  mobility: number;
  /** Worth of keeping a wild for when stuck (subtracted when playing one early). */
  wildKeep: number;
  /** Extra turn (A, or Q with 2 players). */
  extra: number;
  /** Q with 3+ players: the next seat loses a turn. */
  skip: number;
  /** J: the next seat draws 1. */
  jack: number;
  /** 0 with 3+ players, when reversing hands the turn to the seat with more cards. */
  reverse: number;
  /** Playing a K of my own accord (no stack pending) gives up a bounce: subtracted. */
  kingHold: number;
  /** Added to J/K/Q when the next seat holds 1 card (it would win), and when it holds 2. */
  threat1: number;
  threat2: number;
  /** 1: score every suit for a wild; 0: always the most common suit in hand. */
  wildSuits: number;
}

export const NORMAL_WEIGHTS: Readonly<NormalWeights> = {
  dump: 1,
  block: 2,
  stuck: 2,
  mobility: 0.05,
  wildKeep: 0.8,
  extra: 1,
  skip: 0.6,
  jack: 1,
  reverse: 0.3,
  kingHold: 1,
  threat1: 3,
  threat2: 0.5,
  wildSuits: 1,
};

/** Cards this seat has not seen: not in its hand, not on the table. */
function unseenCards(view: CubestaccView): number[] {
  const seen = new Set<number>(view.hand!);
  for (const p of view.placed) seen.add(p.card);
  const out: number[] = [];
  for (let c = 0; c < DECK_SIZE; c++) if (!seen.has(c)) out.push(c);
  return out;
}

/** Chance that `hand` cards drawn without replacement from `pool` include none of `hits`. */
function missAll(pool: number, hits: number, hand: number): number {
  let p = 1;
  for (let i = 0; i < hand; i++) p *= Math.max(0, pool - hits - i) / Math.max(1, pool - i);
  return p;
}

/** Score of one candidate play for the normal bot (higher is better). */
function scorePlay(view: CubestaccView, play: LegalPlay, suit: Suit, unseen: readonly number[], w: NormalWeights): number {
  const hand = view.hand!;
  const after = hand.filter((c) => c !== play.card);
  if (!after.length) return 1000;
  const { board, occupied } = boardAfter(view, play, suit);
  const frontier = frontierOf(board, occupied);
  const rank = cardRank(play.card);
  const counts = view.players.map((p) => p.cards);
  const next = seatAt(view, 1, view.direction);
  const prev = seatAt(view, -1, view.direction);
  const threat = counts[next] === 1 ? w.threat1 : counts[next] === 2 ? w.threat2 : 0;
  const mine = mobility(frontier, after);
  let score = w.mobility * mine;
  const extraTurn = rank === "A" || (rank === "Q" && view.seats === 2);
  // Cards of the same rank that could follow in a dump are shed this turn.
  if (rank && rank !== "Q" && rank !== "A") {
    score += w.dump * after.filter((c) => cardRank(c) === rank && fits(frontier, c)).length;
  }
  // Stuck next turn: nothing of mine fits (a wild always fits somewhere, almost).
  if (mine === 0) score -= w.stuck;
  else if (mine === 1 && after.length > 1) score -= w.stuck / 4;
  // The next seat holds unseen cards: the fewer of those that fit, the likelier it has to draw.
  if (!extraTurn && unseen.length && w.block) {
    const fit = mobility(frontier, unseen);
    score += w.block * missAll(unseen.length, fit, counts[next]);
  }
  if (isWild(play.card)) score -= after.length <= 1 ? 0 : w.wildKeep;
  else if (extraTurn) score += w.extra;
  else if (rank === "Q") score += w.skip + threat;
  else if (rank === "J") score += w.jack + threat;
  else if (rank === "K") {
    // A K kept in hand bounces a stack aimed at me; play one of my own accord only when it pays.
    score += threat - (view.pending === 0 ? w.kingHold : 0);
  } else if (rank === "0" && view.seats > 2) score += counts[prev] > counts[next] ? w.reverse : -w.reverse;
  return score;
}

/**
 * The normal bot ends a dump early (Done) to keep a K back for bouncing a
 * stack, unless the next seat is about to win; and stops a run of 0s while the
 * direction already points away from the shortest hand.
 */
export function stopDump(view: CubestaccView): boolean {
  const rank = view.dump?.rank;
  const hand = view.hand!;
  if (!rank || hand.length <= 1) return false;
  const counts = view.players.map((p) => p.cards);
  const next = seatAt(view, 1, view.direction);
  const prev = seatAt(view, -1, view.direction);
  if (rank === "K") return counts[next] > 2;
  if (rank === "0" && view.seats > 2) return counts[next] >= counts[prev];
  return false;
}

/** The suit for a wild: the one most of the rest of the hand can follow with. */
function wildSuit(view: CubestaccView, card: number): Suit {
  return favouriteSuit(view.hand!.filter((c) => c !== card));
}

/** The normal bot's choice among `view.legal` (non-empty), with explicit weights. */
export function normalPlay(view: CubestaccView, rng: Rng, w: NormalWeights = NORMAL_WEIGHTS): CubestaccMove {
  const unseen = unseenCards(view);
  let best: { play: LegalPlay; suit: Suit }[] = [];
  let bestScore = -Infinity;
  for (const play of view.legal) {
    // A wild tries every suit; ties keep the suit most of the hand follows.
    const suits = isWild(play.card) ? [wildSuit(view, play.card), ...SUITS] : [cardSuit(play.card) as Suit];
    for (const suit of isWild(play.card) && !w.wildSuits ? suits.slice(0, 1) : suits) {
      const score = scorePlay(view, play, suit, unseen, w);
      if (score > bestScore + 1e-9) {
        bestScore = score;
        best = [{ play, suit }];
      } else if (Math.abs(score - bestScore) <= 1e-9 && !best.some((b) => b.play === play)) best.push({ play, suit });
    }
  }
  const { play, suit } = pick(best, rng);
  return toMove(play, suit);
}
