// Server-side knobs. Read from the environment by default; tests pass overrides
// to createHubConfig(). They reach rooms through define()-time options, which
// Colyseus merges *over* client options, so no client can change them.

import type { BucketLimits } from "./rooms/base/rateLimit.js";
import type { GameStore } from "./store/GameStore.js";

export interface HubSettings {
  /** Seconds a dropped player can resume with client.reconnect() (same session). */
  reconnectSeconds: number;
  /** Seconds a seat stays held after that window, reclaimable with its seat token. */
  seatHoldSeconds: number;
  /** Spectators a room accepts on top of its seats. */
  spectatorSlots: number;
  /** Per-client limit for every message except `cursor`. */
  messageRate: BucketLimits;
  /** Per-client limit for `cursor`. */
  cursorRate: BucketLimits;
  /** Largest accepted payload, in characters of its JSON form. */
  maxPayloadChars: number;
  /** Where finished games go. */
  store: GameStore;
}

export const DEFAULTS = {
  reconnectSeconds: 30,
  seatHoldSeconds: 600,
  spectatorSlots: 50,
  messageRate: { burst: 20, perSecond: 20 },
  cursorRate: { burst: 30, perSecond: 30 },
  maxPayloadChars: 1024,
} as const;

function num(value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  return Number.isFinite(n) && n >= min && n <= max ? n : fallback;
}

/** Everything but the store, from the environment (RECONNECT_SECONDS, SEAT_HOLD_SECONDS, ...). */
export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): Omit<HubSettings, "store"> {
  return {
    reconnectSeconds: num(env.RECONNECT_SECONDS, DEFAULTS.reconnectSeconds, 0, 3600),
    seatHoldSeconds: num(env.SEAT_HOLD_SECONDS, DEFAULTS.seatHoldSeconds, 0, 86400),
    spectatorSlots: num(env.SPECTATOR_SLOTS, DEFAULTS.spectatorSlots, 0, 1000),
    messageRate: {
      burst: num(env.RATE_BURST, DEFAULTS.messageRate.burst, 1, 1e6),
      perSecond: num(env.RATE_PER_SECOND, DEFAULTS.messageRate.perSecond, 0.1, 1e6),
    },
    cursorRate: {
      burst: num(env.CURSOR_RATE_BURST, DEFAULTS.cursorRate.burst, 1, 1e6),
      perSecond: num(env.CURSOR_RATE_PER_SECOND, DEFAULTS.cursorRate.perSecond, 0.1, 1e6),
    },
    maxPayloadChars: DEFAULTS.maxPayloadChars,
  };
}

/** The port `npm start` uses when PORT is not set. */
export const DEFAULT_PORT = 2567;

/** PORT as given (default 2567): what server/index.ts passes to @colyseus/tools `listen()`. */
export function basePort(env: NodeJS.ProcessEnv = process.env): number {
  return num(env.PORT, DEFAULT_PORT, 1, 65535);
}

/**
 * The port this process really listens on. `listen()` adds PM2's NODE_APP_INSTANCE to the
 * port it is given (0 outside PM2, and 0 in our ecosystem file, which renames that variable),
 * so the default public address must add it too.
 */
export function listenPort(env: NodeJS.ProcessEnv = process.env): number {
  return basePort(env) + num(env.NODE_APP_INSTANCE, 0, 0, 65535);
}
