// The generic game room: any definition of common/games.ts on the seated base.
//
// It owns, once for every game: options → config (the definition's `configure`), the
// game's lifecycle (waiting → [countdown →] playing → finished → play again) and the map
// between room seats and game seats, kept in its `Play` (play.ts), which its helpers read and
// write directly, asking the room itself through one `RoomHost`: the messages it takes
// (gameMessages.ts), the move path (movePath.ts, with the turn timer and the room's own
// moves), when a game starts (starting.ts), bots (botSeats.ts), records (records.ts) and the
// room in its log (roomSnapshot.ts). What stays per game on the server is its schema and how a
// view is written into it, plus the named capabilities it uses (`GameServerParts`, parts.ts).
//
// Room seats vs game seats: a game is played by the seats taken when it starts, in
// ascending room-seat order (`order[gameSeat] = roomSeat`); an open game (`starts.open`)
// is played by every seat of the room. The wire speaks room seats; the rules and the
// move log speak game seats.

import { randomBytes } from "node:crypto";
import { StateView, type Schema } from "@colyseus/schema";
import { Protocol, type AuthContext, type Client } from "@colyseus/core";
import type { GameDef, TypedMove } from "../../../common/core/game.js";
import type { Rejection } from "../../../common/core/rules.js";
import { GameSession } from "../../../common/core/session.js";
import { inProcessThinker, type BotThinker } from "../../bots/thinker.js";
import { inProcessPreparer, type Preparer } from "../../bots/prepare.js";
import { HubRefusal, refuseOption } from "../base/errors.js";
import { SeatedRoom, type GameSetup, type JoinRequest, type MoveContext } from "../base/SeatedRoom.js";
import { refusalOf, startEvent, type GameServerParts, type Stage } from "./parts.js";
import { Play, type RoomHost } from "./play.js";
import type { GameRoomState } from "./GameRoomState.js";
import { GameRecords } from "./records.js";
import { BotSeats } from "./botSeats.js";
import { gameMessages } from "./gameMessages.js";
import { GameStarts } from "./starting.js";
import { MovePath } from "./movePath.js";
import { RoomSnapshot } from "./roomSnapshot.js";
import { replayGame } from "./durable.js";
import { DelayRecorder, parseSpectatorDelay, TOURNAMENT_SPECTATOR_DELAY, type Feed, type FeedCursor, type WatchSetup } from "./spectatorDelay.js";
import { joiningProfile, ratedTableFor } from "./ratedRoom.js";
import { DailyTable } from "./dailyRoom.js";
import { wantsNewSeat } from "../base/seats.js";
import type { SenderContext } from "../base/messages.js";
import { RoomSafety } from "../../safety/roomSafety.js";
import { Berserk } from "./berserk.js";

export { filterKeysOf, type GameServerParts, type PartsExtras, type Projection, type RecordInfo, type RoomMoveInfo, type Stage, type WireInfo } from "./parts.js";

/** A new game's seed: 128 bits from the CSPRNG (common/core/rng.ts, `Seed`); never sent to a client while the game runs. */
function newGameSeed(): string {
  return randomBytes(16).toString("hex");
}

export abstract class GameRoom<S, M extends TypedMove, E, C, V, St extends GameRoomState> extends SeatedRoom<St> {
  /** Where bots think (a worker pool in production: server/bots/pool.ts). */
  static thinker: BotThinker = inProcessThinker;
  /** Time a bot may think per decision (ms); null: its thinking delay (bench/bots.ts sets 500). */
  static botBudgetMs: number | null = null;
  /** Where a move's long work is done (a no-guess board): a worker thread in production (server/bots/pool.ts). */
  static preparer: Preparer = inProcessPreparer;

