// The room machinery under the seated base (SeatedRoom.ts): the hub's settings, the path
// every message and room-made move takes (the gate: limits and checks; the scheduler: moves
// one at a time, the patch right after each, timers outside the clock's tick), the listing,
// the store, and crash containment. It knows seats only by number: who holds them is
// SeatedRoom's.

import { matchMaker, Protocol, Room, RoomInternalState, type Client, type ClientPrivate, type Delayed, type RoomException } from "@colyseus/core";
import type { Logger } from "pino";
import type { Rejection } from "../../../common/core/rules.js";
import { errorFields, log as rootLog, roomLogger } from "../../ops/log.js";
import { metrics, trackRoom, untrackRoom, type RoomProbe } from "../../ops/metrics.js";
import { settingsFromEnv, type HubSettings } from "../../settings.js";
import type { FinishedGame, GameStore } from "../../store/GameStore.js";
import { SAVING } from "../../store/SaveQueue.js";
import { reportUncaught } from "./errors.js";
import { clientData, MessageGate } from "./gate.js";
import type { HubState } from "./HubState.js";
import { listingOf, type HubMetadata } from "./listing.js";
import type { HubEvent, MessageSpec, MoveContext } from "./messages.js";
import { RoomScheduler } from "./scheduler.js";
import { isNotSaved, notSaved } from "./notSaved.js";

/** `serverTime` is restamped on a move at most this often (see `commit`). */
const SERVER_TIME_EVERY_MS = 1000;
/** A save the room log refused (disk full) is tried again after this long, and so is a room move it held back. */
export const SAVE_RETRY_MS = 1000;

/** Refusals logged at info: they say something about the sender (limits) rather than a misclick. */
const NOTEWORTHY_REFUSALS = new Set(["rate-limited", "too-large", "unknown-type", "seat-reclaimed"]);

/** A quiet no-op store for rooms created without settings (never in the real config). */
const NO_STORE: GameStore = { recordGame() {}, recentGames: () => [], close() {} };

/**
 * Close code of a room closed for good (not a process stopping, not a room going to sleep):
 * clients stop waiting for it to come back and say the game has ended.
 */
export const ROOM_ENDED_CLOSE = 4404;

export abstract class HubRoom<S extends HubState> extends Room<S, HubMetadata> {
  /**
   * Colyseus closes every client with 4000 whether the room ends or its process stops; a
   * client cannot tell them apart, and after a stop it should wait for the room to be
   * restored. So a room that ends while the process runs closes with ROOM_ENDED_CLOSE.
   */
  override disconnect(closeCode?: number): Promise<any> {
    const stopping = matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN;
    return super.disconnect(closeCode ?? (stopping ? Protocol.WS_CLOSE_CONSENTED : ROOM_ENDED_CLOSE));
  }

  /** Game id, e.g. "minesweeper" (state.game, metadata.game, store records). */
  protected abstract readonly gameId: string;

  /** The seat `client` holds, or −1 (spectator, replaced connection). */
  protected abstract seatOf(client: Client): number;
  /** Seats a newcomer could take now (the listing hides a room with none). */
  protected abstract openSeats(): number;
  /** Game-specific listing fields (e.g. level). */
  protected extraMetadata(): Record<string, unknown> {
    return {};
  }

  protected settings: HubSettings = { ...settingsFromEnv(), store: NO_STORE };
  /** Sends waiting for a change the room log could not take yet (null: nothing held; see `persist`). */
  private held: (() => void)[] | null = null;
  private holdRetry: Delayed | null = null;
  protected privateRoom = false;
  private lastMetadata = "";
  protected created = false;
  private roomLog: { id: string; root: Logger; logger: Logger } | null = null;
  /** What /metrics counts of this room (server/ops/metrics.ts), once it is created. */
  private readonly probe: RoomProbe = { game: "", connections: () => this.clients.length };

  /** This room's log lines: `room` and `game` on each (server/ops/log.ts). */
  protected logger(): Logger {
    // made again when the room's id changes (a private code) or the process's logger is replaced (tests)
    if (this.roomLog?.id !== this.roomId || this.roomLog.root !== rootLog) {
      this.roomLog = { id: this.roomId, root: rootLog, logger: roomLogger(this.gameId, this.roomId) };
    }
    return this.roomLog.logger;
  }

  /** The room counts among the live rooms of /metrics from now until `untracked`. */
  protected tracked(): void {
    (this.probe as { game: string }).game = this.gameId;
    trackRoom(this.probe);
  }

