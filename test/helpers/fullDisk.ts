// Full disks for the store and room-log tests, two ways:
// - a real one: a small tmpfs the test mounts (as root, on Linux) and fills with a filler file
//   until the kernel says ENOSPC, so SQLite's writes fail exactly as on a full disk;
// - without root: SQLite's max_page_count caps a real database file at its current size
//   (writes then fail with SQLITE_FULL, as on a full disk), and is raised again.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type Database from "better-sqlite3";
import type { SqliteStore } from "../../server/store/index.js";
import type { SqliteRoomLog } from "../../server/store/RoomLog.js";

function dbOf(store: SqliteStore | SqliteRoomLog): Database.Database {
  return (store as unknown as { db: Database.Database }).db;
}

/** Caps the file at its current size and fills the games table's free space: the next game record fails with SQLITE_FULL. */
export function fillDisk(store: SqliteStore): void {
  const db = dbOf(store);
  db.pragma(`max_page_count = ${db.pragma("page_count", { simple: true })}`);
  fillWith(db.prepare(`INSERT INTO games (game, room_id, seed, config, seats, log, result, started_at, ended_at) VALUES ('filler', '', 0, ?, '[]', '[]', '', 0, 0)`));
}

/** Space is back. */
export function freeDisk(store: SqliteStore): void {
  dbOf(store).pragma("max_page_count = 1073741823");
}

/**
 * The room log's file capped at its size, with the page where game `gameNo` of `roomId` takes
 * its next moves filled (filler rows of "game gameNo + ½", which sort right after that game's
 * moves and are never loaded as moves): the room's next move needs a new page and fails with
 * SQLITE_FULL. Only writes that need a page fail this way (an update in place still works),
 * so the suites prefer a real full disk where they can mount one.
 */
export function fillRoomLog(log: SqliteRoomLog, roomId: string, gameNo: number): void {
  const db = dbOf(log);
  db.pragma(`max_page_count = ${db.pragma("page_count", { simple: true })}`);
  let n = 0;
  const move = db.prepare(`INSERT INTO room_moves (room_id, game_no, idx, seat, move, t) VALUES (?, ?, ?, 0, ?, 0)`);
  fillWith({ run: (x: string) => move.run(roomId, gameNo + 0.5, n++, x) });
  const meta = db.prepare(`INSERT INTO log_meta (key, value) VALUES (?, ?)`);
  fillWith({ run: (x: string) => meta.run(`filler${n++}`, x) });
}

/** The room log may grow again; the filler goes. */
export function freeRoomLog(log: SqliteRoomLog): void {
  const db = dbOf(log);
  db.pragma("max_page_count = 1073741823");
  db.exec(`DELETE FROM log_meta WHERE key LIKE 'filler%'; DELETE FROM room_moves WHERE game_no <> CAST(game_no AS INTEGER)`);
}

/** Checkpoints the log and cuts its WAL to nothing: on a full disk its very next commit needs new space. */
export function truncateWal(log: SqliteRoomLog): void {
  dbOf(log).pragma("wal_checkpoint(TRUNCATE)");
}

function fillWith(filler: { run(x: string): unknown }): void {
  for (const size of [2000, 200, 20, 1]) {
    try {
      for (;;) filler.run("x".repeat(size));
    } catch (e) {
      if ((e as { code?: string }).code !== "SQLITE_FULL") throw e;
    }
  }
}

/** A small file system of its own, mounted for a test. */
export interface SmallDisk {
  dir: string;
  /** Writes a filler file until the disk is full (ENOSPC), leaving `leaveBytes` free. */
  fill(leaveBytes?: number): void;
  /** Deletes the filler: the space is back. */
  free(): void;
  /** Free bytes now. */
  freeBytes(): number;
  unmount(): void;
}

/** Mounts a `mb`-MB tmpfs (needs root on Linux); null where mounting is not allowed (or FULL_DISK=pages asks for max_page_count). */
export function mountSmallDisk(mb = 3): SmallDisk | null {
  if (process.platform !== "linux" || process.getuid?.() !== 0 || process.env.FULL_DISK === "pages") return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hub-small-disk-"));
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", `size=${mb}m`, "tmpfs", dir], { encoding: "utf8" });
  if (mounted.status !== 0) {
    fs.rmdirSync(dir);
    return null;
  }
  const filler = path.join(dir, "filler");
  const freeBytes = () => {
    const s = fs.statfsSync(dir);
    return s.bavail * s.bsize;
  };
  return {
    dir,
    freeBytes,
    fill(leaveBytes = 0) {
      const fd = fs.openSync(filler, "a");
      try {
        for (const size of [65536, 4096, 512]) {
          const chunk = Buffer.alloc(size, 120);
          try {
            while (freeBytes() >= leaveBytes + size) fs.writeSync(fd, chunk);
          } catch (e) {
            if ((e as { code?: string }).code !== "ENOSPC") throw e;
          }
        }
      } finally {
        fs.closeSync(fd);
      }
    },
    free() {
      fs.rmSync(filler, { force: true });
    },
    unmount() {
      spawnSync("umount", [dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
