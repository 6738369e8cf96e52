// One connection must not stall the others. A flooder that never read its socket made the
// server queue a `rate-limited` reply for every one of 3.29 M frames (RSS 103 → 896 MB, the
// event loop gone for 14 s). So, per connection:
// - a rate-limited message is answered at most once a second per bucket, the rest silently;
// - every refused-for-rate message is a strike (a bucket, so a client a little over the
//   limit now and then is never cut off); out of strikes, the connection is closed;
// - nothing more is queued to a socket whose unsent output passes a bound (it is not
//   reading): it is cut at once.
// A closed connection counts as a drop (reconnection window, then a held seat), not a leave.

import type { Client } from "@colyseus/core";
import { metrics } from "../../ops/metrics.js";
import { TokenBucket, type BucketLimits } from "./rateLimit.js";

/** Hears of a connection cut: for flooding (out of strikes) or for not reading its socket. */
export type FloodCut = (reason: "flooding" | "not-reading", client: Client) => void;

/** Close code: too many messages over the rate limit. */
export const CLOSE_FLOODING = 4429;
/** Close code: the client does not read what it is sent. */
export const CLOSE_NOT_READING = 4408;
/** Close code: the socket never finished the join handshake in time. */
export const CLOSE_JOIN_TIMEOUT = 4410;

/** Rate-limit replies per bucket: one per this many ms. */
const REPLY_EVERY_MS = 1000;
/** After a close frame, the socket is cut if still open this much later. */
const CLOSE_GRACE_MS = 1000;

interface RawSocket {
  readyState: number;
  bufferedAmount: number;
  close(code?: number, reason?: string): void;
  terminate(): void;
  pause?(): void;
}

type Raw = (data: Uint8Array | Buffer, options?: unknown, cb?: (err?: Error) => void) => void;

function socketOf(client: Client): RawSocket | null {
  const ref = (client as unknown as { ref?: RawSocket }).ref;
  return ref && typeof ref.terminate === "function" ? ref : null;
}

/**
 * Closes `client`'s connection with `code`, and cuts it if it is still open a moment later
 * (a peer that does not read never answers the close). Frames it still sends are not read.
 */
export function closeConnection(client: Client, code: number, reason: string): void {
  const socket = socketOf(client);
  if (!socket) {
    client.leave(code, reason);
    return;
  }
  try {
    socket.close(code, reason);
    socket.pause?.();
  } catch {
    socket.terminate();
    return;
  }
  setTimeout(() => {
    if (socket.readyState !== 3 /* CLOSED */) socket.terminate();
  }, CLOSE_GRACE_MS).unref();
}

export class FloodGuard {
  /** Set once the connection is being closed: its frames are dropped unread. */
  closing = false;
  private readonly strikes: TokenBucket;
  private readonly lastReply = { main: -Infinity, cursor: -Infinity };

  constructor(
    private client: Client,
    strikes: BucketLimits,
    private readonly maxSendBuffer: number,
    private readonly now: () => number = () => performance.now(),
    private readonly onCut?: FloodCut,
  ) {
    this.strikes = new TokenBucket(strikes, now);
    this.guardSends();
  }

  /**
   * The same player's new socket after a reconnection: its sends are guarded too, and the
   * strikes carry over, so reconnecting is no way to flood on with a fresh allowance.
   */
  rebind(client: Client): void {
    this.client = client;
    this.closing = false;
    this.guardSends();
  }

  /**
   * A message of `bucket` was over the rate limit. "reply": answer it `rate-limited`;
   * "silent": already answered this second; "closed": out of strikes, the connection is closed.
   */
  overLimit(bucket: "main" | "cursor"): "reply" | "silent" | "closed" {
    if (this.closing) return "closed";
    if (!this.strikes.take()) {
      this.close(CLOSE_FLOODING, "too many messages");
      return "closed";
    }
    const t = this.now();
    if (t - this.lastReply[bucket] < REPLY_EVERY_MS) return "silent";
    this.lastReply[bucket] = t;
    return "reply";
  }

  close(code: number, reason: string): void {
    if (this.closing) return;
    this.closing = true;
    const socket = socketOf(this.client);
    // A peer that does not read would never see a close frame behind its backlog: cut it.
    const notReading = socket !== null && socket.bufferedAmount > this.maxSendBuffer;
    this.cut(notReading ? "not-reading" : "flooding");
    if (notReading) socket.terminate();
    else closeConnection(this.client, code, reason);
  }

  private cut(reason: "flooding" | "not-reading"): void {
    metrics.floodCut(reason);
    this.onCut?.(reason, this.client);
  }

  /** Every frame to this client passes here (Colyseus sends patches and messages through `raw`). */
  private guardSends(): void {
    const client = this.client as unknown as { raw: Raw };
    const socket = socketOf(this.client);
    if (!socket || typeof client.raw !== "function") return;
    const raw = client.raw.bind(client);
    client.raw = (data, options, cb) => {
      if (this.closing) return;
      if (socket.bufferedAmount > this.maxSendBuffer) {
        this.closing = true;
        this.cut("not-reading");
        socket.terminate();
        return;
      }
      raw(data, options, cb);
    };
  }
}
