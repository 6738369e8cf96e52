// The generic game room: any definition of common/games.ts on the seated base.
//
// It owns, once for every game: options → config (the definition's `configure`),
// the game's lifecycle (waiting → [countdown →] playing → finished → play again), the
// map between room seats and game seats, the path message → parseMove → apply → project
// → per-viewer events, the turn timer read from `whoActs` (turnTimer.ts), bots (asked
// off the move's path through a BotThinker, played only if the game has not moved on:
// botSeats.ts), and records (records.ts). What stays per game on the server is its
// schema and how a view is written into it, plus the optional lifecycle extras a game
// declares (`GameServerParts`, parts.ts; e.g. server/rooms/connect4/, and
// server/rooms/minesweeper/ for a game that keeps its own phases and events). A definition's
// `restart` and `cursor` messages are handled here too (whyNoRestart, parseCursor).
//
// Room seats vs game seats: a game is played by the seats taken when it starts, in
// ascending room-seat order (`order[gameSeat] = roomSeat`); a game that `startAtOnce`
// is played by every seat of the room. The wire speaks room seats; the rules and the
// move log speak game seats.

import { randomBytes } from "node:crypto";
import { StateView, type Schema } from "@colyseus/schema";
import { matchMaker, Protocol, type AuthContext, type Client } from "@colyseus/core";
import type { Configured, GameDef, Pointer, TypedMove } from "../../../common/core/game.js";
import type { Rejection } from "../../../common/core/rules.js";
import { GameSession } from "../../../common/core/session.js";
import { inProcessThinker, type BotThinker } from "../../bots/thinker.js";
import { HubRefusal, refuseOption } from "../base/errors.js";
import { createNotSaved } from "../base/diskReserve.js";
import { SeatedRoom, type GameSetup, type HubEvent, type JoinRequest, type MoveContext } from "../base/SeatedRoom.js";
import { emptyPayload } from "../base/validate.js";
import type { Viewer } from "./audience.js";
import { defaultWire, refusalOf, type GameServerParts, type RefusalReason, type Stage, type WireInfo } from "./parts.js";
import type { GameRoomState } from "./GameRoomState.js";
import { GameRecords } from "./records.js";
import { botOwnerMessages, BotSeats } from "./botSeats.js";
import { GameStarts } from "./starting.js";
import { TurnTimer } from "./turnTimer.js";
import type { LoggedRoom } from "../../store/RoomLog.js";
import { loggableOptions, MOVED_ON, replayGame, RoomDurability, takeRestore, watchSleep, type RoomNow } from "./durable.js";
import { DelayRecorder, parseSpectatorDelay, type Feed, type FeedCursor, type WatchSetup } from "./spectatorDelay.js";
import { joiningProfile, RATED_OPTION, RATED_POOL_OPTION, RatedTable, takeMatch } from "./ratedRoom.js";
import { ratedPool } from "../../../common/rated.js";
import { wantsNewSeat } from "../base/seats.js";

export { filterKeysOf, type GameServerParts, type PartsExtras, type Projection, type RecordInfo, type RoomMoveInfo, type Stage, type WireInfo } from "./parts.js";

function randomSeed(): number {
  return randomBytes(4).readUInt32LE(0);
}

export abstract class GameRoom<S, M extends TypedMove, E, C, V, St extends GameRoomState> extends SeatedRoom<St> {
  /** Where bots think (a worker pool in production: server/bots/pool.ts). */
  static thinker: BotThinker = inProcessThinker;
  /** Time a bot may think per decision (ms); null: its thinking delay (bench/bots.ts sets 500). */
  static botBudgetMs: number | null = null;

