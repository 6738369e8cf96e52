// Minesweeper on the seated-room base: solo (1 seat) and co-op (2–8 seats, one board).
// A thin adapter: validate → GameSession.apply (common/) → project the public view
// into the schema (changed cells only) → patch → events.

import { randomBytes } from "node:crypto";
import { GameSession } from "../../../common/core/session.js";
import type { Rejection } from "../../../common/core/rules.js";
import {
  CELL,
  creditsBySeat,
  isFinished,
  minesweeperRules,
  resolveConfig,
  type MinesweeperConfig,
  type MinesweeperEvent,
  type MinesweeperMove,
  type MinesweeperState as Board,
  type MinesweeperView,
} from "../../../common/minesweeper/index.js";
import { refuseOption } from "../base/errors.js";
import { SeatedRoom, type GameSetup, type SenderContext } from "../base/SeatedRoom.js";
import { cellPayload, emptyPayload, intIn, isWholeNumber, objectWith, ok, type Parsed } from "../base/validate.js";
import { Cursor, MinesweeperState } from "./MinesweeperState.js";

export type MinesweeperMode = "solo" | "coop";
export const MODES: readonly MinesweeperMode[] = ["solo", "coop"];
export const COOP_SEATS = { min: 2, max: 8, default: 8 } as const;
/** Quick-play criteria (docs/protocol.md). */
export const FILTER_KEYS = ["mode", "level", "rows", "cols", "mines"];

type Session = GameSession<Board, MinesweeperMove, MinesweeperEvent, MinesweeperConfig, MinesweeperView>;

/** A fresh uint32 seed per board, from the OS (common/ stays pure). */
function randomSeed(): number {
  return randomBytes(4).readUInt32LE(0);
}

export class MinesweeperRoom extends SeatedRoom<MinesweeperState> {
  protected readonly gameId = "minesweeper";

  private config!: MinesweeperConfig;
  private game!: Session;
  /** The codes currently in state.cells, to patch only what changed. */
  private shown = new Uint8Array(0);
  private boardCreatedAt = 0;
  private recorded = false;

  /** Server-side truth of the current board. Never sent anywhere; tests read it. */
  get session(): Session {
    return this.game;
  }

  static quickPlayFilter(options: Record<string, unknown>): Record<string, unknown> {
    const mode = options.mode ?? "solo";
    const config = resolveConfig({ level: options.level, rows: options.rows, cols: options.cols, mines: options.mines });
    if (!config.ok) return { mode, level: options.level, rows: options.rows, cols: options.cols, mines: options.mines };
    const { level, rows, cols, mines } = config.config;
    return { mode, level, rows, cols, mines };
  }

  protected createGame(options: Record<string, unknown>): GameSetup<MinesweeperState> {
    const mode = options.mode ?? "solo";
    if (typeof mode !== "string" || !MODES.includes(mode as MinesweeperMode)) {
      throw refuseOption(`Unknown mode ${JSON.stringify(String(mode).slice(0, 20))}: use solo or coop.`);
    }
    let seats = 1;
    if (mode === "coop") {
      const wanted = options.seats ?? COOP_SEATS.default;
      const n = intIn(wanted, COOP_SEATS.min, COOP_SEATS.max);
      if (n === null) throw refuseOption(`Co-op seats must be a whole number from ${COOP_SEATS.min} to ${COOP_SEATS.max}.`);
      seats = n;
    } else if (options.seats !== undefined && options.seats !== 1) {
      throw refuseOption("Solo has exactly one seat.");
    }
    const resolved = resolveConfig({ level: options.level, rows: options.rows, cols: options.cols, mines: options.mines });
    if (!resolved.ok) throw refuseOption(resolved.error.message);
    const config = resolved.config;
    this.config = config;

    const state = new MinesweeperState();
    state.level = config.level;
    state.rows = config.rows;
    state.cols = config.cols;
    state.mines = config.mines;
    const cells = config.rows * config.cols;
    for (let i = 0; i < cells; i++) state.cells.push(CELL.HIDDEN);
    for (let s = 0; s < seats; s++) {
      state.credits.push(0);
      state.cursors.push(new Cursor());
    }
    this.shown = new Uint8Array(cells).fill(CELL.HIDDEN);
    this.game = new GameSession(minesweeperRules, randomSeed(), config, seats);
    this.boardCreatedAt = Date.now();
    state.phase = this.game.state.phase;

    for (const type of ["reveal", "flag", "chord"] as const) {
      this.defineMessage<{ r: number; c: number }>(type, {
        parse: (payload) => cellPayload(payload, config.rows, config.cols),
        run: (ctx, { r, c }) => this.play(ctx, { type, r, c }),
      });
    }
    this.defineMessage("restart", { parse: emptyPayload, run: (ctx) => this.restart(ctx) });
    this.defineMessage<{ r: number; c: number }>("cursor", {
      bucket: "cursor",
      patchNow: false,
      parse: (payload) => cursorPayload(payload, config.rows, config.cols),
      run: (ctx, { r, c }) => {
        const cursor = this.state.cursors[ctx.seat];
        cursor.r = r;
        cursor.c = c;
      },
    });

    return { state, mode, seats };
  }

