// Benchmark section "cards" (run by bench/run.ts, or alone: `node --import tsx bench/cards.ts`).
// `npm run cards:import` on the hand-written Scryfall fixture and on a synthetic bulk file of
// the same shape (~200 MB by default, CARDS_BENCH_MB; written to a temp folder, never stored),
// each import in its own process so its time and peak memory (maxRSS) are its own. Baselines in
// the same run, on the same file: the stream parse alone (stream-json, no SQLite) and the whole
// file loaded with JSON.parse (what a non-streaming import would hold in memory). Then lookups
// against the big card data: names, set + number, a 100-line decklist resolved.
// Prints one table and writes bench/results/cards.json. BENCH_QUICK=1: a 5 MB file, fewer lookups.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import streamArray from "stream-json/streamers/stream-array.js";
import { deckQueries } from "../common/table/deck.js";
import { resolveCards } from "../common/table/cards.js";
import { CardStore } from "../server/cards/store.js";
import { announceQuick, quick, writeResult } from "./lib/section.js";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const FIXTURE = path.join(ROOT, "test", "fixtures", "cards", "scryfall-bulk.json");
const TARGET_MB = Number(process.env.CARDS_BENCH_MB ?? quick(200, 5));

// ---- child modes: one measurement per process ------------------------------------------------
if (process.argv[2] === "child") {
  const [mode, file, out] = process.argv.slice(3);
  const t0 = performance.now();
  let cards = 0;
  if (mode === "whole") cards = (JSON.parse(fs.readFileSync(file, "utf8")) as unknown[]).length;
  else {
    const items = fs.createReadStream(file, { highWaterMark: 1 << 20 }).pipe(streamArray.withParserAsStream());
    for await (const _ of items as AsyncIterable<unknown>) cards++;
  }
  fs.writeFileSync(out, JSON.stringify({ seconds: (performance.now() - t0) / 1000, cards, maxRssKB: process.resourceUsage().maxRSS }));
  process.exit(0);
}

const fmt = (x: number, d = 1) => x.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(rows[0]), widths.map((w) => "-".repeat(w)).join("  "), ...rows.slice(1).map(line)].join("\n");
}

