// Versus race (games/minesweeper.md, "Modes"): 2–8 players, each on a private
// copy of one board.
//
// Life of a race:
//   waiting ──go──▶ racing ──(one clears | all out)──▶ over
//
// - `waiting`: seats are taken; the room runs the ready checks and the
//   countdown (RACE_COUNTDOWN_MS is the suggested length). No move but `go` is
//   accepted.
// - `go` ({type: "go"}): logged by the room at the go signal, with the server
//   time as `now`. Any seated index may carry it (the room uses seat 0); it is
//   valid exactly once, before any play. It places the mines from the seed (the
//   session RNG, exactly as a solo game whose first click is the centre cell:
//   the centre and its neighbours stay mine-free, as board.ts placeMines says),
//   picks the opening and reveals it on every board at once. Every board holds
//   the very same mines and the same open cells, so the race is fair.
// - The opening is the largest opening of the board (zero region with its
//   border); ties go to the one nearest the centre, then to the lowest index.
//   On a board without any zero cell (only possible with more mines than
//   cells − 9), the centre cell, which is always safe, is opened alone.
// - `racing`: each seat plays reveal / flag / chord on its own board with the
//   ordinary Minesweeper rules (minesweeperRules.apply). A mine eliminates the
//   seat and freezes its board. `resign` takes a seat out without a mine (the
//   room logs it for a player who left for good), so a race can always end.
// - The race ends at the first board cleared (its seat wins) or when every
//   seat is out. Times are milliseconds since `go`.
// - Ranking: seats that cleared by finish time; then everybody else by
//   progress (safe cells open); ties by seat index.
//
// Hidden information: while the race runs, a seat sees only its own board, and
// opponents and spectators see only progress (percent cleared, alive/out,
// finish time). An eliminated seat sees the mine it hit but not the others
// (the mines are shared with the boards still in play). Once the race is over
// every board, mines included, is visible to everyone.

import type { Seed } from "../core/rng.js";
import { reject, type ApplyResult, type MoveContext, type Rules } from "../core/rules.js";
import { countAdjacent, placeMines } from "./board.js";
import { floodReveal, openedCells } from "./flood.js";
import { noGuessBoardFor } from "./noGuess.js";
import { minesweeperRules, setupBoard, viewBoard } from "./rules.js";
import { boardBreakdown, statsOf, threeBVSolved, type GameStats, type StatsMove } from "./stats.js";
import {
  CELL,
  type MinesweeperConfig,
  type MinesweeperEvent,
  type MinesweeperMove,
  type MinesweeperState,
  type MinesweeperView,
  type RevealedCell,
} from "./types.js";

export const RACE_MIN_SEATS = 2;
export const RACE_MAX_SEATS = 8;
/** Suggested countdown between "everyone ready" and the go signal (the room's timer). */
export const RACE_COUNTDOWN_MS = 3000;

export type RaceConfig = MinesweeperConfig;

export type RaceMove = MinesweeperMove | { type: "go" } | { type: "resign" };

export type RacePhase = "waiting" | "racing" | "over";

export interface RaceState {
  config: RaceConfig;
  seed: Seed;
  seats: number;
  phase: RacePhase;
  /** Server time of the go signal; null while waiting. */
  goAt: number | null;
  /** Server time the race ended; null until over. */
  endedAt: number | null;
  /** Index of the cell opened for everyone at go; null while waiting. */
  opening: number | null;
  /** One board per seat, all with the same mines once the race has started. */
  boards: MinesweeperState[];
  /** Server time each seat resigned; null if it did not. */
  resignedAt: (number | null)[];
  /** The seat that cleared its board first; null while racing or if all went out. */
  winner: number | null;
}

/**
 * Events of a race. Only `board` events carry cells: they are PRIVATE to
 * their seat (the room sends them to that client only; see raceEventsFor).
 * Every other kind is public.
 */
export type RaceEvent =
  | { kind: "go"; at: number }
  | { kind: "board"; seat: number; event: MinesweeperEvent }
  | { kind: "progress"; seat: number; percent: number }
  | { kind: "out"; seat: number; reason: "mine" | "resigned"; elapsed: number }
  | { kind: "finished"; seat: number; elapsed: number }
  | { kind: "over"; winner: number | null; ranking: number[]; elapsed: number };

