// One load-generator process of the load benchmark (bench/load.ts forks two).
// It holds its share of the clients, each making one move every 1/RATE seconds
// (never more than one in flight), and measures the time from send to the
// update that shows the move. Driven by the parent over IPC:
//   {cmd:"grow", to, ms}  connect clients until this worker holds `to` (or `ms` ran out)
//   {cmd:"measure", ms}   reset the counters, wait `ms`, report
//   {cmd:"quit"}          close everything and exit
// Env: MODE (echo | relay | hub | cubestacc | bgio), PORT, RATE (moves/s per client), WORKER, WORKERS,
// SAMPLE (hub: 1 in SAMPLE clients decodes its state and measures latency; default all).
// Cubestacc is turn-based: a client moves only on its turn, after a think time of
// 1 / (RATE × seats) s, so a full table makes about RATE moves/s per client.

import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { Client as ColyseusClient, type Room } from "colyseus.js";
import WebSocket from "ws";
import { Client as BgioClient } from "boardgame.io/client";
import { SocketIO } from "boardgame.io/multiplayer";
import { MinesweeperCoop, SEATS } from "./bgioGame.js";
import { unpackCubes, unpackPlay } from "../../common/cubestacc/wire.js";
import { cellAt } from "../../common/minesweeper/rowCode.js";

const MODE = process.env.MODE as "echo" | "relay" | "hub" | "cubestacc" | "bgio";
const PORT = Number(process.env.PORT);
const RATE = Number(process.env.RATE ?? 1);
const WORKER = Number(process.env.WORKER ?? 0);
const WORKERS = Number(process.env.WORKERS ?? 1);
const HOST = "127.0.0.1";
const PROFILE_DIR = process.env.PROFILE_DIR;
/** Hub Minesweeper only: every SAMPLE-th client decodes and measures; the others are quiet (see connectHub). */
const SAMPLE = Math.max(1, Number(process.env.SAMPLE ?? 1));
/** A move unanswered this long counts as lost and the client moves on. */
const MOVE_TIMEOUT_MS = 2000;
const JOIN_CONCURRENCY = 16;
const JOIN_TIMEOUT_MS = 15000;

/** Co-op board of the hub rooms (the same as the boardgame.io peer's). */
export const HUB_OPTIONS = { mode: "coop", level: "custom", rows: 30, cols: 30, mines: 150, seats: SEATS } as const;
/** Cubestacc tables of the benchmark: 4 people, no turn timer, no bots. */
export const CUBESTACC_OPTIONS = { mode: "online", seats: 4, timer: 0 } as const;

interface Conn {
  /** Room / match this client plays in (for viewers per move). */
  group: string;
  /** Sends the next move; the conn calls `done()` when its effect shows. */
  move(): void;
  close(): void;
}

/** bytes: every WebSocket payload received; patchBytes: the state patches among them (hub only). */
const stats = { sent: 0, done: 0, timeouts: 0, skipped: 0, bytes: 0, patchBytes: 0, lat: [] as number[] };
/**
 * Bytes of a client's full state as JSON, for up to MAX_SAMPLERS decoding clients of this
 * worker (different rooms and tables), measured every SAMPLE_EVERY_MS through each window and
 * averaged: a Cubestacc table's state grows through a game and starts over with the next.
 */
const samplers: (() => number)[] = [];
const MAX_SAMPLERS = 8;
const SAMPLE_EVERY_MS = 250;
const addSampler = (fn: () => number) => {
  if (samplers.length < MAX_SAMPLERS) samplers.push(fn);
};
const conns: Conn[] = [];
const timers: NodeJS.Timeout[] = [];
let failedJoins = 0;
let joinError = "";

/** Per-client move pacing: one move per period, at a random phase. */
function pace(conn: Conn, pending: { t0: number }): void {
  const period = 1000 / RATE;
  const tick = () => {
    const now = performance.now();
    if (pending.t0) {
      if (now - pending.t0 < MOVE_TIMEOUT_MS) {
        stats.skipped++;
        return;
      }
      stats.timeouts++;
    }
    pending.t0 = now;
    stats.sent++;
    conn.move();
  };
  const start = setTimeout(() => {
    tick();
    timers.push(setInterval(tick, period));
  }, Math.random() * period);
  timers.push(start);
}

function finish(pending: { t0: number }): void {
  if (!pending.t0) return;
  stats.lat.push(performance.now() - pending.t0);
  stats.done++;
  pending.t0 = 0;
}

