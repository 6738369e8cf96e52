// No game lost with several processes: two hub processes share a real redis-server (the room
// log, presence and matchmaking on Redis). For each game, clients play a random part of a
// game, the process holding the room is killed with SIGKILL, and the survivor brings the room
// back (same id) from the log: every client rejoins its seat through the survivor with its
// seat token and decodes the state it had before the kill; the game then plays to its end.
// The killed process is started again before the next game. The two processes share one
// SQLite store, as processes on one machine do (docs/scaling.md): a restored room records its
// finished game again and the store keeps it once by its key, so its replay id stays
// (durable.redis.ended.test.ts; with a store per process the id changed after a kill).

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "chai";
import { Client, type Room } from "colyseus.js";
import { createRng } from "../../common/core/rng.js";
import { findRedisServer, freePort, startHubProcess, startRedis, type HubProcess, type RedisServer } from "../helpers/cluster.js";
import { comparable, DRIVERS, play, rejoin, seat, type Player } from "../helpers/durable.js";

function hostPort(room: Room<any>): number {
  const url = (room.connection.transport as unknown as { ws: { url: string } }).ws.url;
  return Number(new URL(url).port);
}

describe("restart with two processes on Redis: the survivor restores the killed process's rooms", function () {
  this.timeout(240_000);
  const bin = findRedisServer();
  let redis: RedisServer;
  let dir = "";
  const hubs: HubProcess[] = [];
  const envs: Record<string, string>[] = [];
  /** The killed process starting again while the game plays on (awaited before the next kill). */
  let restarting: Promise<void> = Promise.resolve();

  before(async function () {
    if (!bin) return this.skip();
    redis = await startRedis(bin);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "hub-redis-store-"));
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      envs.push({ PORT: String(port), REDIS_URL: redis.url, HUB_DB: path.join(dir, "hub.sqlite"), ROOM_ADOPT_SECONDS: "1", RECONNECT_SECONDS: "120", BOT_THREADS: "0", RATE_BURST: "100000", RATE_PER_SECOND: "100000" });
    }
    // Both at once, as PM2 starts them (they migrate the shared store under its lock: store.migrate.race.test.ts).
    hubs.push(...(await Promise.all(envs.map((env, i) => startHubProcess(`hub ${i}`, env)))));
  });
  after(async () => {
    await restarting.catch(() => {});
    for (const h of hubs) await h.stop("SIGKILL");
    await redis?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const [k, d] of DRIVERS.entries()) {
    it(`${d.game}: the process holding the room is killed; every client is back in its seat through the other one`, async () => {
      await restarting;
      const rng = createRng(0x4ed15 + k, 11);
      const first = new Client(hubs[k % 2].http);
      const host = await seat(first.create(d.game, { ...d.options, name: "P0", private: k % 2 === 0 }));
      const roomId = host.room.roomId;
      let players: Player[] = [host];
      for (let i = 1; i < d.seats; i++) players.push(await seat(first.joinById(roomId, { name: `P${i}` })));
      await host.probe.until(() => host.room.state.phase === "playing" || undefined, 8000, "the game to start");
      let accepted = 0;
      const want = 3 + rng.int(20);
      for (let step = 0; step < want * 20 && accepted < want; step++) {
        const p = players[rng.int(players.length)];
        const m = d.choose(p.room.state, p.seat, rng, false);
        if (m && (await play(p, m))) accepted++;
      }
      for (const p of players) await p.probe.sync();
      const before = players.map((p) => comparable(p.room.state));

      const holder = hubs.findIndex((h) => h.port === hostPort(host.room));
      expect(holder, "the room lives in one of the processes").to.be.at.least(0);
      await hubs[holder].stop("SIGKILL");
      const survivor = new Client(hubs[1 - holder].http);
      players = await Promise.all(players.map((p) => rejoin(survivor, roomId, p, 30_000)));
      for (const [i, p] of players.entries()) {
        await p.probe.sync();
        expect(hostPort(p.room), "now on the survivor").to.equal(hubs[1 - holder].port);
        expect(p.seat).to.equal(i);
        expect(comparable(p.room.state), `P${i}'s decoded state (${accepted} moves in)`).to.deep.equal(before[i]);
      }
      // Started again in the background: the game plays to its end on the survivor meanwhile.
      restarting = startHubProcess(`hub ${holder}`, envs[holder]).then((h) => {
        hubs[holder] = h;
      });

      let n = 0;
      while (players[0].room.state.phase !== "finished" && n < 4000) {
        n++;
        const p = players[rng.int(players.length)];
        const m = d.choose(p.room.state, p.seat, rng, n > 60);
        if (m) await play(p, m);
        else await p.probe.sync();
      }
      expect(players[0].room.state.phase).to.equal("finished");
      console.log(`      ${d.game}: ${accepted} moves before killing process ${holder}; restored on the other; ended "${players[0].room.state.result}"`);
      for (const p of players) await p.room.leave();
    });
  }
});
