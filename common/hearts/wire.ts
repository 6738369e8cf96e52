// Hearts' view on the wire (common/core/viewWire.ts): the default parts, without what the client
// derives from them: `legal` (the rules' `playable` on the viewer's turn), `pass` (from the hand
// number), `winners` (the lowest scores once over) and `viewer` (who joins). What differs per
// seat (its cards, the three it put aside, the three it received) travels to that seat alone.

import { joinFields, splitFields, type ViewWire } from "../core/viewWire.js";
import { lowest, passDirection, playable, type HeartsView } from "./rules.js";

export const heartsWire: ViewWire<HeartsView> = {
  split(v) {
    const { legal: _legal, viewer: _viewer, pass: _pass, winners: _winners, ...rest } = v;
    return splitFields(rest);
  },
  join(parts, viewer) {
    const v = joinFields(parts) as Omit<HeartsView, "legal" | "viewer" | "pass" | "winners">;
    const seat = viewer !== null && viewer >= 0 && viewer < 4 ? viewer : null;
    const myTurn = seat !== null && v.phase === "playing" && v.turn === seat;
    return {
      ...v,
      viewer: seat,
      pass: passDirection(v.hand),
      legal: myTurn ? playable(v.cards, v.trick, v.tricks === 0, v.heartsBroken) : [],
      winners: v.phase === "over" ? lowest(v.scores) : [],
    };
  },
};
