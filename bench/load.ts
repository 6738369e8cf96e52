// Load section of `npm run bench`: move latency and cost under many clients.
// Each system runs on its own server process, driven by two load-generator
// processes (bench/load/worker.ts) on this same machine:
//   baseline     raw `ws` echo on loopback (bench/load/echoServer.ts)
//   hub          this hub (the built server, in-memory store), co-op Minesweeper rooms
//   hub-sampled  the same, but only 1 client in LOAD_SAMPLE decodes its state and measures;
//                the others join, move and receive every frame without decoding, so the
//                generators stop being the bottleneck before the server does
//   hub-sampled-1commit, hub-sampled-nolog   hub-sampled with a room-log commit per move
//                (ROOM_LOG_GROUP_COMMIT=off, the hub before the group commit) / with no room log
//   hub-1commit  hub with a commit per move (light-load comparison)
//   hub-tsx      hub run through tsx from the TypeScript sources (as `npm start` ran it before
//                issue 23; the other hub systems run the built dist/server)
//   cubestacc    this hub, Cubestacc 4-seat tables (turn-based: a client moves on its turn)
//   bgio         boardgame.io 0.50 with the same common/minesweeper rules (bench/load/bgioServer.ts,
//                bundled to JavaScript like the echo server); bgio-tsx: run through tsx
// The hub runs with its room log as `npm start` has it: a SQLite file (in a temp folder),
// every room's moves of one event-loop turn written as one transaction (group commit).
// Every client makes about one move per second (Minesweeper: a flag toggled on its
// own hidden cell, always legal; Cubestacc: its first legal play, else done / draw);
// latency runs from send to the update that shows the move.
// Load steps up (50 → 200 → 500 → 1000 → 2000 clients; hub-sampled 1000 → 2000 → 3000);
// a system stops stepping once p99 is far past 50 ms. Prints the tables and writes
// bench/results/load.json.
// Env: LOAD_STEPS, LOAD_SAMPLED_STEPS, LOAD_SAMPLE, LOAD_MEASURE_MS, LOAD_RATE,
// LOAD_SYSTEMS="baseline,hub,hub-sampled,cubestacc,bgio", LOAD_PIN, LOAD_PROFILE,
// LOAD_WORKER_NODE_ARGS (see docs/benchmarks.md).

