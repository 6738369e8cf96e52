// Auto Pets on the generic game room: its view goes over the wire as parts through the generic
// projection (projection.ts, cut by its own wire, common/pets/wire.ts). No schema of its own.
// Events name room seats (events.ts); the arena's opponents and recorded teams are arena.ts.
// Seats, moves, timers, bots and records are server/rooms/game/.

import { petsDef, petsWire, type PetsEvent, type PetsMove, type PetsRoomConfig, type PetsState, type PetsView } from "../../../common/pets/index.js";
import { sizeNextEncoder } from "../base/encodeBuffer.js";
import type { GameServerParts } from "../game/GameRoom.js";
import { viewProjection } from "../game/projection.js";
import type { ViewRoomState } from "../game/ViewRoomState.js";
import { arenaRoomMove, arenaTeamsOf } from "./arena.js";
import { toWire } from "./events.js";
import { petsDaily } from "./daily.js";

/**
 * A pets room's encode buffers. A 4-seat game's full state holds up to 12 battles (packed,
 * 0.1–1.3 KB each) besides the hands and figures, and past the default 8 KB a reclaimed
 * seat's full state arrived cut (server/rooms/base/encodeBuffer.ts): 64 KB per four seats.
 */
export const PETS_ENCODE_BUFFER = 64 * 1024;
/** The buffer for a room of `seats`: 64 KB per four seats (8 seats: 24 battles). */
export const petsEncodeBuffer = (seats: number) => PETS_ENCODE_BUFFER * Math.max(1, Math.ceil(seats / 4));

const projection = viewProjection(petsWire);

export const petsParts: GameServerParts<PetsState, PetsMove, PetsEvent, PetsRoomConfig, PetsView, ViewRoomState> = {
  def: petsDef,
  daily: petsDaily,
  ...projection,
  createState(c) {
    sizeNextEncoder(petsEncodeBuffer(c.seats));
    return projection.createState(c);
  },
  toWire,
  roomMove: arenaRoomMove,
  // Every game leaves its people's decks for the arena (a finished one's; an abandoned game's battles so far).
  record: (info) => ({ teams: info.state.phase === "finished" ? arenaTeamsOf(info) : [] }),
  metadata: (c) => ({ seats: c.seats, timer: c.turnSeconds, arrange: c.togetherSeconds ?? 0 }),
};
