// What a game gives the generic room (GameRoom.ts): its schema and how a view is written
// there (GameServerParts), and optional capabilities any game may use (PartsExtras): how its
// games start (an open game, a countdown...), what happens to seats at the end, what players
// are told of a recorded game, the room's words in its own. Connect Four needs none of them;
// Minesweeper (server/rooms/minesweeper/) uses most, to keep its own wire format.

import type { Seed } from "../../../common/core/rng.js";
import type { Schema } from "@colyseus/schema";
import type { Configured, GameDef, Pointer, Preparation, TypedMove } from "../../../common/core/game.js";
import type { Rejection } from "../../../common/core/rules.js";
import type { LoggedMove } from "../../../common/core/session.js";
import type { DailyScore } from "../../../common/daily.js";
import type { HubSettings } from "../../settings.js";
import type { FinishedGame, GameStore } from "../../store/GameStore.js";
import type { HubEvent } from "../base/messages.js";
import { fail, intIn, isWholeNumber, objectWith, ok, type Parsed } from "../base/validate.js";
import type { Viewer } from "./audience.js";
import type { GameRoomState } from "./GameRoomState.js";

/** What the projection of one move may read. */
export interface Projection<S, V, E = unknown> {
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
  /** The move's events (null: the start of a game), for games that patch only what a move changed. */
  events: readonly E[] | null;
  /** Game seat that moved (null: the start). */
  mover: number | null;
  /** Games started in this room. */
  gameNo: number;
}

/**
 * A preparation as the room runs it: a definition's (a no-guess board: the whole game waits),
 * or the server's own work for one seat's move (data it names from a store: `work` names it, only that
 * seat waits, and its refusals say what failed in its own words).
 */
export interface RoomWork extends Preparation {
  /** What runs it on the thread: a definition id (default: the room's game) or the name of a server work (runPreparation). */
  work?: string;
  /** The game seat that alone waits (its other moves are refused meanwhile); absent: the whole game waits. */
  seat?: number;
  /** Time it may take on its thread (ms; default PREPARE_BUDGET_MS). */
  budgetMs?: number;
}

/**
 * The part of a game that is particular to it on the server: its schema (a GameRoomState, so
 * the room writes its turn fields: acting, deadline, result...) and how a view is written
 * there, and, optionally, the lifecycle extras below (PartsExtras).
 */
export interface GameServerParts<S, M extends TypedMove, E, C, V, St extends GameRoomState> extends PartsExtras<S, M, E, C, V, St> {
  def: GameDef<S, M, E, C, V>;
  /** A fresh schema state for a room of these options. */
  createState(configured: Configured<C>): St;
  /** Writes the game into the schema, changed fields only (after the start and every move). */
  project(st: St, p: Projection<S, V, E>): void;
  /** A person took (or reclaimed) a room seat: e.g. clear what a previous occupant's private view held. */
  seatTaken?(st: St, roomSeat: number, reclaimed: boolean, playing: boolean): void;
  /** A new connection's view (room seat, null: spectator): AudienceMap.attach for objects whose audience changes. */
  attach?(st: St, viewer: Viewer): void;
  /** A seat's private schema child, shown to that seat's connection only (StateView). */
  privateState?(st: St, roomSeat: number): Schema | undefined;
  /**
   * A move parsed from the wire → the rules' move (room seats in it become game seats). What it
   * returns is what the log keeps.
   */
  toGameMove?(move: M, gameSeatOf: readonly number[], at?: { state: S; gameSeat: number }): M | Rejection;
  /**
   * Work the move needs from the server before the rules see it, done off the event loop (data
   * the move names, read from a store): the room has it done as the seat's own work
   * (preparing.ts) and then applies `complete(result)` as the move. Null: none.
   */
  later?(move: M, at: { state: S; gameSeat: number }): (RoomWork & { complete(result: unknown): M }) | null;
  /**
   * Room facts the rules do not know may hold a player's move back (the card table freezes
   * actions touching an absent player's hidden cards): a rejection, or undefined to go ahead.
   * `away`: game seats whose person is not connected now.
   */
  admit?(st: St, state: S, gameSeat: number, move: M, away: readonly number[]): Rejection | undefined;
  /** A redacted event as sent (game seats → room seats); null: not sent. Default: `seat` mapped. */
  toWire?(event: E, room: (gameSeat: number | null) => number, info?: WireInfo): HubEvent | null;
  /** Extra listing fields. */
  metadata?(configured: Configured<C>): Record<string, unknown>;
  /**
   * Shows where a room seat points (the definition's `parseCursor`; null: nowhere, as when the
   * seat is freed). Needed by a game whose definition has `parseCursor` and shows a pointer.
   */
  showCursor?(st: St, roomSeat: number, at: Pointer | null): void;
}

