// Versus race: every seat on a private copy of one seeded board.
// Fairness (same mines, same opening), privacy (nobody sees another seat's
// cells while racing), elimination, the end (first clear / all out), ranking,
// replay, race stats. Fixed seeds throughout.

import { expect } from "chai";
import fc from "fast-check";
import { createRng } from "../../common/core/rng.js";
import { GameSession, replay } from "../../common/core/session.js";
import {
  boardBreakdown,
  CELL,
  chooseOpening,
  FLAGGED,
  HIDDEN,
  minesweeperRules,
  neighbours,
  raceEventsFor,
  raceProgress,
  raceRanking,
  raceRules,
  raceStats,
  resolveConfig,
  REVEALED,
  setupBoard,
  setupRace,
  threeBV,
  type MinesweeperState,
  type RaceConfig,
  type RaceEvent,
  type RaceMove,
  type RaceState,
  type RaceView,
} from "../../common/minesweeper/index.js";
import {
  BEGINNER,
  cellMove,
  clearBoard,
  hiddenMine,
  INTERMEDIATE,
  mustApply,
  nextSafeClick,
  refusedWith,
  startedRace,
  type RaceSession,
} from "./minesweeper.race.helpers.js";

const GO = { type: "go" } as const;
const RESIGN = { type: "resign" } as const;
const openCells = (b: MinesweeperState) => [...b.status.keys()].filter((i) => b.status[i] === REVEALED);
const MINE_CODES = new Set<number>([CELL.MINE, CELL.WRONG_FLAG, CELL.HIT_MINE, CELL.FLAGGED_MINE]);

/** The opening (zeros + border) that contains cell i, if i is a zero. */
function openingOf(s: RaceState, i: number) {
  const { rows, cols } = s.config;
  return boardBreakdown(s.boards[0].mines!, rows, cols).openings.find((o) => o.zeros.includes(i));
}

describe("minesweeper race: before the go signal", () => {
  it("a new race waits: status 'waiting', every board fresh without mines, and no play is accepted", () => {
    const session = new GameSession(raceRules, 5, BEGINNER, 3);
    expect(raceRules.id).to.equal("minesweeper-race");
    expect(raceRules.status(session.state)).to.equal("waiting");
    expect(session.state.boards).to.have.length(3);
    for (const b of session.state.boards) expect(b.mines).to.equal(null);
    refusedWith(session, 1, { type: "reveal", r: 4, c: 4 }, 1000, "not-started");
    refusedWith(session, 1, { type: "flag", r: 4, c: 4 }, 1000, "not-started");
    refusedWith(session, 1, RESIGN, 1000, "not-started");
  });

  it("go is accepted once, from any seat (the room uses 0), never from outside the seats; a second go is refused", () => {
    const session = new GameSession(raceRules, 5, BEGINNER, 3);
    refusedWith(session, 3, GO, 1000, "not-seated");
    refusedWith(session, -1, GO, 1000, "not-seated");
    const events = mustApply(session, 2, GO, 1000);
    expect(events[0]).to.deep.equal({ kind: "go", at: 1000 });
    expect(raceRules.status(session.state)).to.equal("playing");
    expect(session.state.goAt).to.equal(1000);
    refusedWith(session, 0, GO, 2000, "already-started");
  });

  it("setup refuses 0 or 9 seats and boards that cannot hold their mines", () => {
    expect(() => setupRace(1, BEGINNER, 0)).to.throw(RangeError);
    expect(() => setupRace(1, BEGINNER, 9)).to.throw(RangeError);
    expect(() => setupRace(1, { level: "custom", rows: 3, cols: 3, mines: 9 }, 2)).to.throw(RangeError);
    expect(setupRace(1, BEGINNER, 8).boards).to.have.length(8);
  });
});

