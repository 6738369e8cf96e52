// Connect Four's view on the wire (common/core/viewWire.ts): the default parts, one per cell
// (a drop re-sends one cell and the turn; when a turn runs out is the room's `deadline`), without what the client derives from
// them: `legal` (the rules' openColumns, on the viewer's turn) and `viewer` (who joins).
// So every viewer holds the same parts: nothing is sent per seat.

import { joinFields, splitFields, type ViewWire } from "../core/viewWire.js";
import { openColumns, type Connect4View } from "./rules.js";

export const connect4Wire: ViewWire<Connect4View> = {
  split(v) {
    const { legal: _legal, viewer: _viewer, ...rest } = v;
    return splitFields(rest);
  },
  join(parts, viewer) {
    const v = joinFields(parts) as Omit<Connect4View, "legal" | "viewer">;
    const seat = viewer === 0 || viewer === 1 ? viewer : null;
    return { ...v, legal: !v.over && seat === v.turn ? openColumns(v.grid) : [], viewer: seat };
  },
};
