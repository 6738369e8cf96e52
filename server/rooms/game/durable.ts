// A game room's durability: what it writes to the room log (server/store/RoomLog.ts) and
// how a restore hands a logged room to the room being created for it.
//
// Nothing a client sees is ahead of the log:
// - A move is written before it is applied: in the process's group commit (`saveMoveSoon`,
//   groupCommit.ts: every room's moves of one event-loop turn in one transaction, each applied
//   once it committed), or on its own (`saveMove`, from GameSession.apply's `admit`). When the
//   write fails (disk full), the move is refused with `not-saved` and nothing changed, RNG,
//   timers and bots included.
// - Everything else that changed (the header when seats, phase or the game changed; the
//   deadlines) is written right before anything leaves for the clients (`save`, from the
//   base's `beforeSend`). When that fails the room holds what it would send until a retry
//   works (server/rooms/base/HubRoom.ts).
// What was written is tracked only once the write succeeded, so a failed write is retried
// whole by the next one: the log never has a hole.

import { randomBytes } from "node:crypto";
import type { Delayed } from "@colyseus/core";
import type { GameDef, TypedMove } from "../../../common/core/game.js";
import type { Rejection } from "../../../common/core/rules.js";
import { GameSession } from "../../../common/core/session.js";
import { notSaved } from "../base/notSaved.js";
import { groupCommitOf, type PreparedWrite } from "./groupCommit.js";
import { jsonCopy, sameJson } from "./sameJson.js";
import type { Deadlines, LoggedMove, LoggedRoom, RoomHeader, RoomLog, RoomWrite, WrittenMove } from "../../store/RoomLog.js";
import { cachedPreparation } from "./preparing.js";

/** What the room is now, as `save()` needs it. */
export interface RoomNow {
  header: RoomHeader;
  /** The current game's moves (game `header.gameNo`). */
  moves: readonly LoggedMove[];
  deadlines: Deadlines;
}

/**
 * A move that waited for the group commit while its game changed under it (it cannot: a room
 * with a move waiting queues everything else; a guard, not a path).
 */
export const MOVED_ON: Rejection = { code: "moved-on", message: "The game moved on before your move was saved, so it was not played. Look at the board and try again." };

/** A game whose log reached GAME_LOG_MAX_KB takes no more moves. */
export const GAME_TOO_LONG = "game-too-long";

/** `updatedAt` is refreshed by a write of moves alone at most this often (it only dates abandoned rooms). */
const TOUCH_EVERY_MS = 60_000;

export class RoomDurability {
  private opened = false;
  /** Restored from the log: its row exists, so a failed re-open (marking it live here) is retried later, not fatal. */
  private reopening = false;
  /** The header and deadlines as last written (copies: the room's own objects change under it). */
  private header: RoomHeader | null = null;
  private gameNo = -1;
  /** Moves of game `gameNo` in the log, and their JSON bytes. */
  private written = 0;
  private bytes = 0;
  private deadlines: Deadlines | null = null;
  private touchedAt = 0;
  /** Games with moves in the log, and those of them the store has recorded (their moves may go). */
  private readonly withMoves = new Set<number>();
  private readonly recorded = new Set<number>();
  /**
   * Finished games the store has not confirmed: to write into the log (`waiting`), and written
   * there (`kept`, until the store has them: then `unkept`, written as `recorded`). Their JSON:
   * the record without its moves (those are in the log already).
   */
  private readonly waiting = new Map<number, string>();
  private readonly kept = new Map<number, string>();
  private readonly unkept = new Set<number>();
  private closed = false;
  private roomId = "";
  /** The room went to sleep (or its process is stopping): its log stays open for a restore. */
  keepOpen = false;

  constructor(
    private readonly log: RoomLog | undefined,
    private readonly process: () => string,
    /** GAME_LOG_MAX_KB, in bytes of move JSON. */
    private readonly maxGameBytes = Infinity,
    /** Moves wait for the process's group commit (false: ROOM_LOG_GROUP_COMMIT=off, a commit per move). */
    private readonly grouped = true,
    /** The room as it is now (what a repair writes after a failed write of an asynchronous log). */
    private readonly current?: () => RoomNow,
  ) {}

  get enabled(): boolean {
    return this.log !== undefined;
  }

  /** Null when the log can take a write now; else the refusal of `what` (a failing log is probed at most every quarter second). */
  refusal(what?: string): Rejection | null {
    const log = this.log;
    if (!log || log.writable()) return null;
    return notSaved(log.failure(), what);
  }

