// The generic game room: any definition of common/games.ts on the seated base.
//
// It owns, once for every game: options → config (the definition's `configure`), the
// game's lifecycle (waiting → [countdown →] playing → finished → play again) and the map
// between room seats and game seats. Beside it, each given a few callbacks: the messages
// it takes (gameMessages.ts: moves, the owner's bots, `restart`, `cursor`), the path message
// → parseMove → apply → project → per-viewer events (movePath.ts, with the turn timer from
// `whoActs`: turnTimer.ts, and the room's own moves: roomMoves.ts), when a game starts
// (starting.ts), bots (botSeats.ts), records (records.ts) and the room in its log
// (roomSnapshot.ts: saved before each send, restored, asleep). What stays per game on the
// server is its schema and how a view is written into it, plus the optional lifecycle
// extras a game declares (`GameServerParts`, parts.ts; e.g. server/rooms/connect4/, and
// server/rooms/minesweeper/ for a game that keeps its own phases and events).
//
// Room seats vs game seats: a game is played by the seats taken when it starts, in
// ascending room-seat order (`order[gameSeat] = roomSeat`); a game that `startAtOnce`
// is played by every seat of the room. The wire speaks room seats; the rules and the
// move log speak game seats.

import { randomBytes } from "node:crypto";
import { StateView, type Schema } from "@colyseus/schema";
import { Protocol, type AuthContext, type Client } from "@colyseus/core";
import type { Configured, GameDef, TypedMove } from "../../../common/core/game.js";
import type { Rejection } from "../../../common/core/rules.js";
import { GameSession } from "../../../common/core/session.js";
import { inProcessThinker, type BotThinker } from "../../bots/thinker.js";
import { inProcessPreparer, type Preparer } from "../../bots/prepare.js";
import { refuseOption } from "../base/errors.js";
import { SeatedRoom, type GameSetup, type JoinRequest, type MoveContext } from "../base/SeatedRoom.js";
import { refusalOf, type GameServerParts, type RefusalReason, type Stage } from "./parts.js";
import type { GameRoomState } from "./GameRoomState.js";
import { GameRecords } from "./records.js";
import { BotSeats } from "./botSeats.js";
import { gameMessages } from "./gameMessages.js";
import { GameStarts } from "./starting.js";
import { MovePath } from "./movePath.js";
import { RoomSnapshot } from "./roomSnapshot.js";
import { replayGame } from "./durable.js";
import { DelayRecorder, parseSpectatorDelay, type Feed, type FeedCursor, type WatchSetup } from "./spectatorDelay.js";
import { joiningProfile, ratedTableFor, type RatedTable } from "./ratedRoom.js";
import { wantsNewSeat } from "../base/seats.js";
import type { SenderContext } from "../base/messages.js";
import { RoomSafety } from "../../safety/roomSafety.js";

export { filterKeysOf, type GameServerParts, type PartsExtras, type Projection, type RecordInfo, type RoomMoveInfo, type Stage, type WireInfo } from "./parts.js";

/** A new game's seed: 128 bits from the CSPRNG (common/core/rng.ts, `Seed`); never sent to a client while the game runs. */
function newGameSeed(): string {
  return randomBytes(16).toString("hex");
}

/** The room's bot seed: the bots' thinking delays and choices (a bot sees only its seat's view). */
function newBotSeed(): number {
  return randomBytes(4).readUInt32LE(0);
}

