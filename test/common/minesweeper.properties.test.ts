// Minesweeper properties over random games (fast-check, fixed seeds).
// A random game is a valid custom board, a seed, 1-4 seats and a list of
// moves. Some moves are blind (any cell), some are "smart" (a hidden safe cell,
// a hidden mine to flag, a satisfied number to chord) so that games are won
// and lost and chords fire, not only refused.

import { expect } from "chai";
import fc from "fast-check";
import { GameSession, replay, type GameRecord } from "../../common/core/session.js";
import {
  CELL,
  creditsBySeat,
  FLAGGED,
  HIDDEN,
  minesweeperRules,
  neighbours,
  resolveConfig,
  REVEALED,
  viewBoard,
  type MinesweeperConfig,
  type MinesweeperEvent,
  type MinesweeperMove,
  type MinesweeperState,
  type MinesweeperView,
} from "../../common/minesweeper/index.js";
import { countStatus } from "./minesweeper.helpers.js";

type Session = GameSession<MinesweeperState, MinesweeperMove, MinesweeperEvent, MinesweeperConfig, MinesweeperView>;
type Record_ = GameRecord<MinesweeperConfig, MinesweeperMove>;

interface GenMove {
  kind: "reveal" | "flag" | "chord" | "safe" | "mine" | "chordable";
  r: number;
  c: number;
  /** Picks among the candidates of a smart move. */
  k: number;
  seat: number;
  /** Milliseconds since the previous move (0 allowed: same millisecond). */
  dt: number;
}

interface Game {
  seed: number;
  config: MinesweeperConfig;
  seats: number;
  moves: GenMove[];
}

const RUNS = 250;

const configArb: fc.Arbitrary<MinesweeperConfig> = fc
  .record({ rows: fc.integer({ min: 1, max: 14 }), cols: fc.integer({ min: 1, max: 14 }), permille: fc.noBias(fc.integer({ min: 0, max: 1000 })) })
  .filter(({ rows, cols }) => rows * cols >= 10)
  .map(({ rows, cols, permille }) => {
    const max = rows * cols - 9;
    const mines = Math.max(1, Math.min(max, Math.round(1 + (permille / 1000) ** 2 * (max - 1))));
    const r = resolveConfig({ level: "custom", rows, cols, mines });
    if (!r.ok) throw new Error(r.error.message);
    return r.config;
  });

const moveArb: fc.Arbitrary<GenMove> = fc.record({
  kind: fc.constantFrom<GenMove["kind"]>("reveal", "reveal", "reveal", "flag", "chord", "safe", "mine", "mine", "chordable", "chordable"),
  // Unbiased, so blind moves spread over the whole board instead of clustering near (0, 0).
  r: fc.noBias(fc.nat(99)),
  c: fc.noBias(fc.nat(99)),
  k: fc.noBias(fc.nat(10_000)),
  seat: fc.nat(7),
  dt: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5000 })),
});

const gameArb: fc.Arbitrary<Game> = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
  config: configArb,
  seats: fc.integer({ min: 1, max: 4 }),
  // The first move is always a reveal, so every log starts on an opened board.
  moves: fc.tuple(moveArb, fc.noBias(fc.array(moveArb, { maxLength: 60, size: "max" }))).map(([first, rest]) => [{ ...first, kind: "reveal" as const }, ...rest]),
});

const cellsOf = (s: MinesweeperState, pick: (i: number) => boolean) => [...s.status.keys()].filter(pick);