  private play(ctx: SenderContext, move: MinesweeperMove): Rejection | void {
    const result = this.game.apply(ctx.seat, move, ctx.now);
    if (!result.ok) return result.error;
    this.project();
    for (const event of result.events) ctx.emit(event as unknown as { kind: string });
    if (isFinished(this.game.state)) this.finish(ctx.now);
  }

  private restart(ctx: SenderContext): Rejection | void {
    if (this.state.mode === "coop" && !isFinished(this.game.state)) {
      return { code: "not-allowed", message: "In co-op a new board starts once this one is won or lost." };
    }
    this.recordIfPlayed(ctx.now, "abandoned");
    this.game = new GameSession(minesweeperRules, randomSeed(), this.config, this.state.maxSeats);
    this.boardCreatedAt = ctx.now;
    this.recorded = false;
    this.project();
    ctx.emit({ kind: "restart" });
  }

  private finish(now: number): void {
    this.recordIfPlayed(now, this.game.state.phase);
    // Nothing left to protect for a player who dropped: let the seat go.
    this.releaseHeldSeats();
  }

  private recordIfPlayed(now: number, result: string): void {
    if (this.recorded || this.game.log.length === 0) return;
    this.recorded = true;
    const board = this.game.state;
    this.recordGame({
      seed: this.game.seed,
      config: this.game.config,
      log: this.game.log.map((m) => ({ seat: m.seat, move: m.move, t: m.t })),
      result,
      startedAt: board.startedAt ?? this.boardCreatedAt,
      endedAt: board.endedAt ?? now,
    });
  }

  /** Copies the public view into the schema, touching only cells whose code changed. */
  private project(): void {
    const view = this.game.view(null);
    const ended = view.phase === "won" || view.phase === "lost";
    const codes = view.cells;
    if (!ended) {
      // Defence in depth: no end-of-game code may reach a client while the game runs.
      for (let i = 0; i < codes.length; i++) {
        if (codes[i] > CELL.FLAG) throw new Error(`minesweeper view exposed code ${codes[i]} while ${view.phase}`);
      }
    }
    const st = this.state;
    for (let i = 0; i < codes.length; i++) {
      if (codes[i] !== this.shown[i]) {
        st.cells[i] = codes[i];
        this.shown[i] = codes[i];
      }
    }
    st.phase = view.phase;
    st.flags = view.flags;
    st.startedAt = view.startedAt ?? 0;
    st.endedAt = view.endedAt ?? 0;
    st.elapsed = ended && view.startedAt !== null && view.endedAt !== null ? view.endedAt - view.startedAt : 0;
    const hit = this.game.state.hitIndex;
    st.hit = view.phase === "lost" && hit !== null ? hit : -1;
    const credits = creditsBySeat(this.game.state);
    for (let s = 0; s < st.credits.length; s++) {
      if (st.credits[s] !== credits[s]) st.credits[s] = credits[s];
    }
  }

  protected canHoldSeat(): boolean {
    return !isFinished(this.game.state);
  }

  protected onSeatFreed(seat: number): void {
    const cursor = this.state.cursors[seat];
    cursor.r = -1;
    cursor.c = -1;
  }

  protected extraMetadata(): Record<string, unknown> {
    return { level: this.config.level };
  }

  protected onRoomDispose(): void {
    this.recordIfPlayed(Date.now(), isFinished(this.game.state) ? this.game.state.phase : "abandoned");
  }
}

/** `{r, c}` on the board, or `{r: -1, c: -1}` for "no pointer". */
function cursorPayload(payload: unknown, rows: number, cols: number): Parsed<{ r: number; c: number }> {
  const o = objectWith(payload, ["r", "c"]);
  if (o.ok && o.value.r === -1 && o.value.c === -1 && isWholeNumber(o.value.r)) return ok({ r: -1, c: -1 });
  return cellPayload(payload, rows, cols);
}
