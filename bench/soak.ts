// Soak section of `npm run bench`: does the hub give its memory back after a crowd?
// One hub process (the built server as `npm start` runs it, production settings, SQLite files in a temp DATA_DIR,
// TRUST_PROXY=1 so every simulated player has an address of its own) is run under
// `--inspect`; two load generators (bench/soak/driver.ts) keep SOAK_CLIENTS players busy
// across every game for SOAK_MINUTES: quick play, solo games against bots, private rooms
// joined by code, spectators, moves, leaves, abrupt drops and reconnections, each player
// replaced by a new one when it goes. Then everyone goes (half leave, half drop their
// socket), the hub's reconnection windows and seat holds run out, and the live heap (after a
// full GC, through the inspector) is compared with the heap before the crowd came.
// Every SOAK_SAMPLE_SECONDS: heap after GC, RSS, rooms and connections (from /metrics).
// Prints the table, writes bench/results/soak.json and a chart bench/results/soak.png (quick
// mode: in the quick results folder, bench/lib/section.ts).
//
// Env: SOAK_CLIENTS (1000), SOAK_MINUTES (20 of load after a 7.5-minute warm-up crowd of the same size; about 36 min in all),
// SOAK_SAMPLE_SECONDS (10), SOAK_SNAPSHOTS=<dir> (heap snapshots before and after, for
// Chrome DevTools), BENCH_QUICK=1 (100 players, short lives and windows: about a minute).

import { fork, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { renderChart } from "./lib/chart.js";
import { Inspector } from "./lib/inspector.js";
import { QUICK, RESULTS_DIR, writeResult } from "./lib/section.js";
import { builtHub } from "./lib/built.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(HERE);
const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) && Number(v) > 0 ? Number(v) : d);

const CLIENTS = num(process.env.SOAK_CLIENTS, QUICK ? 100 : 1000);
const LOAD_MS = num(process.env.SOAK_MINUTES, QUICK ? 0.5 : 20) * 60_000;
const RAMP_MS = QUICK ? 5_000 : 180_000;
const SAMPLE_MS = num(process.env.SOAK_SAMPLE_SECONDS, QUICK ? 5 : 10) * 1000;
/**
 * A first crowd before "before", as large as the real one: every game's code loaded, and the
 * functions a full crowd makes hot compiled, so "before" and "after" hold the same machine code
 * (a 200-player warm-up left 3.4 MB of code compiled only during the crowd in the "after").
 */
const WARM_CLIENTS = QUICK ? 20 : CLIENTS;
const WARM_MS = QUICK ? 8_000 : RAMP_MS + 90_000;
/** Quiet after the rooms are gone: the matchmaker's per-address buckets refill and are swept. */
const QUIET_MS = QUICK ? 0 : 80_000;
/** Longest wait for the rooms to be gone after everyone left (holds and windows running out). */
const SETTLE_MAX_MS = QUICK ? 25_000 : 6 * 60_000;
const SNAPSHOTS = process.env.SOAK_SNAPSHOTS;
const TOKEN = "soak-bench-metrics-token-0123456789";
/** The run stops itself past this, whatever happens. */
const HARD_LIMIT_MS = LOAD_MS + RAMP_MS + WARM_MS + 20 * 60_000;

/** Player lives: long enough to play, short enough to churn. */
const LIFE = QUICK ? { min: 3_000, max: 10_000 } : { min: 30_000, max: 150_000 };
/** Away between a drop and its reconnection: inside the reconnection window. */
const AWAY = QUICK ? { min: 200, max: 1000 } : { min: 1000, max: 5000 };
/** The hub's windows: production defaults, shortened in the quick run so it ends in a minute. */
const HUB_WINDOWS: Record<string, string> = QUICK ? { RECONNECT_SECONDS: "3", ABANDONED_HOLD_SECONDS: "3", SEAT_HOLD_SECONDS: "5" } : {};

interface Sample {
  t: number;
  phase: string;
  heapMb: number;
  rssMb: number;
  rooms: number;
  clients: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const children = new Set<ChildProcess>();
const guard = setTimeout(() => {
  console.error(`soak: over ${Math.round(HARD_LIMIT_MS / 60000)} min, stopping`);
  for (const c of children) c.kill("SIGKILL");
  process.exit(1);
}, HARD_LIMIT_MS);
guard.unref();
process.on("exit", () => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function untilUp(base: string, hub: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (hub.exitCode !== null) throw new Error("the hub exited while starting");
    if ((await fetch(`${base}/__healthcheck`).then((r) => r.status, () => 0)) === 200) return;
    if (Date.now() > deadline) throw new Error("the hub did not start within 60 s");
    await sleep(200);
  }
}

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
}

