// GameSession and replay (common/core/session.ts): a rejected move changes
// nothing (state, log, RNG), and replay accepts exactly the logs a session
// could have produced.

import { expect } from "chai";
import { createRng } from "../../common/core/rng.js";
import { reject, type Rules } from "../../common/core/rules.js";
import { GameSession, replay, type GameRecord, type LoggedMove } from "../../common/core/session.js";
import {
  minesweeperRules,
  resolveConfig,
  REVEALED,
  type MinesweeperConfig,
  type MinesweeperEvent,
  type MinesweeperMove,
  type MinesweeperState,
  type MinesweeperView,
} from "../../common/minesweeper/index.js";

// A tiny game whose moves draw from the RNG *before* deciding to refuse, so a
// session that forgot to restore the RNG on a rejection is caught.
interface DiceState {
  rolls: number[];
  over: boolean;
}
type DiceMove = { type: "roll" } | { type: "roll-then-refuse" } | { type: "stop" };
const diceRules: Rules<DiceState, DiceMove, number, null, DiceState> = {
  id: "dice",
  setup: () => ({ rolls: [], over: false }),
  apply(state, seat, move, ctx) {
    if (seat !== 0) return reject("not-seated", "seat 0 only");
    if (state.over) return reject("game-over", "over");
    const roll = ctx.rng.int(6) + 1;
    if (move.type === "roll-then-refuse") return reject("refused", "refused after drawing");
    if (move.type === "stop") return { ok: true, state: { ...state, over: true }, events: [] };
    return { ok: true, state: { ...state, rolls: [...state.rolls, roll] }, events: [roll] };
  },
  status: (s) => (s.over ? "finished" : "playing"),
  view: (s) => s,
};

const beginner = (): MinesweeperConfig => {
  const r = resolveConfig({ level: "beginner" });
  if (!r.ok) throw new Error(r.error.message);
  return r.config;
};

const reveal = (r: number, c: number): MinesweeperMove => ({ type: "reveal", r, c });
const flag = (r: number, c: number): MinesweeperMove => ({ type: "flag", r, c });

type MsSession = GameSession<MinesweeperState, MinesweeperMove, MinesweeperEvent, MinesweeperConfig, MinesweeperView>;

function newMinesweeper(seed = 7, seats = 1): MsSession {
  return new GameSession(minesweeperRules, seed, beginner(), seats);
}

/** A finished solo game: opening reveal, a flag, then the first hidden mine is revealed (lost). */
function lostGame(seed = 7): { session: MsSession; record: GameRecord<MinesweeperConfig, MinesweeperMove> } {
  const session = newMinesweeper(seed);
  const { cols } = session.config;
  expect(session.apply(0, reveal(4, 4), 1000).ok).to.equal(true);
  const mines = session.state.mines!;
  const safeHidden = [...session.state.status.keys()].find((i) => !mines[i] && session.state.status[i] !== REVEALED)!;
  expect(session.apply(0, flag((safeHidden / cols) | 0, safeHidden % cols), 2000).ok).to.equal(true);
  const mine = mines.indexOf(1);
  expect(session.apply(0, reveal((mine / cols) | 0, mine % cols), 3000).ok).to.equal(true);
  expect(session.state.phase).to.equal("lost");
  return { session, record: session.record() };
}

function tampered(
  record: GameRecord<MinesweeperConfig, MinesweeperMove>,
  edit: (log: LoggedMove<MinesweeperMove>[]) => void,
): GameRecord<MinesweeperConfig, MinesweeperMove> {
  const copy = structuredClone(record);
  edit(copy.log);
  return copy;
}

