// Seeded PRNG: PCG32 (PCG-XSH-RR 64/32, M.E. O'Neill, pcg-random.org).
// The only randomness allowed in common/. Its state is plain data so a
// session can snapshot it and undo a rejected move's draws.

export interface RngState {
  /** 64-bit LCG state as a hex string (16 digits). */
  state: string;
  /** 64-bit odd increment as a hex string (16 digits). */
  inc: string;
}

export interface Rng {
  /** Next uniformly distributed unsigned 32-bit integer. */
  nextUint32(): number;
  /** Uniform float in [0, 1). */
  float(): number;
  /** Uniform integer in [0, n), without modulo bias. */
  int(n: number): number;
  /** Fisher-Yates shuffle in place; returns the same array. */
  shuffle<T>(items: T[]): T[];
  getState(): RngState;
  setState(s: RngState): void;
}

const MASK64 = (1n << 64n) - 1n;
const MULT = 6364136223846793005n;

/**
 * PCG32 seeded like the reference `pcg32_srandom_r(initstate, initseq)`.
 * `seed` and `stream` are taken as unsigned integers (up to 2^53).
 */
export function createRng(seed: number, stream = 54): Rng {
  let state = 0n;
  let inc = ((BigInt(stream) << 1n) | 1n) & MASK64;
  const step = () => {
    state = (state * MULT + inc) & MASK64;
  };
  const nextUint32 = (): number => {
    const old = state;
    step();
    const xorshifted = Number((((old >> 18n) ^ old) >> 27n) & 0xffffffffn);
    const rot = Number(old >> 59n);
    return ((xorshifted >>> rot) | (xorshifted << ((-rot) & 31))) >>> 0;
  };
  // pcg32_srandom_r: state = 0; step; state += initstate; step
  step();
  state = (state + BigInt(seed)) & MASK64;
  step();

  const int = (n: number): number => {
    if (!Number.isInteger(n) || n <= 0 || n > 0x100000000) throw new RangeError(`int(${n})`);
    // Lemire-free rejection sampling, as pcg32_boundedrand_r.
    const threshold = (0x100000000 - n) % n;
    for (;;) {
      const r = nextUint32();
      if (r >= threshold) return r % n;
    }
  };
  return {
    nextUint32,
    float: () => nextUint32() / 0x100000000,
    int,
    shuffle<T>(items: T[]): T[] {
      for (let i = items.length - 1; i > 0; i--) {
        const j = int(i + 1);
        const t = items[i];
        items[i] = items[j];
        items[j] = t;
      }
      return items;
    },
    getState: () => ({ state: state.toString(16).padStart(16, "0"), inc: inc.toString(16).padStart(16, "0") }),
    setState(s: RngState) {
      state = BigInt("0x" + s.state);
      inc = BigInt("0x" + s.inc);
    },
  };
}
