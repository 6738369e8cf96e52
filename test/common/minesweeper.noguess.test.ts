// No-guess Minesweeper: the solver (common/minesweeper/solver.ts) and the generator
// (noGuess.ts), then the option in the rules, the race, replays and the offline check.
// Property runs are sized for `npm test`; LONG=1 runs ten times as many.

import { expect } from "chai";
import fc from "fast-check";
import { createRng } from "../../common/core/rng.js";
import { replay } from "../../common/core/session.js";
import {
  LEVELS,
  minesweeperDef,
  minesweeperRaceDef,
  minesweeperRules,
  neighbours,
  noGuessStatus,
  placeMines,
  placeNoGuessMines,
  raceRules,
  resolveConfig,
  setupBoard,
  solveFrom,
  verifySoloLog,
  type MinesweeperConfig,
  type MinesweeperMove,
  type MinesweeperState,
  type StandardLevel,
} from "../../common/minesweeper/index.js";
import { accepted, play, reveal } from "./minesweeper.helpers.js";

const LONG = process.env.LONG === "1";
const field = (layout: string[]) => Uint8Array.from(layout.join(""), (ch) => (ch === "*" ? 1 : 0));
const at = (cols: number, r: number, c: number) => r * cols + c;

function levelConfig(level: StandardLevel, noGuess = true): MinesweeperConfig {
  const r = resolveConfig({ level, noGuess });
  if (!r.ok) throw new Error(r.error.message);
  return r.config;
}

describe("minesweeper no-guess: the solver", () => {
  it("single-cell reasoning: opens around a satisfied number, flags where the hidden cells are exactly the missing mines", () => {
    // A mine in the corner: the zeros flood to the 1s around it, each of which sees only that corner.
    const layout = ["*....", ".....", ".....", "....."];
    const result = solveFrom(4, 5, field(layout), at(5, 3, 4), "single");
    expect(result.cleared).to.equal(true);
    expect(result.flagged).to.equal(1);
    expect(result.hardSteps).to.equal(0);
  });

  it("subset reasoning finishes boards that single-cell reasoning alone cannot", () => {
    for (const layout of [
      ["...*..", "..*...", "..*.*.", "....*.", "*...*."],
      ["..*...", "..*...", "*.....", "*.....", "*.*.*."],
      ["..*..*", "......", "....*.", "**....", "*....*"],
    ]) {
      const mines = field(layout);
      expect(solveFrom(5, 6, mines, 0, "single").cleared, layout.join("/")).to.equal(false);
      const pairs = solveFrom(5, 6, mines, 0, "pairs");
      expect(pairs.cleared, layout.join("/")).to.equal(true);
      expect(pairs.hardSteps).to.be.greaterThan(0);
    }
  });

  it("the mine counter finishes what the pairs leave", () => {
    for (const layout of [
      ["......", ".....*", "*.....", "..*.**", "..*.*."],
      ["......", ".....*", "..**.*", "***...", "......"],
    ]) {
      const mines = field(layout);
      expect(solveFrom(5, 6, mines, 0, "pairs").cleared).to.equal(false);
      expect(solveFrom(5, 6, mines, 0, "all").cleared).to.equal(true);
    }
  });

  it("stops at a true 50/50 instead of guessing", () => {
    // The mine is in one of the two left cells; both 1s and the counter say only "one of these two".
    const result = solveFrom(2, 4, field(["*...", "...."]), at(4, 1, 3));
    expect(result.cleared).to.equal(false);
    expect(result.opened).to.equal(6);
    expect(result.flagged).to.equal(0);
  });

  it("never opens a mine nor flags a safe cell, on any board (it throws if it does)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 16 }), fc.integer({ min: 2, max: 16 }), fc.integer({ min: 0, max: 1000 }), fc.nat(), (rows, cols, permille, seed) => {
        const cells = rows * cols;
        const mines = Math.min(cells - 1, Math.max(1, Math.round((permille / 1000) * 0.35 * cells)));
        const rng = createRng(seed);
        const first = rng.int(cells);
        const board = placeMines({ level: "custom", rows, cols, mines }, first, rng);
        const result = solveFrom(rows, cols, board, first);
        expect(result.opened).to.be.at.most(cells - mines);
        expect(result.flagged).to.be.at.most(mines);
      }),
      { numRuns: LONG ? 3000 : 300, seed: 24 },
    );
  });
});

