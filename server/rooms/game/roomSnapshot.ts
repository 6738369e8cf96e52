// The generic room in its room log (durable.ts): the log writer, the snapshot it writes
// before each send and with each move (header, the current game's moves, the turn timer's
// deadlines), a finished game's moves let go once the store has its record, sleep when
// nobody is connected, the log closed or kept open when the room goes, and a restore's
// logged room from `restoring` until the room rebuilds from it (GameRoom's `onRestore`).

import { matchMaker } from "@colyseus/core";
import type { TypedMove } from "../../../common/core/game.js";
import type { Rejection } from "../../../common/core/rules.js";
import { recordKey, type FinishedGame } from "../../store/GameStore.js";
import type { LoggedRoom, LoggedSeat } from "../../store/RoomLog.js";
import { HubRefusal } from "../base/errors.js";
import { createNotSaved } from "../base/diskReserve.js";
import { loggableOptions, RoomDurability, takeRestore, watchSleep, type RoomNow } from "./durable.js";
import type { GameRoomState } from "./GameRoomState.js";
import type { Play, RoomHost } from "./play.js";
import { RATED_OPTION, RATED_POOL_OPTION, TOURNAMENT_OPTION } from "./ratedRoom.js";
import { DAILY_OF_OPTION, DAILY_OPTION } from "./dailyRoom.js";
import type { TurnTimer } from "./turnTimer.js";

/** What the room log asks of its room besides the play and the host (play.ts). */
export interface LogLinks<S, M extends TypedMove, E, C, V> {
  /** SeatedRoom.seatSnapshot: the seats as the log keeps them. */
  seats(): LoggedSeat[];
  /** Game seats that left the current game for good (records.ts). */
  forfeits(): number[];
  timer(): TurnTimer<S, M, E, C, V>;
  /** SeatedRoom.recordGame: the id, 0 (queued: `onSaved` later) or null. */
  recordGame(game: Omit<FinishedGame, "game" | "roomId">, onSaved: (id: number) => void, waiting: (record: FinishedGame) => void): number | null;
  nobodyHere(): boolean;
  /** SeatedRoom.disposeReason: "sleeping" while the room goes to sleep. */
  disposeReason(reason: "sleeping" | null): void;
  /** Closes every connection, which disposes the room. */
  disconnect(): void;
}

export class RoomSnapshot<S, M extends TypedMove, E, C, V> {
  /** The room log (server/rooms/game/durable.ts): what this room writes before each send. */
  durable!: RoomDurability;
  private createOptions: Record<string, unknown> = {};
  /** A restore's logged room, from `restoring` until `onRestore` rebuilds from it. */
  private logged: LoggedRoom | null = null;

  constructor(
    private readonly play: Play<S, M, E, C, V, GameRoomState>,
    private readonly host: Pick<RoomHost, "settings" | "roomId" | "roomName" | "disposing" | "later">,
    private readonly room: LogLinks<S, M, E, C, V>,
  ) {}

  /** The create options as the log keeps them (without a match's one-time nonce). */
  keepOptions(options: Record<string, unknown>): void {
    this.createOptions = loggableOptions(options);
    delete this.createOptions[RATED_OPTION];
    delete this.createOptions[DAILY_OPTION];
  }

  /** The log writer, once the room knows whether it is rated. */
  open(rated: boolean, daily: boolean): void {
    // Only a rated room's log may say it is rated, a daily room's whose day it is (a restore trusts its log).
    if (!rated) {
      delete this.createOptions[RATED_POOL_OPTION];
      delete this.createOptions[TOURNAMENT_OPTION];
    }
    if (!daily) delete this.createOptions[DAILY_OF_OPTION];
    const settings = this.host.settings();
    this.durable = new RoomDurability(settings.roomLog, () => matchMaker.processId, settings.gameLogMaxKb * 1024, settings.groupCommit, () => this.now());
  }

  /** In the room log before anyone is told the room exists; a disk that cannot take it refuses the create. */
  firstWrite(): void {
    const refused = this.durable.open(this.now());
    if (refused) {
      const { reason, message } = createNotSaved(refused);
      throw new HubRefusal(reason, message);
    }
  }

