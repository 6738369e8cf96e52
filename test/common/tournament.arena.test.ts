// The arena core (common/tournament/arena.ts): 40 simulated players over a 30-minute window on
// a simulated clock (joining late, leaving, coming back, games of random length, results by
// rating), paired again after every game's end, with property checks at every pairing, and
// the points and standings checked at the end against a computation written here from the
// games alone (not through arenaRecords).

import { expect } from "chai";
import { createRng, type Rng } from "../../common/core/rng.js";
import { arenaBerserk, arenaJoin, arenaPair, arenaPoints, arenaResult, arenaStandings, arenaWithdraw, newArena, type ArenaResult, type ArenaState } from "../../common/tournament/index.js";

const SEEDS = Number(process.env.SEEDS ?? 8);
const MIN = 60_000;

/** Points, wins and games per player from the ended games in the order they ended (the streak rule written again). */
function scoresFrom(s: ArenaState): Map<string, { score: number; wins: number; games: number }> {
  const out = new Map(s.entries.map((e) => [e.id, { score: 0, wins: 0, games: 0, row: 0 }]));
  for (const g of s.games.filter((x) => x.results).sort((a, b) => a.endedNo! - b.endedNo!)) {
    for (const p of g.players) {
      const r = out.get(p)!;
      const res = g.results![p];
      const base = res === "win" ? 2 : res === "draw" ? 1 : 0;
      r.score += r.row >= 2 ? base * 2 : base;
      r.games++;
      if (res === "win") (r.wins++, r.row++);
      else r.row = 0;
    }
  }
  return out;
}

/** The free players before a pairing, ranked by score, rating, id (computed here). */
function freeRanked(s: ArenaState): string[] {
  const scores = scoresFrom(s);
  const busy = new Set(s.games.filter((g) => !g.results).flatMap((g) => g.players));
  const rating = new Map(s.entries.map((e) => [e.id, e.rating]));
  return s.entries
    .filter((e) => !e.withdrawn && !busy.has(e.id))
    .map((e) => e.id)
    .sort((a, b) => scores.get(b)!.score - scores.get(a)!.score || rating.get(b)! - rating.get(a)! || (a < b ? -1 : 1));
}

/** Each player's last game's other players (by pairing order). */
function lastMet(s: ArenaState): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const g of [...s.games].sort((a, b) => a.no - b.no)) for (const p of g.players) out.set(p, g.players.filter((x) => x !== p));
  return out;
}

/** Can `ids` be paired into ⌊n/2⌋ pairs with no two who just met? (Brute force, small n.) */
function avoidable(ids: string[], justMet: (a: string, b: string) => boolean): boolean {
  const want = Math.floor(ids.length / 2);
  const go = (rest: string[], need: number): boolean => {
    if (need === 0) return true;
    if (rest.length < need * 2) return false;
    const [u, ...others] = rest;
    // u sits out (only possible when someone may be left)
    if (others.length >= need * 2 && go(others, need)) return true;
    return others.some((v) => !justMet(u, v) && go(others.filter((x) => x !== v), need - 1));
  };
  return go(ids, want);
}

interface Sim {
  s: ArenaState;
  pairings: number;
  checkedAvoidance: number;
}

