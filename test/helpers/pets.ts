// Helpers for the Auto Pets server tests: the server room, and a client-side player that
// plays from its own decoded view only (room seats, the private hand ids).

import type { Rng } from "../../common/core/rng.js";
import { cardDef, type PetsEvent, type PetsMove, type PetsRoomConfig, type PetsState, type PetsView } from "../../common/pets/index.js";
import type { GameRoom } from "../../server/rooms/game/GameRoom.js";
import type { PetsTable } from "../../server/rooms/pets/index.js";
import type { TestHub } from "./hub.js";

export type PetsRoom = GameRoom<PetsState, PetsMove, PetsEvent, PetsRoomConfig, PetsView, PetsTable>;

/** The server-side pets room (same process). */
export function petsRoom(hub: TestHub, roomId: string): PetsRoom {
  const room = hub.colyseus.getRoomById(roomId) as unknown as PetsRoom | undefined;
  if (!room) throw new Error(`no live room ${roomId}`);
  return room;
}

const isPetKey = (k: string) => cardDef(k).kind === "pet";

/**
 * A random message a person could send now, read from its decoded state alone
 * (null: nothing to do, wait for a change).
 */
export function chooseClientMove(st: any, seat: number, rng: Rng): { type: string; payload: Record<string, unknown> } | null {
  if (st?.phase !== "playing") return null;
  const me = st.players?.[seat];
  const priv = me?.private;
  if (!me || !priv) return null;
  const ids: number[] = Array.from(priv.handIds ?? []);
  const keys: string[] = Array.from(priv.handKeys ?? []);
  if (st.stage === "arrange" && !me.arranged) {
    const order = ids.slice();
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    return { type: "arrange", payload: { order } };
  }
  if (st.stage !== "shop" || st.turn !== seat) return null;
  if (priv.picks.length) return { type: "pick", payload: { index: rng.int(2) } };
  const pets = keys.filter(isPetKey).length;
  const slots = Array.from(st.row as string[]).flatMap((k, i) => (k ? [i] : []));
  const sellable = ids.filter((_, i) => keys[i] !== "apple");
  const r = rng.int(10);
  if (me.gold > 0 && slots.length && r < 6) return { type: "buy", payload: { slot: slots[rng.int(slots.length)] } };
  if ((r === 6 || pets > 5) && sellable.length) return { type: "sell", payload: { cards: [sellable[rng.int(sellable.length)]] } };
  return { type: "pass", payload: {} };
}
