// Joining while the hub cannot answer. A hub whose Redis stalls (several processes) or
// that is restarting answers matchmaking 503 with "The hub is briefly unavailable; try
// again in a few seconds." (server/net/matchmakeHttp.ts); a proxy in front of it may
// answer 502/504, and a dropped network fails the request outright. None of these is a
// refusal, so the join is tried again by itself, with a growing wait, and the player is
// told each time what happens and when the next try is.
import { ServerError } from "colyseus.js";

export const UNAVAILABLE = "The hub is briefly unavailable; try again in a few seconds.";
export const STILL_UNAVAILABLE = "The hub is still unavailable after several tries. Wait a minute, then try again.";

/** Tries of one join before giving up (about a minute in all). */
export const JOIN_TRIES = 8;

/** The wait before try n + 1 (n ≥ 1): 1 s, 2 s, 4 s, 8 s, then 15 s, each ±20 %. */
export function retryDelayMs(n: number, random: () => number = Math.random): number {
  const base = Math.min(15_000, 1000 * 2 ** Math.max(0, n - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

function text(e: unknown): string {
  return e instanceof Error ? e.message : String(e ?? "");
}

/** The hub (or the way to it) could not answer right now: worth trying again by itself. */
export function hubUnavailable(e: unknown): boolean {
  if (e instanceof ServerError && [502, 503, 504].includes(e.code)) return true;
  if (typeof navigator !== "undefined" && navigator.onLine === false) return true;
  // In a browser a request that got no answer at all rejects with the XHR's error event.
  if (typeof Event !== "undefined" && e instanceof Event) return true;
  // colyseus.js rejects a request that got no answer at all with the transport's words.
  const code = (e as { code?: unknown })?.code;
  if (typeof code === "number" && code >= 4000) return false; // a refusal from the matchmaker
  return /briefly unavailable|restarting|failed to fetch|networkerror|network error|load failed|socket hang up|ECONNRESET|ECONNREFUSED|timed out|timeout/i.test(text(e));
}

export interface RetryNotice {
  /** The try that just failed (1-based). */
  attempt: number;
  tries: number;
  /** Until the next try. */
  waitMs: number;
}

/** "The hub is briefly unavailable; … Trying again in 4 s (try 2 of 8)." */
export function retryText(n: RetryNotice): string {
  return `${UNAVAILABLE} Trying again by itself in ${Math.max(1, Math.round(n.waitMs / 1000))} s (try ${n.attempt + 1} of ${n.tries}).`;
}

/** Thrown once every try failed because the hub was unavailable. */
export class StillUnavailable extends Error {
  constructor(readonly cause: unknown) {
    super(STILL_UNAVAILABLE);
  }
}

export interface RetryOptions {
  tries?: number;
  /** Stop trying (the player went elsewhere): the last error is thrown. */
  cancelled?: () => boolean;
  /** Resolves early to try now (a "Try now" button, the browser coming online). */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * `open()`, tried again while the hub is unavailable (see hubUnavailable), `notice` said
 * before each wait. A refusal (room full, bad code, …) is thrown at once, as is the last
 * error once the tries are used up (as StillUnavailable) or the player cancelled.
 */
export async function untilAvailable<T>(open: () => Promise<T>, notice: (n: RetryNotice) => void, options: RetryOptions = {}): Promise<T> {
  const tries = options.tries ?? JOIN_TRIES;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let attempt = 1; ; attempt++) {
    try {
      return await open();
    } catch (e) {
      if (!hubUnavailable(e) || options.cancelled?.()) throw e;
      if (attempt >= tries) throw new StillUnavailable(e);
      const waitMs = retryDelayMs(attempt);
      notice({ attempt, tries, waitMs });
      await sleep(waitMs);
      if (options.cancelled?.()) throw e;
    }
  }
}
