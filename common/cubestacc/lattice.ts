// The occupancy lattice: every placed cube sits at an integer cell reached
// from the root (0,0,0) by one unit step per attach mode. Legality asks only
// "is that cell free?" — screen overlap never blocks a play.

import { cardRank, cardSuit, isWild } from "./deck.js";
import type { AttachMode, Cell, Face, Mode, PlacedCube, Suit } from "./types.js";

/** Unit step of each mode: top/wild up (y), side along x, face along z. */
export const MODE_STEP: Readonly<Record<Mode, Readonly<Cell>>> = {
  start: { x: 0, y: 0, z: 0 },
  top: { x: 0, y: 1, z: 0 },
  wild: { x: 0, y: 1, z: 0 },
  side: { x: 1, y: 0, z: 0 },
  face: { x: 0, z: 1, y: 0 },
};

/** The parent face a mode attaches to (a wild goes into the TOP cell). */
export const faceOf = (mode: AttachMode): Face => (mode === "wild" ? "top" : mode);

export function cellAt(parent: Cell, mode: AttachMode): Cell {
  const d = MODE_STEP[mode];
  return { x: parent.x + d.x, y: parent.y + d.y, z: parent.z + d.z };
}

/**
 * Number key of a cell. Every step is +1 on one axis from (0,0,0) and a game
 * places at most 60 cubes, so coordinates stay within 0..59.
 */
export const cellKey = (c: Cell): number => (c.x * 128 + c.y) * 128 + c.z;

/** The set of occupied cells. */
export function occupancy(placed: readonly PlacedCube[]): Set<number> {
  const set = new Set<number>();
  for (const p of placed) set.add(cellKey(p.cell));
  return set;
}

/** A cube with any face still open is a tip. */
export const isTip = (p: PlacedCube): boolean => p.open.top || p.open.side || p.open.face;

/** The starting cube at (0,0,0), mode `start`. */
export function rootCube(card: number): PlacedCube {
  return {
    id: 0,
    card,
    parent: null,
    mode: "start",
    cell: { x: 0, y: 0, z: 0 },
    suit: cardSuit(card)!,
    rank: cardRank(card),
    wild: false,
    open: { top: true, side: true, face: true },
    by: null,
    depth: 0,
  };
}

/**
 * The cube a play creates. A `0` arrives with TOP blocked. A wild accepts
 * cards only on its TOP (rule: on a wild tip only `top`), so its SIDE and FACE
 * are closed from the start.
 */
export function newCube(id: number, parent: PlacedCube, card: number, mode: AttachMode, suit: Suit, seat: number): PlacedCube {
  const wild = isWild(card);
  const rank = cardRank(card);
  return {
    id,
    card,
    parent: parent.id,
    mode,
    cell: cellAt(parent.cell, mode),
    suit: wild ? suit : cardSuit(card)!,
    rank,
    wild,
    open: { top: rank !== "0", side: !wild, face: !wild },
    by: seat,
    depth: parent.depth + 1,
  };
}

/** The parent after a child attached on `mode`: only that face is covered. */
export function coverFace(parent: PlacedCube, mode: AttachMode): PlacedCube {
  return { ...parent, open: { ...parent.open, [faceOf(mode)]: false } };
}
