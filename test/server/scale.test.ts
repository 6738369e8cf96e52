// Several processes, one hub: a real redis-server and two real hub processes (as PM2 runs
// them) with REDIS_URL set, driven by real colyseus.js clients. Each client talks HTTP to
// one process; a room lives in exactly one process and its WebSocket goes to that
// process's publicAddress.

import { expect } from "chai";
import { Client, type Room } from "colyseus.js";
import { Redis } from "ioredis";
import { CELL } from "../../common/minesweeper/index.js";
import { CODE_PATTERN, reserveCode } from "../../server/rooms/base/privateCodes.js";
import { HubRedisPresence } from "../../server/scale.js";
import { findRedisServer, freePort, startHubProcess, startRedis, type HubProcess, type RedisServer } from "../helpers/cluster.js";
import { dropConnection, Probe, until, seated, type SeatedClient } from "../helpers/hub.js";
import { cellsOf } from "../helpers/boardRows.js";
import { c4Grid } from "../helpers/connect4.js";

const PRIVATE_CODES_KEY = "hub-private-codes"; // privateCodes.ts
/** The hubs' spectator delay runs at this share of real time (TEST_DELAY_SCALE: "15 s" lasts 1.5). */
const DELAY_SCALE = 0.1;

type Player = SeatedClient;

/** The port of the process a client's room WebSocket is connected to. */
function hostPort(room: Room<any>): number {
  const url = (room.connection.transport as unknown as { ws: { url: string } }).ws.url;
  return Number(new URL(url).port);
}

/** `player` flags cell `i`; resolves once every watcher's decoded board shows the flag. */
async function flagSeenBy(player: Player, i: number, watchers: Player[]): Promise<void> {
  const cols = player.room.state.cols as number;
  player.room.send("flag", { r: Math.floor(i / cols), c: i % cols });
  for (const w of [player, ...watchers]) {
    await w.probe.until(() => cellsOf(w.room.state)[i] === CELL.FLAG || undefined, 5000, `flag on cell ${i} seen by seat ${w.seat}`);
  }
}

async function getJson(url: string): Promise<any> {
  const res = await fetch(url);
  expect(res.status, url).to.equal(200);
  return res.json();
}

/** Reserves a seat in a new room over plain HTTP (no WebSocket): what every client does first. */
async function createOverHttp(hub: HubProcess, options: Record<string, unknown>): Promise<{ roomId: string; processId: string; publicAddress: string }> {
  const res = await fetch(`${hub.http}/matchmake/create/minesweeper`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(options),
  });
  const body = (await res.json()) as any;
  expect(res.status, JSON.stringify(body)).to.equal(200);
  return body.room;
}

