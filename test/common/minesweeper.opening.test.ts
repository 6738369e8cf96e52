// The race's opening brought on a phone's screen (client/games/minesweeper/opening.ts): the
// camera goes to an open cell, never to a hidden cell in the middle of an L- or ring-shaped flood.
import { expect } from "chai";
import { OpeningFinder, openingMiddle } from "../../client/games/minesweeper/opening.js";
import type { BoardModel } from "../../client/games/minesweeper/model.js";

const HIDDEN = 9;

/** A board of `rows`×`cols` hidden cells with `open` (row, col) pairs open (code 0). */
function board(rows: number, cols: number, open: [number, number][]): Pick<BoardModel, "cells" | "cols" | "rows"> {
  const cells = new Uint8Array(rows * cols).fill(HIDDEN);
  for (const [r, c] of open) cells[r * cols + c] = 0;
  return { cells, cols, rows };
}

describe("minesweeper: the opening brought on screen", () => {
  it("nothing open: nowhere to go", () => {
    expect(openingMiddle(board(4, 5, []))).to.equal(null);
  });

  it("a block: its middle cell", () => {
    const open: [number, number][] = [];
    for (let r = 2; r <= 4; r++) for (let c = 3; c <= 5; c++) open.push([r, c]);
    expect(openingMiddle(board(16, 30, open))).to.deep.equal({ r: 3, c: 4 });
  });

  it("a ring: an open cell of the ring, not the hidden centre", () => {
    const open: [number, number][] = [];
    for (let r = 0; r < 16; r++) for (let c = 0; c < 30; c++) if (r === 0 || r === 15 || c === 0 || c === 29) open.push([r, c]);
    const b = board(16, 30, open);
    const at = openingMiddle(b)!;
    expect(b.cells[at.r * b.cols + at.c], `cell ${at.r},${at.c}`).to.be.at.most(8);
  });

  it("an L: the open cell nearest its middle", () => {
    const open: [number, number][] = [];
    for (let c = 0; c < 10; c++) open.push([9, c]);
    for (let r = 0; r < 9; r++) open.push([r, 0]);
    // the middle (6.6, 2.4) is hidden; (7, 0) and (9, 2) are equally near it, the first in reading order
    expect(openingMiddle(board(10, 10, open))).to.deep.equal({ r: 7, c: 0 });
  });

  it("the finder scrolls once, to an open cell, and again after a reset", () => {
    const b = { ...board(16, 30, [[5, 0], [5, 1], [6, 0]]), phase: "active" } as unknown as BoardModel;
    const asked: [number, number][] = [];
    const finder = new OpeningFinder(() => b, { ready: () => true, scrollIntoView: (r, c) => asked.push([r, c]) });
    finder.now();
    finder.now();
    expect(asked).to.deep.equal([[5, 0]]);
    finder.reset();
    finder.now();
    expect(asked).to.have.length(2);
  });

  it("an opening that arrives before the board is laid out is brought on screen at the layout, not lost", () => {
    const b = { ...board(16, 30, [[12, 20], [12, 21]]), phase: "active" } as unknown as BoardModel;
    const asked: [number, number][] = [];
    let placed = false;
    const finder = new OpeningFinder(() => b, { ready: () => placed, scrollIntoView: (r, c) => asked.push([r, c]) });
    finder.now(); // the go's cells, before the view has a place on screen
    expect(asked, "no camera move before the layout (the layout would reset it)").to.deep.equal([]);
    placed = true;
    finder.now(); // the layout's hook (boardScene.ts, laidOut)
    expect(asked).to.deep.equal([[12, 20]]);
  });
});
