// The seat book: who holds each seat of a room and how (connected, reconnecting, held for a
// seat-token rejoin, played by a bot, free), the seat tokens, holds and their timers, bot
// seats, and the places reserved by joins still on their way (seats and spectators counted
// apart). The room (SeatedRoom.ts) asks it and is told through its hooks (`SeatBookRoom`).

import { ErrorCode, Protocol, type Client, type Delayed } from "@colyseus/core";
import { StateView, type Schema } from "@colyseus/schema";
import type { HubSettings } from "../../settings.js";
import { HubRefusal, refuseMovedSeat, refuseSeatToken } from "./errors.js";
import type { ClientData } from "./gate.js";
import type { HubState } from "./HubState.js";
import { SeatState } from "./HubState.js";
import { seatLeft } from "./reconnection.js";
import { isPlainObject } from "./validate.js";
import type { LoggedSeat } from "../../store/RoomLog.js";
import { BOT_NAMES, hashToken, newSeatToken, resetRecord, sameToken, wantsNewSeat, type JoinRequest, type SeatRecord, type SeatStatus } from "./seats.js";

/** What the seat book needs of its room: its state, clock and clients, and the game's seat hooks. */
export interface SeatBookRoom {
  state(): HubState;
  settings(): HubSettings;
  client(sessionId: string): Client | undefined;
  connections(): number;
  /** Join reservations Colyseus still holds (by session id). */
  reserved(): Record<string, unknown>;
  later(ms: number, fn: () => void): Delayed;
  disposing(): boolean;
  commit(): void;
  refreshListing(): void;
  /** Keep the room alive without connections (a seat is held) or let it go. */
  keepAlive(held: boolean): void;
  /** Runs `fn` with server moves held back until it is done. */
  exclusive(fn: () => void): void;
  /** `welcome` (and `seat`) to a connection. */
  welcome(client: Client, data: ClientData): void;
  /** Colyseus' allowReconnection: the new connection, or a rejection when the window ends. */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  allowReconnection(client: Client, seconds: number): PromiseLike<Client> & { reject?: Function };
  /** The pending reconnection of `token` is also taken with each of `others` (until it ends). */
  alsoReconnectWith(others: readonly string[], token: string): void;
  // The game's hooks (SeatedRoom's optional hooks).
  onSeatTaken(seat: number, reclaimed: boolean): void;
  onSeatFreed(seat: number): void;
  onSeatConnection(seat: number, connected: boolean): void;
  onSeatBot(seat: number, bot: boolean): void;
  /** A player's seat is held past the reconnection window (they are gone, the seat waits for its token). */
  onSeatHeld(seat: number): void;
  onViewer(client: Client, seat: number): void;
  canHoldSeat(seat: number): boolean;
  botPlaysHeldSeat(seat: number): boolean;
  canReplaceBot(seat: number): boolean;
  acceptsNewPlayers(): boolean;
  /** The seat a newcomer is meant to have (a rated table's order), or −1: the first free one. */
  seatWanted(auth: JoinRequest): number;
  seatPrivateState(seat: number): Schema | undefined;
}

export class SeatBook {
  private records: SeatRecord[] = [];
  /** Tokens a device link retired (claim), newest last: refused with "moved to another device". */
  private movedTokens: string[] = [];
  /** Seat-taking joins reserved but not yet arrived (session ids). */
  private pendingSeats = new Set<string>();
  private pendingSpectators = new Set<string>();

  constructor(private readonly room: SeatBookRoom) {}

  /** The room's seats, all free. */
  setUp(seats: number): void {
    const state = this.room.state();
    for (let i = 0; i < seats; i++) {
      state.seats.push(new SeatState());
      this.records.push({ token: "", tokenHash: "", sessionId: null, reconnection: null, holdTimer: null, holdUntil: 0, bot: false, profileId: null });
    }
  }

  record(seat: number): SeatRecord {
    return this.records[seat];
  }

  /** Whether this connection still holds the seat (false once it went to another connection). */
  heldBy(seat: number, sessionId: string): boolean {
    return this.records[seat]?.sessionId === sessionId;
  }

  byToken(token: string): number {
    const hash = hashToken(token);
    const seats = this.room.state().seats;
    for (let seat = 0; seat < this.records.length; seat++) {
      if (seats[seat].occupied && sameToken(this.records[seat].tokenHash, hash)) return seat;
    }
    return -1;
  }

