// The generic projection: a game's `view(null)` and each seat's `view(seat)`, cut into keyed
// parts by its wire (common/core/viewWire.ts), synced per audience through StateView
// (audience.ts): the spectator's parts reach everyone, a seat's differing versions
// (`key#gameSeat`) only that seat's connections. A move re-sends only the parts it changed.
// A game using it writes no schema and no client model (docs/adding-a-game.md).

import type { Configured } from "../../../common/core/game.js";
import { defaultViewWire, wantedParts, type ViewWire } from "../../../common/core/viewWire.js";
import { jsonAudience, type JsonFields, type Viewer, type Wanted } from "./audience.js";
import type { Projection } from "./parts.js";
import { ViewPart, ViewRoomState } from "./ViewRoomState.js";

/** The projection of a game whose view goes over the wire as parts (`wire`: its own splitter, else the default). */
export function viewProjection<V extends object>(wire: ViewWire<V> = defaultViewWire<V>()) {
  return {
    createState(c?: Pick<Configured<unknown>, "turnSeconds" | "togetherSeconds">) {
      const st = new ViewRoomState();
      st.turnSeconds = c?.turnSeconds ?? 0;
      st.togetherSeconds = c?.togetherSeconds ?? 0;
      return st;
    },
    project(st: ViewRoomState, p: Projection<unknown, V>) {
      // Game seats: the room seats playing this game (gameSeatOf: −1 for the others).
      const n = p.gameSeatOf.filter((g) => g >= 0).length;
      const wanted: Wanted<JsonFields>[] = wantedParts(wire, p.view, n).map((w) => ({
        id: w.id,
        audience: w.seat === null ? "all" : [p.room(w.seat)],
        fields: { json: w.json },
      }));
      jsonAudience(st.parts, () => new ViewPart()).sync(wanted, p.viewers);
    },
    attach(st: ViewRoomState, viewer: Viewer) {
      jsonAudience(st.parts, () => new ViewPart()).attach(viewer);
    },
  };
}
