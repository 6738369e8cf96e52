// A Minesweeper co-op game end to end with real colyseus.js clients: reveals from two seats
// with credits, a mine ending it for all, restart rules, solo restart and timing, every move's
// board equal to the rules' view, and a 100×100 flood (rooms, seats and tokens:
// minesweeper.room.test.ts).

import { expect } from "chai";
import type { Room } from "colyseus.js";
import { replay } from "../../common/core/session.js";
import { CELL, creditsBySeat, minesweeperRules } from "../../common/minesweeper/index.js";
import type { MinesweeperRoom } from "../../server/rooms/minesweeper/index.js";
import {
  numberedSafeCells,
  play,
  Probe,
  rc,
  safeHiddenCell,
  seated as seatedClient,
  snapshot,
  until,
  useHub,
  watcher as watchRoom,
  type SeatedClient,
} from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";
import { cellsOf } from "../helpers/boardRows.js";

const PORT = testPort(2815);

type Player = SeatedClient;

describe("a Minesweeper co-op game (real clients)", function () {
  this.timeout(20_000);
  // Generous message limits: these tests pace nothing (the fuzz suite tests the real limit).
  const hub = useHub(PORT, { reconnectSeconds: 1, seatHoldSeconds: 60, messageRate: { burst: 1000, perSecond: 1000 } });
  afterEach(async () => {
    await hub.colyseus.cleanup();
  });

  const seated = (join: Promise<Room<any>>, cellsAtReceipt = false) => seatedClient(join, undefined, { cellsAtReceipt });
  const watcher = (roomId: string) => watchRoom(hub, roomId);

  it("reveals from two seats with credits, a mine ends it for all, restart only after the end", async () => {
    // A random board: a first reveal can open nearly all of it; such a board is set aside,
    // since this test needs turns left to take before the mine.
    let ann: Player, bob: Player, spectator: Probe, server: MinesweeperRoom, roomId: string;
    for (let attempt = 0; ; attempt++) {
      ann = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "coop", seats: 3, private: true, name: "Ann" }), true);
      roomId = ann.room.roomId;
      bob = await seated(hub.colyseus.sdk.joinById(roomId, { name: "Bob" }), true);
      spectator = await watcher(roomId);
      server = hub.room(roomId);
      await play(ann, "reveal", { r: 4, c: 4 });
      if (numberedSafeCells(server).length > 3 || attempt === 9) break;
      for (const room of [ann.room, bob.room, spectator.room]) await room.leave();
    }
    expect(server.state.phase).to.equal("active");
    // The reveal's patch is sent right away: when its event arrives, the cells are already open.
    const revealEvent = await bob.probe.until(() => bob.probe.messages.find((m) => m.type === "event" && m.payload.kind === "reveal"));
    expect(revealEvent.payload.seat).to.equal(0);
    expect(revealEvent.phase).to.equal("active");
    const opened = revealEvent.cells!.filter((code) => code <= 8).length;
    expect(revealEvent.payload.count).to.equal(opened);
    // Small reveals list their cells; a big flood's event names only the count and origin.
    if (opened <= 64) for (const cell of revealEvent.payload.cells) expect(revealEvent.cells![cell.r * 9 + cell.c]).to.equal(cell.n);
    else expect(revealEvent.payload.cells).to.equal(undefined);
    expect(revealEvent.cells![revealEvent.payload.r * 9 + revealEvent.payload.c]).to.be.at.most(8);

    // Cells next to a mine open one at a time, so these turns cannot win the board.
    for (let k = 0; k < 3; k++) await play(bob, "reveal", rc(server, numberedSafeCells(server)[0]));
    await play(bob, "cursor", { r: 2, c: 3 });
    await ann.probe.until(() => ann.probe.state.cursors?.[1]?.r === 2 || undefined);
    expect(ann.probe.of("error")).to.deep.equal([]);
    expect(bob.probe.of("error")).to.deep.equal([]);

    const credits = creditsBySeat(server.session.state);
    expect(credits[0]).to.be.greaterThan(0);
    expect(credits[1]).to.be.greaterThan(0);
    await spectator.until(() => spectator.state.credits?.[1] === credits[1] || undefined);
    expect(Array.from(spectator.state.credits)).to.deep.equal(credits);
    expect(credits.reduce((a, b) => a + b, 0)).to.equal(server.session.state.revealedCount);

    // Restart mid-game: refused, nothing changes.
    const before = snapshot(server.state);
    ann.room.send("restart", {});
    const refused = await ann.probe.next("error", 0, (e) => e.type === "restart");
    expect(refused.code).to.equal("not-allowed");
    expect({ ...snapshot(server.state), serverTime: 0 }).to.deep.equal({ ...before, serverTime: 0 });

    // Bob flags a mine, Ann steps on another: lost for everyone.
    const mines = [...server.session.state.mines!].flatMap((m, i) => (m ? [i] : []));
    await play(bob, "flag", rc(server, mines[0]));
    const hit = mines[1];
    await play(ann, "reveal", rc(server, hit));
    for (const probe of [ann.probe, bob.probe, spectator]) {
      await probe.until(() => probe.state.phase === "lost" || undefined);
      expect(probe.state.hit).to.equal(hit);
      expect(cellsOf(probe.state)[hit]).to.equal(CELL.HIT_MINE);
      expect(cellsOf(probe.state)[mines[0]]).to.equal(CELL.FLAGGED_MINE);
      expect(probe.state.endedAt).to.be.at.least(probe.state.startedAt);
      expect(probe.state.elapsed).to.equal(probe.state.endedAt - probe.state.startedAt);
      const lost = await probe.next("event", 0, (e) => e.kind === "lost");
      expect(lost).to.include({ seat: 0, r: Math.floor(hit / 9), c: hit % 9 });
    }
    expect(ann.probe.messages.find((m) => m.type === "event" && m.payload.kind === "lost")!.phase, "state first, then the event").to.equal("lost");

    await play(bob, "reveal", rc(server, safeHiddenCell(server)));
    expect(bob.probe.of("error").at(-1)).to.include({ code: "game-over", type: "reveal" });

    // Recorded, and the record replays to the same end.
    const [record] = hub.store.recentGames({ roomId });
    expect(record).to.include({ game: "minesweeper", result: "lost", seed: server.session.seed });
    expect(record.seats).to.deep.equal(["Ann", "Bob", ""]);
    expect(record.log).to.have.length(server.session.log.length);
    expect(record.log.every((m) => typeof m.t === "number")).to.equal(true);
    const replayed = replay(minesweeperRules, { game: "minesweeper", seed: record.seed, config: record.config as any, seats: 3, log: record.log as any });
    expect(replayed.valid).to.equal(true);
    expect(replayed.state.phase).to.equal("lost");
    expect(replayed.state.hitIndex).to.equal(hit);

    // After the end, any seat may restart: a fresh board with a new seed.
    const oldSeed = server.session.seed;
    await play(bob, "restart", {});
    for (const probe of [ann.probe, bob.probe, spectator]) {
      await probe.until(() => probe.state.phase === "fresh" || undefined);
      expect(cellsOf(probe.state).every((c) => c === CELL.HIDDEN)).to.equal(true);
      expect([probe.state.flags, probe.state.hit, probe.state.startedAt, probe.state.endedAt, probe.state.elapsed]).to.deep.equal([0, -1, 0, 0, 0]);
      expect(Array.from(probe.state.credits)).to.deep.equal([0, 0, 0]);
      await probe.next("event", 0, (e) => e.kind === "restart");
    }
    expect(server.session.seed).to.not.equal(oldSeed);
    expect(server.session.log).to.have.length(0);
  });

  it("solo: restart any time records the abandoned board; a win is timed", async () => {
    const solo = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "solo", level: "custom", rows: 5, cols: 5, mines: 3, name: "Sol" }));
    const server = hub.room(solo.room.roomId);
    // A flag starts the board without placing mines, so it can never win by itself.
    await play(solo, "flag", { r: 0, c: 0 });
    await play(solo, "restart", undefined);
    expect(server.state.phase).to.equal("fresh");
    expect(hub.store.recentGames({ roomId: solo.room.roomId })[0]).to.include({ result: "abandoned" });

    while (server.state.phase !== "won") await play(solo, "reveal", rc(server, safeHiddenCell(server)));
    await solo.probe.until(() => solo.probe.state.phase === "won" || undefined);
    const won = await solo.probe.next("event", 0, (e) => e.kind === "won");
    expect(won.elapsed).to.equal(solo.probe.state.elapsed);
    expect(solo.probe.state.credits[0]).to.equal(25 - 3);
    expect(hub.store.recentGames({ roomId: solo.room.roomId })[0]).to.include({ result: "won" });
    // Every mine shows as flagged after a win.
    for (let i = 0; i < 25; i++) if (server.session.state.mines![i]) expect(cellsOf(solo.probe.state)[i]).to.equal(CELL.FLAGGED_MINE);
  });

  it("after every move each player's board, flag counter and credits are the rules' view (only changed cells are patched)", async () => {
    const ann = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "coop", seats: 2, private: true, level: "intermediate" }));
    const bob = await seated(hub.colyseus.sdk.joinById(ann.room.roomId, {}));
    const server = hub.room(ann.room.roomId);
    const board = () => server.session.state;
    await play(ann, "reveal", { r: 0, c: 0 });
    // Flags on, flags off, reveals and chords from both seats, as long as the board runs.
    for (let k = 0; k < 40 && board().phase === "active"; k++) {
      const p = k % 2 ? bob : ann;
      const cols = board().config.cols;
      const at = (i: number) => ({ r: Math.floor(i / cols), c: i % cols });
      const kind = k % 4;
      if (kind === 3) {
        // Chord an open number whose flags are right: flag its hidden mines first.
        const n = board().status.findIndex((st, i) => st === 1 && board().adjacent[i] > 0);
        if (n >= 0) await play(p, "chord", at(n));
      } else if (kind === 1) {
        const mine = board().mines!.findIndex((m, i) => m === 1 && board().status[i] === 0);
        if (mine >= 0) await play(p, "flag", at(mine));
      } else {
        const safe = safeHiddenCell(server);
        if (safe >= 0) await play(p, "reveal", at(safe));
      }
      await Promise.all([ann, bob].map((q) => q.probe.sync()));
      const view = server.session.view(null);
      const credits = creditsBySeat(board());
      for (const q of [ann, bob]) {
        expect(cellsOf(q.probe.state), `cells after move ${k}`).to.deep.equal(Array.from(view.cells));
        expect(q.probe.state.flags, `flag counter after move ${k}`).to.equal(view.flags);
        expect(Array.from(q.probe.state.credits as Iterable<number>), `credits after move ${k}`).to.deep.equal(credits);
      }
    }
    expect(board().flagCount, "flags were placed").to.be.above(0);
  });

  it("handles a 100×100 board with a big flood fill", async () => {
    const p = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "solo", level: "custom", rows: 100, cols: 100, mines: 10 }));
    const server = hub.room(p.room.roomId);
    await p.probe.until(() => cellsOf(p.probe.state).length === 10000 || undefined);
    await play(p, "reveal", { r: 50, c: 50 });
    const view = server.session.view(null).cells;
    await p.probe.until(() => cellsOf(p.probe.state)[0] !== CELL.HIDDEN || undefined);
    expect(cellsOf(p.probe.state)).to.deep.equal(Array.from(view));
  });
});