describe("core/session: GameSession", () => {
  it("starts from rules.setup with an RNG seeded by the game seed", () => {
    const session = new GameSession(diceRules, 42, null, 1);
    expect(session.state).to.deep.equal({ rolls: [], over: false });
    expect(session.rng.getState()).to.deep.equal(createRng(42).getState());
  });

  it("an accepted move replaces the state, is logged with its time, and consumes the RNG", () => {
    const session = new GameSession(diceRules, 42, null, 1);
    const result = session.apply(0, { type: "roll" }, 1234);
    expect(result.ok).to.equal(true);
    const expectedRoll = createRng(42).int(6) + 1;
    expect(session.state.rolls).to.deep.equal([expectedRoll]);
    expect(session.log).to.deep.equal([{ seat: 0, move: { type: "roll" }, t: 1234 }]);
    expect(session.rng.getState()).to.not.deep.equal(createRng(42).getState());
  });

  it("a rejected move leaves the state, the log and the RNG untouched, even if the rules drew from it", () => {
    const session = new GameSession(diceRules, 42, null, 1);
    session.apply(0, { type: "roll" }, 1);
    const state = session.state;
    const snapshot = structuredClone(state);
    const rng = session.rng.getState();

    const result = session.apply(0, { type: "roll-then-refuse" }, 2);
    expect(result).to.deep.equal({ ok: false, error: { code: "refused", message: "refused after drawing" } });
    expect(session.state).to.equal(state);
    expect(session.state).to.deep.equal(snapshot);
    expect(session.log).to.have.length(1);
    expect(session.rng.getState()).to.deep.equal(rng);

    // The next accepted roll is the one a session without the refused move would have made.
    const clean = new GameSession(diceRules, 42, null, 1);
    clean.apply(0, { type: "roll" }, 1);
    clean.apply(0, { type: "roll" }, 3);
    session.apply(0, { type: "roll" }, 3);
    expect(session.state).to.deep.equal(clean.state);
  });

  it("rejected Minesweeper moves (flagged cell, bad seat, off the board, after the end) change nothing", () => {
    const session = newMinesweeper();
    session.apply(0, flag(0, 0), 10);
    const attempts: Array<[number, MinesweeperMove]> = [
      [0, reveal(0, 0)], // flagged
      [1, reveal(4, 4)], // no such seat in a solo game
      [0, reveal(9, 0)], // off the 9×9 board
      [0, { type: "chord", r: 4, c: 4 } as MinesweeperMove], // nothing revealed yet
    ];
    for (const [seat, move] of attempts) {
      const before = structuredClone(session.state);
      const rng = session.rng.getState();
      const result = session.apply(seat, move, 20);
      expect(result.ok, JSON.stringify(move)).to.equal(false);
      expect(session.state).to.deep.equal(before);
      expect(session.rng.getState()).to.deep.equal(rng);
      expect(session.log).to.have.length(1);
    }
    const { session: ended } = lostGame();
    const before = structuredClone(ended.state);
    const result = ended.apply(0, reveal(0, 0), 9999);
    expect(result.ok).to.equal(false);
    if (!result.ok) expect(result.error.code).to.equal("game-over");
    expect(ended.state).to.deep.equal(before);
    expect(ended.log).to.have.length(3);
  });

  it("record() is the game's {game, seed, config, seats, log}, and a copy of the log", () => {
    const { session, record } = lostGame(11);
    expect(record.game).to.equal("minesweeper");
    expect(record.seed).to.equal(11);
    expect(record.seats).to.equal(1);
    expect(record.config).to.deep.equal(beginner());
    expect(record.log.map((m) => m.t)).to.deep.equal([1000, 2000, 3000]);
    record.log.pop();
    expect(session.log).to.have.length(3);
  });

  it("view() is the rules' view of the current state", () => {
    const session = newMinesweeper();
    session.apply(0, reveal(4, 4), 5);
    expect(session.view(0)).to.deep.equal(minesweeperRules.view(session.state, 0));
    expect(session.view(null)).to.deep.equal(minesweeperRules.view(session.state, null));
  });
});

