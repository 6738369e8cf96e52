// One load-generator process of the soak (bench/soak.ts forks two). It keeps `clients`
// players busy across every game: each joins a room (quick play, a solo game against bots,
// a private room a friend joins by code, or a spectator seat), plays for a while — every game
// through the one driver (test/helpers/driver.ts) from its seat's view: the rules' bot, or the
// game's own view chooser where it has no bot (Minesweeper, the card table); it keeps the game
// going, then from a random moment of its life plays to the end (reveals, a concession) —
// then leaves, drops its socket
// abruptly, or drops and reconnects — and a new player takes its place. Each player sends its matchmaking requests from an
// address of its own (X-Forwarded-For; the hub runs with TRUST_PROXY=1), so the hub's
// per-address books fill and empty as with real players.
// Driven over IPC: {cmd:"run", clients} · {cmd:"stop"} (everyone leaves or drops) · {cmd:"quit"}.
// Env: PORT, WORKER, LIFE_MIN_MS, LIFE_MAX_MS, AWAY_MIN_MS, AWAY_MAX_MS.

import { Client, type Room } from "colyseus.js";
import { createRng } from "../../common/core/rng.js";
import { driveFromView, VIEW_DRIVEN } from "../../test/helpers/driver.js";
import type { WireGame } from "../../test/helpers/wireGames.js";

const PORT = Number(process.env.PORT);
const WORKER = Number(process.env.WORKER ?? 0);
const LIFE_MIN_MS = Number(process.env.LIFE_MIN_MS ?? 30_000);
const LIFE_MAX_MS = Number(process.env.LIFE_MAX_MS ?? 120_000);
const BASE = `http://127.0.0.1:${PORT}`;

// colyseus.js reports every refused or dropped connection on the console: thousands of lines
// in a soak, and every one of them counted below instead.
for (const k of ["log", "info", "warn", "error"] as const) console[k] = () => {};

/** How long a dropped player is away before it reconnects (inside RECONNECT_SECONDS). */
const AWAY_MS = { min: Number(process.env.AWAY_MIN_MS ?? 1000), max: Number(process.env.AWAY_MAX_MS ?? 3000) };

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const rand = (a: number, b: number) => a + Math.random() * (b - a);
const pickOne = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

/** A benchmarking-range address (RFC 2544) per player: only ever a header value, never dialled. */
let nextAddress = WORKER * 1_000_000;
function address(): string {
  const n = nextAddress++;
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
}

const stats = { joins: 0, failedJoins: 0, leaves: 0, drops: 0, reconnects: 0, failedReconnects: 0, moves: 0, refusals: 0, failures: {} as Record<string, number> };

/** Counts a failed join or reconnection by what went wrong, so the summary says why. */
function failed(what: string, e: unknown): void {
  const err = e as { code?: unknown; message?: unknown } | undefined;
  const why = `${what}: ${err?.code ?? ""} ${String(err?.message ?? e)}`.replace(/"[^"]*"/g, '"…"').replace(/\s+/g, " ").slice(0, 120);
  stats.failures[why] = (stats.failures[why] ?? 0) + 1;
}

/** One tick of a player: `ending` once its life is in its last stretch (play to the end). */
type Mover = (room: Room<any>, seat: number, ending: boolean) => void;

/**
 * A game through the one driver: a move from the seat's own view (the rules' bot at its
 * easiest, so random enough, or the game's view chooser), and ready for the next game once
 * one is over.
 */
function fromView(g: WireGame): Mover {
  const rng = createRng(Math.floor(Math.random() * 2 ** 31), WORKER);
  return (room, seat, ending) => {
    if (room.state?.phase === "finished") return void room.send("ready", { ready: true });
    const m = driveFromView(g, room.state, seat, rng, ending);
    if (m) room.send(m.type, m.payload);
  };
}

/** The one driver's entry for a registry definition (wireGames.ts). */
const entry = (def: string): WireGame => VIEW_DRIVEN.find((g) => g.def.id === def)!;
const played = (game: string, how: Plan["how"], options: Record<string, unknown>, def = game): Plan => ({ game, how, options, mover: fromView(entry(def)), fromView: true });

/** Quick play, and a solo game against the bots, for every game with a bot: a new one is soaked with no edit. */
const viewPlans = (): Plan[] =>
  VIEW_DRIVEN.filter((g) => g.def.bot !== undefined).flatMap((g) => [played(g.room, "joinOrCreate", { mode: "online" }, g.def.id), played(g.room, "create", { mode: "solo" }, g.def.id)]);

export interface Plan {
  game: string;
  how: "joinOrCreate" | "create" | "spectate" | "private";
  options: Record<string, unknown>;
  mover: Mover;
  /** Played by the one driver from the seat's view. */
  fromView?: boolean;
}

