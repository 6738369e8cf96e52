// The deck order during the secret arrange, as pure list work (no DOM, no Pixi): moving a
// card, and the food-to-pet preview the table draws under each card. Foods go onto the next
// pet after them (apples add power, the last perk wins: common/pets/battle.ts); foods with
// no pet after them are wasted.
// (.js paths: test/common runs this file under Node too)
import { cardDef, isCardKey } from "../../../common/pets/index.js";

const isFoodKey = (key: string): boolean => isCardKey(key) && cardDef(key).kind === "food";

export interface OrderCard {
  id: number;
  key: string;
}

/** What the table says under one card of the order. */
export type OrderNote =
  /** A pet: its place among the pets, its power before and after its foods, the perk it will carry. */
  | { kind: "pet"; petNo: number; base: number; power: number; perk: string | null }
  /** A food: the index (in the order) of the pet it goes onto, or null when it is wasted. */
  | { kind: "food"; onto: number | null };

/** What each food in `order` will feed: the next pet's key, or null (wasted). */
export function feeds(order: readonly OrderCard[]): (string | null)[] {
  return preview(order).map((n) => (n.kind === "food" && n.onto !== null ? order[n.onto].key : null));
}

/** The food-to-pet preview for every card of `order` (top of the deck first). */
export function preview(order: readonly OrderCard[]): OrderNote[] {
  const notes: OrderNote[] = [];
  let apples = 0;
  let perk: string | null = null;
  let petNo = 0;
  const waiting: number[] = []; // food indices waiting for their pet
  order.forEach((c, i) => {
    const def = isCardKey(c.key) ? cardDef(c.key) : null;
    if (isFoodKey(c.key)) {
      if (def?.food === "apple") apples++;
      else perk = c.key;
      waiting.push(i);
      notes.push({ kind: "food", onto: null });
      return;
    }
    const base = def?.power ?? 0;
    notes.push({ kind: "pet", petNo: ++petNo, base, power: base + apples, perk });
    for (const f of waiting.splice(0)) notes[f] = { kind: "food", onto: i };
    apples = 0;
    perk = null;
  });
  return notes;
}

/** How many foods sit after the last pet (wasted). */
export const wastedCount = (order: readonly OrderCard[]): number => preview(order).filter((n) => n.kind === "food" && n.onto === null).length;

/** `order` with the card at `from` moved so it lands before the card now at `to` (to = length: last). */
export function moveCard(order: readonly OrderCard[], from: number, to: number): OrderCard[] {
  const next = order.slice();
  if (from < 0 || from >= next.length) return next;
  const [c] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(next.length, to > from ? to - 1 : to)), 0, c);
  return next;
}
