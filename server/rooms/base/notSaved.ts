// Refusals of what the room log could not take (a full or failing disk, a Redis that does not answer): the code and the
// words a player reads. Nothing was applied when one of these is answered.

import type { Rejection } from "../../../common/core/rules.js";

/** A change the room log could not take: refused, nothing changed. */
export const NOT_SAVED = "not-saved";

/** Did the store fail because its disk is full? */
export function diskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_FULL" || code === "ENOSPC";
}

/** Did the log fail because its server (Redis) does not answer? (RedisRoomLog's ROOMLOG_UNAVAILABLE) */
export function storageAway(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "ROOMLOG_UNAVAILABLE";
}

/** The refusal of something the log could not take (`what`: "your move", "that"...), worded by cause (`error`: the store's, if known). */
export function notSaved(error: unknown, what = "your move"): Rejection {
  const why =
    error === null || error === undefined || diskFull(error) ? "because its disk is full" : storageAway(error) ? "because its storage is not answering" : "because its storage is failing";
  return { code: NOT_SAVED, message: `The server could not save ${what} ${why}. Nothing changed; try again in a moment.` };
}

export function isNotSaved(r: Rejection | void | false | null | undefined): boolean {
  return !!r && r.code === NOT_SAVED;
}
