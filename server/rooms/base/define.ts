// Registering a game room with the matchmaker, and server-wide matchmaking tweaks.

import { matchMaker, type Server } from "@colyseus/core";
import type { HubSettings } from "../../settings.js";
import { normaliseRoomId } from "./privateCodes.js";
import type { SeatedRoom } from "./SeatedRoom.js";
import { isPlainObject } from "./validate.js";
import { SAFETY_CRITERION, safetyTier } from "../../safety/quickPlay.js";

export interface HubRoomClass {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  new (...args: any[]): SeatedRoom<any>;
  /**
   * Canonical quick-play criteria for raw client options (defaults filled in), so
   * `{mode:"coop"}` and `{mode:"coop", level:"beginner"}` meet in the same room.
   * Used for lookups and as the listing's own criteria when a room is created.
   */
  quickPlayFilter?(options: Record<string, unknown>): Record<string, unknown>;
}

/**
 * `server.define(name, Room).filterBy(keys)` plus the canonical quick-play filter and
 * the server settings (passed as define-time options, which override client options).
 */
export function defineHubRoom(server: Server, name: string, klass: HubRoomClass, filterKeys: string[], settings: HubSettings) {
  const handler = server.define(name, klass, { hub: settings }).filterBy(filterKeys);
  const canonical = klass.quickPlayFilter;
  if (canonical) {
    // Plus the safety criterion: profiles with upheld reports meet among themselves (server/safety/quickPlay.ts).
    handler.getFilterOptions = (options: unknown) => {
      const o = isPlainObject(options) ? options : {};
      return { ...canonical(o), [SAFETY_CRITERION]: safetyTier(o) };
    };
  }
  return handler;
}

const NORMALISED = Symbol.for("hub.roomIdNormalised");

/**
 * Makes `joinById` / `reconnect` tolerant of lower-case private codes ("abcde" → "ABCDE").
 * Colyseus looks room ids up verbatim; its matchmaking controller is the one seam
 * every HTTP matchmaking call goes through. Auto-generated ids (9 characters) are untouched.
 */
export function installRoomIdNormalisation(): void {
  const controller = matchMaker.controller as typeof matchMaker.controller & { [NORMALISED]?: boolean };
  if (controller[NORMALISED]) return;
  const invoke = controller.invokeMethod;
  controller.invokeMethod = function (this: unknown, method: string, roomName: string, clientOptions: unknown, authOptions: unknown) {
    const target = method === "joinById" || method === "reconnect" ? normaliseRoomId(roomName) : roomName;
    return invoke.call(this, method, target, clientOptions as never, authOptions as never);
  } as typeof invoke;
  controller[NORMALISED] = true;
}
