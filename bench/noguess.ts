// Benchmark section "noguess" (run by bench/run.ts, or alone: `node --import tsx bench/noguess.ts`):
// milliseconds to make one no-guess board (common/minesweeper/noGuess.ts: boards drawn and
// proven by the solver, repaired where needed) per level, median and p95 over many first
// clicks, against the same run's baseline: one ordinary board (placeMines) from the same
// clicks. Also how many boards were drawn and mines moved per no-guess board, and how
// often the fallback was needed. Then the same boards in a hub (issue 36): one client restarts
// and reveals a Nightmare and a 100×100 no-guess board (2,500 mines) over and over while
// another room's player flags and unflags a cell; the event loop's delay (perf_hooks
// monitorEventLoopDelay) and that player's move round trip, with the boards made on the event
// loop (BOT_THREADS=0: in process, as before issue 36) and on their worker thread.
// Prints two tables and writes bench/results/noguess.json.
// BENCH_QUICK=1: 10 boards a level, a second of hub.

import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { boot } from "@colyseus/testing";
import { Client, type Room } from "colyseus.js";
import { createHubConfig } from "../arena.config.js";
import { SqliteStore } from "../server/store/index.js";
import { LAX_ADDRESS_LIMITS } from "../test/helpers/hub.js";
import { createRng } from "../common/core/rng.js";
import { LEVELS, placeMines, placeNoGuessMines, resolveConfig, type MinesweeperConfig, type StandardLevel } from "../common/minesweeper/index.js";
import { announceQuick, freePort, quick, writeResult } from "./lib/section.js";

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

// ---- in a hub: the event loop while boards are made ---------------------------------------

const HUB_SECONDS = Number(process.env.NOGUESS_HUB_SECONDS ?? quick(20, 1));

interface LoopFigure {
  boards: string;
  seconds: number;
  boardsMade: number;
  playerMoves: number;
  loopP50: number;
  loopP99: number;
  loopMax: number;
  rttP50: number;
  rttP99: number;
  rttMax: number;
}

/** Restart + reveal on a no-guess board, over and over (each reveal waits for its board). */
async function hammer(room: Room<any>, made: { n: number }, stop: () => boolean): Promise<void> {
  const changed = (test: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => (test() || stop() ? resolve() : setTimeout(check, 5));
      check();
    });
  while (!stop()) {
    room.send("reveal", { r: 1, c: 1 });
    await changed(() => room.state.phase !== "fresh");
    if (stop()) break;
    made.n++;
    room.send("restart", {});
    await changed(() => room.state.phase === "fresh");
  }
}

/** Flags and unflags a cell, one move at a time: each round trip from send to the patch showing it. */
async function player(room: Room<any>, rtts: number[], stop: () => boolean): Promise<void> {
  while (!stop()) {
    const before = room.state.flags;
    const at = performance.now();
    room.send("flag", { r: 0, c: 0 });
    await new Promise<void>((resolve) => {
      const check = () => (room.state.flags !== before || stop() ? resolve() : setImmediate(check));
      check();
    });
    if (!stop()) rtts.push(performance.now() - at);
  }
}

async function loopRun(botThreads: number): Promise<LoopFigure> {
  const store = new SqliteStore(":memory:");
  const port = await freePort();
  const server = await boot(createHubConfig({ store, botThreads, messageRate: { burst: 1e5, perSecond: 1e5 }, ...LAX_ADDRESS_LIMITS }), port);
  const client = new Client(`ws://127.0.0.1:${port}`);
  const nightmare = await client.create("minesweeper", { mode: "solo", level: "nightmare", noGuess: true });
  const big = await client.create("minesweeper", { mode: "solo", level: "custom", rows: 100, cols: 100, mines: 2500, noGuess: true });
  const beginner = await client.create("minesweeper", { mode: "solo", level: "beginner" });
  for (const room of [nightmare, big, beginner]) room.onMessage("*", () => {});
  let stopped = false;
  const stop = () => stopped;
  const made = { n: 0 };
  const rtts: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const work = [hammer(nightmare, made, stop), hammer(big, made, stop), player(beginner, rtts, stop)];
  await new Promise((r) => setTimeout(r, HUB_SECONDS * 1000));
  loop.disable();
  stopped = true;
  await Promise.all(work);
  const pct = (p: number) => (rtts.length ? quantile(rtts, p) : NaN);
  const figure: LoopFigure = {
    boards: botThreads === 0 ? "on the event loop (BOT_THREADS=0)" : "on their worker thread",
    seconds: HUB_SECONDS,
    boardsMade: made.n,
    playerMoves: rtts.length,
    loopP50: round(loop.percentile(50) / 1e6, 1),
    loopP99: round(loop.percentile(99) / 1e6, 1),
    loopMax: round(loop.max / 1e6, 1),
    rttP50: round(pct(0.5), 1),
    rttP99: round(pct(0.99), 1),
    rttMax: round(rtts.length ? Math.max(...rtts) : NaN, 1),
  };
  for (const room of [nightmare, big, beginner]) await room.leave().catch(() => {});
  await server.shutdown();
  return figure;
}

const loops = [await loopRun(0), await loopRun(1)];
console.log(`\nin a hub, ${HUB_SECONDS} s each: one client restarts + reveals a Nightmare and a 100×100 (2,500 mines) no-guess board over and over; another room's player flags and unflags a cell`);
console.log("| boards made | boards | player moves | loop delay p50 | p99 | max | move round trip p50 | p99 | max |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const f of loops) console.log(`| ${f.boards} | ${f.boardsMade} | ${f.playerMoves} | ${f.loopP50} ms | ${f.loopP99} ms | ${f.loopMax} ms | ${f.rttP50} ms | ${f.rttP99} ms | ${f.rttMax} ms |`);
console.log(`wrote ${writeResult("noguess", { measuredAt: new Date().toISOString(), boards: BOARDS, figures, hub: loops })}`);
process.exit(0);
