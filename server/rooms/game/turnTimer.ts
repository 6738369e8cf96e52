// The turn timer the generic room reads from `whoActs`: one seat on turn with `turnSeconds`
// gets a deadline per turn; a phase where several seats act at once (`together`) with
// `togetherSeconds` gets one deadline for the phase. When it passes, the game's `timeoutMove`
// is played for the seat. The deadline shows in the schema (`deadline`); after a restore the
// first timers run to the logged deadlines instead of starting afresh.

import type { Configured, GameDef, TypedMove } from "../../../common/core/game.js";
import type { Rejection } from "../../../common/core/rules.js";
import type { GameSession } from "../../../common/core/session.js";
import type { Deadlines } from "../../store/RoomLog.js";
import type { MoveContext } from "../base/messages.js";
import type { GameRoomState } from "./GameRoomState.js";
import type { Stage } from "./parts.js";

export interface TimedRoom<S, M extends TypedMove, E, C, V> {
  def(): GameDef<S, M, E, C, V>;
  configured(): Configured<C>;
  game(): GameSession<S, M, E, C, V> | null;
  stage(): Stage;
  gameNo(): number;
  /** Room seat per game seat. */
  order(): readonly number[];
  /** HubRoom's timer: runs `run` as a move of `seat` after `ms`; returns its deadline. */
  arm(ms: number, seat: number, run: (ctx: MoveContext) => Rejection | void | false): number;
  disarm(): void;
  apply(ctx: MoveContext, g: number, move: M): Rejection | void;
}

export class TurnTimer<S, M extends TypedMove, E, C, V> {
  /** Which turn (or together phase and its seats) the armed timer is for: re-arming the same is a no-op. */
  private key = "";
  /** When the current together phase's timer runs out (server time, ms). */
  private togetherAt = 0;
  /** After a restore: the logged deadlines the first timers run to (then null). */
  private resume: Deadlines | null = null;

  constructor(private readonly room: TimedRoom<S, M, E, C, V>) {}

  /** The together deadline, for the room log. */
  get together(): number {
    return this.togetherAt;
  }

  /** A new game: whatever was armed belongs to the last one. */
  forget(): void {
    this.key = "";
  }

  /** A restored room: the first timers run to these deadlines. */
  resumeFrom(deadlines: Deadlines): void {
    this.resume = deadlines;
  }

  /** After each projection: armed once per turn (`since` tells turns apart), or disarmed. */
  arm(game: GameSession<S, M, E, C, V>, st: GameRoomState): void {
    this.armFor(game, st);
    this.resume = null;
  }

  private armFor(game: GameSession<S, M, E, C, V>, st: GameRoomState): void {
    const def = this.room.def();
    const configured = this.room.configured();
    const playing = this.room.stage() === "playing";
    const who = def.whoActs(game.state);
    if (who.together && playing && (configured.togetherSeconds ?? 0) > 0 && def.timeoutMove && who.seats.length > 0) {
      return this.armTogether(game, st, who.seats, who.turn);
    }
    const seconds = configured.turnSeconds;
    if (!playing || seconds <= 0 || !def.timeoutMove || who.together || who.seats.length !== 1) {
      this.key = "";
      this.room.disarm();
      if (st.deadline !== 0) st.deadline = 0;
      return;
    }
    const g = who.seats[0];
    const key = `${this.room.gameNo()}:${g}:${who.turn ?? who.since ?? "start"}`;
    if (key === this.key) return;
    this.key = key;
    const resumeAt = this.resume?.deadline ?? 0;
    st.deadline = this.room.arm(resumeAt > 0 ? Math.max(0, resumeAt - Date.now()) : seconds * 1000, this.room.order()[g], this.timeout(game, g, key));
  }

  /**
   * One deadline for the phase; when it passes, the first seat still listed gets its timeout
   * move, and the re-armed timer (same deadline, already passed) does the next, until nobody is left.
   */
  private armTogether(game: GameSession<S, M, E, C, V>, st: GameRoomState, seats: readonly number[], turn: number | undefined): void {
    const phaseKey = `${this.room.gameNo()}:together:${turn ?? "start"}`;
    const key = `${phaseKey}:${seats.join(",")}`;
    if (key === this.key) return;
    if (!this.key.startsWith(`${phaseKey}:`)) this.togetherAt = this.resume?.together || Date.now() + (this.room.configured().togetherSeconds ?? 0) * 1000;
    this.key = key;
    const g = seats[0];
    const armed = this.room.arm(Math.max(0, this.togetherAt - Date.now()), this.room.order()[g], this.timeout(game, g, key));
    st.deadline = Math.max(armed, this.togetherAt);
  }

  /** The timeout move of game seat `g`, unless the game moved on since the timer was armed. */
  private timeout(game: GameSession<S, M, E, C, V>, g: number, key: string): (ctx: MoveContext) => Rejection | void | false {
    return (ctx) => {
      if (this.room.game() !== game || this.key !== key || this.room.stage() !== "playing") return false;
      const move = this.room.def().timeoutMove!(game.state, g);
      return move ? this.room.apply(ctx, g, move) : false;
    };
  }
}
