// An arena of 40 bot players across two hub processes (as PM2 runs them) sharing a real
// redis-server (rooms, matchmaking) and a real PostgreSQL (profiles, tournaments, games): half
// the bots connect through each process, all land in the tournament's one room (the driver
// finds it wherever it runs), are paired, play ordinary rated Connect Four rooms (the
// lower-numbered bot of a table wins), and are paired again as they finish; then the stored
// pairings and results are checked against the games the rooms stored, the timelines, and the
// standings against a computation from the results (tournaments.helpers.ts).

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "chai";
import { PgStore } from "../../server/store/PgStore.js";
import { findRedisServer, freePort, startHubProcess, startRedis, type HubProcess, type RedisServer } from "../helpers/cluster.js";
import { testPostgres } from "../helpers/postgres.js";
import { newProfileAt } from "./rated.helpers.js";
import { arenaBot, BotField, checkArena, checkMyGames, type ArenaBot } from "./tournaments.helpers.js";

const PLAYERS = 40;
const LEAD_MS = 8000;
const WINDOW_MS = 10_000;

describe("tournaments: an arena of 40 bots across two hub processes (one redis-server, one PostgreSQL)", function () {
  this.timeout(180_000);
  let redis: RedisServer | undefined;
  let a: HubProcess | undefined;
  let b: HubProcess | undefined;
  let store: PgStore | undefined;
  let field: BotField | undefined;
  const dirs: string[] = [];

  before(async function () {
    const bin = findRedisServer();
    const pg = await testPostgres();
    if (!bin || !pg) {
      if (process.env.CI === "true") throw new Error("redis-server and PostgreSQL are needed for the tournament cluster test.");
      return this.skip();
    }
    redis = await startRedis(bin);
    const url = await pg.createDatabase("tournament_cluster");
    const start = async (name: string) => {
      const port = await freePort();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `hub-${name}-`));
      dirs.push(dir);
      return startHubProcess(name, { PORT: String(port), REDIS_URL: redis!.url, PUBLIC_ADDRESS: `127.0.0.1:${port}`, DATABASE_URL: url, DATA_DIR: dir, HUB_DB: "", BOT_THREADS: "0" });
    };
    // One after the other: the first migrates PostgreSQL.
    a = await start("A");
    b = await start("B");
    store = await PgStore.open(url);
  });

  after(async () => {
    await field?.leaveAll();
    await store?.close();
    await Promise.all([a?.stop("SIGTERM"), b?.stop("SIGTERM")]);
    await redis?.stop("SIGTERM");
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it("runs to the end: one room for the tournament through either process, every pairing scored from its room's stored game, standings that add up", async () => {
    const hubs = [a!, b!];
    const bots: ArenaBot[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const hub = hubs[i % 2];
      bots.push(arenaBot(await newProfileAt(hub.port, `Bot ${i}`), i, `ws://127.0.0.1:${hub.port}`));
    }
    const id = "cluster-arena";
    // The window opens a little later: the 40 join first (pairing starts when it opens).
    const startsAt = Date.now() + LEAD_MS;
    await store!.tournaments.create({
      id,
      kind: "timed-arena",
      pool: "connect4",
      title: "Cluster arena",
      config: { startsAt, endsAt: startsAt + WINDOW_MS, tableSize: 2 },
      seed: "ffeeddccbbaa99887766554433221100",
      status: "scheduled",
      createdAt: Date.now(),
    });
    field = new BotField(id, bots);
    await field.joinAll();
    expect(new Set(bots.map((x) => x.room.roomId)).size, "one room runs the tournament, whichever process a bot came through").to.equal(1);

    const end = await field.finish(bots[0], LEAD_MS + WINDOW_MS + 60_000);
    const record = await checkArena(store!.tournaments, id, field, end, PLAYERS / 2 + 1);
    expect(record.entries.length).to.equal(PLAYERS);
    await checkMyGames(a!.http, bots[0], record);
    await checkMyGames(b!.http, bots[1], record);
  });
});
