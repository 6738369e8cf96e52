// Finished games are never dropped silently when the store cannot write (disk full, a
// read-only or failing disk): the record waits in a bounded queue, in order, and is retried
// with backoff; the log says what is wrong and how many results wait; the room tells its
// players "result not saved yet" and gives them the replay once it is written. A store on
// another machine (PostgreSQL) answers with a promise: its writes go out one at a time, in
// order, and the room hears "saving" (no link yet) until the id is back.

import {
  isHubStore,
  type ArenaTeamsQuery,
  type Awaitable,
  type FinishedGame,
  type GameStore,
  type HubStore,
  type LeaderboardQuery,
  type LeaderboardRow,
  type RecordedTeamRow,
  type StoredGame,
} from "./GameStore.js";
import { log, storeLine } from "../ops/log.js";
import { storeCondition, storeUnreachable } from "../ops/storeCondition.js";

export interface SaveQueueSettings {
  /** Results kept waiting at most (default 1000); past it a new result is lost, loudly. */
  maxQueued?: number;
  /** First retry after this many ms (default 1000), doubling up to `maxRetryMs` (default 60 000). */
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** Where the messages go (tests capture them). */
  log?: (line: string) => void;
}

/** recordGame's answer when the result waits in the queue (ids start at 1). */
export const NOT_SAVED_YET = 0;
/** recordGame's answer when the queue was full: the result is lost (and the log says so). */
export const NOT_SAVED = -1;
/** recordGame's answer while an asynchronous store writes it (nothing failed): `onSaved` brings the id. */
export const SAVING = -2;

interface Waiting {
  game: FinishedGame;
  onSaved?: (id: number) => void;
}

