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
// A link made with the profile's key (`Authorization: Bearer`) carries the profile too, with
// or without a seat: the other device gets a key of its own for the same profile (both
// devices keep it; "Forget me" on either ends both).

import express from "express";
import { randomBytes } from "node:crypto";
import type { BucketLimits } from "../rooms/base/rateLimit.js";
import { ipLimit } from "./ipLimit.js";
import { matchMaker } from "@colyseus/core";
import { liveSeats } from "./seats.js";
import { MemoryClaims, type Claim, type ClaimStore } from "./claimStore.js";
import type { HomeStore } from "../store/HomeStore.js";
import { hashKey, newProfileKey, requestKey, requestProfile } from "./profileAuth.js";

/** Devices (keys) one profile may have at once. */
export const MAX_PROFILE_KEYS = 20;
import { log } from "../ops/log.js";
import { storeUnreachable } from "../ops/storeCondition.js";

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

export function claimsApi(
  limits: BucketLimits = CLAIM_RATE,
  now: () => number = Date.now,
  claims: ClaimStore = new MemoryClaims(),
  home: () => HomeStore | undefined = () => undefined,
): express.Router {
  const router = express.Router();
  const rateLimit = ipLimit(limits, "Too many device links at once; wait a few seconds and try again.", now, { retryAfterSeconds: 2 });
  const body = express.json({ limit: "1kb" });

  router.post("/claims", rateLimit, body, async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const { roomId, seatToken } = (req.body ?? {}) as Record<string, unknown>;
    const players = home();
    const profile = requestKey(req) && players ? await requestProfile(req, players) : null;
    if (requestKey(req) && players && !profile) return fail(res, 401, "profile-unknown", "This browser's profile is not on this hub any more, so there is no profile to move.");
    const withSeat = roomId !== undefined || seatToken !== undefined;
    if (withSeat && (typeof roomId !== "string" || !ROOM_ID.test(roomId) || typeof seatToken !== "string" || !seatToken || seatToken.length > 128)) {
      return fail(res, 400, "bad-request", "Send {roomId, seatToken}: the room you play in and the seat token the server gave you.");
    }
    if (!withSeat && !profile) return fail(res, 400, "bad-request", "Send {roomId, seatToken} to move a seat, or your profile key (Authorization: Bearer) to move your profile.");
    if (withSeat) {
      const live = await liveSeats([{ roomId: roomId as string, seatToken: seatToken as string }]).catch(() => []);
      if (live.length === 0) return fail(res, 404, "seat-unknown", "That seat is not live any more, so there is nothing to move. Start or rejoin a game first.");
    }
    const claim = randomBytes(24).toString("base64url");
    const t = now();
    const expiresAt = t + CLAIM_TTL_MS;
    const kept_: Claim = { roomId: withSeat ? (roomId as string) : "", seatToken: withSeat ? (seatToken as string) : "", expiresAt };
    if (profile) kept_.profileId = profile.id;
    const kept = await claims.put(claim, kept_, t).catch((e) => (log.error({ event: "http.failed", path: "/api/claims", err: e }, "could not keep a device link"), null));
    if (kept === null) return fail(res, 503, "unavailable", "Could not make a device link just now; try again in a few seconds.");
    if (!kept) return fail(res, 503, "busy", "Too many device links are waiting; try again in a minute.");
    res.json({ claim, roomId: kept_.roomId, expiresAt, profile: !!profile });
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
    // The profile first: this device gets a key of its own for it.
    let profile: { key: string; id: string; name: string } | null = null;
    const players = home();
    if (found.profileId && players) {
      const key = newProfileKey();
      const owner = await players.profile(found.profileId);
      if (owner && (await players.addProfileKey(owner.id, hashKey(key), now(), MAX_PROFILE_KEYS))) profile = { key, id: owner.id, name: owner.name };
      else if (!found.roomId) {
        return fail(res, 410, "profile-gone", owner ? `That profile is on ${MAX_PROFILE_KEYS} devices already; use "Forget me" on one you no longer use.` : "That profile was forgotten, so there is nothing to move.");
      }
    }
    if (!found.roomId) return res.json({ profile });
    // The room (on whichever process) gives the seat a new token: the old device's stops working.
    const moved = (await matchMaker.remoteRoomCall(found.roomId, "claimSeat", [found.seatToken]).catch(() => null)) as ClaimedSeat | null;
    if (!moved || typeof moved.seatToken !== "string") {
      const gone = "That game has ended or the seat was given up, so there is nothing to continue. Start a new game from the lobby.";
      if (profile) return res.json({ profile, seatGone: gone });
      return fail(res, 410, "seat-gone", gone);
    }
    res.json({ roomId: found.roomId, seatToken: moved.seatToken, seat: moved.seat, game: moved.game, ...(profile ? { profile } : {}) });
  });

  router.use("/claims", ((err, _req, res, next) => {
    // The database down (a profile to look up): answered by the app's last handler, in words.
    if (!err || storeUnreachable(err)) return next(err);
    fail(res, err.type === "entity.too.large" ? 413 : 400, "bad-request", "The body must be a small JSON object.");
  }) as express.ErrorRequestHandler);
  return router;
}
