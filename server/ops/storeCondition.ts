// The disk and database conditions a store's write can meet, in one table: the log keeps
// these without a stack (server/ops/log.ts storeErr) and the store words them for the
// operator (server/store/SaveQueue.ts describeStoreError). Anything not here is a bug.

const CONDITIONS: [RegExp, string][] = [
  [/^(SQLITE_FULL|ENOSPC)$/, "the disk is full"],
  [/^(SQLITE_READONLY|EROFS)/, "the database is read-only"],
  [/^(EACCES|EPERM|SQLITE_PERM|SQLITE_AUTH)$/, "permission denied"],
  [/^SQLITE_IOERR/, "a disk input/output error"],
  [/^SQLITE_CANTOPEN/, "the database file cannot be opened for writing (is its folder read-only?)"],
  [/^ENOTDIR$/, "a part of the path is a file, not a folder"],
];

/** What a write's error code says about the disk, in words; null when it is no such condition. */
export function storeCondition(code: unknown): string | null {
  if (typeof code !== "string" || !code) return null;
  return CONDITIONS.find(([pattern]) => pattern.test(code))?.[1] ?? null;
}

/**
 * Network and server conditions of a database that is down or out of reach for now (PostgreSQL
 * stopped, restarting, unreachable, out of connections; SQLite busy; a full disk is worded as
 * such where it matters: SaveQueue, offline submissions). The
 * hub answers them "briefly unavailable" in words (server/api/storeDown.ts), never with the
 * library's text.
 */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EPIPE", "EAI_AGAIN",
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections, connection exceptions
  "57P01", "57P02", "57P03", "53300", "08000", "08001", "08003", "08004", "08006",
  "SQLITE_BUSY",
]);
const UNREACHABLE_TEXT = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed/i;

/** Is `error` the database being down or out of reach (rather than a bug or a bad query)? */
export function storeUnreachable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; errors?: unknown[] } | null;
  if (!e || typeof e !== "object") return false;
  if (typeof e.code === "string" && UNREACHABLE_CODES.has(e.code)) return true;
  if (typeof e.message === "string" && UNREACHABLE_TEXT.test(e.message)) return true;
  // Node's AggregateError (every address of a host refused)
  return Array.isArray(e.errors) && e.errors.some(storeUnreachable);
}
