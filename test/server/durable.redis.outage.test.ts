// Redis down or stalled while rooms play (the room log on Redis, REDIS_URL): a move the log
// cannot take is refused in words (`not-saved`) after a bounded wait, and changes nothing any
// client decodes (players, a spectator). Here a real redis-server, persisting every write
// (AOF, fsync always), is first paused with SIGSTOP (a stall: the socket stays open, nothing
// answers), then resumed (play goes on), then killed with SIGKILL (down). While it is down the
// hub process is killed with SIGKILL too; Redis comes back from its AOF, the hub starts again,
// and every room comes back exactly as its clients last decoded it: no acknowledged move lost.
// Before the room log waited for Redis' answer, every move sent during the outage was
// acknowledged (patched to everyone) without being in the log, and the kill lost them.

import { expect } from "chai";
import { Client, type Room } from "colyseus.js";
import { createRng } from "../../common/core/rng.js";
import { findRedisServer, freePort, startHubProcess, startRedis, type HubProcess, type RedisServer } from "../helpers/cluster.js";
import { comparable, DRIVERS, play, rejoinAll, seat, type GameDriver, type Player } from "../helpers/durable.js";
import { Probe, sleep } from "../helpers/hub.js";

const NOT_SAVED_WORDS = /^The server could not save your move because its storage is not answering\. Nothing changed; try again in a moment\.$/;
/** How long a write may wait for Redis before it is refused (the hub's ROOM_LOG_TIMEOUT_MS here). */
const TIMEOUT_MS = 1000;

interface Table {
  d: GameDriver;
  roomId: string;
  players: Player[];
  watcher: Room<any>;
  watcherProbe: Probe;
}

type Outcome = "saved" | "refused" | "other";

/** Sends one move this player could make now: "saved" (its patch came), "refused" (not-saved, in words), "other" (the rules refused it, or nothing to do). */
async function tryMove(p: Player, t: Table, rng: ReturnType<typeof createRng>): Promise<Outcome> {
  const m = t.d.choose(p.room.state, p.seat, rng, false);
  if (!m) {
    // Nothing to do yet: let the patches of the others' moves arrive (the loop never waits otherwise).
    await p.probe.sync(8000);
    return "other";
  }
  const mark = p.probe.messages.length;
  if (await play(p, m)) return "saved";
  const error = p.probe.of("error", mark)[0];
  if (error?.code !== "not-saved") return "other";
  expect(error.message, "the refusal's words").to.match(NOT_SAVED_WORDS);
  return "refused";
}

async function everyone(tables: Table[]): Promise<unknown[][]> {
  for (const t of tables) {
    for (const p of t.players) await p.probe.sync(8000);
    await t.watcherProbe.sync(8000);
  }
  return tables.map((t) => [...t.players.map((p) => comparable(p.room.state)), comparable(t.watcher.state)]);
}

/** `count` moves tried across the tables while the log cannot write: every one refused in words, none saved. */
async function refusedWhileDown(tables: Table[], rng: ReturnType<typeof createRng>, count: number): Promise<number> {
  let refused = 0;
  for (let step = 0; step < 40 * count && refused < count; step++) {
    const t = tables[step % tables.length];
    const outcome = await tryMove(t.players[rng.int(t.players.length)], t, rng);
    expect(outcome, "no move is acknowledged while Redis cannot take it").to.not.equal("saved");
    if (outcome === "refused") refused++;
  }
  return refused;
}

async function savedSome(tables: Table[], rng: ReturnType<typeof createRng>, each: number, what: string): Promise<void> {
  for (const t of tables) {
    let saved = 0;
    for (let step = 0; step < 1000 && saved < each; step++) {
      if (t.players[0].room.state.phase !== "playing") break;
      if ((await tryMove(t.players[rng.int(t.players.length)], t, rng)) === "saved") saved++;
    }
    expect(saved, `${t.d.game}: ${what}`).to.be.at.least(t.players[0].room.state.phase === "playing" ? each : 0);
  }
}

