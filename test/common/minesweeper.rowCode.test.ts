// The run-length row strings of `cellRows` (common/minesweeper/rowCode.ts): round trips, a
// seeded random property test, and malformed strings refused.

import { expect } from "chai";
import { createRng } from "../../common/core/rng.js";
import { CELL, cellAt, decodeRow, decodeRows, encodeRow, encodeRows, MAX_ROW_CODE, rowWidth } from "../../common/minesweeper/index.js";

describe("minesweeper row strings", () => {
  it("encodes runs as a letter and a length only above 1", () => {
    expect(encodeRow([9, 9, 9, 9], 0, 4)).to.equal("j4");
    expect(encodeRow([0, 1, 1, 9], 0, 4)).to.equal("ab2j");
    expect(encodeRow([5, 0, 1, 1, 14, 3], 1, 4)).to.equal("ab2o");
    expect(encodeRow(new Uint8Array(100).fill(CELL.HIDDEN), 0, 100)).to.equal("j100");
    expect(encodeRow([], 0, 0)).to.equal("");
  });

  it("decodes what it encodes, and rowWidth / cellAt agree", () => {
    const codes = [0, 0, 0, 1, 2, 9, 9, 10, 11, 12, 13, 14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8];
    const s = encodeRow(codes, 0, codes.length);
    expect(s).to.equal("a3bcj2klmnoa11i");
    expect(Array.from(decodeRow(s, codes.length))).to.deep.equal(codes);
    expect(rowWidth(s)).to.equal(codes.length);
    codes.forEach((code, i) => expect(cellAt([s], codes.length, i)).to.equal(code));
  });

  it("round-trips random boards (seeded)", () => {
    const rng = createRng(23);
    for (let t = 0; t < 300; t++) {
      const rows = 1 + rng.int(12);
      const cols = 1 + rng.int(120);
      // long runs and noise both: a few codes most of the time
      const palette = 1 + rng.int(MAX_ROW_CODE + 1);
      const codes = new Uint8Array(rows * cols);
      let code = rng.int(palette);
      for (let i = 0; i < codes.length; i++) {
        if (rng.int(4) === 0) code = rng.int(palette);
        codes[i] = code;
      }
      const strs = encodeRows(codes, cols);
      expect(strs).to.have.length(rows);
      for (const s of strs) expect(rowWidth(s)).to.equal(cols);
      expect(Array.from(decodeRows(strs, rows, cols, CELL.HIDDEN))).to.deep.equal(Array.from(codes));
      const i = rng.int(codes.length);
      expect(cellAt(strs, cols, i)).to.equal(codes[i]);
    }
  });

  it("fills the rows that have not arrived", () => {
    expect(Array.from(decodeRows(["a2"], 2, 2, CELL.HIDDEN))).to.deep.equal([0, 0, 9, 9]);
  });

  it("refuses malformed row strings", () => {
    for (const bad of ["j", "j8", "j10", "a1j8", "j09", "j0", "p9", "J9", "9j", "j9 ", "j-9", "a2b2c2d2x"]) {
      expect(() => decodeRow(bad, 9), bad).to.throw();
    }
    expect(() => rowWidth("a1")).to.throw();
    expect(() => rowWidth("a01")).to.throw();
    expect(() => rowWidth("q")).to.throw();
    expect(() => encodeRow([15], 0, 1)).to.throw();
    expect(() => encodeRow([1.5], 0, 1)).to.throw();
  });
});
