// Solo (1 seat) and co-op (2–8 seats, one shared board). A thin adapter:
// validate → GameSession.apply (common/) → project the public view into the
// schema (changed cells only) → patch → events. A finished board is recorded
// with its stats and the `result` event tells everyone its replay id.

import { GameSession } from "../../../common/core/session.js";
import type { Rejection } from "../../../common/core/rules.js";
import {
  canRestart,
  CELL,
  minesweeperDef,
  cellCode,
  creditsBySeat,
  viewCounters,
  elapsedMs,
  gameStats,
  implausibleReason,
  isFinished,
  minesweeperRules,
  type MinesweeperConfig,
  type MinesweeperEvent,
  type MinesweeperMove,
  type MinesweeperState as Board,
  type MinesweeperView,
} from "../../../common/minesweeper/index.js";
import type { MoveContext, SenderContext } from "../base/SeatedRoom.js";
import { cellPayload, emptyPayload, isWholeNumber, objectWith, ok, type Parsed } from "../base/validate.js";
import { Cursor, MinesweeperState } from "./MinesweeperState.js";
import { randomSeed, type ModeGame, type ModeHost } from "./modes.js";

export type BoardSession = GameSession<Board, MinesweeperMove, MinesweeperEvent, MinesweeperConfig, MinesweeperView>;

export class BoardMode implements ModeGame {
  readonly state = new MinesweeperState();
  game: BoardSession;
  /** The codes currently in state.cells, to patch only what changed. */
  private shown: Uint8Array;
  private boardCreatedAt = Date.now();
  private recorded = false;
  /** Counts restarts: a result saved late updates the screen only if its board is still shown. */
  private boardNo = 0;
  /** This board started past its address's budget of ranked starts (rankedStarts.ts). */
  private overBudget = false;

  constructor(
    private readonly host: ModeHost,
    readonly mode: "solo" | "coop",
    readonly seats: number,
    private readonly config: MinesweeperConfig,
  ) {
    const state = this.state;
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
    state.phase = this.game.state.phase;

    // The payloads' one parser: the board definition's (common/minesweeper/game.ts).
    for (const type of minesweeperDef.moveTypes) {
      host.defineMessage<MinesweeperMove>(type, {
        parse: (payload) => minesweeperDef.parseMove(type, payload, config),
        run: (ctx, move) => this.play(ctx, move),
      });
    }
    host.defineMessage("restart", { parse: emptyPayload, run: (ctx) => this.restart(ctx) });
    host.defineMessage<{ r: number; c: number }>("cursor", {
      bucket: "cursor",
      patchNow: false,
      parse: (payload) => cursorPayload(payload, config.rows, config.cols),
      run: (ctx, { r, c }) => {
        const cursor = this.state.cursors[ctx.seat];
        cursor.r = r;
        cursor.c = c;
      },
    });
  }

  private play(ctx: SenderContext, move: MinesweeperMove): Rejection | void {
    const first = this.game.log.length === 0;
    const result = this.game.apply(ctx.seat, move, ctx.now);
    if (!result.ok) return result.error;
    // A solo board on a standard level starts ranked while its address has ranked starts left.
    if (first && this.mode === "solo" && this.config.level !== "custom" && !this.host.takeRankedStart(ctx.client)) {
      this.overBudget = true;
    }
    this.project(result.events);
    for (const event of result.events) ctx.emit(announce(event));
    if (isFinished(this.game.state)) this.finish(ctx);
  }

  private restart(ctx: SenderContext): Rejection | void {
    if (!canRestart(this.mode, this.game.state.phase)) {
      return { code: "not-allowed", message: "In co-op a new board starts once this one is won or lost." };
    }
    this.recordIfPlayed(ctx.now, "abandoned");
    this.game = new GameSession(minesweeperRules, randomSeed(), this.config, this.seats);
    this.boardCreatedAt = ctx.now;
    this.recorded = false;
    this.overBudget = false;
    this.boardNo++;
    this.state.replayId = -1;
    this.project();
    ctx.emit({ kind: "restart" });
  }

  private finish(ctx: MoveContext): void {
    const board = this.game.state;
    const boardNo = this.boardNo;
    const id = this.recordIfPlayed(ctx.now, board.phase, (later, saved) => {
      // The store could not write at the end; now it has. Still this board on screen: tell.
      if (this.boardNo !== boardNo) return false;
      this.state.replayId = saved;
      later.emit({ kind: "saved", replayId: saved });
    });
    // 0 while the record waits in the store's queue ("result not saved yet"), −1 if lost.
    this.state.replayId = id ?? -1;
    const stats = gameStats(board, this.game.log);
    const unranked = this.unrankedReason();
    ctx.emit({
      kind: "result",
      replayId: id ?? -1,
      saved: (id ?? 0) > 0,
      result: board.phase,
      timeMs: elapsedMs(board),
      ranked: this.isRanked(),
      ...(unranked ? { unranked } : {}),
      stats,
    });
    // Nothing left to protect for a player who dropped: let the seat go.
    this.host.releaseHeldSeats();
  }

  /** A server-timed solo win on a standard level goes on the leaderboard if it is humanly plausible. */
  private isRanked(): boolean {
    return this.mode === "solo" && this.game.state.phase === "won" && this.config.level !== "custom" && this.unrankedReason() === null;
  }

