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
import { CorkedClients } from "./cork.js";
import { listingOf, type HubMetadata } from "./listing.js";
import { chatPayload, echoType, readyPayload, type BotPlan, type HubEvent, type MessageSpec, type MoveContext, type RoomTimer, type SenderContext } from "./messages.js";
import { BOT_NAMES, newSeatToken, parseJoinOptions, resetRecord, sameToken, wantsNewSeat, type JoinRequest, type SeatRecord, type SeatStatus } from "./seats.js";
import { HubRefusal, refuseOption, refuseSeatToken } from "./errors.js";
import { FloodGuard } from "./flood.js";
import { armJoinDeadline, joinCompleted } from "./joinDeadline.js";
import { HubState, SeatState } from "./HubState.js";
import { releaseCode, reserveCode } from "./privateCodes.js";
import { TokenBucket } from "./rateLimit.js";
import { emptyPayload, isPlainObject, payloadSize } from "./validate.js";

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

interface ClientData {
  role: "seat" | "spectator" | "none";
  seat: number;
  name: string;
  bucket: TokenBucket;
  cursorBucket: TokenBucket;
  flood: FloodGuard;
  /** Stops the unfinished-join timer (see joinDeadline.ts). */
  cancelJoinDeadline: () => void;
}

/** `serverTime` is restamped on a move at most this often (see `commit`). */
const SERVER_TIME_EVERY_MS = 1000;
const MAX_SEATS = 100;

/** A quiet no-op store for rooms created without settings (never in the real config). */
const NO_STORE: GameStore = { recordGame() {}, recentGames: () => [], close() {} };

export { BOT_NAMES, newSeatToken, parseJoinOptions, type JoinRequest, type SeatStatus } from "./seats.js";
export type { BotPlan, HubEvent, MessageSpec, MoveContext, RoomTimer, SenderContext } from "./messages.js";
export type { HubMetadata } from "./listing.js";

