// The room log on Redis (REDIS_URL): the same interface as SqliteRoomLog, shared by every
// process. Redis' own persistence (AOF) decides what survives Redis itself.
//
// A move counts only once Redis has answered its write (`writeMany`: every room's moves of
// a turn of the event loop in one MULTI, group commit). The connection never queues a command
// while Redis is away (no offline queue, no resend after a reconnect), and an answer that
// does not come within ROOM_LOG_TIMEOUT_MS fails the write: a stalled or absent Redis refuses
// moves in words (`not-saved`) after a bounded wait instead of holding them, or taking them
// without a log. From the first failure until Redis answers again (a probe: the rooms'
// repairs, then a PING, on one connection) the log is not writable and refuses at once.
//
// A write that timed out may still be applied later (a paused Redis reads its socket once it
// resumes). So a room whose write failed sends a repair right after it, on the same connection
// (or, while it is down, first thing once it is back): the room as it really is (header,
// deadlines, every move of its game), which overwrites whatever the failed write left.
//
// Other writes (joins, deadlines, status) go out without waiting, ahead of the patch that
// shows them; one that fails makes the room send a repair too.
//
// Keys: hub:room:<id> (hash: header, deadlines, status, process, updated, roomName),
// hub:room:<id>:moves:<gameNo> (list of JSON moves), hub:rooms (set of rooms not closed),
// hub:records (finished games waiting for the store, field <id>/<gameNo>).

import { Redis, type ChainableCommander } from "ioredis";
import type { FinishedGame } from "./GameStore.js";
import type { Deadlines, LoggedMove, LoggedRoom, RoomHeader, RoomLog, RoomStatus, RoomSummary, RoomWrite, RoomWriteOf, WaitingRecord } from "./RoomLog.js";
import { log } from "../ops/log.js";
import { roomLogWriteFailed } from "../ops/metrics.js";

const ROOM = (id: string) => `hub:room:${id}`;
const MOVES = (id: string, gameNo: number) => `hub:room:${id}:moves:${gameNo}`;
const OPEN = "hub:rooms";
/** Finished games waiting for the store (RoomWrite.records): field `<room>/<gameNo>`, value {process, record}. */
const RECORDS = "hub:records";
const RECORD = (id: string, gameNo: number) => `${id}/${gameNo}`;

/** A process's liveness mark (markAlive): it expires when the process stops refreshing it. */
const ALIVE = (process: string) => `hub:alive:${process}`;

/** KEYS[1] room hash; ARGV: from, to, now. Claims only a room `from` still holds. */
const CLAIM = `
local p = redis.call('HGET', KEYS[1], 'process')
local s = redis.call('HGET', KEYS[1], 'status')
if p ~= ARGV[1] or s == 'closed' or s == false then return 0 end
redis.call('HSET', KEYS[1], 'process', ARGV[2], 'status', 'live', 'updated', ARGV[3])
return 1`;

/** Error code of a write Redis did not take (notSaved words it "not answering"). */
export const ROOM_LOG_UNAVAILABLE = "ROOMLOG_UNAVAILABLE";

/** Default wait for Redis' answer to a write (ROOM_LOG_TIMEOUT_MS). */
export const DEFAULT_TIMEOUT_MS = 2000;
/** Between two probes while Redis is away. */
const PROBE_EVERY_MS = 250;

function unavailable(reason: string): Error & { code: string; reason: string } {
  return Object.assign(new Error(`Redis is not answering (${reason})`), { code: ROOM_LOG_UNAVAILABLE, reason });
}

export interface RedisRoomLogOptions {
  /** How long a write waits for Redis' answer before it counts as failed (ms). */
  timeoutMs?: number;
}

export class RedisRoomLog implements RoomLog {
  readonly kind = "redis" as const;
  readonly asynchronous = true;
  private readonly redis: Redis;
  private readonly timeoutMs: number;
  /** Since when writes fail (null: Redis answers), and why. */
  private failing: { since: number; error: Error & { code: string } } | null = null;
  /** Repairs not yet sent on a connection that is still up (the latest per room). */
  private readonly repairs = new Map<string, (m: ChainableCommander) => void>();
  private probing = false;
  private closed = false;

  constructor(url: string, options: RedisRoomLogOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.redis = new Redis(url, {
      // Nothing waits for a Redis that is away: a command fails at once, and one in flight when
      // the connection drops is refused, never sent again later behind the room's back.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
    });
    this.redis.on("error", (e: Error) => this.fail(e.message));
    this.redis.on("close", () => this.fail("its connection closed"));
  }

  /** Resolves once the connection is ready (a command sent before would fail). */
  ready(timeoutMs = 10_000): Promise<void> {
    if (this.redis.status === "ready") return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.redis.off("ready", done);
        reject(unavailable(`no connection within ${timeoutMs} ms`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.redis.once("ready", done);
    });
  }

  // ---- failing and coming back ----------------------------------------------------------

