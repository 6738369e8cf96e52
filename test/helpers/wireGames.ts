// Every game of the registry as the generic wire test (test/server/wire.test.ts) plays it: the
// room options of a game with a person in every seat, and how to read what one connection
// decoded as the part of the rules' `view(seat)` its wire carries. Games on the generic
// projection read through their ViewWire; Cubestacc and Minesweeper keep packed schemas
// (docs/benchmarks.md says why) and the card table its own parts, so each has a reader here.
// A new game adds one entry; the test fails for a registry definition without one. The one
// driver (driver.ts) plays every entry from its view: through the definition's bot, or, for a
// game without one, through the entry's `player` (its chooser lives in the game's test helper:
// minesweeperPlay.ts, tablePlay.ts).

import type { AnyGameDef } from "../../common/core/game.js";
import type { Rng } from "../../common/core/rng.js";
import { carriedView, joinState, type ViewWire } from "../../common/core/viewWire.js";
import { connect4Def, connect4Wire } from "../../common/connect4/index.js";
import { cubestaccDef, packPlay, type CubestaccView } from "../../common/cubestacc/index.js";
import { heartsDef, heartsWire } from "../../common/hearts/index.js";
import { minesweeperDef, minesweeperRaceDef, type MinesweeperView, type RaceView } from "../../common/minesweeper/index.js";
import { petsDef, petsWire } from "../../common/pets/index.js";
import { tableDef } from "../../common/table/game.js";
import { joinView, partsFor, type Parts } from "../../common/table/wire.js";
import { readModel } from "../../client/games/cubestacc/model.js";
import { cellsOf } from "./boardRows.js";
import { boardView, race as raceMove, raceView, sweep } from "./minesweeperPlay.js";
import { tableMove } from "./tablePlay.js";

/** Who is reading: the room seat (null: a spectator) and its game seat (null: not in the game). */
export interface Reader {
  roomSeat: number | null;
  gameSeat: number | null;
}

/** A table of a game: its room options, seats, people in them (default every seat), and whether a person once lets the turn timer run out. */
export interface Variant {
  options: Record<string, unknown>;
  seats: number;
  people?: number;
  sitOut?: boolean;
}

export interface WireGame {
  /** The registry definition this entry plays (`def.id`). */
  def: AnyGameDef;
  /** Room name (a definition's `room` or its id). */
  room: string;
  options: Record<string, unknown>;
  /** People at the table (every seat a person). */
  seats: number;
  /** Other tables, played in turn with the first (game n plays variant n mod their count, 0 the above). */
  variants?: readonly Variant[];
  /** Moves played per game at most (a long game is cut short: its first hands are the wire's). */
  steps: number;
  /** Games per run, as a share of WIRE_GAMES (default 1). */
  share?: number;
  /**
   * Moves to pick most of the time (Minesweeper's safe reveals, read from the server's board, so
   * a game lasts long enough to show many numbers and is sometimes won); default: any legal move.
   */
  prefer?(state: any, gameSeat: number, move: any): boolean;
  /** The race: everyone says ready, then the room's go starts it. */
  ready?: boolean;
  /** The room state says its game is over (default: the generic room's phase "finished"). */
  over?(state: any): boolean;
  /** What a connection decoded, as the carried part of its view (null: nothing yet). */
  read(state: any, r: Reader): unknown;
  /** `read` gives the whole carried `View` (not a summary of it): the one driver (driver.ts) plays from it. */
  joinsView?: boolean;
  /**
   * A game whose `read` is a summary (a packed schema): its `View` as far as the client's own
   * model rebuilds it from what the connection decoded, which is what the definition's bot
   * (or the entry's `player`) reads; the one driver plays from it.
   */
  view?(state: any, r: Reader): unknown;
  /**
   * A game without a bot: a person's move from the seat's `View` (`view`, else `read`), or null
   * (wait). `ending`: the test wants the game over now (reveal, concede); otherwise the moves
   * keep it going (flags, cards on the table) and never end it.
   */
  player?(view: any, gameSeat: number, rng: Rng, ending: boolean): { type: string; payload: Record<string, unknown> } | null;
  /** The same cut of the rules' `view(seat)` (drivers.test.ts plays the rules with it). */
  viewFromRules?(view: any, r: Reader): unknown;
  /** The carried part of the rules' view for this reader. */
  carried(view: any, r: Reader): unknown;
  /** Another seat's (for a spectator: any seat's) own data in what a connection decoded. */
  leaks(state: any, r: Reader): string[];
  /**
   * The room state's fields besides the generic room's (schemaFields): a pin, so a field that
   * could carry something hidden is a decision. `@view`: only some connections receive it.
   */
  schema: readonly string[];
}

