// The seated-room base every game builds on (docs/protocol.md is its contract).
//
// It owns, once for every game: seats and seat tokens, spectators, reconnection
// (Colyseus window, then a held seat reclaimable by token), quick-play visibility
// and listing metadata, private codes, message validation, rate limits and error
// replies, patch-right-after-a-move, crash containment and the finished-game store.
// A game subclass only builds its state, registers its messages with
// `defineMessage()`, and decides the game rules through common/.

import {
  ErrorCode,
  OnMessageException,
  Protocol,
  Room,
  RoomInternalState,
  type Client,
  type ClientPrivate,
  type Delayed,
  type RoomException,
} from "@colyseus/core";
import { StateView, type Schema } from "@colyseus/schema";
import type { Rejection } from "../../../common/core/rules.js";
import { DEFAULTS, settingsFromEnv, type HubSettings } from "../../settings.js";
import type { FinishedGame, GameStore } from "../../store/GameStore.js";
import { requester } from "../../net/requestContext.js";
import { listingOf, type HubMetadata } from "./listing.js";
import { chatPayload, echoType, readyPayload, type BotPlan, type HubEvent, type MessageSpec, type MoveContext, type RoomTimer, type SenderContext } from "./messages.js";
import { BOT_NAMES, newSeatToken, parseJoinOptions, resetRecord, sameToken, wantsNewSeat, type JoinRequest, type SeatRecord, type SeatStatus } from "./seats.js";
import { HubRefusal, refuseOption, refuseSeatToken } from "./errors.js";
import { clientData, MessageGate, newClientData, type ClientData } from "./gate.js";
import { armJoinDeadline, joinCompleted } from "./joinDeadline.js";
import { HubState, SeatState } from "./HubState.js";
import { releaseCode, reserveCode } from "./privateCodes.js";
import { RoomScheduler } from "./scheduler.js";
import { emptyPayload, isPlainObject } from "./validate.js";

/** What a game's `createGame()` hands back to the base. */
export interface GameSetup<S extends HubState> {
  /** The game's schema state (base fields are filled in by the base). */
  state: S;
  /** Room mode, e.g. "solo" / "coop". */
  mode: string;
  /** Number of seats (1..100). */
  seats: number;
  /** Seats to fill with bots at creation (the highest seats; the creator takes seat 0). Default 0. */
  bots?: number;
  /** Board cells the room holds (all its boards), counted against the process budget. Default 0. */
  cells?: number;
}


/** `serverTime` is restamped on a move at most this often (see `commit`). */
const SERVER_TIME_EVERY_MS = 1000;
const MAX_SEATS = 100;

/** A quiet no-op store for rooms created without settings (never in the real config). */
const NO_STORE: GameStore = { recordGame() {}, recentGames: () => [], close() {} };

export { BOT_NAMES, newSeatToken, parseJoinOptions, type JoinRequest, type SeatStatus } from "./seats.js";
export type { BotPlan, HubEvent, MessageSpec, MoveContext, RoomTimer, SenderContext } from "./messages.js";
export type { HubMetadata } from "./listing.js";


export abstract class SeatedRoom<S extends HubState = HubState> extends Room<S, HubMetadata> {
  /**
   * Multiplies every bot's thinking delay (all games). 1 in production; tests lower it so
   * that many whole bot games fit in a test run. Never a client option.
   */
  static botDelayScale = 1;

  /** Game id, e.g. "minesweeper" (state.game, metadata.game, store records). */
  protected abstract readonly gameId: string;

  /**
   * Validates the game options and builds the state. Throw `refuseOption(message)`
   * for a bad option: the create is refused with that message. Register the
   * game's messages here with `defineMessage()`.
   */
  protected abstract createGame(options: Record<string, unknown>): GameSetup<S>;

  // ---- optional hooks -------------------------------------------------------

