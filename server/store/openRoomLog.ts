// Which room log the server opens (apart from RoomLog.ts so that the Redis log, which
// implements RoomLog's interface, and RoomLog.ts do not import each other).

import path from "node:path";
import { SqliteRoomLog, type RoomLog } from "./RoomLog.js";
import { roomLogTimeoutMs } from "../settings.js";

/**
 * The log the server uses: Redis when REDIS_URL is set (several processes share it), else
 * ROOM_LOG (a file path, ":memory:" or "off"), else `${DATA_DIR}/rooms.sqlite` next to the
 * store; with HUB_DB=":memory:" (tests, throw-away hubs) an in-memory log.
 */
export function roomLogFile(env: NodeJS.ProcessEnv = process.env): string | null {
  const chosen = env.ROOM_LOG?.trim();
  if (chosen === "off") return null;
  if (chosen) return chosen;
  if (env.HUB_DB === ":memory:" && !env.DATA_DIR) return ":memory:";
  if (env.HUB_DB) return path.join(path.dirname(env.HUB_DB), "rooms.sqlite");
  return path.join(env.DATA_DIR || "./data", "rooms.sqlite");
}

/** Opens the room log the server uses (see roomLogFile); Redis when REDIS_URL is set. */
export async function openRoomLog(env: NodeJS.ProcessEnv = process.env): Promise<RoomLog | undefined> {
  const url = env.REDIS_URL?.trim();
  if (url) {
    const { RedisRoomLog } = await import("./RedisRoomLog.js");
    const log = new RedisRoomLog(url, { timeoutMs: roomLogTimeoutMs(env) });
    // It queues nothing while not connected: the reviver's first reads wait for the connection.
    await log.ready();
    return log;
  }
  const file = roomLogFile(env);
  return file === null ? undefined : new SqliteRoomLog(file);
}
