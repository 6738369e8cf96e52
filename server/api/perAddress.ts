// A per-address rate limit for a small HTTP route (a token bucket per client address, the
// idle ones forgotten once there are many): past it the route answers 429 with `message`.

import type express from "express";
import { TokenBucket, type BucketLimits } from "../rooms/base/rateLimit.js";

export function perAddress(limits: BucketLimits, message: string): express.RequestHandler {
  const buckets = new Map<string, { bucket: TokenBucket; seen: number }>();
  return (req, res, next) => {
    const ip = req.ip ?? req.socket.remoteAddress ?? "?";
    const t = Date.now();
    if (buckets.size > 10_000) {
      for (const [key, entry] of buckets) if (t - entry.seen > 10 * 60_000) buckets.delete(key);
    }
    let entry = buckets.get(ip);
    if (!entry) buckets.set(ip, (entry = { bucket: new TokenBucket(limits), seen: t }));
    entry.seen = t;
    if (entry.bucket.take()) return next();
    res.setHeader("Retry-After", "1");
    res.status(429).json({ code: "rate-limited", message });
  };
}
