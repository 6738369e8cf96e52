// The generic room's turn timer, read from the definition's `whoActs`: one seat on turn
// with `turnSeconds` gets one timer per turn; a phase where several seats act at once
// (`together`) with `togetherSeconds` gets one deadline for the phase. When time runs out
// the room plays the definition's `timeoutMove` for the seat.

import type { GameDef, TypedMove } from "../../../common/core/game.js";
import type { Rejection } from "../../../common/core/rules.js";
import type { GameSession } from "../../../common/core/session.js";
import type { MoveContext } from "../base/messages.js";

export interface TimedRoom<S, M extends TypedMove> {
  def(): GameDef<S, M, unknown, unknown, unknown>;
  game(): GameSession<S, M, unknown, unknown, unknown> | null;
  playing(): boolean;
  gameNo(): number;
  /** Room seat of each game seat. */
  order(): readonly number[];
  turnSeconds(): number;
  togetherSeconds(): number;
  /** Arms the room's one turn timer (SeatedRoom.armTurnTimer): its deadline. */
  arm(ms: number, roomSeat: number, run: (ctx: MoveContext) => Rejection | void | false): number;
  disarm(): void;
  apply(ctx: MoveContext, gameSeat: number, move: M): Rejection | void;
  /** Writes the deadline clients draw (0: none). */
  show(deadline: number): void;
}

export class TurnTimer<S, M extends TypedMove> {
  /** The turn (or together phase and its seats) the timer runs for. */
  private key = "";
  /** When the current together phase's timer runs out (server time, ms). */
  private togetherDeadline = 0;

  constructor(private readonly room: TimedRoom<S, M>) {}

  /** A new game: the next turn arms afresh. */
  reset(): void {
    this.key = "";
  }

  /** After the start and every move: one seat on turn and a timer configured: armed once per turn (`since` tells turns apart). */
  update(game: GameSession<S, M, unknown, unknown, unknown>): void {
    const room = this.room;
    const def = room.def();
    const who = def.whoActs(game.state);
    if (who.together && room.playing() && room.togetherSeconds() > 0 && def.timeoutMove && who.seats.length > 0) {
      return this.together(game, who.seats, who.turn);
    }
    const seconds = room.turnSeconds();
    if (!room.playing() || seconds <= 0 || !def.timeoutMove || who.together || who.seats.length !== 1) {
      this.key = "";
      room.disarm();
      room.show(0);
      return;
    }
    const g = who.seats[0];
    const key = `${room.gameNo()}:${g}:${who.turn ?? who.since ?? "start"}`;
    if (key === this.key) return;
    this.key = key;
    room.show(room.arm(seconds * 1000, room.order()[g], (ctx) => this.expire(ctx, game, key, g)));
  }

  /**
   * A phase where several seats act at once (`together`) with `togetherSeconds`: one deadline
   * for the phase; when it passes, the first seat still listed gets its timeout move, and the
   * re-armed timer (same deadline, already passed) does the next, until nobody is left.
   */
  private together(game: GameSession<S, M, unknown, unknown, unknown>, seats: readonly number[], turn: number | undefined): void {
    const room = this.room;
    const phaseKey = `${room.gameNo()}:together:${turn ?? "start"}`;
    const key = `${phaseKey}:${seats.join(",")}`;
    if (key === this.key) return;
    if (!this.key.startsWith(`${phaseKey}:`)) this.togetherDeadline = Date.now() + room.togetherSeconds() * 1000;
    this.key = key;
    const g = seats[0];
    const armed = room.arm(Math.max(0, this.togetherDeadline - Date.now()), room.order()[g], (ctx) => this.expire(ctx, game, key, g));
    room.show(Math.max(armed, this.togetherDeadline));
  }

  private expire(ctx: MoveContext, game: GameSession<S, M, unknown, unknown, unknown>, key: string, g: number): Rejection | void | false {
    const room = this.room;
    if (room.game() !== game || this.key !== key || !room.playing()) return false;
    const move = room.def().timeoutMove!(game.state, g);
    return move ? room.apply(ctx, g, move) : false;
  }
}
