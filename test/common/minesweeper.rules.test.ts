// Minesweeper rules (games/minesweeper.md), one describe per rule.
// Hand-made boards: `*` is a mine. Cells are (row, column), row-major.

import { expect } from "chai";
import { createRng } from "../../common/core/rng.js";
import {
  CELL,
  creditsBySeat,
  FLAGGED,
  HIDDEN,
  LEVELS,
  MAX_COLS,
  MAX_ROWS,
  minesweeperRules,
  neighbours,
  resolveConfig,
  REVEALED,
  revealedList,
  setupBoard,
  viewBoard,
  type ConfigOptions,
  type MinesweeperConfig,
  type MinesweeperMove,
  type MinesweeperState,
} from "../../common/minesweeper/index.js";
import { accepted, at, board, cellsWhere, chord, countStatus, flag, play, playAll, refused, reveal, revealedCells } from "./minesweeper.helpers.js";

/** Column 2 is a wall of mines: column 0 is zeros, columns 1 and 3 are numbers. */
const WALL = ["..*..", "..*..", "..*..", "..*..", "..*.."];
/** A 3×3 safe core inside a frame of 16 mines: the centre is the only zero. */
const FRAME = ["*****", "*...*", "*...*", "*...*", "*****"];
/** One mine in the top-left corner and two in the bottom-right. */
const CORNERS = ["*.....", "......", "......", "......", "......", "....**"];

function config(opts: ConfigOptions): MinesweeperConfig {
  const r = resolveConfig(opts);
  if (!r.ok) expect.fail(`config refused: ${r.error.message}`);
  return r.config;
}

function configRefusal(opts: ConfigOptions): string {
  const r = resolveConfig(opts);
  if (r.ok) expect.fail(`config accepted: ${JSON.stringify(r.config)}`);
  expect(r.error.code).to.equal("bad-config");
  return r.error.message;
}

/** Reveals (r, c) first on a seeded board and returns the state after it. */
function firstReveal(cfg: MinesweeperConfig, seed: number, r: number, c: number): MinesweeperState {
  return accepted(play(setupBoard(seed, cfg, 1), reveal(r, c), { seed })).state;
}

const MINE_CODES = [CELL.MINE, CELL.WRONG_FLAG, CELL.HIT_MINE, CELL.FLAGGED_MINE] as number[];

describe("minesweeper: levels", () => {
  it("has the four standard levels with their names, sizes and mine counts", () => {
    expect(LEVELS).to.deep.equal({
      beginner: { name: "Noobs", rows: 9, cols: 9, mines: 10 },
      intermediate: { name: "Normies", rows: 16, cols: 16, mines: 40 },
      expert: { name: "Torment", rows: 16, cols: 30, mines: 99 },
      nightmare: { name: "Hell", rows: 20, cols: 30, mines: 150 },
    });
  });

  it("resolves each level id to its board", () => {
    expect(config({ level: "beginner" })).to.deep.equal({ level: "beginner", rows: 9, cols: 9, mines: 10 });
    expect(config({ level: "intermediate" })).to.deep.equal({ level: "intermediate", rows: 16, cols: 16, mines: 40 });
    expect(config({ level: "expert" })).to.deep.equal({ level: "expert", rows: 16, cols: 30, mines: 99 });
    expect(config({ level: "nightmare" })).to.deep.equal({ level: "nightmare", rows: 20, cols: 30, mines: 150 });
  });

  it("defaults to beginner, and a standard level ignores custom sizes", () => {
    expect(config({})).to.deep.equal({ level: "beginner", rows: 9, cols: 9, mines: 10 });
    expect(resolveConfig()).to.deep.equal({ ok: true, config: { level: "beginner", rows: 9, cols: 9, mines: 10 } });
    expect(config({ level: "expert", rows: 3, cols: 3, mines: 1 })).to.deep.equal({ level: "expert", rows: 16, cols: 30, mines: 99 });
  });

  it("a nightmare board is 20 × 30 with 150 mines once played", () => {
    const s = firstReveal(config({ level: "nightmare" }), 9, 10, 15);
    expect(s.status).to.have.length(600);
    expect(s.mines!.reduce((a, b) => a + b, 0)).to.equal(150);
  });
});

