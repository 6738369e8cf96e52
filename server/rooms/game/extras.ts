// What a game may add to the generic room beyond its schema and projection
// (GameServerParts in GameRoom.ts extends this). All optional: Connect Four needs none of
// it; Minesweeper (server/rooms/minesweeper/) uses most, to keep its own wire format.

import type { Configured, TypedMove } from "../../../common/core/game.js";
import type { Rejection } from "../../../common/core/rules.js";
import type { GameSession, LoggedMove } from "../../../common/core/session.js";
import type { HubSettings } from "../../settings.js";
import type { FinishedGame } from "../../store/GameStore.js";
import type { HubState } from "../base/HubState.js";
import type { HubEvent, MessageSpec, MoveContext } from "../base/messages.js";

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
  /** Server time the game started (ms). */
  startedAt: number;
  /** Server time of the record (ms). */
  now: number;
  result: string;
  /** The first move was made past its address's budget of ranked starts (rankedStarts.ts). */
  overBudget: boolean;
}

/** What a game's own messages may use of the room. */
export interface PartsRoom<S, M extends TypedMove, E, C, V, St extends HubState> {
  readonly state: St;
  readonly configured: Configured<C>;
  /** The current game (null before the first). */
  readonly game: GameSession<S, M, E, C, V> | null;
  /** Records the running game (abandoned, if anything was played) and starts the next one at once. */
  restart(ctx: MoveContext): Rejection | void;
}

/** What a wire event may need besides the seat map. */
export interface WireInfo {
  /** Games started in this room (the current one's number). */
  gameNo: number;
  /** Room seat of each game seat. */
  order: readonly number[];
}

export interface PartsExtras<S, M extends TypedMove, E, C, V, St extends HubState> {
  /** `state.phase` in the game's words (default: the stage). Asked after every change. */
  phase?(stage: Stage, state: S | null): string;
  /**
   * The first game starts as the room is created, every seat of the options in it (seat s
   * plays game seat s; people join and leave a running game), and a next one only through
   * `restart` (PartsRoom). Default: a game starts once seats are taken.
   */
  startAtOnce?: boolean;
  /** When the room starts (or counts down to) a game by itself; default: see GameRoom.wantsStart. */
  wantsStart?(seats: St["seats"]): boolean;
  /** A countdown before each game (ms; 0 or absent: none), with `countdown` / `countdown-cancelled` events. */
  countdownMs?(settings: HubSettings): number;
  /** Writes the countdown's end into the schema (0: none running). */
  countdown?(st: St, endsAt: number): void;
  /** The event a new game starts with (default `start {gameNo, seats}`); null: none. */
  startEvent?(info: WireInfo & { restart: boolean }): HubEvent | null;
  /** The room's refusals in the game's words. */
  refusals?: Partial<Record<RefusalReason, Rejection>>;
  /** Messages of the game's own beside its moves (a restart, a pointer...). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  messages?(room: PartsRoom<S, M, E, C, V, St>): Record<string, MessageSpec<any>>;
  /** Fields of the record beyond the room's (times, stats, ranked, a summary...). */
  record?(info: RecordInfo<S, M, C>): Partial<FinishedGame>;
  /**
   * The game ended and was recorded (`replayId`: its id; 0 while the record waits in the
   * store's queue; −1 when it could not be stored): write it in the schema, and the event to
   * send after the move's own (null: none).
   */
  ended?(st: St, info: RecordInfo<S, M, C> & { replayId: number }): HubEvent | null;
  /** A record that waited in the store's queue is written, and its game is still the room's last. */
  saved?(st: St, replayId: number): HubEvent | null;
  /** Does this room's first move of each game take a ranked start from the mover's address? */
  ranked?(configured: Configured<C>): boolean;
  /** May a dropped player's seat be held (while the game runs; default yes)? */
  holdsSeat?(state: S, gameSeat: number): boolean;
  /** At the end of a game, held seats are let go (nothing left to protect). */
  releaseAtEnd?: boolean;
  /** `ready` survives the end of a game (pressed during one, it counts for the next). */
  keepsReady?: boolean;
  /** A room seat became free. */
  seatFreed?(st: St, roomSeat: number): void;
  /** Board cells the room holds, counted against the process budget. */
  cells?(configured: Configured<C>): number;
}