  /** The base's `beforeSend`: false while the log cannot take the room as it is now. */
  saved(): boolean {
    return !this.durable || this.durable.save(this.now()) === null;
  }

  /** Refused while the room log cannot take writes (disk full). */
  refusal(what: string): Rejection | null {
    return this.durable?.refusal(what) ?? null;
  }

  /**
   * A game's record for the store, keyed (room, game number, seed: written once however often
   * it is written); until the store has it, the room log keeps it too, and once it is there,
   * its moves may leave the room log (durable.ts).
   */
  record(game: Omit<FinishedGame, "game" | "roomId">, onSaved?: (id: number) => void): number | null {
    const gameNo = this.play.gameNo;
    const keyed = { ...game, key: recordKey(this.host.roomId(), gameNo, game.seed) };
    const id = this.room.recordGame(
      keyed,
      (saved) => {
        this.durable.recordedGame(gameNo);
        onSaved?.(saved);
      },
      (record) => this.durable.keepRecord(gameNo, record),
    );
    if (id !== null && id > 0) this.durable.recordedGame(gameNo);
    return id;
  }

  /**
   * The room as the log should hold it once a move leading to `next` is applied at `now`: the
   * turn timer's deadlines as they will be (written with the move, so a timed move is one write).
   */
  after(next: S, now: number): RoomNow {
    const r = this.now();
    r.deadlines = this.room.timer().preview(next, this.play.def.status(next) === "finished" ? "finished" : this.play.stage, now, r.deadlines);
    return r;
  }

  now(): RoomNow {
    const g = this.play.game;
    const st = this.play.st;
    return {
      header: {
        roomId: this.host.roomId(),
        roomName: this.host.roomName(),
        private: st.private,
        options: this.createOptions,
        owner: st.owner,
        gameNo: this.play.gameNo,
        phase: this.play.stage,
        result: st.result,
        seed: g?.seed ?? 0,
        order: this.play.order,
        startedAt: g?.log[0]?.t ?? 0,
        botSeed: this.play.botSeed,
        seats: this.room.seats(),
        forfeits: this.room.forfeits(),
        ...(st.berserk.length > 0 ? { berserk: Array.from(st.berserk) } : {}),
      },
      moves: g?.log ?? [],
      deadlines: { deadline: st.deadline, together: this.room.timer().together },
    };
  }

  /** A room nobody is connected to goes to sleep (durable.ts: watchSleep); only with a room log. */
  watchSleep(): void {
    if (!this.durable.enabled) return;
    watchSleep({
      seconds: this.host.settings().roomSleepSeconds,
      disposing: () => this.host.disposing(),
      nobodyHere: () => this.room.nobodyHere(),
      later: (ms, fn) => this.host.later(ms, fn),
      sleep: () => {
        this.room.disposeReason("sleeping");
        // A log that cannot take it (disk full) keeps the room awake: it tries again later.
        if (!this.saved() || !this.durable.sleep(this.host.roomId())) {
          this.room.disposeReason(null);
          return false;
        }
        this.room.disconnect(); // asleep, not ended: a join wakes it
        return true;
      },
    });
  }

  /** The room is disposed: true if its log stays open (its process stopping, the room asleep). */
  keepsOpen(): boolean {
    if (this.durable?.enabled && matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) this.durable.keepOpen = true;
    return this.durable?.keepOpen ?? false;
  }

  /** The room is gone for good: its log is closed. */
  disposed(): void {
    this.durable?.disposed(this.host.roomId());
  }

  /** The base's `restoring`: the logged room this create rebuilds, if it is a restore. */
  restoring(options: Record<string, unknown>): { roomId: string; options: Record<string, unknown> } | null {
    this.logged = takeRestore(options);
    return this.logged && { roomId: this.logged.header.roomId, options: this.logged.header.options };
  }

  /** This room is being rebuilt from its log (until `onRestore` takes the logged room). */
  get isRestore(): boolean {
    return this.logged !== null;
  }

  /** The logged room to rebuild from, taken once. */
  takeLogged(): LoggedRoom {
    const r = this.logged!;
    this.logged = null;
    return r;
  }
}
