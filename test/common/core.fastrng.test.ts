// The fast generator (common/core/fastRng.ts) that Auto Pets rollouts use: deterministic
// per seed and stream, draws in range and unbiased, snapshot/restore replays the sequence.

import { expect } from "chai";
import fc from "fast-check";
import { createFastRng } from "../../common/core/fastRng.js";

describe("core/fastRng (SFC32)", () => {
  it("gives the same sequence for the same seed and stream, another for another", () => {
    const a = createFastRng(42), b = createFastRng(42), c = createFastRng(43), d = createFastRng(42, 1);
    const take = (r: ReturnType<typeof createFastRng>) => Array.from({ length: 8 }, () => r.nextUint32());
    const sa = take(a);
    expect(take(b)).to.deep.equal(sa);
    expect(take(c)).to.not.deep.equal(sa);
    expect(take(d)).to.not.deep.equal(sa);
    for (const x of sa) expect(x).to.be.within(0, 0xffffffff);
  });

  it("int(n) stays in [0, n) for any n and seed", () => {
    fc.assert(fc.property(fc.integer(), fc.integer({ min: 1, max: 2 ** 32 }), (seed, n) => {
      const r = createFastRng(seed);
      for (let i = 0; i < 20; i++) {
        const x = r.int(n);
        if (!(Number.isInteger(x) && x >= 0 && x < n)) return false;
      }
      return true;
    }));
    expect(() => createFastRng(1).int(0)).to.throw(RangeError);
  });

  it("rolls a fair d6 (chi-square over 60,000 rolls)", () => {
    const r = createFastRng(7);
    const counts = new Array(6).fill(0);
    const N = 60_000;
    for (let i = 0; i < N; i++) counts[r.int(6)]++;
    const e = N / 6;
    const chi = counts.reduce((s, c) => s + (c - e) ** 2 / e, 0);
    expect(chi).to.be.below(20.5); // 5 degrees of freedom, p = 0.001
  });

  it("restores a snapshot and replays the same draws", () => {
    const r = createFastRng(99);
    r.int(10);
    const snap = r.getState();
    const first = [r.nextUint32(), r.int(6), r.float()];
    r.setState(snap);
    expect([r.nextUint32(), r.int(6), r.float()]).to.deep.equal(first);
    expect(JSON.parse(JSON.stringify(snap))).to.deep.equal(snap);
  });

  it("an old whole-number seed draws what it drew before 128-bit seeds; a 128-bit seed fills the state (pinned outputs)", () => {
    const take = (r: ReturnType<typeof createFastRng>) => Array.from({ length: 6 }, () => r.nextUint32());
    // Outputs of the code before 128-bit seeds (an Auto Pets game stored then deals the same shop).
    expect(take(createFastRng(42, 0x6e7))).to.deep.equal([188569433, 3075850175, 3566219032, 4222620157, 3891558740, 491728780]);
    expect(take(createFastRng(3_000_000_000, 0xb07))).to.deep.equal([1365901377, 2479793370, 3915084290, 1724986848, 2302930110, 1952341723]);
    const seed = "000102030405060708090a0b0c0d0e0f";
    expect(take(createFastRng(seed))).to.deep.equal([0xb67d360a, 0xdf555f03, 0x34c5cfcd, 0x805dcf93, 0x34f38e51, 0xde1213f8]);
    // Every one of the 128 bits is part of the generator's state: each flip gives another sequence.
    const base = take(createFastRng(seed, 5)).join();
    for (let bit = 0; bit < 128; bit++) {
      const digits = seed.split("");
      const at = 31 - (bit >> 2);
      digits[at] = (parseInt(digits[at], 16) ^ (1 << (bit & 3))).toString(16);
      expect(take(createFastRng(digits.join(""), 5)).join(), `bit ${bit}`).to.not.equal(base);
    }
    expect(() => createFastRng("0x12")).to.throw(RangeError);
  });
});
