// The one parser of Auto Pets moves. A player's message (type + payload) becomes a PetsMove
// or a refusal in the hub's words: `unknown-type` for another type, `bad-payload` for a wrong
// shape (core/payload.ts). The definition's parseMove is this (the room's path), and the rules'
// apply checks every move it is given the same way (a bot's, a log's, a test's), so nothing
// else decides what a well-formed move is.

import { unknownType } from "../core/game.js";
import { badPayload, isPlainObject, ok, type Parsed } from "../core/payload.js";
import type { PetsMove } from "./types.js";

/** Message types a player may send (the arena's `opponent` is the room's own: never parsed). */
export const PETS_MOVE_TYPES = ["buy", "sell", "trade", "pick", "pass", "arrange"] as const;
type PetsMoveType = (typeof PETS_MOVE_TYPES)[number];

const MAX_IDS = 64;
const isId = (x: unknown): x is number => typeof x === "number" && Number.isInteger(x) && x >= 0 && x < 1e6;
const isMoveType = (type: unknown): type is PetsMoveType => (PETS_MOVE_TYPES as readonly unknown[]).includes(type);

function ids(x: unknown, what: string): number[] | string {
  if (!Array.isArray(x) || x.length > MAX_IDS || !x.every(isId)) return `${what} must be a list of card ids (numbers from your hand).`;
  return x as number[];
}

/** A `type` move from the fields of `p` (a key `type`, when there, is not a field). */
function fields(type: PetsMoveType, p: Record<string, unknown>): Parsed<PetsMove> {
  const only = (allowed: string[], move: PetsMove): Parsed<PetsMove> => {
    const k = Object.keys(p).find((key) => key !== "type" && !allowed.includes(key));
    return k ? badPayload(`A ${move.type} move has no field ${JSON.stringify(k)}.`) : ok(move);
  };
  switch (type) {
    case "buy":
      if (!(typeof p.slot === "number" && Number.isInteger(p.slot) && p.slot >= 0 && p.slot < 4)) return badPayload("buy needs slot 0..3 (the shop card to buy).");
      return only(["slot"], { type: "buy", slot: p.slot });
    case "sell":
    case "trade": {
      const c = ids(p.cards, "cards");
      if (typeof c === "string") return badPayload(c);
      return only(["cards"], { type, cards: c });
    }
    case "pick":
      if (!(p.index === 0 || p.index === 1)) return badPayload("pick needs index 0 or 1 (which traded card to keep).");
      return only(["index"], { type: "pick", index: p.index });
    case "pass":
      return only([], { type: "pass" });
    case "arrange": {
      const o = ids(p.order, "order");
      if (typeof o === "string") return badPayload(o);
      return only(["order"], { type: "arrange", order: o });
    }
  }
}

/** A player's message → a move (the definition's parseMove). */
export function parsePetsPayload(type: string, payload: unknown): Parsed<PetsMove> {
  if (!isMoveType(type)) return unknownType(type, PETS_MOVE_TYPES);
  if (payload === undefined && type === "pass") payload = {};
  if (!isPlainObject(payload)) return badPayload(`A ${type} message carries an object (see docs/protocol.md, Auto Pets).`);
  if (Object.hasOwn(payload, "type")) return badPayload("The message type names the move: leave type out of the payload.");
  return fields(type, payload);
}

/** A whole move `{type, ...}` as apply() receives it, checked as its message would be. */
export function parsePetsMove(move: unknown): Parsed<PetsMove> {
  if (!isPlainObject(move)) return badPayload("A move is an object with a type: buy, sell, trade, pick, pass or arrange.");
  if (typeof move.type !== "string") return badPayload("A move names its type: buy, sell, trade, pick, pass or arrange.");
  if (!isMoveType(move.type)) return unknownType(move.type, PETS_MOVE_TYPES);
  return fields(move.type, move);
}
