// The generic room's move path: a player's message (parsed by the definition's `parseMove`)
// is checked against the room (playing? in this game?) and turned into a game move; then
// rules → room log → schema (`project`: the game's view written by its parts, who acts, the
// turn timer: turnTimer.ts) → per-viewer events. The same `apply` takes the bots', the
// timer's and the room's own moves. After a move the game has ended (the room finishes it)
// or may wait for the room's own move (roomMoves.ts).

import type { Client } from "@colyseus/core";
import type { TypedMove } from "../../../common/core/game.js";
import type { Prepared, Rejection } from "../../../common/core/rules.js";
import type { GameSession } from "../../../common/core/session.js";
import type { HubEvent, MoveContext } from "../base/messages.js";
import type { Viewer } from "./audience.js";
import { MOVED_ON } from "./durable.js";
import type { GameRoomState } from "./GameRoomState.js";
import { defaultWire, refusalOf, type WireInfo } from "./parts.js";
import { RoomMoves } from "./roomMoves.js";
import type { Play, RoomHost } from "./play.js";
import type { RoomSnapshot } from "./roomSnapshot.js";
import { TurnTimer } from "./turnTimer.js";
import { Preparations } from "./preparing.js";
import type { Preparer } from "../../bots/prepare.js";

/** What the move path has the room do besides the play and the host (play.ts). */
export interface PathLinks<S, M extends TypedMove, E, C, V> {
  /** The room in its log (roomSnapshot.ts): its writer, and the room as it will be after a move. */
  log: Pick<RoomSnapshot<S, M, E, C, V>, "durable" | "after">;
  /** The turn timer the projection arms (turnTimer.ts). */
  timer: TurnTimer<S, M, E, C, V>;
  /** The ended game's record and its end event (the room's `finish`). */
  finish(ctx: MoveContext): void;
  /** The current game's first move was made (by this client: its ranked start; records.ts). */
  firstMove(client: Client | null): void;
  /** Whose preparation budget a move spends (preparing.ts): its sender's address, or the room's. */
  addressOf(ctx: MoveContext): string;
  /** Where a move's long work is done (a worker thread in production: GameRoom.preparer). */
  preparer(): Preparer;
}

export class MovePath<S, M extends TypedMove, E, C, V, St extends GameRoomState> {
  /** The room's own moves, asked after a move and at a game's start (roomMoves.ts). */
  readonly roomMoves: RoomMoves<S, M, E, C, V, St>;
  /** Moves whose long work is done off the event loop first (preparing.ts). */
  readonly preparing: Preparations<S, M, E, C, V>;
  private readonly links: PathLinks<S, M, E, C, V>;

  constructor(
    private readonly play: Play<S, M, E, C, V, St>,
    private readonly host: RoomHost,
    links: Omit<PathLinks<S, M, E, C, V>, "timer">,
  ) {
    const apply = (ctx: MoveContext, g: number, move: M) => this.apply(ctx, g, move);
    this.links = { ...links, timer: new TurnTimer(play, host, apply) };
    this.roomMoves = new RoomMoves(play, host, apply);
    this.preparing = new Preparations(play, host, links.preparer, links.addressOf);
  }

  /** The turn timer the projection arms (turnTimer.ts). */
  get timer(): TurnTimer<S, M, E, C, V> {
    return this.links.timer;
  }

