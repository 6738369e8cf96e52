// Helpers for the Cubestacc server tests: the server room, a client-side player that
// plays from its own decoded view only, and leak checks of what a client receives.

import type { Room } from "colyseus.js";
import type { Rng } from "../../common/core/rng.js";
import { SUITS, unpackPlay, type CubestaccState as Table } from "../../common/cubestacc/index.js";
import type { CubestaccRoom } from "../../server/rooms/cubestacc/index.js";
import { Probe, type TestHub } from "./hub.js";

/** The server-side Cubestacc room (same process). */
export function cubestaccRoom(hub: TestHub, roomId: string): CubestaccRoom {
  const room = hub.colyseus.getRoomById(roomId) as unknown as CubestaccRoom | undefined;
  if (!room) throw new Error(`no live room ${roomId}`);
  return room;
}

export interface Seated {
  room: Room<any>;
  probe: Probe;
  seat: number;
  seatToken: string;
}

/** Joins and waits for the `seat` message. */
export async function seatedIn(join: Promise<Room<any>>, options: ConstructorParameters<typeof Probe>[1] = {}): Promise<Seated> {
  const room = await join;
  const probe = new Probe(room, options);
  const { seat, seatToken } = await probe.next("seat", 0);
  return { room, probe, seat, seatToken };
}

/** The decoded private part of `seat` (undefined when this client cannot see it). */
export function privateOf(state: any, seat: number): any {
  return state?.players?.[seat]?.private;
}

export function handOf(state: any, seat: number): number[] {
  const priv = privateOf(state, seat);
  return priv?.hand ? Array.from(priv.hand as Iterable<number>) : [];
}

export interface ClientMove {
  type: string;
  payload: Record<string, unknown>;
}

/**
 * What a person would do with this client's decoded view: UH OH at 2 cards, a Caught
 * when someone is catchable (sometimes), otherwise on turn a random legal play, Done,
 * or draw. Null: nothing to do now.
 */
export function chooseClientMove(state: any, seat: number, rng: Rng, options: { catchRate?: number; doneRate?: number } = {}): ClientMove | null {
  if (!state || state.phase !== "playing") return null;
  const priv = privateOf(state, seat);
  if (!priv) return null;
  if (priv.canUhOh && rng.float() < 0.9) return { type: "uhoh", payload: {} };
  const catchable = (state.players as any[]).map((p, i) => (p.catchable && i !== seat ? i : -1)).filter((i) => i >= 0);
  if (catchable.length && rng.float() < (options.catchRate ?? 0.7)) {
    return rng.int(2) ? { type: "caught", payload: {} } : { type: "caught", payload: { target: catchable[rng.int(catchable.length)] } };
  }
  if (state.turn !== seat) return null;
  const legal = Array.from(priv.legal as Iterable<number>, (packed) => unpackPlay(packed)!);
  if (priv.canDone && (legal.length === 0 || rng.float() < (options.doneRate ?? 0.2))) return { type: "done", payload: {} };
  if (legal.length) {
    const play = legal[rng.int(legal.length)];
    return { type: "play", payload: play.mode === "wild" ? { ...play, suit: SUITS[rng.int(4)] } : { ...play } };
  }
  if (priv.drawAction) return { type: "draw", payload: {} };
  return null;
}

/** Every card id that is somewhere other than `seat`'s hand in the server truth (other hands + deck). */
export function secretCardsFor(table: Table, gameSeat: number | null): Set<number> {
  const out = new Set<number>(table.deck);
  table.hands.forEach((h, g) => {
    if (g !== gameSeat) for (const c of h) out.add(c);
  });
  return out;
}

/**
 * Test-only: rewrites the server's running table (e.g. chosen hands) and re-projects it,
 * as if the deal had come out that way. Reaches into the room's private fields on purpose.
 */
export function rigTable(room: CubestaccRoom, edit: (table: Table) => void): void {
  const inner = room as unknown as { session: { state: Table }; path: { project(fresh: boolean): void }; commit(): void };
  const table = structuredClone(inner.session.state);
  edit(table);
  inner.session.state = table;
  inner.path.project(false);
  inner.commit();
}

/** Deals `hands` (card ids per game seat); every other card not on the table goes to the deck, in its old order. */
export function setHands(table: Table, hands: number[][]): void {
  const taken = new Set(hands.flat());
  const onTable = new Set(table.placed.map((p) => p.card));
  for (const c of taken) if (onTable.has(c)) throw new Error(`card ${c} is on the table`);
  const pool = [...table.deck, ...table.hands.flat()].filter((c) => !taken.has(c) && !onTable.has(c));
  table.hands = hands.map((h) => h.slice());
  table.deck = pool;
}
