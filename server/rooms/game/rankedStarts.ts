// How many ranked games one address may start: a burst, then a steady rate. Twenty random
// clickers behind one address took #1 on Minesweeper's Beginner in seconds; past the budget
// a game still plays and is recorded, but unranked, and the player is told why. A game opts
// in with `ranked` in its server parts (GameRoom takes a start on each game's first move).

import type { IncomingHttpHeaders } from "node:http";
import type { Socket } from "node:net";
import type { Client } from "@colyseus/core";
import { clientAddress, limitKey } from "../../net/clientAddress.js";
import { TokenBucket, type BucketLimits } from "../base/rateLimit.js";

/** Default: 30 ranked boards at once, then one every 6 s (10 a minute) per address. */
export const RANKED_START_RATE: BucketLimits = { burst: 30, perSecond: 1 / 6 };

const IDLE_MS = 30 * 60_000;

export class RankedStarts {
  private readonly buckets = new Map<string, { bucket: TokenBucket; seen: number }>();

  constructor(private readonly limits: BucketLimits = RANKED_START_RATE) {}

  /** Takes one ranked start for `address`; false when its budget is spent. */
  take(address: string, now = Date.now()): boolean {
    if (this.buckets.size > 10_000) {
      for (const [key, entry] of this.buckets) if (now - entry.seen > IDLE_MS) this.buckets.delete(key);
    }
    let entry = this.buckets.get(address);
    if (!entry) this.buckets.set(address, (entry = { bucket: new TokenBucket(this.limits), seen: now }));
    entry.seen = now;
    return entry.bucket.take();
  }
}

/** One limiter per settings object (one per hub; tests boot several hubs in one process). */
const perHub = new WeakMap<object, RankedStarts>();
export function rankedStartsFor(settings: object, limits?: BucketLimits): RankedStarts {
  let limiter = perHub.get(settings);
  if (!limiter) perHub.set(settings, (limiter = new RankedStarts(limits)));
  return limiter;
}

/** Takes one ranked start for `address` from this hub's budget (`rankedStartRate` in its settings). */
export function takeRankedStart(settings: object, address: string): boolean {
  return rankedStartsFor(settings, (settings as { rankedStartRate?: BucketLimits }).rankedStartRate).take(address);
}

/**
 * Whose ranked starts a client spends: its address as the matchmaker counts it (the socket's,
 * or X-Forwarded-For behind TRUST_PROXY proxies; an IPv6 address by its /64).
 */
export function playerAddress(client: Client, headers: IncomingHttpHeaders | undefined, trustProxy: number): string {
  return limitKey(clientAddress({ headers: headers ?? {}, socket: { remoteAddress: socketAddress(client) } as Socket }, trustProxy));
}

/** The address of a client's socket (never a header the client could write). */
export function socketAddress(client: Client | null): string | undefined {
  return (client as unknown as { ref?: { _socket?: { remoteAddress?: string } } } | null)?.ref?._socket?.remoteAddress;
}
