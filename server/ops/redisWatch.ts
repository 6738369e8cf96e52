// Is Redis answering? With REDIS_URL every matchmaking request goes through Redis
// (presence locks, the room cache), and a Redis that stops answering without closing its
// socket (paused, swapping, a network partition) made each request hang until the client
// gave up ("socket hang up"), with nothing in either log. So the process keeps one PING in
// flight on each of its Redis connections: one unanswered for `downAfterMs` (or a
// connection that drops) is an outage, logged once (`redis.down`); the first answer after
// it ends the outage (`redis.up`, with how long it lasted and how many requests were
// turned away). Meanwhile `available()` is false and the HTTP routes that need Redis
// answer 503 `hub-unavailable` at once instead of hanging, and requests already waiting
// on Redis are answered so when the outage is seen (`onDown`; server/net/matchmakeHttp.ts).

import type { Cluster, Redis } from "ioredis";
import { log } from "./log.js";
import { metrics } from "./metrics.js";

type Client = Redis | Cluster;

export interface RedisWatchOptions {
  /** How often a connection is pinged (ms). */
  everyMs?: number;
  /** A ping unanswered this long means Redis is down (ms). */
  downAfterMs?: number;
  now?: () => number;
}

interface Watched {
  label: string;
  client: Client;
  /** When the ping in flight was sent (0: none in flight). */
  pingSince: number;
  /** The connection itself is closed or reconnecting. */
  closed: boolean;
  /** The last connection error, for the log. */
  lastError: string;
  /** Pinged (a subscriber connection is only listened to). */
  ping: boolean;
}

export const UNAVAILABLE_MESSAGE = "The hub is briefly unavailable; try again in a few seconds.";

export class RedisWatch {
  private readonly watched: Watched[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  private downSince = 0;
  private turnedAway = 0;
  private readonly onDownListeners = new Set<() => void>();
  private readonly everyMs: number;
  private readonly downAfterMs: number;
  private readonly now: () => number;

  constructor(
    readonly url: string,
    options: RedisWatchOptions = {},
  ) {
    this.everyMs = options.everyMs ?? 500;
    this.downAfterMs = options.downAfterMs ?? 1500;
    this.now = options.now ?? Date.now;
  }

  /** Watches one more connection (presence, its subscriber, the driver); `ping: false` only listens to its events. */
  add(label: string, client: Client, { ping = true } = {}): void {
    const w: Watched = { label, client, pingSince: 0, closed: false, lastError: "", ping };
    this.watched.push(w);
    // ioredis emits "error" on every failed retry: it is listened to (an unhandled one would
    // throw) and summed up by the outage's one line.
    client.on("error", (e: Error) => {
      w.lastError = e.message;
      w.closed = true;
      this.check();
    });
    client.on("close", () => {
      w.closed = true;
      this.check();
    });
    client.on("ready", () => {
      w.closed = false;
      this.check();
    });
  }

  start(): void {
    if (this.timer) return;
    metrics.redis(true);
    this.timer = setInterval(() => this.tick(), this.everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** False during an outage: don't start anything that needs Redis. */
  available(): boolean {
    return this.downSince === 0;
  }

  /** Calls `fn` once when the next outage is seen; returns how to stop listening (always call it). */
  onDown(fn: () => void): () => void {
    this.onDownListeners.add(fn);
    return () => this.onDownListeners.delete(fn);
  }

  /** A request was answered "unavailable" (summed up in the `redis.up` line). */
  turnedAwayOne(): void {
    this.turnedAway++;
  }

  private tick(): void {
    for (const w of this.watched) {
      if (!w.ping || w.pingSince !== 0 || w.closed) continue;
      const sent = (w.pingSince = this.now());
      w.client.ping().then(
        () => {
          if (w.pingSince === sent) w.pingSince = 0;
          this.check();
        },
        (e: Error) => {
          if (w.pingSince === sent) w.pingSince = 0;
          w.lastError = e.message;
          this.check();
        },
      );
    }
    this.check();
  }

  private check(): void {
    const now = this.now();
    const stuck = this.watched.find((w) => w.closed || (w.pingSince !== 0 && now - w.pingSince >= this.downAfterMs));
    if (stuck && this.downSince === 0) {
      this.downSince = now;
      this.turnedAway = 0;
      metrics.redis(false);
      const listeners = [...this.onDownListeners];
      this.onDownListeners.clear();
      for (const fn of listeners) fn();
      const why = stuck.closed ? `its connection is down${stuck.lastError ? ` (${stuck.lastError})` : ""}` : `no answer for ${now - stuck.pingSince} ms`;
      log.error(
        { event: "redis.down", redis: this.url, connection: stuck.label, reason: why },
        `Redis at ${this.url} is not answering (${stuck.label}: ${why}); matchmaking and room lists are answered "briefly unavailable" until it is back. Rooms already running here play on.`,
      );
    } else if (!stuck && this.downSince !== 0) {
      const downMs = now - this.downSince;
      this.downSince = 0;
      metrics.redis(true);
      log.info(
        { event: "redis.up", redis: this.url, downMs, turnedAway: this.turnedAway },
        `Redis at ${this.url} answers again after ${(downMs / 1000).toFixed(1)} s; ${this.turnedAway} request(s) were turned away meanwhile.`,
      );
    }
  }
}