/** What a new player does: every game, most modes. */
export const PLANS: readonly Plan[] = [
  played("minesweeper", "joinOrCreate", { mode: "coop", level: "beginner" }),
  played("minesweeper", "create", { mode: "solo", level: "intermediate" }),
  played("minesweeper", "joinOrCreate", { mode: "race", level: "beginner" }, "minesweeper-race"),
  played("minesweeper", "private", { mode: "coop", level: "beginner", private: true }),
  played("table", "create", { mode: "solo" }),
  played("table", "joinOrCreate", { mode: "online", seats: 2 }),
  ...viewPlans(),
  { game: "any", how: "spectate", options: {}, mover: () => {} },
];

/** Private rooms waiting for a friend: a "private" player creates one or joins one by code. */
const privateCodes: string[] = [];

async function join(client: Client, plan: Plan): Promise<Room<any>> {
  const options = { ...plan.options, name: `Soak${WORKER}` };
  if (plan.how === "joinOrCreate") return client.joinOrCreate(plan.game, options);
  if (plan.how === "create") return client.create(plan.game, options);
  if (plan.how === "private") {
    const code = privateCodes.shift();
    if (code) return client.joinById(code, { name: options.name });
    const room = await client.create(plan.game, options);
    privateCodes.push(room.roomId);
    if (privateCodes.length > 20) privateCodes.shift();
    return room;
  }
  const rooms = (await (await fetch(`${BASE}/api/rooms`)).json()) as { roomId: string }[];
  if (!rooms.length) return client.joinOrCreate("connect4", { mode: "online", name: options.name });
  return client.joinById(pickOne(rooms).roomId, { spectate: true, name: options.name });
}

function drop(room: Room<any>): void {
  const ws = (room.connection.transport as unknown as { ws: { terminate?: () => void; close: () => void } }).ws;
  if (ws.terminate) ws.terminate();
  else ws.close();
}

let running = false;
let stopping = false;
const lives: Promise<void>[] = [];

/** One player slot: join, play, go away (one of three ways), again, until stopped. */
async function life(): Promise<void> {
  while (running) {
    const plan = pickOne(PLANS);
    const client = new Client(BASE, { headers: { "x-forwarded-for": address() } });
    let room: Room<any>;
    try {
      room = await join(client, plan);
      stats.joins++;
    } catch (e) {
      stats.failedJoins++;
      failed(`${plan.game} ${plan.how}`, e);
      await sleep(rand(500, 2000));
      continue;
    }
    let seat = -1;
    const listen = (r: Room<any>) => {
      r.onMessage("*", (type, payload: any) => {
        if (type === "seat") seat = payload.seat;
        else if (type === "error") stats.refusals++;
      });
    };
    listen(room);
    const every = rand(1500, 4000);
    const until = Date.now() + rand(LIFE_MIN_MS, LIFE_MAX_MS);
    // From a random moment of its life on, the player plays to the end (a board's reveals, a concession).
    const endingAt = Date.now() + rand(0.3, 1) * (until - Date.now());
    const tick = () => {
      try {
        plan.mover(room, seat, Date.now() >= endingAt);
        stats.moves++;
      } catch {
        /* a state not decoded yet */
      }
    };
    let timer = setInterval(tick, every);
    while (running && Date.now() < until) await sleep(250);
    clearInterval(timer);
    const how = stopping ? (Math.random() < 0.5 ? "leave" : "drop") : pickOne(["leave", "leave", "drop", "drop", "reconnect"] as const);
    if (how === "leave") {
      stats.leaves++;
      await Promise.race([room.leave(true).catch(() => undefined), sleep(3000)]);
    } else if (how === "drop") {
      stats.drops++;
      drop(room);
    } else {
      // a phone losing its network for a moment: back within the reconnection window
      const token = room.reconnectionToken;
      drop(room);
      await sleep(rand(AWAY_MS.min, AWAY_MS.max));
      try {
        room = await client.reconnect(token);
        stats.reconnects++;
        listen(room);
        timer = setInterval(tick, every);
        await sleep(rand(5000, 15000));
        clearInterval(timer);
        stats.leaves++;
        await Promise.race([room.leave(true).catch(() => undefined), sleep(3000)]);
      } catch (e) {
        stats.failedReconnects++;
        failed("reconnect", e);
      }
    }
    await sleep(rand(200, 1500));
  }
}

process.on("message", async (msg: { cmd: string; clients?: number; rampMs?: number }) => {
  if (msg.cmd === "run") {
    running = true;
    const n = msg.clients ?? 0;
    const gap = (msg.rampMs ?? 0) / Math.max(1, n);
    for (let i = 0; i < n; i++) {
      lives.push(life());
      if (gap > 0) await sleep(gap);
    }
    process.send!({ type: "running" });
  } else if (msg.cmd === "stats") {
    process.send!({ type: "stats", ...stats });
  } else if (msg.cmd === "stop") {
    stopping = true;
    running = false;
    await Promise.race([Promise.all(lives), sleep(20_000)]);
    process.send!({ type: "stopped", ...stats });
  } else if (msg.cmd === "quit") {
    process.exit(0);
  }
});
process.on("disconnect", () => process.exit(0));