describe("minesweeper: resolveConfig (custom boards and refusals)", () => {
  it("accepts custom boards up to 100 × 100 with 1 ≤ mines ≤ cells − 9", () => {
    expect(MAX_ROWS).to.equal(100);
    expect(MAX_COLS).to.equal(100);
    expect(config({ level: "custom", rows: 100, cols: 100, mines: 9991 })).to.deep.equal({ level: "custom", rows: 100, cols: 100, mines: 9991 });
    expect(config({ level: "custom", rows: 100, cols: 100, mines: 1 }).mines).to.equal(1);
    expect(config({ level: "custom", rows: 1, cols: 10, mines: 1 })).to.deep.equal({ level: "custom", rows: 1, cols: 10, mines: 1 });
    expect(config({ level: "custom", rows: 10, cols: 10, mines: 91 }).mines).to.equal(91);
  });

  it("refuses more than 100 rows or columns, saying the limit", () => {
    expect(configRefusal({ level: "custom", rows: 101, cols: 100, mines: 10 })).to.match(/rows.*1 to 100/);
    expect(configRefusal({ level: "custom", rows: 100, cols: 101, mines: 10 })).to.match(/columns.*1 to 100/);
  });

  it("refuses rows or columns that are not whole positive numbers", () => {
    for (const bad of [0, -1, 2.5, "9", NaN, Infinity, undefined, null]) {
      expect(configRefusal({ level: "custom", rows: bad, cols: 10, mines: 1 }), `rows ${String(bad)}`).to.match(/rows/);
      expect(configRefusal({ level: "custom", rows: 10, cols: bad, mines: 1 }), `cols ${String(bad)}`).to.match(/columns/);
    }
  });

  it("refuses mines below 1 or above cells − 9, saying the allowed range for that board", () => {
    expect(configRefusal({ level: "custom", rows: 10, cols: 10, mines: 0 })).to.match(/1 to 91 on a 10×10 board/);
    expect(configRefusal({ level: "custom", rows: 10, cols: 10, mines: 92 })).to.match(/1 to 91/);
    expect(configRefusal({ level: "custom", rows: 100, cols: 100, mines: 9992 })).to.match(/1 to 9991/);
    for (const bad of [-5, 1.5, "10", undefined]) {
      expect(configRefusal({ level: "custom", rows: 10, cols: 10, mines: bad }), `mines ${String(bad)}`).to.match(/mines/i);
    }
  });

  it("refuses boards too small to leave a 3 × 3 opening (fewer than 10 cells)", () => {
    expect(configRefusal({ level: "custom", rows: 3, cols: 3, mines: 1 })).to.match(/at least 10 cells/);
    expect(configRefusal({ level: "custom", rows: 1, cols: 9, mines: 1 })).to.match(/at least 10 cells/);
  });

  it("refuses unknown levels, listing the valid ones", () => {
    for (const level of ["hard", "", "Beginner", 3, true, {}]) {
      expect(configRefusal({ level }), `level ${JSON.stringify(level)}`).to.match(/beginner, intermediate, expert, nightmare or custom/);
    }
  });

  it("refuses level names inherited from Object.prototype (toString, __proto__, constructor ...)", () => {
    for (const level of ["toString", "__proto__", "constructor", "hasOwnProperty", "valueOf"]) {
      expect(configRefusal({ level }), level).to.match(/Unknown level/);
    }
  });

  it("treats null options (untrusted room input) like no options", () => {
    expect(resolveConfig(null as unknown as ConfigOptions)).to.deep.equal({ ok: true, config: config({}) });
  });
});

