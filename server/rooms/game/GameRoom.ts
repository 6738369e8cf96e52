// The generic game room: any definition of common/games.ts on the seated base.
//
// It owns, once for every game: options → config (the definition's `configure`),
// the game's lifecycle (waiting → playing → finished → play again), the map between
// room seats and game seats, the path message → parseMove → apply → project →
// per-viewer events, the turn timer read from `whoActs`, bots (asked off the move's
// path through a BotThinker, played only if the game has not moved on), and records.
// What stays per game on the server is its schema and how a view is written into it
// (`GameServerParts`, e.g. server/rooms/connect4/).
//
// Room seats vs game seats: a game is played by the seats taken when it starts, in
// ascending room-seat order (`order[gameSeat] = roomSeat`). The wire speaks room seats;
// the rules and the move log speak game seats.

import { randomBytes } from "node:crypto";
import { StateView, type Schema } from "@colyseus/schema";
import type { Client } from "@colyseus/core";
import type { Configured, GameDef, TypedMove } from "../../../common/core/game.js";
import type { Rejection } from "../../../common/core/rules.js";
import { GameSession } from "../../../common/core/session.js";
import { inProcessThinker, type BotThinker } from "../../bots/thinker.js";
import { refuseOption } from "../base/errors.js";
import { SeatedRoom, type GameSetup, type HubEvent, type MoveContext } from "../base/SeatedRoom.js";
import { emptyPayload, fail, intIn, isWholeNumber, objectWith, ok, type Parsed } from "../base/validate.js";
import type { Viewer } from "./audience.js";
import type { GameRoomState } from "./GameRoomState.js";

/** What the projection of one move may read. */
export interface Projection<S, V> {
  /** Every connection's view and the room seat it shows (null: spectator), for AudienceMap.sync. */
  viewers: readonly Viewer[];
  state: S;
  /** The definition's view for a game seat (null: spectator). */
  view(gameSeat: number | null): V;
  /** Room seat of a game seat (−1 for none). */
  room(gameSeat: number | null): number;
  /** Game seat of each room seat (−1: not in this game). */
  gameSeatOf: readonly number[];
  /** True for the first projection of a new game (clear what the last game left). */
  fresh: boolean;
}

/** The part of a game that is particular to it on the server: its schema and how a view is written there. */
export interface GameServerParts<S, M extends TypedMove, E, C, V, St extends GameRoomState> {
  def: GameDef<S, M, E, C, V>;
  /** A fresh schema state for a room of these options. */
  createState(configured: Configured<C>): St;
  /** Writes the game into the schema, changed fields only (after the start and every move). */
  project(st: St, p: Projection<S, V>): void;
  /** A person took (or reclaimed) a room seat: e.g. clear what a previous occupant's private view held. */
  seatTaken?(st: St, roomSeat: number, reclaimed: boolean, playing: boolean): void;
  /** A new connection's view (room seat, null: spectator): AudienceMap.attach for objects whose audience changes. */
  attach?(st: St, viewer: Viewer): void;
  /** A seat's private schema child, shown to that seat's connection only (StateView). */
  privateState?(st: St, roomSeat: number): Schema | undefined;
  /** A move parsed from the wire → the rules' move (room seats in it become game seats). */
  toGameMove?(move: M, gameSeatOf: readonly number[]): M | Rejection;
  /**
   * Room facts the rules do not know may hold a player's move back (the card table freezes
   * actions touching an absent player's hidden cards): a rejection, or undefined to go ahead.
   * `away`: game seats whose person is not connected now.
   */
  admit?(st: St, state: S, gameSeat: number, move: M, away: readonly number[]): Rejection | undefined;
  /** A redacted event as sent (game seats → room seats); null: not sent. Default: `seat` mapped. */
  toWire?(event: E, room: (gameSeat: number | null) => number): HubEvent | null;
  /** Extra listing fields. */
  metadata?(configured: Configured<C>): Record<string, unknown>;
  /**
   * The finished game's record: its replay id (#/replay/ID), 0 while it waits in the store's
   * queue (called again with the id once written), −1 if it could not be saved.
   */
  recorded?(st: St, replayId: number): void;
}

type Phase = "waiting" | "playing" | "finished";

function randomSeed(): number {
  return randomBytes(4).readUInt32LE(0);
}

function seatPayload(seats: number): (payload: unknown) => Parsed<{ seat: number }> {
  return (payload) => {
    const o = objectWith(payload, ["seat"]);
    if (!o.ok) return o;
    if (!isWholeNumber(o.value.seat)) return fail("bad-payload", "seat must be a seat number.");
    const s = intIn(o.value.seat, 0, seats - 1);
    return s === null ? fail("out-of-range", `Seats are 0 to ${seats - 1}.`) : ok({ seat: s });
  };
}

