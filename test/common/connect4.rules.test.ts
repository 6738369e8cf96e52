// Connect Four's own rules and bot (the contract kit covers the rest: contract.test.ts).

import { expect } from "chai";
import { createRng } from "../../common/core/rng.js";
import { centremostOpen, chooseColumn, COLS, connect4Def, EMPTY, ROWS, type Connect4Move, type Connect4State } from "../../common/connect4/index.js";

const fresh = (): Connect4State => connect4Def.setup(1, { timer: 0 }, 2);
function play(s: Connect4State, ...cols: number[]): Connect4State {
  for (const col of cols) {
    const r = connect4Def.apply(s, s.turn, { type: "drop", col }, { rng: createRng(1), now: 1 });
    if (!r.ok) throw new Error(`${col}: ${r.error.code}`);
    s = r.state;
  }
  return s;
}
const refusal = (s: Connect4State, seat: number, move: Connect4Move) => {
  const r = connect4Def.apply(s, seat, move, { rng: createRng(1), now: 1 });
  return r.ok ? "accepted" : r.error.code;
};

describe("connect4 rules", () => {
  it("a disc falls to the lowest empty cell; seats alternate from seat 0", () => {
    const s = play(fresh(), 3, 3);
    expect(s.grid[0 * COLS + 3]).to.equal(0);
    expect(s.grid[1 * COLS + 3]).to.equal(1);
    expect(s.turn).to.equal(0);
  });

  it("four across, down and on both diagonals win, naming the line", () => {
    expect(play(fresh(), 0, 0, 1, 1, 2, 2, 3).winner).to.equal(0); // across
    expect(play(fresh(), 0, 1, 0, 1, 0, 1, 0).line).to.deep.equal([0, 7, 14, 21]); // down
    const rising = play(fresh(), 0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3);
    expect(rising.winner).to.equal(0);
    expect(rising.line).to.deep.equal([0, 8, 16, 24]);
    const falling = play(fresh(), 6, 5, 5, 4, 4, 3, 4, 3, 3, 0, 3);
    expect(falling.winner).to.equal(0);
  });

  it("refuses a full column, a move out of turn, off-board columns and moves after the end", () => {
    const full = play(fresh(), 2, 2, 2, 2, 2, 2);
    expect(refusal(full, full.turn, { type: "drop", col: 2 })).to.equal("column-full");
    expect(refusal(fresh(), 1, { type: "drop", col: 0 })).to.equal("not-your-turn");
    expect(refusal(fresh(), 0, { type: "drop", col: 7 })).to.equal("out-of-range");
    const won = play(fresh(), 0, 1, 0, 1, 0, 1, 0);
    expect(refusal(won, won.turn, { type: "drop", col: 5 })).to.equal("game-over");
  });

  it("a full grid without four is a draw", () => {
    // Columns filled in pairs in an order that never lines up four.
    const order = [0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 2, 3, 2, 3, 2, 3, 3, 2, 3, 2, 3, 2, 4, 5, 4, 5, 4, 5, 5, 4, 5, 4, 5, 4, 6, 6, 6, 6, 6, 6];
    const s = play(fresh(), ...order);
    expect(s.over).to.equal(true);
    expect(s.winner).to.equal(null);
    expect(connect4Def.result!(s)).to.equal("draw");
    expect(s.grid.includes(EMPTY)).to.equal(false);
    expect(s.moves).to.equal(ROWS * COLS);
  });

  it("a timed-out turn drops in the open column nearest the centre", () => {
    const s = play(fresh(), 3, 3, 3, 3, 3, 3);
    expect(centremostOpen(s.grid)).to.equal(2);
    const r = connect4Def.apply(s, s.turn, { type: "timeout" }, { rng: createRng(1), now: 5 });
    expect(r.ok && r.events[0]).to.deep.equal({ kind: "drop", seat: 0, col: 2, row: 0, timeout: true });
  });
});

describe("connect4 bot", () => {
  it("takes a win in one, and blocks the opponent's", () => {
    for (let seed = 0; seed < 10; seed++) {
      const win = play(fresh(), 0, 6, 1, 6, 2, 5); // seat 0 to play, 0-1-2 along the bottom
      expect(chooseColumn(connect4Def.view(win, 0), "normal", createRng(seed))).to.equal(3);
      const block = play(fresh(), 0, 6, 1, 6, 2); // seat 1 to play must block column 3
      expect(chooseColumn(connect4Def.view(block, 1), "normal", createRng(seed))).to.equal(3);
    }
  });

  it("plays only on its turn", () => {
    expect(chooseColumn(connect4Def.view(fresh(), 1), "normal", createRng(1))).to.equal(null);
  });
});