  /** The parts for these room options (Minesweeper: the board or the race, by `mode`). */
  protected abstract partsFor(options: Record<string, unknown>): GameServerParts<S, M, E, C, V, St>;
  /** The game being played and where the room is: owned here, read and written by the helpers (play.ts). */
  private readonly play = new Play<S, M, E, C, V, St>();
  /** What the helpers ask of the room: the seated base's abilities, once. */
  private readonly host: RoomHost = {
    settings: () => this.settings,
    roomId: () => this.roomId,
    roomName: () => this.roomName,
    gameId: () => this.gameId,
    clients: () => this.clients,
    seatOf: (client) => this.seatOf(client),
    isBotSeat: (seat) => this.isBotSeat(seat),
    seatProfile: (seat) => this.seatProfile(seat),
    disposing: () => this.isDisposing(),
    later: (ms, fn) => this.later(ms, fn),
    serverMove: (seat, run, what) => this.serverMove(seat, run, what),
    enqueue: (fn) => this.scheduler.enqueue(fn),
    scheduler: () => this.scheduler,
    armTurnTimer: (ms, seat, run) => this.armTurnTimer(ms, seat, run),
    disarmTurnTimer: () => this.disarmTurnTimer(),
    logger: () => this.logger(),
  };
  private readonly starts = new GameStarts(this.play, this.host, (ctx) => this.startGame(ctx));
  private readonly records: GameRecords<S, M, E, C, V, St> = new GameRecords(this.play, this.host, (game, onSaved) => this.snapshot.record(game, onSaved));
  /** Mutes, blocks, reports and the filtered chat, and whether chat is on (server/safety/roomSafety.ts). */
  private readonly safety = new RoomSafety(this.play, this.host);
  /** Spectator delay (spectatorDelay.ts): frames for the delayed mirror; null when off. */
  private delayed: DelayRecorder | null = null;
  /** The room in its room log (roomSnapshot.ts): the snapshot written before each send, a restore's logged room. */
  private readonly snapshot: RoomSnapshot<S, M, E, C, V> = new RoomSnapshot(this.play, this.host, {
    seats: () => this.seatSnapshot(),
    forfeits: () => this.records.left(),
    timer: () => this.path.timer,
    recordGame: (game, onSaved, waiting) => this.recordGame(game, onSaved, waiting),
    nobodyHere: () => this.nobodyHere(),
    disposeReason: (reason) => (this.disposeReason = reason),
    disconnect: () => void this.disconnect(Protocol.WS_CLOSE_CONSENTED),
  });
  /** The move path (movePath.ts), with the turn timer and the room's own moves. */
  private readonly path: MovePath<S, M, E, C, V, St> = new MovePath(this.play, this.host, {
    log: this.snapshot,
    finish: (ctx) => this.finish(ctx),
    firstMove: (client) => this.records.firstMove(client),
    addressOf: (ctx) => (ctx.client ? this.records.addressOf(ctx.client) : `room ${this.roomId}`),
    preparer: () => GameRoom.preparer,
  });
  /** A tournament arena's berserk (berserk.ts): offered in its games with a turn clock. */
  private readonly berserk = new Berserk(this.play, this.host, () => this.path.timer);
  private readonly bots = new BotSeats<S, M>(this.play, this.host, {
    botPlays: (room) => this.botPlays(room),
    thinker: () => GameRoom.thinker,
    budgetMs: () => GameRoom.botBudgetMs,
    delayScale: () => SeatedRoom.botDelayScale,
    apply: (ctx, g, move) => this.path.apply(ctx, g, move),
  });

  /** Server-side truth of the current game (null before the first). Never sent; tests read it. */
  get session(): GameSession<S, M, E, C, V> | null {
    return this.play.game;
  }
  get seatOrder(): readonly number[] {
    return this.play.order;
  }
  private get game(): GameSession<S, M, E, C, V> | null {
    return this.play.game;
  }
  private get def(): GameDef<S, M, E, C, V> {
    return this.play.def;
  }
  private get parts(): GameServerParts<S, M, E, C, V, St> {
    return this.play.parts;
  }

