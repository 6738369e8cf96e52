// GET /healthz and /readyz through a drain: two real hub processes (the built server, as PM2
// runs them) on a real redis-server. A stopped process turns unready first (still serving
// its room), then hands the room to the other process, whose players follow by seat token
// and find the game as it was, its turn timer credited the time of the hand-off.

import { expect } from "chai";
import { Client, type Room } from "colyseus.js";
import { Redis } from "ioredis";
import { DRAINING_KEY } from "../../server/ops/drain.js";
import { findRedisServer, freePort, startHubProcess, startRedis, type HubProcess, type RedisServer } from "../helpers/cluster.js";
import { seated, sleep, until, type SeatedClient } from "../helpers/hub.js";
import { c4Grid } from "../helpers/connect4.js";

function hostPort(room: Room<any>): number {
  const url = (room.connection.transport as unknown as { ws: { url: string } }).ws.url;
  return Number(new URL(url).port);
}

/** Discs on the Connect Four grid (-1: empty). */
function discs(room: Room<any>): number {
  return c4Grid(room.state).filter((x) => x !== -1).length;
}

async function probe(hub: HubProcess, path: string): Promise<{ status: number; body: any; text: string }> {
  const res = await fetch(`${hub.http}${path}`);
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text };
}

describe("health: /healthz and /readyz, through a drain that hands a room over", function () {
  this.timeout(90_000);

  let redis: RedisServer | undefined;
  let a: HubProcess | undefined;
  let b: HubProcess | undefined;
  const open: Room<any>[] = [];

  before(async function () {
    const bin = findRedisServer();
    if (!bin) {
      if (process.env.CI === "true") throw new Error("redis-server is not installed: the drain test needs it (.ci/run installs it with apt-get).");
      this.skip();
    }
    redis = await startRedis(bin!);
    const [portA, portB] = [await freePort(), await freePort()];
    const env = (port: number) => ({
      PORT: String(port),
      REDIS_URL: redis!.url,
      PUBLIC_ADDRESS: `127.0.0.1:${port}`,
      DRAIN_UNREADY_SECONDS: "2",
      // Only the hand-off may move the room: the survivors' scan would take ten minutes.
      ROOM_ADOPT_SECONDS: "600",
      RATE_BURST: "1000",
      RATE_PER_SECOND: "1000",
    });
    [a, b] = await Promise.all([startHubProcess("hub A", env(portA)), startHubProcess("hub B", env(portB))]);
  });

  after(async () => {
    await Promise.allSettled(open.filter((r) => r.connection.isOpen).map((r) => r.leave(true)));
    await Promise.all([a?.stop("SIGINT"), b?.stop("SIGINT")]);
    await redis?.stop("SIGTERM");
  });

  it("answer JSON with their reasons, name no secret, and a burst of probes is never refused", async () => {
    for (const hub of [a!, b!]) {
      const health = await probe(hub, "/healthz");
      expect(health.status).to.equal(200);
      expect(health.body).to.include({ ok: true, status: "serving" });
      const ready = await probe(hub, "/readyz");
      expect(ready.status, ready.text).to.equal(200);
      expect(ready.body.ready).to.equal(true);
      expect(Object.keys(ready.body.checks)).to.have.members(["store", "roomLog", "redis", "draining", "eventLoop"]);
      expect(ready.text, "no address of Redis in a probe's answer").to.not.include(String(redis!.port));
      expect(ready.text).to.not.match(/redis:\/\//);
      // An orchestrator probing hard: 300 at once, none refused (no limit applies). On a loaded
      // machine the burst itself may hold the loop past its limit: a 503 then says so, never more.
      const burst = await Promise.all(Array.from({ length: 300 }, () => fetch(`${hub.http}/readyz`).then(async (r) => ({ status: r.status, body: (await r.json()) as any }))));
      const other = burst.filter((r) => r.status !== 200 && !(r.status === 503 && r.body.checks.eventLoop.ok === false && Object.values(r.body.checks).filter((c: any) => !c.ok).length === 1));
      expect(other.map((r) => `${r.status} ${JSON.stringify(r.body)}`), "every probe answered: ready, or unready for a stalled loop alone").to.deep.equal([]);
      expect(burst.filter((r) => r.status === 200).length, "most of the burst is answered ready").to.be.greaterThan(0);
    }
  });

  it("a process marked draining gets no new room: creates through it land on the other", async () => {
    const redisClient = new Redis(redis!.url);
    try {
      const viaA = new Client(a!.http);
      const first = await seated(viaA.create("connect4", { mode: "online", timer: 0, name: "P" }));
      open.push(first.room);
      // Each process's id, from the room listings (their publicAddress names the port).
      const idOf = new Map<number, string>();
      const processes = Object.keys(await redisClient.hgetall("roomcount"));
      for (const raw of Object.values(await redisClient.hgetall("roomcaches"))) {
        const l = JSON.parse(raw) as { processId: string; publicAddress?: string };
        if (l.publicAddress) idOf.set(Number(l.publicAddress.split(":")[1]), l.processId);
      }
      const host = hostPort(first.room) === a!.port ? a! : b!;
      const other = host === a ? b! : a!;
      const drainingId = idOf.get(other.port) ?? processes.find((p) => p !== idOf.get(host.port));
      expect(drainingId, "the other process's id").to.be.a("string");
      await redisClient.hset(DRAINING_KEY, drainingId!, String(Date.now()));
      try {
        const made: Room<any>[] = [];
        for (let i = 0; i < 4; i++) {
          const p = await seated(new Client(i % 2 ? a!.http : b!.http).create("connect4", { mode: "online", timer: 0, name: `N${i}` }));
          open.push(p.room);
          made.push(p.room);
        }
        expect(made.map(hostPort), "every new room on the process not draining").to.deep.equal(Array(4).fill(host.port));
      } finally {
        await redisClient.hdel(DRAINING_KEY, drainingId!);
      }
    } finally {
      redisClient.disconnect();
    }
  });

  it("a stopped process is unready first, then hands its room over: players follow, nothing lost, the timer credited", async () => {
    const viaA = new Client(a!.http);
    const ann = await seated(viaA.create("connect4", { mode: "online", timer: 60, name: "Ann" }));
    open.push(ann.room);
    const roomId = ann.room.roomId;
    const host = hostPort(ann.room) === a!.port ? a! : b!;
    const other = host === a ? b! : a!;
    const viaOther = new Client(other.http);
    const bob = await seated(viaOther.joinById(roomId, { name: "Bob" }));
    open.push(bob.room);
    await ann.probe.until(() => ann.room.state.phase === "playing" || undefined, 5000, "the start");
    const byTurn = (): SeatedClient => (ann.room.state.acting?.[0] === ann.seat ? ann : bob);
    const drop = async (col: number) => {
      const p = byTurn();
      const moves = discs(ann.room);
      p.room.send("drop", { col });
      await ann.probe.until(() => discs(ann.room) > moves || undefined, 5000, `drop in ${col} seen`);
    };
    await drop(3);
    await drop(3);

    // The stop signal: /readyz says 503 (draining) while /healthz still answers and the room still plays.
    const left = new Map<SeatedClient, number>();
    for (const p of [ann, bob]) p.room.onLeave((code) => left.set(p, code));
    host.proc.kill("SIGTERM");
    let drained: { status: number; body: any; text: string } | null = null;
    for (let i = 0; i < 100 && !drained; i++) {
      const r = await probe(host, "/readyz");
      // (a 503 for a stalled loop on a loaded machine is not the drain: wait for the drain's)
      if (r.status === 503 && r.body.checks?.draining?.ok === false) drained = r;
      else await sleep(20);
    }
    expect(drained, "readyz turned 503").to.not.equal(null);
    expect(drained!.body.ready).to.equal(false);
    expect(drained!.body.checks.draining.ok).to.equal(false);
    expect(drained!.body.reason).to.match(/draining: stopping/);
    expect((await probe(host, "/healthz")).status, "healthz answers while draining").to.equal(200);
    await drop(4); // still served: the room is handed over only after DRAIN_UNREADY_SECONDS
    const grid = c4Grid(ann.room.state);
    const deadline = ann.room.state.deadline as number;
    expect(deadline).to.be.greaterThan(0);

    // The hand-off: both players closed with 4000, then back by seat token in the other process.
    await until(() => left.size === 2 || undefined, 15_000, "both players closed by the hand-off");
    expect([...left.values()]).to.deep.equal([4000, 4000]);
    const back: SeatedClient[] = [];
    for (const p of [ann, bob]) {
      let again: SeatedClient | null = null;
      for (let i = 0; i < 50 && !again; i++) {
        again = await seated(viaOther.joinById(roomId, { seatToken: p.seatToken })).catch(() => null);
        if (!again) await sleep(100);
      }
      expect(again, `seat ${p.seat} back`).to.not.equal(null);
      open.push(again!.room);
      expect(again!.seat).to.equal(p.seat);
      expect(hostPort(again!.room), "the room now lives in the other process").to.equal(other.port);
      back.push(again!);
    }
    const [ann2] = back;
    await ann2.probe.until(() => c4Grid(ann2.room.state).length || undefined, 5000, "the grid");
    expect(c4Grid(ann2.room.state), "every acknowledged move is there").to.deep.equal(grid);
    expect(ann2.room.state.deadline as number, "the turn timer credited the hand-off").to.be.greaterThan(deadline);
    const onTurn = back.find((p) => p.seat === ann2.room.state.acting?.[0])!;
    const moves = discs(ann2.room);
    onTurn.room.send("drop", { col: 0 });
    await ann2.probe.until(() => discs(ann2.room) > moves || undefined, 5000, "a move after the hand-off");

    const exit = await host.exited;
    expect(exit.code, host.tail()).to.equal(0);
    const drainedLine = host.output.split("\n").find((l) => l.includes('"event":"hub.drained"'));
    expect(drainedLine, host.tail()).to.match(/"handed":[1-9]/);
    expect(host.output.indexOf('"event":"hub.draining"')).to.be.lessThan(host.output.indexOf('"event":"hub.drained"'));
  });
});
