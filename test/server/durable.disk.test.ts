// A full disk, for real: the hub PROCESS keeps its store and room log on a 3 MB tmpfs the
// test mounts (as root) and fills with a filler file until the kernel answers ENOSPC.
// - Every game at once: moves made while the disk is full are refused `not-saved` in words
//   and change nothing any client (players, a spectator) decodes; once the filler is deleted
//   play goes on; then the process is killed with SIGKILL and every room comes back exactly
//   as its clients last decoded it (no hole in the log, no move it never showed).
// - No room is created on a full disk, nor while free space is under DISK_RESERVE_MB.
// - A finished game whose store is on the full disk waits and is written once space is back.
// Without root (no tmpfs) this suite is skipped; durable.full.test.ts checks the same path
// in-process with SQLite's max_page_count.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "chai";
import { Client, type Room } from "colyseus.js";
import { createRng } from "../../common/core/rng.js";
import { freePort } from "../helpers/cluster.js";
import { comparable, DRIVERS, play, rejoin, rejoinAll, restartableHub, seat, type GameDriver, type Player, type Restartable } from "../helpers/durable.js";
import { mountSmallDisk, type SmallDisk } from "../helpers/fullDisk.js";
import { Probe, sleep } from "../helpers/hub.js";

const REFUSED_MOVES = 30;

interface Table {
  d: GameDriver;
  roomId: string;
  players: Player[];
  watcher: Room<any>;
  watcherProbe: Probe;
}

const NOT_SAVED_WORDS = /^The server could not save your move because its disk is full\. Nothing changed; try again in a moment\.$/;

/** Sends one move this player could make now: "saved" (its patch came), "refused" (not-saved), "other" (the rules refused it, or nothing to do). */
async function tryMove(p: Player, t: Table, rng: ReturnType<typeof createRng>): Promise<"saved" | "refused" | "other"> {
  const m = t.d.choose(p.room.state, p.seat, rng, false);
  if (!m) return "other";
  const mark = p.probe.messages.length;
  if (await play(p, m)) return "saved";
  const error = p.probe.of("error", mark)[0];
  if (error?.code !== "not-saved") return "other";
  expect(error.message, "the refusal's words").to.match(NOT_SAVED_WORDS);
  return "refused";
}

async function everyone(tables: Table[]): Promise<unknown[][]> {
  for (const t of tables) {
    for (const p of t.players) await p.probe.sync();
    await t.watcherProbe.sync();
  }
  return tables.map((t) => [...t.players.map((p) => comparable(p.room.state)), comparable(t.watcher.state)]);
}

async function createRefusal(sdk: Client, game: string): Promise<string> {
  try {
    const room = await sdk.create(game, { mode: "online", timer: 0, name: "Late" });
    await room.leave();
    return "";
  } catch (e) {
    return (e as Error).message;
  }
}

