// A countdown before a game (the race's): started when the seats call for a game (or by the
// owner's `start`), cancelled when a seat leaves below the minimum or, unless the owner
// started it, when someone is no longer ready; when it runs out, the seats taken then play.
// Events: `countdown {endsAt, seats}` and `countdown-cancelled`.

import type { Delayed } from "@colyseus/core";
import type { Rejection } from "../../../common/core/rules.js";
import type { MoveContext } from "../base/messages.js";
import type { GameRoomState } from "./GameRoomState.js";
import type { Stage } from "./parts.js";
import type { Play, RoomHost } from "./play.js";

/** What the countdown asks of the room's starts (starting.ts). */
export interface CountdownStarts {
  /** Occupied room seats that would play now, ascending. */
  seated(): number[];
  /** Starts the game (the countdown ran out). */
  start(ctx: MoveContext): Rejection | void;
  /** Writes the end of the countdown in the schema (0: none). */
  showCountdown(endsAt: number): void;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the countdown reads no game types */
export class Countdown {
  private running: { timer: Delayed; byOwner: boolean; resume: Stage; endsAt: number } | null = null;

  constructor(
    private readonly play: Play<any, any, any, any, any, GameRoomState>,
    private readonly host: Pick<RoomHost, "later" | "serverMove">,
    private readonly starts: CountdownStarts,
  ) {}

  get active(): boolean {
    return this.running !== null;
  }

  begin(ctx: MoveContext, ms: number, byOwner: boolean): void {
    const { play, host, starts } = this;
    const endsAt = ctx.now + ms;
    const running = { timer: null as unknown as Delayed, byOwner, resume: play.stage, endsAt };
    this.arm(running, ms);
    this.running = running;
    play.setStage("countdown");
    starts.showCountdown(endsAt);
    ctx.emit({ kind: "countdown", endsAt, seats: starts.seated() });
  }

  /** After a change of seats or readiness (`ready`: the seats still call for a game). False: nothing to do. */
  check(ctx: MoveContext, ready: boolean): void | false {
    const running = this.running;
    if (!running) return false;
    if (this.starts.seated().length >= this.play.minSeats && (running.byOwner || ready)) return false;
    running.timer.clear();
    this.end(running.resume);
    ctx.emit({ kind: "countdown-cancelled" });
  }

  clear(): void {
    this.running?.timer.clear();
  }

  private end(resume: Stage): void {
    this.running = null;
    this.starts.showCountdown(0);
    this.play.setStage(resume);
  }

  private arm(running: NonNullable<Countdown["running"]>, ms: number): void {
    const { host, starts } = this;
    running.timer = host.later(ms, () => host.serverMove(starts.seated()[0] ?? 0, (go) => this.go(go, running), "go"));
  }

  /** The countdown ran out: the seats taken now play. */
  private go(ctx: MoveContext, running: NonNullable<Countdown["running"]>): Rejection | void | false {
    if (this.running !== running) return false; // cancelled meanwhile
    // The room's clock may fire a millisecond before the wall clock reaches the announced end:
    // the go is never earlier than what every player was shown.
    if (ctx.now < running.endsAt) {
      this.arm(running, running.endsAt - ctx.now);
      return false;
    }
    this.end(running.resume);
    if (this.starts.seated().length < this.play.minSeats) return void ctx.emit({ kind: "countdown-cancelled" });
    return this.starts.start(ctx);
  }
}