/** Public standing of one seat. */
export interface RaceProgress {
  seat: number;
  /** Safe cells open, in percent, rounded down to 0.1 (100 only when cleared). */
  percent: number;
  /** Still playing (or finished): not blown up, not resigned. */
  alive: boolean;
  /** Cleared the board. */
  finished: boolean;
  /** Milliseconds from go to clearing the board; null if not finished. */
  finishMs: number | null;
  /** Milliseconds from go to hitting a mine or resigning; null while alive. */
  outMs: number | null;
  /** 1-based final place; present only once the race is over. */
  rank?: number;
}

export interface RaceView {
  level: RaceConfig["level"];
  rows: number;
  cols: number;
  mines: number;
  phase: RacePhase;
  goAt: number | null;
  endedAt: number | null;
  /** The viewer's seat, or null for a spectator. */
  you: number | null;
  /** The viewer's own board (null for spectators). */
  own: MinesweeperView | null;
  /** Every seat's public standing, in seat order. */
  progress: RaceProgress[];
  winner: number | null;
  /** Every board, in seat order, once the race is over; null before. */
  boards: MinesweeperView[] | null;
}

const percentOf = (b: MinesweeperState) => {
  const safe = b.config.rows * b.config.cols - b.config.mines;
  return safe <= 0 ? 100 : Math.floor((b.revealedCount * 1000) / safe) / 10;
};

const isOut = (s: RaceState, seat: number) => s.boards[seat].phase === "lost" || s.resignedAt[seat] !== null;

export function setupRace(seed: Seed, config: RaceConfig, seats: number): RaceState {
  if (!Number.isInteger(seats) || seats < 1 || seats > RACE_MAX_SEATS) throw new RangeError(`a race has 1 to ${RACE_MAX_SEATS} seats, not ${seats}`);
  const { rows, cols, mines } = config;
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1 || !Number.isInteger(mines) || mines < 1 || mines > rows * cols - 1) {
    throw new RangeError(`bad race board ${rows}×${cols} with ${mines} mines`);
  }
  return {
    config,
    seed,
    seats,
    phase: "waiting",
    goAt: null,
    endedAt: null,
    opening: null,
    boards: Array.from({ length: seats }, () => setupBoard(seed, config, seats)),
    resignedAt: new Array<number | null>(seats).fill(null),
    winner: null,
  };
}

/** The cell opened for everyone: see the header. `spared` is the always-safe first cell. */
export function chooseOpening(mines: Uint8Array, rows: number, cols: number, spared: number): number {
  // Squared distance to the geometric centre, doubled to stay in integers.
  const dist = (i: number) => {
    const r = (i / cols) | 0;
    const c = i - r * cols;
    return (2 * r - (rows - 1)) ** 2 + (2 * c - (cols - 1)) ** 2;
  };
  const nearest = (cells: number[]) => cells.reduce((best, i) => (dist(i) < dist(best) ? i : best));
  let best: { size: number; cell: number } | null = null;
  for (const o of boardBreakdown(mines, rows, cols).openings) {
    const size = o.zeros.length + o.border.length;
    const cell = nearest(o.zeros);
    if (!best || size > best.size || (size === best.size && (dist(cell) < dist(best.cell) || (dist(cell) === dist(best.cell) && cell < best.cell)))) {
      best = { size, cell };
    }
  }
  return best ? best.cell : spared;
}

/** Seats best first: cleared by finish time, then by progress, ties by seat. */
export function raceRanking(s: RaceState): number[] {
  const key = (seat: number) => {
    const b = s.boards[seat];
    return { won: b.phase === "won", time: b.phase === "won" ? b.endedAt! : 0, open: b.revealedCount };
  };
  return [...Array(s.seats).keys()].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka.won !== kb.won) return ka.won ? -1 : 1;
    if (ka.won && ka.time !== kb.time) return ka.time - kb.time;
    if (ka.open !== kb.open) return kb.open - ka.open;
    return a - b;
  });
}

