// Rated quick play's pairing (server/ratings/pairing.ts): near ratings meet at once, far ones
// only once both windows have widened, a pool of more seats fills up or starts smaller after
// a wait, the oldest waiter is served first, and nobody sits at two tables.

import { expect } from "chai";
import fc from "fast-check";
import { compatible, FILL_SECONDS, pairUp, WINDOW, windowFor } from "../../server/ratings/pairing.js";

const TWO = { min: 2, max: 2 };
const FOUR = { min: 2, max: 4 };
const at = (id: string, mu: number, since = 0) => ({ id, mu, since });

describe("rated quick play: who meets whom", () => {
  it("the window starts narrow and widens with the wait, to anyone after a minute", () => {
    expect(windowFor(0)).to.equal(WINDOW.start);
    expect(windowFor(8000)).to.equal(WINDOW.start + 8 * WINDOW.perSecond);
    expect(windowFor(WINDOW.anyoneAfterSeconds * 1000)).to.equal(Infinity);
  });

  it("pairs near ratings at once; far ones wait until both windows reach each other", () => {
    expect(pairUp([at("a", 1500), at("b", 1560)], 0, TWO)).to.deep.equal([["a", "b"]]);
    const far = [at("a", 1500, 0), at("b", 1800, 0)];
    expect(pairUp(far, 0, TWO)).to.deep.equal([]);
    // 300 apart: 100 + 25 s → 8 s of waiting for both
    expect(pairUp(far, 7000, TWO)).to.deep.equal([]);
    expect(pairUp(far, 8000, TWO)).to.deep.equal([["a", "b"]]);
    // one who just arrived does not accept a far player, however long the other waited
    expect(compatible(at("a", 1500, 0), at("b", 1800, 30_000), 30_000)).to.equal(false);
  });

  it("prefers the nearest rating and serves the oldest waiter first", () => {
    const tables = pairUp([at("young", 1510, 5000), at("old", 1500, 0), at("near", 1505, 4000)], 5000, TWO);
    expect(tables).to.deep.equal([["old", "near"]]);
  });

  it("a larger pool fills its table, or starts with fewer once the oldest has waited", () => {
    const three = [at("a", 1500, 0), at("b", 1520, 0), at("c", 1490, 0)];
    expect(pairUp(three, 1000, FOUR)).to.deep.equal([]);
    expect(pairUp(three, FILL_SECONDS * 1000, FOUR)[0]).to.have.members(["a", "b", "c"]);
    const five = [...three, at("d", 1510, 0), at("e", 1505, 0)];
    expect(pairUp(five, 1000, FOUR)[0]).to.have.length(4);
  });

  it("property: every table is within size, mutually compatible, and nobody sits twice", () => {
    const player = fc.record({ mu: fc.integer({ min: 800, max: 2400 }), since: fc.integer({ min: 0, max: 90_000 }) });
    fc.assert(
      fc.property(fc.array(player, { maxLength: 30 }), fc.integer({ min: 0, max: 120_000 }), fc.constantFrom(TWO, FOUR), (players, extra, seats) => {
        const now = 90_000 + extra;
        const waiting = players.map((p, i) => ({ id: `p${i}`, ...p }));
        const byId = new Map(waiting.map((w) => [w.id, w]));
        const tables = pairUp(waiting, now, seats);
        const seen = new Set<string>();
        for (const t of tables) {
          expect(t.length).to.be.within(seats.min, seats.max);
          for (const id of t) {
            expect(seen.has(id)).to.equal(false);
            seen.add(id);
          }
          for (const a of t) for (const b of t) if (a !== b) expect(compatible(byId.get(a)!, byId.get(b)!, now)).to.equal(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});
