// The pure part of daily challenges and seasons (common/daily.ts) and the server's seed
// derivation (server/daily/seed.ts): UTC days and months without a clock (leap years, month
// and year ends), the streak over day and month boundaries, places with ties, the points
// formula, the season table against a sum worked out here, and the seed's shape.

import { expect } from "chai";
import { dayAdd, dayOf, dayStart, monthOf, monthSpan, nextDayAt, placePoints, placesOf, seasonTable, seedInput, streakOf, type SeasonAward } from "../../common/daily.js";
import { daySeed } from "../../server/daily/seed.js";
import { dailyAwards } from "../../server/daily/season.js";

const DAY = 86_400_000;

describe("daily challenges: days, streaks, season points (pure)", () => {
  it("reads UTC days and months as the Date object does, over 400 years of boundaries", () => {
    // An independent reading (the test may use Date; common/ may not).
    const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
    for (let t = Date.UTC(1900, 0, 1); t < Date.UTC(2300, 0, 1); t += 7 * DAY + 3_600_001) {
      expect(dayOf(t)).to.equal(iso(t));
      expect(dayStart(dayOf(t))).to.equal(Math.floor(t / DAY) * DAY);
    }
    expect(dayOf(Date.UTC(2028, 1, 29, 23, 59, 59, 999))).to.equal("2028-02-29");
    expect(dayOf(Date.UTC(2028, 2, 1))).to.equal("2028-03-01");
    expect(dayAdd("2026-12-31", 1)).to.equal("2027-01-01");
    expect(dayAdd("2026-03-01", -1)).to.equal("2026-02-28");
    expect(dayAdd("2024-03-01", -1)).to.equal("2024-02-29");
    expect(monthOf(Date.UTC(2026, 11, 31, 23, 59))).to.equal("2026-12");
    expect(monthSpan("2026-12")).to.deep.equal({ from: Date.UTC(2026, 11, 1), to: Date.UTC(2027, 0, 1) });
    expect(monthSpan("2024-02")).to.deep.equal({ from: Date.UTC(2024, 1, 1), to: Date.UTC(2024, 2, 1) });
    expect(nextDayAt(Date.UTC(2026, 11, 7, 15))).to.equal(Date.UTC(2026, 11, 8));
    for (const bad of ["2026-02-30", "2026-13-01", "2026-1-01", "20261201", "2025-02-29"]) expect(dayStart(bad), bad).to.be.NaN;
  });

  it("counts a streak of consecutive days ending today or yesterday, across month and year ends", () => {
    const days = ["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"];
    expect(streakOf(days, "2027-01-02")).to.equal(4);
    expect(streakOf(days, "2027-01-03"), "today not played yet").to.equal(4);
    expect(streakOf(days, "2027-01-04"), "a day missed").to.equal(0);
    expect(streakOf(["2026-02-27", "2026-02-28", "2026-03-01"], "2026-03-01")).to.equal(3);
    expect(streakOf(["2026-11-29", "2026-12-01"], "2026-12-01"), "a gap on the 30th").to.equal(1);
    expect(streakOf([], "2026-12-01")).to.equal(0);
    // Order and repeats do not matter (two games a day is one day).
    expect(streakOf(["2027-01-01", "2026-12-31", "2027-01-01"], "2027-01-01")).to.equal(2);
  });

  it("shares places between equal scores and gives points by place and field", () => {
    expect(placesOf([9, 7, 7, 5, 5, 5, 1], (x) => x)).to.deep.equal([1, 2, 2, 4, 4, 4, 7]);
    expect([1, 2, 3].map((p) => placePoints(p, 3, 20))).to.deep.equal([20, 14, 7]);
    expect(placePoints(1, 1, 10)).to.equal(10);
    expect(placePoints(64, 64, 20), "the last still gets a point").to.equal(1);
    expect(placePoints(0, 3, 20)).to.equal(0);
    expect(placePoints(4, 3, 20)).to.equal(0);
    // Every field: the first gets the top, points never rise with the place.
    for (let n = 1; n <= 50; n++) {
      expect(placePoints(1, n, 10)).to.equal(10);
      for (let p = 2; p <= n; p++) expect(placePoints(p, n, 10)).to.be.at.most(placePoints(p - 1, n, 10)).and.at.least(1);
    }
  });

  it("a day's awards: by place among finished games, ties sharing, games left before the end earning nothing", () => {
    const awards = dailyAwards("2026-12-07", "minesweeper", [
      { profileId: "a", score: 900 },
      { profileId: "b", score: 900 },
      { profileId: "c", score: 12 },
      { profileId: "d", score: -1 },
    ]);
    expect(awards).to.deep.equal([
      { key: "d:2026-12-07/minesweeper", profileId: "a", points: 10 },
      { key: "d:2026-12-07/minesweeper", profileId: "b", points: 10 },
      { key: "d:2026-12-07/minesweeper", profileId: "c", points: 4 },
    ]);
  });

  it("the season table sums each profile's awards once per source, against a sum kept here", () => {
    const awards: SeasonAward[] = [];
    const sums = new Map<string, number>();
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let source = 0; source < 40; source++) {
      for (let k = 0; k < 6; k++) {
        const profileId = `p${rand(12)}`;
        const points = rand(21);
        const key = `${source % 2 ? "t" : "d"}:${source}`;
        // A source counted twice (two processes reading the same rows) must not count again.
        if (!awards.some((a) => a.key === key && a.profileId === profileId) && points > 0) sums.set(profileId, (sums.get(profileId) ?? 0) + points);
        awards.push({ key, profileId, points });
        if (rand(3) === 0) awards.push({ key, profileId, points });
      }
    }
    const table = seasonTable(awards);
    expect(new Map(table.map((r) => [r.profileId, r.points]))).to.deep.equal(sums);
    for (let i = 1; i < table.length; i++) {
      expect(table[i].points).to.be.at.most(table[i - 1].points);
      expect(table[i].place).to.equal(table[i].points === table[i - 1].points ? table[i - 1].place : i + 1);
    }
  });

  it("derives 128-bit seeds from the secret, the game and the day: the same for everyone, different for each", () => {
    const secret = "s".repeat(64);
    const a = daySeed(secret, "minesweeper", "2026-12-07");
    expect(a).to.match(/^[0-9a-f]{32}$/);
    expect(daySeed(secret, "minesweeper", "2026-12-07")).to.equal(a);
    expect(daySeed(secret, "minesweeper", "2026-12-08")).to.not.equal(a);
    expect(daySeed(secret, "cubestacc", "2026-12-07")).to.not.equal(a);
    expect(daySeed("t".repeat(64), "minesweeper", "2026-12-07"), "another hub's secret").to.not.equal(a);
    expect(seedInput("pets", "2026-12-07")).to.equal("daily/pets/2026-12-07");
  });
});
