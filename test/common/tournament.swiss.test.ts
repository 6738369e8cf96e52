// The Swiss core (common/tournament/swiss.ts): 64 players over 7 rounds with 10 % dropouts,
// results drawn by rating from a seed, run to the end on many seeds; the pairing rules asserted
// after every round, and the standings checked against a computation written here from the
// games alone (not through swissRecords).

import { expect } from "chai";
import { createRng } from "../../common/core/rng.js";
import { newSwiss, pairNextRound, swissFinished, swissJoin, swissResult, swissStandings, swissWithdraw, type SwissState } from "../../common/tournament/index.js";

const SEEDS = Number(process.env.SEEDS ?? 12);

/** Runs a 64-player, 7-round Swiss with `dropouts` players leaving at random rounds. */
function runSwiss(seed: number, players = 64, rounds = 7, dropouts = Math.round(players / 10)): SwissState {
  const rng = createRng(seed, 7);
  const s = newSwiss(rounds, seed);
  const ratings = new Map<string, number>();
  for (let i = 0; i < players; i++) {
    const id = `p${String(i).padStart(2, "0")}`;
    const rating = 1000 + rng.int(1000);
    ratings.set(id, rating);
    expect(swissJoin(s, id, rating)).to.equal(null);
  }
  const leaving = rng.shuffle([...ratings.keys()]).slice(0, dropouts);
  const leaveAt = new Map(leaving.map((id) => [id, 1 + rng.int(rounds - 1)]));
  for (let r = 1; r <= rounds; r++) {
    const pairing = pairNextRound(s);
    if (typeof pairing === "string") throw new Error(pairing);
    expect(pairing.round).to.equal(r);
    checkRound(s, r);
    for (const g of pairing.games) {
      if (g.second === null) continue;
      // A player leaving this round still has the game scored (as its room would: a loss).
      const leaver = leaveAt.get(g.first) === r ? g.first : leaveAt.get(g.second) === r ? g.second : null;
      const p = 1 / (1 + 10 ** ((ratings.get(g.second)! - ratings.get(g.first)!) / 400));
      const x = rng.float();
      const outcome = leaver === g.first ? "second" : leaver === g.second ? "first" : x < p * 0.9 ? "first" : x < p * 0.9 + 0.1 ? "draw" : "second";
      expect(swissResult(s, r, g.first, outcome)).to.equal(null);
    }
    for (const [id, at] of leaveAt) if (at === r) expect(swissWithdraw(s, id)).to.equal(null);
  }
  expect(swissFinished(s)).to.equal(true);
  expect(pairNextRound(s)).to.equal("finished");
  return s;
}

/** The rules of every round so far. */
function checkRound(s: SwissState, round: number): void {
  const games = s.games.filter((g) => g.round === round);
  const active = s.players.filter((p) => !p.withdrawn).map((p) => p.id);
  const seated = games.flatMap((g) => (g.second === null ? [g.first] : [g.first, g.second]));
  expect([...seated].sort(), `round ${round}: every active player once, no withdrawn one`).to.deep.equal([...active].sort());
  expect(games.filter((g) => g.second === null).length, `round ${round}: a bye only for an odd count`).to.equal(active.length % 2);

  const met = new Set<string>();
  const byes = new Map<string, number>();
  const balance = new Map<string, number>();
  const sides = new Map<string, boolean[]>();
  for (const g of s.games) {
    if (g.second === null) {
      byes.set(g.first, (byes.get(g.first) ?? 0) + 1);
      continue;
    }
    const key = [g.first, g.second].sort().join("-");
    expect(met.has(key), `no rematch: ${key}`).to.equal(false);
    met.add(key);
    balance.set(g.first, (balance.get(g.first) ?? 0) + 1);
    balance.set(g.second, (balance.get(g.second) ?? 0) - 1);
    sides.set(g.first, [...(sides.get(g.first) ?? []), true]);
    sides.set(g.second, [...(sides.get(g.second) ?? []), false]);
  }
  for (const [id, n] of byes) expect(n, `${id}: one bye at most`).to.be.at.most(1);
  for (const [id, d] of balance) expect(Math.abs(d), `${id}: firsts − seconds`).to.be.at.most(2);
  for (const [id, xs] of sides) {
    for (let i = 2; i < xs.length; i++) expect(xs[i] === xs[i - 1] && xs[i] === xs[i - 2], `${id}: the same side three games running`).to.equal(false);
  }
}

