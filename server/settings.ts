// Server-side knobs. Read from the environment by default; tests pass overrides
// to createHubConfig(). They reach rooms through define()-time options, which
// Colyseus merges *over* client options, so no client can change them.

import type { Admission, AdmissionLimits } from "./net/admission.js";
import type { BucketLimits } from "./rooms/base/rateLimit.js";

export type { AdmissionLimits } from "./net/admission.js";
import type { GameStore } from "./store/GameStore.js";
import type { HomeStore } from "./store/HomeStore.js";
import type { RoomLog } from "./store/RoomLog.js";
import { parseSchedule, type ScheduledEntry } from "./tournaments/schedule.js";

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
  /** Refused-for-rate messages a client may send before it is disconnected (see rooms/base/flood.ts). */
  floodStrikes: BucketLimits;
  /** A client whose unsent output passes this many bytes (it is not reading) is disconnected. */
  maxSendBufferBytes: number;
  /** Seconds a matchmaking reservation waits for its socket (Colyseus' seat reservation time). */
  seatReservationSeconds: number;
  /** Seconds a connected socket has to finish the join handshake before its seat counts as dropped. */
  joinTimeoutSeconds: number;
  /** Held seats of a room nobody is connected to end after at most this many seconds. */
  abandonedHoldSeconds: number;
  /** Per-address limits and the process budget (server/net/admission.ts). */
  admission: AdmissionLimits;
  /** Proxies in front of the hub whose X-Forwarded-For is believed (0: use the socket address). */
  trustProxy: number;
  /** Largest /matchmake request body, in bytes (larger: 413). */
  maxMatchmakeBodyBytes: number;
  /** Where finished games go. */
  store: GameStore;
  /** Profiles, histories and ratings (the same database as the store); none: rooms rate nothing. */
  home?: HomeStore;
  /** Where live rooms keep their log (server/store/RoomLog.ts); none: rooms are not restored. */
  roomLog?: RoomLog;
  /** A room nobody is connected to for this long sleeps as its log (0: never). */
  roomSleepSeconds: number;
  /** A room untouched (no move, no join) this long is closed for good (its rows go as long after that). */
  abandonedRoomHours: number;
  /** Below this much free space where the room log (or the store) lives, no new room is created (MB; 0: no reserve). */
  diskReserveMb: number;
  /** A game whose moves reach this many KB of JSON in the room log takes no more (a log's bound). */
  gameLogMaxKb: number;
  /**
   * Moves of one event-loop turn, every room's, are written to the room log as one transaction
   * (server/rooms/game/groupCommit.ts); false (ROOM_LOG_GROUP_COMMIT=off): a commit per move.
   */
  groupCommit: boolean;
  /** Refusals one address provokes (matchmaking, sockets) are logged once per address per this many seconds (0: each one). */
  refusalLogSeconds: number;
  /** Reports one profile may send a day (REPORTS_PER_DAY, default 10: Cockatrice's bound). */
  reportsPerDay?: number;
  /** Recurring arenas and Swiss events an operator schedules (TOURNAMENTS: a JSON list or a file's path; server/tournaments/schedule.ts). */
  tournaments?: ScheduledEntry[];
  /** This hub's admission state (set when the server starts; rooms made without it skip the checks). */
  gate?: Admission;
}


export const DEFAULTS = {
  reconnectSeconds: 30,
  seatHoldSeconds: 600,
  spectatorSlots: 50,
  messageRate: { burst: 20, perSecond: 20 },
  cursorRate: { burst: 30, perSecond: 30 },
  maxPayloadChars: 1024,
  floodStrikes: { burst: 300, perSecond: 30 },
  maxSendBufferBytes: 2 * 1024 * 1024,
  seatReservationSeconds: 15,
  joinTimeoutSeconds: 10,
  abandonedHoldSeconds: 120,
  roomSleepSeconds: 300,
  abandonedRoomHours: 72,
  diskReserveMb: 100,
  gameLogMaxKb: 2048,
  groupCommit: true,
  trustProxy: 0,
  maxMatchmakeBodyBytes: 8 * 1024,
  refusalLogSeconds: 10,
  reportsPerDay: 10,
  admission: {
    createRate: { burst: 10, perSecond: 0.2 },
    roomsPerAddress: 20,
    reserveRate: { burst: 30, perSecond: 1 },
    pendingPerAddress: 8,
    unusedRate: { burst: 6, perSecond: 1 / 60 },
    tokenGuessRate: { burst: 10, perSecond: 0.2 },
    maxRooms: 2000,
    maxCells: 2_000_000,
    // a classroom (40 new browsers at once behind one address) never reaches these
    profilesPerDay: 1000,
    profileRate: { burst: 60, perSecond: 1 / 3 },
    halfOpenPerAddress: 128,
  },
} as const;

/** Per-address limits lifted (ADDRESS_LIMITS=off, tests and load tools that play from one machine). */
export const NO_ADDRESS_LIMITS: Omit<AdmissionLimits, "maxRooms" | "maxCells"> = {
  createRate: { burst: 1e6, perSecond: 1e6 },
  roomsPerAddress: 1e6,
  reserveRate: { burst: 1e6, perSecond: 1e6 },
  pendingPerAddress: 1e6,
  unusedRate: { burst: 1e6, perSecond: 1e6 },
  tokenGuessRate: { burst: 1e6, perSecond: 1e6 },
  profilesPerDay: 1e6,
  profileRate: { burst: 1e6, perSecond: 1e6 },
  halfOpenPerAddress: 1e6,
};