export abstract class GameRoom<S, M extends TypedMove, E, C, V, St extends GameRoomState> extends SeatedRoom<St> {
  /** Where bots think (a worker pool in production: server/bots/pool.ts). */
  static thinker: BotThinker = inProcessThinker;
  /** Time a bot may think per decision (ms); null: its thinking delay (bench/bots.ts sets 500). */
  static botBudgetMs: number | null = null;
  /** Where a move's long work is done (a no-guess board): a worker thread in production (server/bots/pool.ts). */
  static preparer: Preparer = inProcessPreparer;

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
    write: (game, onSaved) => this.snapshot.record(game, onSaved),
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
  /** Private rooms may be made with chat off (`chat: false`). */
  private chatOff = false;
  /** Mutes, blocks, reports and the filtered chat (server/safety/roomSafety.ts). */
  private readonly safety = new RoomSafety({
    home: () => this.settings.home,
    clients: () => this.clients,
    seatOf: (client) => this.seatOf(client),
    seatProfile: (seat) => this.seatProfile(seat),
    seatName: (seat) => this.state.seats[seat]?.name ?? "",
    seatNames: () => this.state.seats.map((s) => s.name),
    chatOff: () => this.chatOff,
    rated: () => this.rated !== null,
    game: () => this.gameId,
    roomId: () => this.roomId,
    finishedGame: () => (this.stage === "finished" && this.game && this.state.replayId > 0 ? { gameId: this.state.replayId, log: this.game.log.slice() } : null),
    publicView: () => (this.game ? this.game.view(null) : null),
    reportsPerDay: () => this.settings.reportsPerDay ?? 10,
    now: () => Date.now(),
  });
  /** A rated room (ratedRoom.ts): its pool and the matched players' tickets; null: casual. */
  private rated: RatedTable | null = null;
  private botSeed = newBotSeed();
  /** The room in its room log (roomSnapshot.ts): the snapshot written before each send, a restore's logged room. */
  private readonly snapshot: RoomSnapshot<S, M, E, C, V> = new RoomSnapshot({
    settings: () => this.settings,
    roomId: () => this.roomId,
    roomName: () => this.roomName,
    state: () => this.state,
    def: () => this.def,
    game: () => this.game,
    stage: () => this.stage,
    gameNo: () => this.gameNo,
    order: () => this.order,
    botSeed: () => this.botSeed,
    seats: () => this.seatSnapshot(),
    forfeits: () => this.records.left(),
    timer: () => this.path.timer,
    recordGame: (game, onSaved, waiting) => this.recordGame(game, onSaved, waiting),
    disposing: () => this.isDisposing(),
    nobodyHere: () => this.nobodyHere(),
    later: (ms, fn) => this.later(ms, fn),
    disposeReason: (reason) => (this.disposeReason = reason),
    disconnect: () => void this.disconnect(Protocol.WS_CLOSE_CONSENTED),
  });
  /** The move path (movePath.ts), with the turn timer and the room's own moves. */
  private readonly path = new MovePath<S, M, E, C, V, St>({
    def: () => this.def,
    parts: () => this.parts,
    configured: () => this.configured,
    state: () => this.state,
    store: () => this.settings.store,
    game: () => this.game,
    stage: () => this.stage,
    gameNo: () => this.gameNo,
    order: () => this.order,
    gameSeatOf: () => this.gameSeatOf,
    log: () => this.snapshot,
    scheduler: () => this.scheduler,
    clients: () => this.clients,
    seatOf: (client) => this.seatOf(client),
    showPhase: () => this.showPhase(),
    ended: () => (this.stage = "finished"),
    finish: (ctx) => this.finish(ctx),
    firstMove: (client) => this.records.firstMove(client),
    armTurnTimer: (ms, seat, run) => this.armTurnTimer(ms, seat, run),
    disarmTurnTimer: () => this.disarmTurnTimer(),
    preparer: () => GameRoom.preparer,
    addressOf: (ctx) => (ctx.client ? this.records.addressOf(ctx.client) : `room ${this.roomId}`),
    enqueue: (fn) => this.scheduler.enqueue(fn),
    disposing: () => this.isDisposing(),
    serverMove: (seat, run, what) => this.serverMove(seat, run, what),
    logger: () => this.logger(),
  });
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
      apply: (ctx, g, move) => this.path.apply(ctx, g, move),
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
    // Who the connection is for mutes and blocks; a new seat beside someone blocked is refused here.
    await this.safety.admit(client, request, profileId, wantsNewSeat(options) && request.seatToken === undefined);
    return request;
  }

  protected override onChat(ctx: SenderContext, text: string): Rejection | void {
    return this.safety.say(ctx, text);
  }

  /** remoteRoomCall from quick play (server/safety/quickPlay.ts): the profiles sitting here. */
  seatedProfiles(): string[] {
    return this.safety.seatedProfiles();
  }

  protected createGame(options: Record<string, unknown>): GameSetup<St> {
    this.parts = this.partsFor(options);
    const c = this.def.configure(options);
    if (!c.ok) throw refuseOption(c.error.message);
    this.configured = c.value;
    this.snapshot.keepOptions(options);
    this.rated = ratedTableFor(options, this.snapshot.isRestore, this.configured, this.gameId);
    this.snapshot.open(this.rated !== null);
    const state = this.parts.createState(c.value);
    state.phase = this.parts.phase ? this.parts.phase("waiting", null) : "waiting";
    const delay = parseSpectatorDelay(options);
    if (delay > 0) this.delayed = new DelayRecorder(delay, () => this.delayedSetup());
    this.gameSeatOf = new Array<number>(c.value.seats).fill(-1);
    const messages = gameMessages(this.def, c.value, {
      playerMove: (ctx, move) => this.path.playerMove(ctx, move),
      restart: (ctx) => this.restart(ctx),
      showCursor: (seat, at) => this.parts.showCursor?.(this.state, seat, at),
      owner: () => this.state.owner,
      playing: () => this.stage === "playing",
      rated: () => this.rated !== null,
      addBot: () => this.addBotSeat(),
      removeBot: (seat) => this.removeBotSeat(seat),
    });
    for (const [type, spec] of messages) this.defineMessage(type, spec);
    for (const [type, spec] of this.safety.messages()) this.defineMessage(type, spec);
    this.chatOff = options.private === true && options.chat === false;
    this.snapshot.watchSleep();
    return { state, mode: c.value.mode, seats: c.value.seats, bots: c.value.bots, cells: this.parts.cells?.(c.value) };
  }

  /** Is this a rated room (rated quick play)? */
  get ratedPool(): string {
    return this.rated?.pool.id ?? "";
  }

  protected override onCreated(): void {
    if (this.snapshot.isRestore) return;
    // A shared board is there from the start: people come and go while it runs.
    if (this.parts.startAtOnce) this.startGame(null);
    this.snapshot.firstWrite();
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

  // ---- starting and ending games ----------------------------------------------

  /** `restart {}`: the running game recorded as abandoned, and the next one at once (if the definition allows it now). */
  private restart(ctx: MoveContext): Rejection | void {
    const refusal = this.def.whyNoRestart!(this.game?.state ?? null, this.configured.mode) ?? this.path.preparing.refusal();
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
    const game = new GameSession(this.def, newGameSeed(), this.configured.config, order.length);
    this.seatGame(game, order, ctx?.now ?? Date.now());
    this.restarted = restart;
    this.path.timer.forget();
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
    this.path.project(true, null, null);
    const info = { gameNo: this.gameNo, order: order.slice(), restart };
    const event = this.parts.startEvent ? this.parts.startEvent(info) : { kind: "start", gameNo: this.gameNo, seats: order.slice() };
    if (ctx && event) ctx.emit(event);
    return this.path.roomMoves.atStart(ctx, game);
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
        return move ? this.path.apply(ctx, g, move) : false;
      }, "left");
    }
    this.starts.maybe();
  }
  protected onReadyChanged(): void {
    this.starts.maybe();
  }
  protected override gameOver(): boolean {
    return this.stage === "finished";
  }
  /**
   * Who is here counts toward a start (the race: racers who are away neither count nor hold
   * the others up): a drop may end a countdown, and a player back may start the game that
   * was waiting for them, with nobody pressing ready again.
   */
  protected override onSeatConnection(): void {
    this.starts.maybe();
  }
  protected extraMetadata(): Record<string, unknown> {
    const extra = { ...(this.parts.metadata?.(this.configured) ?? {}), ...(this.rated ? { rated: this.rated.pool.id } : {}), ...(this.gameOver() ? { over: true } : {}) };
    return this.delayed ? { ...extra, spectatorDelay: this.delayed.delaySeconds } : extra;
  }
  protected override outOfQuickPlay(): boolean {
    return this.rated !== null || this.waitsOnAbsent();
  }
  /**
   * A draining process hands this room to another one (server/ops/drain.ts): its log stays open
   * and its players are closed with 4000, which sends their pages to the seat-token rejoin
   * (client/net/recovery.ts) that finds the room restored on the other process. False: the room
   * keeps no log (nothing to hand over), left to the ordinary stop.
   */
  async handOff(): Promise<boolean> {
    const durable = this.snapshot.durable;
    if (!durable?.enabled) return false;
    durable.keepOpen = true;
    await this.disconnect(4000);
    return true;
  }

  protected onRoomDispose(): void {
    this.starts.clear();
    this.bots.stop();
    // A process stopping (deploy, pm2 reload) or a room going to sleep keeps its log open:
    // the game is not abandoned, it comes back (restore.ts).
    if (this.snapshot.keepsOpen()) return;
    if (this.game && this.stage === "playing") this.records.record(Date.now(), "abandoned");
    this.snapshot.disposed();
  }

  // ---- the room log: save before each send, restore, sleep ---------------------------

  protected override beforeSend(): boolean {
    return this.snapshot.saved();
  }

  /** Also refused while the room log cannot take writes (disk full): nothing is run. */
  protected override unsaved(type: string | null): Rejection | null {
    const what = type === null || this.def.moveTypes.includes(type) ? "your move" : "that";
    return this.holdingBack(what) ?? this.snapshot.refusal(what);
  }

  protected override restoring(options: Record<string, unknown>): { roomId: string; options: Record<string, unknown> } | null {
    return this.snapshot.restoring(options);
  }

  /** Seats, then the current game replayed from its seed through the rules; timers resume from their logged deadlines. */
  protected override onRestore(): void {
    const r = this.snapshot.takeLogged();
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
      this.path.timer.resumeFrom(r.deadlines);
      this.path.project(true, null, null);
      // A game waiting for the room's own move when the process stopped gets it now.
      if (this.game) this.path.roomMoves.ifWaiting(this.game);
    }
    this.showPhase();
    this.snapshot.durable.restored(r);
    // A finished game is recorded again (the store may not have it: its key keeps it once).
    if (this.stage === "finished" && this.game) this.records.end(this.game.log.at(-1)?.t ?? Date.now(), st.result);
  }
}
