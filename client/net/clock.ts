// Server clock estimate. Every sample (serverTime stamped by the server, read
// here on arrival) is at most the true offset: the message spent some time on
// the wire. The largest sample is therefore the best estimate.

/** Monotonic local clock in epoch milliseconds (immune to wall-clock jumps). */
export function localNow(): number {
  return performance.timeOrigin + performance.now();
}

export class ServerClock {
  private offset = 0;
  private samples = 0;

  /** Feeds one server timestamp received just now. */
  sample(serverTime: number): void {
    if (!Number.isFinite(serverTime) || serverTime <= 0) return;
    const s = serverTime - localNow();
    // Take the first sample, then only better ones; a sample far below the
    // estimate means the server clock moved (restart on another machine).
    if (this.samples === 0 || s > this.offset || s < this.offset - 5000) this.offset = s;
    this.samples++;
  }

  /** Estimated server time now (ms). */
  now(): number {
    return localNow() + this.offset;
  }

  get offsetMs(): number {
    return this.offset;
  }
}