describe("core/session: replay", () => {
  it("accepts a recorded game and reproduces its final state bit for bit", () => {
    const { session, record } = lostGame();
    const result = replay(minesweeperRules, structuredClone(record));
    expect(result.valid).to.equal(true);
    expect(result.state).to.deep.equal(session.state);
  });

  it("accepts a recorded game still in progress, and moves at the same millisecond", () => {
    const session = newMinesweeper(3);
    session.apply(0, reveal(0, 0), 500);
    session.apply(0, flag(8, 8), 500);
    const result = replay(minesweeperRules, session.record());
    expect(result.valid).to.equal(true);
    expect(result.state).to.deep.equal(session.state);
  });

  it("accepts the empty log (the fresh board)", () => {
    const result = replay(minesweeperRules, { game: "minesweeper", seed: 1, config: beginner(), seats: 1, log: [] });
    expect(result.valid).to.equal(true);
    expect(result.state.phase).to.equal("fresh");
  });

  it("a different seed replays to a different board (the seed is part of the record)", () => {
    const { session, record } = lostGame(7);
    const result = replay(minesweeperRules, { ...record, seed: 8 });
    // Either the log no longer fits the board (invalid) or it yields another game.
    if (result.valid) expect(result.state.mines).to.not.deep.equal(session.state.mines);
  });

  describe("rejects tampered logs, naming the first bad move", () => {
    let record: GameRecord<MinesweeperConfig, MinesweeperMove>;
    before(() => {
      record = lostGame().record;
    });

    it("time going backwards", () => {
      const result = replay(minesweeperRules, tampered(record, (log) => (log[2].t = log[1].t - 1)));
      expect(result.valid).to.equal(false);
      if (!result.valid) {
        expect(result.index).to.equal(2);
        expect(result.reason).to.match(/time goes backwards/);
        expect(result.state.phase).to.equal("active");
      }
    });

    it("a move after the end of the game", () => {
      const result = replay(minesweeperRules, tampered(record, (log) => log.push({ seat: 0, move: reveal(0, 0), t: 4000 })));
      expect(result.valid).to.equal(false);
      if (!result.valid) {
        expect(result.index).to.equal(3);
        expect(result.reason).to.match(/already ended/);
        expect(result.state.phase).to.equal("lost");
      }
    });

    it("an illegal move (revealing the cell the game opened with, again)", () => {
      const result = replay(minesweeperRules, tampered(record, (log) => (log[1].move = reveal(4, 4))));
      expect(result.valid).to.equal(false);
      if (!result.valid) {
        expect(result.index).to.equal(1);
        expect(result.reason).to.match(/^move 1: .*already open/);
      }
    });

    it("an illegal move (off the board, unknown type)", () => {
      for (const move of [reveal(9, 9), { type: "dig", r: 1, c: 1 } as unknown as MinesweeperMove]) {
        const result = replay(minesweeperRules, tampered(record, (log) => (log[1].move = move)));
        expect(result.valid, JSON.stringify(move)).to.equal(false);
        if (!result.valid) expect(result.index).to.equal(1);
      }
    });

    it("a bad seat (out of range, negative, fractional, not a number)", () => {
      for (const seat of [1, -1, 0.5, "0" as unknown as number, NaN]) {
        const result = replay(minesweeperRules, tampered(record, (log) => (log[0].seat = seat)));
        expect(result.valid, `seat ${String(seat)}`).to.equal(false);
        if (!result.valid) {
          expect(result.index).to.equal(0);
          expect(result.state.phase).to.equal("fresh");
        }
      }
    });

    it("a non-numeric time (string, NaN, Infinity, missing)", () => {
      for (const t of ["3000", NaN, Infinity, undefined] as unknown as number[]) {
        const result = replay(minesweeperRules, tampered(record, (log) => (log[2].t = t)));
        expect(result.valid, `t = ${String(t)}`).to.equal(false);
        if (!result.valid) {
          expect(result.index).to.equal(2);
          expect(result.reason).to.match(/time is not a number/);
        }
      }
    });

    it("the untampered record still replays (the tampering above was on copies)", () => {
      expect(replay(minesweeperRules, record).valid).to.equal(true);
    });
  });

  it("works for any rules: a move after a finished dice game is refused", () => {
    const record: GameRecord<null, DiceMove> = {
      game: "dice",
      seed: 1,
      config: null,
      seats: 1,
      log: [
        { seat: 0, move: { type: "roll" }, t: 1 },
        { seat: 0, move: { type: "stop" }, t: 2 },
      ],
    };
    expect(replay(diceRules, record).valid).to.equal(true);
    record.log.push({ seat: 0, move: { type: "roll" }, t: 3 });
    const result = replay(diceRules, record);
    expect(result.valid).to.equal(false);
    if (!result.valid) expect(result.index).to.equal(2);
  });
});
