// Sums the self time of every function over the .cpuprofile files in a folder (test/helpers/
// jsProfile.ts writes them): `node scripts/profileTop.mjs DIR [N]` prints the top N (30).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const [dir, top = "30"] = process.argv.slice(2);
const self = new Map();
let total = 0;
for (const f of readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
  const p = JSON.parse(readFileSync(join(dir, f), "utf8"));
  const byId = new Map(p.nodes.map((node) => [node.id, node]));
  for (let i = 0; i < p.samples.length; i++) {
    const node = byId.get(p.samples[i]);
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    const cf = node.callFrame;
    const file = cf.url.split("/").pop() ?? "";
    const key = `${cf.functionName || "(anonymous)"} ${file}${file ? ":" + (cf.lineNumber + 1) : ""}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    if (cf.functionName !== "(idle)") total += dt;
  }
}
console.log(`busy ${(total / 1000).toFixed(1)} s (idle left out)`);
for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) console.log(`${(ms / 1000).toFixed(2).padStart(8)} s  ${k}`);
