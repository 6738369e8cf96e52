// Seats and seat tokens: the record the base keeps per seat, the tokens (only a seat's
// owner ever receives its token), and the options every join carries.

import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { refuseOption } from "./errors.js";
import type { RoomTimer } from "./messages.js";
import { isPlainObject, sanitizeName } from "./validate.js";
import { isOffensive, OFFENSIVE_NAME } from "../../safety/chatFilter.js";

/** Names given to bot seats, in order ("Bot Ada", "Bot Babbage", ...). */
export const BOT_NAMES = ["Ada", "Babbage", "Curie", "Dijkstra", "Euler", "Fermat", "Gauss", "Hopper", "Ito", "Jacobi"];

export type SeatStatus = "free" | "connected" | "reconnecting" | "held" | "bot";

export interface SeatRecord {
  /** Seat token ("" while the seat is free, or unknown since a restore). Only the seat's owner ever receives it. */
  token: string;
  /** sha256 of the token: what the room log keeps and what a rejoining token is checked against. */
  tokenHash: string;
  /** Live session bound to the seat (connected or inside the reconnection window). */
  sessionId: string | null;
  /** Pending Colyseus reconnection while the player is dropped. */
  reconnection: { reject(reason?: unknown): void } | null;
  /** Set while the seat is held past the reconnection window. */
  holdTimer: RoomTimer | null;
  /** When the hold ends (ms since epoch). */
  holdUntil: number;
  /** A bot seat (no player, no token). */
  bot: boolean;
  /**
   * The connection that held the seat when a device link moved it (claimSeat): it plays on
   * until the new device joins, but is not let back in if it drops.
   */
  movedFrom?: string | null;
  /** The profile of the person who took the seat (histories, ratings); null: none (or a bot). */
  profileId: string | null;
  /**
   * A first join dropped before its acknowledgement waits for its reconnection (reconnection.ts):
   * its player never received the seat's token, so a newcomer may take the seat meanwhile.
   */
  unconfirmed?: boolean;
}

/** Validated join options (returned by onAuth, kept as client.auth). */
export interface JoinRequest {
  name: string;
  nameGiven: boolean;
  spectate: boolean;
  seatToken?: string;
  /** The browser's profile key (server/api/profileAuth.ts): the game lands in its history. */
  profileKey?: string;
  /** A rated match's seat ticket (server/ratings/queue.ts). */
  ratedTicket?: string;
  /** The profile behind `profileKey` or the ticket, found by the room (never taken from the options). */
  profileId?: string;
}

export function newSeatToken(): string {
  return randomBytes(18).toString("base64url");
}

/** The seat token's hash (hex): stored in the room log instead of the token. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function sameToken(a: string, b: string): boolean {
  if (!a || !b) return false;
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

/** Checks the options every join carries; throws a HubRefusal the client sees as its error. */
export function parseJoinOptions(options: unknown): JoinRequest {
  if (options === undefined || options === null || options === true) {
    return { name: sanitizeName(undefined), nameGiven: false, spectate: false };
  }
  if (!isPlainObject(options)) throw refuseOption("Join options must be an object.");
  const { name, spectate, seatToken, profileKey, ratedTicket } = options;
  if (name !== undefined && typeof name !== "string") throw refuseOption("name must be a string.");
  if (spectate !== undefined && typeof spectate !== "boolean") throw refuseOption("spectate must be true or false.");
  if (seatToken !== undefined && (typeof seatToken !== "string" || seatToken.length === 0 || seatToken.length > 128)) {
    throw refuseOption("seatToken must be the string the server sent in the `seat` message.");
  }
  if (spectate === true && seatToken !== undefined) throw refuseOption("Use either spectate or seatToken, not both.");
  if (profileKey !== undefined && (typeof profileKey !== "string" || profileKey.length > 64)) throw refuseOption("profileKey must be the key the server gave this browser's profile.");
  if (ratedTicket !== undefined && (typeof ratedTicket !== "string" || ratedTicket.length > 64)) throw refuseOption("ratedTicket must be the ticket rated quick play gave you.");
  if (typeof name === "string" && isOffensive(name)) throw refuseOption(OFFENSIVE_NAME);
  const request: JoinRequest = { name: sanitizeName(name), nameGiven: typeof name === "string", spectate: spectate === true, seatToken };
  if (typeof profileKey === "string") request.profileKey = profileKey;
  if (typeof ratedTicket === "string") request.ratedTicket = ratedTicket;
  return request;
}

/** True when these (raw) join options ask for a new seat (not a spectator, not a reclaim). */
export function wantsNewSeat(options: unknown): boolean {
  if (!isPlainObject(options)) return true;
  return options.spectate !== true && options.seatToken === undefined;
}

/** A seat record with no player: no token, no session, no pending reconnection or hold. */
export function resetRecord(record: SeatRecord, bot: boolean): void {
  record.holdTimer?.clear();
  record.holdTimer = null;
  record.holdUntil = 0;
  record.token = "";
  record.tokenHash = "";
  record.sessionId = null;
  record.reconnection = null;
  record.bot = bot;
  record.movedFrom = null;
  record.profileId = null;
  record.unconfirmed = false;
}