describe("minesweeper: first-click safety and mine placement", () => {
  it("places no mines before the first reveal, not even after a flag", () => {
    const s = setupBoard(1, config({}), 1);
    expect(s.mines).to.equal(null);
    expect(accepted(play(s, flag(0, 0))).state.mines).to.equal(null);
  });

  it("the first cell and its 8 neighbours are mine-free, and the board holds exactly the level's mines", () => {
    for (const level of ["beginner", "intermediate", "expert", "nightmare"] as const) {
      const cfg = config({ level });
      for (let seed = 0; seed < 40; seed++) {
        const r = 1 + (seed % (cfg.rows - 2));
        const c = 1 + ((seed * 7) % (cfg.cols - 2));
        const s = firstReveal(cfg, seed, r, c);
        const i = at(s, r, c);
        for (const j of [i, ...neighbours(cfg.rows, cfg.cols, i)]) expect(s.mines![j], `${level} seed ${seed} cell ${j}`).to.equal(0);
        expect(s.mines!.reduce((a, b) => a + b, 0)).to.equal(cfg.mines);
        // The first cell is therefore a zero and opens at least its 3 × 3.
        expect(s.adjacent[i]).to.equal(0);
        expect(s.revealedCount).to.be.at.least(9);
      }
    }
  });

  it("a corner first click spares the corner and its 3 neighbours", () => {
    const cfg = config({ level: "beginner" });
    for (let seed = 0; seed < 50; seed++) {
      const s = firstReveal(cfg, seed, 8, 0);
      for (const [r, c] of [[8, 0], [7, 0], [7, 1], [8, 1]]) expect(s.mines![at(s, r, c)], `seed ${seed}`).to.equal(0);
    }
  });

  it("on the densest allowed board (10 × 10, 91 mines) the first click opens the only 9 safe cells and wins", () => {
    const cfg = config({ level: "custom", rows: 10, cols: 10, mines: 91 });
    for (let seed = 0; seed < 20; seed++) {
      const s = firstReveal(cfg, seed, 5, 5);
      expect(revealedCells(s)).to.deep.equal(cellsWhere(s, (r, c) => Math.abs(r - 5) <= 1 && Math.abs(c - 5) <= 1));
      expect(s.phase).to.equal("won");
    }
  });

  it("on dense custom boards (mines = cells − 9) a corner or edge first click spares that cell and all its in-bounds neighbours", () => {
    const boards: [number, number][] = [[10, 10], [4, 7], [2, 5], [1, 10], [30, 16]];
    for (const [rows, cols] of boards) {
      const cfg = config({ level: "custom", rows, cols, mines: rows * cols - 9 });
      const clicks: [number, number][] = [[0, 0], [0, cols - 1], [rows - 1, 0], [rows - 1, cols - 1], [0, cols >> 1], [rows - 1, cols >> 1], [rows >> 1, 0], [rows >> 1, cols - 1]];
      for (const [r, c] of clicks) {
        for (let seed = 0; seed < 8; seed++) {
          const s = firstReveal(cfg, seed, r, c);
          const i = at(s, r, c);
          const safe = [i, ...neighbours(rows, cols, i)];
          for (const j of safe) expect(s.mines![j], `${rows}×${cols} click (${r},${c}) seed ${seed} cell ${j}`).to.equal(0);
          expect(s.mines!.reduce((a, b) => a + b, 0)).to.equal(cfg.mines);
          expect(s.adjacent[i]).to.equal(0); // so the first click always opens an area
          expect(s.phase).to.not.equal("lost");
        }
      }
    }
  });

  it("outside the valid range (mines > cells − 9, never accepted from a player) only the first cell is spared when its neighbours do not fit", () => {
    // 3 × 3 with 8 mines (not a valid custom config, but the placement must cope).
    const tiny: MinesweeperConfig = { level: "custom", rows: 3, cols: 3, mines: 8 };
    const s = firstReveal(tiny, 3, 1, 1);
    expect(Array.from(s.mines!)).to.deep.equal([1, 1, 1, 1, 0, 1, 1, 1, 1]);
    expect(s.adjacent[4]).to.equal(8);
    expect(s.phase).to.equal("won");
    // 1 × 10 with 8 mines: an end cell has 1 neighbour, so both fit among the 2 safe cells ...
    const strip: MinesweeperConfig = { level: "custom", rows: 1, cols: 10, mines: 8 };
    for (let seed = 0; seed < 20; seed++) {
      const end = firstReveal(strip, seed, 0, 0);
      expect(Array.from(end.mines!)).to.deep.equal([0, 0, 1, 1, 1, 1, 1, 1, 1, 1]);
      // ... a middle cell has 2 neighbours and there is no room: the first cell alone is spared.
      const mid = firstReveal(strip, seed, 0, 5);
      expect(mid.mines![5]).to.equal(0);
      expect(mid.mines!.reduce((a, b) => a + b, 0)).to.equal(8);
    }
  });

  it("the mines are a function of (seed, first cell): same inputs, same board; other seeds, other boards", () => {
    const cfg = config({ level: "intermediate" });
    const a = firstReveal(cfg, 1234, 3, 4);
    const b = firstReveal(cfg, 1234, 3, 4);
    expect(a.mines).to.deep.equal(b.mines);
    const layouts = new Set(Array.from({ length: 10 }, (_, seed) => Array.from(firstReveal(cfg, seed, 3, 4).mines!).join("")));
    expect(layouts.size).to.equal(10);
  });
});

