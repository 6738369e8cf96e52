// A countdown before a game (the race's): started when the seats call for a game (or by the
// owner's `start`), cancelled when a seat leaves below the minimum or, unless the owner
// started it, when someone is no longer ready; when it runs out, the seats taken then play.
// Events: `countdown {endsAt, seats}` and `countdown-cancelled`.

import type { Delayed } from "@colyseus/core";
import type { Rejection } from "../../../common/core/rules.js";
import type { MoveContext } from "../base/messages.js";
import type { Stage } from "./parts.js";

export interface CountdownRoom {
  stage(): Stage;
  setStage(stage: Stage): void;
  /** Writes the end of the countdown in the schema (0: none). */
  show(endsAt: number): void;
  /** Occupied room seats, ascending. */
  seated(): number[];
  minSeats(): number;
  /** Starts the game (the countdown ran out). */
  start(ctx: MoveContext): Rejection | void;
  later(ms: number, fn: () => void): Delayed;
  serverMove(seat: number, run: (ctx: MoveContext) => Rejection | void | false, what: string): void;
}

export class Countdown {
  private running: { timer: Delayed; byOwner: boolean; resume: Stage } | null = null;

  constructor(private readonly room: CountdownRoom) {}

  get active(): boolean {
    return this.running !== null;
  }

  begin(ctx: MoveContext, ms: number, byOwner: boolean): void {
    const room = this.room;
    const running = { timer: null as unknown as Delayed, byOwner, resume: room.stage() };
    running.timer = room.later(ms, () => room.serverMove(room.seated()[0] ?? 0, (go) => this.go(go, running), "go"));
    this.running = running;
    room.setStage("countdown");
    const endsAt = ctx.now + ms;
    room.show(endsAt);
    ctx.emit({ kind: "countdown", endsAt, seats: room.seated() });
  }

  /** After a change of seats or readiness (`ready`: the seats still call for a game). False: nothing to do. */
  check(ctx: MoveContext, ready: boolean): void | false {
    const running = this.running;
    if (!running) return false;
    if (this.room.seated().length >= this.room.minSeats() && (running.byOwner || ready)) return false;
    running.timer.clear();
    this.end(running.resume);
    ctx.emit({ kind: "countdown-cancelled" });
  }

  clear(): void {
    this.running?.timer.clear();
  }

  private end(resume: Stage): void {
    this.running = null;
    this.room.show(0);
    this.room.setStage(resume);
  }

  /** The countdown ran out: the seats taken now play. */
  private go(ctx: MoveContext, running: NonNullable<Countdown["running"]>): Rejection | void | false {
    if (this.running !== running) return false; // cancelled meanwhile
    this.end(running.resume);
    if (this.room.seated().length < this.room.minSeats()) return void ctx.emit({ kind: "countdown-cancelled" });
    return this.room.start(ctx);
  }
}
