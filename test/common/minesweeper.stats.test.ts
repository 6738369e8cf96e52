// Minesweeper game stats: 3BV, 3BV solved, clicks, efficiency, 3BV/s.
// Hand-made boards: `*` is a mine. 3BV = openings (connected zero regions,
// diagonals connect) + safe numbers touching no zero cell.

import { expect } from "chai";
import fc from "fast-check";
import { GameSession } from "../../common/core/session.js";
import {
  boardBreakdown,
  gameStats,
  HIDDEN,
  minesweeperRules,
  REVEALED,
  threeBV,
  threeBVSolved,
  type MinesweeperConfig,
  type MinesweeperEvent,
  type MinesweeperMove,
  type MinesweeperState,
  type MinesweeperView,
} from "../../common/minesweeper/index.js";
import { accepted, board, chord, flag, play, reveal } from "./minesweeper.helpers.js";
import { nextSafeClick } from "./minesweeper.race.helpers.js";

const field = (layout: string[]) => Uint8Array.from(layout.join(""), (ch) => (ch === "*" ? 1 : 0));
const bv = (layout: string[]) => threeBV(field(layout), layout.length, layout[0].length);

/** Plays `moves` at the given times; returns the final state and the log as a GameSession would hold it. */
function game(layout: string[], moves: Array<[MinesweeperMove, number]>, seat = 0) {
  let s = board(layout, Math.max(1, seat + 1));
  const log: { seat: number; move: MinesweeperMove; t: number }[] = [];
  for (const [move, t] of moves) {
    s = accepted(play(s, move, { now: t, seat })).state;
    log.push({ seat, move, t });
  }
  return { state: s, log };
}

describe("minesweeper stats: 3BV on hand-made boards", () => {
  it("a board with no mine is one opening: 3BV 1", () => {
    expect(bv(["...", "...", "..."])).to.equal(1);
  });

  it("a lone centre mine leaves eight 1s and no zero: each is its own click, 3BV 8", () => {
    expect(bv(["...", ".*.", "..."])).to.equal(8);
  });

  it("a wall of mines splits two openings (zeros in columns 0 and 4, their numbers in 1 and 3): 3BV 2", () => {
    expect(bv(["..*..", "..*..", "..*..", "..*..", "..*.."])).to.equal(2);
  });

  it("1×7 '..*.*..': openings {0 | border 1} and {6 | border 5}, and the 2 at column 3 touches no zero: 3BV 3", () => {
    const layout = ["..*.*.."];
    expect(bv(layout)).to.equal(3);
    const { openings, isolated } = boardBreakdown(field(layout), 1, 7);
    expect(openings).to.deep.equal([
      { zeros: [0], border: [1] },
      { zeros: [6], border: [5] },
    ]);
    expect(isolated).to.deep.equal([3]);
  });

  it("zero regions touching only at a corner are ONE opening (8-neighbour): 3BV 1, not 2", () => {
    // Mines at (0,3) and (3,0). Zeros: the 2×2 block top-left {(0,0),(0,1),(1,0),(1,1)}
    // and the 2×2 block bottom-right {(2,2),(2,3),(3,2),(3,3)}; (1,1) and (2,2) touch
    // diagonally. Every 1 borders one of them.
    expect(bv(["...*", "....", "....", "*..."])).to.equal(1);
  });

  it("3×6 with one mine at (1,3): two openings plus the 1s at (0,3) and (2,3), which touch no zero: 3BV 4", () => {
    // Columns 0-1 are zeros (border: column 2), column 5 is zeros (border: column 4).
    // (0,3) and (2,3) only touch column 2, 4 and the mine: isolated numbers.
    const layout = ["......", "...*..", "......"];
    expect(bv(layout)).to.equal(4);
    expect(boardBreakdown(field(layout), 3, 6).isolated).to.deep.equal([3, 15]);
  });

  it("3×5 with six mines and no zero cell: all 9 safe cells are isolated numbers, 3BV 9", () => {
    expect(bv(["*.*.*", ".....", "*.*.*"])).to.equal(9);
  });

  it("refuses a mine field whose size does not match the board", () => {
    expect(() => threeBV(new Uint8Array(8), 3, 3)).to.throw(RangeError);
    expect(() => threeBVSolved(new Uint8Array(9), 3, 3, new Uint8Array(8))).to.throw(RangeError);
  });
});

