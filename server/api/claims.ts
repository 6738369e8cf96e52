// "Continue on another device": a seat's owner asks for a claim (POST /api/claims with the
// room id and its seat token); the claim travels as a link (and QR code) to the other device,
// which redeems it once (POST /api/claims/redeem) for the seat token and reclaims the seat.
// The room then moves the seat to the new connection and tells the old one it moved.
//
// A claim is 24 random bytes, single use, and expires after CLAIM_TTL_MS; both routes are rate
// limited per address. Claims wait in memory (one process) or in the Redis presence (several:
// a claim made through one process redeems through another), see claimStore.ts.
// Redeeming gives the seat a fresh token (SeatedRoom.claimSeat): the old device's token is
// refused from then on, with words that say where the seat went.

import express from "express";
import { randomBytes } from "node:crypto";
import { TokenBucket, type BucketLimits } from "../rooms/base/rateLimit.js";
import { matchMaker } from "@colyseus/core";
import { liveSeats } from "./seats.js";
import { MemoryClaims, type ClaimStore } from "./claimStore.js";
import { log } from "../ops/log.js";

export const CLAIM_TTL_MS = 5 * 60_000;
export const CLAIM_RATE: BucketLimits = { burst: 10, perSecond: 0.5 };
const ROOM_ID = /^[A-Za-z0-9_-]{1,32}$/;
const CLAIM = /^[A-Za-z0-9_-]{32}$/;

/** What SeatedRoom.claimSeat answers: the seat with its new token. */
interface ClaimedSeat {
  seat: number;
  seatToken: string;
  game: string;
}

function fail(res: express.Response, status: number, code: string, message: string): void {
  res.status(status).json({ code, message });
}

export function claimsApi(limits: BucketLimits = CLAIM_RATE, now: () => number = Date.now, claims: ClaimStore = new MemoryClaims()): express.Router {
  const router = express.Router();
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
  const body = express.json({ limit: "1kb" });

  router.post("/claims", rateLimit, body, async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const { roomId, seatToken } = (req.body ?? {}) as Record<string, unknown>;
    if (typeof roomId !== "string" || !ROOM_ID.test(roomId) || typeof seatToken !== "string" || !seatToken || seatToken.length > 128) {
      return fail(res, 400, "bad-request", "Send {roomId, seatToken}: the room you play in and the seat token the server gave you.");
    }
    const live = await liveSeats([{ roomId, seatToken }]).catch(() => []);
    if (live.length === 0) return fail(res, 404, "seat-unknown", "That seat is not live any more, so there is nothing to move. Start or rejoin a game first.");
    const claim = randomBytes(24).toString("base64url");
    const t = now();
    const expiresAt = t + CLAIM_TTL_MS;
    const kept = await claims.put(claim, { roomId, seatToken, expiresAt }, t).catch((e) => (log.error({ event: "http.failed", path: "/api/claims", err: e }, "could not keep a device link"), null));
    if (kept === null) return fail(res, 503, "unavailable", "Could not make a device link just now; try again in a few seconds.");
    if (!kept) return fail(res, 503, "busy", "Too many device links are waiting; try again in a minute.");
    res.json({ claim, roomId, expiresAt });
  });

  router.post("/claims/redeem", rateLimit, body, async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const { claim } = (req.body ?? {}) as Record<string, unknown>;
    if (typeof claim !== "string" || !CLAIM.test(claim)) return fail(res, 400, "bad-request", "This device link is damaged; copy it again from the other device.");
    // single use, whatever happens next
    const found = await claims.take(claim, now()).catch((e) => (log.error({ event: "http.failed", path: "/api/claims/redeem", err: e }, "could not read a device link"), undefined));
    if (found === undefined) return fail(res, 503, "unavailable", "Could not read this device link just now; try again in a few seconds.");
    if (!found) {
      return fail(res, 410, "claim-gone", "This device link was already used or has expired. On the device that has the game, choose \"Continue on another device\" again.");
    }
    // The room (on whichever process) gives the seat a new token: the old device's stops working.
    const moved = (await matchMaker.remoteRoomCall(found.roomId, "claimSeat", [found.seatToken]).catch(() => null)) as ClaimedSeat | null;
    if (!moved || typeof moved.seatToken !== "string") {
      return fail(res, 410, "seat-gone", "That game has ended or the seat was given up, so there is nothing to continue. Start a new game from the lobby.");
    }
    res.json({ roomId: found.roomId, seatToken: moved.seatToken, seat: moved.seat, game: moved.game });
  });

  router.use("/claims", ((err, _req, res, next) => {
    if (!err) return next();
    fail(res, err.type === "entity.too.large" ? 413 : 400, "bad-request", "The body must be a small JSON object.");
  }) as express.ErrorRequestHandler);
  return router;
}