/** One arena of `n` players on a simulated clock. */
function simulate(seed: number, n = 40, tableSize = 2): Sim {
  const rng: Rng = createRng(seed, 11);
  const start = 1_000 * MIN;
  const s = newArena({ startsAt: start, endsAt: start + 30 * MIN, tableSize, seed });
  const ratings = new Map<string, number>();
  const events: { at: number; run: () => void }[] = [];
  const at = (t: number, run: () => void) => events.push({ at: t, run });
  const sim: Sim = { s, pairings: 0, checkedAvoidance: 0 };
  let now = start;

  const pair = () => {
    const free = freeRanked(s);
    const met = lastMet(s);
    const justMet = (a: string, b: string) => (met.get(a) ?? []).includes(b) || (met.get(b) ?? []).includes(a);
    const open = now >= s.config.startsAt && now < s.config.endsAt;
    const games = arenaPair(s, now);
    if (!open) return expect(games, "no pairing outside the window").to.deep.equal([]);
    if (games.length) sim.pairings++;
    const seated = games.flatMap((g) => g.players);
    expect(new Set(seated).size, "nobody twice in one pairing").to.equal(seated.length);
    for (const p of seated) expect(free, `${p} was free to be paired`).to.include(p);
    expect(games.length, "every full table filled").to.equal(Math.floor(free.length / tableSize));
    for (const g of games) expect(g.players.length).to.equal(tableSize);
    if (tableSize === 2) {
      const conflicts = games.filter((g) => justMet(g.players[0], g.players[1])).length;
      if (free.length <= 12) {
        sim.checkedAvoidance++;
        if (avoidable(free, justMet)) expect(conflicts, `last opponents paired though ${free.join(",")} could avoid it`).to.equal(0);
      }
      // By score then rating: when the neighbours in the ranking never just met, they are paired, and the lowest waits.
      const adjacent = Array.from({ length: Math.floor(free.length / 2) }, (_, i) => [free[2 * i], free[2 * i + 1]]);
      if (adjacent.every(([a, b]) => !justMet(a, b))) {
        expect(games.map((g) => [...g.players].sort()), "neighbours in the ranking meet").to.deep.equal(adjacent.map((p) => [...p].sort()));
      }
    }
    for (const g of games) {
      const length = (1 + rng.int(6)) * MIN + rng.int(MIN);
      at(now + length, () => {
        const results = outcome(g.players);
        expect(arenaResult(s, g.no, results)).to.equal(null);
        pair();
      });
    }
  };

  /** A result by rating (a withdrawn player's game is a loss for them, as the room scores leaving). */
  const outcome = (players: string[]): Record<string, ArenaResult> => {
    const gone = players.filter((p) => s.entries.find((e) => e.id === p)!.withdrawn);
    const res: Record<string, ArenaResult> = {};
    if (gone.length > 0 && gone.length < players.length) {
      for (const p of players) res[p] = gone.includes(p) ? "loss" : "draw";
      if (players.length === 2) res[players.find((p) => !gone.includes(p))!] = "win";
      return res;
    }
    if (rng.float() < 0.1) {
      for (const p of players) res[p] = "draw";
      return res;
    }
    // The winner drawn by strength (10^(rating/400)); everyone else loses.
    const w = players.map((p) => 10 ** (ratings.get(p)! / 400));
    let x = rng.float() * w.reduce((a, b) => a + b, 0);
    let winner = players[players.length - 1];
    for (let i = 0; i < players.length; i++) if ((x -= w[i]) < 0) ((winner = players[i]), (i = players.length));
    for (const p of players) res[p] = p === winner ? "win" : "loss";
    return res;
  };

  for (let i = 0; i < n; i++) {
    const id = `p${String(i).padStart(2, "0")}`;
    ratings.set(id, 1100 + rng.int(900));
    const joinAt = start + (i < n / 2 ? 0 : rng.int(15 * MIN));
    at(joinAt, () => {
      expect(arenaJoin(s, id, ratings.get(id)!, now)).to.equal(null);
      pair();
    });
    if (i % 10 === 3) at(joinAt + rng.int(20 * MIN), () => expect(arenaWithdraw(s, id)).to.equal(null));
    if (i % 20 === 3) at(start + 25 * MIN, () => (arenaJoin(s, id, ratings.get(id)!, now), pair()));
  }
  at(start + 31 * MIN, () => pair());
  while (events.length) {
    events.sort((a, b) => a.at - b.at);
    const e = events.shift()!;
    now = e.at;
    e.run();
  }
  return sim;
}