function defaultWire(e: unknown, room: (g: number | null) => number): HubEvent {
  const out = { ...(e as HubEvent) };
  if (typeof out.seat === "number") out.seat = room(out.seat);
  return out;
}

/** Quick-play criteria keys of a definition (from its default options). */
export function filterKeysOf(def: GameDef<unknown, TypedMove, unknown, unknown, unknown>): string[] {
  const c = def.configure(def.examples?.[0] ?? {});
  return c.ok ? Object.keys(c.value.criteria) : ["mode"];
}

export abstract class GameRoom<S, M extends TypedMove, E, C, V, St extends GameRoomState> extends SeatedRoom<St> {
  /** Where bots think (a worker pool in production: server/bots/pool.ts). */
  static thinker: BotThinker = inProcessThinker;
  /** Time a bot may think per decision (ms); null: its thinking delay (bench/bots.ts sets 500). */
  static botBudgetMs: number | null = null;

  protected abstract readonly parts: GameServerParts<S, M, E, C, V, St>;
  protected configured!: Configured<C>;
  private game: GameSession<S, M, E, C, V> | null = null;
  private order: number[] = [];
  private gameSeatOf: number[] = [];
  private startedAt = 0;
  private recorded = false;
  private timedKey = "";
  /** When the current together phase's timer runs out (server time, ms). */
  private togetherDeadline = 0;
  /** Counts commits: a bot's answer is played only if nothing was committed since it was asked. */
  private revision = 0;
  /** Per bot-played room seat: the revision its decision was asked for. */
  private asked = new Map<number, string>();
  /** Per bot-played room seat: the move it last decided and when it is due (a same decision keeps its time). */
  private due = new Map<number, { key: string; at: number }>();
  private botSeed = randomSeed();

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
  private get phase(): Phase {
    return this.state.phase as Phase;
  }

  protected createGame(options: Record<string, unknown>): GameSetup<St> {
    const c = this.def.configure(options);
    if (!c.ok) throw refuseOption(c.error.message);
    this.configured = c.value;
    const state = this.parts.createState(c.value);
    state.phase = "waiting";
    this.gameSeatOf = new Array<number>(c.value.seats).fill(-1);
    for (const type of this.def.moveTypes) {
      this.defineMessage<M>(type, { parse: (payload) => this.def.parseMove(type, payload, c.value.config), run: (ctx, move) => this.playerMove(ctx, move) });
    }
    if (this.def.bot) {
      this.defineMessage("addBot", {
        parse: emptyPayload,
        run: (ctx) => this.ownerBetweenGames(ctx.seat) ?? (this.addBotSeat() < 0 ? { code: "no-free-seat", message: "Every seat is taken." } : undefined),
      });
      this.defineMessage<{ seat: number }>("removeBot", {
        parse: seatPayload(c.value.seats),
        run: (ctx, { seat }) =>
          this.ownerBetweenGames(ctx.seat) ?? (this.removeBotSeat(seat) ? undefined : { code: "not-a-bot", message: `Seat ${seat} is not a bot seat.` }),
      });
    }
    return { state, mode: c.value.mode, seats: c.value.seats, bots: c.value.bots };
  }

  private ownerBetweenGames(seat: number): Rejection | undefined {
    if (seat !== this.state.owner) return { code: "not-allowed", message: "Only the room's creator can do that." };
    if (this.phase === "playing") return { code: "not-allowed", message: "Not while a game is running." };
    return undefined;
  }

  // ---- moves ------------------------------------------------------------------

  private playerMove(ctx: MoveContext, move: M): Rejection | void {
    if (!this.game || this.phase === "waiting") return { code: "not-playing", message: "The game has not started yet: wait for the other seats." };
    if (this.phase === "finished") return { code: "game-over", message: "This game is over: press Play again for a new one." };
    const g = this.gameSeatOf[ctx.seat];
    if (g === undefined || g < 0) return { code: "not-in-game", message: "Your seat is not in this game; wait for the next one." };
    const gameMove = this.parts.toGameMove ? this.parts.toGameMove(move, this.gameSeatOf) : move;
    if ("code" in gameMove) return gameMove as Rejection;
    if (this.parts.admit) {
      const away = this.order.map((room, gs) => (this.state.seats[room]?.occupied && this.state.seats[room].connected ? -1 : gs)).filter((gs) => gs >= 0);
      const held = this.parts.admit(this.state, this.game.state, g, gameMove, away);
      if (held) return held;
    }
    return this.applyMove(ctx, g, gameMove);
  }