describe("minesweeper race: a fair start", () => {
  it("after go every board holds the same mines and the same open cells: exactly the opening", () => {
    for (const seed of [1, 2, 3, 77, 2024]) {
      const s = startedRace(seed, INTERMEDIATE, 5).state;
      const [first, ...rest] = s.boards;
      expect(first.mines!.reduce((a, b) => a + b, 0)).to.equal(40);
      for (const b of rest) {
        expect(b.mines).to.deep.equal(first.mines);
        expect(b.status).to.deep.equal(first.status);
        expect(b.phase).to.equal("active");
      }
      const opening = openingOf(s, s.opening!)!;
      expect(first.adjacent[s.opening!], "the opening cell is a zero").to.equal(0);
      expect(openCells(first)).to.deep.equal([...opening.zeros, ...opening.border].sort((a, b) => a - b));
    }
  });

  it("the opening is the largest opening of the board", () => {
    for (let seed = 100; seed < 130; seed++) {
      const s = startedRace(seed, INTERMEDIATE, 2).state;
      const sizes = boardBreakdown(s.boards[0].mines!, 16, 16).openings.map((o) => o.zeros.length + o.border.length);
      const chosen = openingOf(s, s.opening!)!;
      expect(chosen.zeros.length + chosen.border.length, `seed ${seed}`).to.equal(Math.max(...sizes));
    }
  });

  it("the mines come from the seed alone: those of a solo game with that seed opened at the centre; other seeds, other boards", () => {
    const solo = minesweeperRules.apply(setupBoard(31, BEGINNER, 1), 0, { type: "reveal", r: 4, c: 4 }, { rng: createRng(31), now: 0 });
    if (!solo.ok) expect.fail(solo.error.message);
    const race = startedRace(31, BEGINNER, 2).state;
    expect(race.boards[1].mines).to.deep.equal(solo.state.mines);
    expect(startedRace(31, BEGINNER, 4).state.boards[3].mines).to.deep.equal(solo.state.mines);
    expect(startedRace(32, BEGINNER, 2).state.boards[0].mines).to.not.deep.equal(solo.state.mines);
  });

  it("chooseOpening: the biggest opening; ties to the one nearest the centre, then the lowest index; no zero: the spared cell", () => {
    const f = (row: string) => Uint8Array.from(row, (ch) => (ch === "*" ? 1 : 0));
    // 1×15, centre 7, mines 5, 9, 11: openings {0-3 | 4} (5 cells), {7 | 6, 8} (3), {13, 14 | 12} (3); 10 is isolated.
    // The biggest wins although another sits on the centre; its zero nearest the centre is 3.
    expect(chooseOpening(f(".....*...*.*..."), 1, 15, 7)).to.equal(3);
    // 1×11, centre 5, mines 3 and 7: three openings of 3 cells; the middle one, on the centre, wins.
    expect(chooseOpening(f("...*...*..."), 1, 11, 5)).to.equal(5);
    // 1×7, centre 3, mines 2 and 4: {0 | 1} and {6 | 5}, same size, same distance: the lower index.
    expect(chooseOpening(f("..*.*.."), 1, 7, 3)).to.equal(0);
    // No zero cell at all: the spared cell.
    expect(chooseOpening(f("*.*.*"), 1, 5, 3)).to.equal(3);
  });

  it("a board without any zero cell still starts: the centre cell, always safe, opens alone on every board", () => {
    const dense: RaceConfig = { level: "custom", rows: 4, cols: 4, mines: 12 };
    let withoutZero = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const s = startedRace(seed, dense, 3).state;
      const zeros = [...s.boards[0].adjacent.keys()].filter((i) => !s.boards[0].mines![i] && s.boards[0].adjacent[i] === 0);
      if (zeros.length) continue;
      withoutZero++;
      expect(s.opening).to.equal(2 * 4 + 2);
      for (const b of s.boards) expect(openCells(b)).to.deep.equal([10]);
      expect(s.phase).to.equal("racing");
    }
    expect(withoutZero, "seeds with no zero cell").to.be.at.least(3);
  });

  it("an opening that clears the whole board (3BV 1) ends the race at go: everyone finished at 0 ms, seat 0 ranked first", () => {
    const easy: RaceConfig = { level: "custom", rows: 5, cols: 5, mines: 1 };
    let instant = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const s = startedRace(seed, easy, 3, 5000).state;
      if (threeBV(s.boards[0].mines!, 5, 5) > 1) {
        expect(s.phase, `seed ${seed}`).to.equal("racing");
        continue;
      }
      instant++;
      expect(s.phase, `seed ${seed}`).to.equal("over");
      expect(s.winner).to.equal(0);
      expect(s.endedAt).to.equal(5000);
      expect(raceProgress(s).map((p) => [p.finished, p.finishMs, p.rank])).to.deep.equal([
        [true, 0, 1],
        [true, 0, 2],
        [true, 0, 3],
      ]);
    }
    expect(instant, "seeds whose opening clears the board").to.be.at.least(3);
  });
});

