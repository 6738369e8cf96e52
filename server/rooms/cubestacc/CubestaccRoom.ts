// Cubestacc on the seated-room base: online tables of 2–5 and solo against 1–4 bots.
// A thin adapter: validate → GameSession.apply (common/) → project the public view and
// each seat's private view into the schema → patch → per-viewer events.
//
// Room seats vs game seats: a game is played by the seats taken when it starts, in
// ascending room-seat order (`order[gameSeat] = roomSeat`). Everything on the wire
// speaks room seats; only the rules and the move log speak game seats.

import { randomBytes } from "node:crypto";
import { createRng, type Rng } from "../../../common/core/rng.js";
import type { Rejection } from "../../../common/core/rules.js";
import { GameSession } from "../../../common/core/session.js";
import {
  botDelay,
  botMove,
  cubestaccRules,
  drawActionToWire,
  eventsFor,
  isCatchable,
  parseCaught,
  parseCubestaccOptions,
  parsePlay,
  packPlay,
  seatView,
  MIN_SEATS,
  resolveConfig,
  type CubestaccConfig,
  type CubestaccEvent,
  type CubestaccMove,
  type CubestaccOptions,
  type CubestaccState as Table,
  type PlayPayload,
  type CubestaccView,
} from "../../../common/cubestacc/index.js";
import { refuseOption } from "../base/errors.js";
import { SeatedRoom, type BotPlan, type GameSetup, type HubEvent, type MoveContext, type SenderContext } from "../base/SeatedRoom.js";
import { syncNumberList } from "../base/numberList.js";
import { badPayload, emptyPayload, fail, intIn, isWholeNumber, objectWith, ok, type Parsed } from "../base/validate.js";
import { Cube, CubestaccSeat, CubestaccState, RankEntry, type PrivateSeat } from "./CubestaccState.js";

export { CUBESTACC_MODES as MODES, TIMER, SOLO_BOTS, ONLINE_SEATS_DEFAULT, type CubestaccMode, type CubestaccOptions } from "../../../common/cubestacc/index.js";
/** Quick-play criteria (docs/protocol.md). */
export const FILTER_KEYS = ["mode", "seats", "pack", "wildPivot", "timer"];

type Session = GameSession<Table, CubestaccMove, CubestaccEvent, CubestaccConfig, CubestaccView>;
type Phase = "waiting" | "playing" | "finished";

function randomSeed(): number {
  return randomBytes(4).readUInt32LE(0);
}

/** Turns untrusted create options into room options, or throws a refusal (common/cubestacc/game.ts). */
export function parseOptions(options: Record<string, unknown>): CubestaccOptions {
  const o = parseCubestaccOptions(options);
  if (!o.ok) throw refuseOption(o.error.message);
  return o.value;
}

/** `play {card, onto, mode, suit?}`: the one parser, in common/cubestacc/game.ts. */
export const playPayload = parsePlay;

/** `{}`, or `{target}` with a room seat. */
function caughtPayload(seats: number): (payload: unknown) => Parsed<{ target?: number }> {
  return (payload) => parseCaught(payload, seats);
}

function seatPayload(seats: number): (payload: unknown) => Parsed<{ seat: number }> {
  return (payload) => {
    const o = objectWith(payload, ["seat"]);
    if (!o.ok) return o;
    if (!isWholeNumber(o.value.seat)) return badPayload("seat must be a seat number.");
    const s = intIn(o.value.seat, 0, seats - 1);
    if (s === null) return fail("out-of-range", `Seats are 0 to ${seats - 1}.`);
    return ok({ seat: s });
  };
}

/** Writes `value` only when it differs (no empty change in the patch). */
function put<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): void {
  if (target[key] !== value) target[key] = value;
}

export class CubestaccRoom extends SeatedRoom<CubestaccState> {
  protected readonly gameId = "cubestacc";