async function roomsAndClients(base: string): Promise<{ rooms: number; clients: number }> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  const sum = (name: string) =>
    text
      .split("\n")
      .filter((l) => l.startsWith(`${name}{`))
      .reduce((a, l) => a + Number(l.split(" ").pop()), 0);
  return { rooms: sum("hub_rooms"), clients: sum("hub_clients") };
}

interface Driver {
  proc: ChildProcess;
  ask(msg: object, reply: string): Promise<any>;
}

function forkDriver(port: number, worker: number): Driver {
  const proc = fork(path.join(HERE, "soak", "driver.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, PORT: String(port), WORKER: String(worker), LIFE_MIN_MS: String(LIFE.min), LIFE_MAX_MS: String(LIFE.max), AWAY_MIN_MS: String(AWAY.min), AWAY_MAX_MS: String(AWAY.max) },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  children.add(proc);
  return {
    proc,
    ask(msg, reply) {
      return new Promise((resolve, reject) => {
        const onMsg = (m: { type: string }) => {
          if (m.type !== reply) return;
          proc.off("message", onMsg);
          resolve(m);
        };
        proc.on("message", onMsg);
        proc.once("exit", (code) => reject(new Error(`soak driver exited (${code})`)));
        proc.send(msg);
      });
    },
  };
}

async function main(): Promise<void> {
  const started = Date.now();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "hub-soak-"));
  const hub = spawn(process.execPath, ["--expose-gc", "--inspect=127.0.0.1:0", await builtHub()], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      TRUST_PROXY: "1",
      METRICS_TOKEN: TOKEN,
      LOG_LEVEL: "warn",
      REDIS_URL: "",
      ...HUB_WINDOWS,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.add(hub);
  const inspector = await Inspector.attach(hub);
  await untilUp(base, hub);

  const samples: Sample[] = [];
  let phase = "boot";
  const sample = async (): Promise<Sample> => {
    const heap = await inspector.heapAfterGc();
    const { rooms, clients } = await roomsAndClients(base);
    const s: Sample = { t: Math.round((Date.now() - started) / 1000), phase, heapMb: heap.used / 2 ** 20, rssMb: rssMb(hub.pid!), rooms, clients };
    samples.push(s);
    console.log(row(s));
    return s;
  };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      await sample().catch((e) => console.error("soak: a sample failed:", (e as Error).message));
      await sleep(SAMPLE_MS);
    }
  })();

  console.log(`soak: ${CLIENTS} players for ${LOAD_MS / 60000} min (ramp ${RAMP_MS / 1000} s), lives ${LIFE.min / 1000}–${LIFE.max / 1000} s, a sample every ${SAMPLE_MS / 1000} s`);
  console.log(header());
  const drivers = [forkDriver(port, 0), forkDriver(port, 1)];
  const settle = async (what: string) => {
    phase = what;
    const until = Date.now() + SETTLE_MAX_MS;
    while (Date.now() < until) {
      const { rooms, clients } = await roomsAndClients(base);
      if (rooms === 0 && clients === 0) break;
      await sleep(1000);
    }
  };

  // warm-up: every game's code loaded and compiled, the bot threads started, then gone again
  phase = "warm-up";
  await Promise.all(drivers.map((d) => d.ask({ cmd: "run", clients: WARM_CLIENTS / 2, rampMs: QUICK ? 0 : RAMP_MS }, "running")));
  await sleep(WARM_MS);
  phase = "warm-up leaving";
  await Promise.all(drivers.map((d) => d.ask({ cmd: "stop" }, "stopped")));
  await settle("warm-up settle");
  phase = "quiet";
  await sleep(QUIET_MS);
  phase = "before";
  const before = [await sample(), (await sleep(SAMPLE_MS / 2), await sample())];
  if (SNAPSHOTS) mkdirSync(SNAPSHOTS, { recursive: true }), await inspector.snapshot(path.join(SNAPSHOTS, "before.heapsnapshot"));

  // the crowd
  for (const d of drivers) d.proc.kill("SIGKILL");
  const crowd = [forkDriver(port, 2), forkDriver(port, 3)];
  phase = "crowd";
  await Promise.all(crowd.map((d) => d.ask({ cmd: "run", clients: CLIENTS / 2, rampMs: RAMP_MS }, "running")));
  await sleep(Math.max(0, LOAD_MS - RAMP_MS));
  phase = "leaving";
  const stats = await Promise.all(crowd.map((d) => d.ask({ cmd: "stop" }, "stopped")));
  await settle("everyone gone");
  phase = "quiet";
  await sleep(QUIET_MS);
  phase = "after";
  const after = [await sample(), (await sleep(SAMPLE_MS / 2), await sample())];
  if (SNAPSHOTS) await inspector.snapshot(path.join(SNAPSHOTS, "after.heapsnapshot"));
  sampling = false;
  await sampler;

  for (const d of crowd) d.proc.kill("SIGKILL");
  inspector.close();
  hub.kill("SIGINT");
  await new Promise((r) => hub.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });

  const mean = (xs: Sample[], f: (s: Sample) => number) => xs.reduce((a, s) => a + f(s), 0) / xs.length;
  const heapBefore = mean(before, (s) => s.heapMb);
  const heapAfter = mean(after, (s) => s.heapMb);
  const peak = samples.reduce((m, s) => (s.heapMb > m.heapMb ? s : m), samples[0]!);
  const ratio = heapAfter / heapBefore;
  const total = (k: string) => stats.reduce((a, s) => a + (s[k] as number), 0);
  const summary = {
    measuredAt: new Date().toISOString(),
    quick: QUICK,
    clients: CLIENTS,
    loadMinutes: LOAD_MS / 60000,
    players: { joins: total("joins"), failedJoins: total("failedJoins"), leaves: total("leaves"), drops: total("drops"), reconnects: total("reconnects"), failedReconnects: total("failedReconnects"), refusals: total("refusals"), failures: topFailures(stats) },
    heapBeforeMb: round(heapBefore),
    heapPeakMb: round(peak.heapMb),
    heapAfterMb: round(heapAfter),
    heapAfterOverBefore: Math.round(ratio * 1000) / 1000,
    rssBeforeMb: round(mean(before, (s) => s.rssMb)),
    rssPeakMb: round(Math.max(...samples.map((s) => s.rssMb))),
    rssAfterMb: round(mean(after, (s) => s.rssMb)),
    minutes: round((Date.now() - started) / 60000),
    samples,
  };
  const written = writeResult("soak", summary);
  const png = path.join(RESULTS_DIR, "soak.png");
  const drawn = await renderChart(
    {
      title: `Soak: ${CLIENTS} players across every game, ${summary.players.joins} joins${QUICK ? " (quick run)" : ""}`,
      xLabel: "seconds since the hub started",
      leftLabel: "MB",
      rightLabel: "connections",
      series: [
        { label: "heap after GC (MB)", color: "#1f6feb", points: samples.map((s) => [s.t, s.heapMb]) },
        { label: "RSS (MB)", color: "#d1242f", points: samples.map((s) => [s.t, s.rssMb]) },
        { label: "connections", color: "#2da44e", points: samples.map((s) => [s.t, s.clients]), right: true },
      ],
      bands: [
        { from: before[0]!.t, to: before[before.length - 1]!.t + 1, label: "before" },
        { from: after[0]!.t, to: after[after.length - 1]!.t + 1, label: "after" },
      ],
    },
    png,
  ).catch((e) => (console.warn("soak: no chart:", (e as Error).message), false));

  console.log("");
  console.log(`players: ${summary.players.joins} joins (${summary.players.failedJoins} failed), ${summary.players.leaves} leaves, ${summary.players.drops} abrupt drops, ${summary.players.reconnects} reconnections (${summary.players.failedReconnects} failed)`);
  for (const [why, n] of Object.entries(summary.players.failures)) console.log(`  failed ${String(n).padStart(6)}× ${why}`);
  console.log(`heap after GC: before ${summary.heapBeforeMb} MB, peak ${summary.heapPeakMb} MB, after everyone left ${summary.heapAfterMb} MB → after/before = ${summary.heapAfterOverBefore} (target ≤ 1.10: ${ratio <= 1.1 ? "met" : "NOT met"})`);
  console.log(`RSS: before ${summary.rssBeforeMb} MB, peak ${summary.rssPeakMb} MB, after ${summary.rssAfterMb} MB`);
  console.log(`wrote ${written}${drawn ? ` and ${path.relative(ROOT, png).startsWith("..") ? png : path.relative(ROOT, png)}` : ""} (${summary.minutes} min)`);
}

const round = (x: number) => Math.round(x * 10) / 10;

/** The ten commonest reasons joins and reconnections failed, over both drivers. */
function topFailures(stats: Array<Record<string, unknown>>): Record<string, number> {
  const all: Record<string, number> = {};
  for (const s of stats) for (const [why, n] of Object.entries((s.failures ?? {}) as Record<string, number>)) all[why] = (all[why] ?? 0) + n;
  return Object.fromEntries(Object.entries(all).sort((a, b) => b[1] - a[1]).slice(0, 10));
}
function header(): string {
  return `${"t (s)".padStart(6)}  ${"phase".padEnd(16)} ${"heap MB".padStart(8)} ${"RSS MB".padStart(8)} ${"rooms".padStart(6)} ${"conns".padStart(6)}`;
}
function row(s: Sample): string {
  return `${String(s.t).padStart(6)}  ${s.phase.padEnd(16)} ${s.heapMb.toFixed(1).padStart(8)} ${s.rssMb.toFixed(1).padStart(8)} ${String(s.rooms).padStart(6)} ${String(s.clients).padStart(6)}`;
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