describe("minesweeper: reveal and flood fill", () => {
  it("a zero cell opens its whole zero region and the numbers on its border, nothing beyond", () => {
    const { state, events } = accepted(play(board(WALL), reveal(0, 0)));
    expect(revealedCells(state)).to.deep.equal(cellsWhere(state, (_r, c) => c <= 1));
    expect(state.revealedCount).to.equal(10);
    const ev = events.find((e) => e.kind === "reveal");
    expect(ev).to.not.equal(undefined);
    if (ev?.kind === "reveal") {
      expect(ev.seat).to.equal(0);
      const got = revealedList(ev).map((x) => `${x.r},${x.c}=${x.n}`).sort();
      const want = ["0,0=0", "1,0=0", "2,0=0", "3,0=0", "4,0=0", "0,1=2", "1,1=3", "2,1=3", "3,1=3", "4,1=2"].sort();
      expect(got).to.deep.equal(want);
    }
  });

  it("a zero opens all 8 neighbours, diagonals included", () => {
    const s = accepted(play(board(FRAME), reveal(2, 2))).state;
    expect(revealedCells(s)).to.deep.equal(cellsWhere(s, (r, c) => r >= 1 && r <= 3 && c >= 1 && c <= 3));
    expect(s.adjacent[at(s, 1, 1)]).to.equal(5);
  });

  it("a number opens only itself", () => {
    const s = accepted(play(board(WALL), reveal(2, 1))).state;
    expect(revealedCells(s)).to.deep.equal(["2,1"]);
    expect(s.revealedCount).to.equal(1);
  });

  it("flags stop the spread: a flagged zero is neither opened nor spread through", () => {
    const flagged = playAll(board(WALL), [flag(2, 0)]);
    const s = accepted(play(flagged, reveal(0, 0))).state;
    expect(revealedCells(s)).to.deep.equal(["0,0", "0,1", "1,0", "1,1", "2,1"]);
    expect(s.status[at(s, 2, 0)]).to.equal(FLAGGED);
    for (const [r, c] of [[3, 0], [4, 0], [3, 1], [4, 1]]) expect(s.status[at(s, r, c)]).to.equal(HIDDEN);
  });

  it("refuses to reveal an open cell or a flagged one", () => {
    const open = playAll(board(WALL), [reveal(2, 1)]);
    refused(play(open, reveal(2, 1)), "already-revealed");
    const flagged = playAll(board(WALL), [flag(0, 0)]);
    expect(refused(play(flagged, reveal(0, 0)), "flagged")).to.match(/flag/);
  });

  it("revealing a mine loses and opens nothing", () => {
    const s = accepted(play(playAll(board(WALL), [reveal(2, 1)]), reveal(2, 2))).state;
    expect(s.phase).to.equal("lost");
    expect(s.hitIndex).to.equal(at(s, 2, 2));
    expect(s.status[at(s, 2, 2)]).to.equal(HIDDEN);
    expect(s.revealedCount).to.equal(1);
  });
});

