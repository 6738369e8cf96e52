// A per-address token bucket as Express middleware: `burst` requests at once, then
// `perSecond`; past it a 429 with Retry-After and the caller's own words. The table of
// addresses is bounded (idle ones are dropped once it passes 10 000).

import type express from "express";
import { TokenBucket, type BucketLimits } from "../rooms/base/rateLimit.js";

/** How a refusal is answered when an API says it its own way (the body; Retry-After in seconds). */
export interface LimitAnswer {
  retryAfterSeconds?: number;
  body?: (message: string) => Record<string, unknown>;
  /** Called with each refused request (an API that counts or logs its refusals). */
  refused?: (req: express.Request) => void;
}

/** `now`: the clock of the buckets too when given (tests move it); else the monotonic clock. */
export function ipLimit(limits: BucketLimits, message: string, now?: () => number, answer: LimitAnswer = {}): express.RequestHandler {
  const clock = now ?? Date.now;
  const buckets = new Map<string, { bucket: TokenBucket; seen: number }>();
  const retryAfter = String(answer.retryAfterSeconds ?? Math.max(1, Math.ceil(1 / limits.perSecond)));
  const body = answer.body?.(message) ?? { code: "rate-limited", message };
  return (req, res, next) => {
    const ip = req.ip ?? req.socket.remoteAddress ?? "?";
    const t = clock();
    if (buckets.size > 10_000) for (const [key, entry] of buckets) if (t - entry.seen > 10 * 60_000) buckets.delete(key);
    let entry = buckets.get(ip);
    if (!entry) buckets.set(ip, (entry = { bucket: new TokenBucket(limits, now), seen: t }));
    entry.seen = t;
    if (entry.bucket.take()) return next();
    answer.refused?.(req);
    res.setHeader("Retry-After", retryAfter);
    res.status(429).json(body);
  };
}