/** Every seat's public standing (rank only once the race is over). */
export function raceProgress(s: RaceState): RaceProgress[] {
  const ranks = new Map<number, number>();
  if (s.phase === "over") raceRanking(s).forEach((seat, k) => ranks.set(seat, k + 1));
  return s.boards.map((b, seat) => {
    const finished = b.phase === "won";
    const outAt = b.phase === "lost" ? b.endedAt : s.resignedAt[seat];
    const p: RaceProgress = {
      seat,
      percent: percentOf(b),
      alive: !isOut(s, seat),
      finished,
      finishMs: finished && s.goAt !== null ? b.endedAt! - s.goAt : null,
      outMs: outAt !== null && s.goAt !== null ? outAt - s.goAt : null,
    };
    if (ranks.has(seat)) p.rank = ranks.get(seat);
    return p;
  });
}

function endRace(s: RaceState, now: number, events: RaceEvent[]): void {
  s.phase = "over";
  s.endedAt = now;
  const ranking = raceRanking(s);
  s.winner = s.boards[ranking[0]].phase === "won" ? ranking[0] : null;
  events.push({ kind: "over", winner: s.winner, ranking, elapsed: now - s.goAt! });
}

/** Ends the race if a board is cleared or every seat is out. */
function checkEnd(s: RaceState, now: number, events: RaceEvent[]): void {
  const someoneWon = s.boards.some((b) => b.phase === "won");
  const allOut = s.boards.every((_, seat) => isOut(s, seat));
  if (someoneWon || allOut) endRace(s, now, events);
}

type Result = ApplyResult<RaceState, RaceEvent>;

function go(prev: RaceState, ctx: MoveContext): Result {
  const { rows, cols } = prev.config;
  const centre = (rows >> 1) * cols + (cols >> 1);
  // A no-guess race is proven from the opening every racer gets, not from the centre.
  const placed = prev.config.noGuess
    ? noGuessBoardFor(prev.config, centre, ctx, (m) => chooseOpening(m, rows, cols, centre))
    : { mines: placeMines(prev.config, centre, ctx.rng), proven: null };
  const mines = placed.mines;
  const adjacent = countAdjacent(rows, cols, mines);
  const opening = chooseOpening(mines, rows, cols, centre);
  const s: RaceState = { ...prev, phase: "racing", goAt: ctx.now, opening, boards: prev.boards.slice() };
  const events: RaceEvent[] = [{ kind: "go", at: ctx.now }];
  const move: MinesweeperMove = { type: "reveal", r: (opening / cols) | 0, c: opening % cols };
  for (let seat = 0; seat < s.seats; seat++) {
    // Every board gets the same (shared, never mutated) mine field and the same first reveal.
    const fresh: MinesweeperState = { ...prev.boards[seat], mines, adjacent, guessFree: placed.proven };
    const result = minesweeperRules.apply(fresh, seat, move, ctx);
    if (!result.ok) throw new Error(`race go: the opening was refused: ${result.error.message}`);
    s.boards[seat] = result.state;
    for (const event of result.events) events.push({ kind: "board", seat, event });
  }
  // A board the opening clears on its own ends the race at once, a tie broken by seat.
  for (let seat = 0; seat < s.seats; seat++) if (s.boards[seat].phase === "won") events.push({ kind: "finished", seat, elapsed: 0 });
  checkEnd(s, ctx.now, events);
  return { ok: true, state: s, events };
}

function applyRace(state: RaceState, seat: number, move: RaceMove, ctx: MoveContext): Result {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seats) return reject("not-seated", "Only a seated player can play.");
  const type = (move as { type?: unknown } | null | undefined)?.type;
  if (state.phase === "over") return reject("race-over", "The race is over.");
  if (type === "go") {
    if (state.phase !== "waiting") return reject("already-started", "The race has already started.");
    return go(state, ctx);
  }
  if (state.phase === "waiting") return reject("not-started", "The race has not started yet: wait for the go signal.");
  if (state.boards[seat].phase === "lost") return reject("eliminated", "You hit a mine: your board is frozen until the race ends.");
  if (state.resignedAt[seat] !== null) return reject("eliminated", "You left the race.");
  // A server clock that stepped back must not give a negative race time.
  const now = Math.max(ctx.now, state.goAt!);
  if (type === "resign") {
    const s: RaceState = { ...state, resignedAt: state.resignedAt.slice() };
    s.resignedAt[seat] = now;
    const events: RaceEvent[] = [{ kind: "out", seat, reason: "resigned", elapsed: now - s.goAt! }];
    checkEnd(s, now, events);
    return { ok: true, state: s, events };
  }
  const before = state.boards[seat];
  const result = minesweeperRules.apply(before, seat, move as MinesweeperMove, { rng: ctx.rng, now });
  if (!result.ok) return result;
  const board = result.state;
  const s: RaceState = { ...state, boards: state.boards.slice() };
  s.boards[seat] = board;
  const events: RaceEvent[] = result.events.map((event) => ({ kind: "board", seat, event }));
  if (board.revealedCount !== before.revealedCount) events.push({ kind: "progress", seat, percent: percentOf(board) });
  if (board.phase === "lost") events.push({ kind: "out", seat, reason: "mine", elapsed: now - s.goAt! });
  if (board.phase === "won") events.push({ kind: "finished", seat, elapsed: now - s.goAt! });
  checkEnd(s, now, events);
  return { ok: true, state: s, events };
}

