// A Redis that stops answering without closing its socket (here: a real redis-server
// paused with SIGSTOP for 9 s). Matchmaking used to hang until colyseus.js gave up with a
// bare "socket hang up", and neither process logged anything. Now the hub sees the outage
// (server/ops/redisWatch.ts), answers matchmaking and the room list 503 "The hub is briefly
// unavailable; try again in a few seconds." at once, logs the outage and its end as JSON,
// counts it in /metrics, and matchmakes again as soon as Redis answers.

import { expect } from "chai";
import { Client, ServerError } from "colyseus.js";
import { findRedisServer, freePort, startHubProcess, startRedis, type HubProcess, type RedisServer } from "../helpers/cluster.js";
import { metricValue, scrape } from "../helpers/metrics.js";
import { jsonLines } from "../helpers/logLines.js";

const UNAVAILABLE = "The hub is briefly unavailable; try again in a few seconds.";
const TOKEN = "outage-scrape-token-0123456789";
/** Long enough to be seen (1.5 s unanswered), turn requests away, and be logged as down for over 5 s. */
const PAUSE_MS = 9_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("ops: a paused Redis is worded, logged and counted", function () {
  this.timeout(90_000);
  let redis: RedisServer | undefined;
  let hub: HubProcess | undefined;
  let paused = false;

  before(async function () {
    const bin = findRedisServer();
    if (!bin) {
      if (process.env.CI === "true") throw new Error("redis-server is not installed: the outage test needs it (.ci/run installs it).");
      this.skip();
    }
    redis = await startRedis(bin!);
    const port = await freePort();
    hub = await startHubProcess("hub", { PORT: String(port), REDIS_URL: redis.url, PUBLIC_ADDRESS: `127.0.0.1:${port}`, METRICS_TOKEN: TOKEN, LOG_LEVEL: "info" });
  });

  after(async () => {
    if (paused && redis?.running) redis.proc.kill("SIGCONT");
    await hub?.stop("SIGINT");
    await redis?.stop("SIGTERM");
  });

  it("matchmaking answers 'briefly unavailable' while Redis is paused, and works again once it answers", async () => {
    const client = new Client(hub!.http);
    const warm = await client.joinOrCreate("connect4", { name: "Before" });
    await warm.leave(true);

    redis!.proc.kill("SIGSTOP");
    paused = true;
    const pausedAt = Date.now();
    try {
      // the first request is already waiting on Redis when the outage is seen; the next ones are answered at once
      const errors: unknown[] = [];
      for (let i = 0; i < 3; i++) errors.push(await client.joinOrCreate("connect4", { name: `During${i}` }).then(() => "joined", (e: unknown) => e));
      for (const e of errors) {
        expect(e, "a refusal, not a join").to.be.instanceOf(ServerError);
        expect((e as ServerError).message, "no raw library text").to.equal(UNAVAILABLE);
        expect((e as ServerError).code).to.equal(503);
      }
      const list = await fetch(`${hub!.http}/api/rooms`);
      expect(list.status).to.equal(503);
      expect(list.headers.get("retry-after")).to.equal("3");
      expect(await list.json()).to.deep.equal({ code: "hub-unavailable", message: UNAVAILABLE });
      const during = await scrape(hub!.http, TOKEN);
      expect(metricValue(during, "hub_redis_up"), "redis up, during").to.equal(0);
    } finally {
      await sleep(Math.max(0, PAUSE_MS - (Date.now() - pausedAt)));
      redis!.proc.kill("SIGCONT");
      paused = false;
    }

    // back: a join goes through (the watch sees the first answer within a second or so)
    let joined = null;
    for (let i = 0; i < 40 && !joined; i++) {
      joined = await client.joinOrCreate("connect4", { name: "After" }).catch(() => null);
      if (!joined) await sleep(250);
    }
    expect(joined, "a join after Redis is back").to.not.equal(null);
    await joined!.leave(true);

    const lines = jsonLines(hub!.output);
    const down = lines.filter((l) => l.event === "redis.down");
    const up = lines.filter((l) => l.event === "redis.up");
    expect(down, "one redis.down line").to.have.length(1);
    expect(down[0]).to.include({ level: "error" });
    expect(down[0].msg).to.match(/not answering/);
    expect(up, "one redis.up line").to.have.length(1);
    expect(up[0].downMs).to.be.a("number").greaterThan(5000);
    expect(up[0].turnedAway, "requests turned away").to.be.at.least(4);
    expect(lines.filter((l) => l.event === "join.refused" && l.code === "hub-unavailable"), "the waiting request's line").to.have.length.at.least(1);

    const after = await scrape(hub!.http, TOKEN);
    expect(metricValue(after, "hub_redis_up")).to.equal(1);
    expect(metricValue(after, "hub_redis_outages_total")).to.equal(1);
    expect(metricValue(after, "hub_refusals_total", { where: "join", code: "hub-unavailable" })).to.be.at.least(3);
    expect(metricValue(after, "hub_refusals_total", { where: "http", code: "hub-unavailable" })).to.be.at.least(1);
  });
});
