// Token bucket: `burst` messages at once, refilled at `perSecond`.
// One bucket per client and kind (moves/chat vs. cursor), kept in client.userData.

import { performance } from "node:perf_hooks";

export interface BucketLimits {
  burst: number;
  perSecond: number;
}

/** One clock for every bucket (a closure per bucket was two per connection and four per address). */
const monotonic = (): number => performance.now();

export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly limits: BucketLimits,
    private readonly now: () => number = monotonic,
  ) {
    this.tokens = limits.burst;
    this.last = this.now();
  }

  /** Takes one token; false when the bucket is empty (the message must be refused). */
  take(): boolean {
    if (this.refill() < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Is a token there (taking none)? */
  has(): boolean {
    return this.refill() >= 1;
  }

  /** Back to a full bucket: nothing to remember about whoever used it. */
  get full(): boolean {
    return this.refill() >= this.limits.burst;
  }

  private refill(): number {
    const t = this.now();
    const elapsed = Math.max(0, t - this.last) / 1000;
    this.last = t;
    this.tokens = Math.min(this.limits.burst, this.tokens + elapsed * this.limits.perSecond);
    return this.tokens;
  }
}
