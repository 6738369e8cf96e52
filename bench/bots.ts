// Benchmark section "bots" (run by bench/run.ts, or alone: `node --import tsx bench/bots.ts`).
// Several Connect Four tables, each a person (a bench client playing at once) against the
// `deep` bot thinking 500 ms per decision. Measured in one process (the hub and its clients):
// the event loop's delay (perf_hooks monitorEventLoopDelay) and the person's move round trip
// (send `drop` → the patch showing the disc). Two runs side by side: the bots thinking ON the
// event loop (the same-run baseline: BOT_THREADS=0) and on the worker pool.
// Prints one table and writes bench/results/bots.json.

import os from "node:os";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { boot } from "@colyseus/testing";
import { Client, type Room } from "colyseus.js";
import { createHubConfig } from "../arena.config.js";
import { openColumns } from "../common/connect4/index.js";
import { createRng } from "../common/core/rng.js";
import { GameRoom } from "../server/rooms/game/GameRoom.js";
import { SqliteStore } from "../server/store/index.js";
import { LAX_ADDRESS_LIMITS } from "../test/helpers/hub.js";
import { announceQuick, freePort, quick, writeResult } from "./lib/section.js";
import { c4Grid } from "../test/helpers/connect4.js";

const TABLES = Number(process.env.BOT_TABLES ?? quick(6, 2));
const SECONDS = Number(process.env.BOT_SECONDS ?? quick(12, 2));
const THINK_MS = quick(500, 100);
/** Time for the pool's threads to start and the first games to begin, before measuring. */
const SETTLE_MS = quick(2500, 500);

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

interface Figure {
  bots: string;
  tables: number;
  seconds: number;
  botMoves: number;
  personMoves: number;
  loopP50: number;
  loopP99: number;
  loopMax: number;
  rttP50: number;
  rttP99: number;
  rttMax: number;
}

/** One person at one table: plays a random open column as soon as it is their turn, and again after each game. */
function person(room: Room<any>, seed: number, rtts: number[], counts: { person: number; bot: number }, stop: () => boolean): void {
  const rng = createRng(seed);
  let sent: { at: number; discs: number } | null = null;
  let lastGame = 0;
  let lastBot = 0;
  room.onStateChange((s: any) => {
    if (stop()) return;
    const seats = Array.from(s.seats as ArrayLike<{ occupied: boolean; bot: boolean }>);
    const me = seats.findIndex((x) => x.occupied && !x.bot);
    const bot = seats.findIndex((x) => x.occupied && x.bot);
    if (me < 0 || bot < 0) return;
    const grid = c4Grid(s);
    const mine = grid.filter((v) => v === me).length;
    const theirs = grid.filter((v) => v === bot).length;
    if (s.gameNo !== lastGame) {
      lastGame = s.gameNo;
      lastBot = theirs;
      sent = null;
    }
    if (theirs > lastBot) counts.bot += theirs - lastBot;
    lastBot = theirs;
    if (sent && mine > sent.discs) {
      rtts.push(performance.now() - sent.at);
      counts.person++;
      sent = null;
    }
    if (s.phase === "finished") {
      room.send("ready", { ready: true });
      return;
    }
    if (s.phase !== "playing" || sent || !Array.from(s.acting as ArrayLike<number>).includes(me)) return;
    const open = openColumns(grid);
    if (!open.length) return;
    sent = { at: performance.now(), discs: mine };
    room.send("drop", { col: open[rng.int(open.length)] });
  });
}

async function run(botThreads: number): Promise<Figure> {
  GameRoom.botBudgetMs = THINK_MS;
  const store = new SqliteStore(":memory:");
  const port = await freePort();
  const server = await boot(createHubConfig({ store, botThreads, messageRate: { burst: 1e5, perSecond: 1e5 }, ...LAX_ADDRESS_LIMITS }), port);
  const client = new Client(`ws://127.0.0.1:${port}`);
  const rtts: number[] = [];
  const counts = { person: 0, bot: 0 };
  let stopped = false;
  const rooms: Room<any>[] = [];
  for (let t = 0; t < TABLES; t++) {
    const room = await client.create("connect4", { mode: "solo", botLevel: "deep", name: `Bench ${t}` });
    room.onMessage("*", () => {});
    person(room, t + 1, rtts, counts, () => stopped);
    rooms.push(room);
  }
  // Let the pool's threads start and the first games begin before measuring.
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  rtts.length = 0;
  counts.person = 0;
  counts.bot = 0;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  loop.disable();
  stopped = true;
  const figure: Figure = {
    bots: botThreads === 0 ? "on the event loop (baseline)" : `worker pool, ${botThreads} thread${botThreads > 1 ? "s" : ""}`,
    tables: TABLES,
    seconds: SECONDS,
    botMoves: counts.bot,
    personMoves: counts.person,
    loopP50: round(loop.percentile(50) / 1e6),
    loopP99: round(loop.percentile(99) / 1e6),
    loopMax: round(loop.max / 1e6),
    rttP50: round(pct(rtts, 50)),
    rttP99: round(pct(rtts, 99)),
    rttMax: round(Math.max(...rtts)),
  };
  for (const room of rooms) await room.leave().catch(() => {});
  await server.shutdown();
  return figure;
}

announceQuick("bots");
const threads = Math.max(1, os.availableParallelism() - 1);
const figures = [await run(0), await run(threads)];
console.log(`Connect Four, ${TABLES} tables, a person vs the 'deep' bot thinking ${THINK_MS} ms per decision, ${SECONDS} s each (${os.availableParallelism()} cores)`);
console.table(
  figures.map((f) => ({
    bots: f.bots,
    "bot moves": f.botMoves,
    "person moves": f.personMoves,
    "loop delay p50 ms": f.loopP50,
    "loop delay p99 ms": f.loopP99,
    "loop delay max ms": f.loopMax,
    "move round trip p50 ms": f.rttP50,
    "p99 ms": f.rttP99,
    "max ms": f.rttMax,
  })),
);
console.log(`wrote ${writeResult("bots", { measuredAt: new Date().toISOString(), cores: os.availableParallelism(), thinkMs: THINK_MS, figures })}`);
process.exit(0);
