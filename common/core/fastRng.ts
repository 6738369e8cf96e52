// Fast seeded 32-bit generator: SFC32 (Chris Doty-Humphrey's Small Fast Chaotic PRNG,
// from PractRand), seeded through SplitMix32. PCG32 in rng.ts does 64-bit BigInt
// arithmetic and costs ~1 µs a draw, far too slow for the Monte-Carlo battle rollouts of
// Auto Pets (hundreds of thousands of dice a second). SFC32 uses only 32-bit integer ops.
// Pure: the whole state is four uint32 numbers, so it snapshots and replays like PCG32.
// Use PCG32 for anything a game log depends on across versions; use this for hot loops.

import { SEED_PATTERN, type Seed } from "./rng.js";

export type FastRngState = [number, number, number, number];

export interface FastRng {
  nextUint32(): number;
  /** Uniform float in [0, 1). */
  float(): number;
  /** Uniform integer in [0, n), n ≤ 2^32, without modulo bias. */
  int(n: number): number;
  getState(): FastRngState;
  setState(s: FastRngState): void;
}

/** SplitMix32 step: spreads a small seed over a full 32-bit word. */
function splitmix32(x: number): number {
  x = (x + 0x9e3779b9) | 0;
  let z = x;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** SFC32's four words for a seed and a stream (see createFastRng). */
function initial(seed: Seed, stream: number): FastRngState {
  if (typeof seed === "number") {
    const s0 = splitmix32(seed >>> 0);
    const s1 = splitmix32(s0 ^ Math.imul(stream >>> 0, 0x27d4eb2d));
    return [s0, s1, splitmix32(s1 + 1), 1];
  }
  if (!SEED_PATTERN.test(seed)) throw new RangeError(`a seed is 32 lowercase hex digits or a whole number, not ${JSON.stringify(seed.slice(0, 40))}`);
  // All 128 bits of the seed are the state (the counter too), each word mixed with the stream.
  const out: FastRngState = [0, 0, 0, 0];
  let k = stream >>> 0;
  for (let i = 0; i < 4; i++) {
    k = splitmix32(k + i);
    out[i] = (parseInt(seed.slice(8 * i, 8 * i + 8), 16) ^ k) >>> 0;
  }
  return out;
}

/**
 * A seeded SFC32. A number `seed` is taken modulo 2^32 (as before 128-bit seeds: old games
 * replay); a 128-bit string seed (rng.ts, `Seed`) fills the whole 128-bit state. `stream`
 * picks an independent sequence.
 */
export function createFastRng(seed: Seed, stream = 0): FastRng {
  let [a, b, c, d] = initial(seed, stream);
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) next(); // the reference discards the first draws to mix the seed
  const int = (n: number): number => {
    if (!(n > 0) || n > 0x100000000 || n !== Math.floor(n)) throw new RangeError(`int(${n})`);
    const threshold = (0x100000000 - n) % n;
    for (;;) {
      const r = next();
      if (r >= threshold) return r % n;
    }
  };
  return {
    nextUint32: next,
    float: () => next() / 0x100000000,
    int,
    getState: () => [a >>> 0, b >>> 0, c >>> 0, d >>> 0],
    setState(s: FastRngState) {
      [a, b, c, d] = [s[0] | 0, s[1] | 0, s[2] | 0, s[3] | 0];
    },
  };
}