describe("minesweeper stats: the linear 3BV (issue 36 point 4) against a plain flood fill", () => {
  // The openings and isolated numbers found the slow, obvious way (Sets, a queue, the definition
  // word for word), then the 3BV and 3BV solved counted from those lists.
  const plainBreakdown = (mines: Uint8Array, rows: number, cols: number) => {
    const around = (i: number) => {
      const r = Math.floor(i / cols);
      const c = i % cols;
      const out: number[] = [];
      for (let dr = -1; dr <= 1; dr++)
        for (let dc = -1; dc <= 1; dc++)
          if ((dr || dc) && r + dr >= 0 && r + dr < rows && c + dc >= 0 && c + dc < cols) out.push((r + dr) * cols + c + dc);
      return out;
    };
    const count = (i: number) => around(i).filter((j) => mines[j]).length;
    const isZero = (i: number) => !mines[i] && count(i) === 0;
    const inOpening = new Set<number>();
    const openings: { zeros: number[]; border: number[] }[] = [];
    for (let start = 0; start < rows * cols; start++) {
      if (!isZero(start) || inOpening.has(start)) continue;
      const zeros = new Set([start]);
      const border = new Set<number>();
      const queue = [start];
      while (queue.length) {
        for (const j of around(queue.shift()!)) {
          if (isZero(j)) {
            if (!zeros.has(j)) (zeros.add(j), queue.push(j));
          } else border.add(j);
        }
      }
      for (const z of zeros) inOpening.add(z);
      openings.push({ zeros: [...zeros].sort((a, b) => a - b), border: [...border].sort((a, b) => a - b) });
    }
    const isolated: number[] = [];
    for (let i = 0; i < rows * cols; i++) if (!mines[i] && count(i) > 0 && !around(i).some(isZero)) isolated.push(i);
    return { openings, isolated };
  };
  const byLists = (mines: Uint8Array, rows: number, cols: number, status: Uint8Array) => {
    const { openings, isolated } = plainBreakdown(mines, rows, cols);
    const open = (i: number) => status[i] === REVEALED;
    const solved = openings.filter((o) => o.zeros.every(open) && o.border.every(open)).length + isolated.filter(open).length;
    return { total: openings.length + isolated.length, solved };
  };

  it("boardBreakdown lists the same openings, borders and isolated numbers", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.double({ min: 0, max: 0.5, noNaN: true }), (rows, cols, seed, density) => {
        let x = seed || 1;
        const next = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
        const mines = Uint8Array.from({ length: rows * cols }, () => (next() < density ? 1 : 0));
        expect(boardBreakdown(mines, rows, cols)).to.deep.equal(plainBreakdown(mines, rows, cols));
      }),
      { numRuns: 300 },
    );
  });

  it("gives the same 3BV and 3BV solved on random boards and random open cells", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (rows, cols, seed, density, openShare) => {
          let x = seed || 1;
          const next = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
          const mines = Uint8Array.from({ length: rows * cols }, () => (next() < density ? 1 : 0));
          const status = Uint8Array.from(mines, (m) => (!m && next() < openShare ? REVEALED : HIDDEN));
          const want = byLists(mines, rows, cols, status);
          // A fresh copy each time: the labels are kept per field.
          expect(threeBV(Uint8Array.from(mines), rows, cols)).to.equal(want.total);
          expect(threeBVSolved(Uint8Array.from(mines), rows, cols, status)).to.equal(want.solved);
          expect(threeBVSolved([...mines], rows, cols, status), "a plain array (not kept)").to.equal(want.solved);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("a 100×100 board with one mine: one opening, all of it open when every safe cell is", () => {
    const mines = new Uint8Array(10_000);
    mines[5_050] = 1;
    const status = Uint8Array.from(mines, (m) => (m ? HIDDEN : REVEALED));
    expect(threeBV(mines, 100, 100)).to.equal(1);
    expect(threeBVSolved(mines, 100, 100, status)).to.equal(1);
    status[5_051] = HIDDEN; // a number next to the mine, on the opening's border
    expect(threeBVSolved(mines, 100, 100, status)).to.equal(0);
  });
});

