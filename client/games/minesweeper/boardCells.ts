// The board's cell codes as a client keeps them from the schema's `cellRows` (row index → one
// run-length string per row, common/minesweeper/rowCode.ts). A changed row is decoded once, a
// run at a time, and copied in whole: a flood over 50 rows is 50 small string decodes instead
// of thousands of schema entries, and no loop per cell here (the scene repaints the row).
import { CELL } from "../../../common/minesweeper/types";
import { decodeRowInto, rowWidth } from "../../../common/minesweeper/rowCode";

/** What reading one row string did. */
export type RowRead = "changed" | "same" | "misfit";

export class BoardCells {
  /** The codes, row-major (hidden where a row has not arrived or could not be read). */
  codes = new Uint8Array(0);
  rows = 0;
  cols = 0;
  private strs: string[] = [];
  private scratch = new Uint8Array(0);

  /**
   * The whole board from `rowStrs`: `nRows` rows of `cols` cells (0: taken from the first
   * row). Returns the codes (a new array when the size changed).
   */
  reset(rowStrs: ArrayLike<string>, nRows = rowStrs.length, cols = 0): Uint8Array {
    const width = cols > 0 ? cols : rowStrs.length > 0 ? safeWidth(rowStrs[0]) : 0;
    if (nRows !== this.rows || width !== this.cols) {
      this.rows = nRows;
      this.cols = width;
      this.codes = new Uint8Array(nRows * width).fill(CELL.HIDDEN);
      this.scratch = new Uint8Array(width);
      this.strs = new Array<string>(nRows).fill("");
    }
    for (let r = 0; r < nRows; r++) this.row(r, r < rowStrs.length ? rowStrs[r] : undefined);
    return this.codes;
  }

  /**
   * Row `r` now reads `str`: decodes it into `codes`, whole or not at all. "misfit" when it
   * does not fit this board (another size: the caller resets; what is shown stays).
   */
  row(r: number, str: string | undefined): RowRead {
    if (r < 0 || r >= this.rows) return "misfit";
    if (typeof str !== "string" || str === this.strs[r]) return "same";
    const out = this.scratch;
    try {
      decodeRowInto(str, this.cols, out, 0);
    } catch {
      return "misfit"; // a row of another width (or garbled)
    }
    this.strs[r] = str;
    this.codes.set(out, r * this.cols);
    return "changed";
  }

  /** Every row of `rowStrs` whose string changed, as row(); false when the board's size differs. */
  sync(rowStrs: ArrayLike<string>): boolean {
    if (rowStrs.length !== this.rows) return false;
    for (let r = 0; r < rowStrs.length; r++) if (this.row(r, rowStrs[r]) === "misfit") return false;
    return true;
  }
}

/** A `cellRows` map (row index → row string) as a list; a missing row reads as "" (kept hidden). */
export function rowList(map: ReadonlyMap<string, string> | undefined): string[] {
  const out: string[] = [];
  map?.forEach((str, key) => {
    const r = Number(key);
    if (Number.isInteger(r) && r >= 0 && r < 100_000) out[r] = str;
  });
  for (let r = 0; r < out.length; r++) if (out[r] === undefined) out[r] = "";
  return out;
}

function safeWidth(str: string): number {
  try {
    return rowWidth(str);
  } catch {
    return 0;
  }
}
