// The countdown before a game: its go never comes before the end every player was shown, even
// when the room's clock fires its timer a millisecond early against the wall clock (seen under
// load: a race's go logged at endsAt − 1).
import { expect } from "chai";
import { Countdown } from "../../server/rooms/game/countdown.js";
import type { MoveContext } from "../../server/rooms/base/messages.js";

interface Timer {
  ms: number;
  run: () => void;
  cleared: boolean;
}

function rig() {
  const timers: Timer[] = [];
  const events: { kind: string; endsAt?: number }[] = [];
  let started: number | null = null;
  let now = 1_000_000;
  const ctx = (): MoveContext => ({ client: null, seat: 0, name: "", now, emit: (e) => events.push(e as never), emitPer: () => undefined }) as MoveContext;
  const play = { stage: "waiting", minSeats: 2, setStage: (s: string) => (play.stage = s) };
  const host = {
    later: (ms: number, run: () => void) => {
      const t: Timer = { ms, run, cleared: false };
      timers.push(t);
      return { clear: () => (t.cleared = true) } as never;
    },
    // A server move runs at once with the room's time now.
    serverMove: (_seat: number, run: (c: MoveContext) => unknown) => void run(ctx()),
  };
  const starts = {
    seated: () => [0, 1],
    start: (c: MoveContext) => void (started = c.now),
    showCountdown: () => undefined,
  };
  const countdown = new Countdown(play as never, host as never, starts as never);
  return {
    countdown,
    timers,
    events,
    ctx,
    started: () => started,
    setNow: (t: number) => (now = t),
  };
}

describe("countdown: the go at the announced end, never before", () => {
  it("a timer that fires early is armed again for what is left, then the game starts at the end", () => {
    const r = rig();
    r.countdown.begin(r.ctx(), 3000, false);
    const endsAt = r.events.find((e) => e.kind === "countdown")!.endsAt!;
    expect(endsAt).to.equal(1_003_000);
    expect(r.timers).to.have.length(1);
    // The room's clock fires 1 ms short of the wall clock's end.
    r.setNow(endsAt - 1);
    r.timers[0].run();
    expect(r.started(), "not started a millisecond early").to.equal(null);
    expect(r.countdown.active).to.equal(true);
    expect(r.timers).to.have.length(2);
    expect(r.timers[1].ms).to.equal(1);
    r.setNow(endsAt);
    r.timers[1].run();
    expect(r.started()).to.equal(endsAt);
    expect(r.countdown.active).to.equal(false);
  });

  it("on time, it starts at once", () => {
    const r = rig();
    r.countdown.begin(r.ctx(), 3000, false);
    r.setNow(1_003_004);
    r.timers[0].run();
    expect(r.started()).to.equal(1_003_004);
    expect(r.timers).to.have.length(1);
  });
});
