// Bringing rooms back from the room log (server/store/RoomLog.ts).
//
// - On boot: rooms abandoned past ABANDONED_ROOM_HOURS are closed for good, and the rows of
//   rooms closed longer ago than that go; then every live room whose process is gone is restored here: with one
//   process (no Redis) that is every live room in the log (the process that wrote it is
//   this one's previous life); with Redis, rooms whose owner no longer answers Colyseus'
//   health check. A room is claimed atomically before it is rebuilt, so two processes
//   never restore the same room.
// - With Redis, the same adoption runs every ROOM_ADOPT_SECONDS: a process killed with
//   SIGKILL leaves its rooms to the survivors.
// - Finished games the store had not confirmed when their process died wait in the log
//   (RoomWrite.records): they are written to the store then (and at each scan while shared).
// - A join by id for a room that is not live (sleeping, or its process gone) wakes it
//   first (server/net/matchmakeHttp.ts), with the same id.

import { matchMaker } from "@colyseus/core";
import type { FinishedGame } from "../../store/GameStore.js";
import type { LoggedRoom, RoomLog, RoomSummary, WaitingRecord } from "../../store/RoomLog.js";
import { restoreOptions } from "./durable.js";
import { log } from "../../ops/log.js";

/** Writes a finished game to the store (the SaveQueue: retried while it fails); `saved` runs once it is there. */
export type RecordWriter = (game: FinishedGame, saved: (id: number) => void) => void;

export interface ReviverSettings {
  /** Several processes share the log (Redis): rooms of other processes are restored only once those are gone. */
  shared: boolean;
  abandonedRoomHours: number;
  /** Seconds between adoption scans (shared logs only; 0: never). */
  adoptSeconds: number;
  /** Where the finished games waiting in the log go (none: they wait). */
  records?: RecordWriter;
}

/** A liveness mark lives this long unrefreshed: a killed process's rooms wait at most this for adoption. */
const ALIVE_TTL_SECONDS = 6;

export class RoomReviver {
  private readonly inFlight = new Map<string, Promise<boolean>>();
  /** Waiting records handed to the store and not confirmed yet (room/gameNo). */
  private readonly handedOver = new Set<string>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private aliveTimer: ReturnType<typeof setInterval> | null = null;
  private scanning = false;

  constructor(
    private readonly log: RoomLog,
    private readonly settings: ReviverSettings,
  ) {}

  /** Closes abandoned rooms and restores every room whose process is gone. Returns how many came back. */
  async boot(): Promise<number> {
    // Alive before restoring: another process booting at the same time (stop:cluster + start)
    // must not take this one for gone while it is busy rebuilding rooms, and restore them too.
    const mark = () => this.log.markAlive?.(matchMaker.processId, ALIVE_TTL_SECONDS).catch((e) => log.error({ event: "room.error", what: "liveness mark", err: e }, "room log: the liveness mark failed"));
    if (this.settings.shared && this.log.markAlive) {
      await mark();
      this.aliveTimer = setInterval(() => void mark(), (ALIVE_TTL_SECONDS / 3) * 1000);
      this.aliveTimer.unref();
    }
    const n = await this.scan(true);
    if (this.settings.shared && this.settings.adoptSeconds > 0) {
      this.timer = setInterval(() => void this.scan(false), this.settings.adoptSeconds * 1000);
      this.timer.unref();
    }
    return n;
  }