  /** One move by game seat `g` (a player's, a bot's or the timer's): rules → schema → events. */
  private applyMove(ctx: MoveContext, g: number, move: M): Rejection | void {
    const game = this.game!;
    const result = game.apply(g, move, ctx.now);
    if (!result.ok) return result.error;
    const finished = this.def.status(game.state) === "finished";
    if (finished) {
      this.state.phase = "finished";
      this.state.result = this.def.result?.(game.state) ?? "finished";
    }
    this.project(false);
    const events = result.events;
    const toWire = this.parts.toWire ?? defaultWire;
    const room = (x: number | null) => (x === null ? -1 : (this.order[x] ?? -1));
    ctx.emitPer((seat) => {
      const viewer = seat >= 0 && this.gameSeatOf[seat] >= 0 ? this.gameSeatOf[seat] : null;
      const out: HubEvent[] = [];
      for (const e of this.def.eventsFor(events, viewer)) {
        const w = toWire(e, room);
        if (w) out.push(w);
      }
      return out;
    });
    if (finished) this.finish(ctx.now);
  }

  // ---- starting and ending games ----------------------------------------------

  protected onStart(ctx: MoveContext): Rejection | void {
    if (this.phase === "playing") return { code: "not-allowed", message: "A game is already running." };
    return this.startGame(ctx);
  }

  /** A new game for every seat taken now, in ascending seat order. */
  private startGame(ctx: MoveContext): Rejection | void {
    const order = this.state.seats.map((s, i) => (s.occupied ? i : -1)).filter((i) => i >= 0);
    if (order.length < this.def.seats.min) return { code: "too-few-players", message: `A game needs at least ${this.def.seats.min} seats taken (add a bot?).` };
    this.game = new GameSession(this.def, randomSeed(), this.configured.config, order.length);
    this.order = order;
    this.gameSeatOf = this.state.seats.map(() => -1);
    order.forEach((room, g) => (this.gameSeatOf[room] = g));
    this.startedAt = ctx.now;
    this.recorded = false;
    this.timedKey = "";
    this.asked.clear();
    this.due.clear();
    this.state.gameNo++;
    this.state.phase = "playing";
    this.state.result = "";
    this.state.order.clear();
    this.state.order.push(...order);
    for (const s of this.state.seats) if (!s.bot) s.ready = false;
    this.project(true);
    ctx.emit({ kind: "start", gameNo: this.state.gameNo, seats: order.slice() });
  }

  private finish(now: number): void {
    for (const s of this.state.seats) if (!s.bot) s.ready = false;
    this.record(now, this.state.result);
  }

  private record(now: number, result: string): void {
    const game = this.game;
    if (!game || this.recorded || game.log.length === 0) return;
    this.recorded = true;
    const gameNo = this.state.gameNo;
    const saved = (id: number) => {
      // Written later (the store was busy): tell the table if it still shows that game.
      if (this.isDisposing() || !this.parts.recorded) return;
      this.serverMove(this.state.owner, () => (this.state.gameNo === gameNo ? this.parts.recorded!(this.state, id) : false), "saved record");
    };
    const id = this.recordGame({
      seed: game.seed,
      config: game.config,
      seats: this.order.map((room) => this.state.seats[room].name),
      log: game.log.map((m) => ({ seat: m.seat, move: m.move, t: m.t })),
      result,
      mode: this.configured.mode,
      startedAt: this.startedAt,
      endedAt: now,
    }, saved);
    this.parts.recorded?.(this.state, id);
  }

  /**
   * The first game starts by itself: solo once its player sits (the bots are seated already);
   * otherwise once every seat holds a person (a table with bot seats waits for Start or
   * everyone ready). Any game also starts when every connected person is ready (Play again).
   */
  private wantsAutoStart(): boolean {
    if (this.phase === "playing") return false;
    const seats = this.state.seats;
    if (seats.filter((s) => s.occupied).length < this.def.seats.min) return false;
    if (this.phase === "waiting") {
      if (this.configured.mode === "solo" && seats[0].occupied && !seats[0].bot) return true;
      if (this.configured.mode !== "solo" && seats.every((s, i) => s.occupied && !this.isBotSeat(i))) return true;
    }
    const people = seats.filter((s, i) => s.occupied && s.connected && !this.isBotSeat(i));
    return people.length > 0 && people.every((s) => s.ready);
  }

