// Connect Four as a test reads a decoded room state: the view joined from its parts
// (common/core/viewWire.ts), and the grid in room seats (−1 empty), as a player sees it.
import { connect4Wire, type Connect4View } from "../../common/connect4/index.js";
import { joinState } from "../../common/core/viewWire.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function c4View(state: any, roomSeat: number | null = null): Connect4View | null {
  return state ? joinState(state, connect4Wire, roomSeat) : null;
}

/** The grid, each disc its room seat (empty before the first game). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function c4Grid(state: any): number[] {
  const v = c4View(state);
  if (!v) return [];
  const order = Array.from((state.order ?? []) as ArrayLike<number>);
  return v.grid.map((g) => (g < 0 ? -1 : (order[g] ?? -1)));
}
