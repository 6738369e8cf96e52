// Benchmark section "pets" (run by bench/run.ts, or alone: `node --import tsx bench/pets.ts`).
//  1. Battle rollouts per second on one core (common/pets runBattle with the SFC32 dice, no
//     event list, as the bots run them) over boards taken from bot games, beside baselines
//     measured in the same run: the same battles with the event list a client animates,
//     the same battles with PCG32 (BigInt) dice, and copying the two decks only.
//  2. A bot decision's time by difficulty over decisions taken from bot games (shop and
//     arrange), with each level's default rollout budget.
//  3. The same decisions asked the way a room asks: through the worker pool
//     (server/bots/pool.ts), ask → answer, beside the in-process times of part 2.
// Prints one table per part and writes bench/results/pets.json.

import os from "node:os";
import { performance } from "node:perf_hooks";
import { createFastRng } from "../common/core/fastRng.js";
import { createRng } from "../common/core/rng.js";
import { BOT_LEVELS, decide, newMemory, playBots, type BotLevel } from "../common/pets/bots/index.js";
import { BotPool } from "../server/bots/pool.js";
import { deckOf, PETS_BOT_MS, petsRules, runBattle, toAct, viewGame, type BattleEvent, type PetsState, type PetsView } from "../common/pets/index.js";

import { announceQuick, quick, writeResult } from "./lib/section.js";

announceQuick("pets");
/** Quick mode: two games' boards, 100 ms rates, a few decisions. */
const GAMES = quick(12, 2);
const RATE_MS = quick(1500, 100);
const WARMUP = quick(2000, 50);
const DECISIONS_EVERY = quick(3, 12);
/** The bots whose games give the decisions (quick: easy ones, which play a game in a blink). */
const VIEW_BOTS = quick<BotLevel>("medium", "easy");
const POOL_DECISIONS = quick(24, 2);
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

// ---- boards from bot games ------------------------------------------------------------------
const pairs: [number[], number[]][] = [];
for (let g = 0; g < GAMES; g++) {
  const { state } = playBots(500 + g, ["easy", "easy"]);
  for (const b of state.battles) pairs.push([deckOf(b.lineups[0]), deckOf(b.lineups[1])]);
}

// ---- 1. rollouts ----------------------------------------------------------------------------
function rate(label: string, body: (i: number) => void, ms = RATE_MS): { label: string; perSecond: number; n: number } {
  for (let i = 0; i < WARMUP; i++) body(i); // warm-up
  let n = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < ms) {
    for (let k = 0; k < 500; k++) body(n++);
    t = performance.now();
  }
  return { label, perSecond: Math.round((n * 1000) / (t - t0)), n };
}

const fast = createFastRng(1);
const pcg = createRng(1);
let sink = 0;
const rollout = rate("rollout: runBattle, SFC32 dice, no events", (i) => {
  const [a, b] = pairs[i % pairs.length];
  sink += runBattle(a, b, fast).steps;
});
const withEvents = rate("baseline: same with the event list", (i) => {
  const [a, b] = pairs[i % pairs.length];
  const ev: BattleEvent[] = [];
  sink += runBattle(a, b, fast, ev).steps + ev.length;
});
const withPcg = rate("baseline: same with PCG32 (BigInt) dice", (i) => {
  const [a, b] = pairs[i % pairs.length];
  sink += runBattle(a, b, pcg).steps;
});
const copyOnly = rate("baseline: copy both decks only", (i) => {
  const [a, b] = pairs[i % pairs.length];
  sink += a.slice().reverse().length + b.slice().reverse().length;
});
const avgCards = pairs.reduce((n, [a, b]) => n + a.length + b.length, 0) / pairs.length;
console.log(`battle rollouts on one core over ${pairs.length} boards from ${GAMES} easy-bot games (avg ${round(avgCards)} cards a battle, both sides; target ≥ 50,000/s)`);
console.table([rollout, withEvents, withPcg, copyOnly].map((r) => ({ what: r.label, "per second": r.perSecond.toLocaleString("en"), "÷ rollout": round(r.perSecond / rollout.perSecond, 2) })));