  /** Where a seat is in its life. */
  status(seat: number): SeatStatus {
    const record = this.records[seat];
    if (!record || !this.room.state().seats[seat].occupied) return "free";
    if (record.bot) return "bot";
    if (record.sessionId === null) return "held";
    return record.reconnection ? "reconnecting" : "connected";
  }

  isBot(seat: number): boolean {
    return this.records[seat]?.bot === true && this.room.state().seats[seat].occupied;
  }

  anyHeld(): boolean {
    return this.records.some((_, seat) => this.status(seat) === "held");
  }

  /** Someone is inside a reconnection window. */
  anyReconnecting(): boolean {
    return this.records.some((r) => r.reconnection);
  }

  // ---- joining and leaving ---------------------------------------------------------

  /** A connection joined: a spectator, a seat reclaimed by its token, or a seat for a newcomer. */
  join(client: Client, data: ClientData, auth: JoinRequest): void {
    const room = this.room;
    if (auth.spectate) {
      this.pendingSpectators.delete(client.sessionId);
      data.role = "spectator";
      room.state().spectators++;
      room.onViewer(client, -1);
    } else if (auth.seatToken !== undefined) {
      const seat = this.byToken(auth.seatToken);
      if (seat < 0) throw new HubRefusal("seat-token", "That seat is no longer held.", ErrorCode.AUTH_FAILED);
      this.bind(seat, client, data, auth, true);
    } else {
      const seat = this.seatForNewcomer(client.sessionId, room.seatWanted(auth));
      if (seat < 0) throw new HubRefusal("room-full", "Every seat in this room is taken; join as a spectator.");
      this.bind(seat, client, data, auth, false);
    }
  }

  /** A connection closed: a spectator goes; a seat is freed, held or waits for its reconnection (reconnection.ts). */
  async left(client: Client, data: ClientData, consented: boolean): Promise<void> {
    const room = this.room;
    if (data.role === "spectator") {
      data.role = "none";
      room.state().spectators = Math.max(0, room.state().spectators - 1);
      if (!room.disposing()) {
        room.commit();
        this.shortenAbandonedHolds();
      }
      return;
    }
    if (data.role === "seat") await seatLeft(this, room, client, data, consented);
  }

  /**
   * The seat a new player gets: a free one, else a bot seat the game lets go (the bot leaves),
   * else an unconfirmed seat (a first join cut before its acknowledgement: most likely this
   * very player joining again), even while a game runs. −1: none.
   */
  private seatForNewcomer(sessionId: string, wanted = -1): number {
    const room = this.room;
    this.pendingSeats.delete(sessionId);
    let seat = -1;
    if (room.acceptsNewPlayers()) {
      const seats = room.state().seats;
      seat = wanted >= 0 && wanted < seats.length && !seats[wanted].occupied ? wanted : seats.findIndex((s) => !s.occupied);
      if (seat < 0) {
        seat = this.records.findIndex((r, i) => r.bot && room.canReplaceBot(i));
        if (seat >= 0) this.dropBot(seat);
      }
    }
    if (seat < 0) {
      seat = this.records.findIndex((r) => r.unconfirmed && r.reconnection);
      if (seat >= 0) {
        this.detach(seat);
        this.records[seat].unconfirmed = false;
      }
    }
    return seat;
  }

  /** Binds a seat to a joining connection (a new seat gets a fresh token). */
  private bind(seat: number, client: Client, data: ClientData, auth: JoinRequest, reclaimed: boolean): void {
    const room = this.room;
    const state = room.state();
    const record = this.records[seat];
    const seatState = state.seats[seat];
    if (reclaimed) {
      this.detach(seat);
      // A restored seat knows only its token's hash: the owner just showed the token itself.
      if (auth.seatToken) record.token = auth.seatToken;
      if (auth.nameGiven) seatState.name = auth.name;
      if (seatState.bot) {
        // The owner is back: the bot that played the held seat steps aside.
        seatState.bot = false;
        room.onSeatBot(seat, false);
      }
    } else {
      record.token = newSeatToken();
      record.tokenHash = hashToken(record.token);
      record.profileId = auth.profileId ?? null;
      seatState.name = auth.name;
      seatState.ready = false;
      seatState.bot = false;
    }
    record.sessionId = client.sessionId;
    record.movedFrom = null;
    if (seatState.departed) seatState.departed = "";
    seatState.occupied = true;
    seatState.connected = true;
    data.role = "seat";
    data.seat = seat;
    data.name = seatState.name;
    if (state.owner < 0) state.owner = seat;
    this.freshView(client, seat);
    this.updateAutoDispose();
    room.onViewer(client, seat);
    room.onSeatTaken(seat, reclaimed);
    if (reclaimed) room.onSeatConnection(seat, true);
  }

