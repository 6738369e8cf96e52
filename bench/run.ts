// `npm run bench [section...]`: runs each benchmark section in its own process
// (so one section's heap and JIT state never colour another's figures), prints
// their tables, and merges every section's latest JSON into bench/results/latest.json.
// Sections live in bench/<name>.ts, print a table, and write bench/results/<name>.json.
// Benchmarks print figures; no test ever asserts a time.
// BENCH_QUICK=1: every section in a few seconds, results in a temp folder (bench/lib/section.ts).

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { QUICK, resultPath, writeResult } from "./lib/section.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const SECTIONS = ["minesweeper", "noguess", "load", "table", "pets", "bots", "roomlog", "cards", "messages", "wire", "soak"];
/** Sections run only when named (`npm run bench soak`): the soak takes half an hour. */
const ON_REQUEST = new Set(["soak"]);

const wanted = process.argv.slice(2);
const unknown = wanted.filter((s) => !SECTIONS.includes(s));
if (unknown.length) {
  console.error(`unknown bench section ${unknown.join(", ")}; the sections are: ${SECTIONS.join(", ")}`);
  process.exit(2);
}
const run = wanted.length ? SECTIONS.filter((s) => wanted.includes(s)) : SECTIONS.filter((s) => !ON_REQUEST.has(s));
const merged: Record<string, unknown> = { measuredAt: new Date().toISOString(), quick: QUICK, sections: {} };
const failed: string[] = [];

for (const name of run) {
  const script = path.join(HERE, `${name}.ts`);
  console.log(`\n=== bench: ${name} ===`);
  const started = Date.now();
  const res = spawnSync(process.execPath, ["--import", "tsx", script], { stdio: "inherit", env: process.env });
  if (res.status !== 0) {
    console.error(`bench section ${name} failed (exit ${res.status ?? res.signal})`);
    failed.push(name);
    continue;
  }
  console.log(`=== bench: ${name} done in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
}

// Every section's latest figures, not only the ones run now: `npm run bench load` keeps the
// Minesweeper section's last results (each section carries its own `measuredAt`).
for (const name of SECTIONS) {
  const out = resultPath(name);
  if (existsSync(out)) (merged.sections as Record<string, unknown>)[name] = JSON.parse(readFileSync(out, "utf8"));
}

console.log(`\nwrote ${writeResult("latest", merged)}`);
if (failed.length) {
  console.error(`failed bench sections: ${failed.join(", ")}`);
  process.exitCode = 1;
}
