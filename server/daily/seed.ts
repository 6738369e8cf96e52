// The day's seed of a game's daily challenge: HMAC-SHA256 of "daily/<game>/<day>" under the
// hub's secret, cut to 128 bits (the rooms' seed size, common/core/rng.ts). The same for every
// player and process; unknowable without the secret, so nobody can look a day's board up in
// advance. The secret is DAILY_SECRET when set (at least 32 characters), else one the first
// process made and kept in the store (hub_meta), read once per process.

import { createHmac, randomBytes } from "node:crypto";
import { seedInput } from "../../common/daily.js";
import type { DailyStore } from "../store/DailyStore.js";

let cached: { store: DailyStore; secret: Promise<string> } | null = null;

/** The secret: the setting's, else the store's (made once, whoever writes first). */
export function dailySecret(store: DailyStore, setting: string | undefined = process.env.DAILY_SECRET): Promise<string> {
  if (setting && setting.length >= 32) return Promise.resolve(setting);
  if (cached?.store !== store) {
    const secret = store.secret(randomBytes(32).toString("hex"));
    cached = { store, secret };
    // A store that could not answer is asked again next time.
    secret.catch(() => (cached = null));
  }
  return cached.secret;
}

/** A game's seed on a day under `secret`: 32 hex digits. */
export function daySeed(secret: string, game: string, day: string): string {
  return createHmac("sha256", secret).update(seedInput(game, day)).digest("hex").slice(0, 32);
}