describe("a full disk (a real 3 MB tmpfs): no acknowledged move lost, nothing refused changes anything", function () {
  this.timeout(300_000);
  let disk: SmallDisk | null = null;
  let hub: Restartable | undefined;
  let port = 0;

  before(async function () {
    disk = mountSmallDisk(3);
    if (!disk) {
      console.log("      (cannot mount a tmpfs here: not root. durable.full.test.ts covers the same path with max_page_count)");
      return this.skip();
    }
    port = await freePort();
  });
  afterEach(async () => {
    await hub?.stop();
    hub = undefined;
    if (disk) for (const f of fs.readdirSync(disk.dir)) fs.rmSync(path.join(disk.dir, f), { recursive: true, force: true });
  });
  after(() => disk?.unmount());

  it("every game: moves while the disk is full are refused in words, change nothing for anyone, play resumes, and a SIGKILL restores what everyone last saw", async () => {
    hub = await restartableHub(port, { DISK_RESERVE_MB: "0" }, disk!.dir);
    const rng = createRng(0xd15c, 17);
    const sdk = new Client(`ws://127.0.0.1:${port}`);
    const tables: Table[] = [];
    for (const [k, d] of DRIVERS.entries()) {
      const host = await seat(sdk.create(d.game, { ...d.options, name: "P0", private: k % 2 === 1 }));
      const players = [host];
      for (let i = 1; i < d.seats; i++) players.push(await seat(sdk.joinById(host.room.roomId, { name: `P${i}` })));
      await host.probe.until(() => host.room.state.phase === "playing" || undefined, 8000, `${d.game} to start`);
      const watcher = await sdk.joinById(host.room.roomId, { spectate: true });
      tables.push({ d, roomId: host.room.roomId, players, watcher, watcherProbe: new Probe(watcher) });
    }
    // A few moves in each game (too few to end one).
    for (const t of tables) {
      for (let saved = 0, step = 0; saved < 3 && step < 100; step++) if ((await tryMove(t.players[rng.int(t.players.length)], t, rng)) === "saved") saved++;
    }

    disk!.fill();
    // The log may still have room of its own for a few writes (a WAL it reuses): until one is refused, moves are saved as usual.
    let full = false;
    for (let step = 0; step < 400 && !full; step++) {
      const t = tables[step % tables.length];
      full = (await tryMove(t.players[rng.int(t.players.length)], t, rng)) === "refused";
    }
    expect(full, "a move refused once the disk is full").to.equal(true);

    const seen = await everyone(tables);
    let refused = 1;
    for (let step = 0; step < 40 * REFUSED_MOVES && refused < REFUSED_MOVES; step++) {
      const t = tables[step % tables.length];
      const outcome = await tryMove(t.players[rng.int(t.players.length)], t, rng);
      expect(outcome, "no move is saved while the disk is full").to.not.equal("saved");
      if (outcome === "refused") refused++;
    }
    expect(refused).to.equal(REFUSED_MOVES);
    await sleep(300); // a patch that would still come
    expect(await everyone(tables), "what every player and spectator decodes after the refused moves").to.deep.equal(seen);

    // No new room, no new seat on a full disk, in words.
    expect(await createRefusal(sdk, "connect4")).to.match(/disk is full, so no new game can start right now/);
    const late = await sdk.create("connect4", { mode: "online", timer: 0, name: "Q" }).catch((e: Error) => e);
    expect(late).to.be.instanceOf(Error);

    // Space back: play goes on (the first move may still meet the log's quarter-second probe).
    disk!.free();
    await sleep(300);
    for (const t of tables) {
      for (let saved = 0, step = 0; saved < 2 && step < 200; step++) if ((await tryMove(t.players[rng.int(t.players.length)], t, rng)) === "saved") saved++;
    }
    const before = await everyone(tables);
    expect(before, "play went on once space was back").to.not.deep.equal(seen);

    await hub.restart("SIGKILL");
    for (const [i, t] of tables.entries()) {
      t.players = await rejoinAll(sdk, t.roomId, t.players, before[i].slice(0, -1), `${t.d.game} state after the full disk and the kill`);
      const watcher = await sdk.joinById(t.roomId, { spectate: true });
      await new Probe(watcher).sync();
      expect(comparable(watcher.state), `${t.d.game}: the spectator's decoded state`).to.deep.equal(before[i].at(-1));
      // ...and the game goes on.
      let saved = 0;
      for (let step = 0; step < 200 && saved < 1 && t.players[0].room.state.phase === "playing"; step++) {
        if ((await tryMove(t.players[rng.int(t.players.length)], t, rng)) === "saved") saved++;
      }
      for (const p of t.players) await p.room.leave();
      await watcher.leave();
    }
  });

  it("killed while the disk is full: the room comes back all the same, its players rejoin, and it plays on once space is back", async () => {
    hub = await restartableHub(port, { DISK_RESERVE_MB: "0" }, disk!.dir);
    const sdk = new Client(`ws://127.0.0.1:${port}`);
    let a = await seat(sdk.create("connect4", { mode: "online", timer: 0, name: "A" }));
    let b = await seat(sdk.joinById(a.room.roomId, { name: "B" }));
    const roomId = a.room.roomId;
    await a.probe.until(() => a.room.state.phase === "playing" || undefined);
    const [first, second] = a.room.state.acting[0] === a.seat ? [a, b] : [b, a];
    expect(await play(first, { type: "drop", payload: { col: 3 } })).to.equal(true);
    expect(await play(second, { type: "drop", payload: { col: 4 } })).to.equal(true);
    disk!.fill();
    const rng = createRng(7, 7);
    const t = { d: DRIVERS[0], roomId, players: [a, b], watcher: a.room, watcherProbe: a.probe };
    for (let step = 0; step < 400; step++) if ((await tryMove(a.room.state.acting[0] === a.seat ? a : b, t, rng)) === "refused") break;
    await b.probe.sync();
    const before = [comparable(a.room.state), comparable(b.room.state)];

    await hub.restart("SIGKILL");
    [a, b] = await rejoinAll(sdk, roomId, [a, b], before, "state after a kill on a full disk");
    const mover = a.room.state.acting[0] === a.seat ? a : b;
    expect(await tryMove(mover, { ...t, players: [a, b] }, rng), "still full: refused in words").to.equal("refused");

    disk!.free();
    await sleep(300);
    let saved = false;
    for (let i = 0; i < 20 && !saved; i++) saved = (await tryMove(a.room.state.acting[0] === a.seat ? a : b, { ...t, players: [a, b] }, rng)) === "saved";
    expect(saved, "plays on once space is back").to.equal(true);
    await a.room.leave();
    await b.room.leave();
  });

  it("no room is created on a full disk or under DISK_RESERVE_MB; the rooms already there play on", async () => {
    hub = await restartableHub(port, { DISK_RESERVE_MB: "1" }, disk!.dir);
    const sdk = new Client(`ws://127.0.0.1:${port}`);
    const host = await seat(sdk.create("connect4", { mode: "online", timer: 0, name: "A" }));
    const guest = await seat(sdk.joinById(host.room.roomId, { name: "B" }));
    await host.probe.until(() => host.room.state.phase === "playing" || undefined);

    disk!.fill(512 * 1024); // half a megabyte left: under the 1 MB reserve
    await sleep(1100); // free space is read at most once a second
    expect(await createRefusal(sdk, "connect4")).to.equal(
      "The server is almost out of disk space, so no new game can start right now. Games already running go on; try again later.",
    );
    expect(await play(host, { type: "drop", payload: { col: 3 } }), "a running game takes moves under the reserve").to.equal(true);

    disk!.free();
    await sleep(1100); // free space is read at most once a second
    expect(await createRefusal(sdk, "connect4"), "space back: rooms are created again").to.equal("");
    await host.room.leave();
    await guest.room.leave();
  });

  it("a game finished while its store's disk is full waits in the queue and is written once space is back", async () => {
    const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "hub-disk-log-"));
    try {
      hub = await restartableHub(port, { DISK_RESERVE_MB: "0", ROOM_LOG: path.join(logDir, "rooms.sqlite") }, disk!.dir);
      const sdk = new Client(`ws://127.0.0.1:${port}`);
      const a = await seat(sdk.create("connect4", { mode: "online", timer: 0, name: "A" }));
      const b = await seat(sdk.joinById(a.room.roomId, { name: "B" }));
      await a.probe.until(() => a.room.state.phase === "playing" || undefined);
      disk!.fill();
      // A wins in the first column: A 0, B 1, A 0, B 1, A 0, B 1, A 0.
      for (let i = 0; i < 7; i++) expect(await play(i % 2 ? b : a, { type: "drop", payload: { col: i % 2 } }), `move ${i}`).to.equal(true);
      expect(a.room.state.phase).to.equal("finished");
      const replay = async () => (await fetch(`${hub!.hub.http}/api/replays/1`)).status;
      expect(await replay(), "not in the store while its disk is full").to.equal(404);
      await a.probe.until(() => /could not save a finished connect4 game \(the disk is full/.test(hub!.hub.output) || undefined, 4000, "the store's complaint in the log");
      disk!.free();
      const deadline = Date.now() + 15_000;
      while ((await replay()) !== 200 && Date.now() < deadline) await sleep(250);
      expect(await replay(), "written once space is back").to.equal(200);
      expect(hub.hub.output).to.match(/\[store\] writing again/);
      await a.room.leave();
      await b.room.leave();
    } finally {
      fs.rmSync(logDir, { recursive: true, force: true });
    }
  });
});