describe("minesweeper race: playing, elimination and the clock", () => {
  it("each seat plays its own board only; times run from go", () => {
    const session = startedRace(11, BEGINNER, 3, 10_000);
    for (const b of session.state.boards) expect(b.startedAt).to.equal(10_000);
    const before = session.state.boards.map((b) => b.status);
    const move = nextSafeClick(session.state.boards[1])!;
    const events = mustApply(session, 1, move, 12_000);
    expect(session.state.boards[1].status).to.not.deep.equal(before[1]);
    expect(session.state.boards[0].status).to.equal(before[0]);
    expect(session.state.boards[2].status).to.equal(before[2]);
    expect(events.map((e) => e.kind)).to.deep.equal(["board", "progress"]);
    expect(events[0]).to.deep.include({ kind: "board", seat: 1 });
  });

  it("a mine eliminates that seat: its board is frozen, the others race on", () => {
    const session = startedRace(12, BEGINNER, 3, 10_000);
    const events = mustApply(session, 2, hiddenMine(session.state.boards[2]), 14_500);
    expect(events.filter((e) => e.kind !== "board")).to.deep.equal([{ kind: "out", seat: 2, reason: "mine", elapsed: 4500 }]);
    expect(session.state.phase).to.equal("racing");
    const p = raceProgress(session.state)[2];
    expect(p).to.deep.include({ alive: false, finished: false, outMs: 4500, finishMs: null });
    expect(p).to.not.have.property("rank");
    refusedWith(session, 2, nextSafeClick(session.state.boards[2])!, 15_000, "eliminated");
    refusedWith(session, 2, RESIGN, 15_000, "eliminated");
    mustApply(session, 0, nextSafeClick(session.state.boards[0])!, 15_000);
  });

  it("malformed moves are refused with a code, never thrown, and change nothing", () => {
    const session = startedRace(12, BEGINNER, 2, 10_000);
    const cases: Array<[unknown, string]> = [
      [null, "out-of-range"],
      [{}, "out-of-range"],
      [{ type: "reveal", r: 9, c: 0 }, "out-of-range"],
      [{ type: "reveal", r: "1", c: 0 }, "out-of-range"],
      [{ type: "nuke", r: 0, c: 0 }, "unknown-move"],
    ];
    for (const [move, code] of cases) refusedWith(session, 0, move as RaceMove, 11_000, code);
    refusedWith(session, 2, nextSafeClick(session.state.boards[0])!, 11_000, "not-seated");
  });

  it("a server clock that stepped back never gives a negative race time", () => {
    const session = startedRace(12, BEGINNER, 2, 10_000);
    mustApply(session, 1, hiddenMine(session.state.boards[1]), 9_000);
    expect(raceProgress(session.state)[1].outMs).to.equal(0);
  });

  it("the first seat to clear wins and ends the race at once; nobody can move after", () => {
    const session = startedRace(13, BEGINNER, 3, 10_000);
    mustApply(session, 0, nextSafeClick(session.state.boards[0])!, 11_000);
    const t = clearBoard(session, 1, 11_000);
    const s = session.state;
    expect(s.phase).to.equal("over");
    expect(raceRules.status(s)).to.equal("finished");
    expect(s.winner).to.equal(1);
    expect(s.endedAt).to.equal(t);
    expect(raceProgress(s)[1]).to.deep.include({ finished: true, finishMs: t - 10_000, percent: 100, rank: 1 });
    expect(s.boards[0].phase).to.equal("active");
    refusedWith(session, 0, nextSafeClick(s.boards[0])!, t + 1, "race-over");
    refusedWith(session, 1, GO, t + 1, "race-over");
  });

  it("the winning move announces the finish, then the end with the ranking", () => {
    const session = startedRace(14, BEGINNER, 2, 10_000);
    let events: RaceEvent[] = [];
    let t = 10_000;
    for (let move = nextSafeClick(session.state.boards[0]); move; move = nextSafeClick(session.state.boards[0])) events = mustApply(session, 0, move, (t += 500));
    expect(events.filter((e) => e.kind !== "board")).to.deep.equal([
      { kind: "progress", seat: 0, percent: 100 },
      { kind: "finished", seat: 0, elapsed: t - 10_000 },
      { kind: "over", winner: 0, ranking: [0, 1], elapsed: t - 10_000 },
    ]);
  });

  it("the race ends when all are out, with no winner; not before the last one goes", () => {
    const session = startedRace(15, BEGINNER, 3, 10_000);
    mustApply(session, 0, hiddenMine(session.state.boards[0]), 11_000);
    mustApply(session, 2, nextSafeClick(session.state.boards[2])!, 11_500);
    mustApply(session, 2, hiddenMine(session.state.boards[2]), 12_000);
    expect(session.state.phase).to.equal("racing");
    const events = mustApply(session, 1, hiddenMine(session.state.boards[1]), 13_000);
    expect(events[events.length - 1]).to.deep.equal({ kind: "over", winner: null, ranking: [2, 0, 1], elapsed: 3000 });
    expect(session.state.phase).to.equal("over");
    expect(session.state.winner).to.equal(null);
  });

  it("resign takes a seat out without a mine, so the last player leaving ends the race", () => {
    const session = startedRace(16, BEGINNER, 2, 10_000);
    mustApply(session, 0, hiddenMine(session.state.boards[0]), 11_000);
    const events = mustApply(session, 1, RESIGN, 12_000);
    expect(events[0]).to.deep.equal({ kind: "out", seat: 1, reason: "resigned", elapsed: 2000 });
    expect(session.state.phase).to.equal("over");
    expect(raceProgress(session.state)[1]).to.deep.include({ alive: false, outMs: 2000 });
  });
});