describe("minesweeper: chording", () => {
  // On WALL, (2,3) is a 3: its mines are (1,2), (2,2), (3,2).
  const opened = () => playAll(board(WALL), [reveal(2, 3)]);

  it("with exactly n correct flags, reveals every hidden unflagged neighbour, with flood fill", () => {
    const ready = playAll(opened(), [flag(1, 2), flag(2, 2), flag(3, 2)], { start: 2000 });
    const { state, events } = accepted(play(ready, chord(2, 3), { now: 9000 }));
    // (1,4), (2,4), (3,4) are zeros: the whole right side opens, the left side stays hidden.
    expect(revealedCells(state)).to.deep.equal(cellsWhere(state, (_r, c) => c >= 3));
    for (const [r, c] of [[1, 2], [2, 2], [3, 2]]) expect(state.status[at(state, r, c)]).to.equal(FLAGGED);
    expect(state.phase).to.equal("active");
    expect(events.map((e) => e.kind)).to.deep.equal(["reveal"]);
  });

  it("a chord that opens the last safe cells wins", () => {
    // On CORNERS, (1,1) is a 1 next to the corner mine; its chord opens the zero field.
    const ready = playAll(board(CORNERS), [reveal(1, 1), flag(0, 0)]);
    expect(ready.revealedCount).to.equal(1);
    const { state, events } = accepted(play(ready, chord(1, 1), { now: 5000 }));
    expect(state.phase).to.equal("won");
    expect(state.revealedCount).to.equal(33);
    expect(events.map((e) => e.kind)).to.deep.equal(["reveal", "won"]);
  });

  it("needs exactly n flags: fewer or more are refused, saying how many there are", () => {
    const s = opened();
    expect(refused(play(s, chord(2, 3)), "chord-unsatisfied")).to.match(/3 has 0 flags/);
    const two = playAll(s, [flag(1, 2), flag(2, 2)]);
    expect(refused(play(two, chord(2, 3)), "chord-unsatisfied")).to.match(/3 has 2 flags/);
    const one = playAll(board(CORNERS), [reveal(1, 1), flag(0, 0), flag(0, 1)]);
    expect(refused(play(one, chord(1, 1)), "chord-unsatisfied")).to.match(/1 has 2 flags/);
  });

  it("with a wrong flag, the chord hits the unflagged mine and loses", () => {
    const wrong = playAll(opened(), [flag(1, 2), flag(2, 2), flag(3, 3)], { start: 2000 });
    const { state, events } = accepted(play(wrong, chord(2, 3), { now: 7000 }));
    expect(state.phase).to.equal("lost");
    expect(state.hitIndex).to.equal(at(state, 3, 2));
    expect(events).to.deep.equal([{ kind: "lost", seat: 0, r: 3, c: 2, elapsed: 6000 }]);
  });

  it("is refused on a hidden cell, a flagged cell, an open zero, before the first reveal, and when nothing is left to open", () => {
    const s = opened();
    refused(play(s, chord(0, 0)), "chord-unsatisfied");
    refused(play(playAll(s, [flag(0, 0)]), chord(0, 0)), "chord-unsatisfied");
    const zero = playAll(board(WALL), [reveal(0, 0)]);
    refused(play(zero, chord(0, 0)), "chord-unsatisfied");
    refused(play(board(WALL), chord(2, 3)), "chord-unsatisfied");
    refused(play(setupBoard(1, config({}), 1), chord(4, 4)), "chord-unsatisfied");
    const done = playAll(s, [flag(1, 2), flag(2, 2), flag(3, 2), chord(2, 3)]);
    refused(play(done, chord(2, 3)), "nothing-to-reveal");
  });
});

describe("minesweeper: flags", () => {
  it("toggles a hidden cell: flag, then unflag", () => {
    const once = accepted(play(board(WALL), flag(0, 0)));
    expect(once.state.status[0]).to.equal(FLAGGED);
    expect(once.state.flagCount).to.equal(1);
    expect(once.events).to.deep.equal([{ kind: "flag", seat: 0, r: 0, c: 0, flagged: true }]);
    const twice = accepted(play(once.state, flag(0, 0)));
    expect(twice.state.status[0]).to.equal(HIDDEN);
    expect(twice.state.flagCount).to.equal(0);
    expect(twice.events).to.deep.equal([{ kind: "flag", seat: 0, r: 0, c: 0, flagged: false }]);
  });

  it("only a hidden cell can be flagged", () => {
    const s = playAll(board(WALL), [reveal(0, 0)]);
    refused(play(s, flag(0, 0)), "not-hidden");
    refused(play(s, flag(1, 1)), "not-hidden");
  });

  it("no flag is placed when the counter (mines − flags) is 0, but unflagging is always allowed", () => {
    const full = playAll(board(CORNERS), [flag(0, 0), flag(3, 3), flag(5, 5)]);
    expect(full.flagCount).to.equal(3);
    expect(refused(play(full, flag(2, 2)), "no-flags-left")).to.match(/counter/);
    const fewer = accepted(play(full, flag(3, 3))).state;
    expect(fewer.flagCount).to.equal(2);
    expect(accepted(play(fewer, flag(2, 2))).state.flagCount).to.equal(3);
  });

  it("flags are free to be wrong: a flag on a safe cell counts like any other", () => {
    const s = playAll(board(WALL), [flag(0, 0), flag(4, 4)]);
    expect(s.flagCount).to.equal(2);
    expect(viewBoard(s).flags).to.equal(2);
  });
});

