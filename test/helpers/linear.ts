// "Runs in linear time", tested without asserting a time: a parser given ONE input of size n
// must cost about what it costs on K inputs of size n/K (linear: the same; quadratic: K times
// more; cubic: K² times more). Both sides are timed in the same process, interleaved, the
// fastest of several runs kept, so a busy machine slows both alike.
//
// The sizes grow from n = max/64 to max, so a super-linear parser fails at a small size in
// milliseconds instead of running for hours at the limit (the decklist header regex took 66 s
// for one list before issue 36).

import { performance } from "node:perf_hooks";

/** One input of n/K costs this many times less than one of n: a ratio above it is not linear. */
const K = 8;
/** A linear parser stays near 1; quadratic is 8, cubic 64. Generous: noise, GC, long strings. */
export const LIMIT = 3;
const RUNS = 5;
/** Each timed side is repeated until it takes at least this long (timer noise). */
const MIN_SPAN_MS = 4;

function timed(fn: () => void, reps: number): number {
  const t0 = performance.now();
  for (let i = 0; i < reps; i++) fn();
  return performance.now() - t0;
}

export interface Ratio {
  n: number;
  /** Time of one input of size n over time of K inputs of size n/K (fastest runs). */
  ratio: number;
  oneMs: number;
  splitMs: number;
}

/** One measurement at size n: the ratio, the fastest of RUNS interleaved runs of each side. */
export function ratioAt<T>(n: number, make: (n: number) => T, parse: (input: T) => void): Ratio {
  const one = make(n);
  const parts = Array.from({ length: K }, () => make(Math.floor(n / K)));
  const split = () => {
    for (const p of parts) parse(p);
  };
  split();
  const first = timed(() => parse(one), 1);
  // Repeats so the shorter side spans MIN_SPAN_MS; a super-linear `one` is never repeated much.
  const splitOnce = Math.max(timed(split, 1), 0.001);
  const reps = Math.max(1, Math.min(1000, Math.ceil(MIN_SPAN_MS / Math.min(splitOnce, Math.max(first, 0.001)))));
  let oneMs = Infinity;
  let splitMs = Infinity;
  for (let r = 0; r < RUNS; r++) {
    oneMs = Math.min(oneMs, timed(() => parse(one), reps) / reps);
    splitMs = Math.min(splitMs, timed(split, reps) / reps);
    // Clearly super-linear already: no need for more runs of it.
    if (oneMs / splitMs > LIMIT * 8) break;
  }
  return { n, ratio: oneMs / splitMs, oneMs, splitMs };
}

/**
 * Throws unless `parse` is linear on `make`'s inputs up to `max` (a string of n characters,
 * usually): at each size the ratio must be under LIMIT; a ratio over it is measured again
 * (twice) before it counts, so one unlucky pause never fails the build.
 */
export function assertLinear<T>(what: string, max: number, make: (n: number) => T, parse: (input: T) => void): Ratio[] {
  const out: Ratio[] = [];
  for (const n of [Math.floor(max / 64), Math.floor(max / 8), max]) {
    let r = ratioAt(n, make, parse);
    for (let again = 0; again < 2 && r.ratio > LIMIT; again++) r = ratioAt(n, make, parse);
    out.push(r);
    if (r.ratio > LIMIT) {
      throw new Error(
        `${what}: not linear at ${n.toLocaleString("en")} characters: one input took ${r.oneMs.toFixed(3)} ms, ${K} inputs of ${Math.floor(n / K).toLocaleString("en")} took ${r.splitMs.toFixed(3)} ms (ratio ${r.ratio.toFixed(1)}, linear is about 1, limit ${LIMIT})`,
      );
    }
  }
  return out;
}
