// A seat reserved in a room of this process is reached at this process, whatever Redis listed
// (issue 38: durable.redis.test once saw a card table player's rejoin refused with
// ECONNREFUSED at the killed process's port). A room a survivor restores from a killed
// process's log takes seats a moment before its new listing is written (Colyseus adds it to
// the process's rooms, subscribes its channel, then saves the listing), and Colyseus answers a
// reservation with the listing it read: the dead process's address. The test holds that moment
// still: it writes the listing a killed process would have left, and a player comes back with
// its seat token through the process that holds the room.

import { expect } from "chai";
import { Client } from "colyseus.js";
import { Redis } from "ioredis";
import { findRedisServer, freePort, startHubProcess, startRedis, type HubProcess, type RedisServer } from "../helpers/cluster.js";
import { seat } from "../helpers/durable.js";

describe("a seat reserved in a room of this process is reached here, not at an address Redis still lists", function () {
  this.timeout(120_000);
  const bin = findRedisServer();
  let redis: RedisServer;
  let hub: HubProcess;

  before(async function () {
    if (!bin) return this.skip();
    redis = await startRedis(bin);
    const port = await freePort();
    hub = await startHubProcess("hub", { PORT: String(port), REDIS_URL: redis.url, RECONNECT_SECONDS: "120", BOT_THREADS: "0", RATE_BURST: "100000", RATE_PER_SECOND: "100000" });
  });
  after(async () => {
    await hub?.stop("SIGKILL");
    await redis?.stop();
  });

  it("the card table: the listing names a dead process's port; the player's rejoin lands in its seat here", async () => {
    const sdk = new Client(hub.http);
    const host = await seat(sdk.create("table", { name: "P0", seats: 2 }));
    const roomId = host.room.roomId;
    const other = await seat(sdk.joinById(roomId, { name: "P1" }));
    await other.room.leave(false); // a dropped connection: its seat waits for its token

    const deadPort = await freePort(); // nothing listens there, like a killed process's port
    const r = new Redis(redis.url);
    try {
      const listing = JSON.parse((await r.hget("roomcaches", roomId))!);
      await r.hset("roomcaches", roomId, JSON.stringify({ ...listing, processId: "killed-process", publicAddress: `127.0.0.1:${deadPort}` }));
    } finally {
      r.disconnect();
    }

    // One attempt: a retry would pass by luck once the room writes its listing again.
    const back = await seat(new Client(hub.http).joinById(roomId, { seatToken: other.seatToken }));
    expect(back.seat, "P1's seat").to.equal(other.seat);
    expect(back.room.roomId).to.equal(roomId);
    await back.room.leave();
    await host.room.leave();
  });
});