describe("minesweeper stats: 3BV solved", () => {
  const layout = ["..*.*.."]; // openings {0|1} and {6|5}, isolated 3

  it("counts an opening once all its cells are open, an isolated number once it is open", () => {
    const m = field(layout);
    const status = (open: number[]) => Uint8Array.from({ length: 7 }, (_, i) => (open.includes(i) ? REVEALED : HIDDEN));
    expect(threeBVSolved(m, 1, 7, status([]))).to.equal(0);
    expect(threeBVSolved(m, 1, 7, status([0, 1]))).to.equal(1);
    expect(threeBVSolved(m, 1, 7, status([0]))).to.equal(0); // the opening's border 1 is still hidden
    expect(threeBVSolved(m, 1, 7, status([3]))).to.equal(1);
    expect(threeBVSolved(m, 1, 7, status([5]))).to.equal(0); // a border number alone is not the opening
    expect(threeBVSolved(m, 1, 7, status([0, 1, 3, 5, 6]))).to.equal(3);
  });

  it("an opening blocked by a flag on one of its zeros is not solved", () => {
    const { state } = game(layout, [
      [flag(0, 6), 1000],
      [reveal(0, 5), 2000],
    ]);
    expect(gameStats(state, []).threeBVSolved).to.equal(0);
  });
});

describe("minesweeper stats: clicks, efficiency, 3BV/s, time", () => {
  it("a won game: 3 left clicks + 1 right click on 3BV 3 gives efficiency 0.75, 3 s, 1 3BV/s", () => {
    const { state, log } = game(["..*.*.."], [
      [reveal(0, 0), 1000], // opens 0 and 1
      [reveal(0, 3), 2000], // the isolated 2
      [flag(0, 2), 3000],
      [reveal(0, 6), 4000], // opens 6 and 5: won
    ]);
    expect(state.phase).to.equal("won");
    expect(gameStats(state, log)).to.deep.equal({
      phase: "won",
      threeBV: 3,
      threeBVSolved: 3,
      clicks: 4,
      leftClicks: 3,
      rightClicks: 1,
      chords: 0,
      efficiency: 0.75,
      threeBVPerSecond: 1,
      timeMs: 3000,
    });
  });

  it("flag removal is a click too, and chords count as their own kind", () => {
    // 1×5 '.*...': 0 is an isolated 1, {3,4 | border 2} an opening: 3BV 2.
    const { state, log } = game([".*..."], [
      [reveal(0, 2), 1000], // the 1 on the opening's border: solves nothing yet
      [flag(0, 0), 1500], // wrong flag...
      [flag(0, 0), 1600], // ...removed: still a click
      [flag(0, 1), 2000],
      [chord(0, 2), 2500], // opens 3 and 4: the opening is complete
      [reveal(0, 0), 5000], // won
    ]);
    const stats = gameStats(state, log);
    expect(stats).to.include({ phase: "won", threeBV: 2, threeBVSolved: 2, clicks: 6, leftClicks: 2, rightClicks: 3, chords: 1, timeMs: 4000 });
    expect(stats.efficiency).to.be.closeTo(2 / 6, 1e-12);
    expect(stats.threeBVPerSecond).to.be.closeTo(0.5, 1e-12);
  });

  it("a lost game counts the 3BV solved before the mine, timed to the explosion", () => {
    const { state, log } = game(["..*.*.."], [
      [reveal(0, 0), 1000],
      [reveal(0, 2), 2500],
    ]);
    expect(state.phase).to.equal("lost");
    const stats = gameStats(state, log);
    expect(stats).to.include({ phase: "lost", threeBV: 3, threeBVSolved: 1, clicks: 2, efficiency: 0.5, timeMs: 1500 });
    expect(stats.threeBVPerSecond).to.be.closeTo(1 / 1.5, 1e-12);
  });

  it("a one-click win takes no time: 3BV/s is null, not Infinity", () => {
    const { state, log } = game(["*....", ".....", "....."], [[reveal(2, 4), 1000]]);
    expect(state.phase).to.equal("won");
    const stats = gameStats(state, log);
    expect(stats).to.include({ threeBV: 1, clicks: 1, efficiency: 1, timeMs: 0 });
    expect(stats.threeBVPerSecond).to.equal(null);
  });

  it("an unfinished game is timed from the first click to the last logged move", () => {
    const { state, log } = game(["..*.*.."], [
      [flag(0, 2), 1000],
      [reveal(0, 0), 4000],
    ]);
    expect(state.phase).to.equal("active");
    expect(gameStats(state, log)).to.include({ timeMs: 3000, threeBVSolved: 1, clicks: 2 });
  });

  it("a fresh board has no 3BV yet and no clicks", () => {
    const s = board(["..."]);
    s.mines = null;
    expect(gameStats(s, [])).to.include({ threeBV: 0, threeBVSolved: 0, clicks: 0, efficiency: null, threeBVPerSecond: null, timeMs: 0 });
  });

  it("in co-op, `seat` counts only that seat's clicks; the 3BV is the board's", () => {
    let s = board(["..*.*.."], 2);
    const log: { seat: number; move: MinesweeperMove; t: number }[] = [];
    const moves: Array<[number, MinesweeperMove]> = [
      [0, reveal(0, 0)],
      [1, flag(0, 2)],
      [1, reveal(0, 3)],
      [0, reveal(0, 6)],
    ];
    moves.forEach(([seat, move], k) => {
      s = accepted(play(s, move, { seat, now: 1000 * (k + 1) })).state;
      log.push({ seat, move, t: 1000 * (k + 1) });
    });
    expect(gameStats(s, log, { seat: 0 })).to.include({ clicks: 2, leftClicks: 2, rightClicks: 0, threeBVSolved: 3 });
    expect(gameStats(s, log, { seat: 1 })).to.include({ clicks: 2, leftClicks: 1, rightClicks: 1, threeBVSolved: 3 });
    expect(gameStats(s, log)).to.include({ clicks: 4 });
  });

  it("from a record: replays it and agrees with the state + log form; a record that does not replay throws", () => {
    const config: MinesweeperConfig = { level: "beginner", rows: 9, cols: 9, mines: 10 };
    const session = new GameSession<MinesweeperState, MinesweeperMove, MinesweeperEvent, MinesweeperConfig, MinesweeperView>(minesweeperRules, 42, config, 1);
    let t = 5000;
    session.apply(0, reveal(4, 4), t);
    for (let move = nextSafeClick(session.state); move && session.state.phase === "active"; move = nextSafeClick(session.state)) {
      t += 700;
      expect(session.apply(0, move, t).ok).to.equal(true);
    }
    expect(session.state.phase).to.equal("won");
    const record = session.record();
    const stats = gameStats(record);
    expect(stats).to.deep.equal(gameStats(session.state, session.log));
    expect(stats.timeMs).to.equal(t - 5000);
    expect(stats.clicks).to.equal(record.log.length);
    const broken = { ...record, log: [...record.log, { seat: 0, move: reveal(0, 0), t: t + 1 }] };
    expect(() => gameStats(broken)).to.throw(/does not replay.*already ended/);
  });
});

