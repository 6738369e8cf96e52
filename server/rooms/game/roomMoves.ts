// The room's own moves: when nobody may act but the game runs, the move it waits for from the
// room (the race's go), made by the definition's `roomMove` and completed by the game's server
// parts (`parts.roomMove`: the arena's team from the store, which may answer later). It is
// played as a server move, only if the game has not moved on since it was asked. A daily
// challenge's opening (the game's `daily.opening`) goes the same way.

import type { TypedMove } from "../../../common/core/game.js";
import type { Rejection } from "../../../common/core/rules.js";
import type { GameSession } from "../../../common/core/session.js";
import type { MoveContext } from "../base/messages.js";
import type { GameRoomState } from "./GameRoomState.js";
import type { Play, RoomHost } from "./play.js";

type Made<M> = { seat: number; move: M };

export class RoomMoves<S, M extends TypedMove, E, C, V, St extends GameRoomState> {
  /** The game whose room move the store is completing (parts.roomMove answered a promise). */
  private awaited: GameSession<S, M, E, C, V> | null = null;

  constructor(
    private readonly play: Play<S, M, E, C, V, St>,
    private readonly host: Pick<RoomHost, "settings" | "serverMove" | "disposing" | "logger">,
    /** The move path's `apply` (movePath.ts). */
    private readonly apply: (ctx: MoveContext, g: number, move: M) => Rejection | void,
  ) {}

  /**
   * A game just started: the room's own first move (the race's go) goes out with the start; one
   * the store must complete first (the arena's team on PostgreSQL) follows when it comes.
   */
  atStart(ctx: MoveContext | null, game: GameSession<S, M, E, C, V>): Rejection | void {
    const made = ctx && !this.play.def.whoActs(game.state).seats.length ? this.of(game) : null;
    if (made instanceof Promise) return this.later(game, made);
    if (ctx && made) return this.apply(ctx, made.seat, made.move);
  }

  /** Nobody may act but the game runs: the move the game waits for from the room (a race's go). */
  ifWaiting(game: GameSession<S, M, E, C, V>): void {
    const def = this.play.def;
    if (this.play.stage !== "playing" || !def.roomMove || def.whoActs(game.state).seats.length) return;
    if (this.awaited === game) return; // asked already: it comes when the store answers
    const made = this.of(game);
    if (made instanceof Promise) return this.later(game, made);
    if (!made) return;
    this.now(game, made, game.log.length);
  }

  /**
   * A daily challenge opens its day's game itself where the game needs it (Minesweeper places
   * its mines at the first click): the same first move for everyone, so the same board. Made
   * once the player sits (a board is there from the room's creation), before their own.
   */
  dailyOpening(game: GameSession<S, M, E, C, V> | null): void {
    const opening = this.play.parts.daily?.opening;
    if (!opening || !this.play.daily || this.play.gameNo !== 1 || !game || this.play.stage !== "playing") return;
    const move = opening(game.state);
    if (move) this.now(game, { seat: 0, move }, game.log.length, "daily opening");
  }

  /** The definition's room move, completed by the game's server parts (the arena's team from the store). */
  private of(game: GameSession<S, M, E, C, V>): Made<M> | Promise<Made<M>> | null {
    const made = this.play.def.roomMove?.(game.state) ?? null;
    const parts = this.play.parts;
    if (!made || !parts.roomMove) return made;
    const names = this.play.order.map((room) => this.play.st.seats[room]?.name ?? "");
    return parts.roomMove(made, { state: game.state, store: this.host.settings().store, seed: game.seed, names });
  }

  /** Played as a server move, only if the game has not moved on since it was asked. */
  private now(game: GameSession<S, M, E, C, V>, made: Made<M>, length: number, what = "room move"): void {
    this.host.serverMove(
      this.play.order[made.seat] ?? this.play.st.owner,
      (ctx) => (this.play.game === game && game.log.length === length && this.play.stage === "playing" ? this.apply(ctx, made.seat, made.move) : false),
      what,
    );
  }

  /** A room move the store completes later: applied when it comes if the game has not moved on (one asked at a time). */
  private later(game: GameSession<S, M, E, C, V>, pending: Promise<Made<M>>): void {
    this.awaited = game;
    const length = game.log.length;
    pending
      .then(
        (made) => {
          if (this.awaited === game) this.awaited = null;
          if (!this.host.disposing()) this.now(game, made, length);
        },
        (e) => {
          if (this.awaited === game) this.awaited = null;
          this.host.logger().error({ event: "room.error", err: e }, "the room's own move could not be made");
        },
      );
  }
}