describe("scale-out: two hub processes sharing one redis-server", function () {
  this.timeout(60_000);

  let redis: RedisServer | undefined;
  let a: HubProcess | undefined;
  let b: HubProcess | undefined;
  let viaA: Client;
  let viaB: Client;
  const open: Room<any>[] = [];

  function track(p: Player): Player {
    open.push(p.room);
    return p;
  }

  /** The client whose HTTP goes to the process that does *not* host `room`. */
  function otherThan(room: Room<any>): Client {
    return hostPort(room) === a!.port ? viaB : viaA;
  }

  before(async function () {
    const bin = findRedisServer();
    if (!bin) {
      // CI installs it (.ci/run); there a missing redis-server is a failure, not a skip.
      if (process.env.CI === "true") throw new Error("redis-server is not installed: the scale-out tests need it (.ci/run installs it with apt-get).");
      console.warn("    redis-server not found (apt-get install redis-server): skipping the scale-out tests.");
      this.skip();
    }
    redis = await startRedis(bin!);
    const [portA, portB] = [await freePort(), await freePort()];
    const env = (port: number) => ({
      PORT: String(port),
      REDIS_URL: redis!.url,
      PUBLIC_ADDRESS: `127.0.0.1:${port}`,
      RECONNECT_SECONDS: "20",
      RATE_BURST: "1000",
      RATE_PER_SECOND: "1000",
      TEST_DELAY_SCALE: String(DELAY_SCALE),
    });
    [a, b] = await Promise.all([startHubProcess("hub A", env(portA)), startHubProcess("hub B", env(portB))]);
    viaA = new Client(a.http);
    viaB = new Client(b.http);
  });

  after(async () => {
    await Promise.allSettled(open.filter((r) => r.connection.isOpen).map((r) => r.leave(true)));
    await Promise.all([a?.stop("SIGINT"), b?.stop("SIGINT")]);
    await redis?.stop("SIGTERM");
  });

  it("quick play from clients that reached different processes lands in one room", async () => {
    const criteria = { mode: "coop", level: "custom", rows: 6, cols: 6, mines: 4 };
    const ann = track(await seated(viaA.joinOrCreate("minesweeper", { ...criteria, name: "Ann" })));
    const bob = track(await seated(viaB.joinOrCreate("minesweeper", { ...criteria, name: "Bob" })));
    expect(bob.room.roomId, "B's quick play finds the room A matched into").to.equal(ann.room.roomId);
    expect(bob.seat).to.not.equal(ann.seat);
    expect(hostPort(bob.room), "both sockets go to the one process hosting the room").to.equal(hostPort(ann.room));
    await flagSeenBy(bob, 0, [ann]);

    // At the same moment, through both processes: still one room (the create lock lives in Redis).
    const rush = { mode: "coop", level: "custom", rows: 6, cols: 7, mines: 4 };
    const players = await Promise.all(
      Array.from({ length: 6 }, (_, i) => seated((i % 2 ? viaB : viaA).joinOrCreate("minesweeper", { ...rush, name: `P${i}` }))),
    );
    players.forEach(track);
    expect(new Set(players.map((p) => p.room.roomId)).size, "rooms for 6 simultaneous quick plays").to.equal(1);
    expect(new Set(players.map((p) => p.seat)).size).to.equal(6);
  });

  it("/api/rooms from either process lists the rooms of both", async () => {
    // New rooms go to the process with the fewest rooms: create until both host one.
    const made: { roomId: string; port: number }[] = [];
    for (let i = 0; i < 10 && new Set(made.map((m) => m.port)).size < 2; i++) {
      const p = track(await seated((i % 2 ? viaB : viaA).create("minesweeper", { mode: "coop", seats: 2, name: `L${i}` })));
      made.push({ roomId: p.room.roomId, port: hostPort(p.room) });
    }
    expect(new Set(made.map((m) => m.port)), "ports hosting the new rooms").to.have.property("size", 2);
    const hidden = track(await seated(viaA.create("minesweeper", { mode: "coop", private: true })));

    const [listA, listB] = [await getJson(`${a!.http}/api/rooms`), await getJson(`${b!.http}/api/rooms`)];
    const idsA = listA.map((r: any) => r.roomId).sort();
    const idsB = listB.map((r: any) => r.roomId).sort();
    expect(idsA, "the same list from both processes").to.deep.equal(idsB);
    expect(idsA).to.include.members(made.map((m) => m.roomId));
    expect(idsA, "private rooms are never listed").to.not.include(hidden.room.roomId);
    const listed = listA.find((r: any) => r.roomId === made[0].roomId);
    expect(listed).to.include({ game: "minesweeper", mode: "coop", players: 1, maxPlayers: 2 });
  });

  it("100 private rooms created through both processes get 100 distinct codes", async () => {
    const rooms = await Promise.all(Array.from({ length: 100 }, (_, i) => createOverHttp(i % 2 ? b! : a!, { mode: "solo", private: true })));
    const codes = rooms.map((r) => r.roomId);
    for (const code of codes) expect(code).to.match(CODE_PATTERN);
    expect(new Set(codes).size).to.equal(100);
    expect(new Set(rooms.map((r) => r.processId)).size, "processes hosting them").to.equal(2);
    const redisClient = new Redis(redis!.url);
    try {
      expect(await redisClient.smembers(PRIVATE_CODES_KEY)).to.include.members(codes);
    } finally {
      redisClient.disconnect();
    }
  });

  it("a code another process reserves between the check and the claim is not handed out twice", async () => {
    // Two connections = two processes. Between this process's SISMEMBER and SADD the other
    // one claims the very code it drew: SADD answers 0 and this process draws again.
    const here = new HubRedisPresence(redis!.url);
    const there = new HubRedisPresence(redis!.url);
    let stolen: string | null = null;
    const racing = Object.create(here) as HubRedisPresence;
    racing.sismember = async (key: string, code: string) => {
      const seen = await here.sismember(key, code);
      if (stolen === null && !seen) {
        stolen = code;
        await there.sadd(key, code);
      }
      return seen;
    };
    try {
      const code = await reserveCode(racing);
      expect(stolen, "the race was staged").to.be.a("string");
      expect(code, "the code the other process took").to.not.equal(stolen);
      expect(await here.sismember(PRIVATE_CODES_KEY, code)).to.equal(1);
      await here.srem(PRIVATE_CODES_KEY, code);
      await here.srem(PRIVATE_CODES_KEY, stolen!);
    } finally {
      here.shutdown();
      there.shutdown();
    }
  });

  it("joinById and reconnection work through the other process's HTTP", async () => {
    const host = track(await seated(viaA.create("minesweeper", { mode: "coop", seats: 3, private: true, name: "Host" })));
    const code = host.room.roomId;
    const other = otherThan(host.room);

    // joinById (lower-case code) over the process that does not host the room.
    const guest = track(await seated(other.joinById(code.toLowerCase(), { name: "Guest" })));
    expect(guest.room.roomId).to.equal(code);
    expect(hostPort(guest.room)).to.equal(hostPort(host.room));
    await flagSeenBy(guest, 1, [host]);

    // Network drop, then client.reconnect() over the other process: same seat, same session.
    const token = guest.room.reconnectionToken;
    const sessionId = guest.room.sessionId;
    dropConnection(guest.room);
    await host.probe.until(() => host.room.state.seats?.[guest.seat]?.connected === false || undefined, 8000, "the host sees the guest drop");
    const back = track(await seated(other.reconnect(token)));
    expect(back.room.sessionId).to.equal(sessionId);
    expect(back.seat).to.equal(guest.seat);
    expect(cellsOf(back.room.state)[1], "the board came back with the seat").to.equal(CELL.FLAG);
    await flagSeenBy(back, 2, [host]);

    // A seat token rejoins through the other process too.
    dropConnection(back.room);
    const again = track(await seated(other.joinById(code, { seatToken: back.seatToken })));
    expect(again.seat).to.equal(guest.seat);
    await flagSeenBy(again, 3, [host]);
  });

  it("a device link made through one process redeems once through the other, and retires the old token", async () => {
    const host = track(await seated(viaA.create("minesweeper", { mode: "coop", seats: 3, private: true, name: "Host" })));
    const code = host.room.roomId;
    const post = async (hub: HubProcess, path: string, body: unknown) => {
      const res = await fetch(`${hub.http}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as any };
    };
    const made = await post(a!, "/api/claims", { roomId: code, seatToken: host.seatToken });
    expect(made.status, JSON.stringify(made.body)).to.equal(200);
    const first = await post(b!, "/api/claims/redeem", { claim: made.body.claim });
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    const second = await post(a!, "/api/claims/redeem", { claim: made.body.claim });
    expect(second.body.code, "spent on every process").to.equal("claim-gone");
    const { seatToken, seat } = first.body;
    expect(seat).to.equal(host.seat);
    expect(seatToken).to.not.equal(host.seatToken);

    // the phone takes the seat through B; the laptop is told; its old token reads "moved"
    const phone = track(await seated(viaB.joinById(code, { seatToken })));
    expect(phone.seat).to.equal(host.seat);
    await host.probe.until(() => host.probe.of("error").find((e: any) => e.code === "seat-reclaimed"), 5000, "the laptop told");
    const refused = await viaB.joinById(code, { seatToken: host.seatToken }).then(
      () => null,
      (e: Error) => e,
    );
    expect(refused?.message).to.match(/moved to another device/);
    await flagSeenBy(phone, 6, []);
  });

  it("a spectator delay works across processes: the mirror replays a live room of the other process 15 s late (scaled)", async function () {
    this.timeout(45_000);
    const ann = track(await seated(viaA.create("connect4", { name: "Ann", private: true, spectatorDelay: 15 })));
    const code = ann.room.roomId;
    const ben = track(await seated(otherThan(ann.room).joinById(code, { name: "Ben" })));
    await ann.probe.until(() => ann.room.state.phase === "playing" || undefined, 5000, "the game started");
    const mover = ann.room.state.acting[0] === ann.seat ? ann : ben;
    const madeAt = Date.now();
    mover.room.send("drop", { col: 2 });
    await ann.probe.until(() => c4Grid(ann.room.state).some((x) => x >= 0) || undefined, 5000, "the disc, live");
    const watcher = await otherThan(ann.room).joinById(code, { spectate: true });
    open.push(watcher);
    const probe = new Probe(watcher);
    expect(await probe.next("welcome", 0)).to.include({ roomId: code, delaySeconds: 15 });
    await probe.until(() => c4Grid(watcher.state).some((x) => x >= 0) || undefined, 10_000 + 15_000 * DELAY_SCALE, "the disc, 15 s late");
    expect(Date.now() - madeAt).to.be.at.least(15_000 * DELAY_SCALE - 100);
    expect(c4Grid(watcher.state)).to.deep.equal(c4Grid(ann.room.state));
  });

  it("stopping one process leaves the other's rooms playing, and hands its own room to it", async () => {
    // One room on each process, each with a player whose HTTP went through the other process.
    // A new room goes to the process with the fewest rooms as last published, and Colyseus
    // publishes a process's room count at most once a second: after a room lands where one is,
    // wait out that second so the next try sees it.
    const onPort = new Map<number, Player[]>();
    for (let i = 0; i < 30 && onPort.size < 2; i++) {
      const first = track(await seated((i % 2 ? viaB : viaA).create("minesweeper", { mode: "coop", seats: 2, name: `S${i}` })));
      const port = hostPort(first.room);
      if (onPort.has(port)) {
        await new Promise((r) => setTimeout(r, 1_200));
        continue;
      }
      const second = track(await seated(otherThan(first.room).joinById(first.room.roomId, { name: `T${i}` })));
      onPort.set(port, [first, second]);
    }
    expect(onPort.size, "a room on each process").to.equal(2);
    const survivors = onPort.get(a!.port)!;
    const doomed = onPort.get(b!.port)!;

    // PM2 stops a process with SIGINT (kill_timeout later SIGKILL): Colyseus shuts down gracefully.
    const stopped = await b!.stop("SIGINT", 30_000);
    expect(stopped, `hub B exits by itself\n${b!.tail()}`).to.include({ code: 0, signal: null });
    for (const p of doomed) await p.probe.until(() => p.probe.left !== null || undefined, 5000, "B's players to be disconnected");

    // A's room keeps playing, for the player who matched through A and the one who came through B.
    const [p1, p2] = survivors;
    await flagSeenBy(p1, 4, [p2]);
    await flagSeenBy(p2, 5, [p1]);
    expect(p1.probe.left).to.equal(null);
    expect(p2.probe.left).to.equal(null);

    // B handed its room to A before it stopped (server/ops/drain.ts): A lists both, hosts both,
    // and quick play through A still creates and joins rooms.
    const ids = (await getJson(`${a!.http}/api/rooms`)).map((r: any) => r.roomId);
    expect(ids).to.include(p1.room.roomId);
    expect(ids, "B's room, handed to A").to.include(doomed[0].room.roomId);
    expect(b!.output).to.match(/"event":"hub.drained".*"handed":[1-9]/);
    const late = { mode: "coop", level: "custom", rows: 7, cols: 7, mines: 5 };
    const x = track(await seated(viaA.joinOrCreate("minesweeper", { ...late, name: "X" })));
    const y = track(await seated(viaA.joinOrCreate("minesweeper", { ...late, name: "Y" })));
    expect(y.room.roomId).to.equal(x.room.roomId);
    expect(hostPort(x.room)).to.equal(a!.port);
    await until(() => a!.running, 100, "hub A still running");
  });
});