import { fork, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { announceQuick, freePort, QUICK, quick, writeResult } from "./lib/section.js";
import { builtEntry, builtHub } from "./lib/built.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(HERE);

const steps = (list: string) => list.split(",").map(Number).filter((n) => n > 0);
// Quick mode (BENCH_QUICK=1): one tiny step per system, a short window.
const STEPS = steps(process.env.LOAD_STEPS ?? quick("50,200,500,1000,2000", "8"));
/** hub-sampled starts where the fully decoding generators run out of CPU. */
const SAMPLED_STEPS = steps(process.env.LOAD_SAMPLED_STEPS ?? quick("1000,2000,3000", "16"));
/**
 * Node flags of the generator processes. A 64 MB young generation: thousands of decoded
 * states in one heap made scavenges a third of a generator's CPU (and its latency spikes).
 */
const WORKER_NODE_ARGS = (process.env.LOAD_WORKER_NODE_ARGS ?? "--max-semi-space-size=64").split(" ").filter(Boolean);
const MEASURE_MS = Number(process.env.LOAD_MEASURE_MS ?? quick(8000, 1500));
const SETTLE_MS = quick(2000, 300);
/** Longest a step may spend connecting its new clients. */
const GROW_MS = 60000;
const RATE = Number(process.env.LOAD_RATE ?? 1);
/** hub-sampled: one client in SAMPLE decodes its state and measures latency. */
const SAMPLE = Number(process.env.LOAD_SAMPLE ?? 8);
/** Load-generator processes (quick mode: one, a process less to boot per system). */
const WORKERS = quick(2, 1);
/** Past this p99 a system is not stepped up further (the 50 ms target is long gone). */
const GIVE_UP_P99_MS = 500;
/** Hard bound on the whole section. */
const SECTION_TIMEOUT_MS = 20 * 60 * 1000;
const TARGET_P99_MS = 50;
const CLK_TCK = 100;

type SystemName = "baseline" | "hub" | "hub-tsx" | "hub-1commit" | "hub-sampled" | "hub-sampled-1commit" | "hub-sampled-nolog" | "cubestacc" | "bgio" | "bgio-tsx";
/** `env`: the generators'; `serverEnv`: the server's, over the defaults of runSystem. */
/** `tsx`: run the TypeScript through tsx instead of the built JavaScript (the hub before issue 23). */
const SYSTEMS: { name: SystemName; mode: "echo" | "hub" | "cubestacc" | "bgio"; script: string; label: string; env?: NodeJS.ProcessEnv; serverEnv?: NodeJS.ProcessEnv; tsx?: true }[] = [
  { name: "baseline", mode: "echo", script: "bench/load/echoServer.ts", label: "raw ws echo" },
  { name: "hub", mode: "hub", script: "server/index.ts", label: "hub (Colyseus 0.16), co-op Minesweeper" },
  { name: "hub-tsx", mode: "hub", script: "server/index.ts", label: "hub run through tsx (not built), co-op Minesweeper", tsx: true },
  {
    name: "hub-sampled",
    mode: "hub",
    script: "server/index.ts",
    label: `hub, co-op Minesweeper, 1 client in ${SAMPLE} decoding and measuring (the others quiet)`,
    env: { SAMPLE: String(SAMPLE) },
  },
  {
    name: "hub-sampled-1commit",
    mode: "hub",
    script: "server/index.ts",
    label: `hub-sampled with a room-log commit per move (ROOM_LOG_GROUP_COMMIT=off)`,
    env: { SAMPLE: String(SAMPLE) },
    serverEnv: { ROOM_LOG_GROUP_COMMIT: "off" },
  },
  {
    name: "hub-sampled-nolog",
    mode: "hub",
    script: "server/index.ts",
    label: `hub-sampled without a room log (ROOM_LOG=off)`,
    env: { SAMPLE: String(SAMPLE) },
    serverEnv: { ROOM_LOG: "off" },
  },
  {
    name: "hub-1commit",
    mode: "hub",
    script: "server/index.ts",
    label: "hub with a room-log commit per move (ROOM_LOG_GROUP_COMMIT=off)",
    serverEnv: { ROOM_LOG_GROUP_COMMIT: "off" },
  },
  { name: "cubestacc", mode: "cubestacc", script: "server/index.ts", label: "hub (Colyseus 0.16), Cubestacc 4-seat tables" },
  { name: "bgio", mode: "bgio", script: "bench/load/bgioServer.ts", label: "boardgame.io 0.50" },
  { name: "bgio-tsx", mode: "bgio", script: "bench/load/bgioServer.ts", label: "boardgame.io 0.50 run through tsx", tsx: true },
];
const wantedSystems = (process.env.LOAD_SYSTEMS ?? "baseline,hub,hub-sampled,cubestacc,bgio").split(",");

interface Row {
  system: SystemName;
  target: number;
  clients: number;
  failedJoins: number;
  movesPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  /** Moves sent but never shown within 2 s (counted when the client's next move is due). */
  timeouts: number;
  /** boardgame.io only: moves its server dropped as sent against an older state (logged "invalid stateID"). */
  staleDropped: number;
  serverCpuPercent: number;
  serverRssMb: number;
  generatorCpuPercent: number;
  generatorLagP99Ms: number;
  viewersPerMove: number;
  bytesPerMovePerClient: number;
  /** The state patches' share of bytesPerMovePerClient (the rest: events and other messages). */
  patchBytesPerMovePerClient: number;
  serverBytesPerMovePerClient: number;
  fullStateJsonBytes: number;
  /** 1-minute load average of the machine after the step (other work on the shared cores shows here). */
  loadAvg1: number;
}

/** A server's RSS once it has started and sat idle this long (no client yet). */
const IDLE_SETTLE_MS = quick(5000, 1000);
/** Idle RSS (MB) of each system's server, and of the hub as `npm start` runs it. */
const idle: Record<string, number> = {};

const children = new Set<ChildProcess>();
const guard = setTimeout(() => {
  console.error(`load bench: over ${SECTION_TIMEOUT_MS / 60000} min, stopping`);
  for (const c of children) c.kill("SIGKILL");
  process.exit(1);
}, SECTION_TIMEOUT_MS);
guard.unref();
process.on("exit", () => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
});

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * LOAD_PROFILE=<dir>: each server process writes a V8 CPU profile of its whole run to
 * <dir>/<system>-<n>/ (the largest file is the main thread), and each generator one of every
 * measured window to <dir>/<mode>-worker<w>-<clients>.cpuprofile (open them in Chrome
 * DevTools) — how to find what limits a step.
 */