  /** The parts of the game this room plays (one room name may offer several: partsFor). */
  protected parts!: GameServerParts<S, M, E, C, V, St>;
  /** The parts for these room options (Minesweeper: the board or the race, by `mode`). */
  protected abstract partsFor(options: Record<string, unknown>): GameServerParts<S, M, E, C, V, St>;
  protected configured!: Configured<C>;
  /** Where the room is (state.phase shows it, or the game's own word for it: parts.phase). */
  private stage: Stage = "waiting";
  private gameNo = 0;
  /** The current game was started by a `restart` (its start event says so; the delayed mirror too). */
  private restarted = false;
  /** End of the countdown on screen (server time; 0: none), for the delayed mirror's frames. */
  private countdownEndsAt = 0;
  /** Spectator delay (spectatorDelay.ts): frames for the delayed mirror; null when off. */
  private delayed: DelayRecorder | null = null;
  private readonly starts = new GameStarts({
    stage: () => this.stage,
    setStage: (stage) => this.setStage(stage),
    seats: () => this.state.seats,
    owner: () => this.state.owner,
    isBotSeat: (seat) => this.isBotSeat(seat),
    solo: () => this.configured.mode === "solo",
    presentOnly: () => this.parts.startsPresentOnly === true,
    minSeats: () => this.minSeats,
    wantsStart: () => this.parts.wantsStart?.(this.state.seats),
    countdownMs: () => this.parts.countdownMs?.(this.settings) ?? 0,
    showCountdown: (endsAt) => {
      this.countdownEndsAt = endsAt;
      this.parts.countdown?.(this.state, endsAt);
    },
    start: (ctx) => this.startGame(ctx),
    later: (ms, fn) => this.later(ms, fn),
    serverMove: (seat, run, what) => this.serverMove(seat, run, what),
  });
  private game: GameSession<S, M, E, C, V> | null = null;
  private order: number[] = [];
  private gameSeatOf: number[] = [];
  private readonly records = new GameRecords<S, M, E, C, V, St>({
    parts: () => this.parts,
    configured: () => this.configured,
    state: () => this.state,
    settings: () => this.settings,
    write: (game, onSaved) => this.recordAndForget(game, onSaved),
    disposing: () => this.isDisposing(),
    serverMove: (seat, run, what) => this.serverMove(seat, run, what),
    seatProfile: (seat) => this.seatProfile(seat),
    isBotSeat: (seat) => this.isBotSeat(seat),
    ratedPool: () => this.rated?.pool.id ?? "",
    home: () => this.settings.home,
    gameNo: () => this.gameNo,
    showReplay: (id) => {
      if (this.state.replayId !== id) this.state.replayId = id;
    },
  });
  /** A rated room (ratedRoom.ts): its pool and the matched players' tickets; null: casual. */
  private rated: RatedTable | null = null;
  private readonly timer = new TurnTimer<S, M, E, C, V>({
    def: () => this.def,
    configured: () => this.configured,
    game: () => this.game,
    stage: () => this.stage,
    gameNo: () => this.gameNo,
    order: () => this.order,
    arm: (ms, seat, run) => this.armTurnTimer(ms, seat, run),
    disarm: () => this.disarmTurnTimer(),
    apply: (ctx, g, move) => this.applyMove(ctx, g, move),
  });
  private botSeed = randomSeed();
  /** The room log (server/rooms/game/durable.ts): what this room writes before each send. */
  private durable!: RoomDurability;
  private createOptions: Record<string, unknown> = {};
  /** A restore's logged room, from `restoring` until `onRestore` rebuilds from it. */
  private logged: LoggedRoom | null = null;
  private readonly bots = new BotSeats<S, M>(
    {
      def: () => this.def as GameDef<S, M, unknown, unknown, unknown>,
      game: () => this.game,
      playing: () => this.stage === "playing",
      disposing: () => this.isDisposing(),
      order: () => this.order,
      botPlays: (room) => this.botPlays(room),
      level: () => this.configured.botLevel,
      thinker: () => GameRoom.thinker,
      budgetMs: () => GameRoom.botBudgetMs,
      delayScale: () => SeatedRoom.botDelayScale,
      later: (ms, fn) => this.later(ms, fn),
      serverMove: (seat, run, what) => this.serverMove(seat, run, what),
      apply: (ctx, g, move) => this.applyMove(ctx, g, move),
      logger: () => this.logger(),
      seed: () => this.botSeed,
    });

  /** Server-side truth of the current game (null before the first). Never sent; tests read it. */
  get session(): GameSession<S, M, E, C, V> | null {
    return this.game;
  }
  get seatOrder(): readonly number[] {
    return this.order;
  }
  private get def(): GameDef<S, M, E, C, V> {
    return this.parts.def;
  }
  /** The game whose room move the store is completing (parts.roomMove answered a promise). */
  private roomMoveAwaited: GameSession<S, M, E, C, V> | null = null;
  /** The fewest seats a game of this room starts with (its options may ask more than the definition's least). */
  private get minSeats(): number {
    return this.configured.minSeats ?? this.def.seats.min;
  }
  private setStage(stage: Stage): void {
    this.stage = stage;
    this.showPhase();
  }
  private showPhase(): void {
    const phase = this.parts.phase ? this.parts.phase(this.stage, this.game?.state ?? null) : this.stage;
    if (this.state.phase !== phase) this.state.phase = phase;
  }
  private refusal(reason: RefusalReason): Rejection {
    return refusalOf(this.parts, reason);
  }

