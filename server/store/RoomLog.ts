// The durable room log: what a live room needs to come back after its process dies.
//
// A room is {header (id, game, options, seats with seat-token HASHES, current game's seed
// and seat order), the current game's moves, the timers' deadlines}. Rooms write it from
// inside a move's frame, before the patch leaves (server/rooms/game/durable.ts): SQLite
// synchronously (WAL: a committed row survives the process being killed), Redis through
// one connection: a move once Redis has answered its write, anything else on the wire
// before the patch is (RedisRoomLog.ts).
//
// Status: "live" (a process holds it), "sleeping" (nobody connected: disposed to its log,
// woken by the next join), "closed" (over for good).
//
// What it keeps is what a restore needs, and no more: an open room's header and its current
// game's moves. A finished game's moves go once a newer game runs and the store holds its
// record (the replay is served from there); a closed room's rows go once its games are
// recorded, or ABANDONED_ROOM_HOURS after it closed. A game's moves are capped
// (GAME_LOG_MAX_KB, durable.ts). A write that fails (disk full) throws: the room refuses
// what it could not save (durable.ts), and the log says it is failing until a write works.

import type { Seed } from "../../common/core/rng.js";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { FinishedGame } from "./GameStore.js";
import { describeStoreError } from "./SaveQueue.js";
import { freeBytesAt } from "./diskSpace.js";
import { log, storeErr } from "../ops/log.js";

export type RoomStatus = "live" | "sleeping" | "closed";

export interface LoggedSeat {
  name: string;
  /** sha256 of the seat token (hex); "" for a bot or free seat. The token itself is never stored. */
  tokenHash: string;
  occupied: boolean;
  /** A bot seat (no person). */
  bot: boolean;
  /** A bot plays this person's held seat now. */
  botPlays: boolean;
  ready: boolean;
  /** The profile of the person in the seat (histories, ratings); absent: none. */
  profileId?: string;
}

/** Everything of a room but its moves and deadlines (rewritten when it changes). */
export interface RoomHeader {
  roomId: string;
  /** The Colyseus room name (server/games.ts), e.g. "connect4". */
  roomName: string;
  private: boolean;
  /** The client's create options (the server's settings left out). */
  options: Record<string, unknown>;
  owner: number;
  gameNo: number;
  phase: string;
  result: string;
  /** The current game (gameNo > 0): seed, room seats in game-seat order, start time. */
  seed: Seed;
  order: number[];
  startedAt: number;
  botSeed: number;
  seats: LoggedSeat[];
  /** Game seats whose players left the current game for good, in the order they left (a rated game's losses). */
  forfeits?: number[];
  /** Room seats that went berserk in the current game (a tournament arena's; berserk.ts): their turns stay halved after a restore. */
  berserk?: number[];
}

export interface LoggedMove {
  seat: number;
  move: unknown;
  t: number;
}

export interface Deadlines {
  /** Turn timer (server ms; 0: none). */
  deadline: number;
  /** A together phase's deadline (0: none). */
  together: number;
}

export interface LoggedRoom {
  header: RoomHeader;
  moves: LoggedMove[];
  deadlines: Deadlines;
  status: RoomStatus;
  /** The process holding it (Colyseus processId). */
  process: string;
  updatedAt: number;
}

export interface RoomSummary {
  roomId: string;
  roomName: string;
  status: RoomStatus;
  process: string;
  updatedAt: number;
}

/** A move as written: its JSON made once, by the room (which counts the game's bytes with it). */
export interface WrittenMove {
  seat: number;
  t: number;
  /** JSON.stringify(move). */
  json: string;
}

/** One frame's worth of writes, applied together (one SQLite transaction). */
export interface RoomWrite {
  header?: RoomHeader;
  /**
   * Moves of game `gameNo` from index `from` (earlier moves of that game are kept).
   * `rewrite`: the moves from `from` on differ from what was written (a rewound game): the old
   * tail goes first. Otherwise they are appended.
   */
  moves?: { gameNo: number; from: number; list: WrittenMove[]; rewrite?: boolean };
  deadlines?: Deadlines;
  /** Games whose moves are no longer needed (recorded in the store, and not the room's current game). */
  drop?: number[];
  /** Refresh the room's `updatedAt` (a header or deadlines write always does). */
  touch?: boolean;
  /**
   * Finished games the store has not confirmed yet (`json`: the record without its moves,
   * which stay in the log until it is recorded): kept until `recorded` names them, so a
   * restart records them from here (RoomReviver) if the process dies first.
   */
  records?: { gameNo: number; process: string; json: string }[];
  /** Waiting records (`records`) the store now holds: they go. */
  recorded?: number[];
}

