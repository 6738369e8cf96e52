// Private room codes: 5 letters from an alphabet without I and O (no 0/O, 1/I mix-ups).
// Colyseus does not check room-id uniqueness, so codes are reserved in presence
// (shared across processes with Redis) and in a process-local set, which makes the
// check-and-reserve atomic within one process even with LocalPresence.

import { randomInt } from "node:crypto";
import type { Presence } from "@colyseus/core";

export const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ";
export const CODE_LENGTH = 5;
export const CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);
/** What a code looks like before normalisation: 5 letters, any case. */
export const CODE_LIKE = /^[A-Za-z]{5}$/;
const PRESENCE_KEY = "hub-private-codes";

const claimedHere = new Set<string>();

export function randomCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Upper-cases something that looks like a private code; leaves other room ids alone. */
export function normaliseRoomId(roomId: string): string {
  return CODE_LIKE.test(roomId) ? roomId.toUpperCase() : roomId;
}

/** Picks a code no live room uses and reserves it. Release it with `releaseCode` on dispose. */
export async function reserveCode(presence: Presence, attempts = 100): Promise<string> {
  for (let i = 0; i < attempts; i++) {
    const code = randomCode();
    if (claimedHere.has(code)) continue;
    claimedHere.add(code); // synchronous: no other create in this process can take it now
    try {
      if (await presence.sismember(PRESENCE_KEY, code)) {
        claimedHere.delete(code);
        continue;
      }
      const added = await presence.sadd(PRESENCE_KEY, code);
      // Redis answers how many members were added: 0 means another process won the race.
      if (added === 0) {
        claimedHere.delete(code);
        continue;
      }
      return code;
    } catch (e) {
      claimedHere.delete(code);
      throw e;
    }
  }
  throw new Error("could not find a free private room code");
}

export async function releaseCode(presence: Presence, code: string): Promise<void> {
  claimedHere.delete(code);
  await presence.srem(PRESENCE_KEY, code);
}

/**
 * A restored room takes its own code back (from the room log). The code may still be in
 * presence from the process that died holding it; either way it is this room's now.
 */
export async function reclaimCode(presence: Presence, code: string): Promise<void> {
  claimedHere.add(code);
  await presence.sadd(PRESENCE_KEY, code);
}