  /**
   * The base checks the options; the address is kept for ranked starts; the profile key (or a
   * rated room's ticket) names the profile the seat plays for, so the game lands in its history.
   */
  override async onAuth(client: Client, options: unknown, context?: AuthContext): Promise<JoinRequest> {
    const request = this.checkJoin(options);
    this.records.joined(client, context?.headers);
    const profileId = await joiningProfile(request, wantsNewSeat(options), this.play.rated, this.settings.home);
    if (profileId) request.profileId = profileId;
    // A daily challenge seats its profile only, and nobody watches the day's game while it runs.
    if (this.play.daily) {
      if (request.spectate) throw new HubRefusal("daily-only", "A daily challenge cannot be watched: the day's board or deal is the same for everyone. Play your own from your profile or the lobby.");
      if (wantsNewSeat(options)) this.play.daily.admit(profileId);
    }
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
    this.play.parts = this.partsFor(options);
    const c = this.def.configure(options);
    if (!c.ok) throw refuseOption(c.error.message);
    this.play.configured = c.value;
    this.snapshot.keepOptions(options);
    this.play.rated = ratedTableFor(options, this.snapshot.isRestore, this.play.configured, this.gameId);
    this.play.daily = DailyTable.for(options, this.snapshot.isRestore);
    this.snapshot.open(this.play.rated !== null, this.play.daily !== null);
    const state = (this.play.st = this.parts.createState(c.value));
    this.play.showPhase();
    // A tournament's game is watched late, so a spectator cannot feed its players the live board.
    const delay = this.play.rated?.tournament ? TOURNAMENT_SPECTATOR_DELAY : parseSpectatorDelay(options);
    if (delay > 0) this.delayed = new DelayRecorder(delay, () => this.delayedSetup());
    this.play.gameSeatOf = new Array<number>(c.value.seats).fill(-1);
    const messages = gameMessages(this.play, {
      playerMove: (ctx, move) => this.path.playerMove(ctx, move),
      restart: (ctx) => this.restart(ctx),
      addBot: () => this.addBotSeat(),
      removeBot: (seat) => this.removeBotSeat(seat),
    });
    for (const [type, spec] of messages) this.defineMessage(type, spec);
    for (const [type, spec] of this.safety.messages()) this.defineMessage(type, spec);
    this.berserk.show();
    this.defineMessage("berserk", this.berserk.message());
    this.safety.configure(options);
    this.snapshot.watchSleep();
    return { state, mode: c.value.mode, seats: c.value.seats, bots: c.value.bots, cells: this.parts.cells?.(c.value) };
  }

  /** Is this a rated room (rated quick play)? */
  get ratedPool(): string {
    return this.play.rated?.pool.id ?? "";
  }

  protected override onCreated(): void {
    if (this.snapshot.isRestore) return;
    // An open game is there from the start: people come and go while it runs.
    if (this.starts.open) this.startGame(null);
    this.snapshot.firstWrite();
    if (this.play.rated) this.later((this.settings.seatReservationSeconds + 2) * 1000, () => this.starts.ratedNoShow());
  }

  // ---- starting and ending games ----------------------------------------------

  /** `restart {}`: the running game recorded as abandoned, and the next one at once (if the definition allows it now). */
  private restart(ctx: MoveContext): Rejection | void {
    const refusal = this.def.whyNoRestart!(this.game?.state ?? null, this.play.configured.mode) ?? this.path.preparing.refusal();
    if (refusal) return refusal;
    if (this.game && this.play.stage === "playing") this.records.record(ctx.now, "abandoned");
    return this.startGame(ctx, true);
  }

  protected onStart(ctx: MoveContext): Rejection | void {
    return this.starts.byOwner(ctx);
  }

  /** A new game for every seat taken now, in ascending seat order (an open game: every seat). */
  private startGame(ctx: MoveContext | null, restart = false): Rejection | void {
    const order = this.starts.players();
    if (order.length < this.play.minSeats) return refusalOf(this.parts, "too-few");
    // A daily room's first game is the day's (dailyRoom.ts); every other game a fresh seed.
    const game = new GameSession(this.def, this.play.daily?.seedOf(this.play.gameNo + 1) ?? newGameSeed(), this.play.configured.config, order.length);
    this.seatGame(game, order, ctx?.now ?? Date.now());
    this.play.begin(restart);
    this.path.timer.forget();
    this.berserk.reset();
    this.bots.forget();
    this.path.project(true, null, null);
    const event = startEvent(this.parts, { gameNo: this.play.gameNo, order: order.slice(), restart });
    if (ctx && event) ctx.emit(event);
    return this.path.roomMoves.atStart(ctx, game);
  }

