// Offline solo submissions: verifySoloLog replays {seed, level or config, log}
// and accepts only a well-formed, legal, monotonic log that ends in a win.

import { expect } from "chai";
import fc from "fast-check";
import type { Seed } from "../../common/core/rng.js";
import { GameSession } from "../../common/core/session.js";
import {
  MAX_MOVES_PER_CELL,
  minesweeperRules,
  resolveConfig,
  verifySoloLog,
  type MinesweeperConfig,
  type MinesweeperEvent,
  type MinesweeperMove,
  type MinesweeperState,
  type MinesweeperView,
  type VerifyFailure,
} from "../../common/minesweeper/index.js";
import { hiddenMine, nextSafeClick } from "./minesweeper.race.helpers.js";

type Entry = { move: MinesweeperMove; t: number };

/**
 * Plays a real solo game as the offline client would (its own clock) and
 * returns what it submits. The player opens (r0, c0), flags one mine, then
 * clears the board; `lose` blows up instead of finishing.
 */
function playOffline(seed: Seed, config: MinesweeperConfig, opts: { start?: number; lose?: boolean; first?: [number, number] } = {}) {
  const session = new GameSession<MinesweeperState, MinesweeperMove, MinesweeperEvent, MinesweeperConfig, MinesweeperView>(minesweeperRules, seed, config, 1);
  let t = opts.start ?? 1_700_000_000_000;
  const [r0, c0] = opts.first ?? [config.rows >> 1, config.cols >> 1];
  const apply = (move: MinesweeperMove) => {
    const result = session.apply(0, move, t);
    if (!result.ok) expect.fail(`offline move refused: ${result.error.message}`);
    t += 437;
  };
  apply({ type: "reveal", r: r0, c: c0 });
  if (session.state.phase === "active") apply({ ...hiddenMine(session.state), type: "flag" });
  if (opts.lose && session.state.phase === "active") {
    const flagged = [...session.state.status.keys()].find((i) => session.state.status[i] === 2)!;
    const mine = [...session.state.mines!.keys()].find((i) => session.state.mines![i] && i !== flagged)!;
    apply({ type: "reveal", r: (mine / config.cols) | 0, c: mine % config.cols });
  }
  for (let move = nextSafeClick(session.state); move && session.state.phase === "active"; move = nextSafeClick(session.state)) apply(move);
  const log: Entry[] = session.log.map(({ move, t: time }) => ({ move, t: time }));
  return { log, state: session.state };
}

const BEGINNER = { level: "beginner", rows: 9, cols: 9, mines: 10 } as const satisfies MinesweeperConfig;
const CUSTOM = { level: "custom", rows: 12, cols: 20, mines: 45 } as const satisfies MinesweeperConfig;

function refused(submission: unknown, code: VerifyFailure, index?: number): string {
  const result = verifySoloLog(submission);
  if (result.ok) expect.fail(`expected "${code}", but the submission was accepted`);
  expect(result.code, result.reason).to.equal(code);
  expect(result.reason).to.be.a("string").with.length.above(10);
  if (index !== undefined) expect(result.index, result.reason).to.equal(index);
  return result.reason;
}

