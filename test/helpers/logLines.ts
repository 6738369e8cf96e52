// The hub's log as a test reads it: one JSON object per line (server/ops/log.ts).

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
