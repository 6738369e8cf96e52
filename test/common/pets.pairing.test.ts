// Auto Pets pairing for 2–8 seats (common/pets/pairing.ts): a property test over every seat
// count and every seat permutation that the six rounds stay fair, then whole games through
// the rules with 2–8 seats whose battle records keep to it. LONG=1 plays more.

import { expect } from "chai";
import fc from "fast-check";
import { createRng } from "../../common/core/rng.js";
import { GameSession } from "../../common/core/session.js";
import { fairRound, fairSchedule, opponentIn, petsDef, ROUNDS, type BattleRecord, type PetsState, type RoundPairing } from "../../common/pets/index.js";

const LONG = process.env.LONG === "1";
const COUNTS = [2, 3, 4, 5, 6, 7, 8];

/** Max − min of a list. */
const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);

/** Checks the fairness rules of six rounds for n seats (pairing.ts header); returns the tallies. */
function checkFair(n: number, rounds: RoundPairing[]): { odd: number[]; copied: number[]; met: number[] } {
  const odd = new Array(n).fill(0);
  const copied = new Array(n).fill(0);
  const met = new Array(n * n).fill(0);
  rounds.forEach((r, k) => {
    const seen = new Array(n).fill(0);
    for (const [a, b] of r.pairs) {
      expect(a, `round ${k + 1}: pairs lower seat first`).to.be.lessThan(b);
      seen[a]++;
      seen[b]++;
      met[a * n + b]++;
    }
    if (n % 2 === 1) {
      expect(r.odd, `round ${k + 1}: an odd count has an odd one out`).to.not.equal(null);
      expect(r.ghostOf).to.not.equal(null);
      expect(r.ghostOf, "a seat never fights its own ghost").to.not.equal(r.odd);
      seen[r.odd!]++;
      odd[r.odd!]++;
      copied[r.ghostOf!]++;
    } else {
      expect([r.odd, r.ghostOf], `round ${k + 1}: the ghost is only for odd counts`).to.deep.equal([null, null]);
    }
    expect(seen, `round ${k + 1}: every seat fights exactly once`).to.deep.equal(new Array(n).fill(1));
    if (k > 0 && n > 2) {
      for (let s = 0; s < n; s++) expect(opponentIn(r, s), `seat ${s} meets the same opponent in rounds ${k} and ${k + 1}`).to.not.equal(opponentIn(rounds[k - 1], s));
    }
  });
  const pairs: number[] = [];
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) pairs.push(met[a * n + b]);
  if (n === 3) {
    // The one count where rule 1 decides the rest: one seat fights for real every round,
    // the other two take turns as the odd one out, each against the other's ghost.
    expect(odd.slice().sort()).to.deep.equal([0, 3, 3]);
    expect(copied).to.deep.equal(odd);
  } else {
    expect(spread(odd), `who sits out spreads evenly: ${odd}`).to.be.at.most(1);
    expect(spread(pairs), `pairs meet evenly: ${pairs}`).to.be.at.most(1);
    if (n % 2 === 1) expect(spread(copied), `whose board is copied spreads evenly: ${copied}`).to.be.at.most(1);
  }
  return { odd, copied, met };
}

describe("pets pairing (pairing.ts): fair over six rounds for 2–8 seats", () => {
  it("the schedule of every seat count keeps every rule", () => {
    for (const n of COUNTS) checkFair(n, fairSchedule(n));
  });

  it("property: under every seat permutation the rounds keep every rule", () => {
    const perm = (n: number) => fc.shuffledSubarray(Array.from({ length: n }, (_, i) => i), { minLength: n, maxLength: n });
    fc.assert(
      fc.property(
        fc.constantFrom(...COUNTS).chain((n) => perm(n)),
        (p) => {
          const rounds = Array.from({ length: ROUNDS }, (_, k) => fairRound(p, k + 1));
          checkFair(p.length, rounds);
        },
      ),
      { numRuns: LONG ? 2000 : 300, seed: 8 },
    );
  });

  it("is the same schedule every time (pure, no randomness of its own)", () => {
    for (const n of COUNTS) expect(JSON.stringify(fairSchedule(n))).to.equal(JSON.stringify(fairSchedule(n, ROUNDS)));
  });

  it("two seats simply meet every round", () => {
    expect(fairSchedule(2).map((r) => r.pairs)).to.deep.equal(new Array(ROUNDS).fill([[0, 1]]));
  });
});

/** A game played to the end by random legal moves (no bots: fast), through the definition. */
function playOut(seats: number, seed: number): PetsState {
  const c = petsDef.configure({ mode: "online", seats, timer: 0, arrange: 0 });
  if (!c.ok) throw new Error(c.error.message);
  const session = new GameSession(petsDef, seed, c.value.config, c.value.seats);
  const rng = createRng(seed, 3);
  let now = 1000;
  for (let step = 0; petsDef.status(session.state) !== "finished"; step++) {
    if (step > 4000) throw new Error("no end");
    const who = petsDef.whoActs(session.state).seats;
    const seat = who[rng.int(who.length)];
    const legal = petsDef.legalMoves(session.state, seat);
    const r = session.apply(seat, legal[rng.int(legal.length)], (now += 100));
    if (!r.ok) throw new Error(r.error.message);
  }
  return session.state;
}

describe("pets games with 2–8 seats keep to the pairing", () => {
  for (const n of COUNTS) {
    it(`${n} seats: every round's battles are the announced pairing; nobody meets an opponent twice in a row${n === 2 ? " (but two seats)" : ""}`, function () {
      this.timeout(30_000);
      for (let game = 0; game < (LONG ? 6 : 1); game++) {
        const s = playOut(n, 100 + n * 17 + game);
        expect(s.perm).to.have.length(n);
        expect(s.battles).to.have.length(ROUNDS * (Math.floor(n / 2) + (n % 2)));
        const rounds: RoundPairing[] = [];
        for (let round = 1; round <= ROUNDS; round++) {
          const fights = s.battles.filter((b: BattleRecord) => b.round === round);
          const plan = fairRound(s.perm!, round);
          expect(fights.filter((b) => !b.ghost).map((b) => b.seats)).to.deep.equal(plan.pairs);
          const ghost = fights.find((b) => b.ghost);
          expect(ghost ? ghost.seats : null).to.deep.equal(plan.odd === null ? null : [plan.odd, plan.ghostOf]);
          rounds.push(plan);
        }
        checkFair(n, rounds);
        expect(s.trophies.reduce((a, b) => a + b, 0), "only real winners and ghost fighters score").to.be.at.most(ROUNDS * 2 * Math.ceil(n / 2));
      }
    });
  }

  it("the view announces this round's pairing, and the ghost's owner before the battle", () => {
    const c = petsDef.configure({ mode: "online", seats: 5, timer: 0, arrange: 0 });
    if (!c.ok) throw new Error(c.error.message);
    const s = petsDef.setup(9, c.value.config, 5);
    const view = petsDef.view(s, 2);
    expect(view.pairing).to.deep.equal(fairRound(s.perm!, 1));
    expect(view.pairing.ghostOf).to.be.a("number");
  });
});
