// Quick play with safety (docs/safety.md), in the matchmaking route before Colyseus' own
// joinOrCreate: a profile a moderator banned from quick play is told in words until when; a
// profile with upheld reports is seated among its peers (the `safety` criterion every game
// room's listing carries: "reported" or ""), and a profile with blocks (its own, or others'
// against it) is seated only in a room where nobody it must avoid sits, asked of each room
// through remoteRoomCall so it works across processes. The room's own join check
// (roomSafety.ts) refuses whatever slips through a race.

import { matchMaker } from "@colyseus/core";
import { hashKey, isProfileKey } from "../api/profileAuth.js";
import type { HomeStore } from "../store/HomeStore.js";
import { HubRefusal } from "../rooms/base/errors.js";
import { untilWords } from "./words.js";

/** The listing criterion that keeps reported profiles among themselves. */
export const SAFETY_CRITERION = "safety";
export const REPORTED_TIER = "reported";

/** The criterion's value for raw options (set by the route; anything a client sends is overwritten there). */
export function safetyTier(options: Record<string, unknown>): string {
  return options[SAFETY_CRITERION] === REPORTED_TIER ? REPORTED_TIER : "";
}

export interface Standing {
  profileId: string;
  /** Profiles never to be seated with this one. */
  avoid: string[];
  reported: boolean;
  ban: { until: number; reason: string } | null;
}

/** Where a profile stands for matchmaking (null: no profile). */
export async function standingOf(home: HomeStore, profileKey: unknown, now: number): Promise<Standing | null> {
  if (!isProfileKey(profileKey)) return null;
  const profile = await home.profileByKey(hashKey(profileKey));
  if (!profile) return null;
  const [avoid, upheld, sanctions] = await Promise.all([home.safety.avoidedBy(profile.id), home.safety.upheldAgainst(profile.id), home.safety.sanctionsOf(profile.id, now)]);
  const ban = sanctions.find((s) => s.kind === "ban" && s.until > now) ?? null;
  return { profileId: profile.id, avoid, reported: upheld > 0, ban: ban && { until: ban.until, reason: ban.reason } };
}

export function bannedRefusal(ban: { until: number; reason: string }, now: number): HubRefusal {
  return new HubRefusal(
    "banned",
    `A moderator banned you from quick play ${untilWords(ban.until, now)}, because: ${ban.reason}. Private rooms with friends and solo games are still open to you.`,
  );
}

/** Does this room name take quick play (a game room: it has quick-play criteria)? */
export function isQuickPlayRoom(roomName: string): boolean {
  const klass = matchMaker.getRoomClass(roomName) as { quickPlayFilter?: unknown } | undefined;
  return typeof klass?.quickPlayFilter === "function";
}

type Invoke = (method: string, roomName: string, options: Record<string, unknown>) => Promise<unknown>;

/**
 * A matchmaking call for a game room, with the caller's standing: the criterion set, a ban
 * refused, and a caller with blocks placed in a room free of them (or a new one).
 */
export async function safeMatchmake(home: HomeStore, method: string, roomName: string, options: Record<string, unknown>, invoke: Invoke, now = Date.now()): Promise<unknown> {
  const standing = await standingOf(home, options.profileKey, now);
  options[SAFETY_CRITERION] = standing?.reported ? REPORTED_TIER : "";
  if (method !== "joinOrCreate" && method !== "join") return invoke(method, roomName, options);
  if (standing?.ban && options.spectate !== true) throw bannedRefusal(standing.ban, now);
  if (!standing || standing.avoid.length === 0 || options.spectate === true) return invoke(method, roomName, options);
  const avoid = new Set(standing.avoid);
  const handler = matchMaker.getHandler(roomName);
  const rooms = await matchMaker.query({ locked: false, name: roomName, private: false, ...handler.getFilterOptions(options) });
  for (const room of rooms) {
    let seated: string[];
    try {
      seated = (await matchMaker.remoteRoomCall(room.roomId, "seatedProfiles")) as string[];
    } catch {
      continue; // gone meanwhile
    }
    if (!Array.isArray(seated) || seated.some((p) => avoid.has(p))) continue;
    try {
      return await invoke("joinById", room.roomId, options);
    } catch {
      // full, started or refused meanwhile: the next one
    }
  }
  if (method === "join") throw new HubRefusal("no-room", "No open room of this game is free of the players you blocked (or who blocked you). Start one with Quick play.");
  return invoke("create", roomName, options);
}
