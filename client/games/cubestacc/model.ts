// The plain model the Cubestacc scene draws: read from the schema state
// (docs/protocol.md "Cubestacc"), never written back. Rules space only (cells,
// seats, cards); pixels live in the board.
import { PACK_IDS, type PackId, type PlacedCube } from "../../../common/cubestacc/types.js";
import { cardCode } from "../../../common/cubestacc/deck.js";
import { drawActionFromWire, unpackCubes, unpackPlay, type WireDrawAction } from "../../../common/cubestacc/wire.js";
import { nextInOrder } from "../../../common/cubestacc/turn.js";
import type { LegalPlay } from "../../../common/cubestacc/types.js";
import type { CubestaccState } from "../../../server/rooms/cubestacc/CubestaccState.js";
import type { PartialWire } from "../../net/wire.js";
import { seatName as roomSeatName } from "../seatName.js";

/** A cube as the rules place it (cell, open faces, depth), `by` a room seat. */
export type CubeModel = PlacedCube;

export interface SeatModel {
  seat: number;
  name: string;
  /** Who left this seat, while nobody has taken it ("" if nobody). */
  departed: string;
  occupied: boolean;
  connected: boolean;
  bot: boolean;
  ready: boolean;
  inGame: boolean;
  cards: number;
  calledUhOh: boolean;
  catchable: boolean;
  place: number;
}

/** A legal play as the rules list it (common/cubestacc LegalPlay). */
export type LegalModel = LegalPlay;

export interface MineModel {
  hand: number[];
  legal: LegalModel[];
  drawAction: WireDrawAction;
  canDone: boolean;
  canUhOh: boolean;
}

export interface TableModel {
  mode: string;
  phase: string;
  pack: PackId;
  wildPivot: boolean;
  timer: number;
  botLevel: string;
  gameNo: number;
  /** The last game's record (−1 none, 0 still being saved). */
  replayId: number;
  owner: number;
  maxSeats: number;
  spectators: number;
  cubes: CubeModel[];
  seats: SeatModel[];
  deckCount: number;
  turn: number;
  /** Room seats of the running game in game order (the room's `order`). */
  order: number[];
  turnNo: number;
  direction: 1 | -1;
  pending: number;
  owed: number;
  dumpRank: string;
  pivot: number;
  deadline: number;
  winner: number;
  blocked: boolean;
  ranking: { seat: number; cards: number; place: number }[];
  /** The viewer's private seat data (null for spectators, or before it arrives). */
  mine: MineModel | null;
}

export function emptyModel(): TableModel {
  return {
    mode: "",
    phase: "",
    pack: "classic",
    wildPivot: false,
    timer: 0,
    botLevel: "",
    gameNo: 0,
    replayId: -1,
    owner: -1,
    maxSeats: 0,
    spectators: 0,
    cubes: [],
    seats: [],
    deckCount: 0,
    turn: -1,
    order: [],
    turnNo: 0,
    direction: 1,
    pending: 0,
    owed: 0,
    dumpRank: "",
    pivot: -1,
    deadline: 0,
    winner: -1,
    blocked: false,
    ranking: [],
    mine: null,
  };
}

/**
 * The room state as the server sends it: its schema (server/rooms/cubestacc/CubestaccState.ts,
 * with the generic fields of server/rooms/game/GameRoomState.ts), decoded. Every field may be
 * missing while a new Room has not had its first patch, so the model reads it defensively.
 */
export type CubestaccWire = PartialWire<CubestaccState>;

const num = (v: unknown, d = 0): number => (typeof v === "number" && Number.isFinite(v) ? v : d);
const str = (v: unknown, d = ""): string => (typeof v === "string" ? v : d);
const bool = (v: unknown): boolean => v === true;

function list<I, T>(arr: ArrayLike<I> | undefined, map: (item: I | undefined, i: number) => T): T[] {
  const out: T[] = [];
  const n = arr?.length ?? 0;
  const at = (arr as { at?: (i: number) => I } | undefined)?.at;
  for (let i = 0; i < n; i++) out.push(map(arr![i] ?? at?.call(arr, i), i));
  return out;
}

const asPack = (p: unknown): PackId => ((PACK_IDS as readonly string[]).includes(p as string) ? (p as PackId) : "classic");

/** The table in play order, rebuilt by the rules' own functions from one number per cube. */
export function readCubes(cubes: ArrayLike<number> | undefined): CubeModel[] {
  return cubes ? unpackCubes(list(cubes, (c) => c)) : [];
}

