// Cubestacc data: cards, cells, placed cubes, config, moves, events, state
// and the per-seat view. Everything here is plain data (JSON-safe).
//
// Rules space only: a placed cube lives at an integer cell (x, y, z) on a
// parent tree; pixels, camera yaw and painter's order belong to the client.

/** Suit ids never change; deck packs only swap their icons (config.ts). */
export const SUITS = ["spades", "hearts", "clubs", "diamonds"] as const;
export type Suit = (typeof SUITS)[number];

/** The 14 ranks in order (no rank 1). */
export const RANKS = ["0", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"] as const;
export type Rank = (typeof RANKS)[number];

/** 4 suits × 14 ranks + 4 wilds. */
export const DECK_SIZE = 60;
export const WILD_COUNT = 4;
/** Card ids 0..55 are suit-major (`suitIndex * 14 + rankIndex`); 56..59 are the wilds. */
export const FIRST_WILD = 56;

export const MIN_SEATS = 2;
export const MAX_SEATS = 5;

/** How a hand card attaches to a placed cube. */
export type AttachMode = "top" | "side" | "face" | "wild";
/** `start` is the root cube's mode. */
export type Mode = AttachMode | "start";
export const ATTACH_MODES: readonly AttachMode[] = ["top", "side", "face", "wild"];

/** One of a cube's three faces. */
export type Face = "top" | "side" | "face";

/** A lattice cell, in cube units (never pixels). */
export interface Cell {
  x: number;
  y: number;
  z: number;
}

/** Which faces of a placed cube are still open (not covered by a child, not blocked). */
export interface OpenFaces {
  top: boolean;
  side: boolean;
  face: boolean;
}

/** A cube on the table. Public information: it appears as is in every view. */
export interface PlacedCube {
  /** Placed-cube id = its index in play order (0 = the root). */
  id: number;
  /** Card id (0..59). */
  card: number;
  /** Placed-cube id of the cube it was attached to; null for the root. */
  parent: number | null;
  mode: Mode;
  cell: Cell;
  /** The card's suit, or the suit chosen for a wild. */
  suit: Suit;
  /** null for a wild. */
  rank: Rank | null;
  wild: boolean;
  open: OpenFaces;
  /** Seat that played it; null for the starting cube. */
  by: number | null;
  /** Ancestry depth (root 0), for the client's painter's order. */
  depth: number;
}

export const PACK_IDS = ["classic", "space", "halloween", "nature", "animals"] as const;
export type PackId = (typeof PACK_IDS)[number];

export interface CubestaccConfig {
  /** Seats at the table (2..5). */
  seats: number;
  /** House rule (ours): after a wild, only the wild stays open until built on. */
  wildPivot: boolean;
  /** Deck pack: icons only, suit ids never change. */
  pack: PackId;
}

/** A legal placement. A `wild` play also needs a `suit` in the move. */
export interface LegalPlay {
  card: number;
  onto: number;
  mode: AttachMode;
}

/**
 * Moves (wire names fixed by PROTOCOL.md).
 * - `draw` on your turn: takes the K stack when one is pending; otherwise draws 1
 *   and ends the turn; with an empty deck and no legal play it is a pass.
 *   With a stack pending it is always allowed (even holding a K that could stack on it);
 *   otherwise refused while you can play. Refused while dumping.
 * - `done` ends a same-rank dump.
 * - `uhoh` and `caught` may be sent out of turn.
 * - `timeout` is logged by the server when the turn timer expires (see turn.ts).
 */
export type CubestaccMove =
  | { type: "play"; card: number; onto: number; mode: AttachMode; suit?: Suit }
  | { type: "draw" }
  | { type: "done" }
  | { type: "uhoh" }
  | { type: "caught"; target?: number }
  | { type: "timeout" };

/** Why a card was drawn. */
export type DrawReason = "draw" | "jack" | "kstack" | "caught" | "timeout";

/** A seat's place at the end, ordered by cards left. */
export interface RankEntry {
  seat: number;
  cards: number;
  /** 1 = winner; seats with the same count (other than the winner) share a place. */
  place: number;
}

/**
 * One-shot happenings for animation and sound, in the order they happened.
 * `draw` carries the card id; use `eventsFor(events, viewer)` before sending
 * events to anyone but the drawer.
 */
export type CubestaccEvent =
  | { kind: "play"; seat: number; card: number; cube: number; onto: number; mode: AttachMode; suit: Suit; cell: Cell }
  | { kind: "draw"; seat: number; reason: DrawReason; card?: number }
  /** Penalty draws: `got` may be less than `wanted` when the deck runs out ("draws X of Y"). */
  | { kind: "jack"; seat: number; wanted: number; got: number }
  | { kind: "kstack"; seat: number; pending: number }
  | { kind: "take"; seat: number; wanted: number; got: number }
  | { kind: "caught"; seat: number; target: number; wanted: number; got: number }
  | { kind: "uhoh"; seat: number }
  | { kind: "reverse"; seat: number; direction: 1 | -1 }
  | { kind: "skip"; seat: number; by: number }
  | { kind: "extra"; seat: number }
  | { kind: "dump"; seat: number; rank: Rank }
  | { kind: "done"; seat: number }
  | { kind: "pass"; seat: number }
  | { kind: "timeout"; seat: number }
  | { kind: "turn"; seat: number; turnNo: number }
  | { kind: "win"; seat: number; blocked: boolean; ranking: RankEntry[] };

export type Phase = "playing" | "finished";

export interface CubestaccState {
  config: CubestaccConfig;
  seats: number;
  /** Draw pile, top card last. Never in any view. */
  deck: number[];
  hands: number[][];
  placed: PlacedCube[];
  phase: Phase;
  turn: number;
  /** Counts turns (an extra turn is a new turn); 0 at setup. */
  turnNo: number;
  /** Server time the current turn began; null for the first turn (the room knows when it started). */
  turnStartedAt: number | null;
  direction: 1 | -1;
  /** The K stack the seat on turn faces (play a K or take it); during a K dump, the stack that passes on with the turn. */
  pending: number;
  /** J draws the next seat takes when the turn passes (one per J played this turn). */
  owed: number;
  /** Open same-rank dump of the seat on turn. */
  dump: { rank: Rank } | null;
  /** Wild pivot house rule: the only cube that may be built on, or null. */
  pivot: number | null;
  /** Per seat: has called UH OH since its last draw. */
  called: boolean[];
  /** Per seat: went to 1 card without calling; others may press Caught. */
  exposed: boolean[];
  /** Per seat: placed-cube id of its latest play, -1 if none (breaks ties of a blocked game). */
  lastPlay: number[];
  /** Consecutive passes by seats that had no legal play on an empty deck. */
  passes: number;
  winner: number | null;
  /** True when the game ended because nobody could play or draw. */
  blocked: boolean;
  ranking: RankEntry[] | null;
}

/** Public per-seat facts. */
export interface SeatInfo {
  seat: number;
  cards: number;
  calledUhOh: boolean;
  exposed: boolean;
}

/** What `draw` would do for the viewer right now, or null if refused. */
export type DrawAction = "draw" | "take" | "pass" | null;

export interface CubestaccView {
  game: "cubestacc";
  seats: number;
  config: CubestaccConfig;
  phase: Phase;
  turn: number;
  turnNo: number;
  turnStartedAt: number | null;
  direction: 1 | -1;
  pending: number;
  owed: number;
  dump: { seat: number; rank: Rank } | null;
  pivot: number | null;
  deckCount: number;
  placed: PlacedCube[];
  /** Ids of placed cubes with an open face. */
  tips: number[];
  players: SeatInfo[];
  winner: number | null;
  blocked: boolean;
  ranking: RankEntry[] | null;
  /** The seat this view is for; null for a spectator. */
  viewer: number | null;
  /** The viewer's own hand; null for a spectator. */
  hand: number[] | null;
  /** The viewer's legal plays right now (empty when it is not their turn). */
  legal: LegalPlay[];
  drawAction: DrawAction;
  canDone: boolean;
  canUhOh: boolean;
  /** Seats the viewer may catch right now. */
  catchable: number[];
}
