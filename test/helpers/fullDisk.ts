// A full disk without a tiny file system: SQLite's max_page_count caps the real store file at
// its current size (writes then fail with SQLITE_FULL, as on a full disk), and is raised again.

import type Database from "better-sqlite3";
import type { SqliteStore } from "../../server/store/index.js";

function dbOf(store: SqliteStore): Database.Database {
  return (store as unknown as { db: Database.Database }).db;
}

/** Caps the file at its current size and fills the games table's free space: the next game record fails with SQLITE_FULL. */
export function fillDisk(store: SqliteStore): void {
  const db = dbOf(store);
  db.pragma(`max_page_count = ${db.pragma("page_count", { simple: true })}`);
  const filler = db.prepare(
    `INSERT INTO games (game, room_id, seed, config, seats, log, result, started_at, ended_at) VALUES ('filler', '', 0, ?, '[]', '[]', '', 0, 0)`,
  );
  for (const size of [2000, 200, 20, 1]) {
    try {
      for (;;) filler.run("x".repeat(size));
    } catch (e) {
      if ((e as { code?: string }).code !== "SQLITE_FULL") throw e;
    }
  }
}

/** Space is back. */
export function freeDisk(store: SqliteStore): void {
  dbOf(store).pragma("max_page_count = 1073741823");
}
