// Helpers for the Auto Pets server tests: the server room, and a client-side player that
// plays from its own joined view only (common/pets/wire.ts: the parts it decoded, game seats).

import type { Rng } from "../../common/core/rng.js";
import { joinState } from "../../common/core/viewWire.js";
import { cardDef, petsWire, type PetsEvent, type PetsMove, type PetsRoomConfig, type PetsState, type PetsView } from "../../common/pets/index.js";
import type { GameRoom } from "../../server/rooms/game/GameRoom.js";
import type { ViewRoomState } from "../../server/rooms/game/ViewRoomState.js";
import type { TestHub } from "./hub.js";

export type PetsRoom = GameRoom<PetsState, PetsMove, PetsEvent, PetsRoomConfig, PetsView, ViewRoomState>;

/** The server-side pets room (same process). */
export function petsRoom(hub: TestHub, roomId: string): PetsRoom {
  const room = hub.colyseus.getRoomById(roomId) as unknown as PetsRoom | undefined;
  if (!room) throw new Error(`no live room ${roomId}`);
  return room;
}

/** The view a room seat (null: a spectator) joins from a decoded state; null before the game's parts. */
export function petsViewOf(st: any, roomSeat: number | null): PetsView | null {
  return st?.parts ? joinState(st, petsWire, roomSeat) : null;
}

/** Battles a decoded state holds, as its view has them (game seats). */
export const battlesOf = (st: any): PetsView["battles"] => petsViewOf(st, null)?.battles ?? [];

const isPetKey = (k: string) => cardDef(k).kind === "pet";

/**
 * A random message a person could send now, read from its decoded state alone
 * (null: nothing to do, wait for a change).
 */
export function chooseClientMove(st: any, seat: number, rng: Rng): { type: string; payload: Record<string, unknown> } | null {
  if (st?.phase !== "playing") return null;
  const v = petsViewOf(st, seat);
  if (!v || v.viewer === null || !v.hand) return null;
  const me = v.viewer;
  const ids = v.hand.map((c) => c.id);
  const keys = v.hand.map((c) => c.card);
  if (v.phase === "arrange" && !v.arranged[me]) {
    const order = ids.slice();
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    return { type: "arrange", payload: { order } };
  }
  if (v.phase !== "shop" || v.turn !== me) return null;
  if (v.picks?.length) return { type: "pick", payload: { index: rng.int(2) } };
  const pets = keys.filter(isPetKey).length;
  const slots = v.row.flatMap((c, i) => (c ? [i] : []));
  const sellable = ids.filter((_, i) => keys[i] !== "apple");
  const r = rng.int(10);
  if (v.gold[me] > 0 && slots.length && r < 6) return { type: "buy", payload: { slot: slots[rng.int(slots.length)] } };
  if ((r === 6 || pets > 5) && sellable.length) return { type: "sell", payload: { cards: [sellable[rng.int(sellable.length)]] } };
  return { type: "pass", payload: {} };
}
