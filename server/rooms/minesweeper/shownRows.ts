// The cell codes a board's `cellRows` currently shows (solo/co-op state, a racer's own board),
// kept as a typed array so a move compares codes, not strings. show() marks a row dirty;
// flush() re-encodes only the dirty rows into the schema array, once per move after it is
// applied, so a flood over 50 rows sends 50 row strings, and a flag one.

import type { MapSchema } from "@colyseus/schema";
import { CELL, encodeRow } from "../../../common/minesweeper/index.js";

export class ShownRows {
  readonly codes: Uint8Array;
  private readonly dirty: Uint8Array;
  private dirtyCount = 0;

  constructor(
    readonly rows: number,
    readonly cols: number,
  ) {
    this.codes = new Uint8Array(rows * cols).fill(CELL.HIDDEN);
    this.dirty = new Uint8Array(rows);
  }

  /** Cell `i` now shows `code`. */
  show(i: number, code: number): void {
    if (this.codes[i] === code) return;
    this.codes[i] = code;
    const r = (i / this.cols) | 0;
    if (!this.dirty[r]) {
      this.dirty[r] = 1;
      this.dirtyCount++;
    }
  }

  /** Every cell hidden again (a racer's board before the next race). */
  hideAll(): void {
    for (let i = 0; i < this.codes.length; i++) if (this.codes[i] !== CELL.HIDDEN) this.show(i, CELL.HIDDEN);
  }

  /**
   * Writes the dirty rows into `target` (keyed by row index, every row there from creation, so
   * a row is only ever replaced). Returns rows written.
   */
  flush(target: MapSchema<string>): number {
    if (this.dirtyCount === 0) return 0;
    let written = 0;
    for (let r = 0; r < this.rows; r++) {
      if (!this.dirty[r]) continue;
      this.dirty[r] = 0;
      const s = encodeRow(this.codes, r * this.cols, this.cols);
      const key = String(r);
      if (target.get(key) !== s) {
        target.set(key, s);
        written++;
      }
    }
    this.dirtyCount = 0;
    return written;
  }

  /** Fills a new `cellRows` with every row hidden (what this starts with). */
  fillHidden(target: MapSchema<string>): void {
    const row = encodeRow(new Uint8Array(this.cols).fill(CELL.HIDDEN), 0, this.cols);
    for (let r = 0; r < this.rows; r++) target.set(String(r), row);
  }
}