  protected untracked(): void {
    untrackRoom(this.probe);
  }
  /** When work runs: exclusive moves, the job queue, corking, timers and bot plans. */
  protected readonly scheduler = new RoomScheduler({
    clock: () => this.clock,
    clients: () => this.clients,
    isDisposing: () => this.isDisposing(),
    logger: () => this.logger(),
    serverMove: (seat, run, what) => this.serverMove(seat, run, what),
  });
  /** What reaches the game: limits, size, seat and payload checks, then the move path. */
  protected readonly gate = new MessageGate({
    clients: () => this.clients,
    maxPayloadChars: () => this.settings.maxPayloadChars,
    seatOf: (client) => this.seatOf(client),
    isDisposing: () => this.isDisposing(),
    broadcast: (type, message) => this.broadcast(type, message),
    exclusive: (fn, mover) => this.exclusive(fn, mover),
    message: (fn, mover) => this.scheduler.message(fn, mover),
    commit: () => this.commit(),
    unsaved: (type) => this.unsaved(type),
    whenSaved: (fn) => this.whenSaved(fn),
    accepted: (type, seconds) => metrics.moveAccepted(this.gameId, "player", seconds),
    refused: (client, type, code, message) => this.noteRefusal(client, type, code, message),
  });

  /**
   * Every refused message is counted by code; the log has the ones that say something about
   * the sender or the server (limits, `internal`) at info or above, the rest (a click on the
   * wrong cell) at debug.
   */
  private noteRefusal(client: Client, type: string, code: string, message: string): void {
    metrics.refused("message", code);
    const level = code === "internal" ? "error" : NOTEWORTHY_REFUSALS.has(code) ? "info" : "debug";
    const log = this.logger();
    if (!log.isLevelEnabled(level)) return;
    log[level]({ event: "move.refused", code, type, seat: this.seatOf(client), session: client.sessionId }, message);
  }