describe("minesweeper stats: properties over random boards", () => {
  // Random boards up to 10×10: each cell is a mine with probability density/100; at least one mine and one safe cell.
  const boardArb = fc
    .record({ rows: fc.integer({ min: 1, max: 10 }), cols: fc.integer({ min: 1, max: 10 }), dice: fc.array(fc.nat(99), { minLength: 100, maxLength: 100 }), density: fc.integer({ min: 5, max: 60 }) })
    .map(({ rows, cols, dice, density }) => {
      const layout: string[] = [];
      for (let r = 0; r < rows; r++) {
        let row = "";
        for (let c = 0; c < cols; c++) row += dice[r * 10 + c] < density ? "*" : ".";
        layout.push(row);
      }
      return layout;
    })
    .filter((layout) => layout.join("").includes("*") && layout.join("").includes("."));

  it("clicking each opening once and then each isolated number wins in exactly 3BV clicks", () => {
    fc.assert(
      fc.property(boardArb, (layout) => {
        let s = board(layout);
        let clicks = 0;
        for (let move = nextSafeClick(s); move && s.phase !== "won"; move = nextSafeClick(s)) {
          s = accepted(play(s, move, { now: 1000 + clicks })).state;
          clicks++;
        }
        expect(s.phase).to.equal("won");
        expect(clicks).to.equal(bv(layout));
      }),
      { seed: 31, numRuns: 300 },
    );
  });

  it("no order of reveal clicks wins in fewer than 3BV clicks, and a won board has all its 3BV solved", () => {
    fc.assert(
      fc.property(boardArb, fc.integer(), (layout, salt) => {
        let s = board(layout);
        const safe = [...s.mines!.keys()].filter((i) => !s.mines![i]);
        // A scrambled order of the safe cells.
        const order = safe.map((i, k) => [i, ((i + 1) * 2654435761 + salt * (k + 7)) >>> 0] as const).sort((a, b) => a[1] - b[1]);
        let clicks = 0;
        for (const [i] of order) {
          if (s.status[i] !== HIDDEN) continue;
          s = accepted(play(s, { type: "reveal", r: (i / s.config.cols) | 0, c: i % s.config.cols }, { now: 1000 })).state;
          clicks++;
        }
        expect(s.phase).to.equal("won");
        expect(clicks).to.be.at.least(bv(layout));
        expect(threeBVSolved(s.mines!, s.config.rows, s.config.cols, s.status)).to.equal(bv(layout));
      }),
      { seed: 32, numRuns: 300 },
    );
  });
});