describe("minesweeper verify: offline solo logs that win are accepted", () => {
  it("a real beginner win: ok, with the replayed time and the stats of the game", () => {
    const { log, state } = playOffline(7, BEGINNER);
    expect(state.phase).to.equal("won");
    const result = verifySoloLog(JSON.parse(JSON.stringify({ seed: 7, level: "beginner", log })));
    if (!result.ok) expect.fail(result.reason);
    expect(result.timeMs).to.equal(log[log.length - 1].t - log[0].t);
    expect(result.config).to.deep.equal(BEGINNER);
    expect(result.stats.phase).to.equal("won");
    expect(result.stats.clicks).to.equal(log.length);
    expect(result.stats.rightClicks).to.equal(1);
    expect(result.stats.threeBVSolved).to.equal(result.stats.threeBV);
    expect(result.record).to.deep.include({ game: "minesweeper", seed: 7, seats: 1, config: BEGINNER });
    expect(result.record.log.map((e) => e.move)).to.deep.equal(log.map((e) => e.move));
  });

  it("a custom board given as config, and a standard level spelled out as config, are accepted; a matching claimed time too", () => {
    const custom = playOffline(99, CUSTOM, { first: [0, 0] });
    const a = verifySoloLog({ seed: 99, config: { rows: 12, cols: 20, mines: 45 }, log: custom.log });
    if (!a.ok) expect.fail(a.reason);
    expect(a.config).to.deep.equal(CUSTOM);
    const std = playOffline(3, BEGINNER);
    const timeMs = std.log[std.log.length - 1].t - std.log[0].t;
    const b = verifySoloLog({ seed: 3, config: { level: "beginner", rows: 9, cols: 9, mines: 10 }, log: std.log, timeMs });
    if (!b.ok) expect.fail(b.reason);
    expect(b.timeMs).to.equal(timeMs);
  });

  it("a 128-bit seed (what the offline page makes now) verifies, and a whole-number seed of an older page still does", () => {
    const seed = "9f86d081884c7d659a2feaa0c55ad015";
    const wide = playOffline(seed, BEGINNER);
    expect(wide.state.phase).to.equal("won");
    const a = verifySoloLog(JSON.parse(JSON.stringify({ seed, level: "beginner", log: wide.log })));
    if (!a.ok) expect.fail(a.reason);
    expect(a.record.seed).to.equal(seed);
    const old = playOffline(2 ** 40 + 17, BEGINNER);
    const b = verifySoloLog({ seed: 2 ** 40 + 17, level: "beginner", log: old.log });
    if (!b.ok) expect.fail(b.reason);
    // The same moves under another 128-bit seed are another board: not this win.
    expect(verifySoloLog({ seed: "0".repeat(32), level: "beginner", log: wide.log }).ok).to.equal(false);
  });

  it("over many seeds and levels: the whole winning log is accepted, a strict prefix of it is refused as not won", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.constantFrom("beginner", "intermediate"), fc.nat(), (seed, level, cut) => {
        const r = resolveConfig({ level });
        if (!r.ok) throw new Error(r.error.message);
        const { log } = playOffline(seed, r.config);
        expect(verifySoloLog({ seed, level, log }).ok).to.equal(true);
        const prefix = log.slice(0, 1 + (cut % (log.length - 1 || 1)));
        if (prefix.length < log.length) refused({ seed, level, log: prefix }, "not-won");
      }),
      { seed: 41, numRuns: 40 },
    );
  });
});