  private maybeAutoStart(): void {
    if (!this.wantsAutoStart()) return;
    // A start signal the room gives itself: applied like a move, after the current one.
    this.serverMove(this.state.owner, (ctx) => (this.wantsAutoStart() ? this.startGame(ctx) : false), "start");
  }

  // ---- projection and the turn timer --------------------------------------------

  private project(fresh: boolean): void {
    const game = this.game;
    if (!game) return;
    const st = this.state;
    const room = (g: number | null) => (g === null ? -1 : (this.order[g] ?? -1));
    this.parts.project(st, { state: game.state, view: (g) => game.view(g), room, gameSeatOf: this.gameSeatOf, fresh, viewers: this.viewers() });
    const who = this.def.whoActs(game.state);
    const acting = who.seats.map(room);
    // In place where the length holds (one seat on turn: one small replace per turn).
    if (acting.length !== st.acting.length) {
      st.acting.clear();
      st.acting.push(...acting);
    } else acting.forEach((seat, i) => st.acting[i] !== seat && (st.acting[i] = seat));
    if (st.together !== who.together) st.together = who.together;
    this.armTimer(game);
    this.roomMoveIfWaiting(game);
  }

  /** Nobody may act but the game runs: the move the game waits for from the room (a race's go). */
  private roomMoveIfWaiting(game: GameSession<S, M, E, C, V>): void {
    if (this.phase !== "playing" || !this.def.roomMove || this.def.whoActs(game.state).seats.length) return;
    const made = this.def.roomMove(game.state);
    if (!made) return;
    const length = game.log.length;
    this.serverMove(
      this.order[made.seat] ?? this.state.owner,
      (ctx) => (this.game === game && game.log.length === length ? this.applyMove(ctx, made.seat, made.move) : false),
      "room move",
    );
  }

  /** One seat on turn and a timer configured: armed once per turn (`since` tells turns apart). */
  private armTimer(game: GameSession<S, M, E, C, V>): void {
    const who = this.def.whoActs(game.state);
    if (who.together && this.phase === "playing" && (this.configured.togetherSeconds ?? 0) > 0 && this.def.timeoutMove && who.seats.length > 0) {
      return this.armTogetherTimer(game, who.seats, who.turn);
    }
    const seconds = this.configured.turnSeconds;
    if (this.phase !== "playing" || seconds <= 0 || !this.def.timeoutMove || who.together || who.seats.length !== 1) {
      this.timedKey = "";
      this.disarmTurnTimer();
      if (this.state.deadline !== 0) this.state.deadline = 0;
      return;
    }
    const g = who.seats[0];
    const key = `${this.state.gameNo}:${g}:${who.turn ?? who.since ?? "start"}`;
    if (key === this.timedKey) return;
    this.timedKey = key;
    this.state.deadline = this.armTurnTimer(seconds * 1000, this.order[g], (ctx) => {
      if (this.game !== game || this.timedKey !== key || this.phase !== "playing") return false;
      const move = this.def.timeoutMove!(game.state, g);
      return move ? this.applyMove(ctx, g, move) : false;
    });
  }

  /**
   * A phase where several seats act at once (`together`) with `togetherSeconds`: one deadline
   * for the phase; when it passes, the first seat still listed gets its timeout move, and the
   * re-armed timer (same deadline, already passed) does the next, until nobody is left.
   */
  private armTogetherTimer(game: GameSession<S, M, E, C, V>, seats: readonly number[], turn: number | undefined): void {
    const phaseKey = `${this.state.gameNo}:together:${turn ?? "start"}`;
    const key = `${phaseKey}:${seats.join(",")}`;
    if (key === this.timedKey) return;
    if (!this.timedKey.startsWith(`${phaseKey}:`)) this.togetherDeadline = Date.now() + (this.configured.togetherSeconds ?? 0) * 1000;
    this.timedKey = key;
    const g = seats[0];
    const armed = this.armTurnTimer(Math.max(0, this.togetherDeadline - Date.now()), this.order[g], (ctx) => {
      if (this.game !== game || this.timedKey !== key || this.phase !== "playing") return false;
      const move = this.def.timeoutMove!(game.state, g);
      return move ? this.applyMove(ctx, g, move) : false;
    });
    this.state.deadline = Math.max(armed, this.togetherDeadline);
  }

  // ---- bots ---------------------------------------------------------------------