/** A board while the race runs: a lost board shows the mine it hit, not the others. */
function liveBoardView(b: MinesweeperState): MinesweeperView {
  if (b.phase !== "lost") return viewBoard(b);
  const v = viewBoard({ ...b, phase: "active" });
  if (b.hitIndex !== null) v.cells[b.hitIndex] = CELL.HIT_MINE;
  return { ...v, phase: b.phase };
}

/** A board after the race: everything, mines included; a board still in play shows its mines as a lost one would, without a hit mine. */
function finalBoardView(b: MinesweeperState): MinesweeperView {
  if (b.phase !== "active" || !b.mines) return viewBoard(b);
  return { ...viewBoard({ ...b, phase: "lost", hitIndex: null }), phase: b.phase };
}

export function viewRace(s: RaceState, viewer: number | null): RaceView {
  const you = viewer !== null && Number.isInteger(viewer) && viewer >= 0 && viewer < s.seats ? viewer : null;
  const boards = s.phase === "over" ? s.boards.map(finalBoardView) : null;
  const own = you === null ? null : boards ? boards[you] : liveBoardView(s.boards[you]);
  const { level, rows, cols, mines } = s.config;
  return { level, rows, cols, mines, phase: s.phase, goAt: s.goAt, endedAt: s.endedAt, you, own, progress: raceProgress(s), winner: s.winner, boards };
}

/** The events `viewer` may receive: every public event, and `board` events of its own seat only. */
export function raceEventsFor(events: readonly RaceEvent[], viewer: number | null): RaceEvent[] {
  return events.filter((e) => e.kind !== "board" || (viewer !== null && e.seat === viewer));
}

/**
 * Stats of every seat (GameStats in seat order). The shared opening is the
 * same gift for everyone, so it is taken out: threeBV counts the work left
 * after go, and `go` / `resign` are not clicks. Times run from go to the
 * seat's end (clear, mine, resign), else the race's end, else the last move.
 */
export function raceStats(s: RaceState, log: readonly StatsMove[]): GameStats[] {
  if (s.goAt === null || s.opening === null) return s.boards.map((b) => statsOf(b, [], 0));
  const { rows, cols } = s.config;
  // The 3BV already done by the opening: flood it on a scratch board.
  const scratch: MinesweeperState = { ...setupBoard(s.seed, s.config, s.seats), mines: s.boards[0].mines, adjacent: s.boards[0].adjacent };
  floodReveal(scratch, s.opening, 0, openedCells(rows * cols));
  const free = threeBVSolved(scratch.mines!, rows, cols, scratch.status);
  const lastT = log.length ? log[log.length - 1].t : s.goAt;
  return s.boards.map((b, seat) => {
    const end = b.endedAt ?? s.resignedAt[seat] ?? s.endedAt ?? lastT;
    const moves = log.filter((m) => m.seat === seat && m.move.type !== "go" && m.move.type !== "resign");
    return statsOf(b, moves, Math.max(0, end - s.goAt!), free);
  });
}

export const raceRules: Rules<RaceState, RaceMove, RaceEvent, RaceConfig, RaceView> = {
  id: "minesweeper-race",
  setup: setupRace,
  apply: applyRace,
  status: (s) => (s.phase === "waiting" ? "waiting" : s.phase === "racing" ? "playing" : "finished"),
  view: viewRace,
};
