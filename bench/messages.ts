// Benchmark section "messages" (run by bench/run.ts, or alone: `node --import tsx bench/messages.ts`).
// Issue 36: "no single message may hold the event loop for more than a few milliseconds". The
// heaviest messages a player can send, each at the limit the hub accepts, against the built hub
// in its own process (as `npm start` runs it) with card data imported; the hub's event loop is
// watched from inside by bench/lib/loopProbe.mjs: per message, the longest block (a 1 ms timer's
// worst delay, ±1 ms) and the loop's busy time for the whole message (every turn it took: the
// parse, the room log's group commit, the patch to every viewer). The clients are this process.
// Not measured here: no-guess Minesweeper boards (bench/noguess.ts).
// Prints one table and writes bench/results/messages.json.

import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client, type Room } from "colyseus.js";
import { deckMessages } from "../common/table/game.js";
import { MAX_DECKLIST_CHARS } from "../common/table/state.js";
import { importCards } from "../server/cards/importer.js";
import { Probe, sleep } from "../test/helpers/hub.js";
import { openTable, tableStage } from "../test/helpers/tableClients.js";
import { builtHub } from "./lib/built.js";
import { announceQuick, freePort, quick, ROOT, writeResult } from "./lib/section.js";

/** MESSAGES_ONLY=chat,decks,table,minesweeper,replays: only these groups (a profile of one group). */
const ONLY = process.env.MESSAGES_ONLY?.split(",") ?? null;
const inGroup = (group: string) => !ONLY || ONLY.includes(group);
/** Runs of each message (the first a warm-up, not counted); MESSAGES_REPEAT=n for more (the later runs show the hub's code warm). */
const REPEAT = Number(process.env.MESSAGES_REPEAT) || quick(6, 2);
/** Eight-seat tables dealt (MESSAGES_DEALS), each a run of the deal's figure (as for every message, the first is a warm-up when there are more). */
const DEALS = Number(process.env.MESSAGES_DEALS) || 1;
/** Time the hub is left alone after it answers its health check (its start-up warm-up runs then). */
const SETTLE_MS = Number(process.env.MESSAGES_SETTLE_MS ?? quick(4000, 500));
/** Idle time after a message's answer, so its trailing work (patches, sends) is counted too. */
const AFTER_MS = 60;

interface Figure {
  message: string;
  at: string;
  runs: number;
  /** Longest single block of the event loop (worst run). */
  maxBlockMs: number;
  /** Everything the loop ran for the message (worst run). */
  busyMs: number;
  /** The hub process's CPU time for the message (worst run; worker threads and GC included). */
  cpuMs: number;
  /** The same three, median of the runs (less moved by one unlucky time slice on a shared machine). */
  medianBlockMs: number;
  medianBusyMs: number;
  medianCpuMs: number;
  answer: string;
}

// ---- the hub in its own process -------------------------------------------------------------

interface Reading {
  maxMs: number;
  activeMs: number;
  cpuMs: number;
}
type Run = Reading & { answer: string };

class Hub {
  private waiting: { want: string; resolve: (m: Reading & { loop: string }) => void } | null = null;
  constructor(readonly proc: ChildProcess) {
    // Only the probe's answers (the hub itself may send "ready", as under PM2).
    proc.on("message", (m: { loop?: string }) => {
      if (this.waiting && m?.loop === this.waiting.want) this.waiting.resolve(m as never);
    });
  }
  private ask(what: "loop:reset" | "loop:read"): Promise<Reading & { loop: string }> {
    return new Promise((resolve) => {
      this.waiting = { want: what.slice("loop:".length), resolve };
      this.proc.send(what);
    });
  }
  reset = () => this.ask("loop:reset");
  read = async () => {
    const { maxMs, activeMs, cpuMs } = await this.ask("loop:read");
    return { maxMs, activeMs, cpuMs };
  };
}