  /** A restored room starts from what the log already holds. */
  restored(r: LoggedRoom): void {
    this.roomId = r.header.roomId;
    this.reopening = true;
    this.header = jsonCopy(r.header);
    this.gameNo = r.header.gameNo;
    this.written = r.moves.length;
    this.bytes = r.moves.reduce((n, m) => n + JSON.stringify(m.move).length, 0);
    if (r.moves.length) this.withMoves.add(this.gameNo);
    this.deadlines = jsonCopy(r.deadlines);
  }

  /** A new room's first write, at its creation: null, or why the log cannot take it. */
  open(now: RoomNow, at = Date.now()): Rejection | null {
    return this.save(now, at);
  }

  /**
   * The move `entry` (index `index` of the current game) is about to be applied: written first,
   * with whatever else changed. Null when it is in the log; otherwise the refusal, and nothing
   * of it was written.
   */
  saveMove(now: RoomNow, entry: LoggedMove, index: number, at = Date.now()): Rejection | null {
    const staged = this.stageMove(now, entry, index, at);
    return staged && "code" in staged ? staged : this.commit(staged);
  }

  /**
   * The same, in the process's group commit (groupCommit.ts): the room's write is made when the
   * batch is written (`now()` is the room as it will be after the move, then), and `done` hears
   * whether it is in the log (null) or refused (nothing of it written). Without a log: at once.
   */
  saveMoveSoon(now: () => RoomNow | Rejection, entry: LoggedMove, index: number, at: number, done: (refusal: Rejection | null) => void): void {
    const stage = () => {
      const r = now();
      return "code" in r ? r : this.stageMove(r, entry, index, at);
    };
    if (!this.log) {
      const staged = stage();
      return done(staged && "code" in staged ? staged : this.commit(staged));
    }
    groupCommitOf(this.log).add({ prepare: stage, done });
  }

  /** Is there a group commit to wait for (a log, and ROOM_LOG_GROUP_COMMIT not off; always on an asynchronous log: a move waits for its answer)? */
  get groupCommits(): boolean {
    return this.log !== undefined && (this.grouped || this.log.asynchronous === true);
  }

  /** The write of move `entry` (index `index`), or its refusal (the game's log is full); nothing counted as written yet. */
  private stageMove(now: RoomNow, entry: LoggedMove, index: number, at: number): PreparedWrite | Rejection | null {
    const json = JSON.stringify(entry.move);
    const sameGame = now.header.gameNo === this.gameNo && index === this.written;
    if ((sameGame ? this.bytes : 0) + json.length > this.maxGameBytes) {
      return {
        code: GAME_TOO_LONG,
        message: `This game has reached the length limit of its log (${Math.round(this.maxGameBytes / 1024)} KB of moves), so no more moves can be saved. Leave it and start a new game from the lobby.`,
      };
    }
    if (!this.log) {
      this.bytes = (sameGame ? this.bytes : 0) + json.length;
      this.gameNo = now.header.gameNo;
      this.written = index + 1;
      return null;
    }
    return this.stage(now, at, { seat: entry.seat, t: entry.t, json });
  }

  /**
   * Writes everything that changed since the last successful write (and `pending`, the next
   * move, when given). Null when written; otherwise the refusal, and the log is as it was.
   */
  save(now: RoomNow, at = Date.now(), pending?: WrittenMove): Rejection | null {
    const staged = this.stage(now, at, pending);
    return staged && "code" in staged ? staged : this.commit(staged);
  }

  /** One room's write, on its own (a transaction of its own). */
  private commit(staged: PreparedWrite | null): Rejection | null {
    if (!staged) return null;
    try {
      this.log!.write(staged.roomId, staged.w, staged.now, staged.failed);
    } catch (e) {
      return logFailure(staged.roomId, e);
    }
    staged.written();
    return null;
  }

