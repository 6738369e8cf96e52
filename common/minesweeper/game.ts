// Minesweeper as game definitions (common/core/game.ts): the shared board
// (solo, co-op) and the versus race. The rules are rules.ts and race.ts; this file
// adds what a room, a client and the contract kit need around them.

import { nobody, unknownType, withRules, type Configured, type GameDef, type PayloadsOf, type Pointer, type WhoActs } from "../core/game.js";
import { cellPayload, fail, intIn, isWholeNumber, objectWith, ok, type Parsed } from "../core/payload.js";
import type { Rejection } from "../core/rules.js";
import type { Rng } from "../core/rng.js";
import { neighbours } from "./board.js";
import { resolveConfig } from "./config.js";
import type { NoGuessTask } from "./noGuess.js";
import { noGuessWork, prepareGo, prepareReveal } from "./prepare.js";
import { RACE_MAX_SEATS, RACE_MIN_SEATS, raceEventsFor, raceRanking, raceRules, type RaceEvent, type RaceMove, type RaceState, type RaceView } from "./race.js";
import { isFinished, minesweeperRules } from "./rules.js";
import { FLAGGED, HIDDEN, REVEALED, type MinesweeperConfig, type MinesweeperEvent, type MinesweeperMove, type MinesweeperState, type MinesweeperView } from "./types.js";

export type MinesweeperMode = "solo" | "coop" | "race";
export const MINESWEEPER_MODES: readonly MinesweeperMode[] = ["solo", "coop", "race"];
/** Seats of a co-op or race room (a race needs RACE_MIN_SEATS to start). */
export const MULTI_SEATS = { min: RACE_MIN_SEATS, max: RACE_MAX_SEATS, default: RACE_MAX_SEATS } as const;
export const CELL_MOVES = ["reveal", "flag", "chord"] as const;

/** What a player sends for a move: the move without its type (`restart`, `cursor`: the room's own, RoomPayloads). */
export type MinesweeperPayloads = PayloadsOf<MinesweeperMove, { reveal: { r: number; c: number }; flag: { r: number; c: number }; chord: { r: number; c: number } }>;

/**
 * The restart rule, in one place for the room and the client: solo (and offline solo) may
 * restart any time (the running board is recorded as abandoned); co-op only once the board
 * is won or lost; a race never by `restart` (its players get ready for the next race).
 */
export function restartRefusal(mode: string, phase: MinesweeperState["phase"] | null): Rejection | null {
  if (mode === "race") return NO_RACE_RESTART;
  if (mode === "coop" && phase !== "won" && phase !== "lost") return { code: "not-allowed", message: "In co-op a new board starts once this one is won or lost." };
  return null;
}
const NO_RACE_RESTART: Rejection = { code: "not-allowed", message: "A race has no restart: send ready for the next race." };

/** `cursor {r, c}` on the board, or `{r: -1, c: -1}` for "no pointer" (co-op shows it to the others). */
function parseBoardCursor(payload: unknown, config: MinesweeperConfig): Parsed<Pointer> {
  const o = objectWith(payload, ["r", "c"]);
  if (o.ok && o.value.r === -1 && o.value.c === -1 && isWholeNumber(o.value.r)) return ok({ r: -1, c: -1 });
  return cellPayload(payload, config.rows, config.cols);
}

/** Room options (`mode`, `seats`, `level`, `rows`, `cols`, `mines`, `noGuess`) → the board config and seating. */
export function configureMinesweeper(options: Record<string, unknown>): Parsed<Configured<MinesweeperConfig>> {
  const mode = options.mode ?? "solo";
  if (typeof mode !== "string" || !(MINESWEEPER_MODES as readonly string[]).includes(mode)) {
    return fail("bad-option", `Unknown mode ${JSON.stringify(String(mode).slice(0, 20))}: use solo, coop or race.`);
  }
  let seats = 1;
  if (mode !== "solo") {
    const n = intIn(options.seats ?? MULTI_SEATS.default, MULTI_SEATS.min, MULTI_SEATS.max);
    if (n === null) return fail("bad-option", `${mode === "coop" ? "Co-op" : "Race"} seats must be a whole number from ${MULTI_SEATS.min} to ${MULTI_SEATS.max}.`);
    seats = n;
  } else if (options.seats !== undefined && options.seats !== 1) {
    return fail("bad-option", "Solo has exactly one seat.");
  }
  const resolved = resolveConfig({ level: options.level, rows: options.rows, cols: options.cols, mines: options.mines, noGuess: options.noGuess });
  if (!resolved.ok) return fail("bad-option", resolved.error.message);
  const { level, rows, cols, mines } = resolved.config;
  return ok({ config: resolved.config, seats, mode, bots: 0, turnSeconds: 0, criteria: { mode, level, rows, cols, mines, noGuess: resolved.config.noGuess === true } });
}

