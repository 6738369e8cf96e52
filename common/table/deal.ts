// The deal off the event loop (issue 36 point 4): an eight-seat deal (4,000 cards made,
// shuffled, hands drawn: setupTable) held a hub's loop 16–26 ms warm. A big deal is a move's
// long work (GameDef.prepare / work, common/core/game.ts): the room has `dealWork` run on a
// worker thread and applies the last deck with its result.
//
// The result crosses back as a compact deal (`packDeal`): the card ids, def indexes, owners,
// zones and z stamps as typed arrays, whole objects only for the few cards the deal wrote (the
// opening hands), and the game's small parts (players, options, turn…). A structured clone of
// 4,000 card objects would have cost the loop again to read; `unpackDeal` makes the cards
// anew on the loop, each dealt card sharing its untouched parts (UNTOUCHED), exactly as
// setupTable left them. The result is only what the rules compute: a replay without it (a
// restore in another process) deals in process and gets the same game.

import type { Seed } from "../core/rng.js";
import type { Preparation } from "../core/game.js";
import { CardIndex } from "./cardIndex.js";
import { deckSize, type Deck } from "./deck.js";
import { cloneCard, cloneSmallParts } from "./draft.js";
import { blankCard } from "./moves.js";
import { setupTable, UNTOUCHED, type TableConfig } from "./setup.js";
import { MAX_PLAYERS, type Card, type TableGame } from "./types.js";

/** Deals of more cards than this are made on a worker thread (a 2 × 60-card deal takes well under a millisecond). */
export const DEAL_OFF_LOOP_CARDS = 240;

/** The key a deal's result is taken under. */
export const DEAL_WORK = "table-deal";

/** What setupTable is called with: the preparation's task (plain data). */
export interface DealTask {
  seed: Seed;
  config: TableConfig;
  seats: number;
}

/** A dealt game in compact form (see the header); or the deal's refusal (too many cards or definitions). */
export type PackedDeal =
  | {
      /** The game without its cards and zones (players, options, defs, turn, id stream…). */
      game: Omit<TableGame, "cards" | "zones">;
      /** Every card's id, in the order the card index holds them. */
      ids: Int32Array;
      def: Int32Array;
      owner: Int8Array;
      /** Index of the card's zone in `keys`. */
      at: Uint8Array;
      z: Int32Array;
      /** The zones' keys, and their ids in order (one array per key). */
      keys: string[];
      zones: Int32Array[];
      /** The cards the deal wrote (not blank): their place in `ids` and the whole card. */
      written: number[];
      cards: Card[];
    }
  | { error: string };

/** Seats, sections and counts of every deck the deal takes: whether it is worth a thread. */
export function dealCards(config: TableConfig, seats: number): number {
  let n = 0;
  for (let seat = 0; seat < seats; seat++) {
    const deck: Deck | undefined = config.decks?.[seat];
    if (!deck) n += 52;
    else for (const section of Object.keys(deck) as (keyof Deck)[]) n += deckSize(deck, section);
  }
  return n;
}

/** A 53-bit hash of a string (cyrb53): names a deal's inputs in its key, cheaply. */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * Each deck's digest, by the deck object: a table's decks stay the same objects from the move that
 * took them to the deal, so each is hashed once (~0.2 ms for a 500-card list), when it is taken
 * (game.ts deckStep: that move's own message, not the deal's), not at every ask.
 * Decks are never written after parsing (a state change copies its container).
 */
const deckDigests = new WeakMap<object, string>();
export function deckDigest(deck: Deck | undefined): string | null {
  if (!deck) return null;
  let d = deckDigests.get(deck);
  if (d === undefined) {
    const json = JSON.stringify(deck);
    deckDigests.set(deck, (d = `${json.length}.${hash53(json)}`));
  }
  return d;
}

/** The key of a deal: its seed, and a hash and the length of every input (a cached result is taken only for the same deal). */
export function dealKey(task: DealTask): string {
  const json = JSON.stringify({ ...task, config: { ...task.config, decks: task.config.decks?.map(deckDigest) } });
  return `${DEAL_WORK}:${JSON.stringify(task.seed)}:${json.length}:${hash53(json)}`;
}