/** Turns a generated move into a concrete one against the current state. */
function concrete(s: MinesweeperState, m: GenMove): MinesweeperMove {
  const { rows, cols } = s.config;
  const to = (type: MinesweeperMove["type"], i: number): MinesweeperMove => ({ type, r: (i / cols) | 0, c: i % cols });
  if (s.mines) {
    const mines = s.mines;
    let pool: number[] = [];
    if (m.kind === "safe") pool = cellsOf(s, (i) => s.status[i] === HIDDEN && !mines[i]);
    if (m.kind === "mine") pool = cellsOf(s, (i) => s.status[i] === HIDDEN && mines[i] === 1);
    if (m.kind === "chordable") {
      pool = cellsOf(s, (i) => {
        if (s.status[i] !== REVEALED || s.adjacent[i] === 0) return false;
        const around = neighbours(rows, cols, i);
        return around.filter((j) => s.status[j] === FLAGGED).length === s.adjacent[i] && around.some((j) => s.status[j] === HIDDEN);
      });
    }
    if (pool.length) return to(m.kind === "safe" ? "reveal" : m.kind === "mine" ? "flag" : "chord", pool[m.k % pool.length]);
  }
  const type = m.kind === "safe" ? "reveal" : m.kind === "mine" ? "flag" : m.kind === "chordable" ? "chord" : m.kind;
  return { type, r: m.r % rows, c: m.c % cols };
}

interface Step {
  before: MinesweeperState;
  move: MinesweeperMove;
  seat: number;
  t: number;
  result: ReturnType<Session["apply"]>;
  session: Session;
}

/** Plays a generated game through a GameSession; `onStep` sees every attempt, accepted or not. */
function run(game: Game, onStep?: (step: Step) => void): Session {
  const session: Session = new GameSession(minesweeperRules, game.seed, game.config, game.seats);
  let t = 1_700_000_000_000;
  for (const m of game.moves) {
    t += m.dt;
    const before = session.state;
    const move = concrete(before, m);
    const seat = m.seat % game.seats;
    const result = session.apply(seat, move, t);
    onStep?.({ before, move, seat, t, result, session });
  }
  return session;
}

const isOver = (s: MinesweeperState) => s.phase === "won" || s.phase === "lost";

/** Ends a game that is still going by revealing a hidden mine (unflagging one first if need be). */
function lose(session: Session, t: number): void {
  const s = () => session.state;
  if (isOver(s())) return;
  const { cols } = s().config;
  const at = (i: number) => ({ r: (i / cols) | 0, c: i % cols });
  let mine = cellsOf(s(), (i) => s().mines![i] === 1 && s().status[i] === HIDDEN)[0];
  if (mine === undefined) {
    mine = cellsOf(s(), (i) => s().mines![i] === 1)[0];
    expect(session.apply(0, { type: "flag", ...at(mine) }, t).ok).to.equal(true);
  }
  expect(session.apply(0, { type: "reveal", ...at(mine) }, t).ok).to.equal(true);
  expect(s().phase).to.equal("lost");
}

const opts = (seed: number) => ({ seed, numRuns: RUNS });