  /** `game` is played by room seats `order` (game seat g in room seat order[g]), from `startedAt`. */
  private seatGame(game: GameSession<S, M, E, C, V>, order: number[], startedAt: number): void {
    this.play.seat(game, order);
    this.records.begin(game, order, startedAt);
  }

  private finish(ctx: MoveContext): void {
    const seats = this.parts.seats;
    if (!seats?.keepsReady) for (const s of this.state.seats) if (!s.bot) s.ready = false;
    const event = this.records.end(ctx.now, this.def.result?.(this.game!.state) ?? "finished");
    if (event) ctx.emit(event);
    // Nothing left to protect for a player who dropped: the seat goes.
    if (seats?.releaseAtEnd) this.releaseHeldSeats();
    // `ready` pressed during the game counts for the next one.
    if (seats?.keepsReady) this.starts.check(ctx);
  }

  // ---- bots ---------------------------------------------------------------------

  /** After every committed change: the bots' decisions (botSeats.ts). */
  protected override replanBots(): void {
    super.replanBots();
    this.bots.replan();
  }

  // ---- spectator delay (spectatorDelay.ts, WatchRoom.ts) ----------------------------

  protected override onCommitted(now: number): void {
    if (this.delayed) this.delayed.record(now, this.state, this.game, this.play.restarted, this.play.countdownEndsAt);
  }
  protected override spectatorsWatchElsewhere(): boolean {
    return this.delayed !== null;
  }
  private delayedSetup(): WatchSetup {
    return { game: this.gameId, def: this.def.id, delaySeconds: this.delayed!.delaySeconds, configured: this.play.configured as never, spectatorSlots: this.settings.spectatorSlots };
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
    if (rated && rated.gameNo === this.play.gameNo && this.play.stage === "finished") client.send("event", rated);
    if (!this.parts.attach) return;
    client.view ??= new StateView();
    this.parts.attach(this.state, { view: client.view, seat: seat < 0 ? null : seat });
  }

  // ---- seats --------------------------------------------------------------------

  protected seatPrivateState(seat: number): Schema | undefined {
    return this.parts.privateState?.(this.state, seat);
  }
  protected canReplaceBot(): boolean {
    return this.play.configured.mode !== "solo" && this.play.stage !== "playing";
  }
  /** Would a newcomer from quick play sit only among seats held for players who are gone? */
  private waitsOnAbsent(): boolean {
    // A shared board runs with whoever is there. A room between games whose only people are
    // away would seat a newcomer among absent names, alone: a fresh room does better. (With
    // someone here waiting, the newcomer is a match: the absent do not hold a game up.)
    if (this.starts.open || this.play.stage === "playing" || this.play.stage === "countdown") return false;
    const people = this.state.seats.filter((s, i) => s.occupied && !this.isBotSeat(i));
    return people.length > 0 && people.every((s) => !s.connected);
  }
  /** A rated room seats its players in the order they were matched (a tournament's first mover sits first). */
  protected override seatWanted(auth: JoinRequest): number {
    return this.play.rated && auth.profileId ? this.play.rated.seatOf(auth.profileId) : -1;
  }
  protected acceptsNewPlayers(): boolean {
    // A rated room seats the matched players only (onAuth checks their tickets), before its first game.
    if (this.play.rated) return this.play.gameNo === 0 && this.play.stage === "waiting";
    // A shared board takes people while it runs.
    if (this.starts.open) return true;
    // No new seats during a game (or its countdown); a solo table belongs to the one person it was made for.
    if (this.play.configured.mode === "solo") return this.play.gameNo === 0;
    return this.play.stage !== "playing" && this.play.stage !== "countdown";
  }
  protected canHoldSeat(seat: number): boolean {
    const g = this.play.gameSeatOf[seat];
    if (this.play.stage !== "playing" || !this.game || g < 0) return false;
    return this.parts.seats?.holds?.(this.game.state, g) ?? true;
  }
  protected botPlaysHeldSeat(seat: number): boolean {
    return this.play.configured.mode !== "solo" && this.play.stage === "playing" && this.play.gameSeatOf[seat] >= 0 && this.def.bot !== undefined;
  }
  protected onSeatTaken(seat: number, reclaimed: boolean): void {
    this.parts.seatTaken?.(this.state, seat, reclaimed, this.play.stage === "playing");
    if (this.play.stage === "playing") this.records.seatTaken(seat);
    this.starts.maybe();
    this.path.roomMoves.dailyOpening(this.game);
  }