/** `reveal` / `flag` / `chord` with `{r, c}` inside the largest board; the rules check the real size. */
function parseCellMove<T extends string>(type: string, payload: unknown, types: readonly T[], rows = 100, cols = 100): Parsed<{ type: T; r: number; c: number }> {
  if (!(types as readonly string[]).includes(type)) return unknownType(type, types);
  const cell = cellPayload(payload, rows, cols);
  return cell.ok ? ok({ type: type as T, ...cell.value }) : cell;
}

function cellMoves(s: MinesweeperState): MinesweeperMove[] {
  if (isFinished(s)) return [];
  const { rows, cols } = s.config;
  const out: MinesweeperMove[] = [];
  for (let i = 0; i < s.status.length; i++) {
    const r = (i / cols) | 0;
    const c = i % cols;
    const st = s.status[i];
    // A flag comes off any time; one goes on while the counter is above 0 (rules.ts: no-flags-left).
    if (st === FLAGGED || (st === HIDDEN && s.flagCount < s.config.mines)) out.push({ type: "flag", r, c });
    if (st === HIDDEN) out.push({ type: "reveal", r, c });
    if (st === REVEALED && s.adjacent[i] > 0) {
      const around = neighbours(rows, cols, i);
      const flags = around.filter((j) => s.status[j] === FLAGGED).length;
      if (flags === s.adjacent[i] && around.some((j) => s.status[j] === HIDDEN)) out.push({ type: "chord", r, c });
    }
  }
  return out;
}

/**
 * Cells a mine may move between without any revealed number (on any of `boards`) noticing:
 * hidden everywhere, and no revealed neighbour anywhere.
 */
function unseenCells(boards: readonly MinesweeperState[]): number[] {
  const { rows, cols } = boards[0].config;
  const out: number[] = [];
  for (let i = 0; i < boards[0].status.length; i++) {
    const seen = boards.some((b) => b.status[i] === REVEALED || neighbours(rows, cols, i).some((j) => b.status[j] === REVEALED));
    if (!seen) out.push(i);
  }
  return out;
}

/** The same board with one unseen mine moved to an unseen empty cell (null: no such pair). */
function moveUnseenMine(mines: Uint8Array, rows: number, cols: number, unseen: number[], rng: Rng): { mines: Uint8Array; adjacent: Uint8Array } | null {
  const full = unseen.filter((i) => mines[i] === 1);
  const empty = unseen.filter((i) => mines[i] === 0);
  if (!full.length || !empty.length) return null;
  const next = mines.slice();
  next[full[rng.int(full.length)]] = 0;
  next[empty[rng.int(empty.length)]] = 1;
  const adjacent = new Uint8Array(next.length);
  for (let i = 0; i < next.length; i++) if (next[i]) for (const n of neighbours(rows, cols, i)) adjacent[n]++;
  return { mines: next, adjacent };
}

/** The levels as players read them (the rated ladders and the profile's bests). */
export const LEVEL_NAMES: readonly (readonly [string, string])[] = [
  ["beginner", "Beginner"],
  ["intermediate", "Intermediate"],
  ["expert", "Expert"],
  ["nightmare", "Nightmare"],
];

/** A board's phases in a room listing. */
const BOARD_PHASES = { fresh: "not started yet", active: "playing", won: "cleared", lost: "lost", over: "over" };

/** Solo and co-op: one board, every seat and spectator sees the same cells. */
export const minesweeperDef: GameDef<MinesweeperState, MinesweeperMove, MinesweeperEvent, MinesweeperConfig, MinesweeperView> = withRules(minesweeperRules, {
  title: "Minesweeper",
  seats: { min: 1, max: MULTI_SEATS.max },
  modeNames: { coop: "co-op" },
  phaseNames: BOARD_PHASES,
  bests: { mode: "solo", levels: LEVEL_NAMES, stat: "threeBVPerSecond", statName: "Best 3BV/s" },
  examples: [{ mode: "solo" }, { mode: "coop", seats: 3 }, { mode: "solo", level: "custom", rows: 5, cols: 8, mines: 31 }],
  configure(options) {
    const c = configureMinesweeper(options);
    if (c.ok && c.value.mode === "race") return fail("bad-option", "The race is played with minesweeperRaceDef.");
    return c;
  },
  result: (s) => s.phase,
  // Anyone seated clicks whenever they like: no turns on a shared board.
  whoActs: (s): WhoActs => (isFinished(s) ? nobody : { seats: Array.from({ length: s.seats }, (_, i) => i), together: true }),
  eventsFor: (events) => events.slice(),
  moveTypes: CELL_MOVES,
  parseMove: (type, payload, config) => parseCellMove(type, payload, CELL_MOVES, config?.rows, config?.cols),
  legalMoves: cellMoves,
  whyNoRestart: (s, mode) => restartRefusal(mode, s?.phase ?? null),
  parseCursor: parseBoardCursor,
  // A no-guess board's first reveal is made on a worker thread first (prepare.ts).
  prepare: (s, _seat, move, rng) => prepareReveal(s, move, rng),
  work: (task) => noGuessWork(task as NoGuessTask),
  twin(s, _viewer, rng) {
    if (!s.mines || isFinished(s)) return null;
    const moved = moveUnseenMine(s.mines, s.config.rows, s.config.cols, unseenCells([s]), rng);
    return moved && { ...s, ...moved };
  },
});