  /** A player took (or reclaimed) `seat`. */
  protected onSeatTaken(_seat: number, _reclaimed: boolean): void {}
  /** `seat` became free (left, or its hold ended). */
  protected onSeatFreed(_seat: number): void {}
  /** A seated player dropped (false) or came back (true). */
  protected onSeatConnection(_seat: number, _connected: boolean): void {}
  /** May a dropped player's seat stay held after the reconnection window? Default: yes. */
  protected canHoldSeat(_seat: number): boolean {
    return true;
  }
  /** A seated player changed `ready`. */
  protected onReadyChanged(_seat: number, _ready: boolean): void {}
  /** The owner sent `start`. Default: games without a start button refuse it. */
  protected onStart(_ctx: SenderContext): Rejection | void {
    return { code: "not-allowed", message: "This game starts by itself." };
  }
  /**
   * A connection now shows `seat` (−1: a spectator): it joined, reclaimed its seat or came back
   * from a drop. A game whose objects change audience fills the connection's StateView here
   * (server/rooms/game/audience.ts). Default: nothing.
   */
  protected onViewer(_client: Client, _seat: number): void {}
  /** Private per-seat schema (a child of the state) to add to that seat's StateView; none by default. */
  protected seatPrivateState(_seat: number): Schema | undefined {
    return undefined;
  }
  /**
   * May a person joining now take this bot seat (the bot leaves)? Default: no.
   * Free seats are always given out first.
   */
  protected canReplaceBot(_seat: number): boolean {
    return false;
  }
  /**
   * Does the room give out seats at all right now (e.g. not while a game runs)? Default: yes.
   * When not, the room leaves quick play and seat-taking joins are refused as if full.
   */
  protected acceptsNewPlayers(): boolean {
    return true;
  }
  /**
   * A dropped player's reconnection window ended and the seat is now held: should a bot
   * play it until its owner returns with the seat token? Default: no (the game waits).
   */
  protected botPlaysHeldSeat(_seat: number): boolean {
    return false;
  }
  /** A bot started (true) or stopped (false) playing `seat`: a bot seat, or a held seat taken over. */
  protected onSeatBot(_seat: number, _bot: boolean): void {}
  /**
   * After every committed change: the moves bot-played seats want to make now. The base
   * waits each plan's delay on the room clock and applies it with `serverMove`; any change
   * in between re-plans (a plan with an unchanged key keeps its timer). Default: none.
   */
  protected planBots(): BotPlan[] {
    return [];
  }
  /** Game-specific listing fields (e.g. level). */
  protected extraMetadata(): Record<string, unknown> {
    return {};
  }
  /** The room is going away; record what must be recorded. */
  protected onRoomDispose(): void {}

  // ---- state kept by the base ----------------------------------------------

  protected settings: HubSettings = { ...settingsFromEnv(), store: NO_STORE };
  private seatRecords: SeatRecord[] = [];
  private pendingSeats = new Set<string>();
  private pendingSpectators = new Set<string>();
  private privateRoom = false;
  private privateCode: string | null = null;
  private lastMetadata = "";
  private created = false;
  /** When work runs: exclusive moves, the job queue, corking, timers and bot plans. */
  private readonly scheduler = new RoomScheduler({
    clock: () => this.clock,
    clients: () => this.clients,
    isDisposing: () => this.isDisposing(),
    logLabel: () => `${this.gameId} ${this.roomId}`,
    serverMove: (seat, run, what) => this.serverMove(seat, run, what),
  });
  /** What reaches the game: limits, size, seat and payload checks, then the move path. */
  private readonly gate = new MessageGate({
    clients: () => this.clients,
    maxPayloadChars: () => this.settings.maxPayloadChars,
    seatOf: (client) => this.seatOf(client),
    isDisposing: () => this.isDisposing(),
    broadcast: (type, message) => this.broadcast(type, message),
    exclusive: (fn, mover) => this.exclusive(fn, mover),
    commit: () => this.commit(),
  });

  // ---- Colyseus lifecycle ---------------------------------------------------

  async onCreate(options: Record<string, unknown>): Promise<void> {
    // Server settings arrive as define()-time options (they override client options). A client's
    // JSON cannot carry functions, so a store with methods proves they came from the server.
    const hub = options.hub as HubSettings | undefined;
    if (hub && typeof hub.store?.recordGame === "function") this.settings = hub;
    if (options.private !== undefined && typeof options.private !== "boolean") {
      throw refuseOption("private must be true or false.");
    }
    this.privateRoom = options.private === true;
    // A room is created by its first player: spectators and seat tokens join existing rooms by id.
    if (options.spectate === true) throw refuseOption("Spectators join an existing room by its id; nothing to watch here yet.");
    if (options.seatToken !== undefined) throw refuseOption("A seat token rejoins an existing room by its id.");

    const setup = this.createGame(options);
    if (!Number.isInteger(setup.seats) || setup.seats < 1 || setup.seats > MAX_SEATS) {
      throw new Error(`${this.gameId}: createGame returned ${setup.seats} seats`);
    }
    // Per-address and process limits (a refusal says the hub is busy, or to slow down).
    this.settings.gate?.admitRoom(this, requester(), setup.cells ?? 0);
    try {
      await this.setUp(setup);
    } catch (e) {
      this.settings.gate?.roomGone(this);
      throw e;
    }
  }