async function startHub(port: number, dataDir: string, cardsDb: string): Promise<Hub> {
  const entry = await builtHub();
  // MESSAGES_CPU_PROF=dir: the hub writes a CPU profile there when it stops (`node --cpu-prof`).
  const prof = process.env.MESSAGES_CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.MESSAGES_CPU_PROF] : [];
  const proc = spawn(process.execPath, [...prof, "--import", path.join(ROOT, "bench", "lib", "loopProbe.mjs"), entry], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), NODE_ENV: "production", DATA_DIR: dataDir, CARDS_DB: cardsDb, REDIS_URL: "", DATABASE_URL: "", ADDRESS_LIMITS: "off", RATE_BURST: "100000", RATE_PER_SECOND: "100000", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/__healthcheck`)).ok) {
        // A hub just started warms its game code up for a second or so (server/warmUp.ts): measured after it.
        await sleep(SETTLE_MS);
        return new Hub(proc);
      }
    } catch {
      /* not yet */
    }
    await sleep(100);
  }
  proc.kill("SIGKILL");
  throw new Error("the hub did not start");
}

// ---- inputs at the limit --------------------------------------------------------------------

const FIXTURE = JSON.parse(fs.readFileSync(path.join(ROOT, "test", "fixtures", "cards", "scryfall-bulk.json"), "utf8")) as { name: string; set: string; collector_number: string }[];

/** A deck the table takes, as long as a decklist may be: 500 one-copy lines naming a set and number (3 card-data lookups each). */
function fullDeck(): string {
  const lines: string[] = ["Deck"];
  for (let i = 0; lines.join("\n").length < MAX_DECKLIST_CHARS - 60 && i < 500; i++) {
    const c = FIXTURE[i % FIXTURE.length];
    lines.push(i < FIXTURE.length ? `1 ${c.name.split(" // ")[0]} (${c.set}) ${c.collector_number}` : `1 Practice Card ${i} (zz${i % 97}) ${i}`);
  }
  const text = lines.join("\n");
  return text + "\n// " + "-".repeat(Math.max(0, MAX_DECKLIST_CHARS - text.length - 4));
}

/** 500 cards in 125 lines of 4 (eight such decks stay within the table's 2,000 card definitions), padded to the limit. */
function bigTableDeck(): string {
  const text = ["Deck", ...Array.from({ length: 125 }, (_, i) => `4 Practice Card ${i} | Creature — Bear | {1}{G} | 2/2`)].join("\n");
  return text + "\n// " + "-".repeat(Math.max(0, MAX_DECKLIST_CHARS - text.length - 4));
}

/** The list that froze the hub: a comment line of spaces (refused: no count). */
const spacesComment = () => "// a" + " ".repeat(MAX_DECKLIST_CHARS - 5) + "!";
/** As many one-copy lines as the limit holds (far more cards than a deck may have: refused). */
const manyLines = () => Array.from({ length: Math.floor(MAX_DECKLIST_CHARS / 8) }, (_, i) => `1 c${i.toString(36).padStart(4, "0")}`).join("\n").slice(0, MAX_DECKLIST_CHARS);

// ---- measuring one message ------------------------------------------------------------------

async function measure(hub: Hub, send: () => void, answered: () => Promise<string>): Promise<Run> {
  await hub.reset();
  send();
  const answer = await answered();
  await sleep(AFTER_MS);
  return { ...(await hub.read()), answer };
}

/** The figures of a message: the worst of its runs after the first (a warm-up: the hub's code not yet optimised), or the one run. */
function figure(message: string, at: string, all: Run[]): Figure {
  const runs = all.length > 1 ? all.slice(1) : all;
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const m = s.length >> 1;
    return Math.round((s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2) * 10) / 10;
  };
  return {
    message,
    at,
    runs: runs.length,
    maxBlockMs: Math.round(Math.max(...runs.map((r) => r.maxMs)) * 10) / 10,
    busyMs: Math.round(Math.max(...runs.map((r) => r.activeMs)) * 10) / 10,
    cpuMs: Math.round(Math.max(...runs.map((r) => r.cpuMs)) * 10) / 10,
    medianBlockMs: median(runs.map((r) => r.maxMs)),
    medianBusyMs: median(runs.map((r) => r.activeMs)),
    medianCpuMs: median(runs.map((r) => r.cpuMs)),
    answer: [...new Set(runs.map((r) => r.answer))].join(", "),
  };
}

/** Sends a whole decklist from `room`; measures its last piece (the one that is parsed). */
async function deckLast(hub: Hub, room: Room<any>, probe: Probe, text: string, dealt: () => boolean) {
  const pieces = deckMessages(text);
  for (const p of pieces.slice(0, -1)) room.send("deck", p);
  await probe.sync(30_000);
  const from = probe.messages.length;
  return measure(
    hub,
    () => room.send("deck", pieces.at(-1)!),
    async () => {
      // The list's card data is looked up off the loop first: wait for the deck's outcome (a
      // refusal, the deal, or this seat's deck taken), not just the next patch.
      await probe.until(() => probe.of("error", from).length > 0 || dealt() || deckTaken(probe) || undefined, 60_000, "the deck's outcome");
      await probe.sync(60_000);
      const err = probe.of("error", from)[0];
      return err ? `refused ${err.code}` : dealt() ? "dealt" : "taken";
    },
  );
}

/** Whether game seat 0 (the bench's first room) has a deck, as the client sees it (the "m" part's `decks`). */
const deckTaken = (p: Probe) => {
  const json = p.state?.parts?.get?.("m")?.json as string | undefined;
  return json ? !!(JSON.parse(json) as { decks?: boolean[] }).decks?.[0] : false;
};

async function run(): Promise<void> {
  announceQuick("messages");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hub-bench-messages-"));
  const cardsDb = path.join(dir, "cards.sqlite");
  await importCards(path.join(ROOT, "test", "fixtures", "cards", "scryfall-bulk.json"), cardsDb);
  const port = await freePort();
  const hub = await startHub(port, dir, cardsDb);
  const sdk = new Client(`ws://127.0.0.1:${port}`);
  const figures: Figure[] = [];
  try {
    // Chat at its limit, as the baseline of a message that does nearly nothing.
    if (inGroup("chat")) {
      const { rooms, probes } = await openTable(sdk, 2);
      const runs = [];
      for (let i = 0; i < REPEAT; i++) {
        const from = probes[0].messages.length;
        runs.push(await measure(hub, () => rooms[0].send("chat", { text: "é".repeat(200) }), async () => (await probes[0].next("event", from, (e) => e.kind === "chat"), "said")));
      }
      figures.push(figure("chat", "200 characters", runs));
      for (const r of rooms) await r.leave();
    }

    // Decklists at the size limit: refused ones (nothing dealt), then a full deck dealt.
    const refusedLists = [
      ["a comment line of spaces (66 s before issue 36)", spacesComment()],
      ["one-copy lines, far more cards than a deck", manyLines()],
    ] as const;
    for (const [what, text] of inGroup("decks") ? refusedLists : []) {
      const runs = [];
      for (let i = 0; i < REPEAT; i++) {
        const { rooms, probes } = await openTable(sdk, 2);
        runs.push(await deckLast(hub, rooms[0], probes[0], text, () => tableStage(probes[0]) === "table"));
        for (const r of rooms) await r.leave();
      }
      figures.push(figure("table deck (last piece)", `${MAX_DECKLIST_CHARS.toLocaleString("en")} chars: ${what}`, runs));
    }
    const deck = fullDeck();
    if (inGroup("decks")) {
      const runs = [];
      for (let i = 0; i < REPEAT; i++) {
        const { rooms, probes } = await openTable(sdk, 2);
        rooms[1].send("deck", { text: "" });
        await probes[1].sync();
        runs.push(await deckLast(hub, rooms[0], probes[0], deck, () => tableStage(probes[0]) === "table"));
        for (const r of rooms) await r.leave();
      }
      figures.push(figure("table deck (last piece), the deal", `2 seats, a 500-card list of ${deck.length.toLocaleString("en")} chars`, runs));
    }

    // The biggest table: eight seats, each a 500-card deck (MAX_CARDS is 4,000): the eighth deals them all.
    if (inGroup("table")) {
    const seats = quick(8, 3);
    const big = bigTableDeck();
    // MESSAGES_DEALS=n: n tables dealt (each a run of the deal's figure); the last one plays on.
    const deals = [];
    let rooms: Room<any>[] = [];
    let probes: Probe[] = [];
    for (let k = 0; k < DEALS; k++) {
      for (const r of rooms) await r.leave();
      ({ rooms, probes } = await openTable(sdk, seats));
      for (let s = 1; s < seats; s++) {
        for (const p of deckMessages(big)) rooms[s].send("deck", p);
        await probes[s].sync(30_000);
      }
      const p0 = probes[0];
      deals.push(await deckLast(hub, rooms[0], p0, big, () => tableStage(p0) === "table"));
    }
    figures.push(figure("table deck (last piece), the deal", `${seats} seats × 500 cards`, deals));
    for (const r of rooms) r.send("act", { action: { do: "keep", bottom: [] } });
    for (const p of probes) await p.sync(30_000);
    const act = async (label: string, action: () => Record<string, unknown>) => {
      const runs = [];
      for (let i = 0; i < REPEAT; i++) {
        const from = probes[0].messages.length;
        runs.push(
          await measure(
            hub,
            () => rooms[0].send("act", { action: action() }),
            async () => {
              await probes[0].sync(30_000);
              const err = probes[0].of("error", from)[0];
              return err ? `refused ${err.code}` : "done";
            },
          ),
        );
      }
      figures.push(figure(`table act ${label}`, `${seats} seats × 500 cards`, runs));
    };
    await act("draw", () => ({ do: "draw", n: 1 }));
    await act("shuffle", () => ({ do: "shuffle" }));
    await act("untapAll", () => ({ do: "untapAll" }));
    await act("lookTop 50", () => ({ do: "lookTop", n: 50 }));
    await act("undo", () => ({ do: "undo" }));
    for (const r of rooms) await r.leave();
    }

    // Minesweeper: the largest custom board, one mine, the first click opens it all.
    for (const mode of inGroup("minesweeper") ? (["solo", "coop"] as const) : []) {
      const runs = [];
      for (let i = 0; i < REPEAT; i++) {
        const room = await sdk.create("minesweeper", { mode, level: "custom", rows: 100, cols: 100, mines: 1, ...(mode === "coop" ? { seats: 2 } : {}) });
        const probe = new Probe(room);
        await probe.sync();
        const from = probe.messages.length;
        runs.push(
          await measure(
            hub,
            () => room.send("reveal", { r: 50, c: 50 }),
            async () => {
              await probe.sync(30_000);
              const err = probe.of("error", from)[0];
              return err ? `refused ${err.code}` : "opened";
            },
          ),
        );
        await room.leave();
      }
      figures.push(figure(`minesweeper reveal (${mode})`, "100×100, 1 mine: the whole board at once", runs));
    }

    // An offline Minesweeper submission at its size limit: a 100×100 board, a quarter-megabyte of flags.
    if (inGroup("replays")) {
      const log: unknown[] = [{ move: { type: "reveal", r: 50, c: 50 }, t: 0 }];
      for (let i = 1; JSON.stringify(log).length < 250_000; i++) log.push({ move: { type: "flag", r: 0, c: i % 2 }, t: i });
      const body = JSON.stringify({ seed: 1, config: { rows: 100, cols: 100, mines: 2000 }, log });
      const runs = [];
      for (let i = 0; i < REPEAT; i++) {
        runs.push(
          await measure(
            hub,
            () => undefined,
            async () => {
              const res = await fetch(`http://127.0.0.1:${port}/api/minesweeper/replays`, { method: "POST", headers: { "content-type": "application/json" }, body });
              return `HTTP ${res.status} ${((await res.json()) as { code: string }).code}`;
            },
          ),
        );
      }
      figures.push(figure("POST /api/minesweeper/replays", `${(body.length / 1024).toFixed(0)} KB: ${log.length.toLocaleString("en")} moves on 100×100`, runs));
    }
  } finally {
    hub.proc.kill("SIGTERM");
    await new Promise((r) => hub.proc.once("exit", r));
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const rows = [
    ["message", "at the limit", "runs", "longest block ms", "busy ms", "cpu ms", "answer", "median block / busy / cpu"],
    ...figures.map((f) => [f.message, f.at, String(f.runs), f.maxBlockMs.toFixed(1), f.busyMs.toFixed(1), f.cpuMs.toFixed(1), f.answer, `${f.medianBlockMs.toFixed(1)} / ${f.medianBusyMs.toFixed(1)} / ${f.medianCpuMs.toFixed(1)}`]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const [i, r] of rows.entries()) {
    console.log(r.map((c, j) => (j === 0 || j === 1 || j === 6 ? c.padEnd(widths[j]) : c.padStart(widths[j]))).join("  "));
    if (i === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
  }
  console.log(`(worst of ${REPEAT - 1} runs each after a warm-up, ${DEALS > 1 ? `${DEALS - 1} eight-seat deals after a first one` : "one run for the eight-seat deal"}; "longest block" is ±1 ms: the loop's 1 ms timer; "busy" is all the loop ran for the message)`);
  // The machine's load: on a shared machine wall times (block, busy) stretch, CPU time much less.
  console.log(`load average ${os.loadavg().map((x) => x.toFixed(1)).join(" ")} on ${os.cpus().length} cores`);
  console.log(`wrote ${writeResult("messages", { measuredAt: new Date().toISOString(), node: process.version, cpus: os.cpus().length, loadAverage: os.loadavg(), figures })}`);
}

await run();
process.exit(0);
