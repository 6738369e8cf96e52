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
