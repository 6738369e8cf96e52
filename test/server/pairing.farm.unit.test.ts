// Rated quick play against farming (server/ratings/pairing.ts, docs/ratings.md): two profiles
// one browser has held never meet; opponents from other addresses are preferred when there are
// any in the window, and players of one address still meet each other when there are not (a
// classroom).

import { expect } from "chai";
import fc from "fast-check";
import { compatible, pairUp, type Waiting } from "../../server/ratings/pairing.js";

const TWO = { min: 2, max: 2 };
const FOUR = { min: 2, max: 4 };
const at = (id: string, mu: number, since: number, address: string, avoid: string[] = []): Waiting => ({ id, mu, since, address, avoid: new Set(avoid) });

describe("rated quick play: farming", () => {
  it("two profiles of one browser never meet, however long they wait; either meets someone else", () => {
    const farm = [at("a", 1500, 0, "x", ["b"]), at("b", 1500, 0, "x")];
    expect(pairUp(farm, 0, TWO)).to.deep.equal([]);
    expect(pairUp(farm, 3_600_000, TWO)).to.deep.equal([]);
    // the avoidance is either side's: b's browser knows a
    expect(pairUp([at("a", 1500, 0, "x"), at("b", 1500, 0, "x", ["a"])], 3_600_000, TWO)).to.deep.equal([]);
    expect(pairUp([...farm, at("c", 1500, 10, "y")], 1000, TWO)).to.deep.equal([["a", "c"]]);
    // nor at a larger table
    const table = pairUp([...farm, at("c", 1500, 0, "y"), at("d", 1500, 0, "z")], 1000, FOUR);
    expect(table.every((t) => !(t.includes("a") && t.includes("b")))).to.equal(true);
  });

  it("prefers an opponent from another address when there is one in the window", () => {
    const queue = [at("a1", 1500, 0, "school"), at("a2", 1500, 100, "school"), at("far", 1540, 200, "home")];
    expect(pairUp(queue, 1000, TWO)).to.deep.equal([["a1", "far"]]);
    // another address outside the window: the classmate it is
    expect(pairUp([at("a1", 1500, 0, "school"), at("a2", 1500, 100, "school"), at("out", 2100, 200, "home")], 1000, TWO)).to.deep.equal([["a1", "a2"]]);
  });

  it("a classroom of ten behind one address all get games with each other", () => {
    const room = Array.from({ length: 10 }, (_, i) => at(`p${i}`, 1500 + i * 7, i * 10, "school"));
    const tables = pairUp(room, 1000, TWO);
    expect(tables).to.have.length(5);
    expect(tables.flat().sort()).to.deep.equal(room.map((p) => p.id).sort());
  });

  it("property: no table holds two profiles that avoid each other, nobody sits twice, and every table is within everyone's window", () => {
    const waiting = fc.uniqueArray(
      fc.record({ id: fc.integer({ min: 0, max: 30 }).map(String), mu: fc.integer({ min: 1200, max: 1800 }), since: fc.integer({ min: 0, max: 90_000 }), address: fc.constantFrom("x", "y", "z"), avoid: fc.array(fc.integer({ min: 0, max: 30 }).map(String), { maxLength: 3 }) }),
      { selector: (w) => w.id, maxLength: 20 },
    );
    fc.assert(
      fc.property(waiting, fc.integer({ min: 0, max: 120_000 }), fc.boolean(), (ws, now, four) => {
        const q: Waiting[] = ws.map((w) => ({ ...w, avoid: new Set(w.avoid) }));
        const byId = new Map(q.map((w) => [w.id, w]));
        const tables = pairUp(q, now, four ? FOUR : TWO);
        const seated = tables.flat();
        expect(new Set(seated).size).to.equal(seated.length);
        for (const t of tables) {
          for (const a of t) {
            for (const b of t) {
              if (a === b) continue;
              expect(byId.get(a)!.avoid!.has(b), `${a} avoids ${b}`).to.equal(false);
              expect(compatible(byId.get(a)!, byId.get(b)!, now)).to.equal(true);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
