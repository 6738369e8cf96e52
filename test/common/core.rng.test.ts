// PCG32 (common/core/rng.ts) against the published reference, plus the
// properties the rules rely on: bounded draws in range and unbiased,
// snapshot/restore of the state, deterministic shuffles.

import { expect } from "chai";
import fc from "fast-check";
import { createRng, isSeed, SEED_PATTERN, seedFromBytes, type Rng, type RngState, type Seed } from "../../common/core/rng.js";

// Verbatim output of the reference demo, `pcg32_srandom_r(&rng, 42u, 54u)`
// (imneme/pcg-c-basic pcg32-demo.c; the same text is pcg-c's
// test-high/expected/check-pcg32.out without its "Again:" lines). Each round:
// 6 × pcg32_random_r, 65 coins = boundedrand(2) (1 → H), 33 rolls =
// boundedrand(6) + 1, then a fresh 52-card deck dealt with boundedrand(i)
// for i = 52..2. Card k prints as "A23456789TJQK"[k / 4] + "hcds"[k % 4].
const DEMO_OUTPUT = `
Round 1:
  32bit: 0xa15c02b7 0x7b47f409 0xba1d3330 0x83d2f293 0xbfa4784b 0xcbed606e
  Coins: HHTTTHTHHHTHTTTHHHHHTTTHHHTHTHTHTTHTTTHHHHHHTTTTHHTTTTTHTTTTTTTHT
  Rolls: 3 4 1 1 2 2 3 2 4 3 2 4 3 3 5 2 3 1 3 1 5 1 4 1 5 6 4 6 6 2 6 3 3
  Cards: Qd Ks 6d 3s 3d 4c 3h Td Kc 5c Jh Kd Jd As 4s 4h Ad Th Ac Jc 7s Qs
	 2s 7h Kh 2d 6c Ah 4d Qh 9h 6s 5s 2c 9c Ts 8d 9s 3c 8c Js 5d 2h 6h
	 7d 8s 9d 5h 8h Qc 7c Tc

Round 2:
  32bit: 0x74ab93ad 0x1c1da000 0x494ff896 0x34462f2f 0xd308a3e5 0x0fa83bab
  Coins: HHHHHHHHHHTHHHTHTHTHTHTTTTHHTTTHHTHHTHTTHHTTTHHHHHHTHTTHTHTTTTTTT
  Rolls: 5 1 1 3 3 2 4 5 3 2 2 6 4 3 2 4 2 4 3 2 3 6 3 2 3 4 2 4 1 1 5 4 4
  Cards: 7d 2s 7h Td 8s 3c 3d Js 2d Tc 4h Qs 5c 9c Th 2c Jc Qd 9d Qc 7s 3s
	 5s 6h 4d Jh 4c Ac 4s 5h 5d Kc 8h 8d Jd 9s Ad 6s 6c Kd 2h 3h Kh Ts
	 Qh 9h 6d As 7c Ks Ah 8c

Round 3:
  32bit: 0x39af5f9f 0x04196b18 0xc3c3eb28 0xc076c60c 0xc693e135 0xf8f63932
  Coins: HTTHHTTTTTHTTHHHTHTTHHTTHTHHTHTHTTTTHHTTTHHTHHTTHTTHHHTHHHTHTTTHT
  Rolls: 5 1 5 3 2 2 4 5 3 3 1 3 4 6 3 2 3 4 2 2 3 1 5 2 4 6 6 4 2 4 3 3 6
  Cards: Kd Jh Kc Qh 4d Qc 4h 9d 3c Kh Qs 8h 5c Jd 7d 8d 3h 7c 8s 3s 2h Ks
	 9c 9h 2c 8c Ad 7s 4s 2s 5h 6s 4c Ah 7h 5s Ac 3d 5d Qd As Tc 6h 9s
	 2d 6c 6d Td Jc Ts Th Js

Round 4:
  32bit: 0x55ce6851 0x97a7726d 0x17e10815 0x58007d43 0x962fb148 0xb9bb55bd
  Coins: HHTHHTTTTHTHHHHHTTHHHTTTHHTHTHTHTHHTTHTHHHHHHTHHTHHTHHTTTTHHTHHTT
  Rolls: 6 6 3 2 3 4 2 6 4 2 6 3 2 3 5 5 3 4 4 6 6 2 6 5 4 4 6 1 6 1 3 6 5
  Cards: Qd 8h 5d 8s 8d Ts 7h Th Qs Js 7s Kc 6h 5s 4d Ac Jd 7d 7c Td 2c 6s
	 5h 6d 3s Kd 9s Jh Kh As Ah 9h 3c Qh 9c 2d Tc 9d 2s 3d Ks 4h Qc Ad
	 Jc 8c 2h 3h 4s 4c 5c 6c

Round 5:
  32bit: 0xfcef7cd6 0x1b488b5a 0xd0daf7ea 0x1d9a70f7 0x241a37cf 0x9a3857b7
  Coins: HHHHTHHTTHTTHHHTTTHHTHTHTTTTHTTHTHTTTHHHTHTHTTHTTHTHHTHTHHHTHTHTT
  Rolls: 5 4 1 2 6 1 3 1 5 6 3 6 2 1 4 4 5 2 1 5 6 5 6 4 4 4 5 2 6 4 3 5 6
  Cards: 4d 9s Qc 9h As Qs 7s 4c Kd 6h 6s 2c 8c 5d 7h 5h Jc 3s 7c Jh Js Ks
	 Tc Jd Kc Th 3h Ts Qh Ad Td 3c Ah 2d 3d 5c Ac 8s 5s 9c 2h 6c 6d Kh
	 Qd 8d 7d 2s 8h 4h 9d 4s
`;