/** Reads the whole schema state; `mySeat` picks the private seat (null: spectator). */
export function readModel(state: CubestaccWire | undefined, mySeat: number | null): TableModel {
  const seatsIn = state?.seats;
  const playersIn = state?.players;
  const seats = list(seatsIn, (s, i): SeatModel => {
    const p = playersIn?.[i];
    return {
      seat: i,
      name: str(s?.name),
      departed: str(s?.departed),
      occupied: bool(s?.occupied),
      connected: bool(s?.connected),
      bot: bool(s?.bot),
      ready: bool(s?.ready),
      inGame: bool(p?.inGame),
      cards: num(p?.cards),
      calledUhOh: bool(p?.calledUhOh),
      catchable: bool(p?.catchable),
      place: num(p?.place),
    };
  });
  let mine: MineModel | null = null;
  const priv = mySeat !== null && mySeat >= 0 ? playersIn?.[mySeat]?.private : undefined;
  if (priv) {
    mine = {
      hand: list(priv.hand, (c) => num(c)),
      legal: list(priv.legal, (packed) => unpackPlay(packed)).filter((l): l is LegalModel => l !== null),
      drawAction: drawActionFromWire(priv.drawAction),
      canDone: bool(priv.canDone),
      canUhOh: bool(priv.canUhOh),
    };
  }
  return {
    mode: str(state?.mode),
    phase: str(state?.phase),
    pack: asPack(state?.pack),
    wildPivot: bool(state?.wildPivot),
    timer: num(state?.timer),
    botLevel: str(state?.botLevel),
    gameNo: num(state?.gameNo),
    replayId: num(state?.replayId, -1),
    owner: num(state?.owner, -1),
    maxSeats: num(state?.maxSeats),
    spectators: num(state?.spectators),
    cubes: readCubes(state?.cubes),
    seats,
    deckCount: num(state?.deckCount),
    turn: num(state?.turn, -1),
    order: list(state?.order, (s) => num(s)),
    turnNo: num(state?.turnNo),
    direction: num(state?.direction, 1) < 0 ? -1 : 1,
    pending: num(state?.pending),
    owed: num(state?.owed),
    dumpRank: str(state?.dumpRank),
    pivot: num(state?.pivot, -1),
    deadline: num(state?.deadline),
    winner: num(state?.winner, -1),
    blocked: bool(state?.blocked),
    ranking: list(state?.ranking, (r) => ({ seat: num(r?.seat), cards: num(r?.cards), place: num(r?.place) })),
    mine,
  };
}

/** The seat that plays after `seat` in the current direction (−1 if unknown): the rules' order, from the wire. */
export function nextSeat(m: TableModel, seat: number): number {
  return nextInOrder(m.order, seat, m.direction);
}

/** A seat's name as the table shows it ("Rex (left)" once its person left, "Seat 3" while open). */
export function seatName(m: TableModel, seat: number): string {
  const s = m.seats[seat];
  return roomSeatName(s, s?.occupied ? "Player" : `Seat ${seat + 1}`);
}

/** The table as plain data (window.__hub; the scene adds what is on screen). */
export function tableSnapshot(m: TableModel, me: number | null): Record<string, unknown> {
  return {
    mode: m.mode,
    phase: m.phase,
    pack: m.pack,
    wildPivot: m.wildPivot,
    timer: m.timer,
    botLevel: m.botLevel,
    gameNo: m.gameNo,
    owner: m.owner,
    maxSeats: m.maxSeats,
    spectators: m.spectators,
    turn: m.turn,
    turnNo: m.turnNo,
    myTurn: me !== null && m.phase === "playing" && m.turn === me,
    direction: m.direction,
    pending: m.pending,
    owed: m.owed,
    dumpRank: m.dumpRank,
    pivot: m.pivot,
    deadline: m.deadline,
    deckCount: m.deckCount,
    winner: m.winner,
    blocked: m.blocked,
    ranking: m.ranking.map((r) => ({ ...r, name: seatName(m, r.seat) })),
    seats: m.seats.map((s) => ({ ...s })),
    cubes: m.cubes.map((c) => ({ id: c.id, card: c.card, code: cardCode(c.card), parent: c.parent, mode: c.mode, cell: { ...c.cell }, suit: c.suit, wild: c.wild, open: { ...c.open }, by: c.by })),
    hand: m.mine ? [...m.mine.hand] : null,
    handCodes: m.mine ? m.mine.hand.map(cardCode) : null,
    legal: m.mine ? m.mine.legal.map((l) => ({ ...l })) : [],
    drawAction: m.mine?.drawAction ?? "",
    canDone: m.mine?.canDone ?? false,
    canUhOh: m.mine?.canUhOh ?? false,
  };
}
