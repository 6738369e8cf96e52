// Benchmark section "minesweeper" (run by bench/run.ts, or alone:
// `node --import tsx bench/minesweeper.ts`). Each figure is printed beside a
// baseline measured in the same run (docs/benchmarks.md):
//  1. flood reveal (common/minesweeper floodReveal) on 100×100 and 1000×1000 boards with
//     1 % mines, against a linear pass that opens the same cells with no search;
//  2. bytes of the state patch a real colyseus.js client receives for one big flood on a
//     100×100 co-op room (in-process hub), against JSON of the full board for one viewer;
//  3. time for headless Chromium to apply that patch and draw the next frame, against one
//     frame with no change and JSON.parse of the full-board JSON, in the same page.
// Prints one table and writes bench/results/minesweeper.json.

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { boot, type ColyseusTestServer } from "@colyseus/testing";
import type { Room } from "colyseus.js";
import type { Browser } from "playwright-core";
import { createHubConfig } from "../arena.config.js";
import { DEFAULTS, NO_ADDRESS_LIMITS } from "../server/settings.js";
import { createRng } from "../common/core/rng.js";
import { countAdjacent, decodeRows, floodReveal, openedCells, placeMines, setupBoard, type MinesweeperConfig, type MinesweeperState } from "../common/minesweeper/index.js";
import type { MinesweeperRoom } from "../server/rooms/minesweeper/index.js";
import { SqliteStore } from "../server/store/index.js";
import { boardReady, DESKTOP, freePort, launchChromium, waitHub } from "../test/helpers/e2e.js";
import { baselineScript, PAGE_PROBE, ROOM_STATE_PATCH } from "./lib/minesweeperPage.js";
import { announceQuick, quick, ROOT, writeResult } from "./lib/section.js";

/** Rooms (boards) flooded in part 2/3: each gives one patch and one client measurement. */
const ROOMS = quick(5, 1);
/** Frames and parses the page's baselines average over. */
const BASE_FRAMES = quick(8, 2);
const BASE_PARSES = quick(50, 5);
const SIDE = 100;
const ROOM_MINES = 300; // 3 %: the first click opens most of the board without winning it

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

// ---- 1. flood reveal ---------------------------------------------------------------------

interface FloodFigure {
  board: string;
  cells: number;
  mines: number;
  opened: number;
  runs: number;
  floodUs: number;
  floodNsPerCell: number;
  linearUs: number;
  linearNsPerCell: number;
  ratio: number;
}

/** A board with mines placed around `first`, ready for floodReveal (rules are size-agnostic). */
function board(rows: number, cols: number, mines: number, seed: number, first: number): MinesweeperState {
  const config: MinesweeperConfig = { level: "custom", rows, cols, mines };
  const s = setupBoard(seed, config, 1);
  s.mines = placeMines(config, first, createRng(seed));
  s.adjacent = countAdjacent(rows, cols, s.mines);
  s.phase = "active";
  return s;
}

function reset(s: MinesweeperState): void {
  s.status.fill(0);
  s.revealedBy.fill(255);
  s.revealedCount = 0;
}

/**
 * The memory floor for opening `opened` cells: one pass over the board that opens every
 * safe cell with no neighbour search and no list of opened cells (same arrays floodReveal writes).
 */
function linearOpen(s: MinesweeperState): number {
  const { status, revealedBy } = s;
  const mines = s.mines!;
  let n = 0;
  for (let i = 0; i < status.length; i++) {
    if (status[i] === 0 && mines[i] === 0) {
      status[i] = 1;
      revealedBy[i] = 0;
      n++;
    }
  }
  return n;
}

function benchFlood(side: number, warmup: number, runs: number): FloodFigure {
  const first = (side >> 1) * side + (side >> 1);
  const mines = Math.round(side * side * 0.01);
  const s = board(side, side, mines, 20240601, first);
  const flood: number[] = [];
  const linear: number[] = [];
  const out = openedCells(side * side); // the rules' list of opened cells, allocated once as the rules do
  let opened = 0;
  for (let k = 0; k < warmup + runs; k++) {
    reset(s);
    out.count = 0;
    const t0 = performance.now();
    floodReveal(s, first, 0, out);
    const t1 = performance.now();
    opened = out.count;
    reset(s);
    const t2 = performance.now();
    linearOpen(s);
    const t3 = performance.now();
    if (k >= warmup) {
      flood.push((t1 - t0) * 1000);
      linear.push((t3 - t2) * 1000);
    }
  }
  const floodUs = median(flood);
  const linearUs = median(linear);
  return {
    board: `${side}×${side}`,
    cells: side * side,
    mines,
    opened,
    runs,
    floodUs: round(floodUs, 1),
    floodNsPerCell: round((floodUs * 1000) / opened, 1),
    linearUs: round(linearUs, 1),
    linearNsPerCell: round((linearUs * 1000) / (side * side - mines), 2),
    ratio: round(floodUs / linearUs, 1),
  };
}