function num(value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  return Number.isFinite(n) && n >= min && n <= max ? n : fallback;
}

/** Everything but the store, from the environment (RECONNECT_SECONDS, SEAT_HOLD_SECONDS, ...). */
export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): Omit<HubSettings, "store"> {
  return {
    reconnectSeconds: num(env.RECONNECT_SECONDS, DEFAULTS.reconnectSeconds, 0, 3600),
    // A schedule that cannot be read stops the start, in words: an operator's typo never means no tournaments silently.
    tournaments: parseSchedule(env.TOURNAMENTS),
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
    floodStrikes: {
      burst: num(env.FLOOD_STRIKES, DEFAULTS.floodStrikes.burst, 1, 1e9),
      perSecond: num(env.FLOOD_STRIKES_PER_SECOND, DEFAULTS.floodStrikes.perSecond, 0, 1e9),
    },
    maxSendBufferBytes: num(env.SEND_BUFFER_KB, DEFAULTS.maxSendBufferBytes / 1024, 64, 1e6) * 1024,
    seatReservationSeconds: num(env.SEAT_RESERVATION_SECONDS, DEFAULTS.seatReservationSeconds, 1, 600),
    joinTimeoutSeconds: num(env.JOIN_TIMEOUT_SECONDS, DEFAULTS.joinTimeoutSeconds, 1, 3600),
    abandonedHoldSeconds: num(env.ABANDONED_HOLD_SECONDS, DEFAULTS.abandonedHoldSeconds, 0, 86400),
    roomSleepSeconds: num(env.ROOM_SLEEP_SECONDS, DEFAULTS.roomSleepSeconds, 0, 86400 * 30),
    abandonedRoomHours: num(env.ABANDONED_ROOM_HOURS, DEFAULTS.abandonedRoomHours, 0.001, 24 * 365),
    diskReserveMb: num(env.DISK_RESERVE_MB, DEFAULTS.diskReserveMb, 0, 1e7),
    gameLogMaxKb: num(env.GAME_LOG_MAX_KB, DEFAULTS.gameLogMaxKb, 16, 1e6),
    groupCommit: env.ROOM_LOG_GROUP_COMMIT?.trim() !== "off",
    trustProxy: num(env.TRUST_PROXY, DEFAULTS.trustProxy, 0, 10),
    maxMatchmakeBodyBytes: num(env.MATCHMAKE_BODY_BYTES, DEFAULTS.maxMatchmakeBodyBytes, 256, 1 << 20),
    refusalLogSeconds: num(env.REFUSAL_LOG_SECONDS, DEFAULTS.refusalLogSeconds, 0, 86400),
    reportsPerDay: num(env.REPORTS_PER_DAY, DEFAULTS.reportsPerDay, 1, 1000),
    admission: admissionFromEnv(env),
  };
}

function admissionFromEnv(env: NodeJS.ProcessEnv): AdmissionLimits {
  const d = DEFAULTS.admission;
  const perMinute = (value: string | undefined, fallback: number) => num(value, fallback * 60, 0, 1e9) / 60;
  const limits: AdmissionLimits = {
    createRate: { burst: num(env.CREATE_BURST, d.createRate.burst, 1, 1e9), perSecond: perMinute(env.CREATE_PER_MINUTE, d.createRate.perSecond) },
    roomsPerAddress: num(env.ROOMS_PER_ADDRESS, d.roomsPerAddress, 1, 1e9),
    reserveRate: { burst: num(env.JOIN_BURST, d.reserveRate.burst, 1, 1e9), perSecond: perMinute(env.JOIN_PER_MINUTE, d.reserveRate.perSecond) },
    pendingPerAddress: num(env.PENDING_JOINS_PER_ADDRESS, d.pendingPerAddress, 1, 1e9),
    unusedRate: { burst: num(env.UNUSED_JOINS_BURST, d.unusedRate.burst, 1, 1e9), perSecond: perMinute(env.UNUSED_JOINS_PER_MINUTE, d.unusedRate.perSecond) },
    tokenGuessRate: {
      burst: num(env.TOKEN_GUESS_BURST, d.tokenGuessRate.burst, 1, 1e9),
      perSecond: perMinute(env.TOKEN_GUESS_PER_MINUTE, d.tokenGuessRate.perSecond),
    },
    maxRooms: num(env.MAX_ROOMS, d.maxRooms, 1, 1e9),
    maxCells: num(env.MAX_CELLS, d.maxCells, 1, 1e12),
    profilesPerDay: num(env.PROFILES_PER_DAY, d.profilesPerDay, 1, 1e9),
    profileRate: { burst: num(env.PROFILE_BURST, d.profileRate.burst, 1, 1e9), perSecond: perMinute(env.PROFILES_PER_MINUTE, d.profileRate.perSecond) },
    halfOpenPerAddress: num(env.HALF_OPEN_PER_ADDRESS, d.halfOpenPerAddress, 1, 1e9),
  };
  return env.ADDRESS_LIMITS?.trim().toLowerCase() === "off" ? { ...limits, ...NO_ADDRESS_LIMITS } : limits;
}

/**
 * ROOM_LOG_TIMEOUT_MS (default 2000): how long a move waits for Redis to answer its room-log
 * write before it is refused `not-saved` (server/store/RedisRoomLog.ts).
 */
export function roomLogTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  return num(env.ROOM_LOG_TIMEOUT_MS, 2000, 50, 60_000);
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