describe("minesweeper race: ranking", () => {
  it("finished first, then by progress (an eliminated seat with more cells ranks above an idle one), ties by seat", () => {
    const session = startedRace(21, BEGINNER, 5, 10_000);
    let t = 10_000;
    const safe = (seat: number) => mustApply(session, seat, nextSafeClick(session.state.boards[seat])!, (t += 100));
    safe(2);
    safe(2);
    safe(2);
    safe(1);
    mustApply(session, 1, hiddenMine(session.state.boards[1]), (t += 100));
    clearBoard(session, 4, t);
    const s = session.state;
    // 4 cleared; 2 opened more than 1 (same first click, then two more); 0 and 3 idle: tie by seat.
    expect(s.boards[2].revealedCount).to.be.above(s.boards[1].revealedCount);
    expect(s.boards[1].revealedCount).to.be.above(s.boards[0].revealedCount);
    expect(raceRanking(s)).to.deep.equal([4, 2, 1, 0, 3]);
    expect(raceProgress(s).map((p) => p.rank)).to.deep.equal([4, 3, 2, 5, 1]);
    expect(raceProgress(s).map((p) => p.alive)).to.deep.equal([true, false, true, true, true]);
  });

  it("among finishers, the earlier finish time ranks first (both cleared by the go opening here tie at 0 ms: seat order)", () => {
    // Only the opening can finish two seats at once; a later finish is impossible since the first ends the race.
    const s = startedRace(3, { level: "custom", rows: 4, cols: 5, mines: 1 }, 2).state;
    expect(raceRanking(s)).to.deep.equal([0, 1]);
    // Hand-made: seat 1 finished earlier than seat 0.
    const made: RaceState = structuredClone(startedRace(4, BEGINNER, 3).state);
    made.boards[0] = { ...made.boards[0], phase: "won", endedAt: 30_000 };
    made.boards[1] = { ...made.boards[1], phase: "won", endedAt: 20_000 };
    expect(raceRanking(made)).to.deep.equal([1, 0, 2]);
  });

  it("percent is the share of safe cells open, rounded down to 0.1; 100 only when cleared", () => {
    const s = structuredClone(startedRace(5, BEGINNER, 2).state); // 71 safe cells
    s.boards[0].revealedCount = 70;
    s.boards[1].revealedCount = 1;
    expect(raceProgress(s).map((p) => p.percent)).to.deep.equal([98.5, 1.4]);
  });
});

