// What the generic room's helpers share (GameRoom.ts): the game being played and where the
// room is (`Play`), owned by the room and read and written by its helpers directly; and what
// they ask of the room itself (`RoomHost`): its connections, clock, server moves, log.

import { randomBytes } from "node:crypto";
import type { Client, Delayed } from "@colyseus/core";
import type { Logger } from "pino";
import type { Configured, GameDef, TypedMove } from "../../../common/core/game.js";
import type { Rejection } from "../../../common/core/rules.js";
import type { GameSession } from "../../../common/core/session.js";
import type { HubSettings } from "../../settings.js";
import type { MoveContext } from "../base/messages.js";
import type { RoomScheduler } from "../base/scheduler.js";
import type { GameRoomState } from "./GameRoomState.js";
import type { GameServerParts, Stage } from "./parts.js";
import type { RatedTable } from "./ratedRoom.js";
import type { DailyTable } from "./dailyRoom.js";

/** The room's bot seed: the bots' thinking delays and choices (a bot sees only its seat's view). */
export function newBotSeed(): number {
  return randomBytes(4).readUInt32LE(0);
}

/** The room's play: which game, in which seats, and where the room is between and in games. */
export class Play<S, M extends TypedMove, E, C, V, St extends GameRoomState> {
  /** The parts of the game this room plays (one room name may offer several: partsFor). */
  parts!: GameServerParts<S, M, E, C, V, St>;
  configured!: Configured<C>;
  /** The room's schema (set as the room is created). */
  st!: St;
  /** Where the room is (state.phase shows it, or the game's own word for it: parts.words.phase). */
  stage: Stage = "waiting";
  gameNo = 0;
  /** Server-side truth of the current game (null before the first). Never sent. */
  game: GameSession<S, M, E, C, V> | null = null;
  /** Room seat of each game seat. */
  order: number[] = [];
  /** Game seat of each room seat (−1: not in the game). */
  gameSeatOf: number[] = [];
  /** The current game was started by a `restart` (its start event says so; the delayed mirror too). */
  restarted = false;
  /** End of the countdown on screen (server time; 0: none), for the delayed mirror's frames. */
  countdownEndsAt = 0;
  botSeed = newBotSeed();
  /** A rated room (ratedRoom.ts): its pool and the matched players' tickets; null: casual. */
  rated: RatedTable | null = null;
  /** A daily challenge's room (dailyRoom.ts): whose day's game it is and its seed; null: any other. */
  daily: DailyTable | null = null;
  /** Per room seat, a factor on its own turn time (turnTimer.ts; berserk.ts halves it); absent: 1. */
  readonly turnFactor = new Map<number, number>();

  get def(): GameDef<S, M, E, C, V> {
    return this.parts.def;
  }
  /** The fewest seats a game of this room starts with (its options may ask more than the definition's least). */
  get minSeats(): number {
    return this.configured.minSeats ?? this.def.seats.min;
  }
  get playing(): boolean {
    return this.stage === "playing";
  }
  /** Room seat of a game seat (−1: none). */
  roomOf(g: number | null): number {
    return g === null ? -1 : (this.order[g] ?? -1);
  }
  /** `game` is played by room seats `order` (game seat g in room seat order[g]). */
  seat(game: GameSession<S, M, E, C, V>, order: number[]): void {
    this.game = game;
    this.order = order;
    this.gameSeatOf = this.st.seats.map(() => -1);
    order.forEach((room, g) => (this.gameSeatOf[room] = g));
  }
  /** The seated game starts now: its number, the stage, and the room's fields for a new game. */
  begin(restart: boolean): void {
    this.restarted = restart;
    this.gameNo++;
    this.stage = "playing";
    const st = this.st;
    st.gameNo = this.gameNo;
    st.result = "";
    st.replayId = -1;
    st.order.clear();
    st.order.push(...this.order);
    for (const s of st.seats) if (!s.bot) s.ready = false;
  }
  setStage(stage: Stage): void {
    this.stage = stage;
    this.showPhase();
  }
  /** `state.phase`: the stage, or the game's word for it. */
  showPhase(): void {
    const words = this.parts.words;
    const phase = words?.phase ? words.phase(this.stage, this.game?.state ?? null) : this.stage;
    if (this.st.phase !== phase) this.st.phase = phase;
  }
}

/** What the room's helpers ask of the room (the seated base's abilities). */
export interface RoomHost {
  settings(): HubSettings;
  roomId(): string;
  roomName(): string;
  /** The game the room was made for (its registry entry's first definition: records, logs, reports). */
  gameId(): string;
  /** The connections, and the room seat each holds (−1: a spectator). */
  clients(): Iterable<Client>;
  seatOf(client: Client): number;
  isBotSeat(seat: number): boolean;
  /** The profile a room seat plays for (null: none). */
  seatProfile(seat: number): string | null;
  disposing(): boolean;
  later(ms: number, fn: () => void): Delayed;
  /** Runs `run` as a move of the room's own for `seat`, after whatever runs now. */
  serverMove(seat: number, run: (ctx: MoveContext) => Rejection | void | false, what: string): void;
  /** Runs `fn` as the room's next exclusive job. */
  enqueue(fn: () => void): void;
  scheduler(): Pick<RoomScheduler, "suspend" | "resume">;
  /** HubRoom's turn timer: runs `run` as a move of `seat` after `ms`. */
  armTurnTimer(ms: number, seat: number, run: (ctx: MoveContext) => Rejection | void | false): number;
  disarmTurnTimer(): void;
  /** The room's log (room and game on each line). */
  logger(): Logger;
}