  /** Writes fail from now until a probe gets through (logged once per outage). */
  private fail(reason: string): void {
    if (this.closed) return;
    if (!this.failing) {
      this.failing = { since: Date.now(), error: unavailable(reason) };
      log.error(
        { event: "roomlog.failing", redis: true, reason },
        `room log: Redis does not take writes (${reason}): moves are refused ("not-saved") and no room is created until it answers again. ` +
          "Rooms already running keep their players; nothing needs restarting.",
      );
    }
    this.probe();
  }

  /**
   * Until Redis answers: once the connection is up, the waiting repairs and then a PING go out
   * on it (no timeout: on one connection, the PING's answer comes after everything sent before
   * it, late writes included); the answer ends the outage.
   */
  private probe(): void {
    if (this.probing || this.closed) return;
    this.probing = true;
    const attempt = async (): Promise<void> => {
      while (!this.closed) {
        if (this.redis.status === "ready") {
          try {
            for (const [roomId, repair] of [...this.repairs]) {
              const m = this.redis.multi();
              repair(m);
              await execOrThrow(m);
              if (this.repairs.get(roomId) === repair) this.repairs.delete(roomId);
            }
            await this.redis.ping();
            if (this.repairs.size === 0) return this.recovered();
          } catch {
            /* the connection dropped meanwhile: try again once it is back */
          }
        }
        await new Promise((r) => setTimeout(r, PROBE_EVERY_MS).unref());
      }
    };
    void attempt().finally(() => (this.probing = false));
  }

  private recovered(): void {
    if (!this.failing) return;
    const seconds = Math.round((Date.now() - this.failing.since) / 1000);
    this.failing = null;
    log.info({ event: "roomlog.writing-again", redis: true, seconds }, `room log: Redis takes writes again after ${seconds} s: rooms take moves and new rooms again.`);
  }

