// When a game starts: by the owner's Start, or by itself when the seats call for one; either
// way after a countdown when the game has one (countdown.ts). Kept apart from GameRoom, which
// only says how a game starts (`start`): this says when.

import type { Rejection } from "../../../common/core/rules.js";
import type { MoveContext } from "../base/messages.js";
import { Countdown, type CountdownStarts } from "./countdown.js";
import { refusalOf } from "./parts.js";
import type { GameRoomState } from "./GameRoomState.js";
import type { Play, RoomHost } from "./play.js";

/* eslint-disable @typescript-eslint/no-explicit-any -- the starts read no game types */
export class GameStarts implements CountdownStarts {
  private readonly countdown: Countdown;

  constructor(
    private readonly play: Play<any, any, any, any, any, GameRoomState>,
    private readonly host: Pick<RoomHost, "isBotSeat" | "settings" | "later" | "serverMove">,
    /** Starts a game now, for the seats taken now (the room's `startGame`). */
    readonly start: (ctx: MoveContext) => Rejection | void,
  ) {
    this.countdown = new Countdown(play, host, this);
  }

  /** Writes the end of the countdown in the schema (0: none), and keeps it for the delayed mirror. */
  showCountdown(endsAt: number): void {
    this.play.countdownEndsAt = endsAt;
    this.play.parts.starts?.countdown?.show(this.play.st, endsAt);
  }

  /** An open game (`starts.open`): the first starts with the room, every seat in it; the next by `restart`. */
  get open(): boolean {
    return this.play.parts.starts?.open === true;
  }

  /** The room seats a new game is played by: every seat of an open game, else those `seated` says. */
  players(): number[] {
    return this.open ? this.play.st.seats.map((_, i) => i) : this.seated();
  }

  /** The owner's (or, the owner away, anyone's) `start`. */
  byOwner(ctx: MoveContext): Rejection | void {
    const { play } = this;
    if (this.open) return { code: "not-allowed", message: "This game starts by itself." };
    if (play.stage === "playing" || play.stage === "countdown") return refusalOf(play.parts, "already-running");
    if (this.seated().length < play.minSeats) return refusalOf(play.parts, "too-few");
    return this.begin(ctx, true);
  }

  /** The room seats a game started now is played by, ascending: every taken seat, or only those whose player is here. */
  seated(): number[] {
    const present = this.play.parts.starts?.presentOnly === true;
    return this.play.st.seats.map((s, i) => (s.occupied && (!present || s.connected || this.host.isBotSeat(i)) ? i : -1)).filter((i) => i >= 0);
  }

  /** Starts a game now, or the countdown to it when the game has one. */
  begin(ctx: MoveContext, byOwner: boolean): Rejection | void {
    const ms = this.play.parts.starts?.countdown?.ms(this.host.settings()) ?? 0;
    if (ms <= 0) return this.start(ctx);
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
    this.host.serverMove(Math.max(0, this.play.st.owner), (ctx) => this.check(ctx), "start");
  }

  /**
   * A rated room's matched players' reservations have run out: a table with enough of them
   * starts without the missing ones; one player alone is told, and the room lets them go.
   */
  ratedNoShow(): void {
    const play = this.play;
    if (!play.rated || play.gameNo > 0 || play.stage !== "waiting" || play.rated.waitingFor === 0) return;
    this.host.serverMove(Math.max(0, play.st.owner), (ctx) => {
      if (play.gameNo > 0 || play.stage !== "waiting") return false;
      if (this.seated().length >= play.def.seats.min) return this.begin(ctx, true);
      ctx.emit({ kind: "no-show", message: "The players you were matched with did not arrive. Look for another game with Rated quick play." });
    }, "rated no-show");
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
    const stage = this.play.stage;
    return stage !== "playing" && stage !== "countdown" && this.seatsCallForGame();
  }

  /** The seats call for a game (whatever the room is doing now). */
  private seatsCallForGame(): boolean {
    const { play, host } = this;
    const seats = play.st.seats;
    const own = play.parts.starts?.when?.(seats);
    if (own !== undefined) return own;
    if (seats.filter((s) => s.occupied).length < play.minSeats) return false;
    const solo = play.configured.mode === "solo";
    if (play.stage === "waiting") {
      if (solo && seats[0].occupied && !seats[0].bot) return true;
      if (!solo && seats.every((s, i) => s.occupied && !host.isBotSeat(i))) return true;
    }
    const people = seats.filter((s, i) => s.occupied && s.connected && !host.isBotSeat(i));
    return people.length > 0 && people.every((s) => s.ready);
  }
}