// ---- 2 & 3. patch bytes and client time --------------------------------------------------

interface RoomSample {
  cellsChanged: number;
  phase: string;
  patchBytes: number;
  patchMessages: number;
  otherBytes: number;
  jsonBytes: number;
  client: { applyMs: number; drawMs: number; otherMs: number; latencyMs: number; bytes: number };
  pageBaseline: { frameMs: number; parseMs: number; webgl: boolean };
}

/** Counts payload bytes of every WebSocket message the client receives, split by protocol code. */
function countBytes(room: Room<any>) {
  const ws = (room.connection.transport as unknown as { ws: { onmessage: ((ev: { data: unknown }) => void) | null } }).ws;
  const counter = { patch: 0, patchMessages: 0, other: 0 };
  const original = ws.onmessage!;
  ws.onmessage = (ev) => {
    const data = ev.data as ArrayBuffer | Uint8Array;
    const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : data;
    if (bytes[0] === ROOM_STATE_PATCH) {
      counter.patch += bytes.byteLength;
      counter.patchMessages++;
    } else counter.other += bytes.byteLength;
    original.call(ws, ev);
  };
  return {
    counter,
    reset() {
      counter.patch = counter.patchMessages = counter.other = 0;
    },
  };
}

/** A node client's decoded board: its `cellRows` (row index → run-length string) as codes. */
const boardCodes = (state: any): Uint8Array => {
  const rows = state.cellRows as ReadonlyMap<string, string>;
  return decodeRows(Array.from({ length: rows.size }, (_, r) => rows.get(String(r)) ?? ""), rows.size, state.cols, 9);
};

const opened = (cells: Iterable<number>) => {
  let n = 0;
  for (const c of cells) if (c <= 8) n++;
  return n;
};