interface DemoRound {
  u32: number[];
  coins: string;
  rolls: number[];
  cards: string[];
}

function parseDemo(text: string): DemoRound[] {
  return text
    .split(/Round \d+:/)
    .slice(1)
    .map((block) => {
      const field = (name: string) => {
        const m = new RegExp(`${name}:([^]*?)(?=\\n\\s*(?:32bit|Coins|Rolls|Cards):|$)`).exec(block);
        if (!m) throw new Error(`demo text: no ${name} line`);
        return m[1].trim().split(/\s+/);
      };
      return {
        u32: field("32bit").map((h) => parseInt(h, 16)),
        coins: field("Coins").join(""),
        rolls: field("Rolls").map(Number),
        cards: field("Cards"),
      };
    });
}

const DEMO = parseDemo(DEMO_OUTPUT);
const cardName = (k: number) => "A23456789TJQK"[k >> 2] + "hcds"[k & 3];

/** The demo's own deal loop, written out with int(i) as pcg32_boundedrand_r. */
function demoDeal(rng: Rng): string[] {
  const cards = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 52; i > 1; i--) {
    const chosen = rng.int(i);
    const card = cards[chosen];
    cards[chosen] = cards[i - 1];
    cards[i - 1] = card;
  }
  return cards.map(cardName);
}

function take(rng: Rng, n: number): number[] {
  return Array.from({ length: n }, () => rng.nextUint32());
}

/** Pearson chi-square of observed counts against equal expected counts. */
function chiSquare(counts: number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((acc, o) => acc + (o - expected) ** 2 / expected, 0);
}