const who = (r: Reader) => (r.roomSeat === null ? "the spectator" : `seat ${r.roomSeat}`);

/** The part keys of a decoded state (generic projection and the table's). */
function partKeys(state: any): string[] {
  const out: string[] = [];
  state?.parts?.forEach((_: unknown, k: string) => out.push(k));
  return out;
}

/** `key#n` parts that are not this reader's own (`own`: the seat number its keys carry). */
function foreignParts(state: any, own: number | null, r: Reader): string[] {
  return partKeys(state)
    .filter((k) => k.includes("#") && (own === null || !k.endsWith(`#${own}`)))
    .map((k) => `${who(r)} holds ${k}`);
}

/** A game on the generic projection: parts joined by its ViewWire, own parts by game seat. */
function generic(def: AnyGameDef, wire: ViewWire<unknown>, options: Record<string, unknown>, seats: number, steps: number, share?: number): WireGame {
  return {
    def,
    room: def.room ?? def.id,
    options,
    seats,
    steps,
    share,
    read: (state, r) => joinState(state, wire, r.roomSeat),
    joinsView: true,
    carried: (view) => carriedView(wire, view),
    leaks: (state, r) => foreignParts(state, r.gameSeat, r),
    // Nothing of the game's own: its view travels in `parts`, each audience's own.
    schema: ["parts: map<ViewPart> @view", "parts[].json: string", "togetherSeconds: uint16", "turnSeconds: uint16"],
  };
}

// ---- the packed and the table's readers --------------------------------------------------

/** What a Cubestacc seat knows of its turn, in game seats: all its bot reads at the easy level, and the catches it may make. */
interface CubestaccTurn {
  phase: string;
  turn: number;
  hand: number[];
  legal: CubestaccView["legal"];
  drawAction: CubestaccView["drawAction"];
  canDone: boolean;
  canUhOh: boolean;
  catchable: number[];
}

/** A CubestaccView holding only a seat's turn (the board, counts and ranking stay out: the easy bot never reads them). */
function cubestaccTurnView(t: CubestaccTurn | null, viewer: number | null): CubestaccView | null {
  if (!t || viewer === null) return null;
  return { phase: t.phase, turn: t.turn, viewer, hand: t.hand, legal: t.legal, drawAction: t.drawAction, canDone: t.canDone, canUhOh: t.canUhOh, catchable: t.catchable } as unknown as CubestaccView;
}