// ---- 2. bot decisions -----------------------------------------------------------------------
/** Views a seat saw during a bot game: a mix of shop and arrange decisions. */
function decisionViews(seed: number): PetsView[] {
  const { log } = playBots(seed, [VIEW_BOTS, VIEW_BOTS]);
  const views: PetsView[] = [];
  let s: PetsState = petsRules.setup(seed, { seats: 2 }, 2);
  for (const { seat, move } of log) {
    if (toAct(s).includes(seat)) views.push(viewGame(s, seat));
    const r = petsRules.apply(s, seat, move, { rng: null as never, now: 0 });
    if (r.ok) s = r.state;
  }
  return views;
}
const views = [...decisionViews(71), ...decisionViews(72)].filter((_, i) => i % DECISIONS_EVERY === 0);
const decisions = (["easy", "medium", "hard"] as BotLevel[]).map((level) => {
  const times: number[] = [];
  views.forEach((v, i) => {
    const t = performance.now();
    decide(v, newMemory(2), level, i);
    times.push(performance.now() - t);
  });
  return { level, rollouts: BOT_LEVELS[level].rollouts, temperature: BOT_LEVELS[level].temperature, decisions: times.length, medianMs: round(quantile(times, 0.5), 2), p95Ms: round(quantile(times, 0.95), 2), maxMs: round(Math.max(...times), 2) };
});
console.log(`\nbot decision time by difficulty (${views.length} decisions from two ${VIEW_BOTS}-bot games, memory rebuilt from the view each time)`);
console.table(decisions);

// ---- 3. the same decisions the way a room asks for them ---------------------------------------
// GameRoom → BotThinker → the worker pool (server/bots/pool.ts): the definition's `choose`
// on a worker thread with the room's request (a 500 ms budget, the most a pets bot may take),
// timed from the ask to the answer back on the main thread, beside the worker's own figure.
const pool = new BotPool({ size: 1 });
const poolViews = views.slice(0, POOL_DECISIONS);
// A first answer loads the worker's code: not a decision's time.
await pool.think({ game: "pets", view: poolViews[0], seat: poolViews[0].viewer!, level: "easy", seed: 1, budgetMs: PETS_BOT_MS, memory: null });
const pooled: { level: BotLevel; decisions: number; medianMs: number; p95Ms: number; maxMs: number; workerMedianMs: number; inProcessMedianMs: number }[] = [];
for (const level of ["easy", "medium", "hard"] as BotLevel[]) {
  const roundTrip: number[] = [];
  const worker: number[] = [];
  for (const [i, v] of poolViews.entries()) {
    const t = performance.now();
    const answer = await pool.think({ game: "pets", view: v, seat: v.viewer!, level, seed: i, budgetMs: PETS_BOT_MS, memory: null });
    roundTrip.push(performance.now() - t);
    worker.push(answer.ms);
  }
  const inProcess = decisions.find((d) => d.level === level)!.medianMs;
  pooled.push({ level, decisions: roundTrip.length, medianMs: round(quantile(roundTrip, 0.5), 2), p95Ms: round(quantile(roundTrip, 0.95), 2), maxMs: round(Math.max(...roundTrip), 2), workerMedianMs: round(quantile(worker, 0.5), 2), inProcessMedianMs: inProcess });
}
await pool.close();
console.log(`\nbot decision time through the room's worker pool (ask → answer on the main thread; ${PETS_BOT_MS} ms budget, ${poolViews.length} decisions a level; in-process median from the table above)`);
console.table(pooled);

const result = {
  measuredAt: new Date().toISOString(),
  machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version, platform: `${process.platform} ${process.arch}` },
  rollouts: { boards: pairs.length, avgCards: round(avgCards), rows: [rollout, withEvents, withPcg, copyOnly] },
  decisions,
  pooled,
  sink,
};
console.log(`wrote ${writeResult("pets", result)}`);
