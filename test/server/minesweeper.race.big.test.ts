// The biggest states there are: a 100 × 100 co-op board, and eight racers on Expert boards (8 × 480 cells, each in its
// racer's StateView, then every board made public at the end). A racer reclaiming its seat
// mid-race and a spectator arriving after the race must decode that state whole: the schema
// encoder's 8 KB buffers once cut bigger states short (server/rooms/base/encodeBuffer.ts).

import { expect } from "chai";
import { HIDDEN, viewRace, type MinesweeperState as Board } from "../../common/minesweeper/index.js";
import type { MinesweeperState, RaceRoom, RaceRoomState } from "../../server/rooms/minesweeper/index.js";
import { dropConnection, Probe, until, type TestHub, seated, type SeatedClient } from "../helpers/hub.js";
import { bootMinesweeperHub } from "../helpers/minesweeper.js";
import { testPort } from "../helpers/ports.js";
import { cellsOf } from "../helpers/boardRows.js";

const PORT = testPort(2649);
const RACERS = 8;

type Player = SeatedClient;

function boardOf(server: RaceRoom, seat: number): Board {
  return server.session!.state.boards[server.seatOrder.indexOf(seat)];
}

/** Hidden safe cells of a board, row-major. */
function safeCells(board: Board): { r: number; c: number }[] {
  const cols = board.config.cols;
  const out: { r: number; c: number }[] = [];
  for (let i = 0; i < board.status.length; i++) if (board.status[i] === HIDDEN && board.mines![i] !== 1) out.push({ r: Math.floor(i / cols), c: i % cols });
  return out;
}

describe("minesweeper: the biggest boards", function () {
  this.timeout(60_000);
  let hub: TestHub;

  before(async () => {
    hub = await bootMinesweeperHub(PORT, { raceCountdownMs: 60, messageRate: { burst: 100_000, perSecond: 100_000 } });
  });
  after(async () => {
    await hub.shutdown();
  });

  it("a reclaimed racer and a late spectator decode every board whole", async () => {
    const host = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "race", seats: RACERS, level: "expert", name: "P0" }));
    const players = [host];
    for (let k = 1; k < RACERS; k++) players.push(await seated(hub.colyseus.sdk.joinById(host.room.roomId, { name: `P${k}` })));
    const server = hub.room<RaceRoom>(host.room.roomId);
    for (const p of players) p.room.send("ready", { ready: true });
    await Promise.all(players.map((p) => p.probe.until(() => p.probe.state.phase === "racing" || undefined, 8000, "racing")));

    // Every racer opens most of its safe cells, one at a time (flood fills open more).
    for (const p of players) {
      for (let n = 0; n < 400; n++) {
        const left = safeCells(boardOf(server, p.seat));
        if (left.length <= 3) break;
        p.room.send("reveal", left[(n * 7) % left.length]);
        if (n % 50 === 49) await p.probe.sync();
      }
      await p.probe.sync();
    }

    // Seat 3 drops and reclaims: its own board arrives whole in the new connection's first state.
    const a = players[3];
    const mine = Array.from(viewRace(server.session!.state, server.seatOrder.indexOf(3)).own!.cells);
    dropConnection(a.room);
    await until(() => server.seatStatus(3) !== "connected", 5000);
    const back = await seated(hub.colyseus.sdk.joinById(host.room.roomId, { seatToken: a.seatToken }));
    await back.probe.until(() => cellsOf(back.probe.state.players?.[3]?.board).length === 480 || undefined, 5000, "own board");
    expect(cellsOf(back.probe.state.players[3].board)).to.deep.equal(mine);
    players[3] = back;

    // Everyone clears: the race ends and every board becomes public.
    for (const p of players) {
      for (let left = safeCells(boardOf(server, p.seat)); left.length && server.state.phase === "racing"; left = safeCells(boardOf(server, p.seat))) {
        p.room.send("reveal", left[0]);
        await p.probe.sync();
      }
    }
    await until(() => server.state.phase !== "racing", 8000);
    const truth = Array.from((server.state as unknown as RaceRoomState).players).map((p) => cellsOf(p));
    expect(truth.filter((c) => c.length === 480).length, "every racer's public board").to.equal(RACERS);

    const late = await hub.colyseus.sdk.joinById(host.room.roomId, { spectate: true, name: "Late" });
    const watcher = new Probe(late);
    await watcher.next("welcome", 0);
    await watcher.until(() => cellsOf(watcher.state.players?.[RACERS - 1]).length === 480 || undefined, 5000, "the public boards");
    const seen = Array.from(watcher.state.players).map((p: any) => cellsOf(p));
    expect(seen).to.deep.equal(truth);
    for (const p of players) {
      await p.probe.sync();
      expect(Array.from(p.probe.state.players).map((x: any) => cellsOf(x))).to.deep.equal(truth);
    }
  });

  it("a co-op board of 100 × 100 reaches a late spectator whole after a flood opens most of it", async () => {
    const host = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "coop", level: "custom", rows: 100, cols: 100, mines: 300, name: "P0" }));
    const server = hub.room(host.room.roomId);
    host.room.send("reveal", { r: 50, c: 50 });
    await host.probe.sync();
    for (let n = 0; n < 40; n++) {
      const left = safeCells(server.session!.state as Board);
      if (!left.length || (server.state as unknown as MinesweeperState).phase !== "playing") break;
      host.room.send("reveal", left[(n * 13) % left.length]);
      await host.probe.sync();
    }
    const truth = cellsOf(server.state as unknown as MinesweeperState);
    expect(truth.filter((c) => c <= 8).length, "most of the board open").to.be.greaterThan(5000);
    const late = await hub.colyseus.sdk.joinById(host.room.roomId, { spectate: true, name: "Late" });
    const watcher = new Probe(late);
    await watcher.next("welcome", 0);
    await watcher.until(() => cellsOf(watcher.state).length === 10_000 || undefined, 5000, "the board");
    expect(cellsOf(watcher.state)).to.deep.equal(truth);
    expect(cellsOf(host.probe.state)).to.deep.equal(truth);
  });
});
