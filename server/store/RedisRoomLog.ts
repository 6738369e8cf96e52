// The room log on Redis (REDIS_URL): the same interface as SqliteRoomLog, shared by every
// process. Writes go out as one MULTI per frame on one connection: they are on the socket
// before the room's patch is (a killed process's kernel still delivers them), and Redis
// applies them in order. Redis' own persistence (AOF) decides what survives Redis itself.
//
// Keys: hub:room:<id> (hash: header, deadlines, status, process, updated, roomName),
// hub:room:<id>:moves:<gameNo> (list of JSON moves), hub:rooms (set of rooms not closed).

import { Redis } from "ioredis";
import type { Deadlines, LoggedMove, LoggedRoom, RoomHeader, RoomLog, RoomStatus, RoomSummary, RoomWrite, RoomWriteOf } from "./RoomLog.js";
import { log } from "../ops/log.js";
import { roomLogWriteFailed } from "../ops/metrics.js";

const ROOM = (id: string) => `hub:room:${id}`;
const MOVES = (id: string, gameNo: number) => `hub:room:${id}:moves:${gameNo}`;
const OPEN = "hub:rooms";

/** KEYS[1] room hash; ARGV: from, to, now. Claims only a room `from` still holds. */
/** A process's liveness mark (markAlive): it expires when the process stops refreshing it. */
const ALIVE = (process: string) => `hub:alive:${process}`;

const CLAIM = `
local p = redis.call('HGET', KEYS[1], 'process')
local s = redis.call('HGET', KEYS[1], 'status')
if p ~= ARGV[1] or s == 'closed' or s == false then return 0 end
redis.call('HSET', KEYS[1], 'process', ARGV[2], 'status', 'live', 'updated', ARGV[3])
return 1`;

export class RedisRoomLog implements RoomLog {
  readonly kind = "redis" as const;
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, { maxRetriesPerRequest: null });
    this.redis.on("error", () => {
      /* the driver and presence report Redis outages (server/scale.ts) */
    });
  }

  open(header: RoomHeader, process: string, now: number): void {
    this.redis
      .multi()
      .hset(ROOM(header.roomId), { header: JSON.stringify(header), roomName: header.roomName, status: "live", process, updated: now })
      .sadd(OPEN, header.roomId)
      .exec()
      .catch(report);
  }

  write(roomId: string, w: RoomWrite, now: number): void {
    const m = this.redis.multi();
    const fields: Record<string, string | number> = { updated: now };
    if (w.header) fields.header = JSON.stringify(w.header);
    if (w.deadlines) fields.deadlines = JSON.stringify(w.deadlines);
    m.hset(ROOM(roomId), fields);
    if (w.moves) {
      const key = MOVES(roomId, w.moves.gameNo);
      // Keep the first `from` moves, then append (a rewound game replaces its tail).
      m.ltrim(key, 0, w.moves.from - 1);
      if (w.moves.from === 0) m.del(key);
      if (w.moves.list.length) m.rpush(key, ...w.moves.list.map((x) => `{"seat":${x.seat},"move":${x.json},"t":${x.t}}`));
    }
    for (const gameNo of w.drop ?? []) m.del(MOVES(roomId, gameNo));
    m.exec().catch(report);
  }

  writeMany(writes: readonly RoomWriteOf[]): void {
    for (const x of writes) this.write(x.roomId, x.w, x.now);
  }

  forget(roomId: string, games: readonly number[]): void {
    this.redis
      .multi()
      .del(ROOM(roomId), ...games.map((g) => MOVES(roomId, g)))
      .srem(OPEN, roomId)
      .exec()
      .catch(report);
  }

  /** Closed rooms leave the open set at once (setStatus) and go with forget(); nothing to scan here. */
  async prune(_before: number): Promise<number> {
    return 0;
  }

  /** Writes are on the wire before the room sends; Redis' own failures are only logged. */
  writable(): boolean {
    return true;
  }

  failure(): unknown {
    return null;
  }

  freeBytes(): number | null {
    return null;
  }

  setStatus(roomId: string, status: RoomStatus, now: number): void {
    const m = this.redis.multi().hset(ROOM(roomId), { status, updated: now });
    if (status === "closed") m.srem(OPEN, roomId);
    m.exec().catch(report);
  }

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
    this.redis.disconnect();
  }
}

function report(e: unknown): void {
  roomLogWriteFailed();
  log.error({ event: "roomlog.write-failed", err: e }, "room log (Redis): a write failed");
}