describe("minesweeper no-guess: the generator", () => {
  const levels = Object.keys(LEVELS) as StandardLevel[];

  it("property: every no-guess board of every level is cleared by the solver from its first click", () => {
    fc.assert(
      fc.property(fc.constantFrom(...levels), fc.nat(), fc.nat(), (level, seed, cell) => {
        const config = levelConfig(level);
        const first = cell % (config.rows * config.cols);
        const board = placeNoGuessMines(config, first, createRng(seed));
        expect(board.proven, `${level} seed ${seed}`).to.equal(true);
        expect(board.mines.reduce((a, b) => a + b, 0)).to.equal(config.mines);
        for (const i of [first, ...neighbours(config.rows, config.cols, first)]) expect(board.mines[i], "the first click and its neighbours").to.equal(0);
        expect(solveFrom(config.rows, config.cols, board.mines, first).cleared).to.equal(true);
      }),
      { numRuns: LONG ? 800 : 80, seed: 2024 },
    );
  });

  it("property: on custom boards, a board is either proven (and the solver clears it) or the fallback says so", () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 20 }), fc.integer({ min: 4, max: 20 }), fc.integer({ min: 1, max: 1000 }), fc.nat(), (rows, cols, permille, seed) => {
        const cells = rows * cols;
        const mines = Math.max(1, Math.min(cells - 9, Math.round((permille / 1000) * 0.3 * cells)));
        const config: MinesweeperConfig = { level: "custom", rows, cols, mines, noGuess: true };
        const rng = createRng(seed);
        const first = rng.int(cells);
        const board = placeNoGuessMines(config, first, rng);
        expect(board.mines.reduce((a, b) => a + b, 0)).to.equal(mines);
        expect(board.mines[first]).to.equal(0);
        expect(solveFrom(rows, cols, board.mines, first).cleared).to.equal(board.proven);
      }),
      { numRuns: LONG ? 1000 : 120, seed: 7 },
    );
  });

  it("is a pure function of the random stream: same seed and first click, same board", () => {
    const config = levelConfig("expert");
    const a = placeNoGuessMines(config, 200, createRng(99));
    const b = placeNoGuessMines(config, 200, createRng(99));
    expect(Array.from(a.mines)).to.deep.equal(Array.from(b.mines));
    expect(a.boards).to.equal(b.boards);
  });

  it("falls back to an ordinary board, and says so, when no board can be proven", () => {
    // Two rows mirror each other: one mine anywhere past the opening is always a 50/50.
    const config: MinesweeperConfig = { level: "custom", rows: 2, cols: 5, mines: 1, noGuess: true };
    for (let seed = 0; seed < 5; seed++) {
      const board = placeNoGuessMines(config, 0, createRng(seed));
      expect(board.proven).to.equal(false);
      expect(board.mines.reduce((a, b) => a + b, 0)).to.equal(1);
      for (const i of [0, 1, 5, 6]) expect(board.mines[i]).to.equal(0);
    }
    const { state } = accepted(play(setupBoard(1, config, 1), reveal(0, 0)));
    expect(state.guessFree).to.equal(false);
    expect(minesweeperRules.view(state, 0).noGuess).to.equal("fallback");
  });
});