/** The room's refusals in its own words (a game may say them in its: `refusals`). */
export const REFUSALS: Record<RefusalReason, Rejection> = {
  "not-playing": { code: "not-playing", message: "The game has not started yet: wait for the other seats." },
  "game-over": { code: "game-over", message: "This game is over: press Play again for a new one." },
  "not-in-game": { code: "not-in-game", message: "Your seat is not in this game; wait for the next one." },
  "already-running": { code: "not-allowed", message: "A game is already running." },
  "too-few": { code: "too-few-players", message: "" },
};

/** An event as sent by default: its `seat` mapped to the room seat. */
export function defaultWire(e: unknown, room: (g: number | null) => number): HubEvent {
  const out = { ...(e as HubEvent) };
  if (typeof out.seat === "number") out.seat = room(out.seat);
  return out;
}


/** The event a new game starts with: the game's (`starts.event`), else `start {gameNo, seats}`; null: none. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function startEvent(parts: GameServerParts<any, any, any, any, any, any>, info: WireInfo & { restart: boolean }): HubEvent | null {
  return parts.starts?.event ? parts.starts.event(info) : { kind: "start", gameNo: info.gameNo, seats: info.order.slice() };
}

/** Where the room is between and in games. */
export type Stage = "waiting" | "countdown" | "playing" | "finished";

/** Refusals the room gives in the lifecycle's words; a game may say them in its own. */
export type RefusalReason = "not-playing" | "game-over" | "not-in-game" | "already-running" | "too-few";

/** What the room knows of a game when it records it or announces its end. */
export interface RecordInfo<S, M extends TypedMove, C> {
  state: S;
  log: readonly LoggedMove<M>[];
  configured: Configured<C>;
  /** Room seat of each game seat. */
  order: readonly number[];
  /** Each game seat's name when the game started. */
  names: readonly string[];
  /** Each game seat was a person's (not a bot's) when the game started. */
  people: readonly boolean[];
  /** Server time the game started (ms). */
  startedAt: number;
  /** Server time of the record (ms). */
  now: number;
  result: string;
  /** The first move was made past its address's budget of ranked starts (rankedStarts.ts). */
  overBudget: boolean;
}

/** What a wire event may need besides the seat map. */
export interface WireInfo {
  /** Games started in this room (the current one's number). */
  gameNo: number;
  /** Room seat of each game seat. */
  order: readonly number[];
}

/** What `roomMove` may read. */
export interface RoomMoveInfo<S> {
  state: S;
  store: GameStore;
  /** The game's seed. */
  seed: Seed;
  /** Each game seat's name when the game started. */
  names: readonly string[];
}

/**
 * How games start (starting.ts). Default: a game starts once every seat holds a person (solo:
 * once its player sits), by the owner's Start, or when every connected person is ready; played
 * by every seat taken; no countdown; sent with `start {gameNo, seats}`.
 */
export interface StartRule<St extends GameRoomState> {
  /**
   * An open game: the first starts as the room is created, every seat of the options in it
   * (seat s plays game seat s; people join and leave it while it runs), and a next one only
   * through `restart` (the definition's `whyNoRestart`).
   */
  open?: boolean;
  /** When the seats call for a game, by the game's own rule (instead of the default's). */
  when?(seats: St["seats"]): boolean;
  /** Only the seats whose players are here when it starts play a new game (an away player could never finish). */
  presentOnly?: boolean;
  /** A countdown before each game, with `countdown` / `countdown-cancelled` events: its length (ms; 0: none) and where it shows. */
  countdown?: { ms(settings: HubSettings): number; show(st: St, endsAt: number): void };
  /** The event a new game starts with (default `start {gameNo, seats}`); null: none. */
  event?(info: WireInfo & { restart: boolean }): HubEvent | null;
}

/** Seats across a game's end (defaults: a dropped player's seat is held while the game runs; `ready` is cleared at the end). */
export interface SeatRule<S> {
  /** May a dropped player's seat be held while the game runs (default yes)? */
  holds?(state: S, gameSeat: number): boolean;
  /** At the end of a game, held seats are let go (nothing left to protect). */
  releaseAtEnd?: boolean;
  /** `ready` survives the end of a game (pressed during one, it counts for the next). */
  keepsReady?: boolean;
}