/** Cubestacc: the cubes, counts and turn in public fields; a hand, its plays and buttons in the seat's own `private` child. */
const cubestacc: WireGame = {
  def: cubestaccDef,
  room: "cubestacc",
  options: { mode: "online", timer: 0, private: true, seats: 3 },
  seats: 3,
  variants: [
    { options: { mode: "online", timer: 0, private: true, seats: 2, pack: "classic" }, seats: 2 },
    { options: { mode: "online", timer: 0, private: true, seats: 4, wildPivot: true }, seats: 4 },
    { options: { mode: "online", timer: 0, private: true, seats: 5 }, seats: 5 },
    // A turn timer that runs out once: the room's timeout move reaches everyone as any move.
    { options: { mode: "online", timer: 1, private: true, seats: 2 }, seats: 2, sitOut: true },
    // Two people and a bot: the bot's moves reach the people as any seat's.
    { options: { mode: "online", timer: 0, private: true, seats: 3, bots: 1, botLevel: "easy" }, seats: 3, people: 2 },
  ],
  steps: 200,
  read: (state, r) => {
    if (!state?.cubes) return null;
    const m = readModel(state, r.roomSeat);
    const mine = r.gameSeat === null ? null : m.mine;
    return {
      cubes: m.cubes.map((c) => c.card),
      deckCount: m.deckCount,
      cards: m.order.map((s) => m.seats[s]?.cards ?? -1),
      turn: m.phase === "playing" ? m.turn : -1,
      hand: mine ? mine.hand.slice().sort((a, b) => a - b) : null,
      legal: mine ? mine.legal.map(packPlay).sort((a, b) => a - b) : [],
      drawAction: mine?.drawAction || null,
      canDone: mine?.canDone ?? false,
      canUhOh: mine?.canUhOh ?? false,
    };
  },
  view: (state, r) => {
    if (!state?.cubes || r.gameSeat === null) return null;
    const m = readModel(state, r.roomSeat);
    if (!m.mine) return null;
    const gameSeat = (room: number) => (m.order.length ? m.order.indexOf(room) : room);
    const catchable = m.seats.filter((s) => s.catchable && gameSeat(s.seat) !== r.gameSeat).map((s) => gameSeat(s.seat));
    const { hand, legal, drawAction, canDone, canUhOh } = m.mine;
    return cubestaccTurnView({ phase: m.phase, turn: m.turn < 0 ? -1 : gameSeat(m.turn), hand, legal, drawAction: drawAction || null, canDone, canUhOh, catchable }, r.gameSeat);
  },
  viewFromRules: (v: CubestaccView, r) => cubestaccTurnView(v.hand ? { ...v, hand: v.hand } : null, r.gameSeat),
  carried: (v: CubestaccView, r) => ({
    cubes: v.placed.map((c) => c.card),
    deckCount: v.deckCount,
    cards: v.players.map((p) => p.cards),
    turn: v.phase === "playing" ? v.turn : -1,
    hand: v.hand ? v.hand.slice().sort((a, b) => a - b) : null,
    legal: r.gameSeat === null ? [] : v.legal.map(packPlay).sort((a, b) => a - b),
    drawAction: r.gameSeat === null ? null : v.drawAction,
    canDone: r.gameSeat === null ? false : v.canDone,
    canUhOh: r.gameSeat === null ? false : v.canUhOh,
  }),
  leaks: (state, r) => {
    const out: string[] = [];
    Array.from(state?.players ?? []).forEach((p: any, seat) => {
      if (seat !== r.roomSeat && p?.private !== undefined) out.push(`${who(r)} holds seat ${seat}'s private hand`);
    });
    return out;
  },
  // Only `private` is per-seat; no deck, no seed, no other hand anywhere; a cube is one number.
  schema: [
    "blocked: boolean", "botLevel: string", "cubes: array<uint32>", "deckCount: uint8", "direction: int8", "dumpRank: string", "owed: uint8", "pack: string",
    "pending: uint8", "pivot: int16", "players: array<CubestaccSeat>", "players[].calledUhOh: boolean", "players[].cards: uint8", "players[].catchable: boolean",
    "players[].inGame: boolean", "players[].place: uint8", "players[].private.canDone: boolean", "players[].private.canUhOh: boolean",
    "players[].private.drawAction: string", "players[].private.hand: array<uint8>", "players[].private.legal: array<uint16>", "players[].private: PrivateSeat @view",
    "ranking: array<RankEntry>", "ranking[].cards: uint8", "ranking[].place: uint8", "ranking[].seat: int8", "timer: uint16", "turn: int8", "turnNo: uint16",
    "wildPivot: boolean", "winner: int8",
  ],
};