/** A store whose writes survive a store that fails for a while. */
export class SaveQueue implements HubStore {
  private readonly queue: Waiting[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** The head of the queue is being written by an asynchronous store. */
  private inFlight: Promise<void> | null = null;
  private delay: number;
  private failingSinceMs: number | null = null;
  private readonly maxQueued: number;
  private readonly firstRetryMs: number;
  private readonly maxRetryMs: number;
  private readonly log: (line: string) => void;

  constructor(
    readonly inner: GameStore,
    settings: SaveQueueSettings = {},
  ) {
    this.maxQueued = settings.maxQueued ?? 1000;
    this.firstRetryMs = settings.firstRetryMs ?? 1000;
    this.maxRetryMs = settings.maxRetryMs ?? 60_000;
    this.log = settings.log ?? storeLine;
    this.delay = this.firstRetryMs;
  }

  /** Since when writes fail (ms), or null while the store takes them (the readiness probe reads it). */
  get failingSince(): number | null {
    return this.failingSinceMs;
  }

  /** Results waiting to be written. */
  get pending(): number {
    return this.queue.length;
  }

  /**
   * Writes the game: its id; SAVING while an asynchronous store writes it, NOT_SAVED_YET when
   * it waits after a failure (either way `onSaved` gets the id once it is written); NOT_SAVED
   * when the queue is full and it is lost.
   */
  recordGame(game: FinishedGame, onSaved?: (id: number) => void): number {
    if (this.queue.length >= this.maxQueued) {
      this.flush();
      if (this.queue.length >= this.maxQueued) {
        this.log(`[store] LOST a finished ${game.game} game (room ${game.roomId || "-"}): ${this.queue.length} results already wait to be saved. ${FIX}`);
        return NOT_SAVED;
      }
    }
    const entry: Waiting & { id?: number } = { game };
    this.queue.push(entry);
    // Earlier results first: the queue is written in order.
    this.flush();
    if (entry.id !== undefined) return entry.id;
    entry.onSaved = onSaved;
    return this.failingSinceMs === null ? SAVING : NOT_SAVED_YET;
  }

  /** Writes now or throws (for callers that can tell their client to try again, e.g. offline submissions). */
  async recordGameNow(game: FinishedGame): Promise<number> {
    const id = await this.inner.recordGame(game);
    return typeof id === "number" ? id : NOT_SAVED;
  }

  /** Writes queued results in order until one fails (or waits on an asynchronous store); returns how many were written now. */
  flush(): number {
    let written = 0;
    while (this.queue.length > 0 && !this.inFlight) {
      const head = this.queue[0] as Waiting & { id?: number };
      let id: number | void | Promise<number>;
      try {
        id = this.inner.recordGame(head.game);
      } catch (e) {
        this.failed(e);
        return written;
      }
      if (id instanceof Promise) {
        this.inFlight = id.then(
          (v) => {
            this.inFlight = null;
            this.written(head, v);
            this.flush();
          },
          (e) => {
            this.inFlight = null;
            this.failed(e);
          },
        );
        return written;
      }
      this.written(head, id);
      written++;
    }
    if (this.queue.length > 0) return written;
    if (this.failingSinceMs !== null) {
      this.log(`[store] writing again: the waiting results are saved (${written} just now).`);
      this.failingSinceMs = null;
      this.delay = this.firstRetryMs;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return written;
  }

  /** The head of the queue is in the store as `id`. */
  private written(head: Waiting & { id?: number }, id: number | void): void {
    this.queue.shift();
    head.id = typeof id === "number" ? id : NOT_SAVED;
    if (head.onSaved && head.id > 0) {
      try {
        head.onSaved(head.id);
      } catch (e) {
        log.error({ event: "store.write-failed", err: e }, "[store] a saved-result callback failed");
      }
    }
  }

  private failed(error: unknown): void {
    const first = this.failingSinceMs === null;
    if (first) this.failingSinceMs = Date.now();
    const head = this.queue[0].game;
    this.log(
      `[store] ${first ? "could not save" : "still cannot save"} a finished ${head.game} game (${describeStoreError(error)}); ` +
        `${this.queue.length} result(s) wait, retrying in ${Math.round(this.delay / 1000)} s. ${storeUnreachable(error) ? FIX_DATABASE : FIX}`,
    );
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.flush();
      }, this.delay);
      this.timer.unref?.();
      this.delay = Math.min(this.maxRetryMs, this.delay * 2);
    }
  }

  recentGames(options?: { game?: string; roomId?: string; limit?: number }): Awaitable<StoredGame[]> {
    return this.inner.recentGames(options);
  }

  freeBytes(): number | null {
    return this.inner.freeBytes?.() ?? null;
  }

  leaderboard(query: LeaderboardQuery): Awaitable<LeaderboardRow[]> {
    return this.hub().leaderboard(query);
  }

  arenaTeams(query: ArenaTeamsQuery): Awaitable<RecordedTeamRow[]> {
    return this.hub().arenaTeams(query);
  }

  getGame(id: number): Awaitable<StoredGame | undefined> {
    return this.hub().getGame(id);
  }

  /**
   * One last try, then the store closes; whatever still waits is named in the log. Writes in
   * flight to an asynchronous store are waited for (at most `waitMs`).
   */
  close(waitMs = 10_000): void | Promise<void> {
    this.stopTimer();
    this.flush();
    if (!this.inFlight) return this.closeInner();
    return (async () => {
      const until = Date.now() + waitMs;
      while (this.inFlight && Date.now() < until) {
        await Promise.race([this.inFlight, new Promise((r) => setTimeout(r, Math.max(1, until - Date.now())))]);
        this.stopTimer();
      }
      await this.closeInner();
    })();
  }

  private stopTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private closeInner(): void | Promise<void> {
    this.stopTimer();
    if (this.queue.length > 0) {
      this.log(`[store] shutting down with ${this.queue.length} finished game(s) not saved: ${this.queue.map((w) => `${w.game.game} room ${w.game.roomId || "-"}`).join(", ")}.`);
    }
    return this.inner.close();
  }

  private hub(): HubStore {
    if (!isHubStore(this.inner)) throw new Error("the configured store cannot answer leaderboard or replay queries");
    return this.inner;
  }
}

const FIX = "Free space on the disk holding DATA_DIR (or make it writable); nothing needs restarting.";
const FIX_DATABASE = "Start the database (or check DATABASE_URL): the results are written once it answers, and the room log keeps them across a restart; nothing needs restarting.";

/** What a store error means, in words (SQLite codes and file-system codes). */
export function describeStoreError(error: unknown): string {
  const e = error as { code?: string; message?: string };
  const code = typeof e?.code === "string" ? e.code : "";
  const what = storeCondition(code) ?? "the write failed";
  return `${what}${code ? `: ${code}` : ""}${e?.message ? `, ${e.message}` : ""}`;
}
