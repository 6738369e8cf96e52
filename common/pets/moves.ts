// Moves arrive as untrusted JSON. parseMove() turns a payload into a PetsMove or a clear
// rejection; apply() only ever sees parsed moves.

import { reject, type Rejection } from "../core/rules.js";
import type { PetsMove } from "./types.js";

export type Parsed = { ok: true; move: PetsMove } | { ok: false; error: Rejection };

const MAX_IDS = 64;
const isId = (x: unknown): x is number => typeof x === "number" && Number.isInteger(x) && x >= 0 && x < 1e6;
const bad = (message: string): Parsed => reject("bad-move", message);

function ids(x: unknown, what: string): number[] | string {
  if (!Array.isArray(x) || x.length > MAX_IDS || !x.every(isId)) return `${what} must be a list of card ids (numbers from your hand).`;
  return x as number[];
}

export function parseMove(payload: unknown): Parsed {
  if (!payload || typeof payload !== "object" || Array.isArray(payload)) return bad("A move is an object with a type: buy, sell, trade, pick, pass or arrange.");
  const p = payload as Record<string, unknown>;
  const extra = (allowed: string[]) => Object.keys(p).find((k) => k !== "type" && !allowed.includes(k));
  const only = (allowed: string[], move: PetsMove): Parsed => {
    const k = extra(allowed);
    return k ? bad(`A ${move.type} move has no field ${JSON.stringify(k)}.`) : { ok: true, move };
  };
  switch (p.type) {
    case "buy":
      if (!(typeof p.slot === "number" && Number.isInteger(p.slot) && p.slot >= 0 && p.slot < 4)) return bad("buy needs slot 0..3 (the shop card to buy).");
      return only(["slot"], { type: "buy", slot: p.slot });
    case "sell":
    case "trade": {
      const c = ids(p.cards, "cards");
      if (typeof c === "string") return bad(c);
      return only(["cards"], { type: p.type, cards: c });
    }
    case "pick":
      if (!(p.index === 0 || p.index === 1)) return bad("pick needs index 0 or 1 (which traded card to keep).");
      return only(["index"], { type: "pick", index: p.index });
    case "pass":
      return only([], { type: "pass" });
    case "arrange": {
      const o = ids(p.order, "order");
      if (typeof o === "string") return bad(o);
      return only(["order"], { type: "arrange", order: o });
    }
    default:
      return reject("unknown-move", `Unknown move type ${JSON.stringify(p.type)}: use buy, sell, trade, pick, pass or arrange.`);
  }
}
