// Every section of `npm run bench` still runs (all but the soak, run only when named: its own
// file, soak.test.ts): the whole bench in quick mode (BENCH_QUICK=1, tiny sizes, results
// in a temp folder), each section checked for having run to its end and printed its table. No figure is checked: a bench measures, a test never asserts a time.
// (The Minesweeper section drives the built client in Chromium: `npm run bench:quick` builds first.)
import { expect } from "chai";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runBench } from "../helpers/benchRun.js";

/** What each section's table shows, whatever the figures: its row labels. */
const TABLES: Record<string, RegExp[]> = {
  minesweeper: [/^flood reveal 100×100/m, /^flood reveal 1000×1000/m, /^patch for one flood/m, /^Chromium: apply that patch alone/m],
  noguess: [/^\| beginner 9×9/m, /^\| expert 30×16/m, /^\| on their worker thread \|/m],
  load: ["baseline", "hub", "hub-sampled", "cubestacc", "bgio"].map((s) => new RegExp(`^\\|\\s+${s} \\|\\s+\\d+ \\|`, "m")),
  table: [/^4 players: resolve \+ apply/m, /^10 players: bytes per action/m],
  pets: [/rollout: runBattle/, /│ 'hard'/, /worker pool/],
  bots: [/'on the event loop \(baseline\)'/, /'worker pool, \d+ threads?'/],
  roomlog: [/│ 'connect4'/, /│ 'cubestacc'/],
  cards: [/^cards:import, fixture/m, /^cards:import, synthetic/m, /^lookups on /m],
  wire: [/^connect4 +\| +\d+ \|/m, /^pets +\| +\d+ \|/m, /^cubestacc \(packed → generic\) +\| +\d+ \|/m, /^minesweeper expert \(rows → generic\) +\| +\d+ \|/m],
  messages: [/^chat +200 characters/m, /^table deck \(last piece\), the deal/m, /^table act draw/m, /^POST \/api\/minesweeper\/replays/m],
};

describe("bench: every section runs (BENCH_QUICK=1)", function () {
  this.timeout(15 * 60_000);
  let dir = "";
  let run: { code: number | null; out: string };

  // The whole run happens in this hook: it takes the suite's time, not HOOK_TIMEOUT_MS (test/helpers/hookTimeouts.cjs).
  before(async function () {
    this.timeout(15 * 60_000);
    dir = mkdtempSync(path.join(os.tmpdir(), "hub-bench-quick-"));
    run = await runBench({ BENCH_QUICK: "1", BENCH_RESULTS_DIR: dir });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("the runner exits 0 and names no failed section", () => {
    expect(run.out, run.out.slice(-3000)).to.not.match(/bench section \w+ failed/);
    expect(run.code, run.out.slice(-3000)).to.equal(0);
  });

  for (const [name, rows] of Object.entries(TABLES)) {
    it(`${name}: runs to its end, prints its table and writes its results`, () => {
      const start = run.out.indexOf(`=== bench: ${name} ===`);
      const end = run.out.indexOf(`=== bench: ${name} done`);
      expect(start, `section ${name} started`).to.be.greaterThan(-1);
      expect(end, `section ${name} finished:\n${run.out.slice(start, start + 3000)}`).to.be.greaterThan(start);
      const output = run.out.slice(start, end);
      for (const row of rows) expect(output, `${name}'s table`).to.match(row);
      const file = path.join(dir, `${name}.json`);
      expect(existsSync(file), `${file} written`).to.equal(true);
      expect(JSON.parse(readFileSync(file, "utf8")).measuredAt).to.be.a("string");
    });
  }

  it("merges every section into latest.json, marked quick, and leaves bench/results alone", () => {
    const latest = JSON.parse(readFileSync(path.join(dir, "latest.json"), "utf8"));
    expect(latest.quick).to.equal(true);
    expect(Object.keys(latest.sections)).to.have.members(Object.keys(TABLES));
    expect(run.out).to.not.include("wrote bench/results/");
  });
});
