// A new game must not be silently skipped by the load and durability tools: every room name of
// the registry has a soak plan (bench/soak/driver.ts) and a restart driver (test/helpers/durable.ts
// DRIVERS) or a restart suite of its own (RESTARTED_ELSEWHERE); and no tool plays a game the
// registry no longer has. Pure: reads the lists, starts nothing.
import { expect } from "chai";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOM_NAMES } from "../../common/games.js";
import type { Plan } from "../../bench/soak/driver.js";
import { ROOMS } from "../../server/games.js";
import { DRIVERS, RESTARTED_ELSEWHERE } from "../helpers/durable.js";

const ROOT = join(import.meta.dirname, "..", "..");

describe("the registry and the drivers that play it", () => {
  let PLANS: readonly Plan[] = [];
  before(async () => {
    // the soak driver silences the console (its clients' noise): mocha's reporter writes there
    const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
    ({ PLANS } = await import("../../bench/soak/driver.js"));
    Object.assign(console, saved);
  });

  it("the server's rooms are the registry's room names", () => {
    expect(ROOMS.map((r) => r.name)).to.deep.equal([...ROOM_NAMES]);
  });

  it("the soak driver plays every game, and only games the registry has", () => {
    const soaked = new Set(PLANS.map((p) => p.game).filter((g) => g !== "any"));
    expect(ROOM_NAMES.filter((g) => !soaked.has(g)), "games without a soak plan").to.deep.equal([]);
    expect([...soaked].filter((g) => !ROOM_NAMES.includes(g)), "soak plans for unknown games").to.deep.equal([]);
  });

  it("every game is restarted: a durability driver, or a suite of its own that plays it", () => {
    const driven = new Set(DRIVERS.map((d) => d.game));
    for (const game of ROOM_NAMES) {
      if (driven.has(game)) continue;
      const file = RESTARTED_ELSEWHERE[game];
      expect(file, `${game}: no restart driver in test/helpers/durable.ts and no suite named in RESTARTED_ELSEWHERE`).to.be.a("string");
      expect(existsSync(join(ROOT, file)), `${game}: ${file} exists`).to.equal(true);
      expect(readFileSync(join(ROOT, file), "utf8"), `${file} plays ${game}`).to.match(new RegExp(`["']${game}["']`));
    }
    expect([...driven, ...Object.keys(RESTARTED_ELSEWHERE)].filter((g) => !ROOM_NAMES.includes(g)), "drivers for unknown games").to.deep.equal([]);
  });
});
