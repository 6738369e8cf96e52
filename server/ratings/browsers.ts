// Which profiles one browser has held (docs/ratings.md, "Farming pays nothing"): the client
// keeps a random browser id in localStorage beside its profile, kept when the profile changes
// (a device link brings another one, "Forget me" and a new one), and sends it when it joins
// rated quick play. Profiles seen with one browser within a day never meet in rated play.
//
// Kept in memory, per process (a pool's queue is one room on one process); only sha256 hashes
// of browser ids, bounded in count and age. A browser id is no credential and a script can
// send any: this stops a person playing both sides from one browser, the rest of the defence
// is in how much repeated games count (weight.ts).

import { createHash } from "node:crypto";

/** How long a browser and a profile stay linked after they were last seen together. */
export const LINK_MS = 24 * 3600_000;
/** Browsers remembered at most (the oldest links go first). */
const MAX_BROWSERS = 50_000;

const BROWSER_ID = /^[A-Za-z0-9_-]{16,64}$/;

export function isBrowserId(value: unknown): value is string {
  return typeof value === "string" && BROWSER_ID.test(value);
}

export class BrowserLinks {
  /** browser hash → profile → last seen (ms); insertion order is the order of last use. */
  private readonly profilesOf = new Map<string, Map<string, number>>();
  /** profile → browser hashes it was seen with. */
  private readonly browsersOf = new Map<string, Set<string>>();

  /** `profileId` joined rated quick play from `browser` (a client's browser id) at `now`. */
  seen(browser: string, profileId: string, now: number): void {
    const key = createHash("sha256").update(browser).digest("hex");
    const profiles = this.profilesOf.get(key) ?? new Map<string, number>();
    this.profilesOf.delete(key);
    profiles.set(profileId, now);
    this.profilesOf.set(key, profiles);
    let browsers = this.browsersOf.get(profileId);
    if (!browsers) this.browsersOf.set(profileId, (browsers = new Set()));
    browsers.add(key);
    while (this.profilesOf.size > MAX_BROWSERS) this.forget(this.profilesOf.keys().next().value!);
  }

  /** The other profiles any browser of `profileId` held within LINK_MS of `now`. */
  others(profileId: string, now: number): Set<string> {
    const out = new Set<string>();
    for (const key of this.browsersOf.get(profileId) ?? []) {
      const profiles = this.profilesOf.get(key);
      if (!profiles) continue;
      for (const [other, at] of profiles) {
        if (now - at > LINK_MS) {
          profiles.delete(other);
          this.browsersOf.get(other)?.delete(key);
        } else if (other !== profileId) out.add(other);
      }
      if (profiles.size === 0) this.forget(key);
    }
    return out;
  }

  private forget(key: string): void {
    for (const profile of this.profilesOf.get(key)?.keys() ?? []) {
      const browsers = this.browsersOf.get(profile);
      browsers?.delete(key);
      if (browsers?.size === 0) this.browsersOf.delete(profile);
    }
    this.profilesOf.delete(key);
  }
}

/** The process's links (every pool's queue asks the same: a browser is one person whatever they play). */
export const browserLinks = new BrowserLinks();