  /**
   * The base checks the options; the address is kept for ranked starts; the profile key (or a
   * rated room's ticket) names the profile the seat plays for, so the game lands in its history.
   */
  override async onAuth(client: Client, options: unknown, context?: AuthContext): Promise<JoinRequest> {
    const request = this.checkJoin(options);
    this.records.joined(client, context?.headers);
    const profileId = await joiningProfile(request, wantsNewSeat(options), this.rated, this.settings.home);
    if (profileId) request.profileId = profileId;
    return request;
  }

  protected createGame(options: Record<string, unknown>): GameSetup<St> {
    this.parts = this.partsFor(options);
    const c = this.def.configure(options);
    if (!c.ok) throw refuseOption(c.error.message);
    this.configured = c.value;
    this.createOptions = loggableOptions(options);
    delete this.createOptions[RATED_OPTION];
    this.rated = this.ratedTable(options);
    // Only a rated room's log may say it is rated (a restore trusts its log).
    if (!this.rated) delete this.createOptions[RATED_POOL_OPTION];
    this.durable = new RoomDurability(this.settings.roomLog, () => matchMaker.processId, this.settings.gameLogMaxKb * 1024, this.settings.groupCommit);
    const state = this.parts.createState(c.value);
    state.phase = this.parts.phase ? this.parts.phase("waiting", null) : "waiting";
    const delay = parseSpectatorDelay(options);
    if (delay > 0) this.delayed = new DelayRecorder(delay, () => this.delayedSetup());
    this.gameSeatOf = new Array<number>(c.value.seats).fill(-1);
    for (const type of this.def.moveTypes) {
      this.defineMessage<M>(type, { parse: (payload) => this.def.parseMove(type, payload, c.value.config), run: (ctx, move) => this.playerMove(ctx, move) });
    }
    // A rated game is between the people matched: nobody adds a bot to it.
    if (this.def.bot) {
      const own = botOwnerMessages({
        seats: c.value.seats,
        owner: () => this.state.owner,
        playing: () => this.stage === "playing",
        rated: () => this.rated !== null,
        add: () => this.addBotSeat(),
        remove: (seat) => this.removeBotSeat(seat),
      });
      for (const [type, spec] of Object.entries(own)) this.defineMessage(type, spec);
    }
    if (this.def.whyNoRestart) this.defineMessage("restart", { parse: emptyPayload, run: (ctx) => this.restart(ctx) });
    const parseCursor = this.def.parseCursor?.bind(this.def);
    if (parseCursor) {
      // A pointer is not a move: its own rate bucket, no patch of its own, never in the room log.
      this.defineMessage<Pointer>("cursor", {
        bucket: "cursor",
        patchNow: false,
        parse: (payload) => parseCursor(payload, c.value.config),
        run: (ctx, at) => this.parts.showCursor?.(this.state, ctx.seat, at),
      });
    }
    if (this.durable.enabled) {
      watchSleep({
        seconds: this.settings.roomSleepSeconds,
        disposing: () => this.isDisposing(),
        nobodyHere: () => this.nobodyHere(),
        later: (ms, fn) => this.later(ms, fn),
        sleep: () => {
          this.disposeReason = "sleeping";
          // A log that cannot take it (disk full) keeps the room awake: it tries again later.
          if (!this.beforeSend() || !this.durable.sleep(this.roomId)) {
            this.disposeReason = null;
            return false;
          }
          void this.disconnect(Protocol.WS_CLOSE_CONSENTED); // asleep, not ended: a join wakes it
          return true;
        },
      });
    }
    return { state, mode: c.value.mode, seats: c.value.seats, bots: c.value.bots, cells: this.parts.cells?.(c.value) };
  }

  /** A rated room: a restore's (its log says so) or a match's (its nonce); null: casual. */
  private ratedTable(options: Record<string, unknown>): RatedTable | null {
    if (this.logged) return RatedTable.restored(options);
    const match = takeMatch(options);
    const pool = match ? ratedPool(match.pool) : undefined;
    if (!match || !pool) return null;
    if (this.configured.bots > 0 || this.configured.mode === "solo") throw new Error(`${this.gameId}: a rated room was asked for bots`);
    return new RatedTable(pool, match.players);
  }

