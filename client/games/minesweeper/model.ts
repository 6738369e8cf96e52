// The board as the scene keeps it: read from any feed's state-like object (feed.ts) into
// plain fields, with defaults while a rebuilt Room has no state yet.
import { CELL } from "../../../common/minesweeper/types.js";
import type { MinesweeperState } from "../../../server/rooms/minesweeper/MinesweeperState.js";
import type { PartialWire } from "../../net/wire.js";
import { seatName } from "../seatName.js";

/** A decoded board state (feed.ts's BoardStateLike; spelled here so the model needs no feed). */
type BoardStateLike = PartialWire<MinesweeperState>;

export interface SeatView {
  name: string;
  /** Who left this seat, while nobody has taken it ("" if nobody). */
  departed: string;
  occupied: boolean;
  connected: boolean;
  bot: boolean;
}

export interface BoardModel {
  mode: string;
  level: string;
  phase: string;
  rows: number;
  cols: number;
  mines: number;
  flags: number;
  cells: Uint8Array;
  startedAt: number;
  endedAt: number;
  elapsed: number;
  hit: number;
  /** No-guess board: "off", "on", "proven" or "fallback". */
  noGuess: string;
  /** What the room is making before the board can go on ("Making a board without guesses…"), or "". */
  preparing: string;
  owner: number;
  maxSeats: number;
  spectators: number;
  seats: SeatView[];
  credits: number[];
  cursors: { r: number; c: number }[];
}

export function emptyBoard(): BoardModel {
  return {
    mode: "solo",
    level: "beginner",
    phase: "fresh",
    rows: 0,
    cols: 0,
    mines: 0,
    flags: 0,
    cells: new Uint8Array(0),
    startedAt: 0,
    endedAt: 0,
    elapsed: 0,
    hit: -1,
    noGuess: "off",
    preparing: "",
    owner: -1,
    maxSeats: 1,
    spectators: 0,
    seats: [],
    credits: [],
    cursors: [],
  };
}

/**
 * Reads the scalar fields. Returns "none" while the state has no board yet (a new Room after
 * a reconnect has an empty state until its first full state: keep showing the board we
 * have), "resized" when the board changed size (cells start hidden, then `cells`: the feed's), else "same".
 */
export function readScalars(m: BoardModel, state: BoardStateLike, cells?: ArrayLike<number> | null): "none" | "resized" | "same" {
  const rows = Number(state.rows) || 0;
  const cols = Number(state.cols) || 0;
  if (rows === 0 || cols === 0) return "none";
  const dims = rows !== m.rows || cols !== m.cols;
  m.mode = String(state.mode ?? m.mode);
  m.level = String(state.level ?? m.level);
  m.phase = String(state.phase ?? m.phase);
  m.rows = rows;
  m.cols = cols;
  m.mines = Number(state.mines) || 0;
  m.flags = Number(state.flags) || 0;
  m.startedAt = Number(state.startedAt) || 0;
  m.endedAt = Number(state.endedAt) || 0;
  m.elapsed = Number(state.elapsed) || 0;
  m.hit = typeof state.hit === "number" ? state.hit : -1;
  m.noGuess = typeof state.noGuess === "string" ? state.noGuess : "off";
  m.preparing = typeof state.preparing === "string" ? state.preparing : "";
  m.owner = typeof state.owner === "number" ? state.owner : -1;
  m.maxSeats = Number(state.maxSeats) || 1;
  m.spectators = Number(state.spectators) || 0;
  if (!dims) return "same";
  m.cells = new Uint8Array(rows * cols).fill(CELL.HIDDEN);
  if (cells) readCells(m, cells);
  return "resized";
}

/** Copies cell codes (unknown values read as hidden). */
export function readCells(m: BoardModel, arr: ArrayLike<number>): void {
  const cells = m.cells;
  const n = Math.min(cells.length, arr.length ?? 0);
  for (let i = 0; i < n; i++) {
    const code = Number(arr[i]);
    cells[i] = Number.isFinite(code) ? code : CELL.HIDDEN;
  }
}

/** Seats and credits (co-op: cells each player revealed). */
export function readSeats(m: BoardModel, state: BoardStateLike): void {
  m.seats = [];
  const seats = state.seats;
  for (let i = 0; i < (seats?.length ?? 0); i++) {
    const s = seats![i];
    m.seats.push({ name: String(s?.name ?? ""), departed: String(s?.departed ?? ""), occupied: !!s?.occupied, connected: !!s?.connected, bot: !!s?.bot });
  }
  m.credits = [];
  const credits = state.credits;
  for (let i = 0; i < (credits?.length ?? 0); i++) m.credits.push(Number(credits![i]) || 0);
}

/** Room seat `seat`'s name on the board ("Rex (left)" once its person left, "Seat 2" while open). */
export function boardSeatName(m: BoardModel, seat: number): string {
  return seatName(m.seats[seat], `Seat ${seat + 1}`);
}

/** Time on the clock: the final time once over, else since the first reveal. */
export function elapsedMs(m: BoardModel, now: number): number {
  if (m.phase === "won" || m.phase === "lost") {
    if (m.elapsed > 0) return m.elapsed;
    return m.endedAt > 0 && m.startedAt > 0 ? m.endedAt - m.startedAt : 0;
  }
  if (m.startedAt <= 0) return 0;
  if (m.endedAt > 0) return Math.max(0, m.endedAt - m.startedAt);
  return Math.max(0, now - m.startedAt);
}
