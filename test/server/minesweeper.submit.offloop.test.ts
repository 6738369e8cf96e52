// Issue 36, point 4: no single message holds the event loop. An offline Minesweeper submission at
// its size limit (a quarter-megabyte log: thousands of moves on a 100×100 board) took ~90 ms of
// CPU replaying on the event loop (bench/messages.ts), every room of the process waiting. It is
// verified on a worker thread: while it is checked the process goes on with other work. Shown by
// counting, not timing: turns of the event loop completed while the request is open, against a
// submission of the same size refused before any replay.

import { expect } from "chai";
import { bootMinesweeperHub, http } from "../helpers/minesweeper.js";
import type { TestHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";

const PORT = testPort(2791);

/** A log of `bytes` JSON bytes: one reveal, then flags on and off (legal, never winning). */
function submission(rows: number, cols: number, mines: number, bytes: number) {
  const log: unknown[] = [{ move: { type: "reveal", r: rows >> 1, c: cols >> 1 }, t: 0 }];
  const entry = JSON.stringify({ move: { type: "flag", r: 0, c: 0 }, t: 1000 }).length + 1;
  for (let i = 1; i < bytes / entry; i++) log.push({ move: { type: "flag", r: 0, c: i % 2 }, t: i });
  return { seed: 1, config: { rows, cols, mines }, log };
}

/** Turns of the event loop this process completes until `p` settles (a setImmediate chain). */
async function turnsWhile<T>(p: () => Promise<T>): Promise<{ turns: number; value: T }> {
  let turns = 0;
  let done = false;
  const spin = () => {
    if (done) return;
    turns++;
    setImmediate(spin);
  };
  spin();
  const value = await p().finally(() => (done = true));
  return { turns, value };
}

describe("minesweeper: an offline submission is verified off the event loop (issue 36)", function () {
  this.timeout(120_000);
  let hub: TestHub;

  before(async () => {
    hub = await bootMinesweeperHub(PORT, { replaySubmitRate: { burst: 1000, perSecond: 1000 } });
  });
  after(async () => {
    await hub.shutdown();
  });

  it("the process goes on while a quarter-megabyte log on a 100×100 board is replayed", async () => {
    const heavy = submission(100, 100, 2000, 240_000);
    // The same size, refused before any replay (a 9×9 board allows 243 moves).
    const light = submission(9, 9, 10, 240_000);
    expect(JSON.stringify(heavy).length).to.be.within(230_000, 250_000);
    const send = (body: unknown) => () => http(PORT, "POST", "/api/minesweeper/replays", body);
    // Warm both paths (the first replay compiles the rules; the first check may start the thread).
    for (const body of [light, heavy]) await send(body)();
    const runs = [];
    for (let i = 0; i < 3; i++) {
      const l = await turnsWhile(send(light));
      const h = await turnsWhile(send(heavy));
      expect(l.value.body.code).to.equal("log-too-long");
      expect(h.value.status).to.equal(422);
      expect(h.value.body.code, "replayed to its end, and refused in words").to.equal("not-won");
      expect(h.value.body.message).to.match(/does not win/);
      runs.push({ light: l.turns, heavy: h.turns });
    }
    // Replayed on the loop, the heavy one completes no more turns than the light one: the loop is
    // held while it replays. On a worker, the loop turns all along (hundreds of turns more).
    const extra = Math.min(...runs.map((r) => r.heavy - r.light));
    expect(extra, JSON.stringify(runs)).to.be.above(200);
  });
});