describe("minesweeper no-guess: the option in the game", () => {
  it("is off by default, on for every level and custom boards, and refuses anything but true or false", () => {
    for (const level of [...Object.keys(LEVELS), "custom"]) {
      const extra = level === "custom" ? { rows: 10, cols: 10, mines: 20 } : {};
      const off = resolveConfig({ level, ...extra });
      const on = resolveConfig({ level, ...extra, noGuess: true });
      expect(off.ok && off.config.noGuess).to.equal(undefined);
      expect(on.ok && on.config.noGuess).to.equal(true);
      expect(resolveConfig({ level, ...extra, noGuess: false })).to.deep.equal(off);
    }
    const bad = resolveConfig({ level: "beginner", noGuess: "yes" });
    expect(bad.ok).to.equal(false);
  });

  it("the first reveal places a proven board; the view says so, and the game is won by opening every safe cell", () => {
    for (const level of Object.keys(LEVELS) as StandardLevel[]) {
      const config = levelConfig(level);
      const fresh = setupBoard(5, config, 1);
      expect(noGuessStatus(fresh)).to.equal("on");
      expect(minesweeperRules.view(fresh, 0).noGuess).to.equal("on");
      const first = reveal(config.rows >> 1, config.cols >> 1);
      const { state } = accepted(play(fresh, first, { seed: 11 }));
      expect(state.guessFree).to.equal(true);
      expect(minesweeperRules.view(state, 0).noGuess).to.equal("proven");
      expect(solveFrom(config.rows, config.cols, state.mines!, at(config.cols, first.r, first.c)).cleared).to.equal(true);
    }
  });

  it("an ordinary board says off", () => {
    const { state } = accepted(play(setupBoard(5, levelConfig("beginner", false), 1), reveal(4, 4)));
    expect(state.guessFree).to.equal(undefined);
    expect(minesweeperRules.view(state, 0).noGuess).to.equal("off");
  });

  /** A winning log of a no-guess game: the first click, then every other safe cell. */
  function winningLog(config: MinesweeperConfig, seed: number): { move: MinesweeperMove; t: number }[] {
    const first: MinesweeperMove = { type: "reveal", r: 0, c: 0 };
    const record = { game: "minesweeper", seed, config, seats: 1, log: [{ seat: 0, move: first, t: 1000 }] };
    const start = replay(minesweeperRules, record).state as MinesweeperState;
    const log = [{ move: first, t: 1000 }];
    let t = 1000;
    let s = start;
    for (let i = 0; i < s.status.length; i++) {
      if (s.mines![i] || s.status[i] !== 0) continue;
      const move: MinesweeperMove = { type: "reveal", r: Math.floor(i / config.cols), c: i % config.cols };
      t += 400;
      const next = minesweeperRules.apply(s, 0, move, { rng: createRng(0), now: t });
      if (!next.ok) throw new Error(next.error.message);
      s = next.state;
      log.push({ move, t });
    }
    return log;
  }

  it("replays to the same board, and the offline check verifies a no-guess win (and refuses it as an ordinary game)", () => {
    const config = levelConfig("intermediate");
    const log = winningLog(config, 4242);
    const verified = verifySoloLog({ seed: 4242, level: "intermediate", config: { ...config }, log });
    expect(verified.ok, verified.ok ? "" : verified.reason).to.equal(true);
    if (verified.ok) expect(verified.config.noGuess).to.equal(true);
    const asOrdinary = verifySoloLog({ seed: 4242, level: "intermediate", log });
    expect(asOrdinary.ok).to.equal(false);
  });

  it("a no-guess race is proven from the opening every racer gets", () => {
    for (const level of ["beginner", "expert"] as StandardLevel[]) {
      const config = levelConfig(level);
      const race = raceRules.setup(31, config, 3);
      const started = minesweeperRaceDef.apply(race, 0, { type: "go" }, { rng: createRng(31), now: 1000 });
      if (!started.ok) throw new Error(started.error.message);
      const s = started.state;
      expect(s.boards.every((b) => b.guessFree === true)).to.equal(true);
      expect(solveFrom(config.rows, config.cols, s.boards[0].mines!, s.opening!).cleared).to.equal(true);
      expect(raceRules.view(s, 0).own!.noGuess).to.equal("proven");
    }
  });
});

