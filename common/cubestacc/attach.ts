// Attaching a hand card to a tip: the allowed modes, their cells, and the
// legal plays of a seat. Pure and layout-free: cells and open faces only.

import { cardRank, cardSuit, isFaceRank, isWild } from "./deck.js";
import { cellAt, cellKey, isTip, occupancy } from "./lattice.js";
import type { AttachMode, CubestaccState, LegalPlay, PlacedCube, Rank } from "./types.js";

/**
 * Modes a hand card may use on a placed cube, before the cell check:
 * 1. a wild in hand: `wild`, into the tip's TOP cell, even on a `0`;
 * 2. on a wild tip: only `top`, with the wild's chosen suit;
 * 3. otherwise `top` (same suit, TOP open), `side` (same rank, SIDE open),
 *    `face` (same face rank, FACE open). Same face rank offers SIDE and FACE.
 */
export function modesFor(card: number, tip: PlacedCube): AttachMode[] {
  if (!isTip(tip)) return [];
  if (isWild(card)) return ["wild"];
  const suit = cardSuit(card);
  if (tip.wild) return tip.open.top && suit === tip.suit ? ["top"] : [];
  const rank = cardRank(card);
  const modes: AttachMode[] = [];
  if (tip.open.top && suit === tip.suit) modes.push("top");
  if (tip.open.side && rank === tip.rank) modes.push("side");
  if (tip.open.face && rank === tip.rank && isFaceRank(rank)) modes.push("face");
  return modes;
}

/** The table as the attach rules see it (a state and a view both qualify). */
export interface Board {
  readonly placed: readonly PlacedCube[];
  /** Wild pivot: the only cube that may be built on, or null. */
  readonly pivot: number | null;
}

/** Which cards the seat on turn may play at all. */
export interface Restriction {
  /** Same-rank dump: only this rank. */
  rank?: Rank;
  /** K stack pending: only a K. */
  kingsOnly?: boolean;
}

export function allowedByRestriction(card: number, r: Restriction): boolean {
  if (r.rank !== undefined) return !isWild(card) && cardRank(card) === r.rank;
  if (r.kingsOnly) return !isWild(card) && cardRank(card) === "K";
  return true;
}

/** The cubes that may be built on (all of them, or only the pivot wild). */
export function targets(board: Board): readonly PlacedCube[] {
  if (board.pivot === null) return board.placed;
  const p = board.placed[board.pivot];
  return p ? [p] : [];
}

/** Every legal spot for one card on a board, ignoring turn restrictions. */
export function spotsFor(board: Board, card: number, occupied: Set<number> = occupancy(board.placed)): LegalPlay[] {
  const out: LegalPlay[] = [];
  for (const tip of targets(board)) {
    for (const mode of modesFor(card, tip)) {
      if (!occupied.has(cellKey(cellAt(tip.cell, mode)))) out.push({ card, onto: tip.id, mode });
    }
  }
  return out;
}

/** Legal plays of a hand on a board under a restriction. */
export function legalPlaysFor(board: Board, hand: readonly number[], restriction: Restriction = {}): LegalPlay[] {
  const occupied = occupancy(board.placed);
  const out: LegalPlay[] = [];
  for (const card of hand) if (allowedByRestriction(card, restriction)) out.push(...spotsFor(board, card, occupied));
  return out;
}

/** True when the hand has at least one legal play (stops at the first). */
export function canPlayFor(board: Board, hand: readonly number[], restriction: Restriction = {}): boolean {
  const occupied = occupancy(board.placed);
  for (const card of hand) if (allowedByRestriction(card, restriction) && spotsFor(board, card, occupied).length) return true;
  return false;
}

/** The restriction on the seat on turn: a dump's rank, else a pending K stack. */
export function turnRestriction(s: Pick<CubestaccState, "dump" | "pending">): Restriction {
  if (s.dump) return { rank: s.dump.rank };
  if (s.pending > 0) return { kingsOnly: true };
  return {};
}

/** Every legal play of `seat` now: none when it is not their turn or the game is over. */
export function legalPlays(state: CubestaccState, seat: number): LegalPlay[] {
  if (state.phase !== "playing" || seat !== state.turn) return [];
  return legalPlaysFor(state, state.hands[seat], turnRestriction(state));
}

export function canPlay(state: CubestaccState, seat: number): boolean {
  if (state.phase !== "playing" || seat !== state.turn) return false;
  return canPlayFor(state, state.hands[seat], turnRestriction(state));
}

/**
 * What the open frontier of a board accepts, summarised for quick "does this
 * card fit anywhere?" questions (bots ask it for dozens of cards per choice).
 * `fits(frontierOf(board), card)` equals `spotsFor(board, card).length > 0`.
 */
export interface Frontier {
  /** Suits some free TOP cell takes (a normal tip's own suit, or a wild tip's chosen suit). */
  topSuits: Set<string>;
  /** Ranks some free SIDE cell takes. */
  sideRanks: Set<string>;
  /** Face ranks some free FACE cell takes. */
  faceRanks: Set<string>;
  /** Some tip has a free TOP cell: a wild fits. */
  wildFits: boolean;
}

export function frontierOf(board: Board, occupied: Set<number> = occupancy(board.placed)): Frontier {
  const f: Frontier = { topSuits: new Set(), sideRanks: new Set(), faceRanks: new Set(), wildFits: false };
  for (const tip of targets(board)) {
    if (!isTip(tip)) continue;
    const topFree = !occupied.has(cellKey(cellAt(tip.cell, "top")));
    if (topFree) f.wildFits = true;
    if (tip.open.top && topFree) f.topSuits.add(tip.suit);
    if (tip.wild) continue;
    if (tip.open.side && !occupied.has(cellKey(cellAt(tip.cell, "side")))) f.sideRanks.add(tip.rank!);
    if (tip.open.face && isFaceRank(tip.rank) && !occupied.has(cellKey(cellAt(tip.cell, "face")))) f.faceRanks.add(tip.rank!);
  }
  return f;
}

export function fits(f: Frontier, card: number): boolean {
  if (isWild(card)) return f.wildFits;
  const rank = cardRank(card)!;
  return f.topSuits.has(cardSuit(card)!) || f.sideRanks.has(rank) || (f.faceRanks.has(rank) && isFaceRank(rank));
}
