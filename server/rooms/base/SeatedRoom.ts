// The seated-room base every game builds on (docs/protocol.md is its contract).
//
// It owns, once for every game: seats and seat tokens, spectators, reconnection
// (Colyseus window, then a held seat reclaimable by token), quick-play visibility
// and listing metadata, private codes, message validation, rate limits and error
// replies, patch-right-after-a-move, crash containment and the finished-game store.
// A game subclass only builds its state, registers its messages with
// `defineMessage()`, and decides the game rules through common/.

import { randomBytes, timingSafeEqual } from "node:crypto";
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
import { HubRefusal, refuseOption } from "./errors.js";
import { HubState, SeatState } from "./HubState.js";
import { releaseCode, reserveCode } from "./privateCodes.js";
import { TokenBucket } from "./rateLimit.js";
import {
  badPayload,
  cleanText,
  emptyPayload,
  isPlainObject,
  objectWith,
  ok,
  payloadSize,
  sanitizeName,
  type Parsed,
} from "./validate.js";

/** What a game's `createGame()` hands back to the base. */
export interface GameSetup<S extends HubState> {
  /** The game's schema state (base fields are filled in by the base). */
  state: S;
  /** Room mode, e.g. "solo" / "coop". */
  mode: string;
  /** Number of seats (1..100). */
  seats: number;
}

/** The sender of an accepted-so-far message, as a game handler sees it. */
export interface SenderContext {
  client: Client;
  /** The sender's seat, or −1 for a spectator. */
  seat: number;
  name: string;
  /** Server time (ms since epoch) the message is handled at. */
  now: number;
  /** Queues a one-shot `event` broadcast, sent right after this message's patch. */
  emit(event: HubEvent): void;
}

export interface HubEvent {
  kind: string;
  [key: string]: unknown;
}

export interface MessageSpec<P> {
  /** "seat" (default): seated players only, others get `not-seated`; "anyone": spectators too. */
  who?: "seat" | "anyone";
  /** Rate-limit bucket (default "main"; "cursor" for pointer updates). */
  bucket?: "main" | "cursor";
  /** Send the patch right after an accepted message (default true). Off for cursors/chat. */
  patchNow?: boolean;
  /** Shape/type/range check of the raw payload. */
  parse(payload: unknown): Parsed<P>;
  /** Applies the message. Return a Rejection to refuse it; it must then have changed nothing. */
  run(ctx: SenderContext, payload: P): Rejection | void;
}

export type SeatStatus = "free" | "connected" | "reconnecting" | "held";

interface SeatRecord {
  /** Seat token ("" while the seat is free). Only the seat's owner ever receives it. */
  token: string;
  /** Live session bound to the seat (connected or inside the reconnection window). */
  sessionId: string | null;
  /** Pending Colyseus reconnection while the player is dropped. */
  reconnection: { reject(reason?: unknown): void } | null;
  /** Set while the seat is held past the reconnection window. */
  holdTimer: Delayed | null;
}

interface ClientData {
  role: "seat" | "spectator" | "none";
  seat: number;
  name: string;
  bucket: TokenBucket;
  cursorBucket: TokenBucket;
}

/** Validated join options (returned by onAuth, kept as client.auth). */
export interface JoinRequest {
  name: string;
  nameGiven: boolean;
  spectate: boolean;
  seatToken?: string;
}

export interface HubMetadata {
  game: string;
  mode: string;
  players: number;
  maxPlayers: number;
  spectators: number;
  phase: string;
  /** Shown in GET /api/rooms (public rooms, full or not). Private rooms: false. */
  listed: boolean;
  [key: string]: unknown;
}

const MAX_CHAT = 200;
const MAX_ECHOED_TYPE = 64;
const MAX_SEATS = 100;

/** A quiet no-op store for rooms created without settings (never in the real config). */
const NO_STORE: GameStore = { recordGame() {}, recentGames: () => [], close() {} };

export function newSeatToken(): string {
  return randomBytes(18).toString("base64url");
}

