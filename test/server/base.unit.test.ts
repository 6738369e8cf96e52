// Unit tests of the seated-room base helpers (no server).

import { expect } from "chai";
import { LocalPresence } from "@colyseus/core";
import {
  CODE_ALPHABET,
  CODE_PATTERN,
  cellPayload,
  emptyPayload,
  intIn,
  normaliseRoomId,
  parseJoinOptions,
  payloadSize,
  randomCode,
  releaseCode,
  reserveCode,
  sanitizeName,
  TokenBucket,
  HubRefusal,
} from "../../server/rooms/base/index.js";

describe("hub base: validation helpers", () => {
  it("intIn accepts whole numbers in range only", () => {
    expect(intIn(3, 0, 8)).to.equal(3);
    expect(intIn(0, 0, 8)).to.equal(0);
    expect(Object.is(intIn(-0, 0, 8), 0)).to.equal(true);
    for (const bad of [9, -1, 1.5, NaN, Infinity, -Infinity, "3", null, undefined, true, [], {}, 10n, 2 ** 53]) {
      expect(intIn(bad, 0, 8), String(bad)).to.equal(null);
    }
  });

  it("cellPayload: wrong shapes are bad-payload, whole numbers off the board are out-of-range", () => {
    expect(cellPayload({ r: 1, c: 2 }, 9, 9)).to.deep.equal({ ok: true, value: { r: 1, c: 2 } });
    const code = (p: unknown) => {
      const res = cellPayload(p, 9, 9);
      return res.ok ? "ok" : res.error.code;
    };
    for (const p of [undefined, null, 5, "r", [1, 2], { r: 1 }, { c: 1 }, { r: 1.5, c: 0 }, { r: NaN, c: 0 }, { r: "1", c: 0 }, { r: 1, c: 1, x: 0 }, new Date(), new Uint8Array(2)]) {
      expect(code(p), JSON.stringify(p) ?? String(p)).to.equal("bad-payload");
    }
    for (const p of [{ r: -1, c: 0 }, { r: 9, c: 0 }, { r: 0, c: 9 }, { r: 1e20, c: 0 }]) {
      expect(code(p), JSON.stringify(p)).to.equal("out-of-range");
    }
    // An own "__proto__" key is an unexpected field; an inherited r/c is not a plain object.
    expect(code(JSON.parse('{"__proto__": {"r": 1}, "r": 1, "c": 1}'))).to.equal("bad-payload");
    expect(code(Object.create({ r: 1, c: 1 }))).to.equal("bad-payload");
  });

  it("emptyPayload accepts nothing or {} only", () => {
    expect(emptyPayload(undefined).ok).to.equal(true);
    expect(emptyPayload({}).ok).to.equal(true);
    expect(emptyPayload({ x: 1 }).ok).to.equal(false);
    expect(emptyPayload([]).ok).to.equal(false);
    expect(emptyPayload(null).ok).to.equal(false);
  });

  it("sanitizeName removes control and bidi characters, trims, cuts to 16, defaults to Player", () => {
    expect(sanitizeName("  Ann  ")).to.equal("Ann");
    expect(sanitizeName("A\u0000n\u0007n\u202e\u2066")).to.equal("Ann");
    expect(sanitizeName("\n\t ")).to.equal("Player");
    expect(sanitizeName(undefined)).to.equal("Player");
    expect(sanitizeName(42)).to.equal("Player");
    expect(sanitizeName("abcdefghijklmnopqrstuvwxyz")).to.equal("abcdefghijklmnop");
    // 16 code points, never half a surrogate pair.
    const emoji = "😀".repeat(20);
    expect(Array.from(sanitizeName(emoji))).to.have.length(16);
    expect(sanitizeName(emoji)).to.equal("😀".repeat(16));
  });

  it("payloadSize measures JSON length and never throws", () => {
    expect(payloadSize(undefined)).to.equal(0);
    expect(payloadSize({ r: 1, c: 2 })).to.equal(JSON.stringify({ r: 1, c: 2 }).length);
    expect(payloadSize({ big: 10n ** 30n })).to.be.greaterThan(30);
    expect(payloadSize("x".repeat(2000))).to.equal(2002);
  });

  it("parseJoinOptions validates name, spectate and seatToken", () => {
    expect(parseJoinOptions({ name: " Bo ", mode: "coop" })).to.deep.equal({ name: "Bo", nameGiven: true, spectate: false, seatToken: undefined });
    expect(parseJoinOptions(undefined).name).to.equal("Player");
    for (const bad of [{ name: 5 }, { spectate: "yes" }, { seatToken: 5 }, { seatToken: "" }, { seatToken: "x".repeat(200) }, { spectate: true, seatToken: "abc" }, [1], "x"]) {
      expect(() => parseJoinOptions(bad), JSON.stringify(bad)).to.throw(HubRefusal);
    }
  });
});

describe("hub base: token bucket", () => {
  it("allows a burst, then refills at the given rate", () => {
    let t = 0;
    const bucket = new TokenBucket({ burst: 3, perSecond: 2 }, () => t);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).to.deep.equal([true, true, true, false]);
    t += 499;
    expect(bucket.take()).to.equal(false);
    t += 2; // 501 ms: one token back
    expect(bucket.take()).to.equal(true);
    expect(bucket.take()).to.equal(false);
    t += 60_000; // never more than the burst
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).to.deep.equal([true, true, true, false]);
  });
});

describe("hub base: private codes", () => {
  it("are 5 letters from the alphabet without I and O", () => {
    expect(CODE_ALPHABET).to.have.length(24);
    expect(CODE_ALPHABET).not.to.match(/[IO]/);
    for (let i = 0; i < 500; i++) expect(randomCode()).to.match(CODE_PATTERN);
  });

  it("normalise only 5-letter ids to upper case", () => {
    expect(normaliseRoomId("abcde")).to.equal("ABCDE");
    expect(normaliseRoomId("AbCdE")).to.equal("ABCDE");
    expect(normaliseRoomId("a1B_c9xYz")).to.equal("a1B_c9xYz");
    expect(normaliseRoomId("abcdef")).to.equal("abcdef");
  });

  it("are reserved in presence, unique under concurrency, and released", async () => {
    const presence = new LocalPresence();
    const codes = await Promise.all(Array.from({ length: 300 }, () => reserveCode(presence)));
    expect(new Set(codes).size).to.equal(300);
    for (const code of codes) expect(await presence.sismember("hub-private-codes", code)).to.equal(1);
    await releaseCode(presence, codes[0]);
    expect(await presence.sismember("hub-private-codes", codes[0])).to.equal(0);
  });
});
