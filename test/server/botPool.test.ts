// The bot pool (server/bots/pool.ts): decisions come back from worker threads, the event
// loop stays free while they think, a decision past its budget is cut off (answered with no
// move) and its worker replaced, and the pool keeps answering afterwards. Threads start only
// when a decision needs one and stop once idle (a hub without bots holds none).

import { expect } from "chai";
import { connect4Def } from "../../common/connect4/index.js";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { BotPool } from "../../server/bots/pool.js";
import { builtServer } from "../helpers/builtServer.js";

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("bot pool (worker threads)", function () {
  this.timeout(30_000);
  let pool: BotPool;
  /** No grace past a budget: a budget of 0 cuts any decision off. */
  let strict: BotPool;
  before(() => {
    pool = new BotPool({ size: 1 });
    strict = new BotPool({ size: 1, graceMs: 0 });
  });
  after(async () => {
    await pool.close();
    await strict.close();
  });

  const view = () => connect4Def.view(connect4Def.setup(1, { timer: 0 }, 2), 0);

  it("answers with a legal move while the event loop keeps running", async () => {
    let ticks = 0;
    const tick = setInterval(() => ticks++, 10);
    const answer = await pool.think({ game: "connect4", view: view(), seat: 0, level: "deep", seed: 7, budgetMs: 300 });
    clearInterval(tick);
    expect(answer.move).to.have.property("type", "drop");
    expect(view().legal).to.include((answer.move as { col: number }).col);
    expect(ticks, "timers ran while the bot thought").to.be.greaterThan(5);
  });

  it("cuts a decision off at its budget, replaces the worker, and answers the next one", async () => {
    const cut = await strict.think({ game: "connect4", view: view(), seat: 0, level: "normal", seed: 7, budgetMs: 0 });
    expect(cut.move).to.equal(null);
    expect(strict.cutOff).to.equal(1);
    const next = await strict.think({ game: "connect4", view: view(), seat: 0, level: "easy", seed: 7, budgetMs: 5000 });
    expect(next.move).to.have.property("type", "drop");
  });

  it("starts a thread only for a decision, and stops it once idle", async () => {
    const lazy = new BotPool({ size: 2, idleMs: 300 });
    try {
      expect(lazy.threads, "a new pool holds no thread").to.equal(0);
      const first = await lazy.think({ game: "connect4", view: view(), seat: 0, level: "easy", seed: 1, budgetMs: 2000 });
      expect(first.move).to.have.property("type", "drop");
      expect(lazy.threads, "one decision at a time needs one thread").to.equal(1);
      const both = await Promise.all([1, 2].map((seed) => lazy.think({ game: "connect4", view: view(), seat: 0, level: "easy", seed, budgetMs: 2000 })));
      for (const a of both) expect(a.move).to.have.property("type", "drop");
      expect(lazy.threads, "never more than its size").to.be.at.most(2);
      await until(() => lazy.threads === 0, 20_000);
      const again = await lazy.think({ game: "connect4", view: view(), seat: 0, level: "easy", seed: 3, budgetMs: 2000 });
      expect(again.move, "a stopped pool starts again").to.have.property("type", "drop");
    } finally {
      await lazy.close();
    }
    expect(lazy.threads).to.equal(0);
  });

  it("refuses a game without a bot with an error, not a hang", async () => {
    const err = await pool.think({ game: "minesweeper", view: {}, seat: 0, level: "x", seed: 1, budgetMs: 2000 }).then(
      () => null,
      (e: Error) => e,
    );
    expect(err?.message).to.match(/no bot for game minesweeper/);
  });
});

describe("bot pool, as `npm start` runs it (the built server)", function () {
  this.timeout(60_000);

  it("the built pool starts the built worker (no tsx in the thread) and answers with a legal move", async () => {
    const entry = await builtServer();
    const built = (await import(pathToFileURL(path.join(path.dirname(entry), "bots", "pool.js")).href)) as { BotPool: typeof BotPool };
    const pool = new built.BotPool({ size: 1 });
    try {
      const view = connect4Def.view(connect4Def.setup(1, { timer: 0 }, 2), 0);
      const answer = await pool.think({ game: "connect4", view, seat: 0, level: "easy", seed: 3, budgetMs: 300 });
      expect(answer.move).to.have.property("type", "drop");
      expect(view.legal).to.include((answer.move as { col: number }).col);
    } finally {
      await pool.close();
    }
  });
});