  private async setUp(setup: GameSetup<S>): Promise<void> {
    const state = setup.state;
    state.game = this.gameId;
    state.mode = setup.mode;
    state.maxSeats = setup.seats;
    state.private = this.privateRoom;
    state.owner = -1;
    state.spectators = 0;
    state.serverTime = Date.now();
    for (let i = 0; i < setup.seats; i++) {
      state.seats.push(new SeatState());
      this.seatRecords.push({ token: "", sessionId: null, reconnection: null, holdTimer: null, holdUntil: 0, bot: false });
    }
    this.maxClients = setup.seats + this.settings.spectatorSlots;
    this.setSeatReservationTime(this.settings.seatReservationSeconds);
    this.state = state;
    const bots = setup.bots ?? 0;
    if (!Number.isInteger(bots) || bots < 0 || bots >= setup.seats) {
      throw new Error(`${this.gameId}: createGame asked for ${bots} bots in ${setup.seats} seats`);
    }
    for (let i = 0; i < bots; i++) this.addBotSeat(setup.seats - 1 - i);

    this.defineBaseMessages();

    if (this.privateRoom) {
      const code = await reserveCode(this.presence);
      this.privateCode = code;
      this.roomId = code;
      await this.setPrivate(true);
    }
    this.created = true;
    this.refreshListing();
  }

  /** Validates join options; a seat token must match a taken seat of this room. */
  onAuth(_client: Client, options: unknown): JoinRequest {
    const request = parseJoinOptions(options);
    if (request.seatToken !== undefined && this.seatByToken(request.seatToken) < 0) throw refuseSeatToken();
    return request;
  }

  /** Does `token` reclaim a seat here? Asked by the matchmaking route before it reserves anything. */
  acceptsSeatToken(token: unknown): boolean {
    return typeof token === "string" && this.seatByToken(token) >= 0;
  }

  onJoin(client: Client, _options: unknown, auth: JoinRequest): void {
    // Server moves a join sets off (e.g. a game starting once the table is full) run after it.
    this.exclusive(() => this.join(client, auth));
  }

  private join(client: Client, auth: JoinRequest): void {
    const data = newClientData(client, this.settings, auth.name);
    client.userData = data;
    this.settings.gate?.consumed(client.sessionId);

    if (auth.spectate) {
      this.pendingSpectators.delete(client.sessionId);
      data.role = "spectator";
      this.state.spectators++;
      this.onViewer(client, -1);
    } else if (auth.seatToken !== undefined) {
      const seat = this.seatByToken(auth.seatToken);
      if (seat < 0) throw new HubRefusal("seat-token", "That seat is no longer held.", ErrorCode.AUTH_FAILED);
      this.bindSeat(seat, client, data, auth, true);
    } else {
      this.pendingSeats.delete(client.sessionId);
      let seat = this.acceptsNewPlayers() ? this.state.seats.findIndex((s) => !s.occupied) : -1;
      if (seat < 0 && this.acceptsNewPlayers()) {
        seat = this.seatRecords.findIndex((r, i) => r.bot && this.canReplaceBot(i));
        if (seat >= 0) this.dropBot(seat);
      }
      if (seat < 0) throw new HubRefusal("room-full", "Every seat in this room is taken; join as a spectator.");
      this.bindSeat(seat, client, data, auth, false);
    }
    this.sendWelcome(client, data);
    this.commit();
  }

  async onLeave(client: Client, consented: boolean): Promise<void> {
    const data = clientData(client);
    if (!data) return;
    data.cancelJoinDeadline();
    if (data.role === "spectator") {
      data.role = "none";
      this.state.spectators = Math.max(0, this.state.spectators - 1);
      if (!this.isDisposing()) {
        this.commit();
        this.shortenAbandonedHolds();
      }
      return;
    }
    if (data.role !== "seat") return;
    const seat = data.seat;
    const record = this.seatRecords[seat];
    if (record.sessionId !== client.sessionId) return; // the seat was reclaimed by another connection
    if (this.isDisposing()) return;
    // A connection that never finished joining never received a new seat's token: nothing to
    // hold. A reclaimed seat is still its owner's (they have the token): held, as after a drop.
    const joined = joinCompleted(client);
    const holdUnjoined = !consented && !joined && (client.auth as JoinRequest | undefined)?.seatToken !== undefined;
    if (consented || !joined || this.settings.reconnectSeconds <= 0) {
      this.exclusive(() => {
        if (!holdUnjoined) this.freeSeat(seat);
        else {
          record.sessionId = null;
          this.state.seats[seat].connected = false;
          this.onSeatConnection(seat, false);
          this.holdOrFree(seat);
        }
        this.commit();
      });
      this.shortenAbandonedHolds();
      return;
    }

    this.exclusive(() => {
      this.state.seats[seat].connected = false;
      this.onSeatConnection(seat, false);
      this.commit();
    });

    const reconnection = this.allowReconnection(client, this.settings.reconnectSeconds);
    if (typeof reconnection.reject === "function") {
      const deferred = reconnection;
      record.reconnection = { reject: (reason?: unknown) => deferred.reject(reason) };
    }
    try {
      const newClient = await reconnection;
      if (record.sessionId !== client.sessionId) return;
      record.reconnection = null;
      // The new socket's sends are guarded too (strikes carry over), and it must finish its join.
      data.flood.rebind(newClient);
      data.cancelJoinDeadline = armJoinDeadline(newClient, this.settings.joinTimeoutSeconds);
      this.exclusive(() => {
        this.state.seats[seat].connected = true;
        this.onSeatConnection(seat, true);
        this.onViewer(newClient, seat);
        this.sendWelcome(newClient, data);
        this.commit();
      });
    } catch {
      if (record.sessionId !== client.sessionId) return; // reclaimed by seat token meanwhile
      record.reconnection = null;
      record.sessionId = null;
      if (this.isDisposing()) return;
      this.exclusive(() => {
        this.holdOrFree(seat);
        this.commit();
      });
      this.shortenAbandonedHolds();
    }
  }

