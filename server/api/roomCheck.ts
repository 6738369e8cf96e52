// GET /api/rooms/:id — what a room offers someone holding its invite link, before they are
// asked anything: whether it exists, its game, whether a seat is open, whether it can be
// watched. The client asks first, so a full room offers "Watch" instead of asking a name and
// then refusing. Says nothing a join by the same code would not; rate-limited per address
// (like guessing codes by joining).

import express from "express";
import { matchMaker } from "@colyseus/core";
import type { RoomCheck } from "../../common/core/wire.js";
import type { BucketLimits } from "../rooms/base/rateLimit.js";
import { normaliseRoomId } from "../rooms/base/privateCodes.js";
import type { HubMetadata } from "../rooms/base/listing.js";
import { ipLimit } from "./ipLimit.js";

export const ROOM_CHECK_RATE: BucketLimits = { burst: 30, perSecond: 0.5 };
const ROOM_ID = /^[A-Za-z0-9_-]{1,32}$/;

export function roomCheckApi(limits: BucketLimits = ROOM_CHECK_RATE): express.Router {
  const router = express.Router();
  router.get("/rooms/:id", ipLimit(limits, "Too many room checks; wait a few seconds, then try again."), async (req, res) => {
    const id = String(req.params.id ?? "");
    if (!ROOM_ID.test(id)) {
      res.status(400).json({ code: "bad-request", message: "A room id or code is letters, digits, - and _ (a code is 5 letters)." });
      return;
    }
    res.setHeader("Cache-Control", "no-store");
    try {
      const roomId = normaliseRoomId(id);
      const listing = await matchMaker.getRoomById(roomId);
      const meta = listing?.metadata as HubMetadata | undefined;
      if (!listing || !meta || typeof meta.game !== "string") {
        res.status(404).json({ code: "not-found", message: `No game with code ${id} is running.` });
        return;
      }
      const answer: RoomCheck = {
        roomId,
        game: meta.game,
        mode: meta.mode,
        players: meta.players,
        maxPlayers: meta.maxPlayers,
        open: typeof meta.open === "number" ? Math.max(0, meta.open) : Math.max(0, meta.maxPlayers - meta.players),
        phase: meta.phase,
      };
      res.json(answer);
    } catch (e) {
      console.error("GET /api/rooms/:id failed", e);
      res.status(500).json({ code: "internal", message: "Could not check the room; try again." });
    }
  });
  return router;
}
