// Rated pairing with safety (pure: server/ratings/pairing.ts): a block either way keeps two
// players apart at any wait, and a profile with upheld reports meets only its peers.

import { expect } from "chai";
import { mayMeet, pairUp, type Waiting } from "../../server/ratings/pairing.js";

const SEATS = { min: 2, max: 2 };

function w(id: string, over: Partial<Waiting> = {}): Waiting {
  return { id, mu: 25, since: 0, ...over };
}

describe("rated pairing honours blocks and upheld reports", () => {
  it("never pairs a blocked pair, however long they wait, and pairs each with someone else", () => {
    const a = w("a", { avoid: new Set(["b"]) });
    const b = w("b", { since: 1 });
    expect(mayMeet(a, b)).to.equal(false);
    expect(mayMeet(b, a), "either way").to.equal(false);
    expect(pairUp([a, b], 10 * 60_000, SEATS)).to.deep.equal([]);
    const tables = pairUp([a, b, w("c", { since: 2 }), w("d", { since: 3 })], 10 * 60_000, SEATS);
    for (const t of tables) expect(t.includes("a") && t.includes("b"), `table ${t}`).to.equal(false);
    expect(tables.flat().sort()).to.deep.equal(["a", "b", "c", "d"]);
  });

  it("seats a reported profile only with reported ones", () => {
    const r1 = w("r1", { tier: "reported" });
    const clean = w("c1", { since: 1 });
    expect(pairUp([r1, clean], 10 * 60_000, SEATS)).to.deep.equal([]);
    const r2 = w("r2", { tier: "reported", since: 2 });
    const c2 = w("c2", { since: 3 });
    const tables = pairUp([r1, clean, r2, c2], 10 * 60_000, SEATS).map((t) => t.slice().sort());
    expect(tables).to.deep.equal([["r1", "r2"], ["c1", "c2"]]);
  });

  it("keeps a blocked pair apart in a larger table too", () => {
    const seats = { min: 2, max: 4 };
    const players = [w("a", { avoid: new Set(["b"]) }), w("b", { since: 1 }), w("c", { since: 2 }), w("d", { since: 3 })];
    for (const t of pairUp(players, 10 * 60_000, seats)) expect(t.includes("a") && t.includes("b"), `table ${t}`).to.equal(false);
  });
});
