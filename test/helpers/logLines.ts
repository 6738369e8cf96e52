// The hub's log as a test reads it: one JSON object per line (server/ops/log.ts).

import { createLogger, log, useLogger } from "../../server/ops/log.js";
export interface LogLine {
  level: string;
  time: string;
  event?: string;
  msg: string;
  room?: string;
  game?: string;
  [field: string]: any;
}

/**
 * Every JSON line of a process's output. The two lines @colyseus/tools prints while it is
 * imported, before any hub code runs (its .env loader), are the only ones that are not JSON.
 */
export function jsonLines(output: string): LogLine[] {
  const out: LogLine[] = [];
  for (const line of output.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      out.push(JSON.parse(line) as LogLine);
    } catch {
      /* a line cut by the output buffer */
    }
  }
  return out;
}

/** The lines that are not JSON (for a test that checks there are none but the loader's). */
export function otherLines(output: string): string[] {
  return output.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("{"));
}

/**
 * The lines the hub logs in this process from now on (at `level` and above) until
 * `restore()`: for tests that check what a room reports (rooms pick the new logger up at once).
 */
export function captureLogs(level = "debug"): { lines: LogLine[]; restore(): void } {
  const previous = log;
  const lines: LogLine[] = [];
  useLogger(createLogger({ LOG_LEVEL: level }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) }));
  return { lines, restore: () => useLogger(previous) };
}
