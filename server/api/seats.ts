// POST /api/seats/check: which of the seats this browser holds are still live, so the lobby
// can offer "You have a game in progress — Rejoin" after a closed tab.
//
// The caller sends the {roomId, seatToken} pairs it kept; the answer lists only the pairs
// whose token still matches a seat. A room the caller holds no valid token for is left out
// exactly like a room that does not exist, so the route tells nobody anything new.
// Bounded: at most MAX_SEATS pairs per request, a small body, a per-IP rate limit.

import express from "express";
import { matchMaker } from "@colyseus/core";
import type { BucketLimits } from "../rooms/base/rateLimit.js";
import { ipLimit } from "./ipLimit.js";
import type { SeatStatus } from "../rooms/base/SeatedRoom.js";
import { log } from "../ops/log.js";

export const MAX_SEATS = 10;
export const SEAT_CHECK_RATE: BucketLimits = { burst: 20, perSecond: 1 };
const ROOM_ID = /^[A-Za-z0-9_-]{1,32}$/;

export interface LiveSeat {
  roomId: string;
  game: string;
  mode: string;
  seat: number;
  status: SeatStatus;
  phase: string;
  /** The room's game has ended: the seat is kept (a new game may follow), no game is in progress. */
  over: boolean;
}

interface Pair {
  roomId: string;
  seatToken: string;
}

function fail(res: express.Response, status: number, code: string, message: string): void {
  res.status(status).json({ code, message });
}

/** The pairs of a well-formed body, or a message saying what is wrong. */
export function parseSeatCheck(body: unknown): Pair[] | string {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "The body must be a JSON object {seats: [{roomId, seatToken}]}.";
  const seats = (body as { seats?: unknown }).seats;
  if (!Array.isArray(seats)) return "seats must be a list of {roomId, seatToken}.";
  if (seats.length > MAX_SEATS) return `At most ${MAX_SEATS} seats per check.`;
  const out: Pair[] = [];
  for (const s of seats) {
    const { roomId, seatToken } = (s ?? {}) as Record<string, unknown>;
    if (typeof roomId !== "string" || !ROOM_ID.test(roomId)) return "Each roomId must be a room id or code (letters, digits, - and _).";
    if (typeof seatToken !== "string" || seatToken.length === 0 || seatToken.length > 128) return "Each seatToken must be the string the server sent in the `seat` message.";
    out.push({ roomId, seatToken });
  }
  return out;
}

/** The live seats among `pairs` (rooms on any process: the driver lists them, remoteRoomCall asks them). */
export async function liveSeats(pairs: Pair[]): Promise<LiveSeat[]> {
  const out: LiveSeat[] = [];
  await Promise.all(
    pairs.map(async ({ roomId, seatToken }) => {
      try {
        const found = await matchMaker.query({ roomId });
        if (found.length === 0) return;
        const seat = (await matchMaker.remoteRoomCall(roomId, "seatForToken", [seatToken])) as Omit<LiveSeat, "roomId"> | null;
        if (seat && typeof seat.seat === "number") out.push({ roomId, ...seat });
      } catch {
        // the room went away meanwhile, or its process did not answer: not offered
      }
    }),
  );
  return out.sort((a, b) => a.roomId.localeCompare(b.roomId));
}

export function seatsApi(limits: BucketLimits = SEAT_CHECK_RATE): express.Router {
  const router = express.Router();
  const rateLimit = ipLimit(limits, "Too many seat checks; try again in a second.");
  router.post("/seats/check", rateLimit, express.json({ limit: "4kb" }), async (req, res) => {
    const pairs = parseSeatCheck(req.body);
    if (typeof pairs === "string") return fail(res, 400, "bad-request", pairs);
    try {
      res.setHeader("Cache-Control", "no-store");
      res.json({ seats: await liveSeats(pairs) });
    } catch (e) {
      log.error({ event: "http.failed", path: "/api/seats/check", err: e }, "POST /api/seats/check failed");
      fail(res, 500, "internal", "Could not check seats; try again.");
    }
  });
  // A body that is not JSON (or too big) answers like any other bad check.
  router.use("/seats/check", ((err, _req, res, next) => {
    if (!err) return next();
    const status = err.type === "entity.too.large" ? 413 : 400;
    fail(res, status, status === 413 ? "too-large" : "bad-request", status === 413 ? "A seat check is at most 4 KB." : "The body must be JSON: {seats: [{roomId, seatToken}]}.");
  }) as express.ErrorRequestHandler);
  return router;
}
