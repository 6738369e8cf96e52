// The hub's log: one JSON object per line (pino), so an operator's log stack can filter
// by room, game and event without parsing prose. Every line that matters carries
// `event` (a stable name, listed in EVENTS and in the README), and a room's lines carry
// `room` and `game`. Colyseus' own messages go through the same logger (event "colyseus").
//
// LOG_LEVEL picks the threshold (default info; `debug` adds every refused message).
// Under `npm run dev` (NODE_ENV=development) lines are prettified with pino-pretty when it
// is installed; `npm start` and every test log plain JSON.

import { createRequire } from "node:module";
import { pino, type DestinationStream, type Logger } from "pino";
import { storeCondition } from "./storeCondition.js";

/** The `event` names the hub logs (README, "Logs"). */
export const EVENTS = [
  "hub.listening",
  "hub.stopping",
  "room.created",
  "room.restored",
  "room.disposed",
  "room.sleeping",
  "room.abandoned",
  "room.restore-failed",
  "room.error",
  "move.refused",
  "join.refused",
  "socket.refused",
  "profile.refused",
  "flood.cut",
  "roomlog.write-failed",
  "roomlog.failing",
  "roomlog.writing-again",
  "store.write-failed",
  "store.writing-again",
  "store.read-failed",
  "redis.down",
  "redis.up",
  "http.failed",
  "bot.failed",
  "rating.failed",
  "cards.unreadable",
  "config",
  "colyseus",
] as const;
export type LogEvent = (typeof EVENTS)[number];

const LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

/** LOG_LEVEL if it is a pino level, else info. */
export function logLevel(env: NodeJS.ProcessEnv = process.env): string {
  const wanted = env.LOG_LEVEL?.trim().toLowerCase();
  return wanted && LEVELS.has(wanted) ? wanted : "info";
}

/** pino-pretty's stream, when asked for (development) and installed; null otherwise. */
function prettyStream(env: NodeJS.ProcessEnv): DestinationStream | null {
  const wanted = env.LOG_FORMAT?.trim().toLowerCase();
  if (wanted === "json" || (wanted !== "pretty" && env.NODE_ENV !== "development")) return null;
  try {
    const pretty = createRequire(import.meta.url)("pino-pretty") as (o: object) => DestinationStream;
    return pretty({ colorize: Boolean(process.stdout.isTTY), translateTime: "HH:MM:ss.l", ignore: "pid,hostname", messageKey: "msg", singleLine: true });
  } catch {
    return null; // not installed: JSON it is
  }
}

export function createLogger(env: NodeJS.ProcessEnv = process.env, destination?: DestinationStream): Logger {
  return pino(
    {
      level: logLevel(env),
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // A secret must never reach a log line, whatever an object carried.
      redact: { paths: ["seatToken", "*.seatToken", "reconnectionToken", "password", "authorization", "*.authorization"], censor: "[redacted]" },
    },
    destination ?? prettyStream(env) ?? pino.destination({ dest: 1, sync: true }),
  );
}

/** The process's logger. */
export let log: Logger = createLogger();

/** Replaces the process's logger (tests capture lines with their own destination). */
export function useLogger(logger: Logger): void {
  log = logger;
}

/** A room's lines: `room` and `game` on each. */
export function roomLogger(game: string, room: string): Logger {
  return log.child({ game, room });
}

/** SaveQueue's lines (server/store/SaveQueue.ts): a failing store, or the store writing again. */
export function storeLine(line: string): void {
  if (/writing again/.test(line)) log.info({ event: "store.writing-again" }, line);
  else log.error({ event: "store.write-failed" }, line);
}

/** An error as log fields: its message, code and stack (pino's `err` serializer). */
export function errorFields(e: unknown): { err: unknown } {
  return { err: e instanceof Error ? e : new Error(String(e)) };
}

/**
 * A store's failed write as the log's `err`: a full or read-only disk is a condition the
 * operator fixes (its code and message say which), so it goes without a stack, which would
 * repeat the same twenty lines for every room and every retry; anything else keeps its stack.
 */
export function storeErr(e: unknown): unknown {
  const code = (e as { code?: unknown })?.code;
  if (!(e instanceof Error) || typeof code !== "string" || storeCondition(code) === null) return e;
  // Same class (pino's `type` names it, e.g. SqliteError), its first line as the stack.
  const bare = Object.create(Object.getPrototypeOf(e) as object) as Error & { code: string };
  Object.assign(bare, { message: e.message, code, stack: `${e.name}: ${e.message}` });
  return bare;
}

/**
 * The logger to hand Colyseus (its server option `logger`). Colyseus logs through
 * `logger.info("…", …args)` with emoji and free text: those lines keep their words in `msg`
 * and get event "colyseus" (an Error argument becomes `err`).
 */
export function colyseusLogger(): Record<"debug" | "info" | "warn" | "error" | "trace", (...args: unknown[]) => void> {
  const forward = (level: "debug" | "info" | "warn" | "error" | "trace") => (...args: unknown[]) => {
    const err = args.find((a) => a instanceof Error);
    const text = args
      .filter((a) => a !== err)
      .map((a) => (typeof a === "string" ? a : safeJson(a)))
      .join(" ")
      .trim();
    log[level]({ event: "colyseus", ...(err ? { err } : {}) }, text || (err as Error | undefined)?.message || "");
  };
  return { debug: forward("debug"), info: forward("info"), warn: forward("warn"), error: forward("error"), trace: forward("trace") };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