/** The preparation of a deal big enough to be made off the loop, or null (dealt in process). */
export function dealPreparation(task: DealTask): Preparation | null {
  if (dealCards(task.config, task.seats) <= DEAL_OFF_LOOP_CARDS) return null;
  return {
    key: dealKey(task),
    task,
    words: "Shuffling and dealing the decks…",
    // A whole table behind one address (a classroom) imports at once: its seats' card lookups
    // (server/rooms/table/parts.ts) may still run when the last deck deals.
    perAddress: MAX_PLAYERS,
    refusals: {
      failed: "The cards could not be dealt (the server had a problem): send your deck again.",
      slow: "Dealing took too long (the server is busy): send your deck again in a moment.",
      busy: "The server is dealing many tables right now: send your deck again in a few seconds.",
    },
  };
}

/** Does the work: the rules' own deal, packed. Pure (runs on a worker thread). */
export function dealWork(task: unknown): PackedDeal {
  const t = task as DealTask;
  let g: TableGame;
  try {
    g = setupTable(t.seed, t.config, t.seats);
  } catch (e) {
    return { error: (e as Error).message };
  }
  return packDeal(g);
}

/** Whether `c` is exactly the blank card the deal made (untouched parts shared, every field as made). */
function isBlank(c: Card): boolean {
  if (c.counters !== UNTOUCHED.counters || c.keywords !== UNTOUCHED.keywords || c.labels !== UNTOUCHED.labels || c.pt !== UNTOUCHED.pt) return false;
  const blank = blankCard(c.id, c.def, c.owner, c.at, 0, c.z, UNTOUCHED) as unknown as Record<string, unknown>;
  const keys = Object.keys(c);
  if (keys.length !== Object.keys(blank).length) return false;
  for (const k of keys) if ((c as unknown as Record<string, unknown>)[k] !== blank[k]) return false;
  return true;
}

/** A dealt game in compact form. */
export function packDeal(g: TableGame): PackedDeal {
  const { cards: index, zones: zoneMap, ...game } = g;
  const keys = Object.keys(zoneMap);
  const keyOf = new Map(keys.map((k, i) => [k, i]));
  const n = index.size;
  const ids = new Int32Array(n);
  const def = new Int32Array(n);
  const owner = new Int8Array(n);
  const at = new Uint8Array(n);
  const z = new Int32Array(n);
  const written: number[] = [];
  const cards: Card[] = [];
  let i = 0;
  for (const c of index.values()) {
    const zone = keyOf.get(c.at);
    if (zone === undefined || c.z !== (c.z | 0) || c.id !== (c.id | 0)) throw new Error(`card ${c.id} cannot be packed`);
    ids[i] = c.id;
    def[i] = c.def;
    owner[i] = c.owner;
    at[i] = zone;
    z[i] = c.z;
    if (!isBlank(c)) {
      written.push(i);
      cards.push(c);
    }
    i++;
  }
  return { game, ids, def, owner, at, z, keys, zones: keys.map((k) => Int32Array.from(zoneMap[k])), written, cards };
}

/** The game a packed deal stands for: what setupTable returned (each call a game of its own). */
export function unpackDeal(p: Exclude<PackedDeal, { error: string }>): TableGame {
  const cards = new CardIndex<Card>();
  let w = 0;
  const { ids, def, owner, at, z, keys } = p;
  for (let i = 0; i < ids.length; i++) {
    if (p.written[w] === i) cards.set(ids[i], cloneCard(p.cards[w++]));
    else cards.set(ids[i], blankCard(ids[i], def[i], owner[i], keys[at[i]], 0, z[i], UNTOUCHED));
  }
  const zones: Record<string, number[]> = {};
  keys.forEach((k, i) => (zones[k] = Array.from(p.zones[i])));
  // The small parts copied too: a cached result may be unpacked again (a restore, the mirror).
  return { ...cloneSmallParts(p.game), cards, zones };
}