describe("minesweeper verify: tampered or impossible logs are refused with a clear reason", () => {
  const { log } = playOffline(7, BEGINNER);
  const ok = () => ({ seed: 7, level: "beginner", log: structuredClone(log) });

  it("the untampered submission is accepted (so each refusal below is the tampering's doing)", () => {
    expect(verifySoloLog(ok()).ok).to.equal(true);
  });

  it("not an object, or a log that is not a list", () => {
    refused(null, "bad-submission");
    refused("seed=7", "bad-submission");
    refused([ok()], "bad-submission");
    refused({ ...ok(), log: { 0: log[0] } }, "bad-submission");
  });

  it("a seed that is neither 32 lowercase hex digits nor a whole number from 0 to 2^53 − 1", () => {
    for (const seed of [-1, 1.5, "7", null, undefined, 2 ** 53, Number.NaN, "9F86D081884C7D659A2FEAA0C55AD015", "9f86d081884c7d659a2feaa0c55ad01", "0x9f86d081884c7d659a2feaa0c55ad0"]) refused({ ...ok(), seed }, "bad-seed");
  });

  it("an unknown level, a missing one, an inherited name, or a board that is not its level's", () => {
    expect(refused({ ...ok(), level: "legendary" }, "bad-config")).to.match(/Unknown level "legendary"/);
    refused({ ...ok(), level: "toString" }, "bad-config");
    const { level: _drop, ...noLevel } = ok();
    expect(refused(noLevel, "bad-config")).to.match(/no level/);
    expect(refused({ ...ok(), level: "custom" }, "bad-config")).to.match(/needs its board/);
    expect(refused({ ...ok(), level: undefined, config: { level: "beginner", rows: 9, cols: 9, mines: 9 } }, "bad-config")).to.match(/not the beginner board/);
    expect(refused({ ...ok(), level: "expert", config: { level: "beginner", rows: 9, cols: 9, mines: 10 } }, "bad-config")).to.match(/disagree/);
    refused({ ...ok(), level: undefined, config: { rows: 9, cols: 9, mines: 80 } }, "bad-config");
    refused({ ...ok(), level: undefined, config: "9x9" }, "bad-config");
  });

  it("an empty log, or one longer than 3 moves per cell", () => {
    refused({ ...ok(), log: [] }, "empty-log");
    const cap = 81 * MAX_MOVES_PER_CELL;
    const long = Array.from({ length: cap + 1 }, (_, k) => ({ move: { type: "flag", r: 0, c: 0 }, t: k }));
    expect(refused({ ...ok(), log: long }, "log-too-long")).to.include(`at most ${cap}`);
  });

  it("an entry that is not {move, t} with a reveal, flag or chord on whole-numbered cells", () => {
    const at = (i: number, entry: unknown) => {
      const s = ok() as { log: unknown[] };
      s.log[i] = entry;
      return s;
    };
    refused(at(2, null), "bad-move", 2);
    refused(at(2, { t: log[2].t }), "bad-move", 2);
    expect(refused(at(2, { move: { type: "go" }, t: log[2].t }), "bad-move", 2)).to.match(/Move 3 is "go"/);
    refused(at(2, { move: { type: "reveal", r: "1", c: 0 }, t: log[2].t }), "bad-move", 2);
    refused(at(2, { move: { type: "reveal", r: 1.5, c: 0 }, t: log[2].t }), "bad-move", 2);
  });

  it("a time that is missing, not a number or not finite", () => {
    for (const t of [undefined, "1000", null, Number.NaN, Infinity, -Infinity]) {
      const s = ok();
      (s.log[3] as { t: unknown }).t = t;
      expect(refused(s, "bad-time", 3)).to.match(/^Move 4 has no valid time/);
    }
  });

  it("non-monotonic times: a move timed before the one before it", () => {
    const s = ok();
    s.log[4].t = s.log[3].t - 1;
    expect(refused(s, "time-backwards", 4)).to.match(/^Move 5 is timed before move 4/);
    // The same time twice is fine (two clicks in one millisecond).
    const same = ok();
    same.log[4].t = same.log[3].t;
    expect(verifySoloLog(same).ok).to.equal(true);
  });

  it("a move after the end, naming the move that won", () => {
    const s = ok();
    const last = s.log[s.log.length - 1];
    s.log.push({ move: { type: "flag", r: 0, c: 0 }, t: last.t + 10 });
    const reason = refused(s, "after-end", s.log.length - 1);
    expect(reason).to.include(`won at move ${s.log.length - 1}`);
  });

  it("an illegal move: re-opening an open cell, a cell off the board, a chord on a hidden cell", () => {
    const reopen = ok();
    reopen.log[2] = { move: { ...reopen.log[0].move }, t: reopen.log[2].t };
    expect(refused(reopen, "illegal-move", 2)).to.match(/already open/);
    const off = ok();
    off.log[2] = { move: { type: "reveal", r: 9, c: 0 }, t: off.log[2].t };
    expect(refused(off, "illegal-move", 2)).to.match(/not on this 9×9 board/);
    const badChord = ok();
    const hidden = log.findIndex((e, k) => k > 2 && e.move.type === "reveal");
    badChord.log[2] = { move: { ...badChord.log[hidden].move, type: "chord" }, t: badChord.log[2].t };
    expect(refused(badChord, "illegal-move", 2)).to.match(/open number/);
  });

  it("a log that does not win: cut short, or lost on a mine", () => {
    const short = ok();
    short.log.pop();
    expect(refused(short, "not-won")).to.match(/safe cells are open/);
    const lost = playOffline(7, BEGINNER, { lose: true });
    expect(lost.state.phase).to.equal("lost");
    expect(refused({ seed: 7, level: "beginner", log: lost.log }, "not-won")).to.match(/lost at move 3/);
  });

  it("the same log under another seed or level does not pass", () => {
    expect(verifySoloLog({ ...ok(), seed: 8 }).ok).to.equal(false);
    expect(verifySoloLog({ ...ok(), level: "intermediate" }).ok).to.equal(false);
  });

  it("a claimed time that the replay does not give", () => {
    const s = { ...ok(), timeMs: log[log.length - 1].t - log[0].t - 1000 };
    expect(refused(s, "time-mismatch")).to.match(/does not match the replayed time/);
  });

  it("never mutates the submission", () => {
    const s = ok();
    const copy = structuredClone(s);
    verifySoloLog(s);
    s.log[1].t = -5;
    verifySoloLog(s);
    copy.log[1].t = -5;
    expect(s).to.deep.equal(copy);
  });
});