describe("minesweeper race: privacy of the view", () => {
  it("before go: each seat sees its own blank board; spectators see no board; progress is all zero", () => {
    const s = setupRace(1, BEGINNER, 2);
    const v = raceRules.view(s, 0);
    expect(v.own!.cells.every((c) => c === CELL.HIDDEN)).to.equal(true);
    expect(v.boards).to.equal(null);
    expect(raceRules.view(s, null).own).to.equal(null);
    expect(v.progress).to.deep.equal([
      { seat: 0, percent: 0, alive: true, finished: false, finishMs: null, outMs: null },
      { seat: 1, percent: 0, alive: true, finished: false, finishMs: null, outMs: null },
    ]);
  });

  it("while racing: a seat sees its own cells and only the progress of the others; spectators see progress only", () => {
    const session = startedRace(22, BEGINNER, 3, 10_000);
    for (let k = 0; k < 3; k++) mustApply(session, 1, nextSafeClick(session.state.boards[1])!, 11_000 + k);
    const s = session.state;
    const v0 = raceRules.view(s, 0);
    const v1 = raceRules.view(s, 1);
    const spectator = raceRules.view(s, null);
    expect(v0.you).to.equal(0);
    expect(v0.boards).to.equal(null);
    expect(v0.own!.cells).to.deep.equal(minesweeperRules.view(s.boards[0], 0).cells);
    expect(v1.own!.cells).to.deep.equal(minesweeperRules.view(s.boards[1], 1).cells);
    expect(v1.own!.cells).to.not.deep.equal(v0.own!.cells);
    expect(v0.progress[1].percent).to.be.above(v0.progress[0].percent);
    expect(spectator).to.deep.include({ you: null, own: null, boards: null });
    expect(raceRules.view(s, 7)).to.deep.include({ you: null, own: null }); // not a seat: a spectator
    expect(Object.keys(v0.progress[1]).sort()).to.deep.equal(["alive", "finishMs", "finished", "outMs", "percent", "seat"]);
  });

  it("an eliminated seat sees the mine it hit, not the other mines, while the race goes on", () => {
    const session = startedRace(23, BEGINNER, 2, 10_000);
    mustApply(session, 0, hiddenMine(session.state.boards[0]), 11_000);
    const own = raceRules.view(session.state, 0).own!;
    expect(own.phase).to.equal("lost");
    expect([...own.cells].filter((c) => MINE_CODES.has(c))).to.deep.equal([CELL.HIT_MINE]);
  });

  it("after the end every board is visible to everyone, mines included", () => {
    const session = startedRace(24, BEGINNER, 3, 10_000);
    mustApply(session, 2, hiddenMine(session.state.boards[2]), 10_500);
    clearBoard(session, 0, 10_500);
    const s = session.state;
    for (const viewer of [0, 1, 2, null]) {
      const v = raceRules.view(s, viewer);
      expect(v.boards).to.have.length(3);
      v.boards!.forEach((b, seat) => {
        const board = s.boards[seat];
        board.status.forEach((st, i) => {
          if (st === REVEALED) expect(b.cells[i]).to.equal(board.adjacent[i]);
          if (board.mines![i]) expect(MINE_CODES.has(b.cells[i]), `seat ${seat} cell ${i}`).to.equal(true);
        });
      });
      expect(v.boards![2].cells.filter((c) => c === CELL.HIT_MINE)).to.have.length(1);
      expect(v.boards![1].phase).to.equal("active"); // stopped by the end, shown with its mines
      if (viewer !== null) expect(v.own).to.deep.equal(v.boards![viewer]);
      // 0 cleared; 1 (idle) and 2 (out at once) both have only the opening: tie by seat.
      expect(v.progress.map((p) => p.rank)).to.deep.equal([1, 2, 3]);
    }
  });

  it("board events are private: raceEventsFor gives a viewer only its own board events and every public one", () => {
    const session = startedRace(25, BEGINNER, 2, 10_000);
    const events = mustApply(session, 1, nextSafeClick(session.state.boards[1])!, 11_000);
    expect(raceEventsFor(events, 0).map((e) => e.kind)).to.deep.equal(["progress"]);
    expect(raceEventsFor(events, null).map((e) => e.kind)).to.deep.equal(["progress"]);
    expect(raceEventsFor(events, 1).map((e) => e.kind)).to.deep.equal(["board", "progress"]);
    // The go signal's opening is a board event for each seat, never for a spectator.
    const fresh = new GameSession(raceRules, 25, BEGINNER, 2);
    const go = mustApply(fresh, 0, GO, 10_000);
    expect(raceEventsFor(go, null)).to.deep.equal([{ kind: "go", at: 10_000 }]);
    expect(raceEventsFor(go, 1).filter((e) => e.kind === "board").every((e) => e.kind === "board" && e.seat === 1)).to.equal(true);
  });
});