  private options!: CubestaccOptions;
  private game: Session | null = null;
  /** Room seat of each game seat. */
  private order: number[] = [];
  /** Game seat of each room seat (−1: not in the game). */
  private gameSeatOf: number[] = [];
  /** Each cube's open faces as last written to the schema (bits: top 1, side 2, face 4). */
  private shownOpen: number[] = [];
  private startedAt = 0;
  private recorded = false;
  /** turnNo the running turn timer was armed for (−1: none). */
  private timedTurn = -1;
  private botRng: Rng = createRng(randomSeed(), 0xb07);

  /** Server-side truth of the current game (null before the first). Never sent; tests read it. */
  get session(): Session | null {
    return this.game;
  }
  /** Room seat of each game seat of the current game. */
  get seatOrder(): readonly number[] {
    return this.order;
  }
  get roomOptions(): Readonly<CubestaccOptions> {
    return this.options;
  }

  static quickPlayFilter(options: Record<string, unknown>): Record<string, unknown> {
    try {
      const o = parseOptions(options);
      return { mode: o.mode, seats: o.seats, pack: o.pack, wildPivot: o.wildPivot, timer: o.timer };
    } catch {
      return { mode: options.mode, seats: options.seats, pack: options.pack, wildPivot: options.wildPivot, timer: options.timer };
    }
  }

  protected createGame(raw: Record<string, unknown>): GameSetup<CubestaccState> {
    const options = parseOptions(raw);
    this.options = options;
    const state = new CubestaccState();
    state.phase = "waiting";
    state.pack = options.pack;
    state.wildPivot = options.wildPivot;
    state.timer = options.timer;
    state.botLevel = options.botLevel;
    for (let s = 0; s < options.seats; s++) {
      state.players.push(new CubestaccSeat());
      this.gameSeatOf.push(-1);
    }

    this.defineMessage<PlayPayload>("play", {
      parse: playPayload,
      run: (ctx, p) => this.playerMove(ctx, p.suit === undefined ? { type: "play", card: p.card, onto: p.onto, mode: p.mode } : { type: "play", ...p }),
    });
    for (const type of ["draw", "done", "uhoh"] as const) {
      this.defineMessage(type, { parse: emptyPayload, run: (ctx) => this.playerMove(ctx, { type }) });
    }
    this.defineMessage<{ target?: number }>("caught", {
      parse: caughtPayload(options.seats),
      run: (ctx, { target }) => {
        if (target === undefined) return this.playerMove(ctx, { type: "caught" });
        const g = this.gameSeatOf[target];
        if (this.game && this.phase === "playing" && g < 0) return { code: "not-exposed", message: `Seat ${target} is not in this game.` };
        return this.playerMove(ctx, { type: "caught", target: g });
      },
    });
    this.defineMessage("addBot", {
      parse: emptyPayload,
      run: (ctx) => {
        const why = this.ownerBetweenGames(ctx.seat);
        if (why) return why;
        if (this.addBotSeat() < 0) return { code: "no-free-seat", message: "Every seat is taken." };
      },
    });
    this.defineMessage<{ seat: number }>("removeBot", {
      parse: seatPayload(options.seats),
      run: (ctx, { seat }) => {
        const why = this.ownerBetweenGames(ctx.seat);
        if (why) return why;
        if (!this.removeBotSeat(seat)) return { code: "not-a-bot", message: `Seat ${seat} is not a bot seat.` };
      },
    });

    return { state, mode: options.mode, seats: options.seats, bots: options.bots };
  }

  private get phase(): Phase {
    return this.state.phase as Phase;
  }

  private ownerBetweenGames(seat: number): Rejection | null {
    if (seat !== this.state.owner) return { code: "not-allowed", message: "Only the room's creator can do that." };
    if (this.phase === "playing") return { code: "not-allowed", message: "Not while a game is running." };
    return null;
  }

  // ---- moves ------------------------------------------------------------------

  private playerMove(ctx: MoveContext, move: CubestaccMove): Rejection | void {
    if (!this.game || this.phase === "waiting") return { code: "not-playing", message: "The game has not started yet." };
    if (this.phase === "finished") return { code: "game-over", message: "This game is over." };
    const g = this.gameSeatOf[ctx.seat];
    if (g === undefined || g < 0) return { code: "not-in-game", message: "Your seat is not in this game." };
    return this.applyMove(ctx, g, move);
  }