describe("minesweeper no-guess: the board made beforehand (prepare + work, for a worker thread)", () => {
  const seed = "c0ffee00112233445566778899aabbcc";
  const structured = <T>(x: T): T => structuredClone(x);

  it("the first reveal names its work; done elsewhere (a structured clone away), the reveal places the same board and leaves the generator where it would", () => {
    for (const config of [levelConfig("beginner"), levelConfig("expert"), { level: "custom", rows: 30, cols: 40, mines: 300, noGuess: true } as MinesweeperConfig]) {
      const s = setupBoard(seed, config, 1);
      const move: MinesweeperMove = { type: "reveal", r: 3, c: 5 };
      const rng = createRng(seed);
      const p = minesweeperDef.prepare!(s, 0, move, rng.getState());
      expect(p, config.level).to.not.equal(null);
      expect(p!.words).to.equal("Making a board without guesses…");
      const result = structured(minesweeperDef.work!(structured(p!.task)));
      const now = minesweeperRules.apply(s, 0, move, { rng, now: 5 });
      const ahead = createRng(seed);
      const later = minesweeperRules.apply(s, 0, move, { rng: ahead, now: 5, prepared: { key: p!.key, result } });
      if (!now.ok || !later.ok) throw new Error("refused");
      expect(Array.from(later.state.mines!)).to.deep.equal(Array.from(now.state.mines!));
      expect(later.state.guessFree).to.equal(now.state.guessFree);
      expect(ahead.getState()).to.deep.equal(rng.getState());
      // The rules took the result rather than making the board again: a marked one shows it.
      const marked = minesweeperRules.apply(s, 0, move, { rng: createRng(seed), now: 5, prepared: { key: p!.key, result: { ...(result as object), proven: !now.state.guessFree } } });
      expect(marked.ok && marked.state.guessFree).to.equal(!now.state.guessFree);
      // A result under another key (another cell, another generator state) is not this board's.
      const other = createRng(seed);
      const wrong = minesweeperRules.apply(s, 0, { type: "reveal", r: 0, c: 0 }, { rng: other, now: 5, prepared: { key: p!.key, result } });
      const plain = minesweeperRules.apply(s, 0, { type: "reveal", r: 0, c: 0 }, { rng: createRng(seed), now: 5 });
      if (!wrong.ok || !plain.ok) throw new Error("refused");
      expect(Array.from(wrong.state.mines!)).to.deep.equal(Array.from(plain.state.mines!));
    }
  });

  it("only a no-guess board's first reveal has work: ordinary boards, flags, later reveals and refused reveals have none", () => {
    const config = levelConfig("beginner");
    const s = setupBoard(seed, config, 1);
    const rng = createRng(seed).getState();
    expect(minesweeperDef.prepare!(setupBoard(seed, levelConfig("beginner", false), 1), 0, reveal(1, 1), rng)).to.equal(null);
    expect(minesweeperDef.prepare!(s, 0, { type: "flag", r: 1, c: 1 }, rng)).to.equal(null);
    expect(minesweeperDef.prepare!(s, 0, reveal(9, 0), rng)).to.equal(null);
    const opened = minesweeperRules.apply(s, 0, reveal(4, 4), { rng: createRng(seed), now: 1 });
    if (!opened.ok) throw new Error("refused");
    expect(minesweeperDef.prepare!(opened.state, 0, reveal(0, 0), rng)).to.equal(null);
  });

  it("a no-guess race's go names its work; done elsewhere, every racer gets the same proven board as without it", () => {
    const config = levelConfig("expert");
    const race = raceRules.setup(seed, config, 3);
    const rng = createRng(seed);
    const p = minesweeperRaceDef.prepare!(race, 0, { type: "go" }, rng.getState());
    expect(p).to.not.equal(null);
    const result = structured(minesweeperRaceDef.work!(structured(p!.task)));
    const now = minesweeperRaceDef.apply(race, 0, { type: "go" }, { rng, now: 1000 });
    const ahead = createRng(seed);
    const later = minesweeperRaceDef.apply(race, 0, { type: "go" }, { rng: ahead, now: 1000, prepared: { key: p!.key, result } });
    if (!now.ok || !later.ok) throw new Error("refused");
    expect(later.state.opening).to.equal(now.state.opening);
    expect(Array.from(later.state.boards[2].mines!)).to.deep.equal(Array.from(now.state.boards[2].mines!));
    expect(later.state.boards.every((b) => b.guessFree === true)).to.equal(true);
    expect(ahead.getState()).to.deep.equal(rng.getState());
    expect(minesweeperRaceDef.prepare!(later.state, 0, { type: "go" }, rng.getState())).to.equal(null);
  });
});