  /**
   * What changed since the last successful write (and `pending`), as a write, and what to count
   * once it is written; null: nothing to write. Opening the room's row (its first write) is
   * done here, on its own.
   */
  private stage(now: RoomNow, at: number, pending?: WrittenMove): PreparedWrite | Rejection | null {
    const log = this.log;
    if (!log) return null;
    const { header, moves, deadlines } = now;
    this.roomId = header.roomId;
    if (!this.opened) {
      try {
        // A restored room's row exists; open() marks it live under this process either way.
        log.open(header, this.process(), at, () => this.repair());
        this.opened = true;
        this.reopening = false;
        this.header = jsonCopy(header);
        this.touchedAt = at;
      } catch (e) {
        if (!this.reopening) return logFailure(header.roomId, e);
      }
    }
    const w: RoomWrite = {};
    // Compared in place, copied only when it changed (a move rarely changes either).
    const headerNow = sameJson(header, this.header) ? this.header : jsonCopy(header);
    if (headerNow !== this.header) w.header = header;
    // A new game (or a rewound one) rewrites its moves from where they differ.
    const newGame = header.gameNo !== this.gameNo;
    const from = newGame ? 0 : Math.min(this.written, moves.length);
    const total = moves.length + (pending ? 1 : 0);
    let bytes = newGame ? 0 : this.bytes;
    if (total > from || newGame || moves.length < this.written) {
      const list: WrittenMove[] = [];
      for (let i = from; i < moves.length; i++) list.push({ seat: moves[i].seat, t: moves[i].t, json: JSON.stringify(moves[i].move) });
      if (pending) list.push(pending);
      if (!newGame && from < this.written) bytes = moves.slice(0, from).reduce((n, m) => n + JSON.stringify(m.move).length, 0);
      for (const m of list) bytes += m.json.length;
      w.moves = { gameNo: header.gameNo, from, list, rewrite: newGame || from < this.written };
    }
    const deadlinesNow = sameJson(deadlines, this.deadlines) ? this.deadlines : jsonCopy(deadlines);
    if (deadlinesNow !== this.deadlines) w.deadlines = deadlines;
    const drop = this.recorded.size ? [...this.recorded].filter((g) => g !== header.gameNo && this.withMoves.has(g)) : [];
    if (drop.length) w.drop = drop;
    const records = [...this.waiting];
    if (records.length) w.records = records.map(([gameNo, json]) => ({ gameNo, process: this.process(), json }));
    const recorded = [...this.unkept];
    if (recorded.length) w.recorded = recorded;
    if (!w.header && !w.moves && !w.deadlines && !w.drop && !w.records && !w.recorded) return null;
    if (at - this.touchedAt >= TOUCH_EVERY_MS) w.touch = true;
    // Written: only then is it counted as such.
    const written = () => {
      this.header = headerNow;
      if (w.header || w.deadlines || w.touch) this.touchedAt = at;
      if (w.moves) {
        this.gameNo = header.gameNo;
        this.written = total;
        this.bytes = bytes;
        if (total > 0) this.withMoves.add(header.gameNo);
      }
      this.deadlines = deadlinesNow;
      for (const g of drop) {
        this.withMoves.delete(g);
        this.recorded.delete(g);
      }
      for (const [g, json] of records) {
        if (this.waiting.get(g) === json) this.waiting.delete(g);
        this.kept.set(g, json);
      }
      for (const g of recorded) this.unkept.delete(g);
    };
    return { roomId: header.roomId, w, now: at, written, failed: () => this.repair() };
  }

  /**
   * A write of an asynchronous log (Redis) failed after it was sent: it may still be applied
   * late, so nothing of what the log holds is taken for granted any more. The room as it is
   * (its header, deadlines and every move of its game: what clients saw, never a refused move)
   * goes out as a repair right behind it; and the room's next write is whole again too.
   */
  private repair(): void {
    this.header = null;
    this.deadlines = null;
    this.gameNo = -1;
    for (const [g, json] of this.kept) if (!this.waiting.has(g)) this.waiting.set(g, json);
    const log = this.log;
    if (!log?.repair || !this.current || this.closed || this.keepOpen) return;
    const staged = this.stage(this.current(), Date.now());
    if (!staged || "code" in staged) return;
    // The header was forgotten above, so the write holds it.
    log.repair(staged.roomId, staged.w, staged.now, staged.w.header!, this.process());
    staged.written();
  }

  /**
   * The store holds game `gameNo`'s record (the replay is served from there): its moves leave
   * the log once it is not the room's current game (with the next write), or with the room.
   */
  recordedGame(gameNo: number): void {
    if (!this.log) return;
    this.recorded.add(gameNo);
    this.waiting.delete(gameNo);
    if (this.kept.delete(gameNo)) this.unkept.add(gameNo);
    if (this.closed) this.forgetIfRecorded();
  }

  /**
   * Finished game `gameNo`'s record (`record`: complete but for its moves, already in the log)
   * is not in the store yet: it waits in the room log too, written with the room's next write,
   * until `recordedGame(gameNo)`. A process that dies meanwhile leaves it to the next one
   * (RoomReviver records it from the log), whether the room lives on or not.
   */
  keepRecord(gameNo: number, record: object): void {
    if (!this.log || this.recorded.has(gameNo)) return;
    this.waiting.set(gameNo, JSON.stringify({ ...record, log: [] }));
  }

