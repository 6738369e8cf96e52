// No new room on a disk that cannot take its log: refused in words, before anything is made.
// Below DISK_RESERVE_MB of free space (where the room log lives, or the store without one)
// the hub stops creating rooms, so the rooms already running keep the space for their moves
// instead of the disk filling up under them.

import type { Rejection } from "../../../common/core/rules.js";
import type { HubSettings } from "../../settings.js";
import { NOT_SAVED, notSaved } from "./notSaved.js";

/** Matchmaking reason of a create refused for lack of disk space. */
export const DISK_FULL = "disk-full";

/** Why no room can be created now (null: it can). */
export function newRoomRefusal(settings: Pick<HubSettings, "roomLog" | "store" | "diskReserveMb">): { reason: string; message: string } | null {
  const log = settings.roomLog;
  if (log && !log.writable()) return createNotSaved(notSaved(log.failure()));
  const reserve = (settings.diskReserveMb ?? 0) * 1024 * 1024;
  if (reserve <= 0) return null;
  const free = log?.freeBytes() ?? settings.store.freeBytes?.() ?? null;
  if (free !== null && free < reserve) {
    return {
      reason: DISK_FULL,
      message: "The server is almost out of disk space, so no new game can start right now. Games already running go on; try again later.",
    };
  }
  return null;
}

/** The words of a join refused because the room log cannot take it now. */
export function joinNotSaved(refusal: Rejection): string {
  if (refusal.message.includes("disk is full")) return "The server's disk is full, so it cannot save your seat right now. Nothing changed; try again in a moment.";
  const why = refusal.message.includes("not answering") ? "its storage is not answering" : "its storage is failing";
  return `The server cannot save your seat right now (${why}). Nothing changed; try again in a moment.`;
}

/** A new room whose first log write failed: the refusal of its create. */
export function createNotSaved(refusal: Rejection): { reason: string; message: string } {
  return refusal.message.includes("disk is full")
    ? { reason: DISK_FULL, message: "The server's disk is full, so no new game can start right now. Games already running go on; try again in a few minutes." }
    : {
        reason: NOT_SAVED,
        message: `The server cannot save a new game right now (its storage is ${refusal.message.includes("not answering") ? "not answering" : "failing"}). Games already running go on; try again in a few minutes.`,
      };
}
