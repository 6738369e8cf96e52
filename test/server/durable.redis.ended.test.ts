// A game that ends just before its process is killed (issue 38: durable.redis.test once saw the
// client's replayId 1 and the room's 2 after a kill). Two hub processes share a real
// redis-server (room log, presence, matchmaking) and, as processes on one machine do, one
// SQLite store. A Connect Four game is won, the process holding the room is killed with
// SIGKILL at once, and the survivor restores the room: the restore records the finished game
// again (the store may not have had it), and the store keeps it once by its key. So every
// client, back in its seat through the survivor, sees the same replay id as before, that id
// is the game, and no second row was written.
//
// With one store per process (each its own file) the second process has no row of that key:
// it stores the game a second time under its own id, which is the 1-and-2 the test saw
// (durable.redis.test.ts ran each process on its own in-memory store; it shares one now).

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "chai";
import { Client, type Room } from "colyseus.js";
import { c4View } from "../helpers/connect4.js";
import { findRedisServer, freePort, startHubProcess, startRedis, type HubProcess, type RedisServer } from "../helpers/cluster.js";
import { comparable, play, rejoin, seat, type Player } from "../helpers/durable.js";

function hostPort(room: Room<any>): number {
  const url = (room.connection.transport as unknown as { ws: { url: string } }).ws.url;
  return Number(new URL(url).port);
}

async function replay(hub: HubProcess, id: number): Promise<number> {
  return (await fetch(`${hub.http}/api/replays/${id}`)).status;
}

describe("a game won just before its process is killed is stored once, and its replay id stays", function () {
  this.timeout(120_000);
  const bin = findRedisServer();
  let redis: RedisServer;
  let dir = "";
  const hubs: HubProcess[] = [];

  before(async function () {
    if (!bin) return this.skip();
    redis = await startRedis(bin);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "hub-ended-"));
    const envs = [];
    for (let i = 0; i < 2; i++) {
      envs.push({ PORT: String(await freePort()), REDIS_URL: redis.url, HUB_DB: path.join(dir, "hub.sqlite"), ROOM_ADOPT_SECONDS: "1", RECONNECT_SECONDS: "120", BOT_THREADS: "0", RATE_BURST: "100000", RATE_PER_SECOND: "100000" });
    }
    // Both at once, as PM2 starts them.
    hubs.push(...(await Promise.all(envs.map((env, i) => startHubProcess(`hub ${i}`, env)))));
  });
  after(async () => {
    for (const h of hubs) await h.stop("SIGKILL");
    await redis?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A Connect Four room of two, seated and started, created through `hub`. */
  async function table(hub: HubProcess): Promise<Player[]> {
    const sdk = new Client(hub.http);
    const host = await seat(sdk.create("connect4", { name: "P0", private: false }));
    const players = [host, await seat(sdk.joinById(host.room.roomId, { name: "P1" }))];
    await host.probe.until(() => host.room.state.phase === "playing" || undefined, 8000, "the game to start");
    return players;
  }

  /** Game seat 0 drops in column 0, game seat 1 in column 1: game seat 0 wins on its 4th disc. Returns the replay id. */
  async function win(players: Player[]): Promise<number> {
    const state = () => players[0].room.state;
    for (let n = 0; n < 7; n++) {
      for (const p of players) await p.probe.sync();
      const v = c4View(state())!;
      const mover = players.find((p) => p.seat === Array.from(state().order as Iterable<number>)[v.turn])!;
      expect(await play(mover, { type: "drop", payload: { col: v.turn } }), `move ${n}`).to.equal(true);
    }
    for (const p of players) await p.probe.until(() => (p.room.state.replayId > 0 ? true : undefined), 8000, "the replay id");
    expect(state().phase).to.equal("finished");
    return state().replayId as number;
  }

  it("Connect Four: won, the holder killed at once; the survivor shows the same replay id, and the store holds one game", async () => {
    // A game stored before, in the room's process or the other (so a second store would number differently).
    const earlier = await win(await table(hubs[0]));
    let players = await table(hubs[1]);
    const host = players[0];
    const roomId = host.room.roomId;
    const id = await win(players);
    const before = players.map((p) => comparable(p.room.state));

    const holder = hubs.findIndex((h) => h.port === hostPort(host.room));
    expect(holder, "the room lives in one of the processes").to.be.at.least(0);
    await hubs[holder].stop("SIGKILL");
    const survivor = hubs[1 - holder];
    players = await Promise.all(players.map((p) => rejoin(new Client(survivor.http), roomId, p, 30_000)));
    for (const [i, p] of players.entries()) {
      await p.probe.sync();
      expect(hostPort(p.room), "now on the survivor").to.equal(survivor.port);
      expect(p.room.state.replayId, `P${i}'s replay id after the restore`).to.equal(id);
      expect(comparable(p.room.state), `P${i}'s decoded state after the restore`).to.deep.equal(before[i]);
    }
    expect(await replay(survivor, id), "the game's replay").to.equal(200);
    expect(await replay(survivor, Math.max(id, earlier) + 1), "no third row: the restore wrote no second one").to.equal(404);
    for (const p of players) await p.room.leave();
  });
});
