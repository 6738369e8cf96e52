// The ranking rule (common/minesweeper/plausible.ts): easy boards, times under the human
// records and solving speeds above the best humans' are not ranked; human games are.

import { expect } from "chai";
import { implausibleReason, RANK_RULES, rankedGame, unrankedReason, type RankFacts } from "../../common/minesweeper/index.js";

describe("minesweeper: which wins are plausible enough to rank", () => {
  it("ranks human games on every standard level", () => {
    expect(implausibleReason("beginner", { threeBV: 17, timeMs: 4_200 })).to.equal(null);
    expect(implausibleReason("intermediate", { threeBV: 60, timeMs: 12_000 })).to.equal(null);
    expect(implausibleReason("expert", { threeBV: 180, timeMs: 40_000 })).to.equal(null);
    expect(implausibleReason("nightmare", { threeBV: 250, timeMs: 90_000 })).to.equal(null);
  });

  it("refuses the issue's random clicker: #1 on Beginner in 181 ms", () => {
    expect(implausibleReason("beginner", { threeBV: 3, timeMs: 181 })).to.match(/under this level's floor/);
  });

  it("refuses boards under the 3BV limits, times under the floor and speeds over the ceiling", () => {
    for (const [level, rule] of Object.entries(RANK_RULES)) {
      const slow = Math.max(rule.minTimeMs, 600_000);
      expect(implausibleReason(level, { threeBV: rule.minThreeBV - 1, timeMs: slow }), level).to.match(/too easy/);
      expect(implausibleReason(level, { threeBV: rule.minThreeBV, timeMs: rule.minTimeMs - 1 }), level).to.match(/under this level's floor/);
      const threeBV = Math.max(rule.minThreeBV, Math.ceil((rule.maxThreeBVPerSecond * rule.minTimeMs) / 1000) + 50);
      const tooFast = Math.floor((threeBV * 1000) / (rule.maxThreeBVPerSecond + 0.5));
      expect(implausibleReason(level, { threeBV, timeMs: tooFast }), level).to.match(/3BV\/s is above this level's limit/);
      expect(implausibleReason(level, { threeBV, timeMs: Math.ceil((threeBV * 1000) / rule.maxThreeBVPerSecond) }), level).to.equal(null);
    }
  });

  it("custom boards never rank", () => {
    expect(implausibleReason("custom", { threeBV: 50, timeMs: 60_000 })).to.match(/standard levels/);
  });

  it("the whole policy: only won solo games on a standard level, a guess-free board when asked, within the address budget", () => {
    const human = { threeBV: 120, timeMs: 90_000 };
    let asked = 0;
    const game = (o: Partial<RankFacts>): RankFacts => ({ mode: "solo", level: "expert", phase: "won", guessFree: null, overBudget: false, stats: () => (asked++, human), ...o });
    expect(rankedGame(game({}))).to.equal(true);
    expect(unrankedReason(game({}))).to.equal(null);
    for (const o of [{ mode: "coop" }, { mode: "race" }, { level: "custom" }, { phase: "lost" }, { phase: "playing" }]) {
      expect(rankedGame(game(o)), JSON.stringify(o)).to.equal(false);
      expect(unrankedReason(game(o)), `${JSON.stringify(o)}: never could rank, so no reason is shown`).to.equal(null);
    }
    asked = 0;
    expect(unrankedReason(game({ guessFree: false }))).to.match(/no guess-free board could be made/);
    expect(unrankedReason(game({ overBudget: true }))).to.match(/too many ranked games/);
    expect(asked, "the stats are not computed when an earlier rule decides").to.equal(0);
    expect(unrankedReason(game({ stats: () => ({ threeBV: 120, timeMs: 2_000 }) }))).to.match(/under this level's floor/);
    expect(rankedGame(game({ guessFree: true }))).to.equal(true);
  });
});