  /** A player's move message: refused unless a game runs and the sender plays in it. */
  playerMove(ctx: MoveContext, move: M): Rejection | void {
    const game = this.play.game;
    const stage = this.play.stage;
    const parts = this.play.parts;
    const gameSeatOf = this.play.gameSeatOf;
    if (!game || stage === "waiting" || stage === "countdown") return refusalOf(parts, "not-playing");
    if (stage === "finished") return refusalOf(parts, "game-over");
    const g = gameSeatOf[ctx.seat];
    if (g === undefined || g < 0) return refusalOf(parts, "not-in-game");
    const gameMove = parts.toGameMove ? parts.toGameMove(move, gameSeatOf, { state: game.state, gameSeat: g }) : move;
    if ("code" in gameMove) return gameMove as Rejection;
    if (parts.admit) {
      const seats = this.play.st.seats;
      const away = this.play.order.map((room, gs) => (seats[room]?.occupied && seats[room].connected ? -1 : gs)).filter((gs) => gs >= 0);
      const held = parts.admit(this.play.st, game.state, g, gameMove, away);
      if (held) return held;
    }
    // Work the server does for the move first, off the event loop. Asked whether or not the
    // caller can wait for the answer: a move that needs it is never applied without it.
    const work = parts.later?.(gameMove, { state: game.state, gameSeat: g }) ?? null;
    if (work) {
      const waiting = this.preparing.seatRefusal(game, g) ?? this.preparing.refusal();
      if (waiting) return waiting;
      return this.preparing.start(ctx, game, { ...work, seat: g }, (then, done) => this.apply(then, g, work.complete(done.result)));
    }
    return this.apply(ctx, g, gameMove);
  }

  /** The player of room seat `seat` left the running game for good: the definition's `leaveMove` for them, if it has one. */
  left(seat: number): void {
    const { play } = this;
    const game = play.game;
    const g = play.gameSeatOf[seat];
    if (!play.playing || !game || g < 0 || !play.def.leaveMove) return;
    this.host.serverMove(seat, (ctx) => {
      const move = play.game === game && play.playing ? play.def.leaveMove!(game.state, g) : null;
      return move ? this.apply(ctx, g, move) : false;
    }, "left");
  }

  /**
   * One move by game seat `g` (a player's, a bot's or the timer's): rules → room log → schema →
   * events. The move is in the log before anything changes; a log that cannot take it (disk
   * full) refuses it `not-saved` and nothing changed. Where the caller can wait, the write goes
   * in the process's group commit (`applyWhenSaved`); otherwise it is a commit of its own.
   */
  apply(ctx: MoveContext, g: number, move: M, prepared?: Prepared): Rejection | void {
    const game = this.play.game!;
    // While its long work is being done, nothing else moves the game (preparing.ts).
    if (!prepared && this.preparing.busy(game)) return this.preparing.refusal()!;
    // While a seat's own work runs (its decklist's cards), that seat's other moves wait too.
    const seatWaits = prepared ? null : this.preparing.seatRefusal(game, g);
    if (seatWaits) return seatWaits;
    // A move with long work (a no-guess board) has it done off the event loop first, where
    // its caller can wait for it; then it comes back here with the result.
    const work = !prepared && ctx.suspend ? this.play.def.prepare?.(game.state, g, move, game.rng.getState()) : null;
    if (work) return this.preparing.start(ctx, game, work, (then, result) => this.apply(then, g, move, result));
    const log = this.links.log;
    const durable = log.durable;
    if (ctx.suspend && durable.groupCommits) return this.applyWhenSaved(ctx, game, g, move, prepared);
    const first = game.log.length === 0;
    const result = game.apply(g, move, ctx.now, (entry, index, next) => durable.saveMove(log.after(next, ctx.now), entry, index, ctx.now) ?? undefined, prepared);
    if (!result.ok) return result.error;
    this.moved(ctx, game, g, first, result.events);
  }

  /**
   * The rules decide now; the move is written with every other room's moves of this turn of the
   * event loop (groupCommit.ts) and applied once that has committed. Meanwhile the room is
   * suspended: its next message or server move waits, and is checked against this move's state.
   */
  private applyWhenSaved(ctx: MoveContext, game: GameSession<S, M, E, C, V>, g: number, move: M, prepared?: Prepared): Rejection | void {
    const p = game.propose(g, move, ctx.now, prepared);
    if (!p.result.ok) return p.result.error;
    const { state: next, events } = p.result;
    const resume = ctx.suspend!();
    const scheduler = this.host.scheduler();
    scheduler.suspend();
    const current = () => this.play.game === game && game.log.length === p.index;
    const log = this.links.log;
    const roomAfter = () => (current() ? log.after(next, ctx.now) : MOVED_ON);
    log.durable.saveMoveSoon(roomAfter, p.entry, p.index, ctx.now, (refusal) => {
      scheduler.resume(() => {
        if (refusal || !current()) {
          p.settle(false);
          return resume(refusal ?? MOVED_ON);
        }
        p.settle(true);
        this.moved(ctx, game, g, p.index === 0, events);
        resume(null);
      }, ctx.client);
    });
  }

