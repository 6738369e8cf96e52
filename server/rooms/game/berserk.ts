// Berserk in a tournament arena's game (docs/tournaments.md "Berserk"): before their own first
// move a player may halve their own turn time; a win then earns one arena point more. Offered
// only where the director asked for it (an arena, RatedTable.tournament.berserk) and the game
// has a turn clock (`turnSeconds` > 0). The choice is written to the tournament's store first
// (the pairing's `berserk`: the director scores it from there, and a restart keeps it), then
// the room halves the seat's turns (`Play.turnFactor`, read by the turn timer) and shows it to
// everyone (`state.berserk`). Nothing here names a game.

import type { Client } from "@colyseus/core";
import type { TypedMove } from "../../../common/core/game.js";
import type { Rejection } from "../../../common/core/rules.js";
import type { MessageSpec, MoveContext, SenderContext } from "../base/messages.js";
import { emptyPayload } from "../base/validate.js";
import type { GameRoomState } from "./GameRoomState.js";
import type { Play, RoomHost } from "./play.js";
import type { TurnTimer } from "./turnTimer.js";
import { storeUnreachable } from "../../ops/storeCondition.js";

/** A berserk seat's turns last this part of the configured turn time. */
export const BERSERK_FACTOR = 0.5;

const refuse = (code: string, message: string): Rejection => ({ code, message });

export class Berserk<S, M extends TypedMove, E, C, V, St extends GameRoomState> {
  /** Room seats whose berserk is being written to the store. */
  private readonly pending = new Set<number>();

  constructor(
    private readonly play: Play<S, M, E, C, V, St>,
    private readonly host: Pick<RoomHost, "settings" | "serverMove" | "seatProfile" | "disposing" | "logger">,
    private readonly timer: () => TurnTimer<S, M, E, C, V>,
  ) {}

  /** Does this room offer berserk (a tournament arena's game with a turn clock)? */
  get offered(): boolean {
    return !!this.play.rated?.tournament?.berserk && this.play.configured.turnSeconds > 0;
  }

  /** Shows whether it is offered (once the state exists). */
  show(): void {
    this.play.st.berserkOpen = this.offered;
  }

  /** The `berserk {}` message (every game room: refused in words where it is not offered). */
  message(): MessageSpec<Record<string, never>> {
    return { parse: emptyPayload, run: (ctx) => this.ask(ctx) };
  }

  private ask(ctx: SenderContext): Rejection | void {
    const play = this.play;
    if (!play.rated?.tournament?.berserk) return refuse("no-berserk", "Berserk is only for the games of a tournament arena.");
    if (!this.offered) return refuse("no-berserk", "This game has no turn clock, so there is no time to halve: berserk is not offered here.");
    const g = play.gameSeatOf[ctx.seat] ?? -1;
    if (play.stage === "finished") return refuse("not-playing", "This game is over: berserk is only for a game being played.");
    if (!play.game || play.stage !== "playing" || g < 0) return refuse("not-playing", "Berserk is for the game being played: wait for it to start.");
    if (play.st.berserk.includes(ctx.seat)) return refuse("berserk-already", "You are berserk already: your turns are halved, and a win earns one point more.");
    if (this.pending.has(ctx.seat)) return refuse("berserk-pending", "Going berserk: wait a moment.");
    if (play.game.log.some((m) => m.seat === g)) return refuse("berserk-late", "Too late for berserk: it is only before your first move of the game.");
    const t = play.rated!.tournament!;
    const profile = this.host.seatProfile(ctx.seat);
    const home = this.host.settings().home;
    if (!profile || !home) return refuse("not-playing", "Berserk is for the tournament's players.");
    const game = play.game;
    const seat = ctx.seat;
    const client = ctx.client;
    this.pending.add(seat);
    home.tournaments
      .addBerserk(t.id, t.game, profile)
      .then((ok) => {
        this.pending.delete(seat);
        if (!ok) return this.tell(client, "berserk-late", "Too late for berserk: this game has been scored already.");
        if (this.host.disposing()) return;
        this.host.serverMove(seat, (c) => this.apply(c, game, seat), "berserk");
      })
      .catch((e) => {
        this.pending.delete(seat);
        if (!storeUnreachable(e)) this.host.logger().error({ event: "berserk.failed", err: e }, "could not record a berserk");
        this.tell(client, "unavailable", "Berserk could not be saved just now (the hub cannot reach its database). Your game goes on as it was; try again.");
      });
  }

  /** Written to the store: the seat's turns are halved from now (its running turn too), and everyone is told. */
  private apply(ctx: MoveContext, game: Play<S, M, E, C, V, St>["game"], seat: number): void | false {
    const play = this.play;
    if (play.game !== game || !game || play.st.berserk.includes(seat)) return false;
    play.st.berserk.push(seat);
    play.turnFactor.set(seat, BERSERK_FACTOR);
    this.timer().rescale(game, play.st, seat, ctx.now);
    const name = play.st.seats[seat]?.name || "A player";
    ctx.emit({ kind: "berserk", seat, message: `${name} went berserk: their turns last half as long, and a win earns one point more.` });
  }

  private tell(client: Client, code: string, message: string): void {
    client.send("error", { code, message, type: "berserk" });
  }

  /** A restored room (its log's header): the seats that went berserk keep their halved turns. */
  restore(seats: number[]): void {
    const play = this.play;
    for (const seat of seats) {
      if (!Number.isInteger(seat) || seat < 0 || seat >= play.st.seats.length || play.st.berserk.includes(seat)) continue;
      play.st.berserk.push(seat);
      play.turnFactor.set(seat, BERSERK_FACTOR);
    }
  }

  /** A new game in the room: nobody is berserk in it yet. */
  reset(): void {
    this.pending.clear();
    this.play.turnFactor.clear();
    if (this.play.st.berserk.length > 0) this.play.st.berserk.clear();
  }
}