  /** One room's exception never kills the process: log it and, for a message, answer the sender. */
  onUncaughtException(error: RoomException<this>, methodName: string): void {
    reportUncaught(this.logger(), error as Error, methodName);
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
      this.logger().warn({ event: "move.refused", code: "malformed-frame", session: client.sessionId, err: e }, "dropped a malformed frame; the connection is closed");
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
    this.onMessage(type, (client: Client, payload: unknown) => this.gate.dispatch(client, type, payload, spec));
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
      // The log cannot take it now (disk full): nothing is run, it is tried again in a moment.
      if (this.unsaved(null)) return this.retryServerMove(seat, run, what);
      const m = this.gate.moveContext(null, seat, this.state.seats[seat]?.name ?? "");
      const settled = (result: Rejection | void | false) => {
        if (result === false || result) {
          if (isNotSaved(result)) return this.retryServerMove(seat, run, what);
          if (result) this.logger().warn({ event: "move.refused", code: result.code, seat, by: "server", what }, `${what} refused by the rules: ${result.message}`);
          this.replanBots();
          return;
        }
        metrics.moveAccepted(this.gameId, "server");
        this.commit();
        this.whenSaved(m.flush);
      };
      const result = run(m.ctx);
      if (!m.suspended()) return settled(result);
      // Waiting for the room log's group commit: settled the same way once it is written or refused.
      m.onResume((refusal) => settled(refusal ?? undefined));
    });
  }

  private retryServerMove(seat: number, run: (ctx: MoveContext) => Rejection | void | false, what: string): void {
    this.later(SAVE_RETRY_MS, () => this.serverMove(seat, run, what));
  }

  // ---- the room log: nothing leaves before it is saved --------------------------------

  /**
   * Null when what `type` would change can be saved now; else its refusal (`type` null: a move
   * the room makes). A holding room retries its save first. Default: the room holds nothing
   * unsaved (rooms with a log also ask it: GameRoom).
   */
  protected unsaved(_type: string | null): Rejection | null {
    return this.holdingBack();
  }

  /** Null unless the room holds a change back (`persist`): it tries to save it first, else refuses `what`. */
  protected holdingBack(what = "that"): Rejection | null {
    if (!this.held) return null;
    this.commit();
    return this.held ? notSaved(null, what) : null;
  }

  /**
   * Saves what changed (`beforeSend`) before anything leaves. When the log cannot take it
   * (disk full), the room holds: no patch leaves (`broadcastPatch`), sends wait (`whenSaved`),
   * messages are refused `not-saved` and room moves wait, and the save is retried every second;
   * once it works the patch and the held sends go, in order. True: saved.
   */
  protected persist(): boolean {
    if (this.beforeSend()) return true;
    if (!this.held) {
      this.held = [];
      this.logger().warn({ event: "roomlog.write-failed", what: "held" }, "could not save a change to the room log: holding it back from the clients until it is saved");
    }
    this.holdRetry ??= this.later(SAVE_RETRY_MS, () => {
      this.holdRetry = null;
      this.commit();
    });
    return false;
  }

  /** Runs `fn` (a send) now, or once the room's held change is saved (in order). */
  protected whenSaved(fn: () => void): void {
    if (this.held) this.held.push(fn);
    else fn();
  }

  /** Runs `fn` with server moves held back until it is done (they run right after, in order). */
  protected exclusive(fn: () => void, mover: Client | null = null): void {
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

  /** Sends the patch; timers that come due in its clock tick run after it (see `later`). Holding (`persist`): only the clock ticks. */
  override broadcastPatch(): boolean {
    if (this.held) {
      this.clock.tick();
      return false;
    }
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

  /** Re-plans the bots' next moves; called after every commit (SeatedRoom: `planBots`). */
  protected replanBots(): void {}

  /** Answers a refused message. */
  protected refuse(client: Client, type: unknown, code: string, message: string): void {
    this.gate.refuse(client, type, code, message);
  }

  /** Display names per seat ("" for a free seat). */
  protected seatNames(): string[] {
    return this.state.seats.map((s) => (s.occupied ? s.name : ""));
  }

  /**
   * Colyseus locks a room whose clients plus reservations reach `maxClients`, and a locked room
   * refuses every joinById: spectators (or squatters' reservations) locked out players and
   * seat-token reclaims. Seats and spectator places are counted apart in `_reserveSeat`.
   */
  override hasReachedMaxClients(): boolean {
    return this.isDisposing();
  }

  // ---- sync, listing, store -------------------------------------------------

  /**
   * Right before anything leaves for the clients (a patch, a new seat's token): where a room
   * makes what it is about to send durable (server/rooms/game/durable.ts). False: it could not
   * be saved (the room holds it back, see `persist`). Default: nothing to save.
   */
  protected beforeSend(): boolean {
    return true;
  }

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
      if (!this.persist()) return;
      const held = this.held;
      this.held = null;
      this.holdRetry?.clear();
      this.holdRetry = null;
      this.broadcastPatch();
      if (held) {
        this.logger().info({ event: "roomlog.writing-again", what: "held" }, "saved the held change: sent to the clients");
        for (const send of held) send();
      }
      this.onCommitted(now);
      // The listing and the bots' plans follow the state, but the players need not wait for them.
      this.scheduler.afterWrite(() => {
        this.refreshListing();
        this.replanBots();
      });
    });
  }

  /** After every committed change, its patch sent (the spectator delay records a frame here). */
  protected onCommitted(_now: number): void {}

  /** Broadcasts a one-shot `event` (call after `commit()` so state and event agree). */
  protected broadcastEvent(event: HubEvent): void {
    this.broadcast("event", event);
  }

  /**
   * A room quick play never joins though it stays listed and joinable by id: a rated room (its
   * seats are its matched players'), or one whose seats are held for players who are gone (a
   * fresh room does better).
   */
  protected outOfQuickPlay(): boolean {
    return false;
  }

  /** Keeps quick-play visibility and the listing metadata current. */
  protected refreshListing(): void {
    if (!this.created || this.isDisposing()) return;
    const hidden = this.privateRoom || this.openSeats() <= 0 || this.outOfQuickPlay();
    if (this.listing.private !== hidden) {
      this.setPrivate(hidden).catch((e) => this.logger().error({ event: "room.error", what: "setPrivate", ...errorFields(e) }, "setPrivate failed"));
    }
    const metadata = listingOf(this.gameId, this.state, !this.privateRoom, this.openSeats(), this.extraMetadata());
    const json = JSON.stringify(metadata);
    if (json !== this.lastMetadata) {
      this.lastMetadata = json;
      this.setMetadata(metadata).catch((e) => this.logger().error({ event: "room.error", what: "setMetadata", ...errorFields(e) }, "setMetadata failed"));
    }
  }

  /**
   * Writes a finished (or abandoned) game to the store: its id (the replay id); 0 when the
   * store could not write it yet (it waits in the store's queue, and `onSaved` runs once it is
   * written); null when it could not be stored at all. A store failure never breaks the room.
   */
  protected recordGame(
    game: Omit<FinishedGame, "game" | "roomId" | "seats"> & { seats?: string[] },
    onSaved?: (id: number) => void,
    waiting?: (record: FinishedGame) => void,
  ): number | null {
    const record = { public: !this.privateRoom, ...game, game: this.gameId, roomId: this.roomId, seats: game.seats ?? this.seatNames() };
    let id: number | null = null;
    try {
      const answer = this.settings.store.recordGame(record, onSaved);
      // SAVING (−2): a store on another machine is writing it; `onSaved` brings the id.
      id = typeof answer === "number" && (answer >= 0 || answer === SAVING) ? answer : null;
    } catch (e) {
      this.logger().error({ event: "store.write-failed", ...errorFields(e) }, "could not record a finished game");
    }
    // Not in the store yet (on its way, queued, or refused): the room log keeps it meanwhile.
    if (!(id !== null && id > 0)) waiting?.(record);
    return id;
  }

  protected isDisposing(): boolean {
    return (this as unknown as { _internalState: RoomInternalState })._internalState === RoomInternalState.DISPOSING;
  }
}