  /** A move is applied (and in the log): the schema, its events, and the end of the game or the room's next move. */
  private moved(ctx: MoveContext, game: GameSession<S, M, E, C, V>, g: number, first: boolean, events: readonly E[]): void {
    // A game that may be ranked spends a ranked start of its first mover's address.
    if (first) this.links.firstMove(ctx.client);
    const def = this.play.def;
    const finished = def.status(game.state) === "finished";
    if (finished) {
      this.play.stage = "finished";
      this.play.st.result = def.result?.(game.state) ?? "finished";
    }
    this.project(false, events, g, ctx.now);
    this.emitEvents(ctx, events);
    if (finished) this.links.finish(ctx);
    else this.roomMoves.ifWaiting(game);
  }

  private emitEvents(ctx: MoveContext, events: readonly E[]): void {
    const toWire = this.play.parts.toWire ?? defaultWire;
    const room = (x: number | null) => (x === null ? -1 : (this.play.order[x] ?? -1));
    const info: WireInfo = { gameNo: this.play.gameNo, order: this.play.order.slice() };
    const gameSeatOf = this.play.gameSeatOf.slice();
    const def = this.play.def;
    // One wire event per rules event, shared by every viewer who gets it (encoded once).
    const wired = new Map<E, HubEvent | null>();
    ctx.emitPer((seat) => {
      const viewer = seat >= 0 && gameSeatOf[seat] >= 0 ? gameSeatOf[seat] : null;
      const out: HubEvent[] = [];
      for (const e of def.eventsFor(events, viewer)) {
        let w = wired.get(e);
        if (w === undefined) wired.set(e, (w = toWire(e, room, info)));
        if (w) out.push(w);
      }
      return out;
    });
  }

  // ---- projection (then the turn timer: turnTimer.ts) -----------------------------

  /** The current game written into the schema (`fresh`: a new or restored game), then who acts and the turn timer. */
  project(fresh: boolean, events: readonly E[] | null, mover: number | null, now = Date.now()): void {
    const game = this.play.game;
    if (!game) return;
    const room = (g: number | null) => (g === null ? -1 : (this.play.order[g] ?? -1));
    const gameSeatOf = this.play.gameSeatOf;
    const p = { state: game.state, view: (g: number | null) => game.view(g), room, gameSeatOf, fresh, viewers: this.viewers(), events, mover, gameNo: this.play.gameNo };
    const st = this.play.st;
    this.play.parts.project(st, p);
    this.play.showPhase();
    const who = this.play.def.whoActs(game.state);
    const acting = who.seats.map(room);
    // In place where the length holds (one seat on turn: one small replace per turn).
    if (acting.length !== st.acting.length) {
      st.acting.clear();
      st.acting.push(...acting);
    } else acting.forEach((seat, i) => st.acting[i] !== seat && (st.acting[i] = seat));
    if (st.together !== who.together) st.together = who.together;
    this.timer.arm(game, st, now);
  }

  /** Every connection holding a view, with the room seat it shows. */
  private viewers(): Viewer[] {
    if (!this.play.parts.attach) return [];
    const out: Viewer[] = [];
    for (const c of this.host.clients()) {
      if (!c.view) continue;
      const seat = this.host.seatOf(c);
      out.push({ view: c.view, seat: seat < 0 ? null : seat });
    }
    return out;
  }
}