/** A finished game waiting in the room log for the store (RoomWrite.records), with its moves. */
export interface WaitingRecord {
  roomId: string;
  gameNo: number;
  /** The process that wrote it (its own SaveQueue has it while it runs). */
  process: string;
  /** The record without its moves (`log` is `moves`). */
  record: FinishedGame;
  moves: LoggedMove[];
}

/** One room's write in a group commit. */
export interface RoomWriteOf {
  roomId: string;
  w: RoomWrite;
  now: number;
}

export interface RoomLog {
  readonly kind: "sqlite" | "redis" | "memory";
  /**
   * Writes are answered later (Redis): a move's write is confirmed by `writeMany`'s promise,
   * so moves always go through the group commit (ROOM_LOG_GROUP_COMMIT=off or not).
   */
  readonly asynchronous?: boolean;
  /**
   * A new (or restored) room: header and status live under `process`. Throws when it cannot be
   * written (SQLite; Redis while it does not answer). Redis: `failed` runs if the write fails later.
   */
  open(header: RoomHeader, process: string, now: number, failed?: () => void): void;
  /**
   * Synchronous for SQLite: returns once the write is committed, throws (the store's own
   * error, e.g. SQLITE_FULL) when it is not, and then nothing of it was written. Redis: throws
   * while Redis does not answer, else ordered before anything the room sends next; `failed`
   * runs if it fails later (the room then sends a repair).
   */
  write(roomId: string, w: RoomWrite, now: number, failed?: () => void): void;
  /**
   * A group commit (server/rooms/game/groupCommit.ts): the writes of several rooms as ONE
   * transaction (SQLite), all of them or none; throws like `write`. Redis: one MULTI, and a
   * promise that resolves once Redis has applied it, or rejects (an error, or no answer within
   * ROOM_LOG_TIMEOUT_MS); after a rejection the writes may still be applied later.
   */
  writeMany(writes: readonly RoomWriteOf[]): void | Promise<void>;
  /**
   * Asynchronous logs: after a failed write of `roomId` (whose outcome is unknown: it may be
   * applied late), the room as it really is (`w`: its header, deadlines and every move of its
   * game; `header` and `process`: the room's row, live), written right after the failed one on
   * the same connection, or first thing once the log answers again.
   */
  repair?(roomId: string, w: RoomWrite, now: number, header: RoomHeader, process: string): void;
  setStatus(roomId: string, status: RoomStatus, now: number): void;
  /** A closed room whose games are all recorded: its rows go (`games`: the games that may still have moves). */
  forget(roomId: string, games: readonly number[]): void;
  /** Deletes closed rooms untouched since `before` (ms); returns how many. */
  prune(before: number): Promise<number>;
  /**
   * False while writes fail (the last one failed and a small probe write, tried at most every
   * quarter second, fails too): the room refuses what it would have to write, before doing it.
   */
  writable(now?: number): boolean;
  /** While writes fail: the last write's error (the store's own, e.g. SQLITE_FULL); else null. */
  failure(): unknown;
  /** Free bytes where the log lives (null: not on a disk, e.g. in memory or on Redis). */
  freeBytes(): number | null;
  load(roomId: string): Promise<LoggedRoom | null>;
  /** Rooms not closed. */
  listOpen(): Promise<RoomSummary[]>;
  /** Moves `roomId` to `to` if `from` still holds it (and it is not closed). True if this call did. */
  claim(roomId: string, from: string, to: string, now: number): Promise<boolean>;
  /**
   * Shared logs: marks `process` alive for `ttlSeconds` (refreshed while it runs), set before
   * it restores anything, so a process busy booting is not taken for gone by the others
   * (0: the process is stopping, the mark goes).
   */
  markAlive?(process: string, ttlSeconds: number): Promise<void>;
  /** Shared logs: was `process` marked alive within its time to live? */
  isAlive?(process: string): Promise<boolean>;
  /** Finished games waiting for the store (RoomWrite.records), every room's. */
  waitingRecords?(): Promise<WaitingRecord[]>;
  /**
   * The store holds waiting record `gameNo` of `roomId`: the record goes, and its moves unless
   * they are the open room's current game; a closed room with nothing else waiting goes whole.
   */
  recordSaved?(roomId: string, gameNo: number): Promise<void>;
  /** Every write handed over so far has reached the store (Redis: round trip). */
  flush(): Promise<void>;
  close(): void;
}

