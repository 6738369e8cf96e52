// A card given a new id keeps its parts shared with the card it was (moves.ts reissue: a
// shuffled library's 500 cards are not deep-copied any more, issue 36 point 4): the game it came
// from never changes when the renamed card is written later in the same draft or after it.

import { expect } from "chai";
import { Draft } from "../../common/table/draft.js";
import { reissue } from "../../common/table/moves.js";
import { setupTable } from "../../common/table/setup.js";
import type { TableGame } from "../../common/table/types.js";

const game = () => setupTable("00112233445566778899aabbccddeeff", { format: "free" }, 2);
const json = (g: TableGame) => JSON.stringify(g);

describe("table: renamed and dealt cards share their parts safely", () => {
  it("a card renamed then written (counters, keywords, labels, P/T, shown) leaves the game before the draft as it was", () => {
    // A library card with parts of its own, in a game of its own.
    const d0 = new Draft(game());
    const [a] = d0.ids("0.library");
    const w = d0.card(a);
    w.counters.charge = 2;
    w.keywords.push("flying");
    w.labels.push("mark");
    w.pt.eot.power = 1;
    w.shownTo = [0];
    const before = d0.g;
    const frozen = json(before);

    const d = new Draft(before);
    const [b] = reissue(d, [a]);
    expect(b).to.not.equal(a);
    const renamed = d.peek(b)!;
    expect({ ...renamed, id: a }).to.deep.equal(before.cards.get(a), "same card, new id");
    expect(d.peek(a)).to.equal(undefined);
    // Written in the same draft: copied first, the old game untouched.
    const x = d.card(b);
    x.counters.charge = 9;
    x.keywords.push("trample");
    x.labels.length = 0;
    x.pt.eot.power = 7;
    (x.shownTo as number[]).push(1);
    expect(json(before)).to.equal(frozen);
    expect(d.g.cards.get(b)!.counters.charge).to.equal(9);
    expect(d.touched().cards).to.include(b);

    // Renamed twice in one draft, then written in the next draft: still nothing reaches back.
    const d2 = new Draft(before);
    const [c1] = reissue(d2, [a]);
    const [c2] = reissue(d2, [c1]);
    const mid = d2.g;
    const midJson = json(mid);
    const d3 = new Draft(mid);
    d3.card(c2).counters.charge = 5;
    expect(json(before)).to.equal(frozen);
    expect(json(mid)).to.equal(midJson);
  });

  it("a dealt card's untouched parts are shared and frozen: a write through the draft copies the card, every other card stays empty", () => {
    const g = game();
    const [a, b] = [g.zones["0.library"][0], g.zones["1.library"][3]];
    expect(g.cards.get(a)!.counters).to.equal(g.cards.get(b)!.counters, "one shared set of empty parts");
    expect(Object.isFrozen(g.cards.get(a)!.keywords)).to.equal(true);
    const frozen = json(g);
    const d = new Draft(g);
    const w = d.card(a);
    w.counters.charge = 3;
    w.keywords.push("flying");
    w.labels.push("x");
    w.pt.fixed.toughness = 4;
    expect(json(g)).to.equal(frozen);
    for (const id of [b, ...d.g.zones["1.library"]]) {
      const c = d.g.cards.get(id)!;
      expect([Object.keys(c.counters).length, c.keywords.length, c.labels.length, c.pt.fixed.toughness]).to.deep.equal([0, 0, 0, 0]);
    }
    expect(d.g.cards.get(a)!.counters).to.deep.equal({ charge: 3 });
  });
});
