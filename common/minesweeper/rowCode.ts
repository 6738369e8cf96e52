// A board row as one run-length string (the wire form of `cellRows`, docs/protocol.md). A run
// is a letter, 'a' + the cell code (0..14: every code a client may see, types.ts CELL), then
// its length in decimal only when it is more than 1 ("a" is one 0-cell, "j12" twelve hidden
// cells). A flood rewrites whole stretches of a row with few runs, so a changed row costs a
// few bytes where one schema entry per cell cost ~5 B each. Pure: no DOM, no schema.

/** Highest cell code a row may carry (CELL.FLAGGED_MINE). */
export const MAX_ROW_CODE = 14;

const A = 97; // "a"

/** The row string of `width` codes starting at `from`. */
export function encodeRow(codes: ArrayLike<number>, from: number, width: number): string {
  let out = "";
  let k = 0;
  while (k < width) {
    const code = codes[from + k];
    if (!(code >= 0 && code <= MAX_ROW_CODE) || code !== (code | 0)) throw new Error(`row code ${code} out of range`);
    let run = 1;
    while (k + run < width && codes[from + k + run] === code) run++;
    out += run > 1 ? String.fromCharCode(A + code) + run : String.fromCharCode(A + code);
    k += run;
  }
  return out;
}

/**
 * Decodes `str` into `out` from `at`; it must hold exactly `width` cells. Strict: an unknown
 * letter, a length of 0 or 1, a leading zero, or a wrong total throws.
 */
export function decodeRowInto(str: string, width: number, out: Uint8Array, at: number): void {
  let n = 0;
  let p = 0;
  const len = str.length;
  while (p < len) {
    const code = str.charCodeAt(p++) - A;
    if (!(code >= 0 && code <= MAX_ROW_CODE)) throw new Error(`bad row string: "${str[p - 1]}" at ${p - 1}`);
    let run = 1;
    if (p < len) {
      const d0 = str.charCodeAt(p);
      if (d0 >= 48 && d0 <= 57) {
        if (d0 === 48) throw new Error(`bad row string: a run length starts with 0 at ${p}`);
        run = 0;
        while (p < len) {
          const d = str.charCodeAt(p);
          if (d < 48 || d > 57) break;
          run = run * 10 + (d - 48);
          p++;
        }
        if (run === 1) throw new Error(`bad row string: a run length of 1 at ${p - 1}`);
      }
    }
    if (n + run > width) throw new Error(`bad row string: more than ${width} cells`);
    if (run === 1) out[at + n] = code;
    else out.fill(code, at + n, at + n + run); // a flood's long runs: one native fill, not a loop per cell
    n += run;
  }
  if (n !== width) throw new Error(`bad row string: ${n} cells, not ${width}`);
}

/** The `width` codes of a row string (strict: see decodeRowInto). */
export function decodeRow(str: string, width: number): Uint8Array {
  const out = new Uint8Array(width);
  decodeRowInto(str, width, out, 0);
  return out;
}

/** How many cells a row string holds (it must be well formed but may have any width). */
export function rowWidth(str: string): number {
  let n = 0;
  let p = 0;
  while (p < str.length) {
    const code = str.charCodeAt(p++) - A;
    if (!(code >= 0 && code <= MAX_ROW_CODE)) throw new Error(`bad row string: "${str[p - 1]}" at ${p - 1}`);
    const start = p;
    while (p < str.length && str.charCodeAt(p) >= 48 && str.charCodeAt(p) <= 57) p++;
    if (p === start) n += 1;
    else {
      const digits = str.slice(start, p);
      if (digits[0] === "0" || digits === "1") throw new Error(`bad row string: run length "${digits}" at ${start}`);
      n += Number(digits);
    }
  }
  return n;
}

/** Every row of a row-major board of `cols` columns. */
export function encodeRows(codes: ArrayLike<number>, cols: number): string[] {
  const rows: string[] = [];
  for (let from = 0; from < codes.length; from += cols) rows.push(encodeRow(codes, from, cols));
  return rows;
}

/** A row-major board from its row strings; rows missing (not arrived yet) read as `fill`. */
export function decodeRows(rows: ArrayLike<string>, nRows: number, cols: number, fill: number): Uint8Array {
  const out = new Uint8Array(nRows * cols).fill(fill);
  const n = Math.min(nRows, rows.length);
  for (let r = 0; r < n; r++) decodeRowInto(rows[r], cols, out, r * cols);
  return out;
}

/** The code of cell `i` (row-major) read straight from the row strings, without decoding a row. */
export function cellAt(rows: ArrayLike<string>, cols: number, i: number): number {
  const str = rows[Math.floor(i / cols)];
  if (str === undefined) throw new Error(`cell ${i}: no row ${Math.floor(i / cols)}`);
  const c = i % cols;
  let n = 0;
  let p = 0;
  while (p < str.length) {
    const code = str.charCodeAt(p++) - A;
    let run = 0;
    while (p < str.length && str.charCodeAt(p) >= 48 && str.charCodeAt(p) <= 57) run = run * 10 + (str.charCodeAt(p++) - 48);
    n += run || 1;
    if (c < n) return code;
  }
  throw new Error(`cell ${i}: row ${Math.floor(i / cols)} is shorter than ${c + 1} cells`);
}
