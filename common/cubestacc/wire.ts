// How the table and a seat's legal plays travel in the schema: one number each instead of
// an object. Pure, shared by the server (pack), the client and any other reader (unpack).
//
// A legal play, one uint16 (a seat on turn often has a dozen; as objects they were about a
// fifth of every move's bytes):
//   bits 0–5   card id (0..59)
//   bits 6–11  cube id it goes onto (0..59: at most one cube per card)
//   bits 12–13 mode: ATTACH_MODES index (top 0, side 1, face 2, wild 3)
//
// A placed cube, one uint32 (as an 11-field object it was ~37 bytes of every play's patch):
//   bits 0–5   card id
//   bits 6–11  the cube it is attached to (0 for the root, which has none)
//   bits 12–14 mode: WIRE_MODES index (start 0, top 1, side 2, face 3, wild 4)
//   bits 15–16 suit: SUITS index (the card's; for a wild the one its player chose)
//   bits 17–19 room seat that played it + 1 (0 for the root)
// Only what a play decides is sent: the cell, the open faces, rank, wild and depth follow
// from the cubes before it by the rules' own functions (unpackCubes), so a cube never
// changes once sent (a child covering a face changes nothing on the wire).

import { coverFace, newCube, rootCube } from "./lattice.js";
import { DECK_SIZE, ATTACH_MODES, FIRST_WILD, SUITS, type DrawAction, type LegalPlay, type Mode, type PlacedCube } from "./types.js";

/** `drawAction` in the schema is a string: "" stands for null (draw refused now). */
export type WireDrawAction = "" | Exclude<DrawAction, null>;
export const drawActionToWire = (a: DrawAction): WireDrawAction => a ?? "";
export function drawActionFromWire(s: unknown): WireDrawAction {
  return s === "draw" || s === "take" || s === "pass" ? s : "";
}

const SIX_BITS = 0x3f;

export function packPlay(play: LegalPlay): number {
  const mode = ATTACH_MODES.indexOf(play.mode);
  if (mode < 0 || !inDeckRange(play.card) || !inDeckRange(play.onto)) throw new Error(`cannot pack play ${JSON.stringify(play)}`);
  return play.card | (play.onto << 6) | (mode << 12);
}

/** The play a packed number stands for; null when it is not one (out of range or malformed). */
export function unpackPlay(packed: unknown): LegalPlay | null {
  if (typeof packed !== "number" || !Number.isInteger(packed) || packed < 0 || packed >= 1 << 14) return null;
  const card = packed & SIX_BITS;
  const onto = (packed >> 6) & SIX_BITS;
  if (!inDeckRange(card) || !inDeckRange(onto)) return null;
  return { card, onto, mode: ATTACH_MODES[packed >> 12] };
}

function inDeckRange(n: number): boolean {
  return Number.isInteger(n) && n >= 0 && n < DECK_SIZE;
}

/** Cube modes on the wire, by index. */
export const WIRE_MODES: readonly Mode[] = ["start", ...ATTACH_MODES];

/** One placed cube as a number; `by` is the room seat that played it (−1 for the root). */
export function packCube(cube: PlacedCube, by: number): number {
  const mode = WIRE_MODES.indexOf(cube.mode);
  const suit = SUITS.indexOf(cube.suit);
  const root = cube.parent === null;
  if (mode < 0 || suit < 0 || !inDeckRange(cube.card) || root !== (mode === 0) || (!root && !inDeckRange(cube.parent!)) || !(root ? by === -1 : by >= 0 && by < 7)) {
    throw new Error(`cannot pack cube ${JSON.stringify(cube)} played by ${by}`);
  }
  return cube.card | ((cube.parent ?? 0) << 6) | (mode << 12) | (suit << 15) | ((by + 1) << 17);
}

/**
 * The table the packed cubes stand for, as the rules hold it (cells, open faces, depth),
 * `by` in room seats. Stops at the first number that is not a cube that can follow the ones
 * before it (a reader never throws on what the wire brings).
 */
export function unpackCubes(packed: ArrayLike<unknown>): PlacedCube[] {
  const placed: PlacedCube[] = [];
  for (let i = 0; i < packed.length; i++) {
    const n = packed[i];
    if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n >= 1 << 20) break;
    const card = n & SIX_BITS;
    const parent = (n >> 6) & SIX_BITS;
    const mode = WIRE_MODES[(n >> 12) & 7];
    const suit = SUITS[(n >> 15) & 3];
    const by = (n >> 17) - 1;
    if (!inDeckRange(card) || mode === undefined) break;
    if (i === 0) {
      if (mode !== "start") break;
      placed.push(rootCube(card));
      continue;
    }
    if (mode === "start" || parent >= i || by < 0 || (mode === "wild") !== card >= FIRST_WILD) break;
    placed.push(newCube(i, placed[parent], card, mode, suit, by));
    placed[parent] = coverFace(placed[parent], mode);
  }
  return placed;
}