  /** Sends `m` and waits at most the timeout for Redis' answer; a failure starts an outage. */
  private send(m: ChainableCommander): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(unavailable(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    return Promise.race([execOrThrow(m), late])
      .catch((e: Error & { reason?: string }) => {
        this.fail(e.reason ?? e.message);
        roomLogWriteFailed();
        throw (e as { code?: string }).code === ROOM_LOG_UNAVAILABLE ? e : unavailable(e.message);
      })
      .finally(() => clearTimeout(timer));
  }

  /** Throws (the write is not even tried) while Redis is not known to answer. */
  private mustBeWritable(): void {
    if (!this.writable()) throw this.failure() ?? unavailable("not connected");
  }

  // ---- writes ---------------------------------------------------------------------------

  open(header: RoomHeader, process: string, now: number, failed?: () => void): void {
    this.mustBeWritable();
    const m = this.redis.multi();
    opening(m, header, process, now);
    this.send(m).catch(() => failed?.());
  }

  write(roomId: string, w: RoomWrite, now: number, failed?: () => void): void {
    this.mustBeWritable();
    const m = this.redis.multi();
    writing(m, roomId, w, now);
    this.send(m).catch(() => failed?.());
  }

  /** One MULTI for every room of the batch: resolves once Redis has applied it, rejects within the timeout otherwise. */
  writeMany(writes: readonly RoomWriteOf[]): Promise<void> {
    this.mustBeWritable();
    const m = this.redis.multi();
    for (const x of writes) writing(m, x.roomId, x.w, x.now);
    return this.send(m);
  }

  repair(roomId: string, w: RoomWrite, now: number, header: RoomHeader, process: string): void {
    const repair = (m: ChainableCommander) => {
      opening(m, header, process, now);
      writing(m, roomId, w, now);
    };
    this.repairs.set(roomId, repair);
    if (!this.writable()) return; // sent by the probe, before anything else, once Redis is back
    this.repairs.delete(roomId);
    const m = this.redis.multi();
    repair(m);
    this.send(m).catch(() => {
      // Not taken: sent again first thing once Redis answers (unless a newer one replaced it).
      if (!this.repairs.has(roomId)) this.repairs.set(roomId, repair);
    });
  }

  forget(roomId: string, games: readonly number[]): void {
    this.mustBeWritable();
    const m = this.redis
      .multi()
      .del(ROOM(roomId), ...games.map((g) => MOVES(roomId, g)))
      .srem(OPEN, roomId);
    if (games.length) m.hdel(RECORDS, ...games.map((g) => RECORD(roomId, g)));
    this.send(m).catch(() => undefined);
  }

  setStatus(roomId: string, status: RoomStatus, now: number): void {
    this.mustBeWritable();
    const m = this.redis.multi().hset(ROOM(roomId), { status, updated: now });
    if (status === "closed") m.srem(OPEN, roomId);
    this.send(m).catch(() => undefined);
  }

  /** Closed rooms leave the open set at once (setStatus) and go with forget(); nothing to scan here. */
  async prune(_before: number): Promise<number> {
    return 0;
  }

  /** False from a failed write (or a dropped connection) until Redis answers again. */
  writable(): boolean {
    return !this.closed && this.failing === null && this.redis.status === "ready";
  }

  failure(): unknown {
    return this.failing?.error ?? (this.redis.status === "ready" ? null : unavailable("not connected"));
  }

  freeBytes(): number | null {
    return null;
  }

  // ---- reads ----------------------------------------------------------------------------

  async load(roomId: string): Promise<LoggedRoom | null> {
    const h = await this.redis.hgetall(ROOM(roomId));
    if (!h.header) return null;
    const header = JSON.parse(h.header) as RoomHeader;
    const moves = (await this.redis.lrange(MOVES(roomId, header.gameNo), 0, -1)).map((x) => JSON.parse(x) as LoggedMove);
    const deadlines = (h.deadlines ? JSON.parse(h.deadlines) : { deadline: 0, together: 0 }) as Deadlines;
    return { header, moves, deadlines, status: h.status as RoomStatus, process: h.process ?? "", updatedAt: Number(h.updated) || 0 };
  }

  async listOpen(): Promise<RoomSummary[]> {
    const ids = await this.redis.smembers(OPEN);
    const out: RoomSummary[] = [];
    for (const roomId of ids) {
      const [roomName, status, process, updated] = await this.redis.hmget(ROOM(roomId), "roomName", "status", "process", "updated");
      if (!status || status === "closed") continue;
      out.push({ roomId, roomName: roomName ?? "", status: status as RoomStatus, process: process ?? "", updatedAt: Number(updated) || 0 });
    }
    return out;
  }

  async waitingRecords(): Promise<WaitingRecord[]> {
    const all = await this.redis.hgetall(RECORDS);
    const out: WaitingRecord[] = [];
    for (const [field, value] of Object.entries(all)) {
      const cut = field.lastIndexOf("/");
      const roomId = field.slice(0, cut);
      const gameNo = Number(field.slice(cut + 1));
      const { process, record } = JSON.parse(value) as { process: string; record: string };
      const moves = (await this.redis.lrange(MOVES(roomId, gameNo), 0, -1)).map((x) => JSON.parse(x) as LoggedMove);
      out.push({ roomId, gameNo, process, record: JSON.parse(record) as FinishedGame, moves });
    }
    return out;
  }

  async recordSaved(roomId: string, gameNo: number): Promise<void> {
    this.mustBeWritable();
    await this.send(this.redis.multi().hdel(RECORDS, RECORD(roomId, gameNo)));
    const [status, raw] = await this.redis.hmget(ROOM(roomId), "status", "header");
    const current = raw ? (JSON.parse(raw) as RoomHeader).gameNo : -1;
    const closed = !status || status === "closed";
    const others = Object.keys(await this.redis.hgetall(RECORDS)).some((f) => f.startsWith(`${roomId}/`));
    if (closed && !others) this.forget(roomId, Array.from({ length: Math.max(current, gameNo) + 1 }, (_, g) => g));
    else if (closed || current !== gameNo) await this.send(this.redis.multi().del(MOVES(roomId, gameNo)));
  }

  async claim(roomId: string, from: string, to: string, now: number): Promise<boolean> {
    return (await this.redis.eval(CLAIM, 1, ROOM(roomId), from, to, String(now))) === 1;
  }

  async markAlive(process: string, ttlSeconds: number): Promise<void> {
    if (ttlSeconds <= 0) await this.redis.del(ALIVE(process));
    else await this.redis.set(ALIVE(process), "1", "EX", ttlSeconds);
  }

  async isAlive(process: string): Promise<boolean> {
    return (await this.redis.exists(ALIVE(process))) === 1;
  }

  async flush(): Promise<void> {
    await this.redis.ping();
  }

  close(): void {
    this.closed = true;
    this.redis.disconnect();
  }
}

/** A room's row as a live room of `process` (its first write, and every repair). */
function opening(m: ChainableCommander, header: RoomHeader, process: string, now: number): void {
  m.hset(ROOM(header.roomId), { header: JSON.stringify(header), roomName: header.roomName, status: "live", process, updated: now }).sadd(OPEN, header.roomId);
}

function writing(m: ChainableCommander, roomId: string, w: RoomWrite, now: number): void {
  const fields: Record<string, string | number> = { updated: now };
  if (w.header) fields.header = JSON.stringify(w.header);
  if (w.deadlines) fields.deadlines = JSON.stringify(w.deadlines);
  m.hset(ROOM(roomId), fields);
  if (w.moves) {
    const key = MOVES(roomId, w.moves.gameNo);
    // Keep the first `from` moves, then append (a rewound game, or a repair, replaces the tail).
    if (w.moves.from === 0) m.del(key);
    else m.ltrim(key, 0, w.moves.from - 1);
    if (w.moves.list.length) m.rpush(key, ...w.moves.list.map((x) => `{"seat":${x.seat},"move":${x.json},"t":${x.t}}`));
  }
  for (const gameNo of w.drop ?? []) m.del(MOVES(roomId, gameNo));
  for (const r of w.records ?? []) m.hset(RECORDS, RECORD(roomId, r.gameNo), JSON.stringify({ process: r.process, record: r.json }));
  if (w.recorded?.length) m.hdel(RECORDS, ...w.recorded.map((g) => RECORD(roomId, g)));
}

/** EXEC, failing on a command's own error as on a transport error. */
async function execOrThrow(m: ChainableCommander): Promise<void> {
  const results = await m.exec();
  if (!results) throw unavailable("the transaction was discarded");
  for (const [err] of results) if (err) throw err;
}