  onDispose(): void | Promise<void> {
    this.settings.gate?.roomGone(this);
    for (const record of this.seatRecords) {
      record.holdTimer?.clear();
      record.holdTimer = null;
    }
    this.scheduler.stop();
    if (this.created) {
      try {
        this.onRoomDispose();
      } catch (e) {
        console.error(`[${this.gameId} ${this.roomId}] onRoomDispose failed`, e);
      }
    }
    if (this.privateCode) {
      const code = this.privateCode;
      this.privateCode = null;
      return releaseCode(this.presence, code).catch((e) => console.error(`could not release code ${code}`, e));
    }
  }

  /** One room's exception never kills the process: log it and, for a message, answer the sender. */
  onUncaughtException(error: RoomException<this>, methodName: string): void {
    const cause = (error as Error).cause;
    if (cause instanceof HubRefusal) return; // an expected refusal (bad option, wrong token): the client was told
    console.error(`[${this.gameId} ${this.roomId}] uncaught exception in ${methodName}:`, cause ?? error);
    if (error instanceof OnMessageException) {
      try {
        error.client.send("error", {
          code: "internal",
          message: "The server could not process this message.",
          type: echoType(error.type),
        });
      } catch {
        /* the client may be gone */
      }
    }
  }

  /** Quick-play guard: a seat-taking join is only reserved while a seat is free. */
  protected override async _reserveSeat(
    sessionId: string,
    joinOptions: unknown = true,
    authData?: unknown,
    seconds: number = this.seatReservationTime,
    allowReconnection = false,
    devModeReconnection?: boolean,
  ): Promise<boolean> {
    const takesSeat = !allowReconnection && wantsNewSeat(joinOptions);
    const spectates = !allowReconnection && isPlainObject(joinOptions) && joinOptions.spectate === true;
    if (!allowReconnection && isPlainObject(joinOptions) && joinOptions.seatToken !== undefined) {
      // Checked again here (the HTTP route asks first): a bogus token must never hold a place.
      if (!this.acceptsSeatToken(joinOptions.seatToken)) throw refuseSeatToken();
    }
    if (takesSeat) {
      if (this.freeSeatCount() <= 0) return false;
      this.pendingSeats.add(sessionId); // synchronously, before any await: concurrent joins see it
    }
    if (spectates) {
      // Spectators have their own places: however many watch, seats stay free for players.
      if (this.spectatorCount() >= this.settings.spectatorSlots) {
        throw new HubRefusal("spectators-full", "This room has all the spectators it takes; try watching again later.");
      }
      this.pendingSpectators.add(sessionId);
    }
    let reserved = false;
    try {
      reserved = await super._reserveSeat(sessionId, joinOptions, authData, seconds, allowReconnection, devModeReconnection);
    } finally {
      if (takesSeat && !reserved) this.pendingSeats.delete(sessionId);
      if (spectates && !reserved) this.pendingSpectators.delete(sessionId);
    }
    if (takesSeat && reserved) {
      this.refreshListing();
      // If the reservation expires unused, the seat frees up again: re-list the room then.
      this.clock.setTimeout(() => this.refreshListing(), seconds * 1000 + 100);
    }
    return reserved;
  }