describe("minesweeper: phases and the injected clock", () => {
  it("a new board is fresh, untimed, and 'playing'", () => {
    const s = setupBoard(5, config({}), 1);
    expect(s.phase).to.equal("fresh");
    expect(s.startedAt).to.equal(null);
    expect(s.endedAt).to.equal(null);
    expect(minesweeperRules.status(s)).to.equal("playing");
  });

  it("the first reveal starts the game at the injected time", () => {
    const s = accepted(play(setupBoard(5, config({}), 1), reveal(4, 4), { now: 123_456 })).state;
    expect(s.phase).to.equal("active");
    expect(s.startedAt).to.equal(123_456);
    expect(s.endedAt).to.equal(null);
  });

  it("a first flag also starts the game; later moves keep the start time, even after unflagging", () => {
    const s1 = accepted(play(setupBoard(5, config({}), 1), flag(0, 0), { now: 50 })).state;
    expect(s1.phase).to.equal("active");
    expect(s1.startedAt).to.equal(50);
    const s2 = accepted(play(s1, flag(0, 0), { now: 60 })).state;
    expect(s2.phase).to.equal("active");
    const s3 = accepted(play(s2, reveal(4, 4), { now: 70 })).state;
    expect(s3.startedAt).to.equal(50);
  });

  it("a refused move does not start the game", () => {
    const s = setupBoard(5, config({}), 1);
    refused(play(s, reveal(9, 9), { now: 1 }), "out-of-range");
    expect(s.phase).to.equal("fresh");
    expect(s.startedAt).to.equal(null);
  });

  it("won when every safe cell is open, with no flag needed; the win is timed by the injected clock", () => {
    const s1 = accepted(play(board(WALL), reveal(0, 0), { now: 1_000 })).state;
    expect(s1.phase).to.equal("active");
    const { state, events } = accepted(play(s1, reveal(0, 4), { now: 43_500 }));
    expect(state.phase).to.equal("won");
    expect(state.flagCount).to.equal(0);
    expect(state.endedAt).to.equal(43_500);
    expect(events[events.length - 1]).to.deep.equal({ kind: "won", seat: 0, elapsed: 42_500 });
    expect(minesweeperRules.status(state)).to.equal("finished");
  });

  it("not won while one safe cell is still hidden", () => {
    // FRAME: the 8 ring cells of the core are numbers, so each opens alone; the zero centre stays hidden.
    const ring = [reveal(1, 1), reveal(1, 2), reveal(1, 3), reveal(2, 1), reveal(2, 3), reveal(3, 1), reveal(3, 2), reveal(3, 3)];
    const almost = playAll(board(FRAME), ring);
    expect(almost.revealedCount).to.equal(8);
    expect(almost.phase).to.equal("active");
    expect(almost.endedAt).to.equal(null);
    expect(accepted(play(almost, reveal(2, 2))).state.phase).to.equal("won");
  });

  it("lost on a mine, at the injected time, with the hit cell", () => {
    const s1 = accepted(play(board(WALL), reveal(0, 0), { now: 2_000 })).state;
    const { state, events } = accepted(play(s1, reveal(4, 2), { now: 9_250 }));
    expect(state.phase).to.equal("lost");
    expect(state.endedAt).to.equal(9_250);
    expect(state.hitIndex).to.equal(at(state, 4, 2));
    expect(events).to.deep.equal([{ kind: "lost", seat: 0, r: 4, c: 2, elapsed: 7_250 }]);
    expect(minesweeperRules.status(state)).to.equal("finished");
  });

  it("after the end every move is refused with game-over", () => {
    const won = playAll(board(WALL), [reveal(0, 0), reveal(0, 4)]);
    const lost = playAll(board(WALL), [reveal(0, 0), reveal(4, 2)]);
    for (const s of [won, lost]) {
      for (const move of [reveal(2, 2), reveal(0, 0), flag(2, 2), flag(0, 0), chord(0, 1)]) {
        refused(play(s, move), "game-over");
      }
    }
  });
});