  /** One move by game seat `g` (a player's, a bot's or the timer's): rules → schema → events. */
  private applyMove(ctx: MoveContext, g: number, move: CubestaccMove): Rejection | void {
    const game = this.game!;
    const result = game.apply(g, move, ctx.now);
    if (!result.ok) return result.error;
    const finished = game.state.phase === "finished";
    if (finished) this.state.phase = "finished";
    this.project(ctx.now);
    const events = result.events;
    ctx.emitPer((seat) => {
      const viewer = seat >= 0 && this.gameSeatOf[seat] >= 0 ? this.gameSeatOf[seat] : null;
      return onTheWire(eventsFor(events, viewer), viewer).map((e) => this.toRoomEvent(e));
    });
    if (finished) this.finish(ctx.now);
  }

  /** An event with game seats turned into room seats. */
  private toRoomEvent(e: WireEvent): HubEvent {
    const seat = (g: number) => this.order[g] ?? -1;
    const out: Record<string, unknown> = { ...e };
    if (typeof out.seat === "number") out.seat = seat(out.seat);
    if (e.kind === "caught") out.target = seat(e.target);
    if (e.kind === "skip") out.by = seat(e.by);
    if (e.kind === "win") out.ranking = e.ranking.map((r) => ({ seat: seat(r.seat), cards: r.cards, place: r.place }));
    return out as HubEvent;
  }

  // ---- starting and ending games ----------------------------------------------

  protected onStart(ctx: SenderContext): Rejection | void {
    if (this.phase === "playing") return { code: "not-allowed", message: "A game is already running." };
    return this.startGame(ctx);
  }

  /** Deals a new game to every seat taken now (2+), in ascending seat order. */
  private startGame(ctx: MoveContext): Rejection | void {
    const order = this.state.seats.map((s, i) => (s.occupied ? i : -1)).filter((i) => i >= 0);
    if (order.length < MIN_SEATS) return { code: "too-few-players", message: `A game needs at least ${MIN_SEATS} seats taken (add a bot?).` };
    const config = resolveConfig({ seats: order.length, wildPivot: this.options.wildPivot, pack: this.options.pack });
    if (!config.ok) return config.error;
    this.game = new GameSession(cubestaccRules, randomSeed(), config.config, order.length);
    this.order = order;
    this.gameSeatOf = this.state.players.map(() => -1);
    order.forEach((room, g) => (this.gameSeatOf[room] = g));
    this.startedAt = ctx.now;
    this.recorded = false;
    this.timedTurn = -1;
    this.state.gameNo++;
    this.state.phase = "playing";
    for (const s of this.state.seats) if (!s.bot) s.ready = false;
    this.state.cubes.clear();
    this.shownOpen = [];
    this.state.ranking.clear();
    this.project(ctx.now);
    ctx.emit({ kind: "start", gameNo: this.state.gameNo, seats: order.slice() });
  }

  private finish(now: number): void {
    for (const s of this.state.seats) if (!s.bot) s.ready = false;
    this.record(now, this.game!.state.blocked ? "blocked" : "won");
  }

  private record(now: number, result: string): void {
    const game = this.game;
    if (!game || this.recorded || game.log.length === 0) return;
    this.recorded = true;
    this.recordGame({
      seed: game.seed,
      config: game.config,
      seats: this.order.map((room) => this.state.seats[room].name),
      log: game.log.map((m) => ({ seat: m.seat, move: m.move, t: m.t })),
      result,
      startedAt: this.startedAt,
      endedAt: now,
    });
  }

  /** Starts by itself: solo once its player sits; online when every seat holds a person; or when every connected person is ready. */
  private wantsAutoStart(): boolean {
    if (this.phase === "playing") return false;
    const seats = this.state.seats;
    const taken = seats.filter((s) => s.occupied).length;
    if (taken < MIN_SEATS) return false;
    if (this.phase === "waiting") {
      if (this.options.mode === "solo" && seats[0].occupied && !seats[0].bot) return true;
      if (this.options.mode === "online" && seats.every((s, i) => s.occupied && !this.isBotSeat(i))) return true;
    }
    const people = seats.filter((s, i) => s.occupied && s.connected && !this.isBotSeat(i));
    return people.length > 0 && people.every((s) => s.ready);
  }