  /**
   * Defensive: Colyseus decodes a frame's message type outside its own try/catch, and an
   * exception there would escape into the socket's event handler and take the process down.
   * (Undecodable payloads are already handled by Colyseus: it closes that connection.)
   */
  protected override _onMessage(client: Client & ClientPrivate, buffer: Buffer): void {
    // A connection being closed for flooding (or not reading) is not listened to any more.
    if (clientData(client)?.flood.closing) return;
    try {
      super._onMessage(client, buffer);
    } catch (e) {
      console.warn(`[${this.gameId} ${this.roomId}] dropped a malformed frame from ${client.sessionId}: ${(e as Error).message}`);
      client.leave(Protocol.WS_CLOSE_WITH_ERROR, "malformed message");
    }
  }

  // ---- messages -------------------------------------------------------------

  /**
   * Registers a client message type. Every message goes through, in order:
   * rate limit (`rate-limited`) → size (`too-large`) → seat (`not-seated`) →
   * `parse` (`bad-payload`, `out-of-range`...) → `run` (game rejections).
   * A refusal is answered `error {code, message, type}` and changes nothing;
   * an accepted message is patched to everyone at once, then its events are sent.
   */
  protected defineMessage<P>(type: string, spec: MessageSpec<P>): void {
    this.onMessage(type, (client: Client, payload: unknown) => this.dispatch(client, type, payload, spec));
  }

  private dispatch<P>(client: Client, type: string, payload: unknown, spec: MessageSpec<P>): void {
    this.gate.dispatch(client, type, payload, spec);
  }

  // ---- server-originated moves, bots, the turn timer --------------------------

  /**
   * Applies an input the room makes itself (a bot's move, a timer expiring, a start signal)
   * through the same path as a player's message: `run` goes through the rules (and their move
   * log, with ctx.now as the server time), then the patch goes out at once and the queued
   * events follow. Runs after the move, message or patch being handled, never inside it.
   * `run` returning a Rejection or `false` changes nothing (a Rejection is logged: a server
   * move the rules refuse is a bug).
   */
  protected serverMove(seat: number, run: (ctx: MoveContext) => Rejection | void | false, what = "server move"): void {
    this.scheduler.enqueue(() => {
      if (this.isDisposing()) return;
      const { ctx, flush } = this.gate.moveContext(null, seat, this.state.seats[seat]?.name ?? "");
      const result = run(ctx);
      if (result === false || result) {
        if (result) console.warn(`[${this.gameId} ${this.roomId}] ${what} for seat ${seat} refused: ${result.code} ${result.message}`);
        this.replanBots();
        return;
      }
      this.commit();
      flush();
    });
  }

  /** Runs `fn` with server moves held back until it is done (they run right after, in order). */
  private exclusive(fn: () => void, mover: Client | null = null): void {
    this.scheduler.exclusive(fn, mover);
  }

  /**
   * A one-shot timer on the room clock whose `fn` runs like a server move: never inside the
   * clock's tick (which happens inside a patch), but right after that patch, in order with
   * other server moves. Colyseus ticks the clock inside `broadcastPatch`, and a patch sent
   * from inside a tick would tick it again, re-entering its timer list. `clear()` also
   * cancels a run that is already due but not yet started.
   */
  protected later(ms: number, fn: () => void): Delayed {
    return this.scheduler.later(ms, fn);
  }

  /** Sends the patch; timers that come due in its clock tick run after it (see `later`). */
  override broadcastPatch(): boolean {
    return this.scheduler.aroundPatch(() => super.broadcastPatch());
  }

  /**
   * Arms the room's turn timer (replacing any running one): after `ms`, `run` is applied as a
   * server move of `seat`. Returns the deadline (server ms since epoch) to put in the state,
   * so clients draw the countdown.
   */
  protected armTurnTimer(ms: number, seat: number, run: (ctx: MoveContext) => Rejection | void | false): number {
    return this.scheduler.armTurnTimer(ms, seat, run);
  }

  protected disarmTurnTimer(): void {
    this.scheduler.disarmTurnTimer();
  }

  /** Re-plans the bots' next moves (see `planBots`); called after every commit. */
  protected replanBots(): void {
    if (this.isDisposing() || !this.created) return;
    this.scheduler.planBots(this.planBots(), SeatedRoom.botDelayScale);
  }

  /** Answers a refused message. */
  protected refuse(client: Client, type: unknown, code: string, message: string): void {
    this.gate.refuse(client, type, code, message);
  }

