// mocha's spec reporter, plus a line for every retry: the browser suites run with
// `--retries 1`, and a test that passed only on its second try must still show in the log
// (a flow that fails now and then can be a real bug: the spectator delay's was).
// When TEST_TALLY names a file, the run's counts and each file's test time are appended to it
// as one JSON line, so `npm test` (scripts/test.mjs) can close the log on one "N passed,
// N failed" line for all phases and keep each file's time for ordering the next run. Failures
// and retries are named in it too: CI shows only the log's tail, and the tail must say what broke.
const fs = require("node:fs");
const path = require("node:path");
const Mocha = require("mocha");

const { EVENT_TEST_RETRY, EVENT_TEST_FAIL, EVENT_TEST_END, EVENT_RUN_END } = Mocha.Runner.constants;

/** One line naming a test (or hook), its file and the first line of its error. */
const named = (test, err) => {
  const file = test.file ? path.relative(process.cwd(), test.file) : "?";
  const why = String((err && err.message) || err).split("\n")[0].slice(0, 500);
  return `${file}: ${test.fullTitle()}: ${why}`;
};

class SpecWithRetries extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    let retried = 0;
    const ms = {};
    const failedNames = [];
    const retriedNames = [];
    runner.on(EVENT_TEST_RETRY, (test, err) => {
      retried++;
      const why = String((err && err.message) || err).split("\n")[0].slice(0, 2000);
      console.log(`    ↻ retried: ${test.fullTitle()}: ${why}`);
      retriedNames.push(named(test, err));
    });
    runner.on(EVENT_TEST_FAIL, (test, err) => failedNames.push(named(test, err)));
    runner.on(EVENT_TEST_END, (test) => {
      if (!test.file) return;
      const file = path.relative(process.cwd(), test.file);
      ms[file] = (ms[file] || 0) + (test.duration || 0);
    });
    runner.once(EVENT_RUN_END, () => {
      const file = process.env.TEST_TALLY;
      if (!file) return;
      const { passes = 0, failures = 0, pending = 0 } = runner.stats || {};
      fs.appendFileSync(file, JSON.stringify({ passes, failures, pending, retried, ms, failedNames, retriedNames }) + "\n");
    });
  }
}

module.exports = SpecWithRetries;
