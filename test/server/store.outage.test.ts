// PostgreSQL down (DATABASE_URL; a real server this suite starts, stopped with `pg_ctl stop -m
// immediate` as a crash would, started again on the same data):
// - Games finished while it is down are saved from the room log once it is back, even when
//   the hub is killed with SIGKILL meanwhile: a room whose players stay, a room whose players
//   left (closed), and a room that already plays its next game. Each is in the store exactly
//   once, also after a second kill and restart.
// - Every /api route (found by walking the app's routers, so a new route is walked too)
//   answers `{code, message}` while it is down: never a bare 500, never the database
//   library's own text; the routes that need the store answer 503 in words.
// - Rated quick play refuses in words, never `connect ECONNREFUSED 127.0.0.1:…`.

import path from "node:path";
import Database from "better-sqlite3";
import express from "express";
import { expect } from "chai";
import pg from "pg";
import { Client } from "colyseus.js";
import { createHubConfig } from "../../arena.config.js";
import { freePort } from "../helpers/cluster.js";
import { play, rejoin, restartableHub, seat, type Player, type Restartable } from "../helpers/durable.js";
import { sleep } from "../helpers/hub.js";
import { winningSoloLog } from "../helpers/minesweeper.js";
import { findPostgres, startPostgres, type PostgresServer } from "../helpers/postgres.js";

const STORE_DOWN = /^[A-Z][^]*briefly unavailable[^]*try again in a minute\.$/;
/** Text that belongs to the database library or the network, never to a player. */
const LIBRARY_TEXT = /ECONNREFUSED|ECONNRESET|127\.0\.0\.1|connect |postgres|Connection terminated|timeout exceeded|\bpg\b|\bat [\w.<>]+ \(/i;

/** connect4 to its end: the first mover drops in column 0 four times, the other in column 1 three times. */
async function winConnect4(a: Player, b: Player): Promise<void> {
  const [first, second] = a.room.state.acting[0] === a.seat ? [a, b] : [b, a];
  for (let i = 0; i < 7; i++) expect(await play(i % 2 ? second : first, { type: "drop", payload: { col: i % 2 } }), `move ${i}`).to.equal(true);
  expect(a.room.state.phase).to.equal("finished");
}

async function pair(sdk: Client): Promise<[Player, Player]> {
  const a = await seat(sdk.create("connect4", { mode: "online", timer: 0, name: "A" }));
  const b = await seat(sdk.joinById(a.room.roomId, { name: "B" }));
  await a.probe.until(() => a.room.state.phase === "playing" || undefined, 8000, "the game to start");
  return [a, b];
}

/** Finished games in the store per room id (queried on the database itself). */
async function gamesPerRoom(url: string): Promise<Map<string, { n: number; moves: number; result: string }>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const rows = (await c.query(`SELECT room_id, count(*)::int AS n, max(moves)::int AS moves, max(result) AS result FROM games GROUP BY room_id`)).rows;
    return new Map(rows.map((r) => [r.room_id as string, { n: r.n as number, moves: r.moves as number, result: r.result as string }]));
  } finally {
    await c.end();
  }
}

interface Route {
  method: string;
  path: string;
}

