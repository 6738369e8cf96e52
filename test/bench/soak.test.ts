// The soak section (run only when named, `npm run bench soak`) still runs: a quick crowd
// (BENCH_QUICK=1: 100 players, about a minute), checked for having run to its end, printed the
// heap before and after and written its results and chart. No figure is checked.
// (Its own file so mocha's parallel run puts it beside the other quick bench, not after it.)
import { expect } from "chai";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runBench } from "../helpers/benchRun.js";

describe("bench: the soak runs when named (BENCH_QUICK=1 npm run bench soak)", function () {
  this.timeout(10 * 60_000);
  let dir = "";
  let run: { code: number | null; out: string };

  // The whole run happens in this hook: it takes the suite's time, not HOOK_TIMEOUT_MS (test/helpers/hookTimeouts.cjs).
  before(async function () {
    this.timeout(10 * 60_000);
    dir = mkdtempSync(path.join(os.tmpdir(), "hub-bench-soak-"));
    run = await runBench({ BENCH_QUICK: "1", BENCH_RESULTS_DIR: dir }, ["soak"]);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("runs the crowd to its end, prints the heap before and after, and writes its results and chart", () => {
    expect(run.code, run.out.slice(-3000)).to.equal(0);
    const start = run.out.indexOf("=== bench: soak ===");
    const end = run.out.indexOf("=== bench: soak done");
    expect(start, "the soak started").to.be.greaterThan(-1);
    expect(end, `the soak finished:\n${run.out.slice(start, start + 3000)}`).to.be.greaterThan(start);
    const output = run.out.slice(start, end);
    expect(output).to.match(/phase\s+heap MB\s+RSS MB/);
    expect(output).to.match(/^heap after GC: before [\d.]+ MB, peak [\d.]+ MB, after everyone left [\d.]+ MB/m);
    expect(JSON.parse(readFileSync(path.join(dir, "soak.json"), "utf8")).measuredAt).to.be.a("string");
    expect(existsSync(path.join(dir, "soak.png")), "soak.png written").to.equal(true);
    expect(run.out).to.not.include("wrote bench/results/");
  });
});