/** A reveal of a cell the board knows is no mine (none known before the first reveal: any is fine). */
const safeReveal = (b: { mines: Uint8Array | null; config: { cols: number } }, m: { type: string; r?: number; c?: number }) =>
  m.type === "reveal" && (!b.mines || !b.mines[m.r! * b.config.cols + m.c!]);

/** Minesweeper solo and co-op: one public board, every cell a code in its row string (mines only after the end). */
const board: WireGame = {
  def: minesweeperDef,
  room: "minesweeper",
  options: { mode: "coop", seats: 2, private: true, level: "beginner" },
  seats: 2,
  variants: [
    { options: { mode: "solo", level: "beginner" }, seats: 1 },
    { options: { mode: "coop", seats: 3, private: true, level: "intermediate" }, seats: 3 },
  ],
  steps: 80,
  prefer: (b, _g, m) => safeReveal(b, m),
  over: (state) => state?.phase === "won" || state?.phase === "lost",
  view: (state) => boardView(state),
  player: (v, _seat, rng, ending) => sweep(v, rng, ending),
  // `hit` (the mine that ended the game) is a mine's place: none while the board runs.
  read: (state) => (state?.cellRows?.size ? { cells: cellsOf(state.cellRows), flags: state.flags, phase: state.phase, hit: state.phase === "lost" ? "shown" : state.hit } : null),
  carried: (v: MinesweeperView) => ({ cells: Array.from(v.cells), flags: v.flags, phase: v.phase, hit: v.phase === "lost" ? "shown" : -1 }),
  // The board is everyone's: what must not leak (a mine before the end) is the view's own
  // cells, so the twin check is the leak check.
  leaks: () => [],
  // No field that could carry mines: `mines` is the count, cells only as shown codes in row strings.
  schema: [
    "cellRows: map<string>", "cols: uint8", "credits: array<uint16>", "cursors: array<Cursor>", "cursors[].c: int16", "cursors[].r: int16", "elapsed: float64",
    "endedAt: float64", "flags: uint16", "hit: int32", "level: string", "mines: uint16", "noGuess: string", "rows: uint8", "startedAt: float64",
  ],
};

/** The race: each racer's own board in its `@view()` child, every seat's standing public, every board public after the race. */
const race: WireGame = {
  def: minesweeperRaceDef,
  room: "minesweeper",
  options: { mode: "race", seats: 2, level: "beginner", private: true },
  seats: 2,
  variants: [{ options: { mode: "race", seats: 4, level: "beginner", private: true }, seats: 4 }],
  steps: 80,
  ready: true,
  prefer: (s, g, m) => safeReveal(s.boards[g], m),
  over: (state) => state?.phase === "over",
  view: (state, r) => raceView(state, r.roomSeat),
  player: (v, _seat, rng, ending) => raceMove(v, rng, ending),
  read: (state, r) => {
    const players: any[] = Array.from(state?.players ?? []);
    if (!players.length) return null;
    const own = r.roomSeat === null ? null : players[r.roomSeat]?.board;
    const over = players.some((p) => p?.cellRows?.size);
    return {
      own: own?.cellRows?.size ? cellsOf(own.cellRows) : null,
      percent: players.map((p) => p.percent),
      boards: over ? players.map((p) => (p?.cellRows?.size ? cellsOf(p.cellRows) : null)) : null,
    };
  },
  carried: (v: RaceView) => ({
    own: v.own ? Array.from(v.own.cells) : null,
    percent: v.progress.map((p) => p.percent),
    boards: v.boards ? v.boards.map((b) => Array.from(b.cells)) : null,
  }),
  leaks: (state, r) => {
    const out: string[] = [];
    Array.from(state?.players ?? []).forEach((p: any, seat) => {
      if (seat !== r.roomSeat && p?.board !== undefined) out.push(`${who(r)} holds racer ${seat}'s board`);
    });
    return out;
  },
  // Cells only in the per-racer `board` (its @view) and the after-the-race public copy.
  schema: [
    "cols: uint8", "countdownEndsAt: float64", "endedAt: float64", "goAt: float64", "level: string", "mines: uint16", "noGuess: string", "players: array<RaceSeat>",
    "players[].alive: boolean", "players[].board.cellRows: map<string>", "players[].board.flags: uint16", "players[].board.hit: int32", "players[].board.phase: string",
    "players[].board: RaceBoard @view", "players[].cellRows: map<string>", "players[].finishMs: float64", "players[].finished: boolean", "players[].inRace: boolean",
    "players[].outMs: float64", "players[].percent: float64", "players[].rank: uint8", "raceNo: uint16", "rows: uint8", "winner: int8",
  ],
};