  private maybeAutoStart(): void {
    if (!this.wantsAutoStart()) return;
    // A start signal the room gives itself: applied like a move, after the current one.
    this.serverMove(this.state.owner, (ctx) => (this.wantsAutoStart() ? this.startGame(ctx) : false), "start");
  }

  // ---- projection ---------------------------------------------------------------

  /** Copies the public table and every seat's private view into the schema (changed fields only). */
  private project(now: number): void {
    const game = this.game;
    if (!game) return;
    const s = game.state;
    const st = this.state;
    const playing = s.phase === "playing";
    const room = (g: number | null) => (g === null ? -1 : (this.order[g] ?? -1));

    // Cubes: appended in play order; open faces change when covered or blocked. Compared
    // against a plain copy first: schema getters on every cube of every move were a cost.
    for (let i = 0; i < s.placed.length; i++) {
      const p = s.placed[i];
      const open = (p.open.top ? 1 : 0) | (p.open.side ? 2 : 0) | (p.open.face ? 4 : 0);
      if (i < this.shownOpen.length && this.shownOpen[i] === open) continue;
      this.shownOpen[i] = open;
      let c = st.cubes[i];
      if (!c) {
        c = new Cube();
        c.card = p.card;
        c.parent = p.parent ?? -1;
        c.x = p.cell.x;
        c.y = p.cell.y;
        c.z = p.cell.z;
        c.mode = p.mode;
        c.suit = p.suit;
        c.by = room(p.by);
        c.openTop = p.open.top;
        c.openSide = p.open.side;
        c.openFace = p.open.face;
        st.cubes.push(c);
        continue;
      }
      put(c, "openTop", p.open.top);
      put(c, "openSide", p.open.side);
      put(c, "openFace", p.open.face);
    }

    put(st, "deckCount", s.deck.length);
    put(st, "turn", playing ? room(s.turn) : -1);
    put(st, "turnNo", s.turnNo);
    put(st, "direction", s.direction);
    put(st, "pending", s.pending);
    put(st, "owed", s.owed);
    put(st, "dumpRank", s.dump ? s.dump.rank : "");
    put(st, "pivot", s.pivot ?? -1);
    put(st, "winner", s.winner === null ? -1 : room(s.winner));
    put(st, "blocked", s.blocked);
    if (s.ranking && st.ranking.length === 0) {
      for (const r of s.ranking) {
        const e = new RankEntry();
        e.seat = room(r.seat);
        e.cards = r.cards;
        e.place = r.place;
        st.ranking.push(e);
      }
    }

    const places = new Map((s.ranking ?? []).map((r) => [r.seat, r.place]));
    st.players.forEach((seat, r) => {
      const g = this.gameSeatOf[r];
      if (g < 0) {
        put(seat, "inGame", false);
        put(seat, "cards", 0);
        put(seat, "calledUhOh", false);
        put(seat, "catchable", false);
        put(seat, "place", 0);
        clearPrivate(seat.private);
        return;
      }
      const view = seatView(s, g);
      put(seat, "inGame", true);
      put(seat, "cards", s.hands[g].length);
      put(seat, "calledUhOh", s.called[g]);
      put(seat, "catchable", isCatchable(s, g));
      put(seat, "place", places.get(g) ?? 0);
      const priv = seat.private;
      syncNumberList(priv.hand, view.hand ?? []);
      syncNumberList(priv.legal, view.legal.map(packPlay));
      put(priv, "drawAction", drawActionToWire(view.drawAction));
      put(priv, "canDone", view.canDone);
      put(priv, "canUhOh", view.canUhOh);
    });

    // The turn timer: armed at the start of every turn, off when the game ends.
    if (playing && this.options.timer > 0) {
      if (s.turnNo !== this.timedTurn) {
        this.timedTurn = s.turnNo;
        const turnNo = s.turnNo;
        st.deadline = this.armTurnTimer(this.options.timer * 1000, room(s.turn), (ctx) => this.expire(ctx, game, turnNo));
      }
    } else {
      this.timedTurn = -1;
      this.disarmTurnTimer();
      put(st, "deadline", 0);
    }
    void now;
  }