const RATE_LIMITED = "Too many messages: this one and the rest this second were dropped. Slow down, or you will be disconnected.";

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
  /** >0 while a move, a commit or a message is being handled: server moves wait in `jobs`. */
  private busy = 0;
  /** The sockets corked for the move being handled (null outside a move). */
  private corked: CorkedClients | null = null;
  /** Bookkeeping a move's frames need not wait for: runs once they are written (see `commit`). */
  private afterWrites: (() => void)[] = [];
  private draining = false;
  private jobs: (() => void)[] = [];
  private botTimers = new Map<number, { key: string; plan: BotPlan; timer: RoomTimer }>();
  private turnTimer: RoomTimer | null = null;

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
    const data: ClientData = {
      role: "none",
      seat: -1,
      name: auth.name,
      bucket: new TokenBucket(this.settings.messageRate),
      cursorBucket: new TokenBucket(this.settings.cursorRate),
      flood: new FloodGuard(client, this.settings.floodStrikes, this.settings.maxSendBufferBytes),
      cancelJoinDeadline: armJoinDeadline(client, this.settings.joinTimeoutSeconds),
    };
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
    const data = client.userData as ClientData | undefined;
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
    this.jobs.length = 0;
    this.clearBotTimers();
    this.disarmTurnTimer();
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
    if ((client.userData as ClientData | undefined)?.flood.closing) return;
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
    const data = client.userData as ClientData | undefined;
    if (!data || data.role === "none") return; // a replaced connection on its way out
    const bucket = spec.bucket === "cursor" ? data.cursorBucket : data.bucket;
    if (!bucket.take()) return this.overLimit(client, data, type, spec.bucket ?? "main");
    if (payloadSize(payload) > this.settings.maxPayloadChars) {
      return this.refuse(client, type, "too-large", `Messages are limited to ${this.settings.maxPayloadChars} bytes.`);
    }
    const seat = this.seatOf(client);
    if ((spec.who ?? "seat") === "seat" && seat < 0) {
      return this.refuse(client, type, "not-seated", "Only seated players can do that; spectators watch.");
    }
    const parsed = spec.parse(payload);
    if (!parsed.ok) return this.refuse(client, type, parsed.error.code, parsed.error.message);
    this.exclusive(() => {
      const { ctx, flush } = this.moveContext(client, seat, data.name);
      const rejection = spec.run(ctx as SenderContext, parsed.value);
      if (rejection) return this.refuse(client, type, rejection.code, rejection.message);
      if (spec.patchNow !== false) this.commit();
      flush();
    }, client);
  }

  /** A context whose queued events `flush()` sends (after the patch). */
  private moveContext(client: Client | null, seat: number, name: string): { ctx: MoveContext; flush(): void } {
    type Queued = { event: HubEvent } | { build: (seat: number) => HubEvent[] };
    const queued: Queued[] = [];
    const ctx: MoveContext = {
      client,
      seat,
      name,
      now: Date.now(),
      emit: (event) => queued.push({ event }),
      emitPer: (build) => queued.push({ build }),
    };
    const flush = () => {
      if (this.isDisposing()) return;
      for (const q of queued) {
        if ("event" in q) {
          this.broadcast("event", q.event);
          continue;
        }
        const bySeat = new Map<number, HubEvent[]>();
        for (const c of this.clients) {
          const d = c.userData as ClientData | undefined;
          if (!d || d.role === "none") continue;
          const viewer = this.seatOf(c);
          let events = bySeat.get(viewer);
          if (!events) {
            events = q.build(viewer);
            bySeat.set(viewer, events);
          }
          for (const event of events) c.send("event", event);
        }
      }
    };
    return { ctx, flush };
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
    const job = () => {
      if (this.isDisposing()) return;
      const { ctx, flush } = this.moveContext(null, seat, this.state.seats[seat]?.name ?? "");
      const result = run(ctx);
      if (result === false || result) {
        if (result) console.warn(`[${this.gameId} ${this.roomId}] ${what} for seat ${seat} refused: ${result.code} ${result.message}`);
        this.replanBots();
        return;
      }
      this.commit();
      flush();
    };
    if (this.busy > 0) this.jobs.push(job);
    else this.exclusive(job);
  }

  /** Runs `fn` with server moves held back until it is done (they run right after, in order). */
  private exclusive(fn: () => void, mover: Client | null = null): void {
    // The outermost call corks the clients' sockets: a move's patch and events leave as one
    // write per client, the mover's first, before any server move queued meanwhile runs.
    const outermost = this.busy === 0;
    if (outermost) this.corked = new CorkedClients(this.clients, mover);
    this.busy++;
    try {
      fn();
    } finally {
      this.busy--;
      if (outermost) {
        this.corked?.release();
        this.corked = null;
        this.runAfterWrites();
      }
      if (this.busy === 0) this.drainJobs();
    }
  }

  private runAfterWrites(): void {
    while (this.afterWrites.length) {
      const fn = this.afterWrites.shift()!;
      try {
        fn();
      } catch (e) {
        console.error(`[${this.gameId} ${this.roomId}] after-move bookkeeping failed`, e);
      }
    }
  }

  private drainJobs(): void {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.jobs.length && !this.isDisposing()) {
        const job = this.jobs.shift()!;
        try {
          this.exclusive(job);
        } catch (e) {
          console.error(`[${this.gameId} ${this.roomId}] a server move failed`, e);
        }
      }
    } finally {
      this.draining = false;
    }
  }

  /**
   * A one-shot timer on the room clock whose `fn` runs like a server move: never inside the
   * clock's tick (which happens inside a patch), but right after that patch, in order with
   * other server moves. Colyseus ticks the clock inside `broadcastPatch`, and a patch sent
   * from inside a tick would tick it again, re-entering its timer list. `clear()` also
   * cancels a run that is already due but not yet started.
   */
  protected later(ms: number, fn: () => void): Delayed {
    let cancelled = false;
    const run = () => {
      if (cancelled || this.isDisposing()) return;
      const job = () => {
        if (!cancelled) fn();
      };
      if (this.busy > 0) this.jobs.push(job);
      else this.exclusive(job);
    };
    if (ms <= 0) {
      // No delay: right after whatever is being handled now (off the clock, which only
      // ticks with the 50 ms patch interval). Errors are contained like a timer's.
      const handle = this.clock.setTimeout(() => {}, 0);
      handle.clear();
      const immediate = setImmediate(() => {
        try {
          run();
        } catch (e) {
          console.error(`[${this.gameId} ${this.roomId}] a server move failed`, e);
        }
      });
      handle.clear = () => {
        cancelled = true;
        clearImmediate(immediate);
      };
      return handle;
    }
    const delayed: Delayed = this.clock.setTimeout(() => {
      deactivate();
      run();
    }, ms);
    const deactivate = delayed.clear.bind(delayed);
    delayed.clear = () => {
      cancelled = true;
      deactivate();
    };
    return delayed;
  }

  /** Sends the patch; timers that come due in its clock tick run after it (see `later`). */
  override broadcastPatch(): boolean {
    // Inside a move: the move's corked scope (see CorkedClients.beforePatch). The 50 ms tick's
    // patch (cursors) carries no events and is written at once.
    this.corked?.beforePatch();
    this.busy++;
    try {
      return super.broadcastPatch();
    } finally {
      this.busy--;
      if (this.busy === 0) this.drainJobs();
    }
  }

  /**
   * Arms the room's turn timer (replacing any running one): after `ms`, `run` is applied as a
   * server move of `seat`. Returns the deadline (server ms since epoch) to put in the state,
   * so clients draw the countdown.
   */
  protected armTurnTimer(ms: number, seat: number, run: (ctx: MoveContext) => Rejection | void | false): number {
    this.disarmTurnTimer();
    const deadline = Date.now() + ms;
    const timer = this.later(ms, () => {
      if (this.turnTimer === timer) this.turnTimer = null;
      this.serverMove(seat, run, "turn timer");
    });
    this.turnTimer = timer;
    return deadline;
  }

  protected disarmTurnTimer(): void {
    this.turnTimer?.clear();
    this.turnTimer = null;
  }

  /** Re-plans the bots' next moves (see `planBots`); called after every commit. */
  protected replanBots(): void {
    if (this.isDisposing() || !this.created) return;
    const plans = this.planBots();
    const planned = new Set<number>();
    for (const plan of plans) {
      if (planned.has(plan.seat)) continue;
      planned.add(plan.seat);
      const current = this.botTimers.get(plan.seat);
      if (current && current.key === plan.key) {
        current.plan = plan;
        continue;
      }
      current?.timer.clear();
      const entry = { key: plan.key, plan, timer: null as unknown as RoomTimer };
      entry.timer = this.later(Math.max(0, plan.delayMs * SeatedRoom.botDelayScale), () => {
        if (this.botTimers.get(plan.seat) !== entry) return;
        // The entry stays planned until the move really runs: a server move queued behind
        // another one (say, a second bot's Caught on the same player) must see the replan
        // that the first one caused, not play a move that has just stopped being legal.
        this.serverMove(
          plan.seat,
          (ctx) => {
            if (this.botTimers.get(plan.seat) !== entry) return false;
            this.botTimers.delete(plan.seat);
            return entry.plan.run(ctx);
          },
          "bot move",
        );
      });
      this.botTimers.set(plan.seat, entry);
    }
    for (const [seat, entry] of this.botTimers) {
      if (!planned.has(seat)) {
        entry.timer.clear();
        this.botTimers.delete(seat);
      }
    }
  }

  private clearBotTimers(): void {
    for (const entry of this.botTimers.values()) entry.timer.clear();
    this.botTimers.clear();
  }

  /** Answers a refused message. */
  protected refuse(client: Client, type: unknown, code: string, message: string): void {
    client.send("error", { code, message, type: echoType(type) });
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
      this.refuseUnknown(client, rest.length >= 2 ? rest[0] : "*");
    });
    // Colyseus' built-in fallback is addressable by name and would kick the sender.
    this.onMessage("__no_message_handler", (client: Client) => this.refuseUnknown(client, "__no_message_handler"));
  }

  /** A message over the rate limit: answered once a second; a client that keeps on is disconnected. */
  private overLimit(client: Client, data: ClientData, type: unknown, bucket: "main" | "cursor"): void {
    if (data.flood.overLimit(bucket) === "reply") this.refuse(client, type, "rate-limited", RATE_LIMITED);
  }

  private refuseUnknown(client: Client, type: unknown): void {
    const data = client.userData as ClientData | undefined;
    if (!data || data.role === "none") return;
    if (!data.bucket.take()) return this.overLimit(client, data, type, "main");
    this.refuse(client, type, "unknown-type", `Unknown message type ${JSON.stringify(echoType(type))}.`);
  }

  // ---- seats ----------------------------------------------------------------

  /** The seat `client` holds, or −1 (spectator, replaced connection). */
  protected seatOf(client: Client): number {
    const data = client.userData as ClientData | undefined;
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
      this.afterWrites.push(() => {
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

  /** Writes a finished (or abandoned) game to the store; a store failure never breaks the room. */
  protected recordGame(game: Omit<FinishedGame, "game" | "roomId" | "seats"> & { seats?: string[] }): void {
    try {
      this.settings.store.recordGame({ ...game, game: this.gameId, roomId: this.roomId, seats: game.seats ?? this.seatNames() });
    } catch (e) {
      console.error(`[${this.gameId} ${this.roomId}] could not record a finished game`, e);
    }
  }

  protected isDisposing(): boolean {
    return (this as unknown as { _internalState: RoomInternalState })._internalState === RoomInternalState.DISPOSING;
  }
}

export { DEFAULTS };