describe("core/rng: PCG32", () => {
  describe("published reference vectors (pcg32-demo, seed 42, stream 54)", () => {
    it("parses five complete demo rounds from the reference text", () => {
      // Guards the parser: a silently short table would make the tests below vacuous.
      expect(DEMO).to.have.length(5);
      for (const round of DEMO) {
        expect(round.u32).to.have.length(6);
        expect(round.coins).to.match(/^[HT]{65}$/);
        expect(round.rolls).to.have.length(33);
        expect(round.cards).to.have.length(52);
        expect(new Set(round.cards).size).to.equal(52);
      }
    });

    it("the first six outputs are 0xa15c02b7 0x7b47f409 0xba1d3330 0x83d2f293 0xbfa4784b 0xcbed606e", () => {
      const rng = createRng(42, 54);
      expect(take(rng, 6)).to.deep.equal([0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e]);
    });

    it("stream 54 is the default stream", () => {
      expect(take(createRng(42), 6)).to.deep.equal(DEMO[0].u32);
    });

    it("reproduces all five demo rounds: 32-bit outputs, coins, dice and the card deal", () => {
      const rng = createRng(42, 54);
      DEMO.forEach((round, k) => {
        expect(take(rng, 6), `round ${k + 1} 32bit`).to.deep.equal(round.u32);
        const coins = Array.from({ length: 65 }, () => (rng.int(2) ? "H" : "T")).join("");
        expect(coins, `round ${k + 1} coins`).to.equal(round.coins);
        const rolls = Array.from({ length: 33 }, () => rng.int(6) + 1);
        expect(rolls, `round ${k + 1} rolls`).to.deep.equal(round.rolls);
        expect(demoDeal(rng), `round ${k + 1} cards`).to.deep.equal(round.cards);
      });
    });

    it("shuffle() of a fresh deck draws exactly like the demo's deal", () => {
      const rng = createRng(42, 54);
      for (const round of DEMO) {
        take(rng, 6);
        for (let i = 0; i < 65; i++) rng.int(2);
        for (let i = 0; i < 33; i++) rng.int(6);
        const deck = rng.shuffle(Array.from({ length: 52 }, (_, i) => i));
        expect(deck.map(cardName)).to.deep.equal(round.cards);
      }
    });

    it("another stream or another seed gives another sequence", () => {
      const ref = DEMO[0].u32;
      expect(take(createRng(42, 55), 6)).to.not.deep.equal(ref);
      expect(take(createRng(43, 54), 6)).to.not.deep.equal(ref);
    });
  });

  describe("outputs", () => {
    it("nextUint32 is always an unsigned 32-bit integer", () => {
      fc.assert(
        fc.property(fc.nat(), fc.nat(), (seed, stream) => {
          const rng = createRng(seed, stream);
          for (let i = 0; i < 20; i++) {
            const x = rng.nextUint32();
            if (!Number.isInteger(x) || x < 0 || x > 0xffffffff) return false;
          }
          return true;
        }),
        { seed: 1001, numRuns: 200 },
      );
    });

    it("float() is in [0, 1) and is the 32-bit output scaled by 2^-32", () => {
      const a = createRng(7);
      const b = createRng(7);
      for (let i = 0; i < 1000; i++) {
        const f = a.float();
        expect(f).to.be.at.least(0).and.below(1);
        expect(f).to.equal(b.nextUint32() / 2 ** 32);
      }
    });
  });

  describe("int(n): bounded draws", () => {
    it("is always an integer in [0, n), for any seed and any n up to 2^32", () => {
      fc.assert(
        fc.property(fc.nat(), fc.integer({ min: 1, max: 2 ** 32 }), (seed, n) => {
          const rng = createRng(seed);
          for (let i = 0; i < 20; i++) {
            const x = rng.int(n);
            if (!Number.isInteger(x) || x < 0 || x >= n) return false;
          }
          return true;
        }),
        { seed: 1002, numRuns: 300 },
      );
    });

    it("int(1) is always 0", () => {
      const rng = createRng(99);
      for (let i = 0; i < 100; i++) expect(rng.int(1)).to.equal(0);
    });

    it("refuses a bound that is not a whole number in [1, 2^32]", () => {
      const rng = createRng(1);
      for (const n of [0, -1, 1.5, NaN, Infinity, 2 ** 32 + 1]) {
        expect(() => rng.int(n), `int(${n})`).to.throw(RangeError);
      }
    });

    // Fixed seeds make these exact, so they cannot flake. The bounds are the
    // chi-square critical values at p = 0.001: a fair generator passes them
    // 999 times in 1000, a biased one (e.g. plain `r % n`) fails them at once.
    it("is roughly uniform for n = 10 (chi-square, 9 degrees of freedom)", () => {
      const rng = createRng(2024);
      const counts = new Array<number>(10).fill(0);
      for (let i = 0; i < 100_000; i++) counts[rng.int(10)]++;
      expect(chiSquare(counts)).to.be.below(27.88);
    });

    it("is roughly uniform for n = 6 over several seeds (chi-square, 5 degrees of freedom)", () => {
      for (const seed of [1, 2, 3, 42]) {
        const rng = createRng(seed);
        const counts = new Array<number>(6).fill(0);
        for (let i = 0; i < 60_000; i++) counts[rng.int(6)]++;
        expect(chiSquare(counts), `seed ${seed}`).to.be.below(20.52);
      }
    });

    it("has no modulo bias for a large bound (n = 3·2^30, thirds of the range equally likely)", () => {
      // 2^32 mod n = 2^30: plain `r % n` would land in the first third half of the time.
      const n = 3 * 2 ** 30;
      const rng = createRng(5);
      const thirds = [0, 0, 0];
      for (let i = 0; i < 30_000; i++) thirds[Math.floor(rng.int(n) / 2 ** 30)]++;
      expect(chiSquare(thirds)).to.be.below(13.82);
    });
  });

  describe("getState / setState", () => {
    it("the state is plain data: two 16-digit hex strings that survive JSON", () => {
      const s = createRng(42).getState();
      expect(s.state).to.match(/^[0-9a-f]{16}$/);
      expect(s.inc).to.match(/^[0-9a-f]{16}$/);
      expect(JSON.parse(JSON.stringify(s))).to.deep.equal(s);
      expect(createRng(42, 54).getState().inc).to.equal((54 * 2 + 1).toString(16).padStart(16, "0"));
    });

    it("restoring a snapshot replays the same draws", () => {
      fc.assert(
        fc.property(fc.nat(), fc.nat({ max: 50 }), (seed, skip) => {
          const rng = createRng(seed);
          take(rng, skip);
          const saved = rng.getState();
          const first = [...take(rng, 10), rng.int(6), rng.int(1000)];
          rng.setState(saved);
          const again = [...take(rng, 10), rng.int(6), rng.int(1000)];
          expect(again).to.deep.equal(first);
          expect(rng.getState()).to.not.deep.equal(saved);
        }),
        { seed: 1003, numRuns: 200 },
      );
    });

    it("a snapshot moved to another generator (other seed and stream) continues the original sequence", () => {
      const a = createRng(42, 54);
      take(a, 3);
      const b = createRng(1, 2);
      b.setState(JSON.parse(JSON.stringify(a.getState())));
      expect(take(b, 3)).to.deep.equal(DEMO[0].u32.slice(3));
    });
  });

  describe("shuffle", () => {
    it("returns the same array, holding a permutation of its items", () => {
      fc.assert(
        fc.property(fc.nat(), fc.array(fc.integer(), { maxLength: 60 }), (seed, items) => {
          const copy = items.slice();
          const out = createRng(seed).shuffle(copy);
          expect(out).to.equal(copy);
          expect(out.slice().sort((x, y) => x - y)).to.deep.equal(items.slice().sort((x, y) => x - y));
        }),
        { seed: 1004, numRuns: 300 },
      );
    });

    it("is deterministic: the same seed gives the same order", () => {
      fc.assert(
        fc.property(fc.nat(), fc.integer({ min: 0, max: 100 }), (seed, n) => {
          const deck = () => Array.from({ length: n }, (_, i) => i);
          expect(createRng(seed).shuffle(deck())).to.deep.equal(createRng(seed).shuffle(deck()));
        }),
        { seed: 1005, numRuns: 200 },
      );
    });

    it("actually moves things: different seeds give different orders of a 52-card deck", () => {
      const deck = () => Array.from({ length: 52 }, (_, i) => i);
      const orders = new Set([1, 2, 3, 4, 5].map((seed) => createRng(seed).shuffle(deck()).join(",")));
      expect(orders.size).to.equal(5);
      expect(orders.has(deck().join(","))).to.equal(false);
    });

    it("every position receives every card about equally often (chi-square over 3-card shuffles)", () => {
      // 6 orders of 3 items, 60 000 shuffles from one seed; 5 degrees of freedom, p = 0.001.
      const rng = createRng(77);
      const counts = new Map<string, number>();
      for (let i = 0; i < 60_000; i++) {
        const key = rng.shuffle(["a", "b", "c"]).join("");
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      expect(counts.size).to.equal(6);
      expect(chiSquare([...counts.values()])).to.be.below(20.52);
    });
  });

  describe("128-bit seeds (32 hex digits) beside the old whole-number seeds", () => {
    const SEED = "000102030405060708090a0b0c0d0e0f";

    it("an old whole-number seed draws exactly what it drew before 128-bit seeds (pinned outputs)", () => {
      // Outputs of the code before 128-bit seeds, for a seed above 2^31 and a game's stream:
      // a stored game or a room-log row with such a seed replays the same board, deck or shop.
      expect(take(createRng(2_000_000_007, 0x5e7), 6)).to.deep.equal([1241064546, 68148820, 2930081730, 633888932, 1251119826, 4250243999]);
      expect(take(createRng(42, 54), 6)).to.deep.equal(DEMO[0].u32);
    });

    it("a string seed is expanded with its stream (pinned outputs, so the expansion never changes silently)", () => {
      expect(take(createRng(SEED, 54), 6)).to.deep.equal([0xce78afc7, 0xea78e7de, 0xf2701dab, 0x8959feac, 0xce676203, 0x705dec65]);
      expect(take(createRng(SEED, 55), 6)).to.not.deep.equal(take(createRng(SEED, 54), 6));
    });

    it("both halves of the seed pick the generator: flipping any one of 127 of its bits gives another sequence", () => {
      // PCG32 is a 64-bit state and a 63-bit sequence (its increment is odd): 2^127 generators,
      // so the one bit the increment drops (the low half's top bit) is the only one that may not count.
      const base = take(createRng(SEED, 7), 4).join();
      let counted = 0;
      for (let bit = 0; bit < 128; bit++) {
        const digits = SEED.split("");
        const at = 31 - (bit >> 2);
        digits[at] = (parseInt(digits[at], 16) ^ (1 << (bit & 3))).toString(16);
        if (take(createRng(digits.join(""), 7), 4).join() !== base) counted++;
      }
      expect(counted).to.be.at.least(127);
    });

    it("isSeed takes 32 lowercase hex digits or a whole number, nothing else; a wrong string cannot make a generator", () => {
      expect(isSeed(SEED)).to.equal(true);
      expect(isSeed(0)).to.equal(true);
      expect(isSeed(2 ** 53 - 1)).to.equal(true);
      for (const bad of [SEED.toUpperCase(), SEED.slice(1), SEED + "0", "7", "", -1, 1.5, 2 ** 53, null, undefined, {}]) expect(isSeed(bad), String(bad)).to.equal(false);
      expect(() => createRng("not a seed")).to.throw(RangeError);
    });

    it("seedFromBytes writes 16 bytes as 32 hex digits (the server's and the browser's CSPRNG bytes)", () => {
      expect(seedFromBytes(Array.from({ length: 16 }, (_, i) => i))).to.equal(SEED);
      expect(seedFromBytes(new Uint8Array(16).fill(255))).to.equal("f".repeat(32));
      expect(() => seedFromBytes(new Uint8Array(15))).to.throw(RangeError);
    });

    it("nextSeed: one 32-bit draw from an old seed (old logs draw what they drew), 128 bits from a string seed", () => {
      const old = createRng(9);
      const same = createRng(9);
      expect(old.nextSeed()).to.equal(same.nextUint32());
      const wide = createRng(SEED);
      const again = createRng(SEED);
      const drawn = wide.nextSeed();
      expect(drawn).to.be.a("string").and.match(/^[0-9a-f]{32}$/);
      expect(drawn).to.equal(take(again, 4).map((x) => x.toString(16).padStart(8, "0")).join(""));
      expect(wide.getState()).to.deep.equal(again.getState());
    });
  });
});

describe("core/rng: PCG32 on 32-bit halves draws what BigInt PCG32 drew (issue 36 point 4)", () => {
  // The generator's core as it was (BigInt arithmetic): from one state, the same step and output.
  // Only the core changed; the seeding is pinned by the outputs above, and int, shuffle, float and
  // nextSeed are built on nextUint32 in rng.ts, so the same words give the same draws.
  const MASK64 = (1n << 64n) - 1n;
  const MULT = 6364136223846793005n;

  function bigintCore(start: RngState) {
    let state = BigInt("0x" + start.state);
    const inc = BigInt("0x" + start.inc);
    return {
      nextUint32(): number {
        const old = state;
        state = (state * MULT + inc) & MASK64;
        const xorshifted = Number((((old >> 18n) ^ old) >> 27n) & 0xffffffffn);
        const rot = Number(old >> 59n);
        return ((xorshifted >>> rot) | (xorshifted << ((-rot) & 31))) >>> 0;
      },
      getState: (): RngState => ({ state: state.toString(16).padStart(16, "0"), inc: inc.toString(16).padStart(16, "0") }),
    };
  }

  const seeds = fc.oneof(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.uint8Array({ minLength: 16, maxLength: 16 }).map((b) => seedFromBytes(b)));

  it("the same words and states for any seed and stream", () => {
    fc.assert(
      fc.property(seeds, fc.integer({ min: 0, max: 2 ** 32 }), (seed, stream) => {
        const a = createRng(seed, stream);
        const b = bigintCore(a.getState());
        for (let i = 0; i < 60; i++) expect(a.nextUint32()).to.equal(b.nextUint32());
        expect(a.getState()).to.deep.equal(b.getState());
      }),
      { numRuns: 500 },
    );
  });

  it("any state written is read and stepped alike", () => {
    fc.assert(
      fc.property(seeds, fc.integer({ min: 0, max: 1000 }), fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), (seed, stream, word) => {
        const a = createRng(seed, stream);
        const s: RngState = { state: word.toString(16).padStart(16, "0"), inc: a.getState().inc };
        a.setState(s);
        const b = bigintCore(s);
        for (let i = 0; i < 10; i++) expect(a.nextUint32()).to.equal(b.nextUint32());
        expect(a.getState()).to.deep.equal(b.getState());
      }),
      { numRuns: 300 },
    );
    expect(SEED_PATTERN.test("0".repeat(32))).to.equal(true);
  });
});
