// Benchmark section "noguess" (run by bench/run.ts, or alone: `node --import tsx bench/noguess.ts`):
// milliseconds to make one no-guess board (common/minesweeper/noGuess.ts: boards drawn and
// proven by the solver, repaired where needed) per level, median and p95 over many first
// clicks, against the same run's baseline: one ordinary board (placeMines) from the same
// clicks. Also how many boards were drawn and mines moved per no-guess board, and how
// often the fallback was needed. Prints one table and writes bench/results/noguess.json.
// BENCH_QUICK=1: 10 boards a level.

import { performance } from "node:perf_hooks";
import { createRng } from "../common/core/rng.js";
import { LEVELS, placeMines, placeNoGuessMines, resolveConfig, type MinesweeperConfig, type StandardLevel } from "../common/minesweeper/index.js";
import { announceQuick, quick, writeResult } from "./lib/section.js";

const BOARDS = Number(process.env.NOGUESS_BOARDS ?? quick(300, 10));
const WARMUP = quick(30, 2);

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

interface Figure {
  level: string;
  board: string;
  runs: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  ordinaryMedianMs: number;
  ordinaryP95Ms: number;
  ratio: number;
  boardsDrawn: number;
  minesMoved: number;
  fallbacks: number;
}

function measure(level: StandardLevel): Figure {
  const r = resolveConfig({ level, noGuess: true });
  if (!r.ok) throw new Error(r.error.message);
  const config: MinesweeperConfig = r.config;
  const cells = config.rows * config.cols;
  const clicks = createRng(2024);
  const firsts = Array.from({ length: BOARDS + WARMUP }, () => clicks.int(cells));
  const noGuess: number[] = [];
  const ordinary: number[] = [];
  let drawn = 0;
  let moved = 0;
  let fallbacks = 0;
  firsts.forEach((first, k) => {
    const t0 = performance.now();
    const board = placeNoGuessMines(config, first, createRng(k));
    const t1 = performance.now();
    placeMines(config, first, createRng(k));
    const t2 = performance.now();
    if (k < WARMUP) return;
    noGuess.push(t1 - t0);
    ordinary.push(t2 - t1);
    drawn += board.boards;
    moved += board.repairs;
    if (!board.proven) fallbacks++;
  });
  const medianMs = quantile(noGuess, 0.5);
  const ordinaryMedianMs = quantile(ordinary, 0.5);
  return {
    level: LEVELS[level].name,
    board: `${level} ${config.cols}×${config.rows}, ${config.mines} mines`,
    runs: BOARDS,
    medianMs: round(medianMs, 3),
    p95Ms: round(quantile(noGuess, 0.95), 3),
    maxMs: round(quantile(noGuess, 1), 3),
    ordinaryMedianMs: round(ordinaryMedianMs, 3),
    ordinaryP95Ms: round(quantile(ordinary, 0.95), 3),
    ratio: round(medianMs / ordinaryMedianMs, 1),
    boardsDrawn: round(drawn / BOARDS, 2),
    minesMoved: round(moved / BOARDS, 2),
    fallbacks,
  };
}

announceQuick("noguess");
const figures = (["beginner", "intermediate", "expert", "nightmare"] as StandardLevel[]).map(measure);

console.log(`no-guess board generation, ${BOARDS} boards per level (random first clicks), against an ordinary board from the same clicks`);
console.log("| board | no-guess median | p95 | max | ordinary median (p95) | ratio | boards drawn | mines moved | fallbacks |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const f of figures) {
  console.log(`| ${f.board} | ${f.medianMs} ms | ${f.p95Ms} ms | ${f.maxMs} ms | ${f.ordinaryMedianMs} ms (${f.ordinaryP95Ms}) | ${f.ratio}× | ${f.boardsDrawn} | ${f.minesMoved} | ${f.fallbacks} |`);
}
console.log(`wrote ${writeResult("noguess", { measuredAt: new Date().toISOString(), boards: BOARDS, figures })}`);