  /** Why a won solo board on a standard level is kept off the leaderboard (null: it is ranked or never could be). */
  private unrankedReason(): string | null {
    if (this.mode !== "solo" || this.game.state.phase !== "won" || this.config.level === "custom") return null;
    if (this.overBudget) return "Not ranked: too many ranked games were started from your address in the last minutes. Your game is still recorded; ranked play resumes within a minute.";
    const stats = gameStats(this.game.state, this.game.log);
    return implausibleReason(this.config.level, { threeBV: stats.threeBV, timeMs: elapsedMs(this.game.state) });
  }

  /** Records the current board once (if anything was played); returns its id. */
  private recordIfPlayed(now: number, result: string, onSaved?: (ctx: MoveContext, id: number) => void | false): number | null {
    if (this.recorded || this.game.log.length === 0) return null;
    this.recorded = true;
    const board = this.game.state;
    const ended = board.endedAt !== null;
    const stats = gameStats(board, this.game.log);
    return this.host.record({
      seed: this.game.seed,
      config: this.game.config,
      seats: this.host.seatNames(),
      log: this.game.log.map((m) => ({ seat: m.seat, move: m.move, t: m.t })),
      result,
      startedAt: board.startedAt ?? this.boardCreatedAt,
      endedAt: board.endedAt ?? now,
      mode: this.mode,
      level: this.config.level,
      timeMs: ended ? elapsedMs(board) : null,
      stats,
      ranked: this.isRanked(),
      source: "server",
      finishedAt: board.endedAt ?? now,
    }, onSaved);
  }

  /**
   * Copies the public view into the schema, touching only cells whose code changed. While the
   * board runs, a move's events name every cell it changed (a flag, the cells a reveal or chord
   * opened), so only those are looked at; a restart or the end (mines shown) re-reads the
   * whole board. On a 100×100 board that is a few cells instead of 10,000 per move.
   */
  project(events?: readonly MinesweeperEvent[]): void {
    const board = this.game.state;
    if (!events || isFinished(board)) return this.projectAll();
    const cols = this.config.cols;
    const st = this.state;
    for (const event of events) {
      if (event.kind === "flag") this.showCode(event.r * cols + event.c, cellCode(board, event.r * cols + event.c), board.phase);
      else if (event.kind === "reveal") {
        for (const { r, c } of event.cells) this.showCode(r * cols + c, cellCode(board, r * cols + c), board.phase);
        st.credits[event.seat] += event.cells.length;
      }
    }
    this.projectCounters();
  }

  private showCode(i: number, code: number, phase: string): void {
    // Defence in depth: no end-of-game code may reach a client while the game runs.
    if (code > CELL.FLAG && phase !== "won" && phase !== "lost") throw new Error(`minesweeper view exposed code ${code} while ${phase}`);
    if (code !== this.shown[i]) {
      this.state.cells[i] = code;
      this.shown[i] = code;
    }
  }

  private projectAll(): void {
    const view = this.game.view(null);
    for (let i = 0; i < view.cells.length; i++) this.showCode(i, view.cells[i], view.phase);
    const credits = creditsBySeat(this.game.state);
    const st = this.state;
    for (let s = 0; s < st.credits.length; s++) {
      if (st.credits[s] !== credits[s]) st.credits[s] = credits[s];
    }
    this.projectCounters();
  }

  /** Phase, flag counter, times and the hit mine: the rules' view without its cells. */
  private projectCounters(): void {
    const board = this.game.state;
    const view = viewCounters(board);
    const st = this.state;
    const ended = isFinished(board);
    st.phase = view.phase;
    st.flags = view.flags;
    st.startedAt = view.startedAt ?? 0;
    st.endedAt = view.endedAt ?? 0;
    st.elapsed = ended && view.startedAt !== null && view.endedAt !== null ? view.endedAt - view.startedAt : 0;
    st.hit = view.phase === "lost" && board.hitIndex !== null ? board.hitIndex : -1;
  }

  canHoldSeat(): boolean {
    return !isFinished(this.game.state);
  }

  onSeatFreed(seat: number): void {
    const cursor = this.state.cursors[seat];
    cursor.r = -1;
    cursor.c = -1;
  }

  extraMetadata(): Record<string, unknown> {
    return { level: this.config.level };
  }

  onRoomDispose(): void {
    this.recordIfPlayed(Date.now(), isFinished(this.game.state) ? this.game.state.phase : "abandoned");
  }
}

/** `{r, c}` on the board, or `{r: -1, c: -1}` for "no pointer". */
function cursorPayload(payload: unknown, rows: number, cols: number): Parsed<{ r: number; c: number }> {
  const o = objectWith(payload, ["r", "c"]);
  if (o.ok && o.value.r === -1 && o.value.c === -1 && isWholeNumber(o.value.r)) return ok({ r: -1, c: -1 });
  return cellPayload(payload, rows, cols);
}

/** Largest reveal whose cells ride along in the `event` (the patch already carries them). */
export const EVENT_CELLS_MAX = 64;

/**
 * The `event` for a rules event. A big flood's cells are in the patch already, so its
 * event says only who opened how many from where (a 10,000-cell flood would otherwise
 * send ~115 KB twice).
 */
function announce(event: MinesweeperEvent): { kind: string; [field: string]: unknown } {
  if (event.kind !== "reveal") return event;
  const { seat, cells } = event;
  const { r, c } = cells[0];
  return cells.length <= EVENT_CELLS_MAX ? { kind: "reveal", seat, count: cells.length, r, c, cells } : { kind: "reveal", seat, count: cells.length, r, c };
}