// ---- SQLite -------------------------------------------------------------------

interface RoomRow {
  room_id: string;
  room_name: string;
  header: string;
  deadlines: string;
  status: RoomStatus;
  process: string;
  updated_at: number;
}

/** A probe write is tried at most this often while writes fail. */
const PROBE_EVERY_MS = 250;
/** Free space is read at most this often (a statfs per room created is plenty). */
const FREE_SPACE_EVERY_MS = 1000;

export class SqliteRoomLog implements RoomLog {
  readonly kind: "sqlite" | "memory";
  private readonly db: Database.Database;
  private readonly st: Record<string, Database.Statement>;
  private readonly tx: (roomId: string, w: RoomWrite, now: number) => void;
  private readonly manyTx: (writes: readonly RoomWriteOf[]) => void;
  private readonly forgetTx: (roomId: string) => void;
  private readonly savedTx: (roomId: string, gameNo: number) => void;
  /** Since when writes fail (null: the last write worked), and when a probe was last tried. */
  private failing: { since: number; probedAt: number; error: unknown } | null = null;
  private free: { at: number; bytes: number | null } = { at: 0, bytes: null };

  /** `file`: a path (its folder is created) or ":memory:". */
  constructor(readonly file: string) {
    this.kind = file === ":memory:" ? "memory" : "sqlite";
    if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    this.db = new Database(file);
    if (file !== ":memory:") {
      this.db.pragma("journal_mode = WAL");
      // NORMAL in WAL: a committed move survives the process being killed (not a power cut).
      this.db.pragma("synchronous = NORMAL");
      // After a checkpoint the WAL is cut back to 4 MB: a burst (or a full disk that made it
      // grow while checkpoints failed) does not keep its space for good.
      this.db.pragma("journal_size_limit = 4194304");
    }
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS rooms (
        room_id TEXT PRIMARY KEY, room_name TEXT NOT NULL, header TEXT NOT NULL,
        deadlines TEXT NOT NULL DEFAULT '{"deadline":0,"together":0}',
        status TEXT NOT NULL, process TEXT NOT NULL, updated_at INTEGER NOT NULL);
      CREATE INDEX IF NOT EXISTS rooms_open ON rooms(status) WHERE status != 'closed';
      CREATE TABLE IF NOT EXISTS room_moves (
        room_id TEXT NOT NULL, game_no INTEGER NOT NULL, idx INTEGER NOT NULL,
        seat INTEGER NOT NULL, move TEXT NOT NULL, t INTEGER NOT NULL,
        PRIMARY KEY (room_id, game_no, idx)) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS log_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS room_records (
        room_id TEXT NOT NULL, game_no INTEGER NOT NULL, process TEXT NOT NULL, record TEXT NOT NULL,
        PRIMARY KEY (room_id, game_no)) WITHOUT ROWID;
    `);
    this.st = {
      open: this.db.prepare(
        `INSERT INTO rooms (room_id, room_name, header, status, process, updated_at) VALUES (?, ?, ?, 'live', ?, ?)
         ON CONFLICT(room_id) DO UPDATE SET room_name = excluded.room_name, header = excluded.header, status = 'live', process = excluded.process, updated_at = excluded.updated_at`,
      ),
      header: this.db.prepare(`UPDATE rooms SET header = ?, updated_at = ? WHERE room_id = ?`),
      deadlines: this.db.prepare(`UPDATE rooms SET deadlines = ?, updated_at = ? WHERE room_id = ?`),
      touch: this.db.prepare(`UPDATE rooms SET updated_at = ? WHERE room_id = ?`),
      cut: this.db.prepare(`DELETE FROM room_moves WHERE room_id = ? AND game_no = ? AND idx >= ?`),
      move: this.db.prepare(`INSERT OR REPLACE INTO room_moves (room_id, game_no, idx, seat, move, t) VALUES (?, ?, ?, ?, ?, ?)`),
      dropGame: this.db.prepare(`DELETE FROM room_moves WHERE room_id = ? AND game_no = ?`),
      dropRoomMoves: this.db.prepare(`DELETE FROM room_moves WHERE room_id = ?`),
      dropRoom: this.db.prepare(`DELETE FROM rooms WHERE room_id = ?`),
      // A closed room with a finished game still waiting for the store stays until it is recorded.
      closedBefore: this.db.prepare(`SELECT room_id FROM rooms WHERE status = 'closed' AND updated_at < ? AND room_id NOT IN (SELECT room_id FROM room_records)`),
      keepRecord: this.db.prepare(`INSERT OR REPLACE INTO room_records (room_id, game_no, process, record) VALUES (?, ?, ?, ?)`),
      dropRecord: this.db.prepare(`DELETE FROM room_records WHERE room_id = ? AND game_no = ?`),
      dropRoomRecords: this.db.prepare(`DELETE FROM room_records WHERE room_id = ?`),
      waiting: this.db.prepare(`SELECT room_id, game_no, process, record FROM room_records ORDER BY room_id, game_no`),
      waitingOf: this.db.prepare(`SELECT count(*) AS n FROM room_records WHERE room_id = ?`),
      status: this.db.prepare(`UPDATE rooms SET status = ?, updated_at = ? WHERE room_id = ?`),
      load: this.db.prepare(`SELECT * FROM rooms WHERE room_id = ?`),
      moves: this.db.prepare(`SELECT seat, move, t FROM room_moves WHERE room_id = ? AND game_no = ? ORDER BY idx`),
      listOpen: this.db.prepare(`SELECT room_id, room_name, status, process, updated_at FROM rooms WHERE status != 'closed'`),
      claim: this.db.prepare(`UPDATE rooms SET process = ?, status = 'live', updated_at = ? WHERE room_id = ? AND process = ? AND status != 'closed'`),
      probe: this.db.prepare(`INSERT OR REPLACE INTO log_meta (key, value) VALUES ('probe', ?)`),
    };
    const writeRoom = (roomId: string, w: RoomWrite, now: number) => {
      if (w.header) this.st.header.run(JSON.stringify(w.header), now, roomId);
      if (w.moves) {
        const { gameNo, from, list, rewrite } = w.moves;
        if (rewrite) this.st.cut.run(roomId, gameNo, from);
        for (let i = 0; i < list.length; i++) this.st.move.run(roomId, gameNo, from + i, list[i].seat, list[i].json, list[i].t);
      }
      if (w.drop) for (const gameNo of w.drop) this.st.dropGame.run(roomId, gameNo);
      if (w.records) for (const r of w.records) this.st.keepRecord.run(roomId, r.gameNo, r.process, r.json);
      if (w.recorded) for (const gameNo of w.recorded) this.st.dropRecord.run(roomId, gameNo);
      if (w.deadlines) this.st.deadlines.run(JSON.stringify(w.deadlines), now, roomId);
      if (w.touch && !w.header && !w.deadlines) this.st.touch.run(now, roomId);
    };
    this.tx = this.db.transaction(writeRoom);
    this.manyTx = this.db.transaction((writes: readonly RoomWriteOf[]) => {
      for (const x of writes) writeRoom(x.roomId, x.w, x.now);
    });
    this.forgetTx = this.db.transaction((roomId: string) => {
      this.st.dropRoomMoves.run(roomId);
      this.st.dropRoomRecords.run(roomId);
      this.st.dropRoom.run(roomId);
    });
    this.savedTx = this.db.transaction((roomId: string, gameNo: number) => {
      this.st.dropRecord.run(roomId, gameNo);
      const row = this.st.load.get(roomId) as RoomRow | undefined;
      const closed = !row || row.status === "closed";
      if (closed && (this.st.waitingOf.get(roomId) as { n: number }).n === 0) return this.forgetTx(roomId);
      if (closed || (JSON.parse(row.header) as RoomHeader).gameNo !== gameNo) this.st.dropGame.run(roomId, gameNo);
    });
  }

  /** Runs a write, keeping track of whether writes work (and saying so when that changes). */
  private writing<T>(fn: () => T): T {
    try {
      const out = fn();
      if (this.failing) {
        const seconds = Math.round((Date.now() - this.failing.since) / 1000);
        log.info({ event: "roomlog.writing-again", file: this.file, seconds }, `room log: writing again after ${seconds} s: rooms take moves and new rooms again.`);
        this.failing = null;
      }
      return out;
    } catch (e) {
      const now = Date.now();
      if (!this.failing) {
        log.error(
          { event: "roomlog.failing", file: this.file, err: storeErr(e) },
          `room log: cannot write ${this.file} (${describeStoreError(e)}): moves are refused ("not-saved") and no room is created until it can. ` +
            `Free space on that disk; nothing needs restarting.`,
        );
      }
      this.failing = { since: this.failing?.since ?? now, probedAt: now, error: e };
      throw e;
    }
  }

  open(header: RoomHeader, process: string, now: number, _failed?: () => void): void {
    this.writing(() => this.st.open.run(header.roomId, header.roomName, JSON.stringify(header), process, now));
  }

  write(roomId: string, w: RoomWrite, now: number, _failed?: () => void): void {
    this.writing(() => this.tx(roomId, w, now));
  }

  writeMany(writes: readonly RoomWriteOf[]): void {
    if (writes.length) this.writing(() => this.manyTx(writes));
  }

  setStatus(roomId: string, status: RoomStatus, now: number): void {
    this.writing(() => this.st.status.run(status, now, roomId));
  }

  forget(roomId: string, _games?: readonly number[]): void {
    this.writing(() => this.forgetTx(roomId));
  }

  async prune(before: number): Promise<number> {
    const ids = (this.st.closedBefore.all(before) as { room_id: string }[]).map((r) => r.room_id);
    for (const id of ids) this.forget(id);
    return ids.length;
  }

  writable(now = Date.now()): boolean {
    const f = this.failing;
    if (!f) return true;
    if (now - f.probedAt < PROBE_EVERY_MS) return false;
    f.probedAt = now;
    try {
      this.writing(() => this.st.probe.run(String(now)));
      return true;
    } catch {
      return false;
    }
  }

  failure(): unknown {
    return this.failing?.error ?? null;
  }

  freeBytes(): number | null {
    if (this.kind === "memory") return null;
    const now = Date.now();
    if (now - this.free.at >= FREE_SPACE_EVERY_MS) this.free = { at: now, bytes: freeBytesAt(path.dirname(path.resolve(this.file))) };
    return this.free.bytes;
  }

  async load(roomId: string): Promise<LoggedRoom | null> {
    const row = this.st.load.get(roomId) as RoomRow | undefined;
    if (!row) return null;
    const header = JSON.parse(row.header) as RoomHeader;
    const moves = (this.st.moves.all(roomId, header.gameNo) as { seat: number; move: string; t: number }[]).map((m) => ({ seat: m.seat, move: JSON.parse(m.move) as unknown, t: m.t }));
    return { header, moves, deadlines: JSON.parse(row.deadlines) as Deadlines, status: row.status, process: row.process, updatedAt: row.updated_at };
  }

  async listOpen(): Promise<RoomSummary[]> {
    return (this.st.listOpen.all() as RoomRow[]).map((r) => ({ roomId: r.room_id, roomName: r.room_name, status: r.status, process: r.process, updatedAt: r.updated_at }));
  }

  async claim(roomId: string, from: string, to: string, now: number): Promise<boolean> {
    return this.writing(() => this.st.claim.run(to, now, roomId, from).changes === 1);
  }

  async waitingRecords(): Promise<WaitingRecord[]> {
    const rows = this.st.waiting.all() as { room_id: string; game_no: number; process: string; record: string }[];
    return rows.map((r) => ({
      roomId: r.room_id,
      gameNo: r.game_no,
      process: r.process,
      record: JSON.parse(r.record) as FinishedGame,
      moves: (this.st.moves.all(r.room_id, r.game_no) as { seat: number; move: string; t: number }[]).map((m) => ({ seat: m.seat, move: JSON.parse(m.move) as unknown, t: m.t })),
    }));
  }

  async recordSaved(roomId: string, gameNo: number): Promise<void> {
    this.writing(() => this.savedTx(roomId, gameNo));
  }

  async flush(): Promise<void> {}

  close(): void {
    if (this.db.open) this.db.close();
  }
}