  /**
   * After every committed change: ask for the decision of every bot-played seat that may act.
   * The room goes on meanwhile; an answer to an older revision is dropped (the newer question
   * is already out), so a bot never plays on a table it did not see.
   */
  protected override replanBots(): void {
    super.replanBots();
    const game = this.game;
    const bot = this.def.bot;
    if (!game || !bot || this.phase !== "playing" || this.isDisposing()) return;
    const who = this.def.whoActs(game.state);
    const version = String(++this.revision);
    this.order.forEach((room, g) => {
      if (!this.botPlays(room)) return this.asked.delete(room);
      if (!who.seats.includes(g) && !who.anytime?.length) return;
      if (this.asked.get(room) === version) return;
      this.asked.set(room, version);
      const level = this.configured.botLevel ?? bot.levels[bot.levels.length - 1];
      const [min, max] = bot.delayMs;
      const delay = min + ((this.botSeed + game.log.length * 7919 + g * 104729) % (max - min + 1));
      const asked = Date.now();
      GameRoom.thinker
        .think({ game: this.def.id, view: game.view(g), seat: g, level, seed: this.botSeed ^ (game.log.length * 2654435761), budgetMs: GameRoom.botBudgetMs ?? delay, memory: null })
        .then((answer) => {
          if (this.isDisposing() || this.game !== game || this.asked.get(room) !== version || answer.move === null) return;
          // The same decision as before (say, a Caught while the table plays on) keeps its time:
          // a busy table never starves a bot's out-of-turn call.
          const key = JSON.stringify(answer.move);
          const before = this.due.get(room);
          const at = before && before.key === key ? before.at : asked + delay * SeatedRoom.botDelayScale;
          this.due.set(room, { key, at });
          const wait = Math.max(0, at - Date.now());
          this.later(wait, () =>
            this.serverMove(
              room,
              (ctx) =>
                this.game === game && String(this.revision) === version && this.botPlays(room) && this.phase === "playing"
                  ? (this.due.delete(room), this.applyMove(ctx, g, answer.move as M))
                  : false,
              "bot move",
            ),
          );
        })
        .catch((e) => {
          // A pool closing with the server drops its pending decisions: nothing to report then.
          if (!this.isDisposing() && !/pool closed/.test(String((e as Error)?.message))) console.error(`[${this.gameId} ${this.roomId}] a bot could not decide`, e);
        });
    });
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
    if (!this.parts.attach) return;
    client.view ??= new StateView();
    this.parts.attach(this.state, { view: client.view, seat: seat < 0 ? null : seat });
  }

  // ---- seats --------------------------------------------------------------------

  protected seatPrivateState(seat: number): Schema | undefined {
    return this.parts.privateState?.(this.state, seat);
  }
  protected canReplaceBot(): boolean {
    return this.configured.mode !== "solo" && this.phase !== "playing";
  }
  protected acceptsNewPlayers(): boolean {
    // No new seats during a game; a solo table belongs to the one person it was made for.
    if (this.configured.mode === "solo") return this.state.gameNo === 0;
    return this.phase !== "playing";
  }
  protected canHoldSeat(seat: number): boolean {
    return this.phase === "playing" && this.gameSeatOf[seat] >= 0;
  }
  protected botPlaysHeldSeat(seat: number): boolean {
    return this.configured.mode !== "solo" && this.phase === "playing" && this.gameSeatOf[seat] >= 0 && this.def.bot !== undefined;
  }
  protected onSeatTaken(seat: number, reclaimed: boolean): void {
    this.parts.seatTaken?.(this.state, seat, reclaimed, this.phase === "playing");
    this.maybeAutoStart();
  }
  protected onSeatFreed(seat: number): void {
    if (this.phase === "playing" && this.gameSeatOf[seat] >= 0 && this.def.bot) {
      // The game goes on: a bot plays the seat a player left for the rest of it.
      this.addBotSeat(seat);
      return;
    }
    this.maybeAutoStart();
  }
  protected onReadyChanged(): void {
    this.maybeAutoStart();
  }
  protected extraMetadata(): Record<string, unknown> {
    return this.parts.metadata?.(this.configured) ?? {};
  }
  protected onRoomDispose(): void {
    if (this.game && this.phase === "playing") this.record(Date.now(), "abandoned");
  }
}

/** The room class Colyseus defines for one game (`server/games.ts` holds one line per game). */
export function gameRoomClass<S, M extends TypedMove, E, C, V, St extends GameRoomState>(parts: GameServerParts<S, M, E, C, V, St>) {
  return class extends GameRoom<S, M, E, C, V, St> {
    protected readonly gameId = parts.def.id;
    protected readonly parts = parts;
    static quickPlayFilter(options: Record<string, unknown>): Record<string, unknown> {
      const c = parts.def.configure(options);
      if (c.ok) return c.value.criteria;
      return Object.fromEntries(filterKeysOf(parts.def as never).map((k) => [k, options[k]]));
    }
  };
}
