// The seated-room base every game builds on (docs/protocol.md is its contract).
//
// On the room machinery of HubRoom.ts (the message gate, the scheduler, the listing, the
// store, crash containment), it owns the Colyseus lifecycle of a room with seats: creation
// (options, bots, private codes), joins (seats, seat tokens, spectators), leaves and
// reconnection (seatBook.ts, reconnection.ts), the quick-play reservation guard, and the
// hooks a game answers. A game subclass only builds its state, registers its messages with
// `defineMessage()`, and decides the game rules through common/ (server/rooms/game/).

import { matchMaker, type Client } from "@colyseus/core";
import type { Schema } from "@colyseus/schema";
import type { Rejection } from "../../../common/core/rules.js";
import { DEFAULTS, type HubSettings } from "../../settings.js";
import { requester } from "../../net/requestContext.js";
import { defineBaseMessages, type BotPlan, type SenderContext } from "./messages.js";
import { parseJoinOptions, type JoinRequest, type SeatStatus } from "./seats.js";
import { HubRefusal, refuseOption } from "./errors.js";
import { ErrorCode } from "@colyseus/core";
import { NOT_SAVED } from "./notSaved.js";
import { joinNotSaved, newRoomRefusal } from "./diskReserve.js";
import { isPlainObject } from "./validate.js";
import { clientData, newClientData, type ClientData } from "./gate.js";
import type { HubState } from "./HubState.js";
import { HubRoom } from "./HubRoom.js";
import { reclaimCode, releaseCode, reserveCode } from "./privateCodes.js";
import type { LoggedSeat } from "../../store/RoomLog.js";
import { SeatBook } from "./seatBook.js";
import { errorFields } from "../../ops/log.js";

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

const MAX_SEATS = 100;

export { BOT_NAMES, newSeatToken, parseJoinOptions, type JoinRequest, type SeatStatus } from "./seats.js";
export type { BotPlan, HubEvent, MessageSpec, MoveContext, RoomTimer, SenderContext } from "./messages.js";
export type { HubMetadata } from "./listing.js";


