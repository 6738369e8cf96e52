// Load section of `npm run bench`: move latency and cost under many clients.
// Each system runs on its own server process, driven by two load-generator
// processes (bench/load/worker.ts) on this same machine:
//   baseline     raw `ws` echo on loopback (bench/load/echoServer.ts)
//   relay        the fair floor: raw `ws`, sockets seated 8 to a room by arrival, each frame sent
//                to its whole room (bench/load/relayServer.ts); steps to the sampled counts too
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
// LOAD_SYSTEMS="baseline,relay,hub,hub-sampled,cubestacc,bgio", LOAD_PIN, LOAD_PROFILE,
// LOAD_WORKER_NODE_ARGS (see docs/benchmarks.md).
// This file steps each system and writes the results; bench/load/: systems.ts (the systems and
// their steps), server.ts (a system's server, idle RSS), generators.ts (the load generators),
// processes.ts (pinning, profiling, /proc sampling, stopping), report.ts (rows and tables).

import os from "node:os";
import { announceQuick, freePort, QUICK, quick, writeResult } from "./lib/section.js";
import { forkGenerators, WORKER_NODE_ARGS, WORKERS, type Grown, type Measured, type Worker } from "./load/generators.js";
import { children, PIN, sampleProc, sleep, stop } from "./load/processes.js";
import { report, type Row } from "./load/report.js";
import { IDLE_SETTLE_MS, idleNpmStart, idleRssMb, startServer } from "./load/server.js";
import { SAMPLE, SAMPLED_STEPS, STEPS, stepsOf, SYSTEMS, TARGET_P99_MS, wantedSystems, type System } from "./load/systems.js";

const MEASURE_MS = Number(process.env.LOAD_MEASURE_MS ?? quick(8000, 1500));
const SETTLE_MS = quick(2000, 300);
/** Longest a step may spend connecting its new clients. */
const GROW_MS = 60000;
const RATE = Number(process.env.LOAD_RATE ?? 1);
/** Past this p99 a system is not stepped up further (the 50 ms target is long gone). */
const GIVE_UP_P99_MS = 500;
/** Hard bound on the whole section. */
const SECTION_TIMEOUT_MS = 20 * 60 * 1000;
const CLK_TCK = 100;

/** Idle RSS (MB) of each system's server, and of the hub as `npm start` runs it. */
const idle: Record<string, number> = {};

const guard = setTimeout(() => {
  console.error(`load bench: over ${SECTION_TIMEOUT_MS / 60000} min, stopping`);
  for (const c of children) c.kill("SIGKILL");
  process.exit(1);
}, SECTION_TIMEOUT_MS);
guard.unref();
process.on("exit", () => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
});

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function runSystem(sys: System): Promise<Row[]> {
  const port = await freePort();
  const server = await startServer(sys, port);
  const rows: Row[] = [];
  const workers: Worker[] = [];
  try {
    idle[sys.name] = await idleRssMb(server.proc, port);
    forkGenerators(sys, port, RATE, workers);
    for (const target of stepsOf(sys.name)) {
      const t0 = Date.now();
      const grown = await Promise.all(workers.map((w) => w.ask<Grown>({ cmd: "grow", to: Math.ceil(target / WORKERS), ms: GROW_MS })));
      const joinSeconds = (Date.now() - t0) / 1000;
      await sleep(SETTLE_MS);

      const groups: Record<string, number> = {};
      for (const g of grown) for (const [k, n] of Object.entries(g.groups)) groups[k] = (groups[k] ?? 0) + n;
      const sizes = Object.values(groups);
      const total = sizes.reduce((a, b) => a + b, 0);
      // Moves are spread evenly over clients, and a move in a room of k reaches k clients.
      // The relay seats 8 by arrival on its side: its rooms are full but for the last.
      const relaySizes = [...Array<number>(Math.floor(total / 8)).fill(8), total % 8];
      const viewersPerMove = sys.mode === "echo" ? 1 : (sys.mode === "relay" ? relaySizes : sizes).reduce((a, k) => a + k * k, 0) / Math.max(1, total);

      const dropped0 = server.dropped();
      const before = sampleProc(server.proc.pid!);
      let peakRss = before.rssKb;
      const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, sampleProc(server.proc.pid!).rssKb)), 500);
      const wallStart = Date.now();
      const measured = await Promise.all(workers.map((w) => w.ask<Measured>({ cmd: "measure", ms: MEASURE_MS })));
      const wallS = (Date.now() - wallStart) / 1000;
      clearInterval(rssTimer);
      const after = sampleProc(server.proc.pid!);
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
        staleDropped: server.dropped() - dropped0,
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
    await server.close();
  }
  return rows;
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

  const { figures, ratios, ratioTable, logTable, floorTable, crossings, idleTable } = report(rows, idle);

  console.log("\n" + figures);
  console.log("\n" + ratioTable);
  if (logTable) console.log("\nRoom log, same run (a group commit per event-loop turn, a commit per move, none):\n" + logTable);
  if (floorTable) console.log("\nCapacity against the relay floor, same run:\n" + floorTable);
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
    tables: { figures, ratios: ratioTable, idle: idleTable, roomLog: logTable, floor: floorTable },
  };
  console.log(`\nwrote ${writeResult("load", out)}`);
}

await main();
clearTimeout(guard);
