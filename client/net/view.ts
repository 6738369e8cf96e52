// A scene's room binding for a game whose view travels as parts (server/rooms/game/projection.ts):
// on every state change the parts this connection holds are joined back into the game's typed
// `View` (common/core/viewWire.ts, the game's own wire) and handed to `onView` with the room's
// fields (seats, acting, phase...). Scenes then call common/ on the view directly: no client model.
import type { RoomSession } from "./session";
import type { Wire } from "./wire";
import type { ViewRoomState } from "../../server/rooms/game/ViewRoomState";
import { joinState, type ViewWire } from "../../common/core/viewWire";

/** The room state as a client decodes it (the view's parts and the generic room's fields). */
export type ViewState = Wire<ViewRoomState>;

/** The game seat a room seat plays (null: a spectator, or not in this game). */
export function gameSeatIn(state: Pick<ViewState, "order">, roomSeat: number | null): number | null {
  if (roomSeat === null || !state.order) return null;
  const g = Array.from(state.order).indexOf(roomSeat);
  return g < 0 ? null : g;
}

/** The view a room seat holds in this decoded state (null before the first game's parts arrive). */
export function viewIn<V>(state: ViewState, wire: ViewWire<V>, roomSeat: number | null): V | null {
  return joinState(state, wire, roomSeat);
}

/**
 * Calls `onView` with the joined view and the state on every change of the current room (a
 * reconnection's new room replaces it). `me`: this client's room seat now (null: spectator).
 * Returns the unbinding.
 */
export function onView<V>(session: RoomSession, wire: ViewWire<V>, me: () => number | null, fn: (view: V | null, state: ViewState) => void): () => void {
  let unbind = () => {};
  let last: ViewState | null = null;
  const show = () => last && fn(viewIn(last, wire, me()), last);
  const offRoom = session.onRoom((room) => {
    unbind();
    const onChange = (s: unknown) => {
      const state = s as ViewState;
      // A Room rebuilt after a drop exists before its first full state decodes: wait for the fields.
      if (!state?.seats || !state.order || !state.acting) return;
      last = state;
      show();
    };
    room.onStateChange(onChange);
    unbind = () => room.onStateChange.remove(onChange);
    if (room.state) onChange(room.state);
  });
  // Who this client is may be told after the state (the `seat` message, `welcome` for a
  // spectator): the view is joined again for it (a seat's own parts, its `legal`), no patch needed.
  const offSeat = session.onMessage("seat", show);
  const offWelcome = session.onMessage("welcome", show);
  return () => {
    offRoom();
    unbind();
    offSeat();
    offWelcome();
  };
}
