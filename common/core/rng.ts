// Seeded PRNG: PCG32 (PCG-XSH-RR 64/32, M.E. O'Neill, pcg-random.org).
// The only randomness allowed in common/. Its state is plain data so a
// session can snapshot it and undo a rejected move's draws.
//
// A game's seed (`Seed`) is either
//  - a string of 32 lowercase hex digits: 128 random bits, what every new game gets (the
//    server's `crypto`, the browser's getRandomValues). Its two 64-bit halves, each mixed
//    with the stream number (SplitMix64), are PCG32's initial state and sequence: a board,
//    a deck or a shop can only be found by trying 2^127 generators, never by searching
//    seeds; or
//  - a whole number (0 … 2^53 − 1): the 32-bit seeds of games stored before 128-bit seeds,
//    expanded exactly as before (`pcg32_srandom_r(seed, stream)`), so old records replay.

export interface RngState {
  /** 64-bit LCG state as a hex string (16 digits). */
  state: string;
  /** 64-bit odd increment as a hex string (16 digits). */
  inc: string;
}

/** A game's seed: 32 lowercase hex digits (128 bits), or a legacy whole number (0 … 2^53 − 1). */
export type Seed = number | string;

/** The written form of a 128-bit seed. */
export const SEED_PATTERN = /^[0-9a-f]{32}$/;

/** Is `x` a seed (a 128-bit hex string, or a legacy whole number)? */
export function isSeed(x: unknown): x is Seed {
  return typeof x === "string" ? SEED_PATTERN.test(x) : typeof x === "number" && Number.isSafeInteger(x) && x >= 0;
}

/** A 128-bit seed from 16 random bytes (the caller's CSPRNG: common/ has none). */
export function seedFromBytes(bytes: ArrayLike<number>): string {
  if (bytes.length < 16) throw new RangeError(`a seed takes 16 random bytes, not ${bytes.length}`);
  let out = "";
  for (let i = 0; i < 16; i++) out += (bytes[i] & 0xff).toString(16).padStart(2, "0");
  return out;
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
  /**
   * A seed for a sub-stream drawn from this one (the card table's shuffle events): as wide as
   * the seed this generator came from — 128 bits (four draws) from a string seed, 32 bits (one
   * draw, as before) from a legacy number, so old logs draw what they drew.
   */
  nextSeed(): Seed;
  getState(): RngState;
  setState(s: RngState): void;
}

const MASK64 = (1n << 64n) - 1n;
const MULT = 6364136223846793005n;
/** MULT's 32-bit halves, and the low half's 16-bit pieces. */
const MULT_HI = Number(MULT >> 32n);
const MULT_LO = Number(MULT & 0xffffffffn);
const MULT_LO0 = MULT_LO & 0xffff;
const MULT_LO1 = MULT_LO >>> 16;

/** SplitMix64's output function (Steele, Lea, Flood 2014): spreads a 64-bit word over all 64 bits. */
function mix64(x: bigint): bigint {
  let z = (x + 0x9e3779b97f4a7c15n) & MASK64;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
  return z ^ (z >> 31n);
}

/** `pcg32_srandom_r`'s (initstate, initseq) for a seed and a stream (see the header). */
function initial(seed: Seed, stream: number): [bigint, bigint] {
  if (typeof seed === "number") return [BigInt(seed), BigInt(stream)];
  if (!SEED_PATTERN.test(seed)) throw new RangeError(`a seed is 32 lowercase hex digits or a whole number, not ${JSON.stringify(seed.slice(0, 40))}`);
  const k = mix64(BigInt(stream));
  return [BigInt("0x" + seed.slice(0, 16)) ^ k, BigInt("0x" + seed.slice(16)) ^ mix64(k)];
}

/**
 * PCG32 seeded like the reference `pcg32_srandom_r(initstate, initseq)`: a number `seed` and
 * `stream` (unsigned integers up to 2^53) are those two, as the reference takes them; a
 * 128-bit string seed is expanded with the stream first (see the header).
 */
export function createRng(seed: Seed, stream = 54): Rng {
  const [initstate, initseq] = initial(seed, stream);
  const wide = typeof seed === "string";
  // The 64-bit state and increment as two unsigned 32-bit halves each: BigInt arithmetic made a
  // draw ~1 µs (a 4,000-card deal draws ~10,000 times), halves make it a few tens of ns, and
  // every draw is the same (test/common/core.rng.test.ts checks them against BigInt PCG32).
  let hi = 0;
  let lo = 0;
  let incHi = 0;
  let incLo = 0;
  const setInc = (x: bigint) => {
    incHi = Number((x >> 32n) & 0xffffffffn);
    incLo = Number(x & 0xffffffffn);
  };
  const setWord = (x: bigint) => {
    hi = Number((x >> 32n) & 0xffffffffn);
    lo = Number(x & 0xffffffffn);
  };
  const word = () => (BigInt(hi) << 32n) | BigInt(lo);
  setInc(((initseq << 1n) | 1n) & MASK64);
  // state = state * MULT + inc (mod 2^64), by 16-bit pieces so every product is exact.
  const step = () => {
    const a0 = lo & 0xffff;
    const a1 = lo >>> 16;
    const p00 = a0 * MULT_LO0;
    const p01 = a0 * MULT_LO1;
    const p10 = a1 * MULT_LO0;
    const mid = (p00 >>> 16) + (p01 & 0xffff) + (p10 & 0xffff);
    const low = (((mid & 0xffff) << 16) | (p00 & 0xffff)) >>> 0;
    let high = a1 * MULT_LO1 + (p01 >>> 16) + (p10 >>> 16) + (mid >>> 16);
    high = (high + Math.imul(hi, MULT_LO) + Math.imul(lo, MULT_HI)) >>> 0;
    const sum = low + incLo;
    lo = sum >>> 0;
    hi = (high + incHi + (sum > 0xffffffff ? 1 : 0)) >>> 0;
  };
  const nextUint32 = (): number => {
    const oh = hi;
    const ol = lo;
    step();
    // ((old >> 18) ^ old) >> 27, its low 32 bits; rot = old >> 59.
    const xh = oh ^ (oh >>> 18);
    const xl = ol ^ (((ol >>> 18) | (oh << 14)) >>> 0);
    const xorshifted = ((xl >>> 27) | (xh << 5)) >>> 0;
    const rot = oh >>> 27;
    return ((xorshifted >>> rot) | (xorshifted << ((-rot) & 31))) >>> 0;
  };
  // pcg32_srandom_r: state = 0; step; state += initstate; step
  step();
  setWord((word() + initstate) & MASK64);
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
    nextSeed: (): Seed => (wide ? [nextUint32(), nextUint32(), nextUint32(), nextUint32()].map((x) => x.toString(16).padStart(8, "0")).join("") : nextUint32()),
    getState: () => ({ state: hex8(hi) + hex8(lo), inc: hex8(incHi) + hex8(incLo) }),
    setState(s: RngState) {
      setWord(BigInt("0x" + s.state) & MASK64);
      setInc(BigInt("0x" + s.inc) & MASK64);
    },
  };
}

/** Two hex digits per byte value: a state is written per card id drawn, and toString(16) took ~0.5 µs. */
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
const hex8 = (x: number) => HEX[x >>> 24] + HEX[(x >>> 16) & 0xff] + HEX[(x >>> 8) & 0xff] + HEX[x & 0xff];
