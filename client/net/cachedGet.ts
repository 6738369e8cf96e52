// The answers a game page reads each time it shows (leaderboards, ratings, recent games, the
// seats this browser holds, the lobby's tournaments and today's challenges), kept a short while and asked at most once at a time. A player
// clicking from tile to tile, or back and forth, then sends a handful of requests, never a
// burst that meets the hub's per-address bound (a 429). A room shown forgets them all: the
// game just played may have moved a rating or added a recent game.
import { authHeaders } from "./profile";

/** How long an answer is used again before it is asked anew. */
export const FRESH_MS = 20_000;
/** Answers kept at most (the oldest go first). */
const KEEP = 64;

/** An answer that was not a success, with the hub's own words when it gave any. */
export class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

interface Entry {
  at: number;
  value?: unknown;
  pending?: Promise<unknown>;
}

const answers = new Map<string, Entry>();
/** Bumped by forgetAnswers: a request asked before it is not kept. */
let generation = 0;

export interface CachedOptions {
  /** POST this JSON body instead of a GET (the answer is kept per body). */
  post?: unknown;
  freshMs?: number;
  /** Send the profile key (a route whose answer depends on who asks). */
  auth?: boolean;
}

async function ask(url: string, options: CachedOptions): Promise<unknown> {
  const headers: Record<string, string> = { Accept: "application/json", ...(options.auth ? authHeaders() : {}) };
  const init: RequestInit = options.post === undefined ? { headers } : { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(options.post) };
  const res = await fetch(url, init);
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    /* not JSON */
  }
  if (!res.ok) {
    const b = body as { message?: unknown; error?: { reason?: unknown } } | null;
    const message = b?.message ?? b?.error?.reason;
    throw new HttpError(res.status, typeof message === "string" ? message : `${url} answered ${res.status}`);
  }
  return body;
}

/**
 * The JSON at `url`: the kept answer while it is fresh, the request under way when there is
 * one, else a new request. When the hub says "too many" (429) or cannot answer, a kept
 * answer (even an old one) is better than none.
 */
export function cachedJson<T>(url: string, options: CachedOptions = {}): Promise<T> {
  const key = options.post === undefined ? url : `${url} ${JSON.stringify(options.post)}`;
  const now = Date.now();
  const kept = answers.get(key);
  if (kept?.pending) return kept.pending as Promise<T>;
  if (kept && "value" in kept && now - kept.at < (options.freshMs ?? FRESH_MS)) return Promise.resolve(kept.value as T);
  const asked = generation;
  const pending = ask(url, options).then(
    (value) => {
      if (asked === generation) answers.set(key, { at: Date.now(), value });
      return value;
    },
    (e: unknown) => {
      if (asked !== generation) throw e;
      if (kept && "value" in kept) {
        answers.set(key, { at: kept.at, value: kept.value });
        return kept.value;
      }
      answers.delete(key);
      throw e;
    },
  );
  answers.delete(key); // re-inserted last: the map's order is the order of use
  answers.set(key, { at: kept?.at ?? 0, ...(kept && "value" in kept ? { value: kept.value } : {}), pending });
  while (answers.size > KEEP) answers.delete(answers.keys().next().value as string);
  return pending as Promise<T>;
}

/** Forget every kept answer (a game was played: ratings, recent games and seats may have changed). */
export function forgetAnswers(): void {
  generation++;
  answers.clear();
}
