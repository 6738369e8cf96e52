// "Continue on another device": a seat's owner asks for a claim (POST /api/claims with the
// room id and its seat token); the claim travels as a link (and QR code) to the other device,
// which redeems it once (POST /api/claims/redeem) for the seat token and reclaims the seat.
// The room then moves the seat to the new connection and tells the old one it moved.
//
// A claim is 24 random bytes, single use, and expires after CLAIM_TTL_MS; the table holds at
// most MAX_CLAIMS live claims; both routes are rate limited per address. Claims live in this
// process's memory: behind several processes, route /api/claims to one of them (or move the
// table to the shared presence store).

import express from "express";
import { randomBytes } from "node:crypto";
import { TokenBucket, type BucketLimits } from "../rooms/base/rateLimit.js";
import { liveSeats } from "./seats.js";

export const CLAIM_TTL_MS = 5 * 60_000;
export const MAX_CLAIMS = 5_000;
export const CLAIM_RATE: BucketLimits = { burst: 10, perSecond: 0.5 };
const ROOM_ID = /^[A-Za-z0-9_-]{1,32}$/;
const CLAIM = /^[A-Za-z0-9_-]{32}$/;

interface Claim {
  roomId: string;
  seatToken: string;
  expiresAt: number;
}

function fail(res: express.Response, status: number, code: string, message: string): void {
  res.status(status).json({ code, message });
}

export function claimsApi(limits: BucketLimits = CLAIM_RATE, now: () => number = Date.now): express.Router {
  const router = express.Router();
  const claims = new Map<string, Claim>();
  const buckets = new Map<string, { bucket: TokenBucket; seen: number }>();
  const rateLimit: express.RequestHandler = (req, res, next) => {
    const ip = req.ip ?? req.socket.remoteAddress ?? "?";
    const t = now();
    if (buckets.size > 10_000) for (const [key, entry] of buckets) if (t - entry.seen > 10 * 60_000) buckets.delete(key);
    let entry = buckets.get(ip);
    if (!entry) buckets.set(ip, (entry = { bucket: new TokenBucket(limits), seen: t }));
    entry.seen = t;
    if (entry.bucket.take()) return next();
    res.setHeader("Retry-After", "2");
    fail(res, 429, "rate-limited", "Too many device links at once; wait a few seconds and try again.");
  };
  const prune = () => {
    const t = now();
    for (const [id, c] of claims) if (c.expiresAt <= t) claims.delete(id);
  };
  const body = express.json({ limit: "1kb" });

  router.post("/claims", rateLimit, body, async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const { roomId, seatToken } = (req.body ?? {}) as Record<string, unknown>;
    if (typeof roomId !== "string" || !ROOM_ID.test(roomId) || typeof seatToken !== "string" || !seatToken || seatToken.length > 128) {
      return fail(res, 400, "bad-request", "Send {roomId, seatToken}: the room you play in and the seat token the server gave you.");
    }
    const live = await liveSeats([{ roomId, seatToken }]).catch(() => []);
    if (live.length === 0) return fail(res, 404, "seat-unknown", "That seat is not live any more, so there is nothing to move. Start or rejoin a game first.");
    if (claims.size >= MAX_CLAIMS) prune();
    if (claims.size >= MAX_CLAIMS) return fail(res, 503, "busy", "Too many device links are waiting; try again in a minute.");
    const claim = randomBytes(24).toString("base64url");
    const expiresAt = now() + CLAIM_TTL_MS;
    claims.set(claim, { roomId, seatToken, expiresAt });
    res.json({ claim, roomId, expiresAt });
  });

  router.post("/claims/redeem", rateLimit, body, async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const { claim } = (req.body ?? {}) as Record<string, unknown>;
    if (typeof claim !== "string" || !CLAIM.test(claim)) return fail(res, 400, "bad-request", "This device link is damaged; copy it again from the other device.");
    const found = claims.get(claim);
    claims.delete(claim); // single use, whatever happens next
    if (!found || found.expiresAt <= now()) {
      return fail(res, 410, "claim-gone", "This device link was already used or has expired. On the device that has the game, choose \"Continue on another device\" again.");
    }
    const live = await liveSeats([{ roomId: found.roomId, seatToken: found.seatToken }]).catch(() => []);
    if (live.length === 0) return fail(res, 410, "seat-gone", "That game has ended or the seat was given up, so there is nothing to continue. Start a new game from the lobby.");
    res.json({ roomId: found.roomId, seatToken: found.seatToken, seat: live[0].seat, game: live[0].game });
  });

  router.use("/claims", ((err, _req, res, next) => {
    if (!err) return next();
    fail(res, err.type === "entity.too.large" ? 413 : 400, "bad-request", "The body must be a small JSON object.");
  }) as express.ErrorRequestHandler);
  return router;
}