  private defineBaseMessages(): void {
    this.defineMessage<{ text: string }>("chat", {
      who: "anyone",
      patchNow: false,
      parse: chatPayload,
      run: (ctx, { text }) => {
        ctx.emit({ kind: "chat", seat: ctx.seat, name: ctx.name, text });
      },
    });
    this.defineMessage<{ ready: boolean }>("ready", {
      parse: readyPayload,
      run: (ctx, { ready }) => {
        this.state.seats[ctx.seat].ready = ready;
        this.onReadyChanged(ctx.seat, ready);
      },
    });
    this.defineMessage("start", {
      parse: emptyPayload,
      run: (ctx) => {
        if (ctx.seat !== this.state.owner) return { code: "not-allowed", message: "Only the room's creator can start." };
        return this.onStart(ctx);
      },
    });
    // Unknown types. Colyseus calls "*" with (client, type, payload), except when the
    // type itself is "*" (then (client, payload)).
    this.onMessage("*", (client: Client, ...rest: unknown[]) => {
      this.gate.refuseUnknown(client, rest.length >= 2 ? rest[0] : "*");
    });
    // Colyseus' built-in fallback is addressable by name and would kick the sender.
    this.onMessage("__no_message_handler", (client: Client) => this.gate.refuseUnknown(client, "__no_message_handler"));
  }


  // ---- seats ----------------------------------------------------------------

  /** The seat `client` holds, or −1 (spectator, replaced connection). */
  protected seatOf(client: Client): number {
    const data = clientData(client);
    if (!data || data.role !== "seat") return -1;
    return this.seatRecords[data.seat]?.sessionId === client.sessionId ? data.seat : -1;
  }

  /** Where a seat is in its life (for games, tests and the monitor). */
  seatStatus(seat: number): SeatStatus {
    const record = this.seatRecords[seat];
    if (!record || !this.state.seats[seat].occupied) return "free";
    if (record.bot) return "bot";
    if (record.sessionId === null) return "held";
    return record.reconnection ? "reconnecting" : "connected";
  }

  /**
   * The seat `token` was issued for, if it still stands (for POST /api/seats/check, through
   * `matchMaker.remoteRoomCall`, so it works across processes); null otherwise. Says nothing
   * a holder of the token could not learn by rejoining with it.
   */
  seatForToken(token: unknown): { seat: number; status: SeatStatus; game: string; mode: string; phase: string } | null {
    if (typeof token !== "string" || token.length === 0 || token.length > 128 || this.isDisposing()) return null;
    const seat = this.seatByToken(token);
    if (seat < 0) return null;
    return { seat, status: this.seatStatus(seat), game: this.gameId, mode: this.state.mode, phase: this.state.phase };
  }

  /** Frees every seat held past its reconnection window (e.g. when a game ends). */
  protected releaseHeldSeats(): void {
    for (let seat = 0; seat < this.seatRecords.length; seat++) {
      if (this.seatStatus(seat) === "held") this.freeSeat(seat);
    }
  }

  // ---- bot seats ----------------------------------------------------------------

  /** A bot seat (no player behind it). */
  protected isBotSeat(seat: number): boolean {
    return this.seatRecords[seat]?.bot === true && this.state.seats[seat].occupied;
  }

  /** A bot plays this seat now: a bot seat, or a dropped player's held seat taken over. */
  protected botPlays(seat: number): boolean {
    return this.state.seats[seat]?.occupied === true && this.state.seats[seat].bot;
  }

  /**
   * Seats a bot in `seat` (default: the lowest free seat), named "Bot Ada", "Bot Babbage"...
   * Returns the seat, or −1 when that seat (or every seat) is taken.
   */
  protected addBotSeat(seat = this.state.seats.findIndex((s) => !s.occupied)): number {
    const s = this.state.seats[seat];
    if (!s || s.occupied) return -1;
    resetRecord(this.seatRecords[seat], true);
    const used = new Set(this.state.seats.map((x) => (x.occupied ? x.name : "")));
    const name = BOT_NAMES.map((n) => `Bot ${n}`).find((n) => !used.has(n)) ?? `Bot ${seat + 1}`;
    s.name = name;
    s.occupied = true;
    s.connected = true;
    s.ready = true;
    s.bot = true;
    this.onSeatBot(seat, true);
    this.updateAutoDispose();
    this.refreshListing();
    return seat;
  }

  /** Frees a bot seat. False if `seat` is not a bot seat. */
  protected removeBotSeat(seat: number): boolean {
    if (!this.isBotSeat(seat)) return false;
    this.dropBot(seat);
    this.freeSeat(seat);
    return true;
  }

  /** The bot leaves its seat (which is then free, or taken by the person joining). */
  private dropBot(seat: number): void {
    const record = this.seatRecords[seat];
    record.bot = false;
    this.state.seats[seat].bot = false;
    this.onSeatBot(seat, false);
  }

  /** Display names per seat ("" for a free seat). */
  protected seatNames(): string[] {
    return this.state.seats.map((s) => (s.occupied ? s.name : ""));
  }

  private seatByToken(token: string): number {
    for (let seat = 0; seat < this.seatRecords.length; seat++) {
      if (this.state.seats[seat].occupied && sameToken(this.seatRecords[seat].token, token)) return seat;
    }
    return -1;
  }

