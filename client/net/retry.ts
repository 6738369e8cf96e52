// Trying again while the hub cannot answer: the one place that says what is worth trying
// again and how long to wait. A hub whose Redis stalls (several processes) or that is
// restarting answers matchmaking 503 with "The hub is briefly unavailable; try again in a
// few seconds." (server/net/matchmakeHttp.ts); a proxy in front of it may answer 502/504,
// and a dropped network fails the request outright. None of these is a refusal, so a join
// is tried again by itself, with a growing wait, and the player is told each time what
// happens and when the next try is. Used by the lobby's buttons (untilAvailable), a page
// opening a room (ui/unreachable.ts) and a live room's reconnects (net/session.ts).
import { ServerError } from "colyseus.js";

export const UNAVAILABLE = "The hub is briefly unavailable; try again in a few seconds.";
export const STILL_UNAVAILABLE = "The hub is still unavailable after several tries. Wait a minute, then try again.";
/** Said instead when this device has no network: the hub is not to blame. */
export const OFFLINE = "You are offline: this device has no internet connection (Wi-Fi or mobile data).";
/** Titles of the games that play offline (ClientGame.offline), told by the client's entry (main.ts). */
let offlineGames: readonly string[] = [];

export function playsOffline(titles: readonly string[]): void {
  offlineGames = titles;
}

/** Said once every try failed without a network: and which games still play offline. */
export function stillOfflineText(): string {
  return [`${OFFLINE} Connect, then try again.`, ...offlineGames.map((t) => `Offline solo ${t} plays without a connection.`)].join(" ");
}

/** The browser says it has no network at all. */
export function isOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

/** What to say once every try failed: offline, or the hub still unavailable. */
export function stillUnavailableText(): string {
  return isOffline() ? stillOfflineText() : STILL_UNAVAILABLE;
}

/** Tries of one join before giving up (about a minute in all). */
export const JOIN_TRIES = 8;

/**
 * For this long after the trouble began, tries come at most 2 s apart: a phone changing
 * networks is back within seconds. After it, the waits grow to 15 s (a long outage, or a
 * restarted server's crowd, spread out).
 */
export const QUICK_RETRY_MS = 30_000;

/**
 * The wait before try n + 1 (n ≥ 1): 1 s, 2 s, 4 s, 8 s, then 15 s, each ±20 %. With
 * `awayMs` (since the trouble began) the waits stay at 2 s for the first 30 s.
 */
export function retryDelayMs(n: number, awayMs = Infinity, random: () => number = Math.random): number {
  const cap = awayMs < QUICK_RETRY_MS ? 2000 : 15_000;
  const base = Math.min(cap, 1000 * 2 ** Math.max(0, n - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * A live room's reconnect attempt n (1-based), `awayMs` after the drop: 0.4 s, 0.8 s, 1.6 s …
 * ("equal jitter"), capped at 2 s for the first 30 s, then at 15 s.
 */
export function reconnectDelayMs(attempt: number, awayMs = 0, random: () => number = Math.random): number {
  const cap = awayMs < QUICK_RETRY_MS ? 2000 : 15_000;
  const ceiling = Math.min(cap, 400 * 2 ** Math.max(0, attempt - 1));
  return ceiling / 2 + random() * (ceiling / 2);
}

function text(e: unknown): string {
  return e instanceof Error ? e.message : String(e ?? "");
}

/** The hub answered, but only that it cannot serve now (503 and the like), rather than the network failing. */
export function hubBusy(e: unknown): boolean {
  return (e instanceof ServerError && [502, 503, 504].includes(e.code)) || /briefly unavailable|restarting/i.test(text(e));
}

/**
 * The room's socket closed before its join completed, with no word from the server (a cut or
 * stalled link): colyseus.js rejects with a ServerError whose message is empty and whose code
 * is the socket's close code (1006) or none at all (the browser's error event). The server's
 * own refusals always say something, with a 4xxx code.
 */
export function socketClosedBeforeJoin(e: unknown): boolean {
  return e instanceof ServerError && !e.message && !(typeof e.code === "number" && e.code >= 4000);
}

/** The hub (or the way to it) could not answer right now: worth trying again by itself. */
export function hubUnavailable(e: unknown): boolean {
  if (e instanceof ServerError && [502, 503, 504].includes(e.code)) return true;
  if (socketClosedBeforeJoin(e)) return true;
  if (isOffline()) return true;
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

/** "The hub is briefly unavailable; … Trying again in 4 s (try 2 of 8)." ("You are offline: …" without a network). */
export function retryText(n: RetryNotice): string {
  return `${isOffline() ? OFFLINE : UNAVAILABLE} Trying again by itself in ${Math.max(1, Math.round(n.waitMs / 1000))} s (try ${n.attempt + 1} of ${n.tries}).`;
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
