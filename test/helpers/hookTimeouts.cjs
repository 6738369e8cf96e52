// Loaded by every mocha run (.mocharc.json "require"), in each parallel worker too.
//
// 1. No hook inherits a long timeout. A hook takes its suite's timeout when it is created, so
//    a suite's `this.timeout(600_000)` once let a hung afterEach sit idle for 8 minutes after
//    the file had already failed. Every hook is capped at HOOK_TIMEOUT_MS (default 120 s; a
//    hook with no timeout gets the cap too). Tests keep their suite's timeout (at most 5 min:
//    test/common/tests.waits.test.ts reads every test file for it).
// 2. A timeout says what it waited for: helpers that wait (test/helpers/waiting.ts) register
//    what they are waiting for while they wait, and a timeout error lists those still pending.
const Mocha = require("mocha");

const HOOK_TIMEOUT_MS = Number(process.env.HOOK_TIMEOUT_MS ?? 120_000);
if (!Number.isFinite(HOOK_TIMEOUT_MS) || HOOK_TIMEOUT_MS <= 0) {
  throw new Error(`HOOK_TIMEOUT_MS must be a positive number of milliseconds, not "${process.env.HOOK_TIMEOUT_MS}"`);
}

/** What the running test's helpers are waiting for right now (label → count); see waiting.ts. */
const pending = (globalThis.__testWaits ??= new Map());

const { Suite, Runnable } = Mocha;
const createHook = Suite.prototype._createHook;
Suite.prototype._createHook = function (title, fn) {
  const hook = createHook.call(this, title, fn);
  const inherited = hook.timeout();
  if (inherited === 0 || inherited > HOOK_TIMEOUT_MS) hook.timeout(HOOK_TIMEOUT_MS);
  return hook;
};

const timeoutError = Runnable.prototype._timeoutError;
Runnable.prototype._timeoutError = function (ms) {
  const err = timeoutError.call(this, ms);
  const waits = [...pending.keys()];
  const what = waits.length ? ` Still waiting for: ${waits.join("; ")}.` : "";
  const cap = this.type === "hook" && ms === HOOK_TIMEOUT_MS ? ` Every hook is capped at HOOK_TIMEOUT_MS=${HOOK_TIMEOUT_MS} ms.` : "";
  err.message = `${this.fullTitle()}: ${err.message}${what}${cap}`;
  return err;
};

// A timed-out test's helpers may never settle: what they registered must not leak into the next test's error.
exports.mochaHooks = {
  beforeEach() {
    pending.clear();
  },
};
