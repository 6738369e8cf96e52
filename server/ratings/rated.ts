// Ratings from finished games (docs/ratings.md): a rated game is recorded with its players'
// places, then applied to their ratings once (HomeStore.rateGame, on whichever process asks
// first). A process that stopped between the two leaves the game pending; the next start of
// any process rates it.

import type { HomeStore } from "../store/HomeStore.js";

/** Rates every pending game, oldest first; how many it rated. */
export async function ratePending(home: HomeStore, now: () => number = Date.now): Promise<number> {
  let done = 0;
  for (;;) {
    const ids = await home.pendingRatings(100);
    for (const id of ids) {
      await home.rateGame(id, now());
      done++;
    }
    if (ids.length < 100) return done;
  }
}