  /** The room is going away. Closed for good unless it sleeps or its process is stopping. */
  disposed(roomId: string): void {
    // A record that waits (a game abandoned just now) goes into the log before the room closes.
    if (this.log && this.opened && this.waiting.size && this.current) this.save(this.current());
    if (!this.log || !this.opened || this.keepOpen) return;
    this.closed = true;
    try {
      this.log.setStatus(roomId, "closed", Date.now());
    } catch (e) {
      logFailure(roomId, e);
    }
    this.forgetIfRecorded();
  }

  /** A closed room whose every game with moves is recorded leaves the log. */
  private forgetIfRecorded(): void {
    if (![...this.withMoves].every((g) => this.recorded.has(g))) return;
    try {
      this.log!.forget(this.roomId, Array.from({ length: Math.max(0, this.gameNo) + 1 }, (_, g) => g));
      this.withMoves.clear();
    } catch (e) {
      logFailure(this.roomId, e);
    }
  }

  /** Marks the room asleep in the log; false if that could not be written (it stays awake). */
  sleep(roomId: string): boolean {
    if (!this.log || !this.opened) return false;
    try {
      this.log.setStatus(roomId, "sleeping", Date.now());
    } catch (e) {
      logFailure(roomId, e);
      return false;
    }
    this.keepOpen = true;
    return true;
  }
}

/** A failed log write, answered as `not-saved` (the log itself says in the server log that writes fail, and when they work again). */
function logFailure(_roomId: string, e: unknown): Rejection {
  return notSaved(e);
}

export { NOT_SAVED, notSaved } from "../base/notSaved.js";

// ---- handing a logged room to the room created for it ---------------------------------

/** Create-option key of a restore; its value is a one-time nonce no client can guess. */
export const RESTORE_OPTION = "__restore";
const pending = new Map<string, LoggedRoom>();

/** The create options that rebuild `r` (its own options, for the listing's criteria, plus the nonce). */
export function restoreOptions(r: LoggedRoom): Record<string, unknown> {
  const nonce = randomBytes(16).toString("hex");
  pending.set(nonce, r);
  return { ...r.header.options, [RESTORE_OPTION]: nonce };
}

/** The logged room a create is restoring, if its options carry a live nonce (used once). */
export function takeRestore(options: Record<string, unknown>): LoggedRoom | null {
  const nonce = options[RESTORE_OPTION];
  if (typeof nonce !== "string") return null;
  const r = pending.get(nonce) ?? null;
  pending.delete(nonce);
  return r;
}

/** The create options worth logging: the client's, without the server's settings or a nonce. */
export function loggableOptions(options: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) {
    if (k === "hub" || k === RESTORE_OPTION || typeof v === "function") continue;
    out[k] = v;
  }
  return JSON.parse(JSON.stringify(out)) as Record<string, unknown>;
}

// ---- rebuilding a logged game, and sleeping ---------------------------------------------

/** The logged game of `r` replayed from its seed through the rules: the log holds moves, never state. */
export function replayGame<S, M extends TypedMove, E, C, V>(def: GameDef<S, M, E, C, V>, config: C, r: LoggedRoom): GameSession<S, M, E, C, V> {
  const h = r.header;
  const game = new GameSession(def, h.seed, config, h.order.length);
  r.moves.forEach((m, i) => {
    // A no-guess board made on a thread by this process is not made again (preparing.ts).
    const done = game.apply(m.seat, m.move as M, m.t, undefined, cachedPreparation(def, game, m.seat, m.move as M));
    if (!done.ok) throw new Error(`room ${h.roomId}: logged move ${i} refused on replay (${done.error.code}: ${done.error.message})`);
  });
  return game;
}

export interface SleepyRoom {
  /** ROOM_SLEEP_SECONDS (0: never sleeps). */
  seconds: number;
  disposing(): boolean;
  nobodyHere(): boolean;
  later(ms: number, fn: () => void): Delayed;
  /** Saves, marks the log sleeping and disposes the room; false if the log could not take it (it stays awake). */
  sleep(): boolean;
}

/**
 * A room nobody is connected to for ROOM_SLEEP_SECONDS sleeps: it is disposed to its log
 * (status "sleeping") and the next join with its id wakes it (restore.ts), same id.
 * Checked every half of that (at most every 5 s).
 */
export function watchSleep(room: SleepyRoom): void {
  const { seconds } = room;
  if (seconds <= 0) return;
  const every = Math.min(5000, Math.max(100, (seconds * 1000) / 2));
  let emptySince = 0;
  const check = () => {
    if (room.disposing()) return;
    if (!room.nobodyHere()) emptySince = 0;
    else if (emptySince === 0) emptySince = Date.now();
    else if (Date.now() - emptySince >= seconds * 1000 && room.sleep()) return;
    room.later(every, check);
  };
  room.later(every, check);
}