async function waitFor<T>(check: () => T | undefined | false, what: string, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = check();
    if (v !== undefined && v !== false) return v as T;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function benchRooms(): Promise<RoomSample[]> {
  if (!existsSync(path.join(ROOT, "dist", "client", "index.html"))) {
    console.log("dist/client missing: running `npm run build` first");
    const res = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
    if (res.status !== 0) throw new Error("npm run build failed");
  }
  const port = await freePort();
  const server: ColyseusTestServer = await boot(
    createHubConfig({ store: new SqliteStore(":memory:"), reconnectSeconds: 5, seatHoldSeconds: 30, admission: { ...DEFAULTS.admission, ...NO_ADDRESS_LIMITS } } as never),
    port,
  );
  let browser: Browser | null = null;
  const samples: RoomSample[] = [];
  try {
    browser = await launchChromium();
    const context = await browser.newContext(DESKTOP);
    await context.addInitScript({ content: PAGE_PROBE });
    for (let k = 0; k < ROOMS; k++) {
      const room = await server.sdk.create<any>("minesweeper", {
        mode: "coop",
        seats: 2,
        level: "custom",
        rows: SIDE,
        cols: SIDE,
        mines: ROOM_MINES,
        private: true,
        name: "Bench",
      });
      room.onMessage("*", () => {}); // events are counted, not read
      const bytes = countBytes(room);
      await waitFor(() => room.state?.cellRows?.size === SIDE, "the node client's board");
      const serverRoom = server.getRoomById(room.roomId) as unknown as MinesweeperRoom;

      // The viewer: a second seat in Chromium, which draws the partner's flood.
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      await page.goto(`http://127.0.0.1:${port}/#/join/${room.roomId}`);
      // An invite link asks a newcomer's name first (the first page; later ones remember it).
      await page.waitForSelector("#invite-name, .ms-canvas", { timeout: 30_000 });
      if (await page.locator("#invite-name").count()) {
        await page.fill("#invite-name", "Viewer");
        await page.click("#invite-join");
      }
      await waitHub(page, (s) => boardReady(s) && s.seat === 1, "the Chromium viewer's board", 30_000);
      await page.waitForTimeout(300); // let the join's frames and patches settle

      // Baseline JSON: the full board as one viewer's view, cells as a plain array.
      const json = (() => {
        const view = serverRoom.session.view(null);
        return JSON.stringify({ ...view, cells: Array.from(view.cells) });
      })();
      const pageBaseline = (await page.evaluate(baselineScript(json, BASE_FRAMES, BASE_PARSES))) as RoomSample["pageBaseline"];
      await page.waitForTimeout(100);

      // MS_PAGE_PROFILE=<dir>: a CPU profile of the page over the flood (Chrome DevTools opens it).
      const cdp = process.env.MS_PAGE_PROFILE ? await context.newCDPSession(page) : null;
      if (cdp) {
        await cdp.send("Profiler.enable");
        await cdp.send("Profiler.setSamplingInterval", { interval: 50 });
        await cdp.send("Profiler.start");
      }
      await page.evaluate("window.__bench.arm()");
      bytes.reset();
      room.send("reveal", { r: SIDE >> 1, c: SIDE >> 1 });
      const changed = await waitFor(() => {
        const board = serverRoom.session.state;
        if (board.revealedCount === 0) return undefined;
        const n = opened(boardCodes(room.state));
        return n === board.revealedCount ? n : undefined;
      }, "the flood on the node client");
      const client = (await (
        // A function, not a string: the hub's Content-Security-Policy forbids the page's eval.
        await page.waitForFunction(() => (globalThis as unknown as { __bench: { result: unknown } }).__bench.result, undefined, { timeout: 30_000 })
      ).jsonValue()) as RoomSample["client"];
      await new Promise((r) => setTimeout(r, 100)); // the reveal event message follows the patch
      if (cdp) {
        const { profile } = await cdp.send("Profiler.stop");
        mkdirSync(process.env.MS_PAGE_PROFILE!, { recursive: true });
        writeFileSync(path.join(process.env.MS_PAGE_PROFILE!, `flood-${k}.cpuprofile`), JSON.stringify(profile));
      }
      if (errors.length) throw new Error(`page errors: ${errors.join("; ")}`);
      samples.push({
        cellsChanged: changed,
        phase: serverRoom.session.state.phase,
        patchBytes: bytes.counter.patch,
        patchMessages: bytes.counter.patchMessages,
        otherBytes: bytes.counter.other,
        jsonBytes: Buffer.byteLength(json),
        client,
        pageBaseline,
      });
      await page.close();
      await room.leave();
    }
    await context.close();
  } finally {
    await browser?.close();
    await server.shutdown();
  }
  return samples;
}

// ---- table ---------------------------------------------------------------------------

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(rows[0]), widths.map((w) => "-".repeat(w)).join("  "), ...rows.slice(1).map(line)].join("\n");
}

const fmt = (x: number, d = 1) => x.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });

async function main(): Promise<void> {
  const started = performance.now();
  announceQuick("minesweeper");
  const floods = quick([benchFlood(100, 30, 51), benchFlood(1000, 2, 7)], [benchFlood(100, 2, 3), benchFlood(1000, 0, 1)]);
  const rooms = await benchRooms();

  const med = (f: (s: RoomSample) => number) => median(rooms.map(f));
  const room = {
    rooms: rooms.length,
    cellsChanged: med((s) => s.cellsChanged),
    patchBytes: med((s) => s.patchBytes),
    patchBytesPerCell: med((s) => s.patchBytes / s.cellsChanged),
    eventBytes: med((s) => s.otherBytes),
    jsonBytes: med((s) => s.jsonBytes),
    ratioPatchJson: med((s) => s.patchBytes / s.jsonBytes),
    applyMs: med((s) => s.client.applyMs),
    drawMs: med((s) => s.client.drawMs),
    applyDrawMs: med((s) => s.client.applyMs + s.client.drawMs),
    latencyMs: med((s) => s.client.latencyMs),
    frameMs: med((s) => s.pageBaseline.frameMs),
    parseMs: med((s) => s.pageBaseline.parseMs),
    ratioFrame: med((s) => (s.client.applyMs + s.client.drawMs) / s.pageBaseline.frameMs),
    ratioParse: med((s) => s.client.applyMs / s.pageBaseline.parseMs),
  };

  const rows: string[][] = [["figure", "value", "baseline (same run)", "baseline value", "ratio"]];
  for (const f of floods) {
    rows.push([
      `flood reveal ${f.board}, ${fmt(f.mines, 0)} mines: ${fmt(f.opened, 0)} cells opened (${fmt(f.floodNsPerCell)} ns/cell)`,
      `${fmt(f.floodUs)} µs`,
      `linear pass opening the safe cells (${fmt(f.linearNsPerCell, 2)} ns/cell)`,
      `${fmt(f.linearUs)} µs`,
      `${fmt(f.ratio)}×`,
    ]);
  }
  rows.push([
    `patch for one flood, 100×100 co-op: ${fmt(room.cellsChanged, 0)} cells changed (${fmt(room.patchBytesPerCell, 2)} B/cell)`,
    `${fmt(room.patchBytes, 0)} B`,
    "JSON of the full board to one viewer",
    `${fmt(room.jsonBytes, 0)} B`,
    `${fmt(room.ratioPatchJson, 2)}×`,
  ]);
  rows.push([
    "Chromium: apply that patch (decode + sprites) + draw next frame",
    `${fmt(room.applyDrawMs, 2)} ms`,
    "one frame with no change (render + GL sync)",
    `${fmt(room.frameMs, 2)} ms`,
    `${fmt(room.ratioFrame, 1)}×`,
  ]);
  rows.push([
    "Chromium: apply that patch alone (decode + sprite updates)",
    `${fmt(room.applyMs, 2)} ms`,
    "JSON.parse of the full-board JSON",
    `${fmt(room.parseMs, 2)} ms`,
    `${fmt(room.ratioParse, 1)}×`,
  ]);

  console.log(table(rows));
  console.log(
    [
      `Flood: median of ${floods[0].runs} / ${floods[1].runs} runs after warm-up, rules' floodReveal (its list of opened cells included).`,
      `Patch and client: median of ${room.rooms} fresh rooms (random seeds; ${ROOM_MINES} mines; first reveal at the centre, sent by a colyseus.js`,
      `client in this process; bytes = WebSocket message payloads of ROOM_STATE_PATCH it received, frame headers not counted).`,
      `The flood also sends a "reveal" event message (${fmt(room.eventBytes, 0)} B, not in the patch figure).`,
      `Client: a second seat in headless Chromium (SwiftShader, software GL: compare ratios, not absolute ms); draw = the`,
      `next frame's rAF work + gl.finish() + a 1-pixel readPixels; baselines averaged over ${BASE_FRAMES} frames / ${BASE_PARSES} parses
per page; patch arrival → frame done: ${fmt(room.latencyMs, 1)} ms.`,
    ].join("\n"),
  );

  const result = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? "?", node: process.version, platform: `${os.platform()} ${os.arch()}` },
    flood: floods,
    patch: {
      board: `${SIDE}×${SIDE}`,
      mines: ROOM_MINES,
      rooms: room.rooms,
      cellsChanged: room.cellsChanged,
      patchBytes: room.patchBytes,
      patchBytesPerCell: round(room.patchBytesPerCell),
      eventBytes: room.eventBytes,
      fullBoardJsonBytes: room.jsonBytes,
      ratioPatchToJson: round(room.ratioPatchJson, 3),
    },
    client: {
      note: "headless Chromium with SwiftShader (software GL): figures are relative",
      applyMs: round(room.applyMs, 3),
      drawMs: round(room.drawMs, 3),
      applyAndDrawMs: round(room.applyDrawMs, 3),
      arrivalToFrameMs: round(room.latencyMs, 3),
      baselineFrameNoChangeMs: round(room.frameMs, 3),
      baselineJsonParseMs: round(room.parseMs, 3),
      ratioApplyDrawToFrame: round(room.ratioFrame, 2),
      ratioApplyToJsonParse: round(room.ratioParse, 2),
    },
    samples: rooms,
    durationS: round((performance.now() - started) / 1000, 1),
  };
  console.log(`wrote ${writeResult("minesweeper", result)} (${result.durationS} s)`);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