/** What the players are told of a recorded game, beyond the room's `end` event (records.ts). */
export interface ResultRule<S, M extends TypedMove, C, St extends GameRoomState> {
  /**
   * The game ended and was recorded (`replayId`: its id; 0 while the record waits in the
   * store's queue; −1 when it could not be stored; the room has written it in
   * GameRoomState.replayId already): the event to send after the move's own (null: none).
   */
  ended?(st: St, info: RecordInfo<S, M, C> & { replayId: number }): HubEvent | null;
  /** A record that waited in the store's queue is written, and its game is still the room's last (`replayId` is updated already). */
  saved?(st: St, replayId: number): HubEvent | null;
  /** Does this room's first move of each game take a ranked start from the mover's address (rankedStarts.ts)? */
  ranked?(configured: Configured<C>): boolean;
}

/** The room's words in the game's own: `state.phase` and its refusals. */
export interface RoomWords<S> {
  /** `state.phase` in the game's words (default: the stage). Asked after every change. */
  phase?(stage: Stage, state: S | null): string;
  /** The room's refusals in the game's words. */
  refusals?: Partial<Record<RefusalReason, Rejection>>;
}

/** The optional capabilities of a game's server parts, each one any game may use (docs/adding-a-game.md). */
export interface PartsExtras<S, M extends TypedMove, E, C, V, St extends GameRoomState> {
  starts?: StartRule<St>;
  seats?: SeatRule<S>;
  results?: ResultRule<S, M, C, St>;
  words?: RoomWords<S>;
  /** Fields of the record beyond the room's (times, stats, ranked, a summary...). */
  record?(info: RecordInfo<S, M, C>): Partial<FinishedGame>;
  /**
   * Completes the move the room makes itself (the definition's `roomMove`) with what only the
   * server holds (the arena's recorded team, from the store). The move is logged as it
   * returns, so a replay never asks again. A promise (a store on another machine) is applied
   * when it settles, if the game still waits for it. Default: the move as the definition made it.
   */
  roomMove?(made: { seat: number; move: M }, info: RoomMoveInfo<S>): { seat: number; move: M } | Promise<{ seat: number; move: M }>;
  /** Board cells the room holds, counted against the process budget. */
  cells?(configured: Configured<C>): number;
  /** The game's daily challenge (server/daily/, docs/tournaments.md "Daily challenges"); absent: it has none. */
  daily?: DailyRule<S, M, C>;
}

/** A game's daily challenge: the room the day's game is played in, and how its result compares. */
export interface DailyRule<S, M extends TypedMove, C> {
  /** Create options of the day's room: a game one person plays (solo against bots, a board, an arena run). */
  options: Record<string, string | number | boolean>;
  /**
   * The person's result (game seat `seat`) as a comparable score (higher is better) and in
   * words, from the game as the room records it (`result` "abandoned": left before the end).
   */
  score(info: RecordInfo<S, M, C>, seat: number): DailyScore;
  /**
   * The day's first move, made by the room as the game starts, for a game whose hidden part
   * depends on the player's first move (a board that places its mines at the first click):
   * the same for everyone, so everyone gets the same game.
   */
  opening?(state: S): M | null;
}

export function seatPayload(seats: number): (payload: unknown) => Parsed<{ seat: number }> {
  return (payload) => {
    const o = objectWith(payload, ["seat"]);
    if (!o.ok) return o;
    if (!isWholeNumber(o.value.seat)) return fail("bad-payload", "seat must be a seat number.");
    const s = intIn(o.value.seat, 0, seats - 1);
    return s === null ? fail("out-of-range", `Seats are 0 to ${seats - 1}.`) : ok({ seat: s });
  };
}

/** Quick-play criteria keys of a definition (from its default options). */
export function filterKeysOf(def: GameDef<unknown, TypedMove, unknown, unknown, unknown>): string[] {
  const c = def.configure(def.examples?.[0] ?? {});
  return c.ok ? Object.keys(c.value.criteria) : ["mode"];
}

/** A refusal of the room's, in the game's words if it has them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function refusalOf(parts: GameServerParts<any, any, any, any, any, any>, reason: RefusalReason): Rejection {
  const own = parts.words?.refusals?.[reason];
  if (own) return own;
  if (reason === "too-few") return { code: "too-few-players", message: `A game needs at least ${Math.max(2, parts.def.seats.min)} seats taken (add a bot?).` };
  return REFUSALS[reason];
}

/**
 * Several definitions may share one room name (Minesweeper: the board and the race): a room
 * plays the first whose `configure` accepts its options, else the first (whose refusal it gives).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function playedBy<P extends GameServerParts<any, any, any, any, any, any>>(games: readonly P[], options: Record<string, unknown>): P {
  return games.find((p) => p.def.configure(options).ok) ?? games[0];
}