describe("minesweeper properties (random games)", () => {
  it("the generator covers wins, losses, flags, accepted chords and refusals (so the properties below are not vacuous)", () => {
    const seen = { won: 0, lost: 0, active: 0, flags: 0, chords: 0, refused: 0, multiSeat: 0 };
    fc.assert(
      fc.property(gameArb, (game) => {
        const s = run(game, ({ move, result }) => {
          if (!result.ok) seen.refused++;
          else if (move.type === "flag") seen.flags++;
          else if (move.type === "chord") seen.chords++;
        });
        seen[s.state.phase === "fresh" ? "active" : s.state.phase]++;
        if (new Set(s.log.map((m) => m.seat)).size > 1) seen.multiSeat++;
      }),
      opts(11),
    );
    for (const [what, n] of Object.entries(seen)) expect(n, what).to.be.at.least(10);
  });

  it("flood fill never reveals a mine", () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        run(game, ({ result, session }) => {
          if (!result.ok) return;
          const s = session.state;
          const openMines = cellsOf(s, (i) => s.status[i] === REVEALED && s.mines![i] !== 0);
          expect(openMines, "revealed mines").to.deep.equal([]);
          for (const e of result.events) {
            if (e.kind === "reveal") for (const i of e.cells) expect(s.mines![i]).to.equal(0);
          }
        });
      }),
      opts(12),
    );
  });

  it("a reveal or chord opens exactly what the textbook flood opens (one cell at a time, a stack, every neighbour)", () => {
    /** The definition, slow and plain: open a hidden safe cell; through a zero, open its hidden neighbours. */
    const textbook = (s: MinesweeperState, targets: number[]): Set<number> => {
      const status = s.status.slice();
      const opened = new Set<number>();
      for (const from of targets) {
        const stack = [from];
        while (stack.length) {
          const i = stack.pop()!;
          if (status[i] !== HIDDEN || s.mines![i]) continue;
          status[i] = REVEALED;
          opened.add(i);
          if (s.adjacent[i] === 0) stack.push(...neighbours(s.config.rows, s.config.cols, i));
        }
      }
      return opened;
    };
    fc.assert(
      fc.property(gameArb, (game) => {
        run(game, ({ before, move, result, session }) => {
          if (!result.ok) return;
          const e = result.events.find((x) => x.kind === "reveal");
          if (!e || e.kind !== "reveal") return;
          const s = session.state;
          const { rows, cols } = s.config;
          const i = move.r * cols + move.c;
          // A chord floods from each hidden neighbour in turn; a reveal from its cell.
          const targets = move.type === "chord" ? neighbours(rows, cols, i).filter((j) => before.status[j] === HIDDEN) : [i];
          const board = { ...before, mines: s.mines, adjacent: s.adjacent };
          expect([...e.cells].sort((a, b) => a - b)).to.deep.equal([...textbook(board, targets)].sort((a, b) => a - b));
          expect(e.cells.length, "each cell once").to.equal(new Set(e.cells).size);
          expect(e.cells[0], "the clicked cell first").to.equal(targets[0]);
          expect([...e.numbers]).to.deep.equal([...e.cells].map((j) => s.adjacent[j]));
          for (const j of e.cells) expect(s.revealedBy[j]).to.equal(result.events[0].seat);
          expect(s.revealedCount - before.revealedCount).to.equal(e.cells.length);
        });
      }),
      opts(22),
    );
  });

  it("won ⇔ every safe cell is revealed", () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        run(game, ({ session }) => {
          const s = session.state;
          const allSafeOpen = s.mines !== null && s.status.every((st, i) => s.mines![i] === 1 || st === REVEALED);
          expect(s.phase === "won", `phase ${s.phase}, all safe open: ${allSafeOpen}`).to.equal(allSafeOpen);
        });
      }),
      opts(13),
    );
  });

  it("revealedCount always equals the number of REVEALED cells (and flagCount the FLAGGED ones, never above the mines)", () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        run(game, ({ session }) => {
          const s = session.state;
          expect(s.revealedCount).to.equal(countStatus(s, REVEALED));
          expect(s.flagCount).to.equal(countStatus(s, FLAGGED));
          expect(s.flagCount).to.be.at.most(s.config.mines);
          expect(creditsBySeat(s).reduce((a, b) => a + b, 0)).to.equal(s.revealedCount);
        });
      }),
      opts(14),
    );
  });

  it("the view before the end contains no mine codes; after a loss it shows exactly one hit mine", () => {
    const mineCodes = new Set<number>([CELL.MINE, CELL.WRONG_FLAG, CELL.HIT_MINE, CELL.FLAGGED_MINE]);
    fc.assert(
      fc.property(gameArb, (game) => {
        const session = run(game, ({ session: ss }) => {
          const s = ss.state;
          if (isOver(s)) return;
          for (const viewer of [0, null]) {
            const cells = minesweeperRules.view(s, viewer).cells;
            const wrong: string[] = [];
            cells.forEach((code, i) => {
              const want = s.status[i] === REVEALED ? s.adjacent[i] : s.status[i] === FLAGGED ? CELL.FLAG : CELL.HIDDEN;
              if (mineCodes.has(code) || code !== want) wrong.push(`cell ${i} shows ${code}, expected ${want}`);
            });
            expect(wrong, `${s.phase} view`).to.deep.equal([]);
          }
        });
        lose(session, 2e12);
        if (session.state.phase !== "lost") return; // won: covered by the rules tests
        const cells = viewBoard(session.state).cells;
        expect(cells.filter((c) => c === CELL.HIT_MINE)).to.have.length(1);
        const mines = session.state.mines!;
        cells.forEach((code, i) => {
          if (mines[i]) expect([CELL.MINE, CELL.HIT_MINE, CELL.FLAGGED_MINE]).to.include(code);
          else expect(mineCodes.has(code) && code !== CELL.WRONG_FLAG).to.equal(false);
        });
      }),
      opts(15),
    );
  });

  it("the same seed and moves give the same game (deep-equal states, logs and events)", () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        const eventsA: unknown[] = [];
        const eventsB: unknown[] = [];
        const a = run(game, ({ result }) => eventsA.push(result));
        const b = run(structuredClone(game), ({ result }) => eventsB.push(result));
        expect(b.state).to.deep.equal(a.state);
        expect(b.log).to.deep.equal(a.log);
        expect(b.rng.getState()).to.deep.equal(a.rng.getState());
        expect(eventsB).to.deep.equal(eventsA);
      }),
      opts(16),
    );
  });

  it("a refused move leaves the session exactly as it was", () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        run(game, ({ before, result, session }) => {
          if (result.ok) return;
          expect(session.state).to.equal(before);
        });
      }),
      opts(17),
    );
  });

  it("the replay of a recorded random game is valid and reproduces the final state", () => {
    fc.assert(
      fc.property(gameArb, fc.boolean(), (game, finish) => {
        const session = run(game);
        if (finish) lose(session, 2e12);
        const record: Record_ = JSON.parse(JSON.stringify({ ...session.record() }));
        const result = replay(minesweeperRules, record);
        expect(result.valid, result.valid ? "" : result.reason).to.equal(true);
        expect(result.state).to.deep.equal(session.state);
      }),
      opts(18),
    );
  });

  describe("a tampered log is rejected at the tampered move", () => {
    const recorded = (game: Game): Record_ => structuredClone(run(game).record());

    it("time reversed", () => {
      fc.assert(
        fc.property(gameArb, fc.nat(), fc.integer({ min: 1, max: 10_000 }), (game, pick, back) => {
          const record = recorded(game);
          fc.pre(record.log.length >= 2);
          const i = 1 + (pick % (record.log.length - 1));
          record.log[i].t = record.log[i - 1].t - back;
          const result = replay(minesweeperRules, record);
          expect(result.valid).to.equal(false);
          if (!result.valid) {
            expect(result.index).to.equal(i);
            expect(result.reason).to.match(/backwards/);
          }
        }),
        opts(19),
      );
    });

    it("a move appended after the end", () => {
      fc.assert(
        fc.property(gameArb, moveArb, (game, extra) => {
          const session = run(game);
          lose(session, 2e12);
          const record = structuredClone(session.record());
          const { rows, cols } = record.config;
          record.log.push({ seat: 0, move: { type: "flag", r: extra.r % rows, c: extra.c % cols }, t: 3e12 });
          const result = replay(minesweeperRules, record);
          expect(result.valid).to.equal(false);
          if (!result.valid) {
            expect(result.index).to.equal(record.log.length - 1);
            expect(result.reason).to.match(/already ended/);
          }
        }),
        opts(20),
      );
    });

    it("a move changed to an illegal one", () => {
      fc.assert(
        fc.property(gameArb, fc.nat(), fc.constantFrom("reopen", "off-board", "bad-seat"), (game, pick, how) => {
          const record = recorded(game);
          fc.pre(record.log.length >= 2);
          expect(record.log[0].move.type).to.equal("reveal");
          const i = 1 + (pick % (record.log.length - 1));
          if (how === "reopen") record.log[i].move = { ...record.log[0].move }; // the first cell is open by then
          if (how === "off-board") record.log[i].move = { type: "reveal", r: record.config.rows, c: 0 };
          if (how === "bad-seat") record.log[i].seat = record.seats;
          const result = replay(minesweeperRules, record);
          expect(result.valid).to.equal(false);
          if (!result.valid) expect(result.index).to.equal(i);
        }),
        opts(21),
      );
    });
  });
});
