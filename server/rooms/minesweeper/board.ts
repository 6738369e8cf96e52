// Solo (1 seat) and co-op (2–8 seats, one shared board) on the generic game room: the
// board is there from the room's creation, anyone seated clicks any time, `restart` starts
// the next board (solo any time, co-op once this one is over: the definition's whyNoRestart),
// and each seat's pointer (`cursor`) is shown in `cursors`. What is Minesweeper's own here:
// the schema (changed rows only), the record's stats, the ranked check and the `result`
// event with its replay id.

import { SAVING } from "../../store/SaveQueue.js";
import type { Configured } from "../../../common/core/game.js";
import {
  CELL,
  cellCode,
  FLAGGED,
  creditsBySeat,
  elapsedMs,
  gameStats,
  isFinished,
  minesweeperDef,
  rankableGame,
  rankedGame,
  rankLevel,
  unrankedReason,
  type RankFacts,
  revealedList,
  wrongFlags,
  viewCounters,
  type MinesweeperConfig,
  type MinesweeperEvent,
  type MinesweeperMove,
  type MinesweeperState as Board,
  type MinesweeperView,
} from "../../../common/minesweeper/index.js";
import { sizeEncoderForEntries } from "../base/encodeBuffer.js";
import type { HubEvent } from "../base/SeatedRoom.js";
import type { GameServerParts, RecordInfo } from "../game/GameRoom.js";
import { Cursor, MinesweeperState, writeBoardSize } from "./MinesweeperState.js";
import { ShownRows } from "./shownRows.js";
import { minesweeperDaily } from "./daily.js";

type Info = RecordInfo<Board, MinesweeperMove, MinesweeperConfig>;

/** The codes currently in state.cellRows, per room state (to patch only the rows that changed). */
const shownCells = new WeakMap<MinesweeperState, ShownRows>();

/** Largest reveal whose cells ride along in the `event` (the patch already carries them). */
export const EVENT_CELLS_MAX = 64;

/**
 * The `event` for a rules event (solo, co-op, and a racer's own board). A big flood's cells
 * are in the patch already, so its event says only who opened how many from where (a
 * 10,000-cell flood would otherwise send ~115 KB twice).
 */
export function announce(event: MinesweeperEvent): HubEvent {
  if (event.kind !== "reveal") return event;
  const { seat, cols, cells } = event;
  const count = cells.length;
  const r = (cells[0] / cols) | 0;
  const c = cells[0] % cols;
  return count <= EVENT_CELLS_MAX ? { kind: "reveal", seat, count, r, c, cells: revealedList(event) } : { kind: "reveal", seat, count, r, c };
}

const rankable = (c: Configured<MinesweeperConfig>) => rankableGame(c.mode, c.config.level);

/** The ranking policy's facts of a finished game (the policy itself: common/minesweeper/plausible.ts). */
const rankFacts = (info: Info): RankFacts => ({
  mode: info.configured.mode,
  level: info.configured.config.level,
  phase: info.state.phase,
  guessFree: info.state.guessFree,
  overBudget: !!info.overBudget,
  stats: () => ({ threeBV: gameStats(info.state, info.log).threeBV, timeMs: elapsedMs(info.state) }),
});

function showCode(shown: ShownRows, i: number, code: number, phase: string): void {
  // Defence in depth: no end-of-game code may reach a client while the game runs.
  if (code > CELL.FLAG && phase !== "won" && phase !== "lost") throw new Error(`minesweeper view exposed code ${code} while ${phase}`);
  shown.show(i, code);
}

/**
 * The end's own codes: mines (flagged, shown, the one hit) and wrong flags. Every other cell
 * shows what it showed while the board ran (a number once open, else hidden).
 */
function showEnd(shown: ShownRows, board: Board): void {
  const { mines, status } = board;
  if (!mines) return;
  for (let i = 0; i < mines.length; i++) if (mines[i] || status[i] === FLAGGED) showCode(shown, i, cellCode(board, i), board.phase);
}

/** Phase, flag counter, times and the hit mine: the rules' view without its cells. */
function projectCounters(st: MinesweeperState, board: Board): void {
  const view = viewCounters(board);
  const ended = isFinished(board);
  st.flags = view.flags;
  st.startedAt = view.startedAt ?? 0;
  st.endedAt = view.endedAt ?? 0;
  st.elapsed = ended && view.startedAt !== null && view.endedAt !== null ? view.endedAt - view.startedAt : 0;
  st.hit = view.phase === "lost" && board.hitIndex !== null ? board.hitIndex : -1;
  if (st.noGuess !== view.noGuess) st.noGuess = view.noGuess;
}

