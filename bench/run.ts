// `npm run bench [section...]`: runs each benchmark section in its own process
// (so one section's heap and JIT state never colour another's figures), prints
// their tables, and merges every section's latest JSON into bench/results/latest.json.
// Sections live in bench/<name>.ts, print a table, and write bench/results/<name>.json.
// Benchmarks print figures; no test ever asserts a time.

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SECTIONS = ["minesweeper", "load", "table", "pets", "bots", "roomlog", "cards", "soak"];
/** Sections run only when named (`npm run bench soak`): the soak takes half an hour. */
const ON_REQUEST = new Set(["soak"]);

const wanted = process.argv.slice(2);
const run = wanted.length ? SECTIONS.filter((s) => wanted.includes(s)) : SECTIONS.filter((s) => !ON_REQUEST.has(s));
const merged: Record<string, unknown> = { measuredAt: new Date().toISOString(), sections: {} };

for (const name of run) {
  const script = path.join(HERE, `${name}.ts`);
  if (!existsSync(script)) {
    console.log(`(bench section ${name}: ${script} not found, skipped)`);
    continue;
  }
  console.log(`\n=== bench: ${name} ===`);
  const res = spawnSync(process.execPath, ["--import", "tsx", script], { stdio: "inherit", env: process.env });
  if (res.status !== 0) {
    console.error(`bench section ${name} failed (exit ${res.status})`);
    process.exitCode = 1;
    continue;
  }
}

// Every section's latest figures, not only the ones run now: `npm run bench load` keeps the
// Minesweeper section's last results (each section carries its own `measuredAt`).
for (const name of SECTIONS) {
  const out = path.join(HERE, "results", `${name}.json`);
  if (existsSync(out)) (merged.sections as Record<string, unknown>)[name] = JSON.parse(readFileSync(out, "utf8"));
}

writeFileSync(path.join(HERE, "results", "latest.json"), JSON.stringify(merged, null, 2) + "\n");
console.log(`\nwrote ${path.join("bench", "results", "latest.json")}`);