describe("Arena (common/tournament/arena.ts)", () => {
  it(`40 players over a 30-minute window, ${SEEDS} seeds: pairing rules at every pairing, points and standings as computed from the games`, () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const { s, pairings, checkedAvoidance } = simulate(seed);
      expect(pairings, "the arena paired many times").to.be.greaterThan(40);
      expect(checkedAvoidance).to.be.greaterThan(10);
      expect(s.games.every((g) => g.results), "every game ended").to.equal(true);
      expect(s.games.every((g) => g.pairedAt < s.config.endsAt)).to.equal(true);
      const mine = scoresFrom(s);
      const standings = arenaStandings(s);
      for (const r of standings) expect({ score: r.score, wins: r.wins, games: r.games }, r.id).to.deep.equal({ score: mine.get(r.id)!.score, wins: mine.get(r.id)!.wins, games: mine.get(r.id)!.games });
      const rating = new Map(s.entries.map((e) => [e.id, e.rating]));
      const expected = [...mine.entries()]
        .sort(([a, x], [b, y]) => y.score - x.score || y.wins - x.wins || x.games - y.games || rating.get(b)! - rating.get(a)! || (a < b ? -1 : 1))
        .map(([id]) => id);
      expect(standings.map((r) => r.id), `seed ${seed}: the tie order`).to.deep.equal(expected);
      expect(standings.some((r) => r.withdrawn)).to.equal(true);
    }
  });

  it("tables of four: filled from the top, nobody paired twice or while withdrawn", () => {
    for (let seed = 1; seed <= 3; seed++) {
      const { s, pairings } = simulate(seed, 40, 4);
      expect(pairings).to.be.greaterThan(10);
      expect(s.games.every((g) => g.players.length === 4 && g.results)).to.equal(true);
    }
  });

  it("the streak: two wins in a row double the next games' points until a game is not won", () => {
    const s = newArena({ startsAt: 0, endsAt: 100, tableSize: 2, seed: 1 });
    arenaJoin(s, "a", 1500, 0);
    arenaJoin(s, "b", 1500, 0);
    const seq: ArenaResult[] = ["win", "win", "win", "draw", "win", "loss", "win", "win", "draw"];
    for (const r of seq) {
      const [g] = arenaPair(s, 1);
      const other: ArenaResult = r === "win" ? "loss" : r === "loss" ? "win" : "draw";
      arenaResult(s, g.no, { a: r, b: other });
    }
    // 2, 2, then on the streak 4, draw 2 (streak ends), 2, 0, 2, 2, then draw doubled 2
    expect(arenaStandings(s).find((x) => x.id === "a")!.score).to.equal(2 + 2 + 4 + 2 + 2 + 0 + 2 + 2 + 2);
    expect(arenaPoints("win", true)).to.equal(4);
  });

  it("berserk: a berserk win earns one point more, after a streak's doubling; a berserk draw or loss earns what it would", () => {
    const s = newArena({ startsAt: 0, endsAt: 100, tableSize: 2, seed: 1 });
    arenaJoin(s, "a", 1500, 0);
    arenaJoin(s, "b", 1500, 0);
    // a: berserk win 2+1, win 2 (streak from here), berserk win 4+1, berserk draw 2, berserk loss 0; b goes berserk in the draw too
    const seq: [ArenaResult, string[]][] = [["win", ["a"]], ["win", []], ["win", ["a", "b"]], ["draw", ["a", "b"]], ["loss", ["a"]]];
    let b = 0;
    for (const [r, berserk] of seq) {
      const [g] = arenaPair(s, 1);
      for (const id of berserk) expect(arenaBerserk(s, g.no, id)).to.equal(null);
      if (berserk.length > 0) expect([arenaBerserk(s, g.no, berserk[0]), g.berserk], "twice is once").to.deep.equal([null, berserk]);
      const other: ArenaResult = r === "win" ? "loss" : r === "loss" ? "win" : "draw";
      arenaResult(s, g.no, { a: r, b: other });
      b += arenaPoints(other, false, berserk.includes("b"));
    }
    expect(arenaStandings(s).find((x) => x.id === "a")!.score).to.equal(3 + 2 + 5 + 2 + 0);
    expect(arenaStandings(s).find((x) => x.id === "b")!.score, "b: a draw 1, then a win 2 (no streak, not berserk)").to.equal(b).and.to.equal(1 + 2);
    expect([arenaPoints("win", false, true), arenaPoints("win", true, true), arenaPoints("draw", true, true), arenaPoints("loss", false, true)]).to.deep.equal([3, 5, 2, 0]);
    const [g] = arenaPair(s, 1);
    expect(arenaBerserk(s, g.no, "c")).to.equal("not-playing");
    expect(arenaBerserk(s, 999, "a")).to.equal("no-game");
    arenaResult(s, g.no, { a: "win", b: "loss" });
    expect(arenaBerserk(s, g.no, "a")).to.equal("already-scored");
  });

  it("refuses joining after the window, a second result, and a result that leaves a seat out", () => {
    const s = newArena({ startsAt: 0, endsAt: 100, tableSize: 2, seed: 1 });
    arenaJoin(s, "a", 1500, 0);
    arenaJoin(s, "b", 1500, 0);
    const [g] = arenaPair(s, 5);
    expect(arenaResult(s, g.no, { a: "win" })).to.equal("bad-result");
    expect(arenaResult(s, g.no, { a: "win", b: "loss" })).to.equal(null);
    expect(arenaResult(s, g.no, { a: "win", b: "loss" })).to.equal("already-scored");
    expect(arenaJoin(s, "c", 1500, 100)).to.equal("closed");
    expect(arenaPair(s, 100)).to.deep.equal([]);
  });
});