  /** Past the reconnection window a player has left the game: in a rated game, a loss. */
  protected override onSeatHeld(seat: number): void {
    if (this.play.stage === "playing") this.records.forfeit(seat);
  }
  protected onSeatFreed(seat: number): void {
    if (this.play.stage === "playing") this.records.forfeit(seat);
    this.parts.showCursor?.(this.state, seat, null);
    const g = this.play.gameSeatOf[seat];
    if (this.play.stage === "playing" && g >= 0 && this.def.bot) {
      // The game goes on: a bot plays the seat a player left for the rest of it.
      this.addBotSeat(seat);
      return;
    }
    // Or the game has a move for a player who left (the race: a resignation).
    this.path.left(seat);
    this.starts.maybe();
  }
  protected onReadyChanged(): void {
    this.starts.maybe();
  }
  protected override gameOver(): boolean {
    return this.play.stage === "finished";
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
    const extra = { ...(this.parts.metadata?.(this.play.configured) ?? {}), ...(this.play.rated ? { rated: this.play.rated.pool.id } : {}), ...(this.gameOver() ? { over: true } : {}) };
    return this.delayed ? { ...extra, spectatorDelay: this.delayed.delaySeconds } : extra;
  }
  /** A daily challenge's room: its day (the page shows it in place of an invite). */
  protected override welcomeExtra(): Record<string, unknown> {
    return this.play.daily ? { daily: this.play.daily.of.day } : {};
  }
  protected override outOfQuickPlay(): boolean {
    return this.play.rated !== null || this.play.daily !== null || this.waitsOnAbsent();
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
    if (this.game && this.play.stage === "playing") this.records.record(Date.now(), "abandoned");
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
    this.play.botSeed = h.botSeed;
    this.play.gameNo = h.gameNo;
    this.play.stage = h.phase as Stage;
    const st = this.state;
    st.gameNo = h.gameNo;
    st.result = h.result;
    if (h.gameNo > 0 && h.order.length > 0) {
      this.seatGame(replayGame(this.def, this.play.configured.config, r), h.order.slice(), h.startedAt || Date.now());
      this.records.restoreLeft(h.forfeits ?? []);
      this.berserk.restore(h.berserk ?? []);
      // The last move is written before its header: one that ended the game may be the log's last word.
      if (this.play.stage === "playing" && this.def.status(this.game!.state) === "finished") {
        this.play.stage = "finished";
        st.result = this.def.result?.(this.game!.state) ?? "finished";
      }
      st.order.clear();
      st.order.push(...this.play.order);
      this.path.timer.resumeFrom(r.deadlines, r.updatedAt);
      this.path.project(true, null, null);
      // A game waiting for the room's own move when the process stopped gets it now.
      if (this.game) this.path.roomMoves.ifWaiting(this.game);
    }
    this.play.showPhase();
    this.snapshot.durable.restored(r);
    // A finished game is recorded again (the store may not have it: its key keeps it once).
    if (this.play.stage === "finished" && this.game) this.records.end(this.game.log.at(-1)?.t ?? Date.now(), st.result);
    // A rated match whose first game never began can never fill now: the tickets of those who
    // had not sat yet died with the process, so nobody else may sit. It ends (a no-show) rather
    // than hold its seats for the seat-hold window; a tournament's director then voids the game.
    if (this.play.rated && h.gameNo === 0 && this.starts.seated().length < this.play.minSeats) this.later(0, () => void this.disconnect());
  }
}