  /** Is this a rated room (rated quick play)? */
  get ratedPool(): string {
    return this.rated?.pool.id ?? "";
  }

  protected override onCreated(): void {
    if (this.logged) return;
    // A shared board is there from the start: people come and go while it runs.
    if (this.parts.startAtOnce) this.startGame(null);
    // In the room log before anyone is told the room exists; a disk that cannot take it refuses the create.
    const refused = this.durable.open(this.roomNow());
    if (refused) {
      const { reason, message } = createNotSaved(refused);
      throw new HubRefusal(reason, message);
    }
    if (this.rated) this.later((this.settings.seatReservationSeconds + 2) * 1000, () => this.ratedNoShow());
  }

  /**
   * The matched players' reservations have run out: a table with enough of them starts without
   * the missing ones; one player alone is told, and the room lets them go.
   */
  private ratedNoShow(): void {
    if (!this.rated || this.gameNo > 0 || this.stage !== "waiting" || this.rated.waitingFor === 0) return;
    this.serverMove(Math.max(0, this.state.owner), (ctx) => {
      if (this.gameNo > 0 || this.stage !== "waiting") return false;
      if (this.starts.seated().length >= this.def.seats.min) return this.starts.begin(ctx, true);
      ctx.emit({ kind: "no-show", message: "The players you were matched with did not arrive. Look for another game with Rated quick play." });
    }, "rated no-show");
  }

  // ---- moves ------------------------------------------------------------------

  private playerMove(ctx: MoveContext, move: M): Rejection | void {
    if (!this.game || this.stage === "waiting" || this.stage === "countdown") return this.refusal("not-playing");
    if (this.stage === "finished") return this.refusal("game-over");
    const g = this.gameSeatOf[ctx.seat];
    if (g === undefined || g < 0) return this.refusal("not-in-game");
    const gameMove = this.parts.toGameMove ? this.parts.toGameMove(move, this.gameSeatOf, { state: this.game.state, gameSeat: g }) : move;
    if ("code" in gameMove) return gameMove as Rejection;
    if (this.parts.admit) {
      const away = this.order.map((room, gs) => (this.state.seats[room]?.occupied && this.state.seats[room].connected ? -1 : gs)).filter((gs) => gs >= 0);
      const held = this.parts.admit(this.state, this.game.state, g, gameMove, away);
      if (held) return held;
    }
    return this.applyMove(ctx, g, gameMove);
  }

  /**
   * One move by game seat `g` (a player's, a bot's or the timer's): rules → room log → schema →
   * events. The move is in the log before anything changes; a log that cannot take it (disk
   * full) refuses it `not-saved` and nothing changed. Where the caller can wait, the write goes
   * in the process's group commit (`applyWhenSaved`); otherwise it is a commit of its own.
   */
  private applyMove(ctx: MoveContext, g: number, move: M): Rejection | void {
    const game = this.game!;
    if (ctx.suspend && this.durable.groupCommits) return this.applyWhenSaved(ctx, game, g, move);
    const first = game.log.length === 0;
    const result = game.apply(g, move, ctx.now, (entry, index, next) => this.durable.saveMove(this.roomAfter(next, ctx.now), entry, index, ctx.now) ?? undefined);
    if (!result.ok) return result.error;
    this.moved(ctx, game, g, first, result.events);
  }