// ---------------------------------------------------------------------------
// Random races (fast-check): privacy, determinism and replay.

interface GenMove {
  kind: "safe" | "flag" | "mine" | "blind" | "chord" | "go" | "resign";
  seat: number;
  k: number;
  r: number;
  c: number;
  dt: number;
}

interface Race {
  seed: number;
  config: RaceConfig;
  seats: number;
  /** A reckless race turns half of its safe clicks into mines, so that all-out endings happen too. */
  reckless: boolean;
  moves: GenMove[];
}

const raceConfigArb: fc.Arbitrary<RaceConfig> = fc
  .record({ rows: fc.integer({ min: 3, max: 8 }), cols: fc.integer({ min: 3, max: 8 }), permille: fc.integer({ min: 0, max: 1000 }) })
  .filter(({ rows, cols }) => rows * cols >= 10)
  .map(({ rows, cols, permille }) => {
    const max = rows * cols - 9;
    const r = resolveConfig({ level: "custom", rows, cols, mines: Math.max(1, Math.round((permille / 1000) ** 2 * max)) });
    if (!r.ok) throw new Error(r.error.message);
    return r.config;
  });

const genMoveArb: fc.Arbitrary<GenMove> = fc.record({
  kind: fc.constantFrom<GenMove["kind"]>("safe", "safe", "safe", "safe", "safe", "flag", "flag", "mine", "mine", "blind", "chord", "go", "resign"),
  seat: fc.nat(7),
  k: fc.nat(10_000),
  r: fc.nat(99),
  c: fc.nat(99),
  dt: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 3000 })),
});

const raceArb: fc.Arbitrary<Race> = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
  config: raceConfigArb,
  seats: fc.integer({ min: 2, max: 4 }),
  reckless: fc.boolean(),
  moves: fc.array(genMoveArb, { maxLength: 45 }),
});

function concrete(s: RaceState, m: GenMove, seat: number): RaceMove {
  if (m.kind === "go") return GO;
  if (m.kind === "resign") return RESIGN;
  const b = s.boards[seat];
  const { rows, cols } = s.config;
  if (b.mines && m.kind !== "blind") {
    const cells = [...b.status.keys()];
    let pool: number[] = [];
    if (m.kind === "safe") pool = cells.filter((i) => b.status[i] === HIDDEN && !b.mines![i]);
    if (m.kind === "mine") pool = cells.filter((i) => b.status[i] === HIDDEN && b.mines![i]);
    if (m.kind === "flag") pool = cells.filter((i) => b.status[i] !== REVEALED);
    if (m.kind === "chord") pool = cells.filter((i) => b.status[i] === REVEALED && b.adjacent[i] > 0 && neighbours(rows, cols, i).some((j) => b.status[j] === FLAGGED));
    if (pool.length) return cellMove(m.kind === "flag" ? "flag" : m.kind === "chord" ? "chord" : "reveal", cols, pool[m.k % pool.length]);
  }
  return { type: m.kind === "flag" ? "flag" : m.kind === "chord" ? "chord" : "reveal", r: m.r % rows, c: m.c % cols };
}

interface Step {
  before: RaceState;
  seat: number;
  move: RaceMove;
  result: ReturnType<RaceSession["apply"]>;
  session: RaceSession;
}

/** Plays a generated race: go first (from a random seat), then the moves; `onStep` sees every attempt. */
function runRace(race: Race, onStep?: (step: Step) => void): RaceSession {
  const session: RaceSession = new GameSession(raceRules, race.seed, race.config, race.seats);
  let t = 1_700_000_000_000;
  const moves: GenMove[] = [{ kind: "go", seat: race.seed % race.seats, k: 0, r: 0, c: 0, dt: 0 }, ...race.moves];
  for (const m of moves) {
    if (session.state.phase === "over") break;
    t += m.dt;
    const seat = m.seat % race.seats;
    const before = session.state;
    const move = concrete(before, race.reckless && m.kind === "safe" && m.k % 2 === 0 ? { ...m, kind: "mine" } : m, seat);
    const result = session.apply(seat, move, t);
    onStep?.({ before, seat, move, result, session });
  }
  return session;
}

