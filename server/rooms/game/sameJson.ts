// Would `JSON.stringify(a)` and `JSON.stringify(b)` hold the same data? Compared in place:
// the room log asks this of a room's header and deadlines on every move, and stringifying
// the header each time (to compare with the last one written) was most of the log's per-move cost after the commit itself
// (docs/benchmarks.md, "Why the rows not at target are not").
//
// Like JSON: a property whose value is undefined or a function counts as absent, and key
// order does not matter (both spell the same row). Anything it cannot be sure of (NaN,
// Infinity, toJSON, class instances) is "not the same", which only costs a write.
//
// Not node:util's isDeepStrictEqual: on a Minesweeper header of 8 seats it took 6.8–7.0 µs a
// compare, slower than the stringify it would replace (4.6 µs), against 2.0 µs here.

export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return typeof a !== "number" || Number.isFinite(a);
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || !plain(a) || !plain(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let present = 0;
  for (const k in ra) {
    const v = ra[k];
    if (absent(v)) continue;
    present++;
    if (!Object.prototype.hasOwnProperty.call(rb, k) || !sameJson(v, rb[k])) return false;
  }
  for (const k in rb) if (!absent(rb[k])) present--;
  return present === 0;
}

/** A copy that `sameJson` compares equal to the original for as long as the original is unchanged. */
export function jsonCopy<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

function absent(v: unknown): boolean {
  return v === undefined || typeof v === "function";
}

function plain(o: object): boolean {
  const p = Object.getPrototypeOf(o);
  return (p === Object.prototype || p === null) && typeof (o as { toJSON?: unknown }).toJSON !== "function";
}
