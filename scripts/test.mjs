// `npm test`: build, then each phase of the suite (pure rules, real server, real Chromium), and
// one closing line for all of them, "N passed, N failed" and nothing else, which is what CI reads
// (three mocha summaries are not one; the skipped count goes on the line above it). A failing phase does not stop the next: one run
// shows every failure. The exit code is non-zero when anything failed.
//
// The whole run (`npm test`) runs test/common beside test/server, then test/e2e: the server
// phase mostly waits on sockets and timers (under one of the two cores on average) and the pure
// phase is short and all CPU, so it fills that gap (docs/testing.md, "Phases side by side"). The
// phase that runs beside another prints its log in one piece when both are done, so the two
// never interleave. The browser phase keeps both cores busy: it runs alone. All three at once
// was measured and not kept: 833 s once, 931 s and a server test timed out under the load the
// next time (docs/testing.md, "All three phases side by side").
//
// `node scripts/test.mjs server` (npm run test:server, …) runs phases without the build, one
// after the other (`server+common`: side by side, as the whole run does); the arguments from the first one starting with "-" go to mocha
// (`npm run test:server -- --grep seats`).
//
// Each phase's files start longest first, by test/durations.json (each file's test time in a
// recent run; a file not in it counts as long): two workers then finish together instead of one
// running a long file alone at the end. Every run writes its own times to
// test-results/durations.json; copy it over test/durations.json when files are added or change.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

const PHASES = {
  common: { dir: "test/common", mocha: ["--parallel", "--jobs", "2"] },
  server: { dir: "test/server", mocha: ["--parallel", "--jobs", "2"] },
  // A whole game tapped through a page on 2 cores sometimes loses a tap to timing (README).
  e2e: { dir: "test/e2e", mocha: ["--parallel", "--jobs", "2", "--retries", "1"] },
};
/** A file test/durations.json does not know yet: assumed long, so it starts early. */
const UNKNOWN_MS = 60_000;

const args = process.argv.slice(2);
const firstFlag = args.findIndex((a) => a.startsWith("-"));
const asked = firstFlag < 0 ? args : args.slice(0, firstFlag);
const mochaArgs = firstFlag < 0 ? [] : args.slice(firstFlag);
/** The whole run's order: a "+" joins phases that run side by side (the first prints as it goes). */
const WHOLE_RUN = ["server+common", "e2e"];
for (const name of asked.flatMap((a) => a.split("+"))) if (!(name in PHASES)) {
  console.error(`unknown test phase "${name}"; the phases are: ${Object.keys(PHASES).join(", ")} (a "+" runs phases side by side: server+common)`);
  process.exit(2);
}
const npx = process.platform === "win32" ? "npx.cmd" : "npx";

if (!asked.length && spawnSync(process.platform === "win32" ? "npm.cmd" : "npm", ["run", "build"], { stdio: "inherit" }).status !== 0) {
  console.log("\nthe build failed: nothing was tested");
console.log("0 passed, 1 failed");
  process.exit(1);
}

const testFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? testFiles(p) : e.name.endsWith(".test.ts") ? [relative(".", p)] : [];
  });
const known = existsSync("test/durations.json") ? JSON.parse(readFileSync("test/durations.json", "utf8")) : {};
const longestFirst = (files) => files.map((f) => [f, known[f] ?? UNKNOWN_MS]).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([f]) => f);

const tallies = mkdtempSync(join(tmpdir(), "hub-tally-"));
let passed = 0, failed = 0, skipped = 0, retried = 0;
const times = {};
const broken = [];
const took = [];
/** Every failing and retried test by name, printed again at the end: CI shows only the log's tail. */
const failedNames = [], retriedNames = [];

/** One phase's mocha; `beside` (the phase it runs beside) keeps its log to print later. */
function runPhase(name, beside) {
  const quiet = Boolean(beside);
  const { dir, mocha } = PHASES[name];
  const tally = join(tallies, `${name}.jsonl`);
  const started = Date.now();
  const child = spawn(npx, ["mocha", ...mocha, ...mochaArgs, ...longestFirst(testFiles(dir))], {
    stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...process.env, TEST_TALLY: tally },
  });
  const log = [];
  if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => log.push(chunk));
  return new Promise((resolve) => {
    child.on("error", (err) => log.push(Buffer.from(`could not start mocha: ${err.message}\n`)));
    child.on("close", (status) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      let failing = 0;
      if (existsSync(tally)) {
        for (const line of readFileSync(tally, "utf8").split("\n").filter(Boolean)) {
          const t = JSON.parse(line);
          passed += t.passes; failing += t.failures; skipped += t.pending; retried += t.retried;
          Object.assign(times, t.ms);
          failedNames.push(...(t.failedNames ?? []).map((n) => `test:${name} ${n}`));
          retriedNames.push(...(t.retriedNames ?? []).map((n) => `test:${name} ${n}`));
        }
      }
      // A phase that exited non-zero without counting a failure (it crashed, or never ran) is one.
      const code = status ?? 1;
      if (code !== 0 && failing === 0) { failing = 1; broken.push(`test:${name} exited ${code} with no failing test counted`); }
      failed += failing;
      took.push(`test:${name} took ${seconds} s${beside ? ` (beside test:${beside})` : ""}`);
      resolve(Buffer.concat(log));
    });
  });
}

/** Phases in one group run at once: the first prints as it goes, the others when all are done. */
const groups = (asked.length ? asked : WHOLE_RUN).map((g) => g.split("+"));
for (const group of groups) {
  const logs = await Promise.all(group.map((name, i) => runPhase(name, i > 0 ? group[0] : undefined)));
  for (const [i, log] of logs.entries()) if (i > 0) {
    console.log(`\n== test:${group[i]} (ran beside test:${group[0]}; its log)`);
    process.stdout.write(log);
  }
}
rmSync(tallies, { recursive: true, force: true });
if (Object.keys(times).length) {
  mkdirSync("test-results", { recursive: true });
  const merged = existsSync("test-results/durations.json") ? JSON.parse(readFileSync("test-results/durations.json", "utf8")) : {};
  writeFileSync("test-results/durations.json", JSON.stringify(Object.fromEntries(Object.entries({ ...merged, ...times }).sort()), null, 1) + "\n");
}

for (const line of took) console.log(line);
for (const line of broken) console.log(line);
if (retried) console.log(`${retried} test(s) passed only on a retry (see the "↻ retried" lines)`);
for (const n of retriedNames) console.log(`  ↻ ${n}`);
for (const n of failedNames) console.log(`  ✗ failed: ${n}`);
console.log(`\n${skipped} skipped (pending: it.skip or this.skip())`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
