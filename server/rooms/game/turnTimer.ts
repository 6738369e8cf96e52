// The turn timer the generic room reads from `whoActs`: one seat on turn with `turnSeconds`
// gets a deadline per turn; a phase where several seats act at once (`together`) with
// `togetherSeconds` gets one deadline for the phase. When it passes, the game's `timeoutMove`
// is played for the seat. The deadline shows in the schema (`deadline`); after a restore the
// first timers run to the logged deadlines, moved on by the time the hub was down (never with
// less time left than at the log's last write), instead of starting afresh. A seat's own turns may
// be shorter (`Play.turnFactor`: a tournament arena's berserk halves them, berserk.ts).

import type { TypedMove } from "../../../common/core/game.js";
import type { Rejection } from "../../../common/core/rules.js";
import type { GameSession } from "../../../common/core/session.js";
import type { Deadlines } from "../../store/RoomLog.js";
import type { MoveContext } from "../base/messages.js";
import type { GameRoomState } from "./GameRoomState.js";
import type { Stage } from "./parts.js";
import type { Play, RoomHost } from "./play.js";

export class TurnTimer<S, M extends TypedMove, E, C, V> {
  /** Tests only: a configured second lasts this many real ones (a test that waits a timer out; 1 in production). */
  static timeScale = 1;
  /** Which turn (or together phase and its seats) the armed timer is for: re-arming the same is a no-op. */
  private key = "";
  /** When the current together phase's timer runs out (server time, ms). */
  private togetherAt = 0;
  /** After a restore: the logged deadlines the first timers run to (then null). */
  private resume: Deadlines | null = null;
  /** The game seat the armed single-seat timer is for (−1: none, or a together phase). */
  private armedSeat = -1;

  constructor(
    private readonly play: Play<S, M, E, C, V, GameRoomState>,
    private readonly host: Pick<RoomHost, "armTurnTimer" | "disarmTurnTimer">,
    /** The move path's `apply` (movePath.ts). */
    private readonly apply: (ctx: MoveContext, g: number, move: M) => Rejection | void,
  ) {}

  /** The together deadline, for the room log. */
  get together(): number {
    return this.togetherAt;
  }

  /** A new game: whatever was armed belongs to the last one. */
  forget(): void {
    this.key = "";
  }

  /**
   * A restored room: the first timers run to these deadlines, moved on by the time the room was
   * down (`writtenAt`: the log's last write, `now`: the restore), so a restart never eats the
   * turn of the player it caught (resumedDeadline). A room woken from sleep (everyone had left)
   * is restored the same way: its player on turn gets back the time they had when it slept.
   */
  resumeFrom(deadlines: Deadlines, writtenAt: number, now = Date.now()): void {
    const configured = this.play.configured;
    this.resume = {
      deadline: resumedDeadline(deadlines.deadline, writtenAt, now, configured.turnSeconds * 1000 * TurnTimer.timeScale),
      together: resumedDeadline(deadlines.together, writtenAt, now, (configured.togetherSeconds ?? 0) * 1000 * TurnTimer.timeScale),
    };
  }

  /** After each projection: armed once per turn (`since` tells turns apart), or disarmed; `now`: the move's server time. */
  arm(game: GameSession<S, M, E, C, V>, st: GameRoomState, now = Date.now()): void {
    const plan = this.plan(game.state, this.play.stage, now);
    this.resume = null;
    if (plan.kind === "keep") return;
    if (plan.kind === "off") {
      this.key = "";
      this.armedSeat = -1;
      this.host.disarmTurnTimer();
      if (st.deadline !== 0) st.deadline = 0;
      return;
    }
    this.key = plan.key;
    this.armedSeat = plan.single ? plan.seat : -1;
    this.togetherAt = plan.together;
    this.host.armTurnTimer(Math.max(0, plan.fireAt - Date.now()), this.play.order[plan.seat], this.timeout(game, plan.seat, plan.key));
    st.deadline = plan.deadline;
  }

  /**
   * The deadlines the room log will hold once a move leading to `state` is applied at `now`
   * (written with the move: durable.ts), exactly what `arm` then sets (`current`: unchanged).
   */
  preview(state: S, stage: Stage, now: number, current: Deadlines): Deadlines {
    const plan = this.plan(state, stage, now);
    if (plan.kind === "keep") return current;
    if (plan.kind === "off") return { deadline: 0, together: this.togetherAt };
    return { deadline: plan.deadline, together: plan.together };
  }