/** What a seat must see of its own board while racing: numbers, flags, hidden; on a lost board the hit mine, nothing else. */
function expectedOwnCells(b: MinesweeperState): number[] {
  return [...b.status].map((st, i) => (st === REVEALED ? b.adjacent[i] : b.phase === "lost" && i === b.hitIndex ? CELL.HIT_MINE : st === FLAGGED ? CELL.FLAG : CELL.HIDDEN));
}

/** The view without `seat`'s progress entry. */
const withoutSeat = (v: RaceView, seat: number) => ({ ...v, progress: v.progress.filter((p) => p.seat !== seat) });

const viewersOf = (seats: number): (number | null)[] => [...Array(seats).keys(), null];

describe("minesweeper race: properties over random races", () => {
  const RUNS = 150;

  it("the generator reaches wins, all-out ends, eliminations and unfinished races (the properties are not vacuous)", () => {
    const seen = { won: 0, allOut: 0, eliminated: 0, racing: 0, refused: 0 };
    fc.assert(
      fc.property(raceArb, (race) => {
        const s = runRace(race, ({ result }) => {
          if (!result.ok) seen.refused++;
          else if (result.events.some((e) => e.kind === "out")) seen.eliminated++;
        }).state;
        if (s.phase === "racing") seen.racing++;
        else if (s.winner !== null) seen.won++;
        else seen.allOut++;
      }),
      { seed: 51, numRuns: RUNS },
    );
    for (const [what, n] of Object.entries(seen)) expect(n, what).to.be.at.least(10);
  });

  it("every board always has the same mines; each board changes only by its own seat's moves", () => {
    fc.assert(
      fc.property(raceArb, (race) => {
        runRace(race, ({ before, seat, move, result }) => {
          if (!result.ok || move.type === "go") return;
          const after = result.state;
          for (const b of after.boards) expect(b.mines).to.deep.equal(after.boards[0].mines);
          after.boards.forEach((b, k) => {
            if (k !== seat) expect(b, `board ${k} after a move of seat ${seat}`).to.equal(before.boards[k]);
          });
        });
      }),
      { seed: 52, numRuns: RUNS },
    );
  });

  it("while racing, nobody learns anything of another seat but its progress (views and events), and own boards show no mine but the one hit", () => {
    fc.assert(
      fc.property(raceArb, (race) => {
        runRace(race, ({ before, seat, result }) => {
          if (!result.ok) return;
          const after = result.state;
          if (after.phase !== "over") {
            for (const viewer of viewersOf(race.seats)) {
              const v = raceRules.view(after, viewer);
              expect(v.boards, "boards while racing").to.equal(null);
              if (viewer === null) expect(v.own).to.equal(null);
              else expect([...v.own!.cells]).to.deep.equal(expectedOwnCells(after.boards[viewer]));
              for (const p of v.progress) expect(Object.keys(p).sort()).to.deep.equal(["alive", "finishMs", "finished", "outMs", "percent", "seat"]);
            }
          }
          if (before.phase !== "racing" || after.phase !== "racing") return;
          for (const viewer of viewersOf(race.seats)) {
            if (viewer === seat) continue;
            // What seat's move changed for anyone else: at most seat's progress entry.
            expect(withoutSeat(raceRules.view(after, viewer), seat)).to.deep.equal(withoutSeat(raceRules.view(before, viewer), seat));
            expect(raceEventsFor(result.events, viewer).filter((e) => e.kind === "board")).to.deep.equal([]);
          }
        });
      }),
      { seed: 53, numRuns: RUNS },
    );
  });

  it("once over, everyone sees every board, and each seat's own board is its board in that list", () => {
    fc.assert(
      fc.property(raceArb, (race) => {
        const s = runRace(race).state;
        fc.pre(s.phase === "over");
        const views = viewersOf(race.seats).map((viewer) => raceRules.view(s, viewer));
        for (const v of views) {
          expect(v.boards).to.deep.equal(views[0].boards);
          if (v.you !== null) expect(v.own).to.deep.equal(v.boards![v.you]);
          expect(v.progress.map((p) => p.rank).sort()).to.deep.equal([...Array(race.seats).keys()].map((k) => k + 1));
        }
        views[0].boards!.forEach((b, seat) => {
          s.boards[seat].status.forEach((st, i) => {
            if (st === REVEALED) expect(b.cells[i]).to.equal(s.boards[seat].adjacent[i]);
          });
        });
      }),
      { seed: 54, numRuns: RUNS },
    );
  });

  it("a recorded race replays to the same state, and the same inputs give the same race", () => {
    fc.assert(
      fc.property(raceArb, (race) => {
        const a = runRace(race);
        const b = runRace(structuredClone(race));
        expect(b.state).to.deep.equal(a.state);
        expect(b.log).to.deep.equal(a.log);
        const record = JSON.parse(JSON.stringify(a.record()));
        expect(record.game).to.equal("minesweeper-race");
        const result = replay(raceRules, record);
        expect(result.valid, result.valid ? "" : result.reason).to.equal(true);
        expect(result.state).to.deep.equal(a.state);
      }),
      { seed: 55, numRuns: RUNS },
    );
  });
});

