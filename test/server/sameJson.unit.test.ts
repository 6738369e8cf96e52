// sameJson stands in for comparing two JSON strings on every move's log write
// (server/rooms/game/durable.ts): it may say "not the same" when unsure (a write too many),
// never "the same" for two values whose JSON differs (a header change lost from the log).

import { expect } from "chai";
import fc from "fast-check";
import { jsonCopy, sameJson } from "../../server/rooms/game/sameJson.js";

/** JSON with its object keys sorted: equal when the two values hold the same data. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : x,
  );
}

/** JSON-like values, small keys so two of them often share most of their shape; `finite`: no NaN or Infinity. */
/** Marks undefined array entries, which JSON writes as null (so a copy differs from the original there). */
function canonicalWithHoles(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => (Array.isArray(x) ? x.map((e) => (e === undefined ? "undefined" : e)) : x));
}

const valueOf = (finite: boolean) =>
  fc.letrec((tie) => ({
    leaf: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.double({ noNaN: finite, noDefaultInfinity: finite }), fc.boolean(), fc.constantFrom("", "a", "b"), fc.constant(null), fc.constant(undefined)),
    node: fc.oneof({ depthSize: "small" }, tie("leaf"), fc.array(tie("node"), { maxLength: 3 }), fc.dictionary(fc.constantFrom("a", "b", "c"), tie("node"), { maxKeys: 3 })),
  })).node;
const value = valueOf(false);

describe("sameJson (the room log's per-move header compare)", () => {
  it("never calls two values the same when their JSON differs", () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        if (sameJson(a, b)) expect(canonical(a)).to.equal(canonical(b));
      }),
      { numRuns: 5000 },
    );
  });

  it("calls a value and its JSON copy the same (no write when nothing changed)", () => {
    fc.assert(
      fc.property(valueOf(true), (a) => {
        // Top-level undefined has no JSON at all; inside arrays it becomes null (the copy holds null).
        if (a === undefined || /undefined/.test(String(canonicalWithHoles(a)))) return;
        expect(sameJson(a, jsonCopy(a))).to.equal(true);
      }),
      { numRuns: 5000 },
    );
  });

  it("sees a room header change anywhere in it", () => {
    const header = { roomId: "r1", gameNo: 2, phase: "playing", options: { size: "expert", bots: 1 }, order: [0, 2], seats: [{ name: "Ada", bot: false }, { name: "Bo", bot: true }], forfeits: undefined };
    const last = jsonCopy(header);
    expect(sameJson(header, last)).to.equal(true);
    expect(sameJson({ ...header, key: undefined }, last), "an undefined field is absent in JSON").to.equal(true);
    expect(sameJson({ ...header, order: [0, 2, 3] }, last)).to.equal(false);
    expect(sameJson({ ...header, seats: [{ name: "Ada", bot: false }, { name: "Bo", bot: false }] }, last)).to.equal(false);
    expect(sameJson({ ...header, options: { size: "expert" } }, last)).to.equal(false);
    expect(sameJson({ ...header, forfeits: [1] }, last)).to.equal(false);
    expect(sameJson({ ...header, gameNo: "2" }, last)).to.equal(false);
    expect(sameJson({ deadline: NaN, together: 0 }, { deadline: NaN, together: 0 }), "unsure: a write, never a miss").to.equal(false);
  });
});