describe("minesweeper: what a client sees", () => {
  const codesOf = (s: MinesweeperState) => Array.from(viewBoard(s).cells);

  it("before the end: numbers for open cells, 9 for hidden (mines included), 10 for flags, and nothing else", () => {
    const s = playAll(board(WALL), [reveal(0, 0), flag(2, 2), flag(4, 4)]);
    const view = viewBoard(s);
    expect(view.phase).to.equal("active");
    expect(view.cells[at(s, 0, 0)]).to.equal(0);
    expect(view.cells[at(s, 1, 1)]).to.equal(3);
    expect(view.cells[at(s, 2, 2)]).to.equal(CELL.FLAG);
    expect(view.cells[at(s, 4, 4)]).to.equal(CELL.FLAG);
    expect(view.cells[at(s, 0, 2)]).to.equal(CELL.HIDDEN);
    expect(view.cells[at(s, 0, 3)]).to.equal(CELL.HIDDEN);
    for (const code of view.cells) expect(MINE_CODES).to.not.include(code);
  });

  it("a fresh board is all hidden", () => {
    expect(codesOf(setupBoard(1, config({}), 1))).to.deep.equal(new Array(81).fill(CELL.HIDDEN));
    expect(codesOf(board(WALL))).to.deep.equal(new Array(25).fill(CELL.HIDDEN));
  });

  it("carries no mine positions: only sizes, the mine count, phase, cells, flags and times", () => {
    const s = playAll(board(WALL, 2), [reveal(0, 0)]);
    const view = minesweeperRules.view(s, 0);
    expect(Object.keys(view).sort()).to.deep.equal(["cells", "cols", "endedAt", "flags", "mines", "phase", "rows", "startedAt"]);
    expect(view.mines).to.equal(5);
    expect(minesweeperRules.view(s, 1)).to.deep.equal(view);
    expect(minesweeperRules.view(s, null)).to.deep.equal(view);
  });

  it("after a loss: hit mine 13, wrong flag 12, correct flag 14, unflagged mine 11, hidden safe cell 9", () => {
    const s = playAll(board(WALL), [reveal(2, 3), flag(1, 2), flag(2, 2), flag(3, 3), chord(2, 3)]);
    expect(s.phase).to.equal("lost");
    const cells = viewBoard(s).cells;
    expect(cells[at(s, 3, 2)]).to.equal(CELL.HIT_MINE);
    expect(CELL.HIT_MINE).to.equal(13);
    expect(cells[at(s, 3, 3)]).to.equal(CELL.WRONG_FLAG);
    expect(CELL.WRONG_FLAG).to.equal(12);
    expect(cells[at(s, 1, 2)]).to.equal(CELL.FLAGGED_MINE);
    expect(cells[at(s, 2, 2)]).to.equal(CELL.FLAGGED_MINE);
    expect(CELL.FLAGGED_MINE).to.equal(14);
    expect(cells[at(s, 0, 2)]).to.equal(CELL.MINE);
    expect(cells[at(s, 4, 2)]).to.equal(CELL.MINE);
    expect(CELL.MINE).to.equal(11);
    expect(cells[at(s, 2, 3)]).to.equal(3);
    expect(cells[at(s, 0, 0)]).to.equal(CELL.HIDDEN);
    expect(cells[at(s, 0, 4)]).to.equal(CELL.HIDDEN);
    expect(viewBoard(s).phase).to.equal("lost");
    expect(viewBoard(s).endedAt).to.equal(s.endedAt);
  });

  it("after a win: every mine shows as flagged (14), flagged or not; open cells show their numbers", () => {
    const s = playAll(board(WALL), [flag(0, 2), reveal(0, 0), reveal(0, 4)]);
    expect(s.phase).to.equal("won");
    const cells = viewBoard(s).cells;
    for (let r = 0; r < 5; r++) {
      expect(cells[at(s, r, 2)], `mine (${r},2)`).to.equal(CELL.FLAGGED_MINE);
      expect(cells[at(s, r, 0)]).to.equal(0);
      expect(cells[at(s, r, 1)]).to.equal(s.adjacent[at(s, r, 1)]);
    }
    expect(Array.from(cells).filter((c) => c === CELL.HIDDEN || c === CELL.MINE)).to.deep.equal([]);
  });

  it("after a win the flag count equals the mines (counter 0), whatever the player flagged", () => {
    const s = playAll(board(WALL), [flag(0, 2), reveal(0, 0), reveal(0, 4)]);
    expect(s.flagCount).to.equal(1);
    expect(viewBoard(s).flags).to.equal(5);
  });
});