  stop(): void {
    if (this.aliveTimer) {
      clearInterval(this.aliveTimer);
      void this.log.markAlive?.(matchMaker.processId, 0).catch(() => undefined);
    }
    this.aliveTimer = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * A draining process hands `roomId` to this one (server/ops/drain.ts): claimed from `from`,
   * rebuilt here, its timers credited the time the room was away (`frozenAt`, the old
   * process's clock, until now) plus `graceMs` for its players to reconnect, so nobody loses a
   * turn to a deploy. True when it runs here now.
   */
  async adopt(roomId: string, from: string, frozenAt: number, graceMs = 0): Promise<boolean> {
    if (matchMaker.getLocalRoomById(roomId)) return true;
    const r = await this.log.load(roomId);
    if (!r || r.status !== "live" || r.process !== from) return false;
    const credit = Math.max(0, Math.min(60_000, Date.now() - frozenAt)) + graceMs;
    if (r.deadlines.deadline > 0) r.deadlines.deadline += credit;
    if (r.deadlines.together > 0) r.deadlines.together += credit;
    return await this.revive(r, from);
  }

  /** A join by id is coming for `roomId`: if the room is in the log but not live anywhere, restore it here first. */
  async wake(roomId: string): Promise<void> {
    if (matchMaker.getLocalRoomById(roomId)) return;
    try {
      const r = await this.log.load(roomId);
      if (!r || r.status === "closed") return;
      if (r.status === "live" && !(await this.gone(r.process))) return;
      await this.revive(r);
    } catch (e) {
      log.error({ event: "room.restore-failed", room: roomId, err: e }, `could not wake room ${roomId}`);
    }
  }

  private async scan(booting: boolean): Promise<number> {
    if (this.scanning || matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) return 0;
    this.scanning = true;
    let restored = 0;
    try {
      const rooms = await this.log.listOpen();
      const cutoff = Date.now() - this.settings.abandonedRoomHours * 3_600_000;
      if (booting) await this.prune(cutoff);
      const verdict = new Map<string, Promise<boolean>>();
      const gone = (p: string) => verdict.get(p) ?? (verdict.set(p, this.gone(p)), verdict.get(p)!);
      await this.recordWaiting(gone);
      for (const s of rooms) {
        if (matchMaker.getLocalRoomById(s.roomId)) continue;
        const ownerGone = s.status !== "live" || (await gone(s.process));
        if (!ownerGone) continue;
        if (s.updatedAt < cutoff) {
          this.closeAbandoned(s);
          continue;
        }
        if (s.status !== "live") continue; // sleeping rooms wake on a join
        const r = await this.log.load(s.roomId);
        // Claimed only from the process found gone: if another process claimed the room since
        // the listing (both booting at once), the claim fails instead of taking it from them.
        if (r && (await this.revive(r, s.process))) restored++;
      }
      if (booting && restored > 0) log.info({ event: "room.restored", rooms: restored }, `Restored ${restored} room${restored === 1 ? "" : "s"} from the room log.`);
    } catch (e) {
      log.error({ event: "room.restore-failed", err: e }, "room log: restoring rooms failed");
    } finally {
      this.scanning = false;
    }
    return restored;
  }

  /**
   * Finished games a process that is gone left waiting in the log (the store was down, and it
   * died before the store came back): each goes to the store, which keeps it once (its key)
   * even when a restored room records it too; then it leaves the log.
   */
  private async recordWaiting(gone: (process: string) => Promise<boolean>): Promise<void> {
    const write = this.settings.records;
    if (!write || !this.log.waitingRecords) return;
    let waiting: WaitingRecord[];
    try {
      waiting = await this.log.waitingRecords();
    } catch (e) {
      log.error({ event: "room.restore-failed", err: e }, "room log: could not read the finished games waiting for the store");
      return;
    }
    for (const w of waiting) {
      const id = `${w.roomId}/${w.gameNo}`;
      if (this.handedOver.has(id) || w.moves.length === 0 || !(await gone(w.process))) continue;
      this.handedOver.add(id);
      log.info({ event: "room.record-waiting", room: w.roomId, gameNo: w.gameNo, game: w.record.game }, `room log: a finished ${w.record.game} game of room ${w.roomId} waited for the store; writing it now.`);
      write({ ...w.record, log: w.moves }, () => {
        this.handedOver.delete(id);
        this.log.recordSaved?.(w.roomId, w.gameNo).catch((e) => log.warn({ event: "roomlog.write-failed", room: w.roomId, err: e }, "room log: a recorded game stays in the log (it is written once however often it is tried)"));
      });
    }
  }

  private closeAbandoned(s: RoomSummary): void {
    try {
      this.log.setStatus(s.roomId, "closed", Date.now());
      log.info({ event: "room.abandoned", room: s.roomId, game: s.roomName, hours: this.settings.abandonedRoomHours }, `Room ${s.roomId} (${s.roomName}) untouched for over ${this.settings.abandonedRoomHours} h: closed (its rows go ${this.settings.abandonedRoomHours} h from now).`);
    } catch (e) {
      log.error({ event: "roomlog.write-failed", room: s.roomId, game: s.roomName, err: e }, `room log: could not close abandoned room ${s.roomId}`);
    }
  }

  /** Rows of rooms closed (and untouched) since before `cutoff` go: their games are in the store. */
  private async prune(cutoff: number): Promise<void> {
    try {
      const n = await this.log.prune(cutoff);
      if (n > 0) log.info({ event: "room.abandoned", pruned: n }, `room log: removed ${n} room${n === 1 ? "" : "s"} closed over ${this.settings.abandonedRoomHours} h ago.`);
    } catch (e) {
      log.error({ event: "roomlog.write-failed", err: e }, "room log: could not remove old closed rooms");
    }
  }

  /**
   * Takes the room for this process. With one process nobody else can have it: a log that
   * cannot be written now (disk full) does not keep it from coming back (the room marks itself
   * live once writes work). Shared logs claim atomically or not at all.
   */
  private async claim(roomId: string, from: string): Promise<boolean> {
    try {
      return await this.log.claim(roomId, from, matchMaker.processId, Date.now());
    } catch (e) {
      if (this.settings.shared) throw e;
      log.warn({ event: "roomlog.write-failed", room: roomId, err: e }, `room log: restoring room ${roomId} without marking it in the log`);
      return true;
    }
  }

  /** True when `process` holds no rooms any more (not this one, and, shared, it does not answer). */
  private async gone(process: string): Promise<boolean> {
    if (process === matchMaker.processId) return false;
    if (!this.settings.shared) return true;
    if (this.log.isAlive && (await this.log.isAlive(process))) return false;
    // Colyseus' own check: a process that does not answer is dropped with its listings.
    return !(await matchMaker.healthCheckProcessId(process));
  }

  /** Claims `r` for this process and rebuilds it (once per room at a time). */
  private revive(r: LoggedRoom, from = r.process): Promise<boolean> {
    const id = r.header.roomId;
    const running = this.inFlight.get(id);
    if (running) return running;
    const job = (async () => {
      if (matchMaker.getLocalRoomById(id)) return false;
      if (!(await this.claim(id, from))) return false;
      try {
        await matchMaker.handleCreateRoom(r.header.roomName, restoreOptions(r));
        return true;
      } catch (e) {
        log.error({ event: "room.restore-failed", room: id, game: r.header.roomName, err: e }, `room log: room ${id} (${r.header.roomName}) could not be restored`);
        return false;
      }
    })().finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, job);
    return job;
  }
}
