// When a game starts: by the owner's Start, or by itself when the seats call for one; either
// way after a countdown when the game has one (countdown.ts). Kept apart from GameRoom, which
// only says how a game starts (`start`): this says when.

import type { Delayed } from "@colyseus/core";
import type { Rejection } from "../../../common/core/rules.js";
import type { SeatState } from "../base/HubState.js";
import type { MoveContext } from "../base/messages.js";
import { Countdown } from "./countdown.js";
import type { Stage } from "./parts.js";

export interface StartingRoom {
  stage(): Stage;
  setStage(stage: Stage): void;
  seats(): readonly SeatState[];
  owner(): number;
  isBotSeat(seat: number): boolean;
  solo(): boolean;
  minSeats(): number;
  /** Only the seats whose players are here play a new game (parts.startsPresentOnly). */
  presentOnly(): boolean;
  /** Whether the seats call for a game by the game's own rule (parts.wantsStart); undefined: it has none. */
  wantsStart(): boolean | undefined;
  /** The countdown before a game (0: none). */
  countdownMs(): number;
  /** Writes the end of the countdown in the schema (0: none). */
  showCountdown(endsAt: number): void;
  /** Starts a game now, for the seats taken now. */
  start(ctx: MoveContext): Rejection | void;
  later(ms: number, fn: () => void): Delayed;
  serverMove(seat: number, run: (ctx: MoveContext) => Rejection | void | false, what: string): void;
}

export class GameStarts {
  private readonly countdown: Countdown;

  constructor(private readonly room: StartingRoom) {
    this.countdown = new Countdown({
      stage: () => room.stage(),
      setStage: (stage) => room.setStage(stage),
      show: (endsAt) => room.showCountdown(endsAt),
      seated: () => this.seated(),
      minSeats: () => room.minSeats(),
      start: (ctx) => room.start(ctx),
      later: (ms, fn) => room.later(ms, fn),
      serverMove: (seat, run, what) => room.serverMove(seat, run, what),
    });
  }

  /** The room seats a game started now is played by, ascending: every taken seat, or only those whose player is here. */
  seated(): number[] {
    const present = this.room.presentOnly();
    return this.room.seats().map((s, i) => (s.occupied && (!present || s.connected || this.room.isBotSeat(i)) ? i : -1)).filter((i) => i >= 0);
  }

  /** Starts a game now, or the countdown to it when the game has one. */
  begin(ctx: MoveContext, byOwner: boolean): Rejection | void {
    const ms = this.room.countdownMs();
    if (ms <= 0) return this.room.start(ctx);
    this.countdown.begin(ctx, ms, byOwner);
  }

  /** After a change of seats or readiness: start (or count down to) a game, or cancel a countdown. False: nothing to do. */
  check(ctx: MoveContext): Rejection | void | false {
    if (this.wanted()) return this.begin(ctx, false);
    return this.countdown.check(ctx, this.seatsCallForGame());
  }

  /** A change of seats or readiness outside a move: checked as a move of the room's own, after the current one. */
  maybe(): void {
    if (!this.wanted() && !this.countdown.active) return;
    this.room.serverMove(Math.max(0, this.room.owner()), (ctx) => this.check(ctx), "start");
  }

  /** The room is going away: no countdown fires. */
  clear(): void {
    this.countdown.clear();
  }

  /**
   * The first game starts by itself: solo once its player sits (the bots are seated already);
   * otherwise once every seat holds a person (a table with bot seats waits for Start or
   * everyone ready). Any game also starts when every connected person is ready (Play again).
   */
  private wanted(): boolean {
    const stage = this.room.stage();
    return stage !== "playing" && stage !== "countdown" && this.seatsCallForGame();
  }

  /** The seats call for a game (whatever the room is doing now). */
  private seatsCallForGame(): boolean {
    const room = this.room;
    const seats = room.seats();
    const own = room.wantsStart();
    if (own !== undefined) return own;
    if (seats.filter((s) => s.occupied).length < room.minSeats()) return false;
    if (room.stage() === "waiting") {
      if (room.solo() && seats[0].occupied && !seats[0].bot) return true;
      if (!room.solo() && seats.every((s, i) => s.occupied && !room.isBotSeat(i))) return true;
    }
    const people = seats.filter((s, i) => s.occupied && s.connected && !room.isBotSeat(i));
    return people.length > 0 && people.every((s) => s.ready);
  }
}
