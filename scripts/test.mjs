// `npm test`: build, then each phase of the suite (pure rules, real server, real Chromium), and
// one closing line for all of them, "tests: N passed, N failed, N skipped", which is what CI
// reads (three mocha summaries are not one). A failing phase does not stop the next: one run
// shows every failure. The exit code is non-zero when anything failed.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const phases = ["test:common", "test:server", "test:e2e:run"];
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const run = (script, env = process.env) => spawnSync(npm, ["run", script], { stdio: "inherit", env }).status ?? 1;

if (run("build") !== 0) {
  console.log("\ntests: 0 passed, 1 failed (the build failed: nothing was tested)");
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), "hub-tally-"));
let passed = 0, failed = 0, skipped = 0, retried = 0;
const broken = [];
for (const phase of phases) {
  const tally = join(dir, `${phase.replace(/\W/g, "-")}.jsonl`);
  const code = run(phase, { ...process.env, TEST_TALLY: tally });
  let counted = false;
  try {
    for (const line of readFileSync(tally, "utf8").split("\n").filter(Boolean)) {
      const t = JSON.parse(line);
      passed += t.passes; failed += t.failures; skipped += t.pending; retried += t.retried;
      counted = true;
    }
  } catch { /* no tally: mocha stopped before its end */ }
  // A phase that exited non-zero without counting a failure (it crashed, or never ran) is one.
  if (code !== 0 && !counted) { failed++; broken.push(`${phase} exited ${code} before its summary`); }
}
rmSync(dir, { recursive: true, force: true });

for (const line of broken) console.log(line);
if (retried) console.log(`${retried} test(s) passed only on a retry (see the "↻ retried" lines)`);
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
