// mocha's spec reporter, plus a line for every retry: the browser suites run with
// `--retries 1`, and a test that passed only on its second try must still show in the log
// (a flow that fails now and then can be a real bug: the spectator delay's was).
const Mocha = require("mocha");

const { EVENT_TEST_RETRY } = Mocha.Runner.constants;

class SpecWithRetries extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.on(EVENT_TEST_RETRY, (test, err) => {
      const why = String((err && err.message) || err).split("\n")[0].slice(0, 300);
      console.log(`    ↻ retried: ${test.fullTitle()}: ${why}`);
    });
  }
}

module.exports = SpecWithRetries;
