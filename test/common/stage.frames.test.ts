// When a Pixi scene draws (client/games/frames.ts): one frame per burst of changes, none while
// frozen or stopped, and Pixi's system ticker stepped by a timer instead of every animation frame.
import { expect } from "chai";
import { FrameRequests, paceTicker, type PacedTicker } from "../../client/games/frames.js";

/** Animation frames asked for and not yet given. */
function frames() {
  const queued: (() => void)[] = [];
  return { ask: (f: () => void) => queued.push(f), give: () => queued.splice(0).forEach((f) => f()), get pending() { return queued.length; } };
}

describe("stage: frames drawn on demand", () => {
  it("several changes before a frame are one frame; no change, no frame", () => {
    const f = frames();
    let drawn = 0;
    const r = new FrameRequests(() => drawn++, f.ask);
    r.request();
    r.request();
    r.request();
    expect(f.pending, "one frame asked for").to.equal(1);
    f.give();
    expect(drawn).to.equal(1);
    f.give();
    expect(drawn, "a still scene draws nothing more").to.equal(1);
    r.request();
    f.give();
    expect(drawn, "the next change draws again").to.equal(2);
  });

  it("frozen (a screenshot) or stopped (the scene gone): nothing drawn, even a frame already asked for", () => {
    const f = frames();
    let drawn = 0;
    const r = new FrameRequests(() => drawn++, f.ask);
    r.request();
    r.frozen = true;
    f.give();
    r.request();
    expect(f.pending).to.equal(0);
    r.frozen = false;
    r.request();
    r.stop();
    f.give();
    r.request();
    f.give();
    expect(drawn).to.equal(0);
  });

  it("the system ticker leaves the frame loop and is stepped by the timer only while it has listeners", () => {
    const log: string[] = [];
    const ticker: PacedTicker & { listeners: number } = {
      autoStart: true,
      listeners: 0,
      get count() {
        return this.listeners;
      },
      stop: () => log.push("stop"),
      update: () => log.push("update"),
    };
    let step: () => void = () => {};
    let every = 0;
    paceTicker(ticker, 1000, (s, ms) => {
      step = s;
      every = ms;
    });
    expect(ticker.autoStart, "adding a listener no longer starts the loop").to.equal(false);
    expect(log).to.deep.equal(["stop"]);
    expect(every).to.equal(1000);
    step();
    expect(log, "no listener: nothing to step").to.deep.equal(["stop"]);
    ticker.listeners = 2;
    step();
    step();
    expect(log).to.deep.equal(["stop", "update", "update"]);
  });
});
