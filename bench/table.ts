// Benchmark section "table" (run by bench/run.ts, or alone: `node --import tsx bench/table.ts`).
// Card table engine (common/table), pure, one process, figures beside same-run baselines:
//  1. actions per second through resolve + apply (permissions, seed, copy-on-write apply) for a
//     4- and a 10-player game, against apply alone (what a guest does with the host's events)
//     and against a naive structuredClone of the whole game per action;
//  2. bytes per action per viewer: JSON of the view delta (diffView) each seat and a spectator
//     would receive, against the JSON of the full view.
// The same random intentions (test/common/table.intents.helpers.ts) are replayed for every timed pass.
// Prints one table and writes bench/results/table.json.

import os from "node:os";
import { performance } from "node:perf_hooks";
import { createRng } from "../common/core/rng.js";
import { applyEvent, diffView, resolve, setupTable, viewTable, type Action, type TableEvent, type TableGame, type Viewer } from "../common/table/index.js";
import { randomIntention } from "../test/common/table.intents.helpers.js";
import { testDeck } from "../test/common/table.helpers.js";
import { announceQuick, quick, writeResult } from "./lib/section.js";

const STEPS = Number(process.env.TABLE_STEPS ?? quick(2000, 150));
const REPEAT = quick(5, 1);
const WARMUPS = quick(2, 0);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const fmt = (x: number, d = 1) => x.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(rows[0]), widths.map((w) => "-".repeat(w)).join("  "), ...rows.slice(1).map(line)].join("\n");
}

const start = (players: number) => setupTable(17, { format: players > 4 ? "commander" : "constructed", decks: Array.from({ length: players }, testDeck) }, players);

/** The intentions of one random game (accepted and refused), recorded once. */
function record(players: number) {
  let g = start(players);
  const pick = createRng(players, 1);
  const rng = createRng(players, 2);
  const intents: Array<{ actor: number; action: Action }> = [];
  const events: TableEvent[] = [];
  for (let i = 0; i < STEPS; i++) {
    const it = randomIntention(g, pick);
    intents.push(it);
    const r = resolve(g, it.actor, it.action, rng, i);
    if (r.ok) {
      g = r.game;
      events.push(r.event);
    }
  }
  return { intents, events, cards: g.cards.size };
}

function timeResolve(players: number, intents: Array<{ actor: number; action: Action }>): number {
  let g = start(players);
  const rng = createRng(players, 2);
  const t0 = performance.now();
  for (let i = 0; i < intents.length; i++) {
    const r = resolve(g, intents[i].actor, intents[i].action, rng, i);
    if (r.ok) g = r.game;
  }
  return performance.now() - t0;
}

function timeApply(players: number, events: TableEvent[]): number {
  let g = start(players);
  const t0 = performance.now();
  for (const ev of events) {
    const r = applyEvent(g, ev);
    if (r.ok) g = r.game;
  }
  return performance.now() - t0;
}

function timeClone(players: number, n: number): number {
  const g = start(players);
  let keep: TableGame = g;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) keep = structuredClone(g);
  void keep;
  return performance.now() - t0;
}

function bytes(players: number, events: TableEvent[]) {
  let g = start(players);
  const viewers: Viewer[] = [...Array.from({ length: players }, (_, i) => i), "spectator"];
  let last = viewers.map((v) => viewTable(g, v));
  const delta: number[] = [];
  const full: number[] = [];
  for (const ev of events) {
    const r = applyEvent(g, ev);
    if (!r.ok) continue;
    g = r.game;
    viewers.forEach((v, i) => {
      const view = viewTable(g, v);
      delta.push(JSON.stringify(diffView(last[i], view)).length);
      full.push(JSON.stringify(view).length);
      last[i] = view;
    });
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return { deltaMean: mean(delta), deltaMedian: median(delta), fullMean: mean(full), fullMedian: median(full), samples: delta.length };
}

function main(): void {
  const t0 = performance.now();
  announceQuick("table");
  const rows: string[][] = [["figure", "value", "baseline (same run)", "baseline value", "ratio"]];
  const results: Record<string, unknown>[] = [];
  for (const players of [4, 10]) {
    const { intents, events, cards } = record(players);
    for (let w = 0; w < WARMUPS; w++) {
      timeResolve(players, intents);
      timeApply(players, events);
    }
    const resolveMs = median(Array.from({ length: REPEAT }, () => timeResolve(players, intents)));
    const applyMs = median(Array.from({ length: REPEAT }, () => timeApply(players, events)));
    const cloneMs = median(Array.from({ length: REPEAT }, () => timeClone(players, events.length)));
    const perSec = (n: number, ms: number) => (n / ms) * 1000;
    const intentsPerS = perSec(intents.length, resolveMs);
    const acceptedPerS = perSec(events.length, resolveMs);
    const applyPerS = perSec(events.length, applyMs);
    const clonePerS = perSec(events.length, cloneMs);
    const b = bytes(players, events);
    rows.push([
      `${players} players: resolve + apply, intentions/s (${fmt(events.length, 0)} of ${fmt(intents.length, 0)} accepted, ${cards} cards)`,
      fmt(intentsPerS, 0),
      "apply alone (a guest following the host), events/s",
      fmt(applyPerS, 0),
      `${fmt(acceptedPerS / applyPerS, 2)}×`,
    ]);
    rows.push([`${players} players: resolve + apply, accepted actions/s`, fmt(acceptedPerS, 0), "structuredClone of the whole game, per second", fmt(clonePerS, 0), `${fmt(acceptedPerS / clonePerS, 2)}×`]);
    rows.push([
      `${players} players: bytes per action per viewer (view delta JSON, mean / median)`,
      `${fmt(b.deltaMean, 0)} / ${fmt(b.deltaMedian, 0)} B`,
      "full view JSON per viewer (mean / median)",
      `${fmt(b.fullMean, 0)} / ${fmt(b.fullMedian, 0)} B`,
      `${fmt(b.deltaMean / b.fullMean, 3)}×`,
    ]);
    results.push({
      players,
      intentions: intents.length,
      accepted: events.length,
      cards,
      resolveApplyMs: round(resolveMs),
      intentionsPerS: Math.round(intentsPerS),
      acceptedPerS: Math.round(acceptedPerS),
      applyOnlyPerS: Math.round(applyPerS),
      structuredClonePerS: Math.round(clonePerS),
      bytesPerActionPerViewer: { deltaMean: Math.round(b.deltaMean), deltaMedian: b.deltaMedian, fullViewMean: Math.round(b.fullMean), fullViewMedian: b.fullMedian, samples: b.samples },
    });
  }
  console.log(table(rows));
  console.log(
    [
      `Median of ${REPEAT} timed passes after ${WARMUPS} warm-ups; each pass replays the same ${STEPS} random intentions (test/common/table.intents.helpers.ts)`,
      `from the same deal (60-card decks + commander, sideboard). Viewers: every seat and a spectator; the delta is diffView's JSON`,
      `(changed top-level fields and zones), what a room would send after each action instead of the whole view.`,
    ].join("\n"),
  );
  const result = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? "?", node: process.version, platform: `${os.platform()} ${os.arch()}` },
    steps: STEPS,
    games: results,
    durationS: round((performance.now() - t0) / 1000, 1),
  };
  console.log(`wrote ${writeResult("table", result)} (${result.durationS} s)`);
}

main();