/** Colyseus protocol code of a state patch (first byte of the frame). */
const ROOM_STATE_PATCH = 15;

function countBytes(ws: { on(ev: "message", fn: (d: Buffer | ArrayBuffer | Buffer[]) => void): void }): void {
  ws.on("message", (d) => {
    const n = Array.isArray(d) ? d.reduce((a, b) => a + b.length, 0) : d instanceof ArrayBuffer ? d.byteLength : d.length;
    stats.bytes += n;
    const first = Array.isArray(d) ? d[0]?.[0] : d instanceof ArrayBuffer ? new Uint8Array(d, 0, 1)[0] : d[0];
    if (first === ROOM_STATE_PATCH) stats.patchBytes += n;
  });
}

/** Waits until a new client holds what it needs to play (its seat, its first state). */
async function joined(ready: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!ready()) {
    if (Date.now() - started > JOIN_TIMEOUT_MS) throw new Error(what);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function connectEcho(_index: number): Promise<Conn> {
  const ws = new WebSocket(`ws://${HOST}:${PORT}`, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  const pending = { t0: 0 };
  countBytes(ws);
  ws.on("message", () => finish(pending));
  const conn: Conn = {
    group: "echo",
    move: () => ws.send(JSON.stringify({ type: "flag", r: 0, c: 3 })),
    close: () => ws.terminate(),
  };
  pace(conn, pending);
  return conn;
}

/**
 * The relay floor: a client's frame comes back to it among its room's (the server seats 8 by
 * arrival, so a room spans both generators); its own is told by the id it starts with.
 */
async function connectRelay(index: number): Promise<Conn> {
  const ws = new WebSocket(`ws://${HOST}:${PORT}`, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  const pending = { t0: 0 };
  const mark = `${WORKER}.${index}|`;
  const frame = mark + JSON.stringify({ type: "flag", r: 0, c: 3 });
  countBytes(ws);
  ws.on("message", (d: Buffer) => {
    if (d.length > mark.length && d.toString("latin1", 0, mark.length) === mark) finish(pending);
  });
  const conn: Conn = { group: "relay", move: () => ws.send(frame), close: () => ws.terminate() };
  pace(conn, pending);
  return conn;
}

async function connectHub(index: number): Promise<Conn> {
  const client = new ColyseusClient(`http://${HOST}:${PORT}`);
  const room: Room<any> = await client.joinOrCreate("minesweeper", { ...HUB_OPTIONS });
  const pending = { t0: 0 };
  let seat = -1;
  let expected = 0;
  room.onMessage("*", (type, payload: any) => {
    if (type === "seat") seat = payload.seat;
  });
  // This seat's own cell (row 0, column = seat), read from row 0's run-length string.
  const own = (state: any): number | undefined => {
    const row = state?.cellRows?.get("0");
    return typeof row === "string" && state.cols > seat ? cellAt([row], state.cols, seat) : undefined;
  };
  room.onStateChange((state: any) => {
    if (pending.t0 && seat >= 0 && own(state) === expected) finish(pending);
  });
  const ws = (room.connection.transport as unknown as { ws: WebSocket }).ws;
  countBytes(ws);
  await joined(() => seat >= 0 && own(room.state) !== undefined, "no seat / state after join");
  // A quiet client (all but every SAMPLE-th) stops decoding once seated: it keeps receiving
  // every frame (counted above) and moving, but its own cell is all it needs to know, and the
  // next patch after its move is taken as the move shown (no latency sample).
  const quiet = SAMPLE > 1 && Math.floor(index / WORKERS) % SAMPLE !== 0;
  let flagged = own(room.state) === 10;
  if (!quiet) addSampler(() => Buffer.byteLength(JSON.stringify(room.state.toJSON())));
  if (quiet) {
    ws.binaryType = "nodebuffer"; // no copy into an ArrayBuffer per frame
    ws.onmessage = (ev) => {
      if (pending.t0 && (ev.data as Buffer)[0] === ROOM_STATE_PATCH) {
        pending.t0 = 0;
        stats.done++;
      }
    };
  }
  const conn: Conn = {
    group: room.roomId,
    move: () => {
      // Toggle a flag on this seat's own hidden cell (row 0, column = seat): always legal.
      flagged = quiet ? !flagged : own(room.state) !== 10;
      expected = flagged ? 10 : 9;
      room.send("flag", { r: 0, c: seat });
    },
    close: () => void room.leave(true).catch(() => {}),
  };
  pace(conn, pending);
  return conn;
}

/**
 * A Cubestacc state as JSON with every cube the 11-field object it was on the wire before
 * cubes became one number each: the "full state JSON" yardstick stays what it was, so the
 * ratio measures the wire, not a smaller JSON.
 */
function unpackedJson(state: any): unknown {
  const json = state.toJSON();
  json.cubes = unpackCubes(json.cubes ?? []).map((c) => ({
    card: c.card,
    parent: c.parent ?? -1,
    x: c.cell.x,
    y: c.cell.y,
    z: c.cell.z,
    mode: c.mode,
    suit: c.suit,
    openTop: c.open.top,
    openSide: c.open.side,
    openFace: c.open.face,
    by: c.by ?? -1,
  }));
  return json;
}

async function connectCubestacc(_index: number): Promise<Conn> {
  const client = new ColyseusClient(`http://${HOST}:${PORT}`);
  const room: Room<any> = await client.joinOrCreate("cubestacc", { ...CUBESTACC_OPTIONS });
  const pending = { t0: 0 };
  const think = 1000 / (RATE * CUBESTACC_OPTIONS.seats);
  let seat = -1;
  let before = "";
  let scheduled = false;
  let readySent = false;
  // Anything a move changes: the turn, the table, the mover's hand, a K stack, a dump.
  const sig = (st: any) => `${st.phase}|${st.gameNo}|${st.turnNo}|${st.cubes?.length}|${st.players?.[seat]?.cards}|${st.pending}|${st.dumpRank}`;
  const act = () => {
    scheduled = false;
    const st = room.state;
    if (pending.t0 || seat < 0 || !st) return;
    if (st.phase !== "finished") readySent = false;
    if (st.phase === "finished") {
      // Next game once every seated person is ready (not a timed move).
      if (!readySent) room.send("ready", { ready: true });
      readySent = true;
      return;
    }
    if (st.phase !== "playing" || st.turn !== seat) return;
    const priv = st.players?.[seat]?.private;
    if (!priv) return;
    let type: string;
    let payload: object = {};
    if (priv.legal.length) {
      const l = unpackPlay(priv.legal[0])!;
      type = "play";
      payload = l.mode === "wild" ? { card: l.card, onto: l.onto, mode: l.mode, suit: "spades" } : { card: l.card, onto: l.onto, mode: l.mode };
    } else if (priv.canDone) type = "done";
    else if (priv.drawAction) type = "draw";
    else return;
    before = sig(st);
    pending.t0 = performance.now();
    stats.sent++;
    room.send(type, payload);
  };
  const maybeSchedule = () => {
    const st = room.state;
    if (scheduled || pending.t0 || !st) return;
    if (st.phase === "finished" || (st.phase === "playing" && st.turn === seat)) {
      scheduled = true;
      timers.push(setTimeout(act, st.phase === "finished" ? 50 : think));
    }
  };
  room.onMessage("*", (type, payload: any) => {
    if (type === "seat") seat = payload.seat;
    // A refused move (e.g. the turn moved on meanwhile) counts as lost.
    if (type === "error" && pending.t0 && ["play", "draw", "done"].includes(payload?.type)) {
      stats.timeouts++;
      pending.t0 = 0;
    }
  });
  room.onStateChange((st: any) => {
    if (pending.t0 && sig(st) !== before) finish(pending);
    maybeSchedule();
  });
  countBytes((room.connection.transport as unknown as { ws: WebSocket }).ws);
  await joined(() => seat >= 0 && !!room.state?.players, "no seat / state after join");
  addSampler(() => Buffer.byteLength(JSON.stringify(unpackedJson(room.state))));
  // Watchdog: a move unanswered for MOVE_TIMEOUT_MS is lost; an idle client re-checks its turn.
  timers.push(
    setInterval(() => {
      if (pending.t0 && performance.now() - pending.t0 > MOVE_TIMEOUT_MS) {
        stats.timeouts++;
        pending.t0 = 0;
      }
      maybeSchedule();
    }, 500),
  );
  return { group: room.roomId, move: () => {}, close: () => void room.leave(true).catch(() => {}) };
}

async function connectBgio(index: number): Promise<Conn> {
  const matchID = `m${Math.floor(index / SEATS)}`;
  const seat = index % SEATS;
  const client = BgioClient({
    game: MinesweeperCoop,
    multiplayer: SocketIO({ server: `http://${HOST}:${PORT}` }),
    matchID,
    playerID: String(seat),
    numPlayers: SEATS,
    debug: false,
  });
  const pending = { t0: 0 };
  let expected = 0;
  const cellOf = (s: any): number | undefined => s?.G?.cells?.[seat];
  client.subscribe((s: any) => {
    if (pending.t0 && cellOf(s) === expected) finish(pending);
  });
  client.start();
  await joined(() => cellOf(client.getState()) !== undefined, "no state after sync");
  const socket = (client as unknown as { transport: { socket?: any } }).transport.socket;
  socket?.io?.engine?.on("data", (d: string | Buffer) => (stats.bytes += typeof d === "string" ? Buffer.byteLength(d) : d.length));
  addSampler(() => {
    const s = client.getState();
    return s ? Buffer.byteLength(JSON.stringify({ G: s.G, ctx: s.ctx })) : 0;
  });
  const conn: Conn = {
    group: matchID,
    move: () => {
      expected = cellOf(client.getState()) === 10 ? 9 : 10;
      client.moves.flag!(0, seat);
    },
    close: () => client.stop(),
  };
  pace(conn, pending);
  return conn;
}

const connect = { echo: connectEcho, relay: connectRelay, hub: connectHub, cubestacc: connectCubestacc, bgio: connectBgio }[MODE];
let nextLocal = 0;

async function grow(to: number, ms: number): Promise<void> {
  const target = to;
  const deadline = Date.now() + ms;
  const runOne = async (): Promise<void> => {
    while (conns.length + inFlight < target && Date.now() < deadline) {
      // Global index: workers interleave, so a match / room spans workers like real players would.
      const index = WORKER + WORKERS * nextLocal++;
      inFlight++;
      try {
        const conn = await Promise.race([
          connect(index),
          new Promise<never>((_, rej) => setTimeout(() => rej(new Error("join timed out")), JOIN_TIMEOUT_MS)),
        ]);
        conns.push(conn);
      } catch (e) {
        failedJoins++;
        joinError = String((e as Error)?.message ?? e);
        if (failedJoins > Math.max(20, target / 10)) return;
      } finally {
        inFlight--;
      }
    }
  };
  let inFlight = 0;
  await Promise.all(Array.from({ length: JOIN_CONCURRENCY }, runOne));
}

/** LOAD_PROFILE: a CPU profile of each measured window only (joins excluded). */
async function startProfile(): Promise<{ stop(file: string): Promise<void> }> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return {
    async stop(file) {
      const { profile } = await session.post("Profiler.stop");
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();

process.on("message", async (msg: { cmd: string; to?: number; ms?: number }) => {
  if (msg.cmd === "grow") {
    await grow(msg.to!, msg.ms!);
    const groups: Record<string, number> = {};
    for (const c of conns) groups[c.group] = (groups[c.group] ?? 0) + 1;
    process.send!({ type: "grown", clients: conns.length, failedJoins, joinError, groups });
  } else if (msg.cmd === "measure") {
    stats.sent = stats.done = stats.timeouts = stats.skipped = stats.bytes = stats.patchBytes = 0;
    stats.lat = [];
    lag.reset();
    const profiler = PROFILE_DIR ? await startProfile() : null;
    let jsonBytes = 0;
    let jsonSamples = 0;
    const sampling = setInterval(() => {
      for (const sample of samplers) {
        const n = sample();
        if (n > 0) (jsonBytes += n), jsonSamples++;
      }
    }, SAMPLE_EVERY_MS);
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, msg.ms));
    const cpu = process.cpuUsage(cpu0);
    clearInterval(sampling);
    await profiler?.stop(`${PROFILE_DIR}/${MODE}-worker${WORKER}-${conns.length}.cpuprofile`);
    const wall = performance.now() - t0;
    process.send!({
      type: "measured",
      ...stats,
      fullStateJson: jsonSamples ? jsonBytes / jsonSamples : 0,
      wallMs: wall,
      cpuPercent: ((cpu.user + cpu.system) / 1000 / wall) * 100,
      loopLagP99Ms: lag.percentile(99) / 1e6,
    });
  } else if (msg.cmd === "quit") {
    for (const t of timers) clearTimeout(t);
    for (const c of conns) c.close();
    setTimeout(() => process.exit(0), 300);
  }
});
// Never outlive the parent.
process.on("disconnect", () => process.exit(0));