describe("minesweeper race: replay of a recorded race", () => {
  function recorded() {
    const session = startedRace(61, BEGINNER, 3, 10_000);
    mustApply(session, 1, nextSafeClick(session.state.boards[1])!, 10_400);
    mustApply(session, 2, hiddenMine(session.state.boards[2]), 10_900);
    clearBoard(session, 0, 11_000, 250);
    return session;
  }

  it("is valid and reproduces the race: same boards, same winner, same ranking", () => {
    const session = recorded();
    const result = replay(raceRules, session.record());
    if (!result.valid) expect.fail(result.reason);
    expect(result.state).to.deep.equal(session.state);
    expect(raceRanking(result.state)).to.deep.equal([0, 1, 2]);
  });

  it("is refused when tampered: play before go, a second go, a move by an eliminated seat, a move after the end", () => {
    const record = () => structuredClone(recorded().record());
    const early = record();
    early.log.unshift({ seat: 1, move: { type: "reveal", r: 0, c: 0 }, t: 9_000 });
    const twice = record();
    twice.log.splice(1, 0, { seat: 0, move: GO, t: 10_000 });
    const ghost = record();
    const out = ghost.log.findIndex((m) => m.seat === 2);
    ghost.log.splice(out + 1, 0, { seat: 2, move: { type: "flag", r: 0, c: 0 }, t: ghost.log[out].t });
    const late = record();
    late.log.push({ seat: 1, move: { type: "flag", r: 0, c: 0 }, t: 99_000 });
    const cases: Array<[typeof early, RegExp]> = [
      [early, /not started/],
      [twice, /already started/],
      [ghost, /hit a mine/],
      [late, /already ended/],
    ];
    for (const [rec, why] of cases) {
      const result = replay(raceRules, rec);
      expect(result.valid).to.equal(false);
      if (!result.valid) expect(result.reason).to.match(why);
    }
  });
});

describe("minesweeper race: stats per seat", () => {
  it("the shared opening is not the player's work: 3BV counts from go, clicks leave out go, time runs from go", () => {
    const session = startedRace(71, BEGINNER, 3, 10_000);
    mustApply(session, 1, { ...hiddenMine(session.state.boards[1]), type: "flag" }, 10_200);
    mustApply(session, 2, hiddenMine(session.state.boards[2]), 10_300);
    const end = clearBoard(session, 0, 10_300, 400);
    const s = session.state;
    const stats = raceStats(s, session.log);
    const boardBV = threeBV(s.boards[0].mines!, 9, 9);
    // Seat 0 cleared with one click per remaining 3BV: a perfect 100 %.
    expect(stats[0]).to.deep.include({ phase: "won", threeBV: boardBV - 1, threeBVSolved: boardBV - 1, clicks: boardBV - 1, efficiency: 1, timeMs: end - 10_000 });
    // Seat 1 flagged once and was stopped by the end of the race.
    expect(stats[1]).to.deep.include({ phase: "active", threeBVSolved: 0, clicks: 1, rightClicks: 1, efficiency: 0, timeMs: end - 10_000 });
    // Seat 2 blew up at once: timed to its mine.
    expect(stats[2]).to.deep.include({ phase: "lost", clicks: 1, timeMs: 300 });
  });

  it("before go there is nothing to count", () => {
    const stats = raceStats(setupRace(1, BEGINNER, 2), []);
    expect(stats.map((x) => x.clicks)).to.deep.equal([0, 0]);
    expect(stats.map((x) => x.threeBV)).to.deep.equal([0, 0]);
  });
});
