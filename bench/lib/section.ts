// What every bench section shares: quick mode, where its results go, a free port.
// BENCH_QUICK=1 runs each section in a few seconds (tiny sizes, short windows) so the test
// suite can run every section and notice one that no longer runs (test/e2e/bench.quick.test.ts);
// its figures mean nothing and never land in bench/results/ (a temp folder instead, or
// BENCH_RESULTS_DIR when set).

import { mkdirSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

export const QUICK = process.env.BENCH_QUICK === "1";

/** `full` in a real run, `fast` in quick mode. */
export const quick = <T>(full: T, fast: T): T => (QUICK ? fast : full);

/** Where sections write their `<name>.json` (and the runner its `latest.json`). */
export const RESULTS_DIR = process.env.BENCH_RESULTS_DIR
  ? path.resolve(process.env.BENCH_RESULTS_DIR)
  : QUICK
    ? path.join(os.tmpdir(), "hub-bench-quick")
    : path.join(ROOT, "bench", "results");

export const resultPath = (name: string) => path.join(RESULTS_DIR, `${name}.json`);

/** Writes a section's results; returns the path as printed (relative to the checkout when inside it). */
export function writeResult(name: string, result: unknown): string {
  const file = resultPath(name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(result, null, 2) + "\n");
  const rel = path.relative(ROOT, file);
  return rel.startsWith("..") ? file : rel;
}

/** Said once at the top of a quick run, so nobody quotes its figures. */
export function announceQuick(section: string): void {
  if (QUICK) console.log(`(${section}: BENCH_QUICK=1 — tiny sizes, figures not meaningful)`);
}

/** A TCP port nothing listens on right now (for a section's own server). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