export abstract class SeatedRoom<S extends HubState = HubState> extends HubRoom<S> {
  /**
   * Multiplies every bot's thinking delay (all games). 1 in production; tests lower it so
   * that many whole bot games fit in a test run. Never a client option.
   */
  static botDelayScale = 1;

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
  /** A chat line that passed its checks; default: everyone in the room hears it. */
  protected onChat(ctx: SenderContext, text: string): Rejection | void {
    ctx.emit({ kind: "chat", seat: ctx.seat, name: ctx.name, text });
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
  /** The seat a joining player is meant to have (−1: the first free one, the default). */
  protected seatWanted(_auth: JoinRequest): number {
    return -1;
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
  /** A dropped player's reconnection window ended: the seat is held for its token (the player counts as gone). */
  protected onSeatHeld(_seat: number): void {}
  /**
   * After every committed change: the moves bot-played seats want to make now. The base
   * waits each plan's delay on the room clock and applies it with `serverMove`; any change
   * in between re-plans (a plan with an unchanged key keeps its timer). Default: none.
   */
  protected planBots(): BotPlan[] {
    return [];
  }
  /** The room is going away; record what must be recorded. */
  protected onRoomDispose(): void {}
  /** The room is set up (state, seats, bots, code), before anyone joins. */
  protected onCreated(): void {}
  /**
   * Is this create a restore from the room log? Then the room's id (or private code) and its
   * create options; the room rebuilds itself in `onRestore` once its seats exist.
   */
  protected restoring(_options: Record<string, unknown>): { roomId: string; options: Record<string, unknown> } | null {
    return null;
  }
  /** A restored room rebuilds its seats and game here (after setUp, before the first patch). */
  protected onRestore(): void {}

  // ---- state kept by the base ----------------------------------------------

  /** Who holds each seat and how, tokens, holds, bot seats, joins on their way. */
  private readonly book = new SeatBook({
    state: () => this.state,
    settings: () => this.settings,
    client: (id) => this.clients.getById(id),
    connections: () => this.clients.length,
    reserved: () => this.reservedSeats,
    later: (ms, fn) => this.later(ms, fn),
    disposing: () => this.isDisposing(),
    commit: () => this.commit(),
    refreshListing: () => this.refreshListing(),
    keepAlive: (held) => this.keepAlive(held),
    exclusive: (fn) => this.exclusive(fn),
    welcome: (client, data) => this.sendWelcome(client, data),
    allowReconnection: (client, seconds) => this.allowReconnection(client, seconds),
    alsoReconnectWith: (others, token) => this.alsoReconnectWith(others, token),
    onSeatTaken: (seat, reclaimed) => this.onSeatTaken(seat, reclaimed),
    onSeatFreed: (seat) => this.onSeatFreed(seat),
    onSeatConnection: (seat, connected) => this.onSeatConnection(seat, connected),
    onSeatBot: (seat, bot) => this.onSeatBot(seat, bot),
    onSeatHeld: (seat) => this.onSeatHeld(seat),
    onViewer: (client, seat) => this.onViewer(client, seat),
    canHoldSeat: (seat) => this.canHoldSeat(seat),
    botPlaysHeldSeat: (seat) => this.botPlaysHeldSeat(seat),
    canReplaceBot: (seat) => this.canReplaceBot(seat),
    acceptsNewPlayers: () => this.acceptsNewPlayers(),
    seatWanted: (auth) => this.seatWanted(auth),
    seatPrivateState: (seat) => this.seatPrivateState(seat),
  });
  private privateCode: string | null = null;
  private createdAt = 0;
  /** Why the room is going away, for its `room.disposed` line (a game sets "sleeping"). */
  protected disposeReason: "sleeping" | null = null;

  // ---- Colyseus lifecycle ---------------------------------------------------

  async onCreate(options: Record<string, unknown>): Promise<void> {
    try {
      await this.create(options);
    } catch (e) {
      this.abandonCreate();
      throw e;
    }
  }

  /**
   * A create that failed (a bad option, the hub busy, a full disk): Colyseus drops the room
   * without disposing it, so its patch interval, timers and private code end here.
   */
  private abandonCreate(): void {
    this.patchRate = 0;
    const room = this as unknown as { _autoDisposeTimeout?: ReturnType<typeof setTimeout> };
    clearTimeout(room._autoDisposeTimeout);
    room._autoDisposeTimeout = undefined;
    this.clock.clear();
    this.clock.stop();
    this.scheduler.stop();
    if (this.privateCode) {
      const code = this.privateCode;
      this.privateCode = null;
      releaseCode(this.presence, code).catch((e) => this.logger().error({ event: "room.error", what: "releaseCode", ...errorFields(e) }, `could not release code ${code}`));
    }
  }

  private async create(options: Record<string, unknown>): Promise<void> {
    // Server settings arrive as define()-time options (they override client options). A client's
    // JSON cannot carry functions, so a store with methods proves they came from the server.
    const hub = options.hub as HubSettings | undefined;
    if (hub && typeof hub.store?.recordGame === "function") this.settings = hub;
    const restore = this.restoring(options);
    if (restore) options = { ...restore.options, hub: options.hub };
    // No new room on a disk that is full or below its reserve (rooms already there go on).
    const disk = restore ? null : newRoomRefusal(this.settings);
    if (disk) throw new HubRefusal(disk.reason, disk.message, ErrorCode.MATCHMAKE_UNHANDLED);
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
    // A restored room is nobody's new room: it counts against the process only.
    this.settings.gate?.admitRoom(this, restore ? null : requester(), setup.cells ?? 0);
    try {
      await this.setUp(setup, restore?.roomId ?? null);
    } catch (e) {
      this.settings.gate?.roomGone(this);
      this.untracked();
      throw e;
    }
  }

  private async setUp(setup: GameSetup<S>, restoredId: string | null): Promise<void> {
    const state = setup.state;
    state.game = this.gameId;
    state.mode = setup.mode;
    state.maxSeats = setup.seats;
    state.private = this.privateRoom;
    state.owner = -1;
    state.spectators = 0;
    state.serverTime = Date.now();
    this.state = state;
    this.book.setUp(setup.seats);
    this.maxClients = setup.seats + this.settings.spectatorSlots;
    this.setSeatReservationTime(this.settings.seatReservationSeconds);
    const bots = setup.bots ?? 0;
    if (!Number.isInteger(bots) || bots < 0 || bots >= setup.seats) {
      throw new Error(`${this.gameId}: createGame asked for ${bots} bots in ${setup.seats} seats`);
    }
    for (let i = 0; i < bots; i++) this.addBotSeat(setup.seats - 1 - i);

    defineBaseMessages({
      define: (type, spec) => this.defineMessage(type, spec),
      onAny: (type, fn) => this.onMessage(type, fn),
      refuseUnknown: (client, type) => this.gate.refuseUnknown(client, type),
      state: () => this.state,
      onReadyChanged: (seat, ready) => this.onReadyChanged(seat, ready),
      onStart: (ctx) => this.onStart(ctx),
      onChat: (ctx, text) => this.onChat(ctx, text),
    });

    if (this.privateRoom) {
      const code = restoredId ?? (await reserveCode(this.presence));
      if (restoredId) await reclaimCode(this.presence, code);
      this.privateCode = code;
      this.roomId = code;
      await this.setPrivate(true);
    } else if (restoredId) this.roomId = restoredId;
    this.created = true;
    this.createdAt = Date.now();
    this.tracked();
    this.onCreated();
    if (restoredId) {
      this.onRestore();
      this.commit();
    }
    this.refreshListing();
    const fields = { mode: setup.mode, seats: setup.seats, bots, private: this.privateRoom };
    if (restoredId) this.logger().info({ event: "room.restored", ...fields }, "room restored from its log");
    else this.logger().info({ event: "room.created", ...fields }, "room created");
  }

  /** Validates join options (a game room may look more up: GameRoom's profiles). */
  onAuth(_client: Client, options: unknown, _context?: unknown): JoinRequest | Promise<JoinRequest> {
    return this.checkJoin(options);
  }

  /** The join options checked; a seat token must match a taken seat of this room. */
  protected checkJoin(options: unknown): JoinRequest {
    const request = parseJoinOptions(options);
    if (request.seatToken !== undefined && this.book.byToken(request.seatToken) < 0) throw this.book.tokenRefusal(request.seatToken);
    // A new seat changes what the room log keeps: not while the log cannot take writes. Anyone
    // (a seat coming back, a spectator) is sent the whole state: not while a change is held back.
    const unsaved = request.seatToken === undefined && !request.spectate ? this.unsaved(null) : this.holdingBack();
    if (unsaved) throw new HubRefusal(NOT_SAVED, joinNotSaved(unsaved), ErrorCode.MATCHMAKE_UNHANDLED);
    return request;
  }

  /** Did a device link move the seat this token was for? (The matchmaking route asks, to say so.) */
  seatTokenMoved(token: unknown): boolean {
    return this.book.tokenMoved(token);
  }

  /**
   * A device link was redeemed (server/api/claims.ts, through remoteRoomCall so it works
   * across processes): the seat's token is replaced, see SeatBook.claim.
   */
  claimSeat(token: unknown): { seat: number; seatToken: string; game: string } | null {
    if (typeof token !== "string" || token.length === 0 || token.length > 128 || this.isDisposing()) return null;
    const moved = this.book.claim(token);
    // The new token's hash reaches the room log before the new device is given the token
    // (if the log cannot take it now, the room holds the change and saves it within seconds).
    if (moved) this.persist();
    return moved && { ...moved, game: this.gameId };
  }

  /** Spectators are sent elsewhere (a delayed mirror): a spectator join reaching this room is refused. */
  /** More for the welcome message (a daily challenge's room says whose day it is). */
  protected welcomeExtra(): Record<string, unknown> {
    return {};
  }

  protected spectatorsWatchElsewhere(): boolean {
    return false;
  }

  /** Does `token` reclaim a seat here? Asked by the matchmaking route before it reserves anything. */
  acceptsSeatToken(token: unknown): boolean {
    return typeof token === "string" && this.book.byToken(token) >= 0;
  }

  onJoin(client: Client, _options: unknown, auth: JoinRequest): void {
    // Server moves a join sets off (e.g. a game starting once the table is full) run after it.
    this.exclusive(() => this.join(client, auth));
  }

  private join(client: Client, auth: JoinRequest): void {
    const data = newClientData(client, this.settings, auth.name, (reason, cut) =>
      this.logger().warn(
        { event: "flood.cut", reason, session: cut.sessionId, seat: clientData(cut)?.seat ?? -1 },
        reason === "flooding" ? "a connection kept sending over the rate limit: closed" : "a connection stopped reading its socket: cut",
      ),
    );
    client.userData = data;
    this.settings.gate?.consumed(client.sessionId);

    this.book.join(client, data, auth);
    // A new seat's token is durable (as its hash) before its owner receives it.
    this.persist();
    this.whenSaved(() => this.sendWelcome(client, data));
    this.commit();
  }

  async onLeave(client: Client, consented: boolean): Promise<void> {
    const data = clientData(client);
    if (!data) return;
    data.cancelJoinDeadline();
    await this.book.left(client, data, consented);
  }

  onDispose(): void | Promise<void> {
    this.settings.gate?.roomGone(this);
    this.book.clearHolds();
    this.scheduler.stop();
    this.untracked();
    if (this.created) {
      try {
        this.onRoomDispose();
      } catch (e) {
        this.logger().error({ event: "room.error", what: "onRoomDispose", ...errorFields(e) }, "onRoomDispose failed");
      }
      const stopping = matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN;
      const reason = this.disposeReason ?? (stopping ? "stopping" : "closed");
      this.logger().info({ event: "room.disposed", reason, ageSeconds: Math.round((Date.now() - this.createdAt) / 1000) }, `room disposed (${reason})`);
    }
    if (this.privateCode) {
      const code = this.privateCode;
      this.privateCode = null;
      return releaseCode(this.presence, code).catch((e) => this.logger().error({ event: "room.error", what: "releaseCode", ...errorFields(e) }, `could not release code ${code}`));
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
    if (!allowReconnection && this.spectatorsWatchElsewhere() && isPlainObject(joinOptions) && joinOptions.spectate === true) {
      throw new HubRefusal("spectate-delayed", "This room shows its table to spectators with a delay: spectate it by its code from the lobby (joinById with spectate: true).");
    }
    const counted = this.book.beforeReserve(sessionId, joinOptions, allowReconnection);
    if (!counted) return false;
    let reserved = false;
    try {
      reserved = await super._reserveSeat(sessionId, joinOptions, authData, seconds, allowReconnection, devModeReconnection);
    } finally {
      this.book.reserved(sessionId, counted, reserved);
    }
    if (counted.takesSeat && reserved) {
      this.refreshListing();
      // If the reservation expires unused, the seat frees up again: re-list the room then.
      this.clock.setTimeout(() => this.refreshListing(), seconds * 1000 + 100);
    }
    return reserved;
  }

  // ---- seats ----------------------------------------------------------------

  /** The seat `client` holds, or −1 (spectator, replaced connection). */
  protected seatOf(client: Client): number {
    const data = clientData(client);
    if (!data || data.role !== "seat") return -1;
    return this.book.heldBy(data.seat, client.sessionId) ? data.seat : -1;
  }

  /** The profile of the person who took `seat` (null: none, a bot, a free seat). */
  protected seatProfile(seat: number): string | null {
    return this.book.record(seat)?.profileId ?? null;
  }

  /** Where a seat is in its life (for games, tests and the monitor). */
  seatStatus(seat: number): SeatStatus {
    return this.book.status(seat);
  }

  /**
   * The seat `token` was issued for, if it still stands (for POST /api/seats/check, through
   * `matchMaker.remoteRoomCall`, so it works across processes); null otherwise. Says nothing
   * a holder of the token could not learn by rejoining with it.
   */
  seatForToken(token: unknown): { seat: number; status: SeatStatus; game: string; mode: string; phase: string; over: boolean } | null {
    if (typeof token !== "string" || token.length === 0 || token.length > 128 || this.isDisposing()) return null;
    const seat = this.book.byToken(token);
    if (seat < 0) return null;
    return { seat, status: this.seatStatus(seat), game: this.gameId, mode: this.state.mode, phase: this.state.phase, over: this.gameOver() };
  }

  /** The room's game has ended (a new one may follow): no game is in progress at it. */
  protected gameOver(): boolean {
    return false;
  }

  /** Frees every seat held past its reconnection window (e.g. when a game ends). */
  protected releaseHeldSeats(): void {
    this.book.releaseHeld();
  }

  /** The seats as the room log keeps them (server/rooms/game/durable.ts). */
  protected seatSnapshot(): LoggedSeat[] {
    return this.book.snapshot();
  }
  /** Seats back from the room log (every person's seat held for its token). */
  protected restoreSeats(seats: readonly LoggedSeat[], owner: number): void {
    this.book.restore(seats, owner);
  }
  /** Nobody is in the room or on the way (no connection, reconnection window or reservation). */
  protected nobodyHere(): boolean {
    return this.book.nobodyHere();
  }

  // ---- bot seats ----------------------------------------------------------------

  /** A bot seat (no player behind it). */
  protected isBotSeat(seat: number): boolean {
    return this.book.isBot(seat);
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
    return this.book.addBot(seat);
  }

  /** Frees a bot seat. False if `seat` is not a bot seat. */
  protected removeBotSeat(seat: number): boolean {
    return this.book.removeBot(seat);
  }

  /** Re-plans the bots' next moves (see `planBots`); called after every commit. */
  protected replanBots(): void {
    if (this.isDisposing() || !this.created) return;
    this.scheduler.planBots(this.planBots(), SeatedRoom.botDelayScale);
  }

  /** Seats a newcomer could take now (the listing hides a room with none). */
  protected openSeats(): number {
    return this.book.freeCount(false);
  }

  /** Empties a seat: its token stops working. */
  protected freeSeat(seat: number): void {
    this.book.free(seat);
  }

  /**
   * A reconnection whose socket was cut before its join completed left the player holding
   * either its token or an earlier one: Colyseus 0.16 knows only the newest, so the pending
   * reconnection is entered under the others too, and they go when it ends.
   */
  private alsoReconnectWith(others: readonly string[], token: string): void {
    const pending = (this as unknown as { _reconnections: Record<string, [string, PromiseLike<unknown>]> })._reconnections;
    const entry = pending[token];
    if (!entry) return;
    for (const other of others) {
      if (pending[other]) continue;
      pending[other] = entry;
      const forget = () => {
        if (pending[other] === entry) delete pending[other];
      };
      entry[1].then(forget, forget);
    }
  }

  /** A room with held seats must outlive its last connection (until the holds end). */
  private keepAlive(held: boolean): void {
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
      ...this.welcomeExtra(),
    });
    if (data.role === "seat") client.send("seat", { seat: data.seat, seatToken: this.book.record(data.seat).token });
  }
}

export { DEFAULTS };
