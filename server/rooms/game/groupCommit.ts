// Group commit: the moves that arrive in one turn of the event loop, across every room of the
// process, go to the room log as ONE transaction; only once it has committed is each of them
// applied and its patch and events sent.
//
// A SQLite commit per move (≈50–65 µs in WAL mode, docs/benchmarks.md "Room log") was what
// made the log cost a core its capacity: at 3,000 clients moving once a second, 3,000 commits
// a second. Batched, the commit's fixed cost is paid once per turn of the loop, and the batch
// grows with the load by itself: at light load a batch is one move, flushed at the end of the
// turn it arrived in (`setImmediate`, no fixed timer), so a lone move waits for nothing.
//
// The promises of the per-move write still hold (durable.ts):
// - nothing is applied or sent before its write has committed (kill -9 keeps every move a
//   client was told about); on Redis, before Redis has answered it (the batch's rooms wait,
//   at most ROOM_LOG_TIMEOUT_MS);
// - a batch that fails (disk full) refuses exactly its moves, `not-saved`, and none of them
//   changed anything (their rooms put their RNG back; nothing else was touched);
// - a room has at most one move in a batch: a room waiting for its move's commit queues what
//   comes next (server/rooms/base/scheduler.ts), so a later move is checked against the state
//   its earlier one left, and a room's moves are written and applied in order.

import type { Rejection } from "../../../common/core/rules.js";
import { log as rootLog } from "../../ops/log.js";
import { metrics } from "../../ops/metrics.js";
import type { RoomLog, RoomWrite } from "../../store/RoomLog.js";
import { notSaved } from "../base/notSaved.js";

/** A room's part of a batch, made when the batch is written (so it carries all the room has changed). */
export interface PreparedWrite {
  roomId: string;
  w: RoomWrite;
  now: number;
  /** The write committed: the room counts it as written (durable.ts bookkeeping). */
  written(): void;
  /**
   * An asynchronous log (Redis) refused it after sending it: it may still be applied late, so
   * the room repairs its log (durable.ts). Not called when nothing was sent.
   */
  failed?(): void;
}

export interface QueuedMove {
  /** Right before the transaction: the room's write, a refusal of the move (its game too long), or null (nothing to write). */
  prepare(): PreparedWrite | Rejection | null;
  /** After it: null (in the log: apply and send) or why it is refused (nothing of it was written). */
  done(refusal: Rejection | null): void;
}

export class GroupCommit {
  private queue: QueuedMove[] = [];
  private scheduled = false;

  constructor(private readonly log: RoomLog) {}

  /** Queues a room's move for the batch written at the end of this turn of the event loop. */
  add(move: QueuedMove): void {
    this.queue.push(move);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  /** Writes every queued move in one transaction, then lets each room apply (or refuse) its own. */
  flush(): void {
    this.scheduled = false;
    const moves = this.queue;
    this.queue = [];
    if (!moves.length) return;
    const outcome = new Array<Rejection | null>(moves.length).fill(null);
    const writes: PreparedWrite[] = [];
    const of: number[] = [];
    moves.forEach((m, i) => {
      try {
        const p = m.prepare();
        if (p && "code" in p) outcome[i] = p;
        else if (p) {
          writes.push(p);
          of.push(i);
        }
      } catch (e) {
        rootLog.error({ event: "room.error", what: "group commit", err: e }, "a room could not prepare its move's write");
        outcome[i] = notSaved(e);
      }
    });
    metrics.roomLogBatch(moves.length);
    const finish = () =>
      moves.forEach((m, i) => {
        try {
          m.done(outcome[i]);
        } catch (e) {
          rootLog.error({ event: "room.error", what: "group commit", err: e }, "a room failed applying its committed move");
        }
      });
    // All or nothing: every move of a failed batch is refused, and none of it counts as written.
    const refuse = (e: unknown) => {
      const refusal = notSaved(e);
      for (const i of of) outcome[i] = refusal;
    };
    let pending: void | Promise<void> = undefined;
    try {
      if (writes.length) pending = this.log.writeMany(writes);
    } catch (e) {
      refuse(e);
      return finish();
    }
    if (!pending) {
      for (const p of writes) p.written();
      return finish();
    }
    // An asynchronous log (Redis): the rooms of the batch wait (suspended) for its answer,
    // which comes, or fails, within ROOM_LOG_TIMEOUT_MS; other rooms' moves form the next batch.
    pending.then(
      () => {
        for (const p of writes) p.written();
        finish();
      },
      (e: unknown) => {
        refuse(e);
        for (const p of writes) {
          try {
            p.failed?.();
          } catch (err) {
            rootLog.error({ event: "room.error", what: "group commit", err }, "a room could not repair its log");
          }
        }
        finish();
      },
    );
  }
}

const commits = new WeakMap<RoomLog, GroupCommit>();

/** The process's group commit on `log` (one per log: every room writing there shares it). */
export function groupCommitOf(log: RoomLog): GroupCommit {
  let g = commits.get(log);
  if (!g) commits.set(log, (g = new GroupCommit(log)));
  return g;
}