  private bindSeat(seat: number, client: Client, data: ClientData, auth: JoinRequest, reclaimed: boolean): void {
    const record = this.seatRecords[seat];
    const seatState = this.state.seats[seat];
    if (reclaimed) {
      this.detachSeat(seat);
      if (auth.nameGiven) seatState.name = auth.name;
      if (seatState.bot) {
        // The owner is back: the bot that played the held seat steps aside.
        seatState.bot = false;
        this.onSeatBot(seat, false);
      }
    } else {
      record.token = newSeatToken();
      seatState.name = auth.name;
      seatState.ready = false;
      seatState.bot = false;
    }
    record.sessionId = client.sessionId;
    seatState.occupied = true;
    seatState.connected = true;
    data.role = "seat";
    data.seat = seat;
    data.name = seatState.name;
    if (this.state.owner < 0) this.state.owner = seat;
    const privateState = this.seatPrivateState(seat);
    if (privateState) {
      client.view = new StateView();
      client.view.add(privateState);
    }
    this.updateAutoDispose();
    this.onViewer(client, seat);
    this.onSeatTaken(seat, reclaimed);
    if (reclaimed) this.onSeatConnection(seat, true);
  }

  /** Cuts the seat loose from whatever connection had it (held timer, pending reconnection, live client). */
  private detachSeat(seat: number): void {
    const record = this.seatRecords[seat];
    record.holdTimer?.clear();
    record.holdTimer = null;
    const previous = record.sessionId;
    record.sessionId = null;
    if (record.reconnection) {
      const pending = record.reconnection;
      record.reconnection = null;
      pending.reject(new Error("seat reclaimed with its token"));
    }
    if (previous) {
      const old = this.clients.getById(previous);
      if (old) {
        const oldData = old.userData as ClientData | undefined;
        if (oldData) {
          oldData.role = "none";
          oldData.seat = -1;
        }
        old.send("error", {
          code: "seat-reclaimed",
          message: "Your seat was taken over by another connection with its seat token.",
          type: "seat",
        });
        old.leave(Protocol.WS_CLOSE_CONSENTED);
      }
    }
  }

  private holdOrFree(seat: number): void {
    if (this.settings.seatHoldSeconds > 0 && this.canHoldSeat(seat)) {
      this.armHold(seat, this.settings.seatHoldSeconds * 1000);
      if (!this.state.seats[seat].bot && this.botPlaysHeldSeat(seat)) {
        this.state.seats[seat].bot = true;
        this.onSeatBot(seat, true);
      }
      this.updateAutoDispose();
      this.refreshListing();
    } else {
      this.freeSeat(seat);
    }
  }

  private armHold(seat: number, ms: number): void {
    const record = this.seatRecords[seat];
    record.holdTimer?.clear();
    record.holdUntil = Date.now() + ms;
    record.holdTimer = this.later(ms, () => {
      record.holdTimer = null;
      if (this.seatStatus(seat) === "held") {
        this.freeSeat(seat);
        this.commit();
      }
    });
  }

  /**
   * Nobody is connected and nobody is inside a reconnection window: the room's held seats
   * end within ABANDONED_HOLD_SECONDS (a 100×100 board with one reveal and a dropped socket
   * lived 10.5 minutes). A room someone is still in keeps the full SEAT_HOLD_SECONDS.
   */
  private shortenAbandonedHolds(): void {
    if (this.isDisposing() || this.clients.length > 0 || this.seatRecords.some((r) => r.reconnection)) return;
    const ms = this.settings.abandonedHoldSeconds * 1000;
    const cap = Date.now() + ms;
    this.seatRecords.forEach((record, seat) => {
      if (record.holdTimer && record.holdUntil > cap) this.armHold(seat, ms);
    });
  }

  /** Spectators watching or on their way (reservations not yet used). */
  private spectatorCount(): number {
    for (const id of this.pendingSpectators) if (!(id in this.reservedSeats)) this.pendingSpectators.delete(id);
    return this.state.spectators + this.pendingSpectators.size;
  }

  /**
   * Colyseus locks a room whose clients plus reservations reach `maxClients`, and a locked room
   * refuses every joinById: spectators (or squatters' reservations) locked out players and
   * seat-token reclaims. Seats and spectator places are counted apart in `_reserveSeat`.
   */
  override hasReachedMaxClients(): boolean {
    return this.isDisposing();
  }

