// Server clock estimate. Every sample (serverTime stamped by the server, read
// here on arrival) is at most the true offset: the message spent some time on
// the wire. The largest sample is therefore the best estimate. The room state's
// `serverTime` is restamped at most once a second, so a patch can carry an older
// stamp: such a sample is lower and never displaces a better one. A new
// connection's `welcome` restarts the estimate (the server may be another machine).

/** Monotonic local clock in epoch milliseconds (immune to wall-clock jumps). */
export function localNow(): number {
  return performance.timeOrigin + performance.now();
}

export class ServerClock {
  private offset = 0;
  private samples = 0;

  /** Feeds one server timestamp received just now; only a better (larger) estimate is kept. */
  sample(serverTime: number): void {
    if (!Number.isFinite(serverTime) || serverTime <= 0) return;
    const s = serverTime - localNow();
    if (this.samples === 0 || s > this.offset) this.offset = s;
    this.samples++;
  }

  /** A fresh stamp from a new connection: starts the estimate over from it. */
  restart(serverTime: number): void {
    if (!Number.isFinite(serverTime) || serverTime <= 0) return;
    this.samples = 0;
    this.sample(serverTime);
  }

  /** Estimated server time now (ms). */
  now(): number {
    return localNow() + this.offset;
  }

  get offsetMs(): number {
    return this.offset;
  }
}
