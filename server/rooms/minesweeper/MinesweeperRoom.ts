// The Minesweeper room: one room name, three modes. `mode` (and the board options)
// pick a mode object — BoardMode for solo and co-op, RaceMode for the versus race —
// and the seated-room hooks are forwarded to it. See modes.ts.

import type { AuthContext, Client } from "@colyseus/core";
import type { Schema } from "@colyseus/schema";
import type { Rejection } from "../../../common/core/rules.js";
import { configureMinesweeper, resolveConfig } from "../../../common/minesweeper/index.js";
import { refuseOption } from "../base/errors.js";
import type { HubState } from "../base/HubState.js";
import { SeatedRoom, type GameSetup, type JoinRequest, type MoveContext, type SenderContext } from "../base/SeatedRoom.js";
import type { FinishedGame } from "../../store/GameStore.js";
import { BoardMode, type BoardSession } from "./BoardMode.js";
import { MODES, MULTI_SEATS, type MinesweeperMode, type MinesweeperSettings, type ModeGame, type ModeHost } from "./modes.js";
import { RaceMode, type RaceSession } from "./RaceMode.js";
import { playerAddress, rankedStartsFor } from "./rankedStarts.js";

/** Quick-play criteria (docs/protocol.md). */
export const FILTER_KEYS = ["mode", "level", "rows", "cols", "mines"];
/** Kept for callers of the first version. */
export const COOP_SEATS = MULTI_SEATS;
export { MODES, type MinesweeperMode };

export class MinesweeperRoom extends SeatedRoom<HubState> {
  protected readonly gameId = "minesweeper";

  private impl!: BoardMode | RaceMode;
  /** Disposed: a result saved later has nobody left to tell. */
  private gone = false;
  /** Each joined client's address, for the budget of ranked starts (rankedStarts.ts). */
  private readonly addresses = new WeakMap<Client, string>();

  /** Server-side truth of the current board (solo / co-op). Never sent anywhere; tests read it. */
  get session(): BoardSession {
    if (!(this.impl instanceof BoardMode)) throw new Error("session: this is a race room (see `race`)");
    return this.impl.game;
  }

  /** Server-side truth of the current / last race (race rooms; null before the first go). */
  get race(): RaceSession | null {
    if (!(this.impl instanceof RaceMode)) throw new Error("race: this is not a race room (see `session`)");
    return this.impl.race;
  }

  /** Room seat of each race seat of the current / last race. */
  get racers(): readonly number[] {
    return this.impl instanceof RaceMode ? this.impl.racers : [];
  }

  static quickPlayFilter(options: Record<string, unknown>): Record<string, unknown> {
    const mode = options.mode ?? "solo";
    const config = resolveConfig({ level: options.level, rows: options.rows, cols: options.cols, mines: options.mines });
    if (!config.ok) return { mode, level: options.level, rows: options.rows, cols: options.cols, mines: options.mines };
    const { level, rows, cols, mines } = config.config;
    return { mode, level, rows, cols, mines };
  }

  /** The base checks the options; the address is kept for the budget of ranked starts. */
  onAuth(client: Client, options: unknown, context?: AuthContext): JoinRequest {
    const request = super.onAuth(client, options);
    this.addresses.set(client, playerAddress(client, context?.headers, this.settings.trustProxy ?? 0));
    return request;
  }

  protected createGame(options: Record<string, unknown>): GameSetup<HubState> {
    // One reading of the options for the room, quick play and the contract kit (common/minesweeper/game.ts).
    const c = configureMinesweeper(options);
    if (!c.ok) throw refuseOption(c.error.message);
    const { mode, seats, config } = c.value;
    const host = this.modeHost();
    this.impl = mode === "race" ? new RaceMode(host, seats, config) : new BoardMode(host, mode as "solo" | "coop", seats, config);
    // A race gives every seat its own copy of the board.
    return { state: this.impl.state, mode, seats, cells: config.rows * config.cols * (mode === "race" ? seats : 1) };
  }

  /** What the mode objects may use of this room. */
  private modeHost(): ModeHost {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const room = this;
    return {
      get settings() {
        return room.settings as MinesweeperSettings;
      },
      defineMessage: (type, spec) => this.defineMessage(type, spec),
      serverMove: (seat, run, what) => this.serverMove(seat, run, what),
      later: (ms, fn) => this.later(ms, fn),
      releaseHeldSeats: () => this.releaseHeldSeats(),
      seatNames: () => this.seatNames(),
      takeRankedStart: (client) => {
        const address = (client && this.addresses.get(client)) ?? (client ? playerAddress(client, undefined, 0) : "server");
        return rankedStartsFor(this.settings, (this.settings as MinesweeperSettings).rankedStartRate).take(address);
      },
      record: (game, onSaved) => this.recordFinished(game, onSaved),
    };
  }

  /** Writes a record to the store; returns its id, 0 (queued) or null (a store failure never breaks the room). */
  private recordFinished(game: Omit<FinishedGame, "game" | "roomId">, onSaved?: (ctx: MoveContext, id: number) => void | false): number | null {
    try {
      const saved = onSaved
        ? (id: number) => {
            if (!this.isDisposing() && !this.gone) this.serverMove(0, (ctx) => onSaved(ctx, id), "saved result");
          }
        : undefined;
      const id = this.settings.store.recordGame({ ...game, game: this.gameId, roomId: this.roomId }, saved);
      return typeof id === "number" && id >= 0 ? id : null;
    } catch (e) {
      console.error(`[${this.gameId} ${this.roomId}] could not record a finished game`, e);
      return null;
    }
  }

  // ---- hooks, forwarded to the mode ------------------------------------------------

  private get mode(): ModeGame {
    return this.impl;
  }

  protected onSeatTaken(seat: number, reclaimed: boolean): void {
    this.mode.onSeatTaken?.(seat, reclaimed);
  }
  protected onSeatFreed(seat: number): void {
    this.mode.onSeatFreed?.(seat);
  }
  protected canHoldSeat(seat: number): boolean {
    return this.mode.canHoldSeat(seat);
  }
  protected onReadyChanged(seat: number, ready: boolean): void {
    this.mode.onReadyChanged?.(seat, ready);
  }
  protected onStart(ctx: SenderContext): Rejection | void {
    return this.mode.onStart ? this.mode.onStart(ctx) : super.onStart(ctx);
  }
  protected seatPrivateState(seat: number): Schema | undefined {
    return this.mode.seatPrivateState?.(seat);
  }
  protected acceptsNewPlayers(): boolean {
    return this.mode.acceptsNewPlayers ? this.mode.acceptsNewPlayers() : true;
  }
  protected extraMetadata(): Record<string, unknown> {
    return this.mode.extraMetadata();
  }
  protected onRoomDispose(): void {
    this.gone = true;
    this.mode.onRoomDispose();
  }
}
