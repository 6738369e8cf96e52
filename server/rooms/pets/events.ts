// Auto Pets' events as the room sends them: the rules' `type` renamed `kind`, seats as room
// seats; a battle's winner a room seat, −1 a draw, −2 a ghost (or an arena opponent). Its own
// file, with no room code beside it, so the client can take its types.

import type { PetsEvent } from "../../../common/pets/index.js";

/** A rules event with `type` renamed `kind` (the replay builds these from the log, game seats kept). */
export type PetsEventKinded = PetsEvent extends infer E ? (E extends { type: infer K } ? Omit<E, "type"> & { kind: K } : never) : never;
/** A rules event as the room sends it (`toWire`). */
export type PetsEventWire = Exclude<PetsEventKinded, { kind: "battle" }> | (Omit<Extract<PetsEventKinded, { kind: "battle" }>, "winner"> & { winner: number });

/** Events name room seats; a battle names its sides and winner (−1 draw, −2 a ghost). */
export function toWire(e: PetsEvent, room: (g: number | null) => number): PetsEventWire {
  switch (e.type) {
    case "battle":
      return { kind: "battle", index: e.index, seats: [room(e.seats[0]), room(e.seats[1])], winner: e.winner === null ? -1 : e.winner < 0 ? -2 : room(e.winner) };
    case "finished":
      return { kind: "finished", winners: e.winners.map(room) };
    default: {
      const { type, ...rest } = e;
      const out = { kind: type, ...rest } as Exclude<PetsEventWire, { kind: "battle" | "finished" }>;
      if ("seat" in out) out.seat = room(out.seat);
      return out;
    }
  }
}