export const boardParts: GameServerParts<Board, MinesweeperMove, MinesweeperEvent, MinesweeperConfig, MinesweeperView, MinesweeperState> = {
  def: minesweeperDef,
  daily: minesweeperDaily,
  starts: {
    open: true,
    // `ready` never starts a board: `restart` does (and says so).
    when: () => false,
    event: ({ restart }) => (restart ? { kind: "restart" } : null),
  },
  words: {
    phase: (_stage, board) => board?.phase ?? "fresh",
    refusals: { "game-over": { code: "game-over", message: "This game is over; start a new one." } },
  },
  seats: { releaseAtEnd: true },
  cells: (c) => c.config.rows * c.config.cols,
  metadata: (c) => ({ level: c.config.level, noGuess: c.config.noGuess === true }),
  createState({ config, seats }) {
    const state = new MinesweeperState();
    writeBoardSize(state, config);
    const shown = new ShownRows(config.rows, config.cols);
    // A custom board (up to 100 × 100) passes 8 KB: sized up front, not grown mid-flood.
    sizeEncoderForEntries(config.rows * config.cols);
    shown.fillHidden(state.cellRows);
    for (let s = 0; s < seats; s++) {
      state.credits.push(0);
      state.cursors.push(new Cursor());
    }
    shownCells.set(state, shown);
    return state;
  },
  toWire: announce,
  showCursor(st, seat, at) {
    const cursor = st.cursors[seat];
    cursor.r = at?.r ?? -1;
    cursor.c = at?.c ?? -1;
  },

  /**
   * Copies the public view into the schema, re-sending only the rows whose codes changed. A
   * move's events name every cell it changed (a flag, the cells a reveal or chord opened), so
   * only those are looked at, and at the end the mines and flags too (the only cells the end
   * shows otherwise); a new board (no events) re-reads the whole board. On a 100×100 board that
   * is a few cells instead of 10,000 per move, and a board opened at once is read once, not twice.
   */
  project(st, p) {
    const board = p.state;
    const shown = shownCells.get(st)!;
    if (!p.events) {
      const view = p.view(null);
      for (let i = 0; i < view.cells.length; i++) showCode(shown, i, view.cells[i], view.phase);
      shown.flush(st.cellRows);
      const credits = creditsBySeat(board);
      for (let s = 0; s < st.credits.length; s++) if (st.credits[s] !== credits[s]) st.credits[s] = credits[s];
      return projectCounters(st, board);
    }
    const cols = board.config.cols;
    for (const event of p.events) {
      if (event.kind === "flag") showCode(shown, event.r * cols + event.c, cellCode(board, event.r * cols + event.c), board.phase);
      else if (event.kind === "reveal") {
        for (const i of event.cells) showCode(shown, i, cellCode(board, i), board.phase);
        st.credits[event.seat] += event.cells.length;
      }
    }
    if (isFinished(board)) showEnd(shown, board);
    shown.flush(st.cellRows);
    projectCounters(st, board);
  },

  record(info) {
    const board = info.state;
    const ended = board.endedAt !== null;
    return {
      startedAt: board.startedAt ?? info.startedAt,
      endedAt: board.endedAt ?? info.now,
      level: rankLevel(info.configured.config),
      timeMs: ended ? elapsedMs(board) : null,
      stats: gameStats(board, info.log),
      ranked: rankedGame(rankFacts(info)),
      source: "server",
      finishedAt: board.endedAt ?? info.now,
    };
  },
  results: {
    ranked: rankable,
    ended(st, info) {
      // 0 while the record waits in the store's queue ("result not saved yet"), −1 if lost,
      // −2 (SAVING) while a store on another machine writes it (`saved` follows in a moment).
      const unranked = unrankedReason(rankFacts(info));
      return {
        kind: "result",
        replayId: info.replayId,
        saved: info.replayId > 0 || info.replayId === SAVING,
        result: info.state.phase,
        timeMs: elapsedMs(info.state),
        wrongFlags: wrongFlags(info.state),
        ranked: rankedGame(rankFacts(info)),
        ...(unranked ? { unranked } : {}),
        stats: gameStats(info.state, info.log),
      };
    },
    saved(st, replayId) {
      // The store could not write at the end; now it has, and this board is still on screen.
      return { kind: "saved", replayId };
    },
  },
};