  /** Empties a seat: its token stops working. */
  protected freeSeat(seat: number): void {
    resetRecord(this.seatRecords[seat], false);
    const s = this.state.seats[seat];
    const botWasPlaying = s.bot;
    s.name = "";
    s.occupied = false;
    s.connected = false;
    s.ready = false;
    s.bot = false;
    if (botWasPlaying) this.onSeatBot(seat, false);
    // The owner is a person: bot seats never own a room.
    if (this.state.owner === seat) this.state.owner = this.seatRecords.findIndex((r, i) => !r.bot && this.state.seats[i].occupied);
    this.onSeatFreed(seat);
    this.updateAutoDispose();
    this.refreshListing();
  }

  private freeSeatCount(): number {
    for (const id of this.pendingSeats) if (!(id in this.reservedSeats)) this.pendingSeats.delete(id);
    if (!this.acceptsNewPlayers()) return 0;
    let free = 0;
    this.state.seats.forEach((s, seat) => {
      if (!s.occupied || (this.seatRecords[seat].bot && this.canReplaceBot(seat))) free++;
    });
    return free - this.pendingSeats.size;
  }

  /** A room with held seats must outlive its last connection (until the holds end). */
  private updateAutoDispose(): void {
    if (this.isDisposing()) return;
    const held = this.seatRecords.some((_, seat) => this.seatStatus(seat) === "held");
    if (this.autoDispose === held) {
      this.autoDispose = !held;
      if (held) {
        // Colyseus 0.16 clears its pending auto-dispose timer here but keeps the stale handle,
        // and a room whose handle is set never disposes, not even on disconnect()/shutdown.
        const room = this as unknown as { _autoDisposeTimeout?: ReturnType<typeof setTimeout> };
        clearTimeout(room._autoDisposeTimeout);
        room._autoDisposeTimeout = undefined;
      }
    }
  }

  private sendWelcome(client: Client, data: ClientData): void {
    client.send("welcome", {
      serverTime: Date.now(),
      roomId: this.roomId,
      private: this.privateRoom,
      spectator: data.role === "spectator",
    });
    if (data.role === "seat") client.send("seat", { seat: data.seat, seatToken: this.seatRecords[data.seat].token });
  }

  // ---- sync, listing, store -------------------------------------------------

  /**
   * Sends the patch now (not on the next tick); once the move's frames are written, refreshes
   * the listing and re-plans the bots. `serverTime` is restamped at most once a second: a
   * float64 on every move was a sixth of a Minesweeper move's bytes, and clients keep the
   * freshest sample (client/net/clock.ts), which an older stamp never displaces.
   */
  protected commit(): void {
    if (this.isDisposing()) return;
    this.exclusive(() => {
      const now = Date.now();
      if (now - this.state.serverTime >= SERVER_TIME_EVERY_MS) this.state.serverTime = now;
      this.broadcastPatch();
      // The listing and the bots' plans follow the state, but the players need not wait for them.
      this.scheduler.afterWrite(() => {
        this.refreshListing();
        this.replanBots();
      });
    });
  }

  /** Broadcasts a one-shot `event` (call after `commit()` so state and event agree). */
  protected broadcastEvent(event: HubEvent): void {
    this.broadcast("event", event);
  }

  /** Keeps quick-play visibility and the listing metadata current. */
  protected refreshListing(): void {
    if (!this.created || this.isDisposing()) return;
    const hidden = this.privateRoom || this.freeSeatCount() <= 0;
    if (this.listing.private !== hidden) {
      this.setPrivate(hidden).catch((e) => console.error(`[${this.gameId} ${this.roomId}] setPrivate failed`, e));
    }
    const metadata = listingOf(this.gameId, this.state, !this.privateRoom, this.extraMetadata());
    const json = JSON.stringify(metadata);
    if (json !== this.lastMetadata) {
      this.lastMetadata = json;
      this.setMetadata(metadata).catch((e) => console.error(`[${this.gameId} ${this.roomId}] setMetadata failed`, e));
    }
  }

  /**
   * Writes a finished (or abandoned) game to the store; a store failure never breaks the room.
   * Returns its id, 0 while it waits in the store's queue (`onSaved` gets the id once written),
   * or −1 when it could not be saved.
   */
  protected recordGame(game: Omit<FinishedGame, "game" | "roomId" | "seats"> & { seats?: string[] }, onSaved?: (id: number) => void): number {
    try {
      const id = this.settings.store.recordGame({ ...game, game: this.gameId, roomId: this.roomId, seats: game.seats ?? this.seatNames() }, onSaved);
      return typeof id === "number" && id >= 0 ? id : -1;
    } catch (e) {
      console.error(`[${this.gameId} ${this.roomId}] could not record a finished game`, e);
      return -1;
    }
  }

  protected isDisposing(): boolean {
    return (this as unknown as { _internalState: RoomInternalState })._internalState === RoomInternalState.DISPOSING;
  }
}

export { DEFAULTS };