  /**
   * The rules decide now; the move is written with every other room's moves of this turn of the
   * event loop (groupCommit.ts) and applied once that has committed. Meanwhile the room is
   * suspended: its next message or server move waits, and is checked against this move's state.
   */
  private applyWhenSaved(ctx: MoveContext, game: GameSession<S, M, E, C, V>, g: number, move: M): Rejection | void {
    const p = game.propose(g, move, ctx.now);
    if (!p.result.ok) return p.result.error;
    const { state: next, events } = p.result;
    const resume = ctx.suspend!();
    this.scheduler.suspend();
    const current = () => this.game === game && game.log.length === p.index;
    const roomAfter = () => (current() ? this.roomAfter(next, ctx.now) : MOVED_ON);
    this.durable.saveMoveSoon(roomAfter, p.entry, p.index, ctx.now, (refusal) => {
      this.scheduler.resume(() => {
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
    if (first) this.records.firstMove(ctx.client);
    const finished = this.def.status(game.state) === "finished";
    if (finished) {
      this.stage = "finished";
      this.state.result = this.def.result?.(game.state) ?? "finished";
    }
    this.project(false, events, g, ctx.now);
    this.emitEvents(ctx, events);
    if (finished) this.finish(ctx);
    else this.roomMoveIfWaiting(game);
  }

  private emitEvents(ctx: MoveContext, events: readonly E[]): void {
    const toWire = this.parts.toWire ?? defaultWire;
    const room = (x: number | null) => (x === null ? -1 : (this.order[x] ?? -1));
    const info: WireInfo = { gameNo: this.gameNo, order: this.order.slice() };
    const gameSeatOf = this.gameSeatOf.slice();
    // One wire event per rules event, shared by every viewer who gets it (encoded once).
    const wired = new Map<E, HubEvent | null>();
    ctx.emitPer((seat) => {
      const viewer = seat >= 0 && gameSeatOf[seat] >= 0 ? gameSeatOf[seat] : null;
      const out: HubEvent[] = [];
      for (const e of this.def.eventsFor(events, viewer)) {
        let w = wired.get(e);
        if (w === undefined) wired.set(e, (w = toWire(e, room, info)));
        if (w) out.push(w);
      }
      return out;
    });
  }

  // ---- starting and ending games ----------------------------------------------

  /** `restart {}`: the running game recorded as abandoned, and the next one at once (if the definition allows it now). */
  private restart(ctx: MoveContext): Rejection | void {
    const refusal = this.def.whyNoRestart!(this.game?.state ?? null, this.configured.mode);
    if (refusal) return refusal;
    if (this.game && this.stage === "playing") this.records.record(ctx.now, "abandoned");
    return this.startGame(ctx, true);
  }

  protected onStart(ctx: MoveContext): Rejection | void {
    if (this.parts.startAtOnce) return { code: "not-allowed", message: "This game starts by itself." };
    if (this.stage === "playing" || this.stage === "countdown") return this.refusal("already-running");
    if (this.starts.seated().length < this.minSeats) return this.refusal("too-few");
    return this.starts.begin(ctx, true);
  }

  /** A new game for every seat taken now, in ascending seat order (every seat: startAtOnce). */
  private startGame(ctx: MoveContext | null, restart = false): Rejection | void {
    const order = this.parts.startAtOnce ? this.state.seats.map((_, i) => i) : this.starts.seated();
    if (order.length < this.minSeats) return this.refusal("too-few");
    const game = new GameSession(this.def, randomSeed(), this.configured.config, order.length);
    this.seatGame(game, order, ctx?.now ?? Date.now());
    this.restarted = restart;
    this.timer.forget();
    this.bots.forget();
    this.gameNo++;
    this.stage = "playing";
    const st = this.state;
    st.gameNo = this.gameNo;
    st.result = "";
    st.replayId = -1;
    st.order.clear();
    st.order.push(...order);
    for (const s of this.state.seats) if (!s.bot) s.ready = false;
    this.project(true, null, null);
    const info = { gameNo: this.gameNo, order: order.slice(), restart };
    const event = this.parts.startEvent ? this.parts.startEvent(info) : { kind: "start", gameNo: this.gameNo, seats: order.slice() };
    if (ctx && event) ctx.emit(event);
    // The room's own first move (the race's go) goes out with the start; one the store must
    // complete first (the arena's team on PostgreSQL) follows when it comes.
    const made = ctx && !this.def.whoActs(game.state).seats.length ? this.roomMoveOf(game) : null;
    if (made instanceof Promise) return this.roomMoveLater(game, made);
    if (ctx && made) return this.applyMove(ctx, made.seat, made.move);
  }

  /** `game` is played by room seats `order` (game seat g in room seat order[g]), from `startedAt`. */
  private seatGame(game: GameSession<S, M, E, C, V>, order: number[], startedAt: number): void {
    this.game = game;
    this.order = order;
    this.gameSeatOf = this.state.seats.map(() => -1);
    order.forEach((room, g) => (this.gameSeatOf[room] = g));
    this.records.begin(game, order, startedAt);
  }

  private finish(ctx: MoveContext): void {
    if (!this.parts.keepsReady) for (const s of this.state.seats) if (!s.bot) s.ready = false;
    const game = this.game!;
    const result = this.def.result?.(game.state) ?? "finished";
    const event = this.records.end(ctx.now, result);
    if (event) ctx.emit(event);
    // Nothing left to protect for a player who dropped: the seat goes.
    if (this.parts.releaseAtEnd) this.releaseHeldSeats();
    // `ready` pressed during the game counts for the next one.
    if (this.parts.keepsReady) this.starts.check(ctx);
  }

  // ---- projection (then the turn timer: turnTimer.ts) -----------------------------

  private project(fresh: boolean, events: readonly E[] | null, mover: number | null, now = Date.now()): void {
    const game = this.game;
    if (!game) return;
    const room = (g: number | null) => (g === null ? -1 : (this.order[g] ?? -1));
    const p = { state: game.state, view: (g: number | null) => game.view(g), room, gameSeatOf: this.gameSeatOf, fresh, viewers: this.viewers(), events, mover, gameNo: this.gameNo };
    this.parts.project(this.state, p);
    this.showPhase();
    const st = this.state;
    const who = this.def.whoActs(game.state);
    const acting = who.seats.map(room);
    // In place where the length holds (one seat on turn: one small replace per turn).
    if (acting.length !== st.acting.length) {
      st.acting.clear();
      st.acting.push(...acting);
    } else acting.forEach((seat, i) => st.acting[i] !== seat && (st.acting[i] = seat));
    if (st.together !== who.together) st.together = who.together;
    this.timer.arm(game, st, now);
  }

  /** The definition's room move, completed by the game's server parts (the arena's team from the store). */
  private roomMoveOf(game: GameSession<S, M, E, C, V>): { seat: number; move: M } | Promise<{ seat: number; move: M }> | null {
    const made = this.def.roomMove?.(game.state) ?? null;
    if (!made || !this.parts.roomMove) return made;
    const names = this.order.map((room) => this.state.seats[room]?.name ?? "");
    return this.parts.roomMove(made, { state: game.state, store: this.settings.store, seed: game.seed, names });
  }

  /** Nobody may act but the game runs: the move the game waits for from the room (a race's go). */
  private roomMoveIfWaiting(game: GameSession<S, M, E, C, V>): void {
    if (this.stage !== "playing" || !this.def.roomMove || this.def.whoActs(game.state).seats.length) return;
    if (this.roomMoveAwaited === game) return; // asked already: it comes when the store answers
    const made = this.roomMoveOf(game);
    if (made instanceof Promise) return this.roomMoveLater(game, made);
    if (!made) return;
    this.roomMoveNow(game, made, game.log.length);
  }

  private roomMoveNow(game: GameSession<S, M, E, C, V>, made: { seat: number; move: M }, length: number): void {
    this.serverMove(
      this.order[made.seat] ?? this.state.owner,
      (ctx) => (this.game === game && game.log.length === length ? this.applyMove(ctx, made.seat, made.move) : false),
      "room move",
    );
  }

  /** A room move the store completes later: applied when it comes if the game has not moved on (one asked at a time). */
  private roomMoveLater(game: GameSession<S, M, E, C, V>, pending: Promise<{ seat: number; move: M }>): void {
    this.roomMoveAwaited = game;
    const length = game.log.length;
    pending
      .then(
        (made) => {
          if (this.roomMoveAwaited === game) this.roomMoveAwaited = null;
          if (!this.isDisposing()) this.roomMoveNow(game, made, length);
        },
        (e) => {
          if (this.roomMoveAwaited === game) this.roomMoveAwaited = null;
          this.logger().error({ event: "room.error", err: e }, "the room's own move could not be made");
        },
      );
  }

  // ---- bots ---------------------------------------------------------------------

  /** After every committed change: the bots' decisions (botSeats.ts). */
  protected override replanBots(): void {
    super.replanBots();
    this.bots.replan();
  }

  // ---- spectator delay (spectatorDelay.ts, WatchRoom.ts) ----------------------------

  protected override onCommitted(now: number): void {
    if (this.delayed) this.delayed.record(now, this.state, this.game, this.restarted, this.countdownEndsAt);
  }
  protected override spectatorsWatchElsewhere(): boolean {
    return this.delayed !== null;
  }
  private delayedSetup(): WatchSetup {
    return { game: this.gameId, def: this.def.id, delaySeconds: this.delayed!.delaySeconds, configured: this.configured as never, spectatorSlots: this.settings.spectatorSlots };
  }
  /** remoteRoomCall from the matchmaking route: the delayed mirror's id (opened if need be). */
  async openDelayedWatch(): Promise<string | null> {
    return this.delayed && !this.isDisposing() ? this.delayed.openMirror(this.roomId, this.gameId) : null;
  }
  /** remoteRoomCall from the mirror, with the ticket it was opened with. */
  delayedWatchSetup(ticket: unknown): WatchSetup | null {
    return this.delayed?.watchSetup(ticket) ?? null;
  }
  /** remoteRoomCall from the mirror, a few times a second. */
  delayedWatchFeed(cursor: FeedCursor | null): Feed | null {
    return this.delayed?.feed(cursor, Date.now()) ?? null;
  }

  // ---- connections' views ---------------------------------------------------------

  /** Every connection holding a view, with the room seat it shows. */
  private viewers(): Viewer[] {
    if (!this.parts.attach) return [];
    const out: Viewer[] = [];
    for (const c of this.clients) {
      if (!c.view) continue;
      const seat = this.seatOf(c);
      out.push({ view: c.view, seat: seat < 0 ? null : seat });
    }
    return out;
  }

  protected override onViewer(client: Client, seat: number): void {
    // The rating changes of the game on screen, for whoever arrives after they were announced.
    const rated = this.records.lastRated;
    if (rated && rated.gameNo === this.gameNo && this.stage === "finished") client.send("event", rated);
    if (!this.parts.attach) return;
    client.view ??= new StateView();
    this.parts.attach(this.state, { view: client.view, seat: seat < 0 ? null : seat });
  }

  // ---- seats --------------------------------------------------------------------

  protected seatPrivateState(seat: number): Schema | undefined {
    return this.parts.privateState?.(this.state, seat);
  }
  protected canReplaceBot(): boolean {
    return this.configured.mode !== "solo" && this.stage !== "playing";
  }
  /** Would a newcomer from quick play sit only among seats held for players who are gone? */
  private waitsOnAbsent(): boolean {
    // A shared board runs with whoever is there. A room between games whose only people are
    // away would seat a newcomer among absent names, alone: a fresh room does better. (With
    // someone here waiting, the newcomer is a match: the absent do not hold a game up.)
    if (this.parts.startAtOnce || this.stage === "playing" || this.stage === "countdown") return false;
    const people = this.state.seats.filter((s, i) => s.occupied && !this.isBotSeat(i));
    return people.length > 0 && people.every((s) => !s.connected);
  }
  protected acceptsNewPlayers(): boolean {
    // A rated room seats the matched players only (onAuth checks their tickets), before its first game.
    if (this.rated) return this.gameNo === 0 && this.stage === "waiting";
    // A shared board takes people while it runs.
    if (this.parts.startAtOnce) return true;
    // No new seats during a game (or its countdown); a solo table belongs to the one person it was made for.
    if (this.configured.mode === "solo") return this.gameNo === 0;
    return this.stage !== "playing" && this.stage !== "countdown";
  }
  protected canHoldSeat(seat: number): boolean {
    const g = this.gameSeatOf[seat];
    if (this.stage !== "playing" || !this.game || g < 0) return false;
    return this.parts.holdsSeat ? this.parts.holdsSeat(this.game.state, g) : true;
  }
  protected botPlaysHeldSeat(seat: number): boolean {
    return this.configured.mode !== "solo" && this.stage === "playing" && this.gameSeatOf[seat] >= 0 && this.def.bot !== undefined;
  }
  protected onSeatTaken(seat: number, reclaimed: boolean): void {
    this.parts.seatTaken?.(this.state, seat, reclaimed, this.stage === "playing");
    if (this.stage === "playing") this.records.seatTaken(seat);
    this.starts.maybe();
  }
  /** Past the reconnection window a player has left the game: in a rated game, a loss. */
  protected override onSeatHeld(seat: number): void {
    if (this.stage === "playing") this.records.forfeit(seat);
  }
  protected onSeatFreed(seat: number): void {
    if (this.stage === "playing") this.records.forfeit(seat);
    this.parts.showCursor?.(this.state, seat, null);
    const g = this.gameSeatOf[seat];
    if (this.stage === "playing" && g >= 0 && this.def.bot) {
      // The game goes on: a bot plays the seat a player left for the rest of it.
      this.addBotSeat(seat);
      return;
    }
    const game = this.game;
    if (this.stage === "playing" && game && g >= 0 && this.def.leaveMove) {
      // Or the game has a move for a player who left (the race: a resignation).
      this.serverMove(seat, (ctx) => {
        const move = this.game === game && this.stage === "playing" ? this.def.leaveMove!(game.state, g) : null;
        return move ? this.applyMove(ctx, g, move) : false;
      }, "left");
    }
    this.starts.maybe();
  }
  protected onReadyChanged(): void {
    this.starts.maybe();
  }
  protected extraMetadata(): Record<string, unknown> {
    const extra = { ...(this.parts.metadata?.(this.configured) ?? {}), ...(this.rated ? { rated: this.rated.pool.id } : {}) };
    return this.delayed ? { ...extra, spectatorDelay: this.delayed.delaySeconds } : extra;
  }
  protected override outOfQuickPlay(): boolean {
    return this.rated !== null || this.waitsOnAbsent();
  }
  protected onRoomDispose(): void {
    this.starts.clear();
    this.bots.stop();
    // A process stopping (deploy, pm2 reload) or a room going to sleep keeps its log open:
    // the game is not abandoned, it comes back (restore.ts).
    if (this.durable?.enabled && matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) this.durable.keepOpen = true;
    if (this.durable?.keepOpen) return;
    if (this.game && this.stage === "playing") this.records.record(Date.now(), "abandoned");
    this.durable?.disposed(this.roomId);
  }

  // ---- the room log: save before each send, restore, sleep ---------------------------

  protected override beforeSend(): boolean {
    return !this.durable || this.durable.save(this.roomNow()) === null;
  }

  /** Also refused while the room log cannot take writes (disk full): nothing is run. */
  protected override unsaved(type: string | null): Rejection | null {
    const what = type === null || this.def.moveTypes.includes(type) ? "your move" : "that";
    return this.holdingBack(what) ?? this.durable?.refusal(what) ?? null;
  }

  /** A game's record for the store; once it is there, its moves may leave the room log (durable.ts). */
  private recordAndForget(game: Parameters<GameRoom<S, M, E, C, V, St>["recordGame"]>[0], onSaved?: (id: number) => void): number | null {
    const gameNo = this.gameNo;
    const id = this.recordGame(game, (saved) => {
      this.durable.recordedGame(gameNo);
      onSaved?.(saved);
    });
    if (id !== null && id > 0) this.durable.recordedGame(gameNo);
    return id;
  }

  /**
   * The room as the log should hold it once a move leading to `next` is applied at `now`: the
   * turn timer's deadlines as they will be (written with the move, so a timed move is one write).
   */
  private roomAfter(next: S, now: number): RoomNow {
    const r = this.roomNow();
    r.deadlines = this.timer.preview(next, this.def.status(next) === "finished" ? "finished" : this.stage, now, r.deadlines);
    return r;
  }

  private roomNow(): RoomNow {
    const g = this.game;
    const st = this.state;
    return {
      header: {
        roomId: this.roomId,
        roomName: this.roomName,
        private: this.state.private,
        options: this.createOptions,
        owner: this.state.owner,
        gameNo: this.gameNo,
        phase: this.stage,
        result: st.result,
        seed: g?.seed ?? 0,
        order: this.order,
        startedAt: g?.log[0]?.t ?? 0,
        botSeed: this.botSeed,
        seats: this.seatSnapshot(),
        forfeits: this.records.left(),
      },
      moves: g?.log ?? [],
      deadlines: { deadline: st.deadline, together: this.timer.together },
    };
  }

  protected override restoring(options: Record<string, unknown>): { roomId: string; options: Record<string, unknown> } | null {
    this.logged = takeRestore(options);
    return this.logged && { roomId: this.logged.header.roomId, options: this.logged.header.options };
  }

  /** Seats, then the current game replayed from its seed through the rules; timers resume from their logged deadlines. */
  protected override onRestore(): void {
    const r = this.logged!;
    this.logged = null;
    const h = r.header;
    this.restoreSeats(h.seats, h.owner);
    this.botSeed = h.botSeed;
    this.gameNo = h.gameNo;
    this.stage = h.phase as Stage;
    const st = this.state;
    st.gameNo = h.gameNo;
    st.result = h.result;
    if (h.gameNo > 0 && h.order.length > 0) {
      this.seatGame(replayGame(this.def, this.configured.config, r), h.order.slice(), h.startedAt || Date.now());
      this.records.restoreLeft(h.forfeits ?? []);
      // The last move is written before its header: one that ended the game may be the log's last word.
      if (this.stage === "playing" && this.def.status(this.game!.state) === "finished") {
        this.stage = "finished";
        st.result = this.def.result?.(this.game!.state) ?? "finished";
      }
      st.order.clear();
      st.order.push(...this.order);
      this.timer.resumeFrom(r.deadlines);
      this.project(true, null, null);
      // A game waiting for the room's own move when the process stopped gets it now.
      if (this.game) this.roomMoveIfWaiting(this.game);
    }
    this.showPhase();
    this.durable.restored(r);
  }
}
