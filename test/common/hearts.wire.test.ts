// Hearts' view on the wire (common/hearts/wire.ts): after every move of random games, every
// viewer joins back exactly the rules' view(seat) from the parts it would hold; no seat's part
// carries another seat's cards; a played card re-sends a few parts, not the table.

import { expect } from "chai";
import { createRng } from "../../common/core/rng.js";
import { partsFor, wantedParts, type Parts } from "../../common/core/viewWire.js";
import { heartsDef, heartsWire, type HeartsState } from "../../common/hearts/index.js";

const held = (all: { id: string; json: string }[], seat: number | null): Parts => partsFor(all.map((w) => [w.id, w.json] as [string, string]), seat);
const VIEWERS = [null, 0, 1, 2, 3];

describe("hearts on the wire", () => {
  it("every viewer joins view(seat) back after every move of 8 random games to 50, holding exactly its own view's parts", () => {
    let checked = 0;
    for (let seed = 1; seed <= 8; seed++) {
      let s: HeartsState = heartsDef.setup(seed, { target: 50, timer: 0 }, 4);
      const rng = createRng(seed, 5);
      for (let step = 0; s.phase !== "over" && step < 3000; step++) {
        const wanted = wantedParts(heartsWire, (g) => heartsDef.view(s, g), 4);
        for (const seat of VIEWERS) {
          const parts = held(wanted, seat);
          expect(heartsWire.join(parts, seat), `seed ${seed} step ${step} seat ${seat}`).to.deep.equal(heartsDef.view(s, seat));
          // It holds exactly its own view's parts: nothing of another seat's hand rides along.
          expect(parts, `seed ${seed} step ${step} seat ${seat}: parts`).to.deep.equal(heartsWire.split(heartsDef.view(s, seat)));
        }
        checked++;
        const who = heartsDef.whoActs(s).seats;
        const seat = who[rng.int(who.length)];
        const legal = heartsDef.legalMoves(s, seat);
        const r = heartsDef.apply(s, seat, legal[rng.int(legal.length)], { rng, now: 1000 + step });
        if (!r.ok) throw new Error(r.error.message);
        s = r.state;
      }
      expect(s.phase).to.equal("over");
    }
    expect(checked).to.be.greaterThan(8 * 100);
  });

  it("a card played mid-trick re-sends the trick, the turn and the player's hand, not the others' hands", () => {
    let s = heartsDef.setup(3, { target: 100, timer: 0 }, 4);
    for (let seat = 0; seat < 4; seat++) {
      const r = heartsDef.apply(s, seat, { type: "pass", cards: s.hands[seat].slice(0, 3) }, { rng: createRng(1), now: 1 });
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    }
    const mover = s.turn;
    const before = wantedParts(heartsWire, (g) => heartsDef.view(s, g), 4);
    const r = heartsDef.apply(s, mover, { type: "play", card: heartsDef.view(s, mover).legal[0] }, { rng: createRng(1), now: 2 });
    if (!r.ok) throw new Error(r.error.message);
    const after = wantedParts(heartsWire, (g) => heartsDef.view(r.state, g), 4);
    const was = new Map(before.map((w) => [w.id, w.json]));
    const changed = after.filter((w) => was.get(w.id) !== w.json).map((w) => w.id);
    expect(changed.filter((id) => id.includes("#") && !id.endsWith(`#${mover}`)), "other seats' own parts").to.deep.equal([]);
    expect(changed).to.include.members(["trick*", "trick.0", "turn"]);
  });
});
