// How a seat's legal plays travel in the schema: one uint16 per play instead of a
// three-field object. A seat on turn often has a dozen plays, and as objects they were
// about a fifth of every move's bytes. Pure, shared by the server (pack), the client and
// any other reader (unpack).
//
//   bits 0–5   card id (0..59)
//   bits 6–11  cube id it goes onto (0..59: at most one cube per card)
//   bits 12–13 mode: ATTACH_MODES index (top 0, side 1, face 2, wild 3)

import { DECK_SIZE, ATTACH_MODES, type DrawAction, type LegalPlay } from "./types.js";

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
