// Helpers for Auto Pets tests: apply moves, stage cards, random and scripted players.

import { expect } from "chai";
import { createFastRng, type FastRng } from "../../common/core/fastRng.js";
import { addCard, cardDef, isPet, petCount, petsRules, toAct, type PetsMove, type PetsState } from "../../common/pets/index.js";

const CTX = { rng: null as never, now: 0 };

export function play(s: PetsState, seat: number, move: PetsMove): PetsState {
  const r = petsRules.apply(s, seat, move, CTX);
  if (!r.ok) expect.fail(`${JSON.stringify(move)} by seat ${seat} rejected: ${r.error.code} ${r.error.message}`);
  return r.state;
}

export function rejected(s: PetsState, seat: number, move: unknown): string {
  const before = JSON.stringify(s);
  const r = petsRules.apply(s, seat, move as PetsMove, CTX);
  if (r.ok) expect.fail(`${JSON.stringify(move)} by seat ${seat} was accepted`);
  expect(JSON.stringify(s)).to.equal(before);
  expect(r.error.message).to.be.a("string").and.not.equal("");
  return r.error.code;
}

/** Takes a card of `key` out of the tier decks (any position); apples are created. */
export function take(s: PetsState, key: string): number {
  if (key === "apple") return addCard(s, "apple");
  for (const d of s.decks) {
    const i = d.findIndex((id) => s.kinds[id] === key);
    if (i >= 0) return d.splice(i, 1)[0];
  }
  throw new Error(`no ${key} left in the decks`);
}

/** Gives seat these cards (moved out of the decks). */
export function give(s: PetsState, seat: number, keys: string[]): number[] {
  const ids = keys.map((k) => take(s, k));
  s.hands[seat].push(...ids);
  return ids;
}

/** Puts these cards in the shop row, the old row going back under its deck. */
export function stageRow(s: PetsState, keys: string[]): void {
  for (const id of s.row) if (id !== null) s.decks[cardDef(s.kinds[id]).tier - 1].unshift(id);
  s.row = keys.map((k) => take(s, k));
}

export const idsOf = (s: PetsState, seat: number, key: string) => s.hands[seat].filter((id) => s.kinds[id] === key);

/** A random legal-ish player: legal moves mostly, from the full state (tests only). */
export function randomMove(s: PetsState, seat: number, r: FastRng): PetsMove {
  const hand = s.hands[seat];
  if (s.phase === "arrange") {
    const order = hand.slice();
    for (let i = order.length - 1; i > 0; i--) {
      const j = r.int(i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    return { type: "arrange", order };
  }
  if (s.picks[seat]) return { type: "pick", index: r.int(s.picks[seat]!.length) };
  const sellable = hand.filter((id) => s.kinds[id] !== "apple");
  const bySuit = new Map<string, number[]>();
  for (const id of hand) if (isPet(s, id)) bySuit.set(cardDef(s.kinds[id]).suit!, [...(bySuit.get(cardDef(s.kinds[id]).suit!) ?? []), id]);
  const triple = [...bySuit.values()].find((v) => v.length >= 3);
  const roll = r.int(10);
  if (triple && roll < 3) return { type: "trade", cards: triple.slice(0, 3) };
  const slots = s.row.flatMap((id, i) => (id === null ? [] : [i]));
  if (s.gold[seat] > 0 && slots.length && roll < 8) return { type: "buy", slot: slots[r.int(slots.length)] };
  if (petCount(s, seat) > 5 || (sellable.length && roll === 8)) return { type: "sell", cards: [sellable[r.int(sellable.length)]] };
  return { type: "pass" };
}

/** Plays a whole game with random players; `each` sees every accepted step. */
export function randomGame(seed: number, seats: number, each?: (before: PetsState, after: PetsState, seat: number, move: PetsMove) => void): { state: PetsState; log: { seat: number; move: PetsMove }[] } {
  let s = petsRules.setup(seed, { seats }, seats);
  const r = createFastRng(seed, 7);
  const log: { seat: number; move: PetsMove }[] = [];
  for (let n = 0; s.phase !== "finished"; n++) {
    if (n > 5000) throw new Error("game did not end");
    const act = toAct(s);
    const seat = act[r.int(act.length)];
    const move = randomMove(s, seat, r);
    const res = petsRules.apply(s, seat, move, CTX);
    if (!res.ok) continue; // e.g. a trade when the next deck is empty
    each?.(s, res.state, seat, move);
    log.push({ seat, move });
    s = res.state;
  }
  return { state: s, log };
}

/**
 * A copy of `s` where everything hidden from `seat` is scrambled: which pets and which
 * foods sit in the tier decks, other seats' hands and trade picks (counts of pets and
 * foods kept, as they are public), other seats' submitted orders, and the dice.
 */
export function scrambleHidden(s: PetsState, seat: number, r: FastRng): PetsState {
  const t: PetsState = JSON.parse(JSON.stringify(s));
  const hidden: number[] = [...t.decks.flat()];
  for (let o = 0; o < t.seats; o++) if (o !== seat) hidden.push(...t.hands[o], ...(t.picks[o] ?? []));
  const shuffle = <T>(xs: T[]) => {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = r.int(i + 1);
      [xs[i], xs[j]] = [xs[j], xs[i]];
    }
    return xs;
  };
  for (const group of [(k: string) => cardDef(k).kind === "pet", (k: string) => cardDef(k).kind === "food" && k !== "apple"]) {
    const ids = hidden.filter((id) => group(t.kinds[id]));
    const kinds = shuffle(ids.map((id) => t.kinds[id]));
    ids.forEach((id, i) => (t.kinds[id] = kinds[i]));
  }
  for (let o = 0; o < t.seats; o++) if (o !== seat && t.orders[o]) shuffle(t.orders[o]!);
  t.rng = [r.nextUint32(), r.nextUint32(), r.nextUint32(), r.nextUint32()];
  return t;
}

/** Every card id appears exactly once across decks, row, hands, picks and discard. */
export function accountingError(s: PetsState): string | null {
  const seen = new Uint8Array(s.kinds.length);
  const zones: [string, readonly (number | null)[]][] = [["row", s.row], ["discard", s.discard]];
  s.decks.forEach((d, t) => zones.push([`tier ${t + 1} deck`, d]));
  for (let i = 0; i < s.seats; i++) zones.push([`hand ${i}`, s.hands[i]], [`picks ${i}`, s.picks[i] ?? []]);
  let total = 0;
  for (const [zone, ids] of zones) for (const id of ids) {
    if (id === null) continue;
    if (!(id >= 0 && id < seen.length)) return `${zone} holds unknown id ${id}`;
    if (seen[id]++) return `card ${id} (${s.kinds[id]}) is in two places (again in ${zone})`;
    total++;
  }
  if (total === seen.length) return null;
  const lost = seen.indexOf(0);
  return `card ${lost} (${s.kinds[lost]}) is nowhere`;
}