/**
 * LOAD_PIN=1 (and at least 2 CPUs): the server process runs on CPU 0 only and the generators
 * on the other CPUs (`taskset`), so generator work never queues the server's — the nearest
 * this one machine comes to separate client machines.
 */
const PIN = process.env.LOAD_PIN === "1" && os.cpus().length >= 2;
function pin(pid: number | undefined, who: "server" | "generators"): void {
  if (!PIN || !pid) return;
  const cpus = who === "server" ? "0" : `1-${os.cpus().length - 1}`;
  const r = spawnSync("taskset", ["-a", "-p", "-c", cpus, String(pid)], { encoding: "utf8" });
  if (r.status !== 0) console.warn(`load: could not pin ${who} (pid ${pid}) to CPU ${cpus}: ${r.stderr || r.error}`);
}

let profiled = 0;
function profileArgs(who: string): string[] {
  const dir = process.env.LOAD_PROFILE;
  return dir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(dir, `${who}-${++profiled}`)}`] : [];
}

async function waitForPort(port: number, timeoutMs = 30000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, "127.0.0.1");
      s.once("connect", () => (s.destroy(), resolve(true)));
      s.once("error", () => resolve(false));
    });
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`nothing listening on ${port} after ${timeoutMs} ms`);
}

interface ProcSample {
  cpuTicks: number;
  rssKb: number;
  wchar: number;
}
function sampleProc(pid: number): ProcSample {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const cpuTicks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14, 15)
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  const wchar = Number(/wchar:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, "utf8"))?.[1] ?? 0);
  return { cpuTicks, rssKb, wchar };
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Worker {
  proc: ChildProcess;
  ask<T>(msg: object): Promise<T>;
}
function forkWorker(env: NodeJS.ProcessEnv): Worker {
  const proc = fork(path.join(HERE, "load", "worker.ts"), [], {
    execArgv: [...WORKER_NODE_ARGS, "--import", "tsx"],
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  children.add(proc);
  pin(proc.pid, "generators");
  return {
    proc,
    ask<T>(msg: object) {
      return new Promise<T>((resolve, reject) => {
        const onMsg = (m: T) => (cleanup(), resolve(m));
        const onExit = (code: number | null) => (cleanup(), reject(new Error(`load worker exited (${code})`)));
        const cleanup = () => {
          proc.off("message", onMsg);
          proc.off("exit", onExit);
        };
        proc.once("message", onMsg);
        proc.once("exit", onExit);
        proc.send(msg);
      });
    },
  };
}

async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((r) => proc.once("exit", () => r()));
  proc.kill("SIGTERM");
  await Promise.race([exited, sleep(3000)]);
  if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
  children.delete(proc);
}

interface Grown {
  clients: number;
  failedJoins: number;
  joinError: string;
  groups: Record<string, number>;
}
interface Measured {
  sent: number;
  done: number;
  timeouts: number;
  bytes: number;
  patchBytes: number;
  lat: number[];
  wallMs: number;
  cpuPercent: number;
  loopLagP99Ms: number;
  fullStateJson: number;
}

/**
 * The hub as `npm start` runs it (NODE_ENV=production, the SQLite store and room log as
 * files, here in a fresh temp DATA_DIR), started and left idle: its RSS with no client.
 */
async function idleNpmStart(): Promise<number> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-load-idle-"));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), NODE_ENV: "production", DATA_DIR: dataDir, REDIS_URL: "" };
  delete env.HUB_DB;
  delete env.ROOM_LOG;
  const server = spawn(process.execPath, [await builtHub()], { cwd: ROOT, env, stdio: ["ignore", "ignore", "ignore"] });
  children.add(server);
  try {
    await waitForPort(port);
    await sleep(IDLE_SETTLE_MS);
    return sampleProc(server.pid!).rssKb / 1024;
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const sampled = (s: SystemName) => s.startsWith("hub-sampled");

async function runSystem(sys: (typeof SYSTEMS)[number]): Promise<Row[]> {
  const port = await freePort();
  // The room log as `npm start` keeps it: a SQLite file (here in a fresh temp folder).
  const logDir = mkdtempSync(path.join(os.tmpdir(), "bench-load-log-"));
  const server = spawn(process.execPath, [...profileArgs(sys.name), ...(sys.tsx ? ["--import", "tsx", sys.script] : [await builtEntry(sys.script)])], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HUB_DB: ":memory:",
      NODE_ENV: "production",
      REDIS_URL: "",
      // Each client moves at LOAD_RATE/s, well under the default limit of 20/s; raised anyway
      // so a burst after a stall is never refused and counted as a lost move.
      RATE_BURST: "1000",
      RATE_PER_SECOND: "1000",
      // Every load client plays from this machine: per-address join/create limits off.
      ADDRESS_LIMITS: "off",
      ROOM_LOG: path.join(logDir, "rooms.sqlite"),
      ROOM_LOG_GROUP_COMMIT: "",
      ...sys.serverEnv,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.add(server);
  pin(server.pid, "server");
  // boardgame.io logs every move it drops; count those lines instead of printing each.
  let droppedLogged = 0;
  let stderrShown = 0;
  server.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    for (const line of chunk.split("\n")) {
      if (!line.trim()) continue;
      if (line.includes("invalid stateID")) droppedLogged++;
      else if (stderrShown++ < 20) process.stderr.write(`  [${sys.name} server] ${line}\n`);
    }
  });
  const rows: Row[] = [];
  const workers: Worker[] = [];
  try {
    await waitForPort(port);
    await sleep(IDLE_SETTLE_MS);
    idle[sys.name] = sampleProc(server.pid!).rssKb / 1024;
    for (let w = 0; w < WORKERS; w++) {
      const profileDir = process.env.LOAD_PROFILE ? path.resolve(process.env.LOAD_PROFILE) : "";
      if (profileDir) mkdirSync(profileDir, { recursive: true }); // the generators write into it
      workers.push(
        forkWorker({ ...sys.env, MODE: sys.mode, PORT: String(port), RATE: String(RATE), WORKER: String(w), WORKERS: String(WORKERS), PROFILE_DIR: profileDir }),
      );
    }
    for (const target of sampled(sys.name) ? SAMPLED_STEPS : STEPS) {
      const t0 = Date.now();
      const grown = await Promise.all(workers.map((w) => w.ask<Grown>({ cmd: "grow", to: Math.ceil(target / WORKERS), ms: GROW_MS })));
      const joinSeconds = (Date.now() - t0) / 1000;
      await sleep(SETTLE_MS);

      const groups: Record<string, number> = {};
      for (const g of grown) for (const [k, n] of Object.entries(g.groups)) groups[k] = (groups[k] ?? 0) + n;
      const sizes = Object.values(groups);
      const total = sizes.reduce((a, b) => a + b, 0);
      // Moves are spread evenly over clients, and a move in a room of k reaches k clients.
      const viewersPerMove = sys.mode === "echo" ? 1 : sizes.reduce((a, k) => a + k * k, 0) / Math.max(1, total);

      const dropped0 = droppedLogged;
      const before = sampleProc(server.pid!);
      let peakRss = before.rssKb;
      const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, sampleProc(server.pid!).rssKb)), 500);
      const wallStart = Date.now();
      const measured = await Promise.all(workers.map((w) => w.ask<Measured>({ cmd: "measure", ms: MEASURE_MS })));
      const wallS = (Date.now() - wallStart) / 1000;
      clearInterval(rssTimer);
      const after = sampleProc(server.pid!);
      peakRss = Math.max(peakRss, after.rssKb);

      const lat = measured.flatMap((m) => m.lat).sort((a, b) => a - b);
      const done = measured.reduce((a, m) => a + m.done, 0);
      const bytes = measured.reduce((a, m) => a + m.bytes, 0);
      const patchBytes = measured.reduce((a, m) => a + m.patchBytes, 0);
      const row: Row = {
        system: sys.name,
        target,
        clients: grown.reduce((a, g) => a + g.clients, 0),
        failedJoins: grown.reduce((a, g) => a + g.failedJoins, 0),
        movesPerSec: done / wallS,
        p50: percentile(lat, 50),
        p95: percentile(lat, 95),
        p99: percentile(lat, 99),
        timeouts: measured.reduce((a, m) => a + m.timeouts, 0),
        staleDropped: droppedLogged - dropped0,
        serverCpuPercent: ((after.cpuTicks - before.cpuTicks) / CLK_TCK / wallS) * 100,
        serverRssMb: peakRss / 1024,
        generatorCpuPercent: measured.reduce((a, m) => a + m.cpuPercent, 0),
        generatorLagP99Ms: Math.max(...measured.map((m) => m.loopLagP99Ms)),
        viewersPerMove,
        bytesPerMovePerClient: bytes / Math.max(1, done * viewersPerMove),
        patchBytesPerMovePerClient: patchBytes / Math.max(1, done * viewersPerMove),
        serverBytesPerMovePerClient: (after.wchar - before.wchar) / Math.max(1, done * viewersPerMove),
        // Each generator's mean over its sampled clients and the window; then their mean.
        fullStateJsonBytes: mean(measured.map((m) => m.fullStateJson).filter((n) => n > 0)),
        loadAvg1: os.loadavg()[0]!,
      };
      rows.push(row);
      const errs = grown.map((g) => g.joinError).filter(Boolean);
      console.log(
        `  ${sys.name} ${target}: ${row.clients} clients (joined in ${joinSeconds.toFixed(1)} s${row.failedJoins ? `, ${row.failedJoins} failed: ${errs[0]}` : ""}), ` +
          `${row.movesPerSec.toFixed(0)} moves/s, p50 ${row.p50.toFixed(2)} / p99 ${row.p99.toFixed(2)} ms, server CPU ${row.serverCpuPercent.toFixed(0)}%`,
      );
      // Stop stepping once p99 is far gone, or past the target with the server's core already
      // full (more clients would only queue), or when the clients could not all connect.
      const saturated = row.p99 > TARGET_P99_MS && row.serverCpuPercent >= 90;
      if (!(row.p99 <= GIVE_UP_P99_MS) || saturated || row.clients < target * 0.9) {
        console.log(
          `  ${sys.name}: not stepping further (p99 ${row.p99.toFixed(0)} ms, server CPU ${row.serverCpuPercent.toFixed(0)}%, ${row.clients}/${target} clients)`,
        );
        break;
      }
    }
  } finally {
    await Promise.all(workers.map((w) => w.ask({ cmd: "quit" }).catch(() => {})));
    await Promise.all(workers.map((w) => stop(w.proc)));
    await stop(server);
    rmSync(logDir, { recursive: true, force: true });
  }
  return rows;
}

const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "—");
const ratio = (a: number | undefined, b: number | undefined) => (a !== undefined && b !== undefined && b > 0 && Number.isFinite(a) ? a / b : NaN);

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => "| " + cells.map((c, i) => c.padStart(widths[i]!)).join(" | ") + " |";
  return [line(header), "| " + widths.map((w) => "-".repeat(w - 1) + ":").join(" | ") + " |", ...rows.map(line)].join("\n");
}

async function main(): Promise<void> {
  const cpu = os.cpus();
  const machine = {
    cpus: cpu.length,
    cpuModel: cpu[0]?.model ?? "unknown",
    memGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAvgAtStart: os.loadavg().map((n) => Number(n.toFixed(2))),
  };
  announceQuick("load");
  console.log(`load: ${machine.cpus} × ${machine.cpuModel}, ${machine.memGb} GB, Node ${machine.node}, load avg ${machine.loadAvgAtStart.join(" ")}`);
  console.log(
    `load: steps ${STEPS.join(" → ")} clients (hub-sampled ${SAMPLED_STEPS.join(" → ")}), ${RATE} move/s per client, ` +
      `${MEASURE_MS / 1000} s measured per step, ${WORKERS} generator processes${PIN ? ", server pinned to CPU 0" : ""}`,
  );

  const rows: Row[] = [];
  if (wantedSystems.some((s) => s.startsWith("hub") || s === "cubestacc")) idle["npm start"] = await idleNpmStart();
  for (const sys of SYSTEMS.filter((s) => wantedSystems.includes(s.name))) {
    console.log(`load: ${sys.label}`);
    rows.push(...(await runSystem(sys)));
  }

  const figures = table(
    ["system", "clients", "moves/s", "p50 ms", "p95 ms", "p99 ms", "lost", "stale", "srv CPU %", "srv RSS MB", "gen CPU %", "gen lag p99 ms", "B/move/client", "of which patch", "srv B/move/client", "full JSON B", "load avg"],
    rows.map((r) => [
      r.system,
      String(r.clients),
      f(r.movesPerSec, 0),
      f(r.p50, 2),
      f(r.p95, 2),
      f(r.p99, 2),
      String(r.timeouts),
      r.system === "bgio" ? String(r.staleDropped) : "—",
      f(r.serverCpuPercent, 0),
      f(r.serverRssMb, 0),
      f(r.generatorCpuPercent, 0),
      f(r.generatorLagP99Ms, 0),
      f(r.bytesPerMovePerClient, 0),
      r.system === "baseline" || r.system === "bgio" ? "—" : f(r.patchBytesPerMovePerClient, 0),
      f(r.serverBytesPerMovePerClient, 0),
      r.system === "baseline" ? "—" : f(r.fullStateJsonBytes, 0),
      f(r.loadAvg1, 1),
    ]),
  );

  const at = (s: SystemName, n: number) => rows.find((r) => r.system === s && r.target === n);
  const ratios = STEPS.filter((n) => at("hub", n)).map((n) => {
    const h = at("hub", n)!;
    const b = at("baseline", n);
    const g = at("bgio", n);
    const c = at("cubestacc", n);
    return {
      clients: n,
      p50VsBaseline: ratio(h.p50, b?.p50),
      p99VsBaseline: ratio(h.p99, b?.p99),
      p50VsBgio: ratio(h.p50, g?.p50),
      p99VsBgio: ratio(h.p99, g?.p99),
      movesPerSecVsBgio: ratio(h.movesPerSec, g?.movesPerSec),
      cpuVsBgio: ratio(h.serverCpuPercent, g?.serverCpuPercent),
      rssVsBgio: ratio(h.serverRssMb, g?.serverRssMb),
      bytesVsBgio: ratio(h.bytesPerMovePerClient, g?.bytesPerMovePerClient),
      bytesVsFullJson: ratio(h.bytesPerMovePerClient, h.fullStateJsonBytes),
      cubestaccP50VsBaseline: ratio(c?.p50, b?.p50),
      cubestaccBytesVsFullJson: ratio(c?.bytesPerMovePerClient, c?.fullStateJsonBytes),
    };
  });
  const ratioTable = table(
    ["clients", "hub/base p50", "hub/base p99", "hub/bgio p50", "hub/bgio p99", "hub/bgio moves/s", "hub/bgio CPU", "hub/bgio RSS", "hub/bgio B/move", "hub B/move ÷ full JSON", "cubestacc/base p50", "cubestacc B/move ÷ full JSON"],
    ratios.map((r) => [
      String(r.clients),
      f(r.p50VsBaseline, 2),
      f(r.p99VsBaseline, 2),
      f(r.p50VsBgio, 2),
      f(r.p99VsBgio, 2),
      f(r.movesPerSecVsBgio, 2),
      f(r.cpuVsBgio, 2),
      f(r.rssVsBgio, 2),
      f(r.bytesVsBgio, 3),
      r.bytesVsFullJson > 0 ? `1/${f(1 / r.bytesVsFullJson, 0)}` : "—",
      f(r.cubestaccP50VsBaseline, 2),
      r.cubestaccBytesVsFullJson > 0 ? `1/${f(1 / r.cubestaccBytesVsFullJson, 1)}` : "—",
    ]),
  );

  // The room log's cost, same run: a group commit, a commit per move, no log.
  const logRows: string[][] = [];
  for (const [group, single, none, steps] of [
    ["hub-sampled", "hub-sampled-1commit", "hub-sampled-nolog", SAMPLED_STEPS],
    ["hub", "hub-1commit", null, STEPS],
  ] as const) {
    for (const n of steps) {
      const cells = [group, single, none].map((s) => (s ? at(s, n) : undefined));
      if (cells.filter(Boolean).length < 2) continue;
      const show = (r: Row | undefined) => (r ? `${f(r.p50, 2)} / ${f(r.p99, 1)} ms, ${f(r.serverCpuPercent, 0)} %` : "—");
      logRows.push([group, String(n), show(cells[0]), show(cells[1]), show(cells[2])]);
    }
  }
  const logTable = logRows.length
    ? table(["system", "clients", "group commit: p50 / p99, srv CPU", "commit per move", "no room log"], logRows)
    : "";

  const crossings: Record<string, string> = {};
  for (const sys of SYSTEMS) {
    const mine = rows.filter((r) => r.system === sys.name);
    if (!mine.length) continue;
    const first = mine.find((r) => !(r.p99 <= TARGET_P99_MS));
    crossings[sys.name] = first
      ? `p99 past ${TARGET_P99_MS} ms at ${first.target} clients (${f(first.p99, 1)} ms)`
      : `p99 under ${TARGET_P99_MS} ms up to ${mine[mine.length - 1]!.clients} clients`;
  }

  const idleTable = table(
    ["server", "idle RSS MB"],
    Object.entries(idle).map(([k, mb]) => [k === "npm start" ? "hub as `npm start` runs it (file store and room log)" : k, f(mb, 0)]),
  );

  console.log("\n" + figures);
  console.log("\n" + ratioTable);
  if (logTable) console.log("\nRoom log, same run (a group commit per event-loop turn, a commit per move, none):\n" + logTable);
  for (const [s, c] of Object.entries(crossings)) console.log(`${s}: ${c}`);
  console.log(`\nIdle RSS: each server ${IDLE_SETTLE_MS / 1000} s after it started listening, before any client\n${idleTable}`);

  const out = {
    measuredAt: new Date().toISOString(),
    quick: QUICK,
    machine,
    config: {
      steps: STEPS,
      sampledSteps: SAMPLED_STEPS,
      sample: SAMPLE,
      pinned: PIN,
      generatorNodeArgs: WORKER_NODE_ARGS,
      movesPerClientPerSecond: RATE,
      measureMs: MEASURE_MS,
      generators: WORKERS,
      board: "custom 30×30, 150 mines, co-op, 8 seats",
      move: "flag toggle on the client's own hidden cell",
    },
    rows,
    ratios,
    crossings,
    idleRssMb: idle,
    tables: { figures, ratios: ratioTable, idle: idleTable, roomLog: logTable },
  };
  console.log(`\nwrote ${writeResult("load", out)}`);
}

await main();
clearTimeout(guard);