/** A bulk file of ~`mb` MB: the fixture's cards again and again, each a new printing of a new name. */
function synthetic(file: string, mb: number): number {
  const base = JSON.parse(fs.readFileSync(FIXTURE, "utf8")) as Record<string, unknown>[];
  const fd = fs.openSync(file, "w");
  let bytes = 0;
  let n = 0;
  fs.writeSync(fd, "[\n");
  while (bytes < mb * 1048576) {
    const c = structuredClone(base[n % base.length]) as Record<string, unknown> & { name: string; card_faces?: { name: string }[] };
    const k = Math.floor(n / base.length);
    c.id = `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
    c.name = `${c.name} ${k}`;
    if (c.card_faces) c.card_faces = c.card_faces.map((f) => ({ ...f, name: `${f.name} ${k}` }));
    c.collector_number = String(n);
    c.set = `s${k % 500}`;
    const json = (n ? ",\n" : "") + JSON.stringify(c);
    fs.writeSync(fd, json);
    bytes += Buffer.byteLength(json);
    n++;
  }
  fs.writeSync(fd, "\n]\n");
  fs.closeSync(fd);
  return n;
}

function run(args: string[], env: Record<string, string> = {}): void {
  const r = spawnSync(process.execPath, ["--import", "tsx", ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
  if (r.status !== 0) throw new Error(`${args.join(" ")} failed (${r.status})`);
}

interface Stats {
  seconds: number;
  cards: number;
  maxRssKB: number;
}

function importOf(file: string, dir: string, name: string): Stats & { dbMB: number } {
  const stats = path.join(dir, `${name}.json`);
  const db = path.join(dir, `${name}.sqlite`);
  run(["server/cards/cli.ts", file], { CARDS_DB: db, CARDS_IMPORT_STATS: stats });
  return { ...(JSON.parse(fs.readFileSync(stats, "utf8")) as Stats), dbMB: fs.statSync(db).size / 1048576 };
}

function child(mode: "whole" | "stream", file: string, dir: string): Stats {
  const out = path.join(dir, `${mode}.json`);
  run(["bench/cards.ts", "child", mode, file, out]);
  return JSON.parse(fs.readFileSync(out, "utf8")) as Stats;
}

announceQuick("cards");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cards-bench-"));
try {
  const big = path.join(dir, "synthetic-bulk.json");
  const t0 = performance.now();
  const count = synthetic(big, TARGET_MB);
  const bigMB = fs.statSync(big).size / 1048576;
  console.log(`synthetic bulk file: ${fmt(bigMB)} MB, ${count.toLocaleString("en-US")} cards (written in ${fmt((performance.now() - t0) / 1000)} s)`);
  const fixture = importOf(FIXTURE, dir, "fixture");
  const whole = child("whole", big, dir);
  const stream = child("stream", big, dir);
  const imported = importOf(big, dir, "big");

  // Lookups against the big data: a name, a set + number, a 100-line list.
  const store = new CardStore(path.join(dir, "big.sqlite"), true);
  const N = quick(20_000, 500);
  let t = performance.now();
  for (let i = 0; i < N; i++) store.find({ name: `Lightning Bolt ${i % 1000}` });
  const byName = ((performance.now() - t) * 1000) / N;
  t = performance.now();
  for (let i = 0; i < N; i++) store.find({ name: "Delver of Secrets 3", set: "s3", number: String(3 * 36 + 19) });
  const byNumber = ((performance.now() - t) * 1000) / N;
  const list = Array.from({ length: 100 }, (_, i) => `1 ${["Lightning Bolt", "Fire // Ice", "Delver of Secrets", "Island", "Valki, God of Lies"][i % 5]} ${i}`).join("\n");
  t = performance.now();
  const R = quick(50, 5);
  for (let i = 0; i < R; i++) resolveCards(deckQueries(list), store);
  const deckMs = (performance.now() - t) / R;
  store.shutdown();

  const mbps = (s: Stats, mb: number) => mb / s.seconds;
  const rows = [
    ["what", "cards", "seconds", "MB/s", "peak memory (maxRSS)"],
    ["cards:import, fixture (0.1 MB)", String(fixture.cards), fmt(fixture.seconds, 2), "", `${fmt(fixture.maxRssKB / 1024)} MB`],
    [`cards:import, synthetic (${fmt(bigMB)} MB)`, imported.cards.toLocaleString("en-US"), fmt(imported.seconds), fmt(mbps(imported, bigMB)), `${fmt(imported.maxRssKB / 1024)} MB`],
    ["  baseline: stream parse alone", stream.cards.toLocaleString("en-US"), fmt(stream.seconds), fmt(mbps(stream, bigMB)), `${fmt(stream.maxRssKB / 1024)} MB`],
    ["  baseline: JSON.parse of the whole file", whole.cards.toLocaleString("en-US"), fmt(whole.seconds), fmt(mbps(whole, bigMB)), `${fmt(whole.maxRssKB / 1024)} MB`],
  ];
  console.log(table(rows));
  console.log(`import / stream parse alone: ${fmt(imported.seconds / stream.seconds, 2)}× the time; peak memory ${fmt(imported.maxRssKB / whole.maxRssKB, 2)}× of loading the file whole. Card data file: ${fmt(imported.dbMB)} MB.`);
  console.log(`lookups on ${imported.cards.toLocaleString("en-US")} cards: by name ${fmt(byName)} µs, by set + number ${fmt(byNumber)} µs; a 100-line decklist resolved in ${fmt(deckMs, 2)} ms`);
  const result = {
    measuredAt: new Date().toISOString(),
    host: { cpus: os.cpus().length, load: os.loadavg().map((x) => Number(x.toFixed(2))) },
    synthetic: { mb: Number(bigMB.toFixed(1)), cards: count },
    fixture,
    import: imported,
    baselineStream: stream,
    baselineWhole: whole,
    lookups: { byNameMicros: Number(byName.toFixed(1)), bySetNumberMicros: Number(byNumber.toFixed(1)), deck100Ms: Number(deckMs.toFixed(2)) },
  };
  console.log(`wrote ${writeResult("cards", result)}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
