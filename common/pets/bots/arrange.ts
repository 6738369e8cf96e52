// Deck orders for the bots: a few reasoned orders plus random ones. Orders are permutations
// of positions in a list of card keys, so the caller maps them back to card ids.

import type { FastRng } from "../../core/fastRng.js";
import { cardDef } from "../cards.js";

const isFood = (k: string) => cardDef(k).kind === "food";

function shuffle<T>(xs: T[], rng: FastRng): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

/**
 * Builds an order from a pet sequence and a carrier per food: each food goes right before
 * its carrier pet (apples first, so a perk stays the last food before the pet).
 */
function assemble(keys: readonly string[], pets: number[], carrier: (food: number) => number): number[] {
  const before = new Map<number, number[]>();
  const foods = keys.map((_, i) => i).filter((i) => isFood(keys[i]));
  foods.sort((a, b) => Number(keys[a] !== "apple") - Number(keys[b] !== "apple"));
  for (const f of foods) {
    const p = pets.length ? carrier(f) : -1;
    before.set(p, [...(before.get(p) ?? []), f]);
  }
  const out: number[] = [];
  for (const p of pets) out.push(...(before.get(p) ?? []), p);
  out.push(...(before.get(-1) ?? []));
  return out;
}

/** A sensible default: strongest pet first, carrying every food. */
export function defaultOrder(keys: readonly string[]): number[] {
  const pets = keys.map((_, i) => i).filter((i) => !isFood(keys[i]));
  pets.sort((a, b) => cardDef(keys[b]).worth - cardDef(keys[a]).worth || a - b);
  return assemble(keys, pets, () => pets[0]);
}

/** `count` candidate orders: reasoned ones first, then random pet orders and food carriers. */
export function candidateOrders(keys: readonly string[], count: number, rng: FastRng): number[][] {
  const pets = keys.map((_, i) => i).filter((i) => !isFood(keys[i]));
  const byWorth = pets.slice().sort((a, b) => cardDef(keys[b]).worth - cardDef(keys[a]).worth || a - b);
  const byPower = pets.slice().sort((a, b) => cardDef(keys[a]).power - cardDef(keys[b]).power || a - b);
  const out: number[][] = [
    defaultOrder(keys),
    assemble(keys, byWorth.slice().reverse(), () => byWorth[0]), // weakest first to soak, foods on the best
    assemble(keys, byPower, () => byPower[0]), // foods on the first pet
    assemble(keys, byWorth, (f) => byWorth[f % Math.max(1, byWorth.length)]), // foods spread
  ];
  const seen = new Set(out.map((o) => o.join(",")));
  const unique = out.filter((o, i) => out.findIndex((x) => x.join(",") === o.join(",")) === i);
  for (let tries = 0; unique.length < count && tries < count * 4; tries++) {
    const p = shuffle(pets.slice(), rng);
    const o = assemble(keys, p, () => p[rng.int(p.length)]);
    const k = o.join(",");
    if (!seen.has(k)) {
      seen.add(k);
      unique.push(o);
    }
  }
  return unique.slice(0, Math.max(1, count));
}

/** A guess of how an opponent orders its cards: the default order or a random one. */
export function guessOrder(keys: readonly string[], rng: FastRng): string[] {
  const pets = keys.map((_, i) => i).filter((i) => !isFood(keys[i]));
  const order = rng.int(2) ? defaultOrder(keys) : assemble(keys, shuffle(pets.slice(), rng), () => pets[rng.int(Math.max(1, pets.length))]);
  return order.map((i) => keys[i]);
}