  /** The turn timer ran out: the seat on turn times out (if that turn is still running). */
  private expire(ctx: MoveContext, game: Session, turnNo: number): Rejection | void | false {
    if (this.game !== game || game.state.phase !== "playing" || game.state.turnNo !== turnNo) return false;
    return this.applyMove(ctx, game.state.turn, { type: "timeout" });
  }

  // ---- bots -------------------------------------------------------------------------

  protected planBots(): BotPlan[] {
    const game = this.game;
    if (!game || this.phase !== "playing") return [];
    const plans: BotPlan[] = [];
    this.order.forEach((room, g) => {
      if (!this.botPlays(room)) return;
      const move = botMove(game.view(g), this.options.botLevel, this.botRng);
      if (!move) return;
      const onTurn = move.type !== "uhoh" && move.type !== "caught";
      plans.push({
        seat: room,
        delayMs: botDelay(this.botRng),
        key: `${onTurn ? game.state.turnNo : "any"}:${JSON.stringify(move)}`,
        run: (ctx) => (this.game === game && this.botPlays(room) && game.state.phase === "playing" ? this.applyMove(ctx, g, move) : false),
      });
    });
    return plans;
  }

  // ---- seats --------------------------------------------------------------------

  protected seatPrivateState(seat: number): PrivateSeat | undefined {
    return this.state.players[seat]?.private;
  }

  protected canReplaceBot(): boolean {
    return this.options.mode === "online" && this.phase !== "playing";
  }

  protected acceptsNewPlayers(): boolean {
    // No seats during a game; a solo table belongs to the one person it was made for.
    if (this.options.mode === "solo") return this.state.gameNo === 0;
    return this.phase !== "playing";
  }

  protected canHoldSeat(seat: number): boolean {
    return this.phase === "playing" && this.gameSeatOf[seat] >= 0;
  }

  protected botPlaysHeldSeat(seat: number): boolean {
    return this.options.mode === "online" && this.phase === "playing" && this.gameSeatOf[seat] >= 0;
  }

  protected onSeatTaken(seat: number, reclaimed: boolean): void {
    // A new person never sees what a previous occupant of the seat held.
    if (!reclaimed && this.phase !== "playing") clearPrivate(this.state.players[seat].private);
    this.maybeAutoStart();
  }

  protected onSeatFreed(seat: number): void {
    if (this.phase === "playing" && this.gameSeatOf[seat] >= 0) {
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
    return { pack: this.options.pack, timer: this.options.timer };
  }

  protected onRoomDispose(): void {
    if (this.game && this.game.state.phase === "playing") this.record(Date.now(), "abandoned");
  }
}

/**
 * What of a move's events goes on the wire to `viewer` (a game seat, null for a spectator).
 * The patch in front of them already shows the table, so events do not repeat it (they were
 * half of a move's bytes): `play` names the seat and the new cube (its card, mode, suit,
 * parent and cell are in `state.cubes[cube]`); `draw` goes only to the drawer, with the card
 * (everyone sees the counts); `turn` is not sent (`state.turn` / `turnNo`).
 */
export function onTheWire(events: CubestaccEvent[], viewer: number | null): WireEvent[] {
  const out: WireEvent[] = [];
  for (const e of events) {
    if (e.kind === "turn") continue;
    if (e.kind === "draw" && e.seat !== viewer) continue;
    if (e.kind === "play") out.push({ kind: "play", seat: e.seat, cube: e.cube });
    else out.push(e);
  }
  return out;
}

/** A rules event as sent: `play` is cut to `{kind, seat, cube}`. */
type WireEvent = Exclude<CubestaccEvent, { kind: "play" }> | { kind: "play"; seat: number; cube: number };

function clearPrivate(priv: PrivateSeat): void {
  if (priv.hand.length) priv.hand.clear();
  if (priv.legal.length) priv.legal.clear();
  put(priv, "drawAction", "");
  put(priv, "canDone", false);
  put(priv, "canUhOh", false);
}
