// A Minesweeper board's `cellRows` (row index → one run-length string per row,
// common/minesweeper/rowCode.ts) read back as the flat row-major array of cell codes, so tests
// compare and index cells as before.
import { decodeRow, encodeRows, rowWidth } from "../../common/minesweeper/rowCode.js";

type Rows = { get(key: string): string | undefined; readonly size: number } | ArrayLike<string>;

/** The row strings in row order, from a `cellRows` map (or plain object / list). */
export function rowsOf(x: Rows | { cellRows?: Rows } | Record<string, string> | null | undefined): string[] {
  if (!x) return [];
  const holder = x as { cellRows?: unknown };
  const rows = typeof holder === "object" && "cellRows" in holder ? (holder.cellRows as Rows | Record<string, string> | undefined) : (x as Rows);
  if (!rows) return [];
  if (typeof (rows as { get?: unknown }).get === "function") {
    const map = rows as { get(key: string): string | undefined; readonly size: number };
    return Array.from({ length: map.size }, (_, r) => map.get(String(r)) ?? "");
  }
  if ("length" in rows) return Array.from(rows as ArrayLike<string>);
  // a snapshot's toJSON(): a plain object keyed by row index
  const obj = rows as Record<string, string>;
  return Array.from({ length: Object.keys(obj).length }, (_, r) => obj[String(r)] ?? "");
}

/** The flat cell codes of a board's `cellRows` (or of anything holding one); [] when absent. */
export function cellsOf(x: Parameters<typeof rowsOf>[0]): number[] {
  const rows = rowsOf(x);
  if (rows.length === 0) return [];
  const width = rowWidth(rows[0]);
  const out: number[] = [];
  for (const row of rows) for (const code of decodeRow(row, width)) out.push(code);
  return out;
}

/** A `cellRows` map for planted boards in tests: `codes` row-major, `cols` wide (3 by default). */
export function rowsFor(codes: ArrayLike<number>, cols = 3): Map<string, string> {
  return new Map(encodeRows(codes, cols).map((row, r) => [String(r), row]));
}