const RACE_PLAYER_MOVES = CELL_MOVES;

/** The versus race: a board per seat, the same mines; each seat sees only its own board until the end. */
export const minesweeperRaceDef: GameDef<RaceState, RaceMove, RaceEvent, MinesweeperConfig, RaceView> = withRules(raceRules, {
  title: "Minesweeper race",
  room: "minesweeper",
  seats: { min: RACE_MIN_SEATS, max: RACE_MAX_SEATS },
  modeNames: { race: "race" },
  phaseNames: { ...BOARD_PHASES, racing: "racing" },
  // each level a different skill: a ladder per level (Nightmare and custom boards are not rated)
  rated: { seats: { min: 2, max: 4 }, options: { mode: "race" }, levels: LEVEL_NAMES.slice(0, 3) },
  examples: [{ seats: 2 }, { seats: 4, level: "custom", rows: 8, cols: 8, mines: 12 }],
  configure(options) {
    const c = configureMinesweeper({ ...options, mode: options.mode ?? "race" });
    if (c.ok && c.value.mode !== "race") return fail("bad-option", "Solo and co-op are played with minesweeperDef.");
    return c;
  },
  result: (s) => (s.winner === null ? "lost" : "won"),
  places: (s) => {
    const ranking = raceRanking(s);
    return Array.from({ length: s.seats }, (_, seat) => ranking.indexOf(seat) + 1);
  },
  whoActs(s): WhoActs {
    if (s.phase !== "racing") return nobody;
    const alive = s.boards.map((b, seat) => (b.phase !== "lost" && b.phase !== "won" && s.resignedAt[seat] === null ? seat : -1)).filter((x) => x >= 0);
    return { seats: alive, together: true, since: s.goAt };
  },
  eventsFor: raceEventsFor,
  moveTypes: RACE_PLAYER_MOVES,
  // go and resign are made by the room (the go signal, a player who left): never from a message.
  parseMove: (type, payload, config) => parseCellMove(type, payload, RACE_PLAYER_MOVES, config?.rows, config?.cols),
  legalMoves(s, seat) {
    if (s.phase !== "racing" || s.resignedAt[seat] !== null) return [];
    return cellMoves(s.boards[seat]);
  },
  roomMove: (s) => (s.phase === "waiting" ? { seat: 0, move: { type: "go" } } : null),
  // Both are the board's messages, answered here in the race's words.
  whyNoRestart: () => NO_RACE_RESTART,
  parseCursor: () => fail("not-allowed", "Nobody sees where you point in a race."),
  // A no-guess race's go is made on a worker thread first (prepare.ts).
  prepare: (s, _seat, move, rng) => prepareGo(s, move, rng),
  work: (task) => noGuessWork(task as NoGuessTask),
  // A racer who leaves resigns (once out, there is nothing to resign).
  leaveMove: (s, seat) => (s.phase === "racing" && s.boards[seat].phase !== "lost" && s.resignedAt[seat] === null ? { type: "resign" } : null),
  twin(s, viewer, rng) {
    if (s.phase !== "racing" || !s.boards[0].mines) return null;
    const { rows, cols } = s.config;
    const moved = moveUnseenMine(s.boards[0].mines, rows, cols, unseenCells(s.boards), rng);
    if (!moved) {
      // Nothing to move: another seat's board with one of its flags taken off is just as unseen.
      const other = s.boards.findIndex((b, seat) => seat !== viewer && b.flagCount > 0);
      if (other < 0) return null;
      const b = s.boards[other];
      const status = b.status.slice();
      status[status.indexOf(FLAGGED)] = HIDDEN;
      return { ...s, boards: s.boards.map((x, i) => (i === other ? { ...b, status, flagCount: b.flagCount - 1 } : x)) };
    }
    return { ...s, boards: s.boards.map((b) => ({ ...b, ...moved })) };
  },
});