/** Every /api route of the hub's Express app, as its routers hold them. */
function apiRoutes(): Route[] {
  const app = express();
  createHubConfig().initializeExpress!(app);
  type Layer = { rawPath?: string | string[]; route?: { methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };
  const out: Route[] = [];
  const add = (prefix: string, layer: Layer) => {
    for (const p of [layer.rawPath ?? []].flat()) {
      const path = prefix + p;
      if (!path.startsWith("/api/")) continue;
      for (const m of Object.keys(layer.route!.methods)) if (m !== "_all") out.push({ method: m.toUpperCase(), path });
    }
  };
  for (const layer of (app as unknown as { router: { stack: Layer[] } }).router.stack) {
    if (layer.route) add("", layer);
    else if (layer.handle?.stack) for (const prefix of [layer.rawPath ?? []].flat()) for (const sub of layer.handle.stack) if (sub.route) add(prefix === "/" ? "" : prefix, sub);
  }
  return out;
}

const KEY = "K".repeat(43);

/** A request a client could send to `route`: parameters filled in, a body where it takes one. */
function requestFor(route: Route): { url: string; init: RequestInit } {
  const path = route.path
    .replace(":pool", "connect4")
    .replace(":game", "minesweeper")
    .replace(":day", "2026-12-07")
    .replace(":month", "2026-12")
    .replace(":id", route.path.startsWith("/api/profiles") ? "AAAAAAAAAAAA" : route.path.startsWith("/api/rooms") ? "ABCDE" : "1");
  const bodies: Record<string, unknown> = {
    "/api/profiles": { name: "Outage" },
    "/api/profile": { name: "Outage" },
    "/api/minesweeper/replays": winningSoloLog(12345),
    "/api/seats/check": { seats: [] },
    "/api/claims/redeem": { claim: "A".repeat(32) },
  };
  const headers: Record<string, string> = { Authorization: `Bearer ${KEY}` };
  const init: RequestInit = { method: route.method, headers };
  if (route.method !== "GET" && route.method !== "HEAD" && route.method !== "DELETE") {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(bodies[route.path] ?? {});
  }
  return { url: path + (route.path === "/api/leaderboard/minesweeper" ? "?level=beginner" : ""), init };
}

describe("PostgreSQL down: finished games saved once it is back (even after a crash), every answer worded", function () {
  this.timeout(300_000);
  let server: PostgresServer | undefined;
  let url = "";
  let hub: Restartable | undefined;
  let down = false;

  before(async function () {
    const bin = findPostgres();
    if (!bin) {
      if (process.env.CI === "true") throw new Error("PostgreSQL is not installed: the store outage suite needs it.");
      return this.skip();
    }
    server = await startPostgres(bin);
    url = await server.createDatabase("outage");
    hub = await restartableHub(await freePort(), { DATABASE_URL: url, LOG_LEVEL: "info" });
  });
  afterEach(() => {
    if (down) server?.up();
    down = false;
  });
  after(async () => {
    await hub?.stop();
    await server?.stop();
  });

  it("games finished while it is down are in the store exactly once after a SIGKILL, a restart with it back, and another SIGKILL", async () => {
    const sdk = new Client(`ws://127.0.0.1:${hub!.hub.port}`);
    const stay = await pair(sdk);
    const leave = await pair(sdk);
    const again = await pair(sdk);
    const ids = { stay: stay[0].room.roomId, leave: leave[0].room.roomId, again: again[0].room.roomId };

    server!.down();
    down = true;
    await winConnect4(...stay);
    await winConnect4(...leave);
    await winConnect4(...again);
    // The players of one room leave (it closes); those of another start their next game.
    for (const p of leave) await p.room.leave(true);
    for (const p of again) p.room.send("ready", { ready: true });
    await again[0].probe.until(() => (again[0].room.state.phase === "playing" && again[0].room.state.gameNo === 2) || undefined, 8000, "the next game");
    await stay[0].probe.until(() => /could not save a finished connect4 game/.test(hub!.hub.output) || undefined, 8000, "the store's complaint in the log");

    await hub!.kill("SIGKILL");
    server!.up();
    down = false;
    await hub!.start();

    const deadline = Date.now() + 30_000;
    let games = await gamesPerRoom(url);
    while (Object.values(ids).some((id) => !games.has(id)) && Date.now() < deadline) {
      await sleep(250);
      games = await gamesPerRoom(url);
    }
    for (const [what, id] of Object.entries(ids)) {
      expect(games.get(id), `the finished game of the room whose players ${what}`).to.deep.equal({ n: 1, moves: 7, result: "won" });
    }

    // ...and they leave the room log once the store has them.
    const waiting = () => {
      const db = new Database(path.join(hub!.dir, "rooms.sqlite"), { readonly: true });
      try {
        return (db.prepare(`SELECT count(*) AS n FROM room_records`).get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
    for (let i = 0; i < 40 && waiting() > 0; i++) await sleep(250);
    expect(waiting(), "records still waiting in the room log").to.equal(0);

    // The players who stayed see their replay link.
    const back = await rejoin(sdk, ids.stay, stay[0]);
    await back.probe.until(() => (back.room.state.replayId > 0) || undefined, 8000, "the replay id on the end screen");

    // Once more: killed and started again, nothing is written twice.
    await hub!.restart("SIGKILL");
    await sleep(2000);
    const after = await gamesPerRoom(url);
    for (const id of Object.values(ids)) expect(after.get(id)?.n, `room ${id}: games in the store after another restart`).to.equal(1);
    expect([...after.values()].reduce((n, g) => n + g.n, 0), "no other game was written").to.equal(3);
  });

  it("every /api route answers in words while it is down ({code, message} when refused): never a bare 500, never library text", async () => {
    const routes = apiRoutes();
    expect(routes.length, "routes found").to.be.at.least(15);
    server!.down();
    down = true;
    const unavailable: string[] = [];
    for (const route of routes) {
      const { url: path, init } = requestFor(route);
      const res = await fetch(`${hub!.hub.http}${path}`, init);
      const text = await res.text();
      const what = `${route.method} ${route.path} → ${res.status} ${text.slice(0, 300)}`;
      expect(res.status, what).to.not.equal(500);
      const body = JSON.parse(text) as { code?: unknown; message?: unknown };
      if (res.status >= 400) {
        expect(body.code, what).to.be.a("string");
        expect(body.message, what).to.be.a("string");
      }
      expect(text, what).to.not.match(LIBRARY_TEXT);
      if (res.status === 503 && body.code === "store-unavailable") {
        expect(body.message, what).to.match(STORE_DOWN);
        expect(res.headers.get("retry-after"), what).to.match(/^\d+$/);
        unavailable.push(route.path);
      }
    }
    // Profiles (8 routes), replays, the leaderboard, offline submissions, device links with a profile.
    expect(unavailable.length, `routes answered "briefly unavailable": ${unavailable.join(", ")}`).to.be.at.least(12);
  });

  it("rated quick play refuses in words while it is down (never the library's connect ECONNREFUSED)", async () => {
    const made = await fetch(`${hub!.hub.http}/api/profiles`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name: "Rated" }) });
    expect(made.status).to.equal(201);
    const { key } = (await made.json()) as { key: string };
    server!.down();
    down = true;
    const sdk = new Client(`ws://127.0.0.1:${hub!.hub.port}`);
    const refused = await sdk.joinOrCreate("rated", { pool: "connect4", profileKey: key }).then(
      (room) => (void room.leave(), null),
      (e: Error) => e,
    );
    expect(refused, "a refusal").to.be.instanceOf(Error);
    expect(refused!.message).to.not.match(LIBRARY_TEXT);
    expect(refused!.message).to.match(STORE_DOWN);
  });
});