/** Standings from the games alone: points, Buchholz, Sonneborn-Berger, wins, rating, id. */
function expectedStandings(s: SwissState): { id: string; score: number; buchholz: number; sb: number }[] {
  const score = new Map(s.players.map((p) => [p.id, 0]));
  const wins = new Map(s.players.map((p) => [p.id, 0]));
  const add = (m: Map<string, number>, id: string, x: number) => m.set(id, m.get(id)! + x);
  for (const g of s.games) {
    if (g.second === null) add(score, g.first, 1);
    else if (g.outcome === "first") (add(score, g.first, 1), add(wins, g.first, 1));
    else if (g.outcome === "second") (add(score, g.second, 1), add(wins, g.second, 1));
    else (add(score, g.first, 0.5), add(score, g.second, 0.5));
  }
  const rows = s.players.map((p) => {
    let buchholz = 0;
    let sb = 0;
    for (const g of s.games) {
      if (g.second === null || (g.first !== p.id && g.second !== p.id)) continue;
      const opp = g.first === p.id ? g.second : g.first;
      const won = g.outcome === (g.first === p.id ? "first" : "second");
      buchholz += score.get(opp)!;
      sb += won ? score.get(opp)! : g.outcome === "draw" ? score.get(opp)! / 2 : 0;
    }
    return { id: p.id, rating: p.rating, score: score.get(p.id)!, buchholz, sb, wins: wins.get(p.id)! };
  });
  rows.sort((a, b) => b.score - a.score || b.buchholz - a.buchholz || b.sb - a.sb || b.wins - a.wins || b.rating - a.rating || a.id.localeCompare(b.id));
  return rows.map(({ id, score, buchholz, sb }) => ({ id, score, buchholz, sb }));
}

describe("Swiss (common/tournament/swiss.ts)", () => {
  it(`64 players, 7 rounds, 10 % dropouts, on ${SEEDS} seeds: no rematch, one bye each at most, first moves balanced, standings as computed from the games`, () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const s = runSwiss(seed);
      const got = swissStandings(s).map((r) => ({ id: r.id, score: r.score, buchholz: r.buchholz, sb: r.sonnebornBerger }));
      expect(got, `seed ${seed}`).to.deep.equal(expectedStandings(s));
      expect(s.players.filter((p) => p.withdrawn).length).to.equal(6);
    }
  });

  it("round 1 is Dutch: the top half meets the bottom half in rating order (1–33, 2–34, …)", () => {
    const s = newSwiss(5, 3);
    for (let i = 0; i < 64; i++) swissJoin(s, `p${String(i).padStart(2, "0")}`, 2000 - i);
    const r = pairNextRound(s);
    if (typeof r === "string") throw new Error(r);
    const pairs = r.games.map((g) => [g.first, g.second].sort().join("-")).sort();
    const expected = Array.from({ length: 32 }, (_, i) => `p${String(i).padStart(2, "0")}-p${String(i + 32).padStart(2, "0")}`);
    expect(pairs).to.deep.equal(expected);
  });

  it("an odd field: the lowest-ranked without a bye gets it, scored as a win at once", () => {
    const s = newSwiss(3, 9);
    for (let i = 0; i < 5; i++) swissJoin(s, `p${i}`, 1500 - i * 10);
    const r1 = pairNextRound(s);
    if (typeof r1 === "string") throw new Error(r1);
    const bye1 = r1.games.find((g) => g.second === null)!;
    expect(bye1.first).to.equal("p4");
    expect(bye1.outcome).to.equal("first");
    for (const g of r1.games) if (g.second) swissResult(s, 1, g.first, "draw");
    const r2 = pairNextRound(s);
    if (typeof r2 === "string") throw new Error(r2);
    // p4 is top of the table now (1 point) but still nobody's second bye
    expect(r2.games.find((g) => g.second === null)!.first).to.not.equal("p4");
  });

  it("refuses a round while the last is being played, and a late entrant", () => {
    const s = newSwiss(2, 1);
    for (const id of ["a", "b", "c", "d"]) swissJoin(s, id, 1500);
    expect(pairNextRound(s)).to.not.be.a("string");
    expect(pairNextRound(s)).to.equal("round-unfinished");
    expect(swissJoin(s, "e", 1500)).to.equal("started");
  });

  it("the same seed and results pair the same (a restart rebuilds from the rows)", () => {
    const a = runSwiss(5, 20, 5, 2);
    const b = runSwiss(5, 20, 5, 2);
    expect(a.games).to.deep.equal(b.games);
    // the state is its rows: a copy through JSON (the store) pairs the next round the same
    const c = newSwiss(4, 8);
    for (let i = 0; i < 9; i++) swissJoin(c, `p${i}`, 1400 + i * 7);
    pairNextRound(c);
    for (const g of c.games) if (g.second) swissResult(c, 1, g.first, "first");
    const copy: SwissState = JSON.parse(JSON.stringify(c));
    expect(pairNextRound(copy)).to.deep.equal(pairNextRound(c));
  });
  it("a small field with as many rounds as opponents (10 players, 9 rounds) is paired every round: a rematch only when no round without one exists, fewest meetings first", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const rng = createRng(seed, 3);
      const s = newSwiss(9, seed);
      for (let i = 0; i < 10; i++) swissJoin(s, `p${i}`, 1000 + rng.int(1000));
      for (let r = 1; r <= 9; r++) {
        const pairing = pairNextRound(s);
        if (typeof pairing === "string") throw new Error(`seed ${seed}, round ${r}: ${pairing}`);
        for (const g of pairing.games) {
          const before = s.games.filter((x) => x.round < r && x.second !== null && [x.first, x.second].includes(g.first) && [x.first, x.second].includes(g.second!)).length;
          // Nobody meets anyone a third time while a second meeting is all it takes.
          expect(before, `seed ${seed}, round ${r}: ${g.first}–${g.second}`).to.be.below(2);
          if (g.second) swissResult(s, r, g.first, rng.float() < 0.5 ? "first" : "second");
        }
      }
      expect(swissFinished(s)).to.equal(true);
    }
  });
});
