// mocha's spec reporter, plus a line for every retry: the browser suites run with
// `--retries 1`, and a test that passed only on its second try must still show in the log
// (a flow that fails now and then can be a real bug: the spectator delay's was).
// When TEST_TALLY names a file, the run's counts and each file's test time are appended to it
// as one JSON line, so `npm test` (scripts/test.mjs) can close the log on one "N passed,
// N failed" line for all phases and keep each file's time for ordering the next run.
const fs = require("node:fs");
const path = require("node:path");
const Mocha = require("mocha");

const { EVENT_TEST_RETRY, EVENT_TEST_END, EVENT_RUN_END } = Mocha.Runner.constants;

class SpecWithRetries extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    let retried = 0;
    const ms = {};
    runner.on(EVENT_TEST_RETRY, (test, err) => {
      retried++;
      const why = String((err && err.message) || err).split("\n")[0].slice(0, 2000);
      console.log(`    ↻ retried: ${test.fullTitle()}: ${why}`);
    });
    runner.on(EVENT_TEST_END, (test) => {
      if (!test.file) return;
      const file = path.relative(process.cwd(), test.file);
      ms[file] = (ms[file] || 0) + (test.duration || 0);
    });
    runner.once(EVENT_RUN_END, () => {
      const file = process.env.TEST_TALLY;
      if (!file) return;
      const { passes = 0, failures = 0, pending = 0 } = runner.stats || {};
      fs.appendFileSync(file, JSON.stringify({ passes, failures, pending, retried, ms }) + "\n");
    });
  }
}

module.exports = SpecWithRetries;
