// The Minesweeper room hosts two kinds of game under one room name: a board
// game (solo, co-op: BoardMode.ts) and the versus race (RaceMode.ts). The room
// (MinesweeperRoom.ts) reads `mode` from the options, builds the matching mode
// object and forwards the seated-room hooks to it; the mode object reaches the
// room's protected helpers through a `ModeHost`.

import { randomBytes } from "node:crypto";
import type { Client, Delayed } from "@colyseus/core";
import type { Schema } from "@colyseus/schema";
import type { Rejection } from "../../../common/core/rules.js";
import type { HubState } from "../base/HubState.js";
import type { BucketLimits } from "../base/rateLimit.js";
import type { MessageSpec, MoveContext, SenderContext } from "../base/SeatedRoom.js";
import type { FinishedGame } from "../../store/GameStore.js";

export { MINESWEEPER_MODES as MODES, MULTI_SEATS, type MinesweeperMode } from "../../../common/minesweeper/game.js";

/** Server-side knobs of the Minesweeper room (passed with the hub settings; tests shorten them). */
export interface MinesweeperSettings {
  /** Countdown between "everyone ready" / the owner's start and the go signal (default RACE_COUNTDOWN_MS). */
  raceCountdownMs?: number;
  /** Ranked boards one address may start (default RANKED_START_RATE: 30, then one every 6 s). */
  rankedStartRate?: BucketLimits;
}

/** What a mode may ask of its room. */
export interface ModeHost {
  readonly settings: MinesweeperSettings;
  defineMessage<P>(type: string, spec: MessageSpec<P>): void;
  /** An input the room makes itself (timer, go, resign), applied like a message, after the one being handled. */
  serverMove(seat: number, run: (ctx: MoveContext) => Rejection | void | false, what: string): void;
  /** A one-shot timer on the room clock. */
  later(ms: number, fn: () => void): Delayed;
  releaseHeldSeats(): void;
  seatNames(): string[];
  /** Takes one ranked start from the budget of `client`'s address; false when it is spent. */
  takeRankedStart(client: Client | null): boolean;
  /**
   * Writes a record to the store: its id (the replay id); 0 when the store could not write it
   * yet (it waits in the store's queue and `onSaved` runs, inside a server move of this room,
   * once it is written); null when it could not be stored at all.
   */
  record(game: Omit<FinishedGame, "game" | "roomId">, onSaved?: (ctx: MoveContext, id: number) => void | false): number | null;
}

/** The hooks a mode implements (defaults live in the room). */
export interface ModeGame {
  readonly state: HubState;
  readonly seats: number;
  onSeatTaken?(seat: number, reclaimed: boolean): void;
  onSeatFreed?(seat: number): void;
  canHoldSeat(seat: number): boolean;
  onReadyChanged?(seat: number, ready: boolean): void;
  onStart?(ctx: SenderContext): Rejection | void;
  seatPrivateState?(seat: number): Schema | undefined;
  acceptsNewPlayers?(): boolean;
  extraMetadata(): Record<string, unknown>;
  onRoomDispose(): void;
}

/** A fresh uint32 seed per board, from the OS (common/ stays pure). */
export function randomSeed(): number {
  return randomBytes(4).readUInt32LE(0);
}
