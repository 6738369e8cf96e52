// retryReporter's output, then each test file's wall time, slowest first (from a file's first
// suite to the next file's). Serial runs only: in --parallel the events arrive replayed per file.
//   npx mocha --reporter ./test/helpers/fileTimesReporter.cjs 'test/server/**/*.test.ts'
// FILE_TIMES_OUT=path also writes the table to a file. CURRENT_FILE_OUT=path: the file running now
// is written there on each switch, for scripts/cpuSample.mjs to charge each second's CPU to it.
const Mocha = require("mocha");
const Base = require("./retryReporter.cjs");
const fs = require("fs");
const { EVENT_SUITE_BEGIN, EVENT_RUN_END, EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_TEST_PENDING } = Mocha.Runner.constants;
class FileTimes extends Base {
  constructor(runner, options) {
    super(runner, options);
    const times = {}; const counts = {}; let cur = null; let t0 = Date.now();
    const switchTo = (f) => {
      const now = Date.now(); if (cur) times[cur] = (times[cur] || 0) + (now - t0); cur = f; t0 = now;
      if (process.env.CURRENT_FILE_OUT) fs.writeFileSync(process.env.CURRENT_FILE_OUT, f ? f.replace(/.*\/test\//, "test/") : "");
    };
    runner.on(EVENT_SUITE_BEGIN, (s) => { if (s.file && s.file !== cur) switchTo(s.file); });
    const cnt = (k) => (t) => { const f = t.file || cur; counts[f] = counts[f] || { pass: 0, fail: 0, pend: 0 }; counts[f][k]++; };
    runner.on(EVENT_TEST_PASS, cnt("pass")); runner.on(EVENT_TEST_FAIL, cnt("fail")); runner.on(EVENT_TEST_PENDING, cnt("pend"));
    runner.once(EVENT_RUN_END, () => {
      switchTo(null);
      const rows = Object.entries(times).sort((a, b) => b[1] - a[1]);
      const out = rows.map(([f, ms]) => `${(ms / 1000).toFixed(1).padStart(7)}s  ${f.replace(/.*\/test\//, "test/")}  ${JSON.stringify(counts[f] || {})}`).join("\n");
      console.log("\n== per-file times\n" + out);
      if (process.env.FILE_TIMES_OUT) fs.writeFileSync(process.env.FILE_TIMES_OUT, out + "\n");
    });
  }
}
module.exports = FileTimes;