describe("Redis stalled or down under the room log: moves refused in words, nothing acknowledged lost", function () {
  this.timeout(300_000);
  const bin = findRedisServer();
  let redis: RedisServer | undefined;
  let hub: HubProcess | undefined;
  let env: Record<string, string> = {};
  let stopped = false;

  before(async function () {
    if (!bin) {
      if (process.env.CI === "true") throw new Error("redis-server is not installed: the Redis outage test needs it.");
      return this.skip();
    }
    redis = await startRedis(bin, { persist: true });
    const port = await freePort();
    env = {
      PORT: String(port),
      REDIS_URL: redis.url,
      PUBLIC_ADDRESS: `127.0.0.1:${port}`,
      ROOM_ADOPT_SECONDS: "1",
      ROOM_LOG_TIMEOUT_MS: String(TIMEOUT_MS),
      RECONNECT_SECONDS: "120",
      SEAT_HOLD_SECONDS: "600",
      BOT_THREADS: "0",
      RATE_BURST: "100000",
      RATE_PER_SECOND: "100000",
    };
    hub = await startHubProcess("hub", env);
  });
  after(async () => {
    if (stopped && redis?.running) redis.proc.kill("SIGCONT");
    await hub?.stop("SIGKILL");
    await redis?.stop("SIGKILL");
    redis?.remove();
  });

  it("every game: refused in words while Redis is paused or killed, nothing changes for anyone, play resumes, and a SIGKILL of the hub loses no acknowledged move", async () => {
    const rng = createRng(0x7ed15, 3);
    const sdk = new Client(hub!.http);
    const tables: Table[] = [];
    for (const [k, d] of DRIVERS.entries()) {
      const host = await seat(sdk.create(d.game, { ...d.options, name: "P0", private: k % 2 === 1 }));
      const players = [host];
      for (let i = 1; i < d.seats; i++) players.push(await seat(sdk.joinById(host.room.roomId, { name: `P${i}` })));
      await host.probe.until(() => host.room.state.phase === "playing" || undefined, 8000, `${d.game} to start`);
      const watcher = await sdk.joinById(host.room.roomId, { spectate: true });
      tables.push({ d, roomId: host.room.roomId, players, watcher, watcherProbe: new Probe(watcher) });
    }
    await savedSome(tables, rng, 3, "moves saved before the outage");

    // A stall: Redis keeps its socket open and answers nothing.
    let seen = await everyone(tables);
    redis!.proc.kill("SIGSTOP");
    stopped = true;
    expect(await refusedWhileDown(tables, rng, 12), "moves refused while Redis is paused").to.equal(12);
    await sleep(300); // a patch that would still come
    expect(await everyone(tables), "what every player and spectator decodes after the refusals (stall)").to.deep.equal(seen);

    redis!.proc.kill("SIGCONT");
    stopped = false;
    await sleep(TIMEOUT_MS);
    await savedSome(tables, rng, 2, "play goes on once Redis answers again");

    // Down: Redis killed. Its AOF holds every write it answered.
    seen = await everyone(tables);
    await redis!.stop("SIGKILL");
    expect(await refusedWhileDown(tables, rng, 12), "moves refused while Redis is down").to.equal(12);
    await sleep(300);
    expect(await everyone(tables), "what every player and spectator decodes after the refusals (down)").to.deep.equal(seen);

    // The hub dies during the outage; Redis comes back; the hub starts again.
    await hub!.stop("SIGKILL");
    redis = await redis!.restart();
    hub = await startHubProcess("hub", env);
    const back = new Client(hub.http);
    for (const [i, t] of tables.entries()) {
      t.players = await rejoinAll(back, t.roomId, t.players, seen[i].slice(0, -1), `${t.d.game} state after the outage and the kill`);
      const watcher = await back.joinById(t.roomId, { spectate: true });
      const watcherProbe = new Probe(watcher);
      await watcherProbe.sync(8000);
      expect(comparable(watcher.state), `${t.d.game}: the spectator's decoded state`).to.deep.equal(seen[i].at(-1));
      Object.assign(t, { watcher, watcherProbe });
    }
    await savedSome(tables, rng, 1, "the restored game plays on");
    for (const t of tables) {
      for (const p of t.players) await p.room.leave();
      await t.watcher.leave();
    }
  });
});