  /**
   * What the timer does for `state` (no change made here): nothing new (same turn), off, or a
   * timer for one seat firing at `fireAt` with `deadline` shown. A together phase has one
   * deadline; when it passes, the first seat still listed gets its timeout move, and the
   * re-armed timer (same deadline, already passed) does the next, until nobody is left.
   */
  private plan(state: S, stage: Stage, now: number): { kind: "keep" } | { kind: "off" } | { kind: "arm"; key: string; seat: number; fireAt: number; deadline: number; together: number; single?: true } {
    const def = this.play.def;
    const configured = this.play.configured;
    const playing = stage === "playing";
    const who = def.whoActs(state);
    if (who.together && playing && (configured.togetherSeconds ?? 0) > 0 && def.timeoutMove && who.seats.length > 0) {
      const phaseKey = `${this.play.gameNo}:together:${who.turn ?? "start"}`;
      const key = `${phaseKey}:${who.seats.join(",")}`;
      if (key === this.key) return { kind: "keep" };
      const together = this.key.startsWith(`${phaseKey}:`) ? this.togetherAt : this.resume?.together || now + (configured.togetherSeconds ?? 0) * 1000 * TurnTimer.timeScale;
      return { kind: "arm", key, seat: who.seats[0], fireAt: together, deadline: Math.max(now, together), together };
    }
    const seconds = configured.turnSeconds;
    if (!playing || seconds <= 0 || !def.timeoutMove || who.together || who.seats.length !== 1) return { kind: "off" };
    const g = who.seats[0];
    const key = `${this.play.gameNo}:${g}:${who.turn ?? who.since ?? "start"}`;
    if (key === this.key) return { kind: "keep" };
    const resumeAt = this.resume?.deadline ?? 0;
    const deadline = resumeAt > 0 ? Math.max(now, resumeAt) : now + this.turnMs(g);
    return { kind: "arm", key, seat: g, fireAt: deadline, deadline, together: this.togetherAt, single: true };
  }

  /** A single turn's length for game seat `g` (ms): the configured seconds times the seat's factor. */
  private turnMs(g: number): number {
    const factor = this.play.turnFactor.get(this.play.order[g]) ?? 1;
    return this.play.configured.turnSeconds * factor * 1000 * TurnTimer.timeScale;
  }

  /**
   * Room seat `roomSeat`'s factor just changed: if its turn is running, the turn now ends a
   * shortened turn from `now` when that is sooner than its deadline (never later).
   */
  rescale(game: GameSession<S, M, E, C, V>, st: GameRoomState, roomSeat: number, now: number): void {
    const g = this.armedSeat;
    if (g < 0 || this.play.order[g] !== roomSeat || this.play.game !== game || st.deadline === 0) return;
    const deadline = Math.min(st.deadline, now + this.turnMs(g));
    if (deadline === st.deadline) return;
    this.host.armTurnTimer(Math.max(0, deadline - Date.now()), roomSeat, this.timeout(game, g, this.key));
    st.deadline = deadline;
  }

  /** The timeout move of game seat `g`, unless the game moved on since the timer was armed. */
  private timeout(game: GameSession<S, M, E, C, V>, g: number, key: string): (ctx: MoveContext) => Rejection | void | false {
    return (ctx) => {
      if (this.play.game !== game || this.key !== key || this.play.stage !== "playing") return false;
      const move = this.play.def.timeoutMove!(game.state, g);
      return move ? this.apply(ctx, g, move) : false;
    };
  }
}

/**
 * A logged deadline (0: none) as a restored room runs it: never sooner than logged, and never
 * with less time left than the player had at the log's last write (`writtenAt`) — the time the
 * hub was down is given back, up to one whole turn (`turnMs`). Before, a restart longer than the
 * time left timed the player on turn out the moment the room was back.
 */
export function resumedDeadline(logged: number, writtenAt: number, now: number, turnMs: number): number {
  if (logged <= 0) return 0;
  const left = Math.min(Math.max(0, logged - writtenAt), turnMs > 0 ? turnMs : Infinity);
  return Math.max(logged, now + left);
}
