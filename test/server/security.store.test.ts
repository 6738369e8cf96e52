// A full disk on a real hub: SQLite's max_page_count makes the real store file refuse writes
// with SQLITE_FULL (no tiny file system needed), then is raised again. Finished games are not
// lost: the player is told "not saved yet" (result.saved false, replayId 0), the log says what
// is wrong, and once space returns every waiting result is written and the players still in
// the room get the replay id. Offline submissions are refused with 503 (the player keeps the game).

import { expect } from "chai";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SqliteStore } from "../../server/store/index.js";
import { HIDDEN } from "../../common/minesweeper/index.js";
import type { RaceRoom } from "../../server/rooms/minesweeper/index.js";
import { fillDisk, freeDisk } from "../helpers/fullDisk.js";
import { Probe, type TestHub, until } from "../helpers/hub.js";
import { bootMinesweeperHub, http, playSoloWin, winningSoloLog } from "../helpers/minesweeper.js";
import { testPort } from "../helpers/ports.js";

const PORT = testPort(2692);

describe("security: a full disk loses no finished game", function () {
  this.timeout(30_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hub-full-"));
  const logged: string[] = [];
  let store: SqliteStore;
  let hub: TestHub;

  before(async () => {
    store = new SqliteStore(path.join(dir, "hub.sqlite"));
    hub = await bootMinesweeperHub(PORT, {
      store,
      saveQueue: { firstRetryMs: 50, maxRetryMs: 200, log: (line: string) => void logged.push(line) },
      replaySubmitRate: { burst: 1000, perSecond: 1000 },
      raceCountdownMs: 200,
      messageRate: { burst: 1000, perSecond: 1000 },
    });
  });
  after(async () => {
    await hub.shutdown();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("says 'not saved yet', keeps retrying, and writes every waiting result once space returns", async () => {
    const before = store.recentGames({ game: "minesweeper", limit: 1000 }).length;
    fillDisk(store);

    const stays = await playSoloWin(hub, "Stays");
    expect(stays.result).to.include({ result: "won", saved: false, replayId: 0 });
    expect(stays.probe.state.replayId).to.equal(0);
    const leaves = await playSoloWin(hub, "Leaves");
    expect(leaves.result).to.include({ saved: false, replayId: 0 });
    await leaves.room.leave();

    // An offline submission is refused with a reason (the player still has the game).
    const real = winningSoloLog(777, "beginner");
    const offline = await http(PORT, "POST", "/api/minesweeper/replays", { seed: real.seed, level: "beginner", log: real.log, name: "Offline" });
    expect(offline.status).to.equal(503);
    expect(offline.body.error.code).to.equal("not-saved");

    // Still full after several retries: nothing written, nothing dropped, the log says why.
    await until(() => logged.filter((l) => l.includes("still cannot save")).length >= 3, 5000, "retries");
    expect(store.recentGames({ game: "minesweeper", limit: 1000 }).length).to.equal(before);
    expect(logged.join("\n")).to.match(/the disk is full: SQLITE_FULL/);
    expect(logged.join("\n")).to.match(/2 result\(s\) wait/);

    freeDisk(store);
    const saved = await stays.probe.next("event", 0, (e) => e.kind === "saved", 5000);
    expect(saved.replayId).to.be.greaterThan(0);
    await stays.probe.until(() => stays.probe.state.replayId === saved.replayId || undefined);
    const names = store.recentGames({ game: "minesweeper", limit: 1000 }).map((g) => g.name);
    expect(names).to.include.members(["Stays", "Leaves"]);
    expect(store.getGame(saved.replayId)).to.deep.include({ name: "Stays", result: "won", mode: "solo" });
    expect(logged.join("\n")).to.match(/writing again/);
    const replay = await http(PORT, "GET", `/api/replays/${saved.replayId}`);
    expect(replay.status).to.equal(200);
    await stays.room.leave();
  });

  it("a race finished while the disk is full says so too, and gets its replay once space returns", async () => {
    fillDisk(store);
    const host = await hub.colyseus.sdk.create("minesweeper", { mode: "race", seats: 2, name: "Ann" });
    const hostProbe = new Probe(host);
    const guest = await hub.colyseus.sdk.joinById(host.roomId, { name: "Bob" });
    const racers = [hostProbe, new Probe(guest)];
    const seats = (await Promise.all(racers.map((p) => p.next("seat", 0)))).map((m) => m.seat as number);
    const server = hub.room<RaceRoom>(host.roomId);
    for (const room of [host, guest]) room.send("ready", { ready: true });
    await Promise.all(racers.map((p) => p.until(() => p.state.phase === "racing" || undefined, 4000, "racing")));
    // Both step on a mine: the race is over with no winner.
    for (const [k, room] of [host, guest].entries()) {
      const board = server.session!.state.boards[server.seatOrder.indexOf(seats[k])];
      const mine = board.mines!.findIndex((m, i) => m === 1 && board.status[i] === HIDDEN);
      room.send("reveal", { r: Math.floor(mine / board.config.cols), c: mine % board.config.cols });
      await racers[k].sync();
    }
    const result = await racers[0].next("event", 0, (e) => e.kind === "result");
    expect(result).to.include({ saved: false, replayId: 0 });
    expect(racers[0].state.replayId).to.equal(0);

    freeDisk(store);
    const saved = await racers[1].next("event", 0, (e) => e.kind === "saved", 5000);
    expect(saved.replayId).to.be.greaterThan(0);
    await racers[0].until(() => racers[0].state.replayId === saved.replayId || undefined);
    expect(store.getGame(saved.replayId)).to.deep.include({ mode: "race", result: "lost", seats: ["Ann", "Bob"] });
    await host.leave();
    await guest.leave();
  });
});