  /**
   * A new StateView for a connection now showing `seat`, holding the seat's private state (the
   * game adds the rest in onViewer). Never the view of an earlier connection: it missed every
   * change of audience while nobody was connected with it, and would show what the seat may no
   * longer see.
   */
  freshView(client: Client, seat: number): void {
    const privateState = this.room.seatPrivateState(seat);
    client.view = privateState ? new StateView() : undefined;
    if (privateState) client.view!.add(privateState);
  }

  /** Cuts the seat loose from whatever connection had it (held timer, pending reconnection, live client). */
  private detach(seat: number): void {
    const record = this.records[seat];
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
      const old = this.room.client(previous);
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

  // ---- device links (server/api/claims.ts) ------------------------------------------

  /** Did a device link move the seat this token was for? */
  tokenMoved(token: unknown): boolean {
    if (typeof token !== "string") return false;
    const hash = hashToken(token);
    return this.movedTokens.some((t) => sameToken(t, hash));
  }

  /** The refusal of a token that names no seat: "moved to another device" when a device link retired it. */
  tokenRefusal(token: unknown): HubRefusal {
    return this.tokenMoved(token) ? refuseMovedSeat() : refuseSeatToken();
  }

  /**
   * A device link was redeemed: the seat gets a fresh token (only the redeeming device
   * receives it) and the old one is refused from now on. The connection holding the seat
   * plays on until the new device joins (it is then told its seat moved), but if it drops
   * meanwhile it is not let back in (seatLeft); a pending reconnection of it ends now.
   */
  claim(token: string): { seat: number; seatToken: string } | null {
    const seat = this.byToken(token);
    if (seat < 0) return null;
    const record = this.records[seat];
    // Retired tokens are kept as hashes (a restored room knows only hashes too).
    this.movedTokens.push(record.tokenHash);
    if (this.movedTokens.length > 4 * this.records.length + 4) this.movedTokens.shift();
    record.token = newSeatToken();
    record.tokenHash = hashToken(record.token);
    record.movedFrom = record.sessionId;
    if (record.reconnection) {
      const pending = record.reconnection;
      record.reconnection = null;
      pending.reject(new Error("seat moved to another device"));
    }
    return { seat, seatToken: record.token };
  }

  /**
   * The old device of a seat a device link moved left (or dropped) before the new one joined:
   * the seat waits for the new device, held as after a drop; between games, where seats are
   * not held, for one reconnection window.
   */
  awaitNewDevice(seat: number): void {
    const room = this.room;
    this.records[seat].sessionId = null;
    room.state().seats[seat].connected = false;
    room.onSeatConnection(seat, false);
    if (room.settings().seatHoldSeconds > 0 && room.canHoldSeat(seat)) this.holdOrFree(seat);
    else {
      this.armHold(seat, Math.max(1, room.settings().reconnectSeconds) * 1000);
      this.updateAutoDispose();
    }
    room.commit();
  }

  // ---- holds ----------------------------------------------------------------------

  /** A seat whose player is gone: held for its token if the game wants (a bot may play it meanwhile), else freed. */
  holdOrFree(seat: number): void {
    const room = this.room;
    const seatState = room.state().seats[seat];
    if (room.settings().seatHoldSeconds > 0 && room.canHoldSeat(seat)) {
      this.armHold(seat, room.settings().seatHoldSeconds * 1000);
      room.onSeatHeld(seat);
      if (!seatState.bot && room.botPlaysHeldSeat(seat)) {
        seatState.bot = true;
        room.onSeatBot(seat, true);
      }
      this.updateAutoDispose();
      room.refreshListing();
    } else {
      this.free(seat);
    }
  }

  private armHold(seat: number, ms: number): void {
    const record = this.records[seat];
    record.holdTimer?.clear();
    record.holdUntil = Date.now() + ms;
    record.holdTimer = this.room.later(ms, () => {
      record.holdTimer = null;
      if (this.status(seat) === "held") {
        this.free(seat);
        this.room.commit();
      }
    });
  }

  /**
   * Nobody is connected and nobody is inside a reconnection window: the room's held seats
   * end within ABANDONED_HOLD_SECONDS (a 100×100 board with one reveal and a dropped socket
   * lived 10.5 minutes). A room someone is still in keeps the full SEAT_HOLD_SECONDS.
   */
  shortenAbandonedHolds(): void {
    const room = this.room;
    if (room.disposing() || room.connections() > 0 || this.anyReconnecting()) return;
    const ms = room.settings().abandonedHoldSeconds * 1000;
    const cap = Date.now() + ms;
    this.records.forEach((record, seat) => {
      if (record.holdTimer && record.holdUntil > cap) this.armHold(seat, ms);
    });
  }

  /** Frees every seat held past its reconnection window (e.g. when a game ends). */
  releaseHeld(): void {
    for (let seat = 0; seat < this.records.length; seat++) {
      if (this.status(seat) === "held") this.free(seat);
    }
  }

  /** The room goes away: no hold outlives it. */
  clearHolds(): void {
    for (const record of this.records) {
      record.holdTimer?.clear();
      record.holdTimer = null;
    }
  }

  // ---- bots -----------------------------------------------------------------------

  /** Seats a bot ("Bot Ada", "Bot Babbage"...): the seat, or −1 when it is taken. */
  addBot(seat: number): number {
    const room = this.room;
    const seats = room.state().seats;
    const s = seats[seat];
    if (!s || s.occupied) return -1;
    resetRecord(this.records[seat], true);
    const used = new Set(seats.map((x) => (x.occupied ? x.name : "")));
    const name = BOT_NAMES.map((n) => `Bot ${n}`).find((n) => !used.has(n)) ?? `Bot ${seat + 1}`;
    s.name = name;
    if (s.departed) s.departed = "";
    s.occupied = true;
    s.connected = true;
    s.ready = true;
    s.bot = true;
    room.onSeatBot(seat, true);
    this.updateAutoDispose();
    room.refreshListing();
    return seat;
  }

  /** Frees a bot seat. False if `seat` is not a bot seat. */
  removeBot(seat: number): boolean {
    if (!this.isBot(seat)) return false;
    this.dropBot(seat);
    this.free(seat);
    return true;
  }

  /** The bot leaves its seat (which is then free, or taken by the person joining). */
  private dropBot(seat: number): void {
    this.records[seat].bot = false;
    this.room.state().seats[seat].bot = false;
    this.room.onSeatBot(seat, false);
  }

  // ---- freeing and counting ---------------------------------------------------------

  /** Empties a seat: its token stops working. */
  free(seat: number): void {
    const room = this.room;
    const state = room.state();
    const s = state.seats[seat];
    // a person's name stays on the table as who left (a bot's seat, which holds no token, names nobody)
    const record = this.records[seat];
    const departed = s.occupied && !record.bot && record.tokenHash !== "" ? s.name : "";
    resetRecord(record, false);
    const botWasPlaying = s.bot;
    s.name = "";
    if (s.departed !== departed) s.departed = departed;
    s.occupied = false;
    s.connected = false;
    s.ready = false;
    s.bot = false;
    if (botWasPlaying) room.onSeatBot(seat, false);
    // The owner is a person: bot seats never own a room.
    if (state.owner === seat) state.owner = this.records.findIndex((r, i) => !r.bot && state.seats[i].occupied);
    room.onSeatFreed(seat);
    this.updateAutoDispose();
    room.refreshListing();
  }

  /**
   * Seats a newcomer could take now, less the joins on their way. `withUnconfirmed` false:
   * without the unconfirmed seats (what quick play lists: a stranger is not sent into one).
   */
  freeCount(withUnconfirmed = true): number {
    const room = this.room;
    for (const id of this.pendingSeats) if (!(id in room.reserved())) this.pendingSeats.delete(id);
    const unconfirmed = withUnconfirmed ? this.records.filter((r) => r.unconfirmed && r.reconnection).length : 0;
    if (!room.acceptsNewPlayers()) return unconfirmed - this.pendingSeats.size;
    let free = unconfirmed;
    room.state().seats.forEach((s, seat) => {
      if (!s.occupied || (this.records[seat].bot && room.canReplaceBot(seat))) free++;
    });
    return free - this.pendingSeats.size;
  }

  /** Spectators watching or on their way (reservations not yet used). */
  private spectatorCount(): number {
    for (const id of this.pendingSpectators) if (!(id in this.room.reserved())) this.pendingSpectators.delete(id);
    return this.room.state().spectators + this.pendingSpectators.size;
  }

  /**
   * Before Colyseus reserves a place for a join: a seat-taking join only while a seat is
   * free (false: refuse as full), a spectator only while a spectator place is; a seat token
   * must still stand. What was counted in is handed to `reserved` afterwards.
   */
  beforeReserve(sessionId: string, joinOptions: unknown, reconnecting: boolean): { takesSeat: boolean; spectates: boolean } | false {
    const takesSeat = !reconnecting && wantsNewSeat(joinOptions);
    const spectates = !reconnecting && isPlainObject(joinOptions) && joinOptions.spectate === true;
    if (!reconnecting && isPlainObject(joinOptions) && joinOptions.seatToken !== undefined) {
      // Checked again here (the HTTP route asks first): a bogus token must never hold a place.
      if (typeof joinOptions.seatToken !== "string" || this.byToken(joinOptions.seatToken) < 0) throw this.tokenRefusal(joinOptions.seatToken);
    }
    if (takesSeat) {
      if (this.freeCount() <= 0) return false;
      this.pendingSeats.add(sessionId); // synchronously, before any await: concurrent joins see it
    }
    if (spectates) {
      // Spectators have their own places: however many watch, seats stay free for players.
      if (this.spectatorCount() >= this.room.settings().spectatorSlots) {
        throw new HubRefusal("spectators-full", "This room has all the spectators it takes; try watching again later.");
      }
      this.pendingSpectators.add(sessionId);
    }
    return { takesSeat, spectates };
  }

  /** After Colyseus answered the reservation: a refused one no longer counts. */
  reserved(sessionId: string, counted: { takesSeat: boolean; spectates: boolean }, ok: boolean): void {
    if (ok) return;
    if (counted.takesSeat) this.pendingSeats.delete(sessionId);
    if (counted.spectates) this.pendingSpectators.delete(sessionId);
  }

  /** A room with held seats must outlive its last connection (until the holds end). */
  updateAutoDispose(): void {
    if (!this.room.disposing()) this.room.keepAlive(this.anyHeld());
  }

  // ---- the room log: the seats it keeps, seats restored, and whether to sleep ------------

  /** The seats as the room log keeps them (token hashes, never tokens). */
  snapshot(): LoggedSeat[] {
    return this.room.state().seats.map((s, i) => {
      const r = this.records[i];
      const seat: LoggedSeat = { name: s.name, tokenHash: r.bot ? "" : r.tokenHash, occupied: s.occupied, bot: r.bot, botPlays: !r.bot && s.bot, ready: s.ready };
      if (r.profileId) seat.profileId = r.profileId;
      return seat;
    });
  }

  /**
   * Seats back from the room log: bot seats play on; every person's seat is held for its
   * owner's seat token (nobody is connected to a restored room yet). A game seat whose owner
   * does not come back within the reconnection window is played by a bot where the game
   * allows, as after any drop.
   */
  restore(seats: readonly LoggedSeat[], owner: number): void {
    const room = this.room;
    const state = room.state();
    const settings = room.settings();
    seats.forEach((logged, seat) => {
      const s = state.seats[seat];
      const record = this.records[seat];
      if (!s || !record) return;
      resetRecord(record, logged.occupied && logged.bot);
      s.occupied = logged.occupied;
      s.name = logged.occupied ? logged.name : "";
      s.ready = logged.occupied && logged.ready;
      s.bot = logged.occupied && (logged.bot || logged.botPlays);
      s.connected = logged.occupied && logged.bot;
      if (!logged.occupied || logged.bot) return;
      record.tokenHash = logged.tokenHash;
      record.profileId = logged.profileId ?? null;
      this.armHold(seat, Math.max(settings.seatHoldSeconds, settings.reconnectSeconds, 1) * 1000);
      if (logged.botPlays) return;
      room.later(settings.reconnectSeconds * 1000, () => {
        if (this.status(seat) !== "held" || s.bot || !room.botPlaysHeldSeat(seat)) return;
        s.bot = true;
        room.onSeatBot(seat, true);
        room.commit();
      });
    });
    state.owner = owner;
    this.updateAutoDispose();
  }

  /** Nobody is in the room or on the way (no connection, reconnection window or reservation). */
  nobodyHere(): boolean {
    return this.room.connections() === 0 && !this.anyReconnecting() && Object.keys(this.room.reserved()).length === 0;
  }
}
