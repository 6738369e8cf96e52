// The start-up warm-up (server/warmUp.ts, issue 36 point 4): its synthetic games really go
// through the paths they are there to warm (every table step taken by the rules, boards opened
// and ended), it leaves nothing behind, and only a test hub skips it by default.

import { expect } from "chai";
import { Encoder } from "@colyseus/schema";
import { boardSteps, tableSteps, warmUp, warmUpWanted } from "../../server/warmUp.js";

describe("the start-up warm-up", () => {
  it("runs by default, but not in a test hub, and WARM_UP says otherwise either way", () => {
    expect(warmUpWanted({})).to.equal(true);
    expect(warmUpWanted({ NODE_ENV: "production" })).to.equal(true);
    expect(warmUpWanted({ NODE_ENV: "test" })).to.equal(false);
    expect(warmUpWanted({ NODE_ENV: "test", WARM_UP: "on" })).to.equal(true);
    expect(warmUpWanted({ NODE_ENV: "production", WARM_UP: "OFF " })).to.equal(false);
  });

  it("plays every step of its card table: the deal, draw, play, tap, chat, shuffle, untap, look, undo", () => {
    for (const round of [0, 1, 7]) {
      const taken = tableSteps(round).map((step) => step());
      expect(taken, `round ${round}`).to.not.include(false);
      expect(taken.length).to.be.greaterThan(15);
    }
  });

  it("opens a whole board at once to its end, and plays clicks and a flag on a board with mines", () => {
    const wide = boardSteps(0);
    expect(wide.map((s) => s())).to.deep.equal([true]);
    const narrow = boardSteps(1).map((s) => s());
    expect(narrow[0]).to.equal(true);
    expect(narrow.filter(Boolean).length).to.be.greaterThan(1);
  });

  it("finishes, one step per turn of the event loop, and leaves the encoders' buffer size as it was", async () => {
    const size = Encoder.BUFFER_SIZE;
    let turns = 0;
    let stop = false;
    const count = () => {
      turns++;
      if (!stop) setImmediate(count);
    };
    setImmediate(count);
    await warmUp(2, 2);
    stop = true;
    // Other work ran between its steps: a few dozen of them, not one block.
    expect(turns).to.be.greaterThan(20);
    await Promise.resolve();
    expect(Encoder.BUFFER_SIZE).to.equal(size);
  });
});
