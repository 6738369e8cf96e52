// A 100×100 Minesweeper board with 1 mine opened by one click, in process (issue 36 point 4):
// the rules' apply, the room's projection (server/rooms/minesweeper/board.ts into a real
// MinesweeperState, no sockets) and the game's end (record + result: the stats, 3BV). CPU ms
// (process.cpuUsage), the first board in the process ("cold") and the best of RUNS after.
// `node --import tsx bench/minesweeperInProcess.ts` (MINES_WARM=1: after the hub's start-up warm-up).

import { GameSession } from "../common/core/session.js";
import { minesweeperDef } from "../common/minesweeper/index.js";
import { boardParts } from "../server/rooms/minesweeper/board.js";

const RUNS = Number(process.env.MINES_RUNS ?? 7);
// MINES_WARM=1: the hub's start-up warm-up (server/warmUp.ts) first, as a process started by `npm start` has it.
if (process.env.MINES_WARM === "1") await (await import("../server/warmUp.js")).warmUp();
const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

const figures = { apply: [] as number[], project: [] as number[], end: [] as number[] };
for (let run = 0; run <= RUNS; run++) {
  const cfg = minesweeperDef.configure({ mode: "solo", level: "custom", rows: 100, cols: 100, mines: 1 });
  if (!cfg.ok) throw new Error(cfg.error.message);
  const s = new GameSession(minesweeperDef, `0123456789abcdef0123456789abcd${String(run).padStart(2, "0")}`, cfg.value.config, 1);
  const st = boardParts.createState(cfg.value as never);
  const a = cpu();
  const r = s.apply(0, { type: "reveal", r: 50, c: 50 } as never, 1000);
  if (!r.ok) throw new Error(`refused: ${r.error.code}`);
  const b = cpu();
  boardParts.project(st, { state: s.state, view: (g: number | null) => s.view(g), events: r.events, fresh: false } as never);
  const c = cpu();
  const info = { state: s.state, log: s.log, configured: cfg.value, startedAt: 0, now: 2000, replayId: 1 } as never;
  boardParts.record!(info);
  boardParts.results!.ended!(st, info);
  const d = cpu();
  if (s.state.phase !== "won") throw new Error(`the board is ${s.state.phase}`);
  if (run === 0) console.log(`cold: apply ${(b - a).toFixed(1)} + projection ${(c - b).toFixed(1)} + end ${(d - c).toFixed(1)} ms`);
  else {
    figures.apply.push(b - a);
    figures.project.push(c - b);
    figures.end.push(d - c);
  }
}
const best = (xs: number[]) => Math.min(...xs).toFixed(1);
console.log(`warm, best of ${RUNS}: apply ${best(figures.apply)} + projection ${best(figures.project)} + end ${best(figures.end)} ms`);
