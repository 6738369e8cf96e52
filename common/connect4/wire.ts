// Connect Four's view on the wire (common/core/viewWire.ts): the default parts, one per cell
// (a drop re-sends one cell; when a turn runs out is the room's `deadline`), without what the
// client derives from them: `turn` (seat 0 starts and every move, a timeout's too, drops one
// disc, so it is the count of discs mod 2), `legal` (the rules' openColumns, on the viewer's
// turn) and `viewer` (who joins). So every viewer holds the same parts: nothing per seat.

import { joinFields, splitFields, type ViewWire } from "../core/viewWire.js";
import { openColumns, type Connect4View } from "./rules.js";

export const connect4Wire: ViewWire<Connect4View> = {
  split(v) {
    const { legal: _legal, viewer: _viewer, turn: _turn, ...rest } = v;
    return splitFields(rest);
  },
  join(parts, viewer) {
    const v = joinFields(parts) as Omit<Connect4View, "legal" | "viewer" | "turn">;
    const turn = v.grid.filter((g) => g >= 0).length % 2;
    const seat = viewer === 0 || viewer === 1 ? viewer : null;
    return { ...v, turn, legal: !v.over && seat === turn ? openColumns(v.grid) : [], viewer: seat };
  },
};