function tableParts(state: any): Parts {
  const out: Parts = {};
  state?.parts?.forEach((p: { json: string }, k: string) => (out[k] = p.json));
  return out;
}

/** The card table: its own parts (common/table/wire.ts), a seat's own keyed by room seat. */
const table: WireGame = {
  def: tableDef,
  room: "table",
  options: { seats: 2 },
  seats: 2,
  variants: [{ options: { seats: 3 }, seats: 3 }, { options: { seats: 4 }, seats: 4 }],
  steps: 20,
  read: (state, r) => (state?.parts?.size ? joinView(partsFor(tableParts(state), r.roomSeat), r.gameSeat ?? "spectator") : null),
  joinsView: true,
  player: tableMove,
  carried: (v, r) => {
    const want = structuredClone(v);
    if (want.table) want.table.viewer = r.gameSeat ?? "spectator";
    return want;
  },
  leaks: (state, r) => foreignParts(state, r.roomSeat, r),
  schema: ["format: string", "parts: map<ViewPart> @view", "parts[].json: string", "tableMode: string"],
};

/** Every definition of the registry, as the wire test plays it. */
export const WIRE_GAMES: readonly WireGame[] = [
  generic(connect4Def, connect4Wire as ViewWire<unknown>, { mode: "online", timer: 0 }, 2, 300),
  // Each hand passes (left, right, across, hold in turn) then plays 52 cards: 130 moves see two hands, and a game to 50 often ends in reach.
  generic(heartsDef, heartsWire as ViewWire<unknown>, { mode: "online", timer: 0, target: 50 }, 4, 130, 0.34),
  generic(petsDef, petsWire as ViewWire<unknown>, { mode: "online", seats: 2, timer: 0, arrange: 0, private: true }, 2, 100, 0.5),
  cubestacc,
  board,
  race,
  table,
];

/**
 * Every field of a schema class as `path: type` (children: `field.sub`, elements `field[].sub`;
 * `@view` marks a field only some connections receive), sorted: what a game's wire can carry at
 * all, pinned per room class by the wire test so a new field is a decision.
 */
export function schemaFields(klass: unknown, path = "", depth = 0): string[] {
  const metadata = (klass as Record<symbol, Record<number, { name: string; type: unknown; tag?: number }>> | undefined)?.[Symbol.metadata];
  if (!metadata || depth > 4) return [];
  const out: string[] = [];
  for (let i = 0; metadata[i] !== undefined; i++) {
    const f = metadata[i];
    const at = `${path}${f.name}`;
    const t = f.type as unknown;
    const inner = typeof t === "object" && t ? (Object.entries(t as Record<string, unknown>)[0] as [string, unknown]) : null;
    const name = (x: unknown) => (typeof x === "function" ? (x as { name: string }).name : String(x));
    out.push(`${at}: ${inner ? `${inner[0]}<${name(inner[1])}>` : name(t)}${f.tag !== undefined ? " @view" : ""}`);
    const child = typeof t === "function" ? t : inner?.[1];
    if (typeof child === "function") out.push(...schemaFields(child, `${at}${typeof t === "function" ? "." : "[]."}`, depth + 1));
  }
  return path ? out : out.sort();
}