function sameToken(a: string, b: string): boolean {
  if (!a || !b) return false;
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

/** Checks the options every join carries; throws a HubRefusal the client sees as its error. */
export function parseJoinOptions(options: unknown): JoinRequest {
  if (options === undefined || options === null || options === true) {
    return { name: sanitizeName(undefined), nameGiven: false, spectate: false };
  }
  if (!isPlainObject(options)) throw refuseOption("Join options must be an object.");
  const { name, spectate, seatToken } = options;
  if (name !== undefined && typeof name !== "string") throw refuseOption("name must be a string.");
  if (spectate !== undefined && typeof spectate !== "boolean") throw refuseOption("spectate must be true or false.");
  if (seatToken !== undefined && (typeof seatToken !== "string" || seatToken.length === 0 || seatToken.length > 128)) {
    throw refuseOption("seatToken must be the string the server sent in the `seat` message.");
  }
  if (spectate === true && seatToken !== undefined) throw refuseOption("Use either spectate or seatToken, not both.");
  return { name: sanitizeName(name), nameGiven: typeof name === "string", spectate: spectate === true, seatToken };
}

/** True when these (raw) join options ask for a new seat (not a spectator, not a reclaim). */
function wantsNewSeat(options: unknown): boolean {
  if (!isPlainObject(options)) return true;
  return options.spectate !== true && options.seatToken === undefined;
}

export abstract class SeatedRoom<S extends HubState = HubState> extends Room<S, HubMetadata> {
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
  /** Private per-seat schema (a child of the state) to add to that seat's StateView; none by default. */
  protected seatPrivateState(_seat: number): Schema | undefined {
    return undefined;
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
  private privateRoom = false;
  private privateCode: string | null = null;
  private lastMetadata = "";
  private created = false;

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
      this.seatRecords.push({ token: "", sessionId: null, reconnection: null, holdTimer: null });
    }
    this.maxClients = setup.seats + this.settings.spectatorSlots;
    this.state = state;

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
    if (request.seatToken !== undefined && this.seatByToken(request.seatToken) < 0) {
      throw new HubRefusal(
        "seat-token",
        "That seat token does not match a seat in this room (the seat was given up, or its game ended).",
        ErrorCode.AUTH_FAILED,
      );
    }
    return request;
  }

  onJoin(client: Client, _options: unknown, auth: JoinRequest): void {
    const data: ClientData = {
      role: "none",
      seat: -1,
      name: auth.name,
      bucket: new TokenBucket(this.settings.messageRate),
      cursorBucket: new TokenBucket(this.settings.cursorRate),
    };
    client.userData = data;

    if (auth.spectate) {
      data.role = "spectator";
      this.state.spectators++;
    } else if (auth.seatToken !== undefined) {
      const seat = this.seatByToken(auth.seatToken);
      if (seat < 0) throw new HubRefusal("seat-token", "That seat is no longer held.", ErrorCode.AUTH_FAILED);
      this.bindSeat(seat, client, data, auth, true);
    } else {
      this.pendingSeats.delete(client.sessionId);
      const seat = this.state.seats.findIndex((s) => !s.occupied);
      if (seat < 0) throw new HubRefusal("room-full", "Every seat in this room is taken; join as a spectator.");
      this.bindSeat(seat, client, data, auth, false);
    }
    this.sendWelcome(client, data);
    this.commit();
  }

  async onLeave(client: Client, consented: boolean): Promise<void> {
    const data = client.userData as ClientData | undefined;
    if (!data) return;
    if (data.role === "spectator") {
      data.role = "none";
      this.state.spectators = Math.max(0, this.state.spectators - 1);
      if (!this.isDisposing()) this.commit();
      return;
    }
    if (data.role !== "seat") return;
    const seat = data.seat;
    const record = this.seatRecords[seat];
    if (record.sessionId !== client.sessionId) return; // the seat was reclaimed by another connection
    if (this.isDisposing()) return;
    // A connection that never finished joining never received its seat token: nothing to hold.
    const joined = (client as Client & ClientPrivate)._enqueuedMessages === undefined;
    if (consented || !joined || this.settings.reconnectSeconds <= 0) {
      this.freeSeat(seat);
      this.commit();
      return;
    }

    this.state.seats[seat].connected = false;
    this.onSeatConnection(seat, false);
    this.commit();

    const reconnection = this.allowReconnection(client, this.settings.reconnectSeconds);
    if (typeof reconnection.reject === "function") {
      const deferred = reconnection;
      record.reconnection = { reject: (reason?: unknown) => deferred.reject(reason) };
    }
    try {
      const newClient = await reconnection;
      if (record.sessionId !== client.sessionId) return;
      record.reconnection = null;
      this.state.seats[seat].connected = true;
      this.onSeatConnection(seat, true);
      this.sendWelcome(newClient, data);
      this.commit();
    } catch {
      if (record.sessionId !== client.sessionId) return; // reclaimed by seat token meanwhile
      record.reconnection = null;
      record.sessionId = null;
      if (this.isDisposing()) return;
      this.holdOrFree(seat);
      this.commit();
    }
  }

  onDispose(): void | Promise<void> {
    for (const record of this.seatRecords) {
      record.holdTimer?.clear();
      record.holdTimer = null;
    }
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
    if (takesSeat) {
      if (this.freeSeatCount() <= 0) return false;
      this.pendingSeats.add(sessionId); // synchronously, before any await: concurrent joins see it
    }
    let reserved = false;
    try {
      reserved = await super._reserveSeat(sessionId, joinOptions, authData, seconds, allowReconnection, devModeReconnection);
    } finally {
      if (takesSeat && !reserved) this.pendingSeats.delete(sessionId);
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
    if (!bucket.take()) return this.refuse(client, type, "rate-limited", "Too many messages; slow down.");
    if (payloadSize(payload) > this.settings.maxPayloadChars) {
      return this.refuse(client, type, "too-large", `Messages are limited to ${this.settings.maxPayloadChars} bytes.`);
    }
    const seat = this.seatOf(client);
    if ((spec.who ?? "seat") === "seat" && seat < 0) {
      return this.refuse(client, type, "not-seated", "Only seated players can do that; spectators watch.");
    }
    const parsed = spec.parse(payload);
    if (!parsed.ok) return this.refuse(client, type, parsed.error.code, parsed.error.message);
    const events: HubEvent[] = [];
    const ctx: SenderContext = { client, seat, name: data.name, now: Date.now(), emit: (e) => events.push(e) };
    const rejection = spec.run(ctx, parsed.value);
    if (rejection) return this.refuse(client, type, rejection.code, rejection.message);
    if (spec.patchNow !== false) this.commit();
    for (const event of events) this.broadcast("event", event);
  }

  /** Answers a refused message. */
  protected refuse(client: Client, type: unknown, code: string, message: string): void {
    client.send("error", { code, message, type: echoType(type) });
  }

  private defineBaseMessages(): void {
    this.defineMessage<{ text: string }>("chat", {
      who: "anyone",
      patchNow: false,
      parse: (payload) => {
        const o = objectWith(payload, ["text"]);
        if (!o.ok) return o;
        const { text } = o.value;
        if (typeof text !== "string") return badPayload("text must be a string.");
        const clean = cleanText(text, Infinity);
        if (clean.length === 0) return badPayload("Say something.");
        if (Array.from(clean).length > MAX_CHAT) return badPayload(`Chat lines are limited to ${MAX_CHAT} characters.`);
        return ok({ text: clean });
      },
      run: (ctx, { text }) => {
        ctx.emit({ kind: "chat", seat: ctx.seat, name: ctx.name, text });
      },
    });
    this.defineMessage<{ ready: boolean }>("ready", {
      parse: (payload) => {
        const o = objectWith(payload, ["ready"]);
        if (!o.ok) return o;
        if (typeof o.value.ready !== "boolean") return badPayload("ready must be true or false.");
        return ok({ ready: o.value.ready });
      },
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

  private refuseUnknown(client: Client, type: unknown): void {
    const data = client.userData as ClientData | undefined;
    if (!data || data.role === "none") return;
    if (!data.bucket.take()) return this.refuse(client, type, "rate-limited", "Too many messages; slow down.");
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
    if (record.sessionId === null) return "held";
    return record.reconnection ? "reconnecting" : "connected";
  }

  /** Frees every seat held past its reconnection window (e.g. when a game ends). */
  protected releaseHeldSeats(): void {
    for (let seat = 0; seat < this.seatRecords.length; seat++) {
      if (this.seatStatus(seat) === "held") this.freeSeat(seat);
    }
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
    const record = this.seatRecords[seat];
    if (this.settings.seatHoldSeconds > 0 && this.canHoldSeat(seat)) {
      record.holdTimer?.clear();
      record.holdTimer = this.clock.setTimeout(() => {
        record.holdTimer = null;
        if (this.seatStatus(seat) === "held") {
          this.freeSeat(seat);
          this.commit();
        }
      }, this.settings.seatHoldSeconds * 1000);
      this.updateAutoDispose();
      this.refreshListing();
    } else {
      this.freeSeat(seat);
    }
  }

  /** Empties a seat: its token stops working. */
  protected freeSeat(seat: number): void {
    const record = this.seatRecords[seat];
    record.holdTimer?.clear();
    record.holdTimer = null;
    record.token = "";
    record.sessionId = null;
    record.reconnection = null;
    const s = this.state.seats[seat];
    s.name = "";
    s.occupied = false;
    s.connected = false;
    s.ready = false;
    s.bot = false;
    if (this.state.owner === seat) this.state.owner = this.state.seats.findIndex((x) => x.occupied);
    this.onSeatFreed(seat);
    this.updateAutoDispose();
    this.refreshListing();
  }

  private freeSeatCount(): number {
    for (const id of this.pendingSeats) if (!(id in this.reservedSeats)) this.pendingSeats.delete(id);
    let free = 0;
    for (const s of this.state.seats) if (!s.occupied) free++;
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

  /** Stamps serverTime, sends the patch now (not on the next tick) and refreshes the listing. */
  protected commit(): void {
    if (this.isDisposing()) return;
    this.state.serverTime = Date.now();
    this.broadcastPatch();
    this.refreshListing();
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
    const metadata: HubMetadata = {
      game: this.gameId,
      mode: this.state.mode,
      players: this.state.seats.filter((s) => s.occupied).length,
      maxPlayers: this.state.maxSeats,
      spectators: this.state.spectators,
      phase: this.state.phase,
      listed: !this.privateRoom,
      ...this.extraMetadata(),
    };
    const json = JSON.stringify(metadata);
    if (json !== this.lastMetadata) {
      this.lastMetadata = json;
      this.setMetadata(metadata).catch((e) => console.error(`[${this.gameId} ${this.roomId}] setMetadata failed`, e));
    }
  }

  /** Writes a finished (or abandoned) game to the store; a store failure never breaks the room. */
  protected recordGame(game: Omit<FinishedGame, "game" | "roomId" | "seats">): void {
    try {
      this.settings.store.recordGame({ ...game, game: this.gameId, roomId: this.roomId, seats: this.seatNames() });
    } catch (e) {
      console.error(`[${this.gameId} ${this.roomId}] could not record a finished game`, e);
    }
  }

  protected isDisposing(): boolean {
    return (this as unknown as { _internalState: RoomInternalState })._internalState === RoomInternalState.DISPOSING;
  }
}

/** The `type` an error reply carries: the message's type as received, cut to 64 characters ("" if none decoded). */
function echoType(type: unknown): string {
  return type === undefined || type === null ? "" : String(type).slice(0, MAX_ECHOED_TYPE);
}

export { DEFAULTS };
