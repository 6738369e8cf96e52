// The card table's parts (server/rooms/table/parts.ts): the log lines' parts, made once per event
// and reused (lineParts), are exactly the parts wantedParts cut from every viewer's whole view
// (lines included) before that, for a game with lines that differ by viewer (a draw names the
// card to its drawer only); and reused, they are the same objects from one action to the next.

import { expect } from "chai";
import { GameSession } from "../../common/core/session.js";
import { tableDef, type TableGameView, type TableMove } from "../../common/table/game.js";
import { lineParts, wantedParts } from "../../server/rooms/table/parts.js";

const SEATS = 3;
const room = (g: number) => [2, 0, 1][g];

function both(s: GameSession<any, TableMove, any, any, TableGameView>) {
  const full = [{ seat: null as number | null, view: s.view(null) }, ...Array.from({ length: SEATS }, (_, g) => ({ seat: room(g) as number | null, view: s.view(g) }))];
  const before = wantedParts(full);
  const bare = full.map((v) => ({ seat: v.seat, view: { ...v.view, lines: [] } }));
  const now = [...wantedParts(bare), ...lineParts(s.state.lines, SEATS, room)];
  const asSet = (ws: typeof before) => ws.map((w) => JSON.stringify([w.id, w.audience, w.fields.json])).sort();
  return { before: asSet(before), now: asSet(now) };
}

describe("card table parts: log lines made once", () => {
  it("lineParts with the bare views are the parts of the whole views", () => {
    const cfg = tableDef.configure({ seats: SEATS });
    if (!cfg.ok) throw new Error(cfg.error.message);
    const s = new GameSession(tableDef, "00000000000000000000000000000007", cfg.value.config, SEATS);
    const move = (seat: number, m: TableMove) => {
      const r = s.apply(seat, m, 1000 + s.log.length);
      if (!r.ok) throw new Error(`${m.type} refused: ${r.error.code}`);
    };
    for (let g = 0; g < SEATS; g++) move(g, { type: "deck", text: "" });
    for (let g = 0; g < SEATS; g++) move(g, { type: "act", action: { do: "keep", bottom: [] } });
    const steps: TableMove[] = [
      { type: "act", action: { do: "draw", n: 2 } },
      { type: "act", action: { do: "chat", text: "hi" } },
      { type: "act", action: { do: "shuffle" } },
      { type: "act", action: { do: "lookTop", n: 3 } },
      { type: "act", action: { do: "undo" } },
    ];
    // A card from the hand to the top of the library: named to its owner only.
    const hand = s.state.game!.zones["0.hand"];
    steps.splice(2, 0, { type: "act", action: { do: "move", card: hand[0], zone: "library", place: "top" } });
    let differing = 0;
    for (const m of steps) {
      move(0, m);
      const { before, now } = both(s);
      expect(now).to.deep.equal(before);
      differing += now.filter((x) => x.includes('"l:') && x.includes("#")).length;
    }
    expect(differing, "some lines differ by viewer").to.be.greaterThan(0);
    const a = lineParts(s.state.lines, SEATS, room);
    const b = lineParts(s.state.lines, SEATS, room);
    a.forEach((w, i) => expect(b[i]).to.equal(w));
  });
});