describe("minesweeper: co-op credits", () => {
  it("credits each opened cell to the seat that opened it", () => {
    let s = board(WALL, 2);
    s = accepted(play(s, reveal(0, 0), { seat: 0 })).state; // 10 cells
    s = accepted(play(s, reveal(2, 3), { seat: 1 })).state; // 1 cell
    s = accepted(play(s, reveal(0, 3), { seat: 1 })).state; // 1 cell
    s = accepted(play(s, reveal(0, 4), { seat: 0 })).state; // the other 8
    expect(s.phase).to.equal("won");
    expect(creditsBySeat(s)).to.deep.equal([18, 2]);
    expect(s.revealedBy[at(s, 2, 3)]).to.equal(1);
    expect(s.revealedBy[at(s, 4, 4)]).to.equal(0);
  });

  it("credits a chord's cells to the seat that chorded, and has one entry per seat", () => {
    let s = board(CORNERS, 3);
    s = accepted(play(s, reveal(1, 1), { seat: 2 })).state;
    s = accepted(play(s, flag(0, 0), { seat: 0 })).state;
    s = accepted(play(s, chord(1, 1), { seat: 1 })).state;
    expect(creditsBySeat(s)).to.deep.equal([0, 32, 1]);
  });

  it("only seated players can play", () => {
    const s = board(WALL, 2);
    for (const seat of [2, -1, 0.5, NaN]) refused(play(s, reveal(0, 0), { seat }), "not-seated");
  });
});

describe("minesweeper: move validation", () => {
  it("refuses cells off the board and malformed moves, with the board size in the message", () => {
    const s = board(WALL);
    for (const move of [reveal(-1, 0), reveal(0, 5), reveal(5, 0), reveal(1.5, 0), { type: "reveal" }, { type: "flag", r: "1", c: 1 }, null, undefined]) {
      expect(refused(play(s, move as MinesweeperMove), "out-of-range"), JSON.stringify(move)).to.match(/5×5/);
    }
  });

  it("refuses unknown move types", () => {
    refused(play(board(WALL), { type: "dig", r: 0, c: 0 } as unknown as MinesweeperMove), "unknown-move");
  });
});

describe("minesweeper: apply is pure", () => {
  it("never mutates its input state, whether the move is accepted or refused", () => {
    const scripts: Array<[MinesweeperState, MinesweeperMove[]]> = [
      [setupBoard(77, config({ level: "intermediate" }), 1), [flag(0, 0), reveal(8, 8), reveal(8, 8), flag(0, 0), chord(8, 8), reveal(0, 0)]],
      [board(WALL), [reveal(2, 3), flag(1, 2), flag(2, 2), flag(3, 3), chord(2, 3), reveal(0, 0)]],
      [board(WALL), [reveal(0, 0), reveal(0, 4), reveal(1, 1)]],
      [board(CORNERS, 2), [reveal(1, 1), flag(0, 0), chord(1, 1)]],
    ];
    for (const [start, moves] of scripts) {
      let s = start;
      moves.forEach((move, k) => {
        const before = structuredClone(s);
        const result = minesweeperRules.apply(s, 0, move, { rng: createRng(3), now: 1000 + k });
        expect(s, `${JSON.stringify(move)} mutated its input`).to.deep.equal(before);
        if (result.ok) {
          expect(result.state).to.not.equal(s);
          expect(result.state.status).to.not.equal(s.status);
          expect(result.state.revealedBy).to.not.equal(s.revealedBy);
          s = result.state;
        }
      });
    }
  });

  it("the first reveal leaves the fresh input without mines", () => {
    const fresh = setupBoard(4, config({}), 1);
    accepted(play(fresh, reveal(4, 4)));
    expect(fresh.mines).to.equal(null);
    expect(countStatus(fresh, REVEALED)).to.equal(0);
    expect(fresh.phase).to.equal("fresh");
  });
});
