// The Minesweeper room's projection (server/rooms/minesweeper/board.ts): patched from each
// move's events, and at the end from those events plus the mines and flags (issue 36 point 4: a
// board opened at once was read in full a second time), it shows exactly what a full re-read of
// the board shows, row strings and co-op credits alike, for won and lost boards.

import { expect } from "chai";
import { GameSession } from "../../common/core/session.js";
import { createRng } from "../../common/core/rng.js";
import { FLAGGED, HIDDEN, minesweeperDef, type MinesweeperMove } from "../../common/minesweeper/index.js";
import { boardParts } from "../../server/rooms/minesweeper/board.js";

type State = ReturnType<typeof boardParts.createState>;

function rowsOf(st: State): Record<string, string> {
  return Object.fromEntries([...st.cellRows.entries()]);
}

function playOne(mode: "solo" | "coop", seed: number): { phase: string } {
  const seats = mode === "coop" ? 3 : 1;
  const cfg = minesweeperDef.configure({ mode, level: "custom", rows: 9, cols: 11, mines: 14, ...(mode === "coop" ? { seats } : {}) });
  if (!cfg.ok) throw new Error(cfg.error.message);
  const s = new GameSession(minesweeperDef, seed.toString(16).padStart(32, "0"), cfg.value.config, seats);
  const live = boardParts.createState(cfg.value as never);
  const project = (st: State, events: unknown) => boardParts.project(st, { state: s.state, view: (g: number | null) => s.view(g), events, fresh: false } as never);
  project(live, null);
  const rng = createRng(seed);
  const { rows, cols } = cfg.value.config;
  for (let t = 1; t < 500 && s.state.phase !== "won" && s.state.phase !== "lost"; t++) {
    const i = rng.int(rows * cols);
    const r = (i / cols) | 0;
    const c = i % cols;
    const kind = rng.int(10);
    const st = s.state.status[i];
    // Mostly reveals, some flags and chords; a few flags stay wrong for the end to show.
    const move: MinesweeperMove = (kind < 2 && st !== undefined ? { type: "flag", r, c } : kind < 3 ? { type: "chord", r, c } : { type: "reveal", r, c }) as MinesweeperMove;
    if (move.type === "reveal" && st === FLAGGED) continue;
    if (move.type === "flag" && st !== HIDDEN && st !== FLAGGED) continue;
    const res = s.apply(t % seats, move, 1000 + t);
    if (res.ok) project(live, res.events);
  }
  const full = boardParts.createState(cfg.value as never);
  project(full, null);
  expect(rowsOf(live), `${mode} seed ${seed}: rows`).to.deep.equal(rowsOf(full));
  expect([...live.credits], `${mode} seed ${seed}: credits`).to.deep.equal([...full.credits]);
  expect(live.hit).to.equal(full.hit);
  expect(live.flags).to.equal(full.flags);
  return { phase: s.state.phase };
}

describe("minesweeper projection: events at the end show what a full re-read shows", () => {
  for (const mode of ["solo", "coop"] as const) {
    it(`${mode}: 60 boards played to their end, won and lost`, () => {
      const phases = new Set<string>();
      for (let seed = 1; seed <= 60; seed++) phases.add(playOne(mode, seed).phase);
      expect([...phases].sort()).to.include.members(["lost"]);
    });
  }

  it("a 100×100 board opened by one click: every row as a full re-read shows it", () => {
    const cfg = minesweeperDef.configure({ mode: "solo", level: "custom", rows: 100, cols: 100, mines: 1 });
    if (!cfg.ok) throw new Error(cfg.error.message);
    const s = new GameSession(minesweeperDef, "0123456789abcdef0123456789abcdef", cfg.value.config, 1);
    const live = boardParts.createState(cfg.value as never);
    const res = s.apply(0, { type: "reveal", r: 50, c: 50 } as MinesweeperMove, 1000);
    if (!res.ok) throw new Error(res.error.code);
    expect(s.state.phase).to.equal("won");
    boardParts.project(live, { state: s.state, view: (g: number | null) => s.view(g), events: res.events, fresh: false } as never);
    const full = boardParts.createState(cfg.value as never);
    boardParts.project(full, { state: s.state, view: (g: number | null) => s.view(g), events: null, fresh: false } as never);
    expect(rowsOf(live)).to.deep.equal(rowsOf(full));
    expect([...live.credits]).to.deep.equal([10_000 - 1]);
  });
});
