// A decklist's card data lookups, off the event loop (issue 36 point 4): the last piece of a
// 500-line list asked the card data up to 1,500 times on the loop (better-sqlite3 is
// synchronous), ~70 ms that every room of the process waited. Now the room hands the queries
// to a worker thread as a preparation (server/rooms/game/preparing.ts, the bot pool's threads)
// and applies the deck move with the answers once they arrive; each thread reads the same
// file through its own read-only connection. The answers travel in the move as before, so a
// replay reads the same cards.

import type { CardQuery, ResolvedCards } from "../../common/table/cards.js";
import { resolveCards } from "../../common/table/cards.js";
import { CardStore } from "./store.js";

/** The preparation's work name (runPreparation answers it here, not with a game's `work`). */
export const CARD_LOOKUPS = "cards:lookup";

export interface LookupTask {
  /** The card data file (the room's CardStore's) and whether pictures are on. */
  file: string;
  images: boolean;
  queries: CardQuery[];
}

/** One store per file and setting in this thread (it reopens the file when an import replaced it). */
const stores = new Map<string, CardStore>();

/** Answers a decklist's queries from the card data (run on a worker thread, or in process in tests). */
export function runLookups(task: LookupTask): ResolvedCards {
  const key = `${task.images ? 1 : 0}:${task.file}`;
  let store = stores.get(key);
  if (!store) stores.set(key, (store = new CardStore(task.file, task.images)));
  if (!store.info()) throw new Error("card data unreadable");
  return resolveCards(task.queries, store);
}
