// Minesweeper's spectator delay with real clients: a private co-op board or race created with
// spectatorDelay shows its spectators the board that many seconds late (the delayed mirror
// replays the accepted clicks through the rules), while the players see every click at once.
// A race's boards stay private in the mirror too. Delays run at a tenth of their length here
// (DelayRecorder.timeScale): "15 s" is 1.5 s.
import { expect } from "chai";
import { DelayRecorder } from "../../server/rooms/game/spectatorDelay.js";
import { HIDDEN } from "../../common/minesweeper/index.js";
import type { RaceRoom } from "../../server/rooms/minesweeper/index.js";
import { Probe, rc, safeHiddenCell, seated, type TestHub } from "../helpers/hub.js";
import { bootMinesweeperHub } from "../helpers/minesweeper.js";
import { freePort } from "../helpers/e2e.js";

const SCALE = 0.1;
const DELAY_MS = 15 * 1000 * SCALE;

/** Cells shown open (a number or empty) in a board's codes. */
const opened = (cells: ArrayLike<number> | undefined) => Array.from(cells ?? []).filter((c) => c <= 8).length;

describe("minesweeper: spectator delay", function () {
  this.timeout(30_000);
  let hub: TestHub;
  let scale = 1;

  before(async () => {
    scale = DelayRecorder.timeScale;
    DelayRecorder.timeScale = SCALE;
    hub = await bootMinesweeperHub(await freePort(), { raceCountdownMs: 200 });
  });
  after(async () => {
    DelayRecorder.timeScale = scale;
    await hub.shutdown();
  });

  it("a co-op spectator sees the board and each click 15 s late; the players see them at once", async () => {
    const ann = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "coop", seats: 2, private: true, spectatorDelay: 15, name: "Ann" }));
    const code = ann.room.roomId;
    const ben = await seated(hub.colyseus.sdk.joinById(code, { name: "Ben" }));
    const watcher = await hub.colyseus.sdk.joinById(code, { spectate: true, name: "Viv" });
    const probe = new Probe(watcher);
    expect(await probe.next("welcome", 0)).to.include({ roomId: code, spectator: true, delaySeconds: 15 });
    expect(watcher.roomId, "the spectator is in the delayed mirror").to.not.equal(code);
    await probe.until(() => watcher.state.phase === "fresh" || undefined, 3000 + DELAY_MS * 2, "the board, late");
    expect(watcher.state.cells.length).to.equal(ann.room.state.cells.length);
    expect(opened(watcher.state.cells)).to.equal(0);

    const server = hub.room(code);
    const cell = safeHiddenCell(server);
    const madeAt = Date.now();
    ann.room.send("cursor", rc(server, cell));
    ann.room.send("reveal", rc(server, cell));
    for (const p of [ann, ben]) await p.probe.until(() => opened(p.room.state.cells) > 0 || undefined, 3000, "the players see the opening");
    expect(opened(watcher.state.cells), "not yet shown to the spectator").to.equal(0);
    await probe.until(() => opened(watcher.state.cells) > 0 || undefined, 5000 + DELAY_MS * 2, "the spectator sees the opening");
    expect(Date.now() - madeAt, "no sooner than the delay").to.be.at.least(DELAY_MS - 50);
    // the same board, later: cells, phase, flags, names; a pointer is live only, never replayed
    expect(Array.from(watcher.state.cells)).to.deep.equal(Array.from(ann.room.state.cells));
    expect(watcher.state.phase).to.equal(ann.room.state.phase);
    expect(watcher.state.flags).to.equal(ann.room.state.flags);
    expect(watcher.state.seats.map((s: { name: string }) => s.name)).to.deep.equal(["Ann", "Ben"]);
    expect(ben.room.state.cursors[ann.seat].r, "Ben sees where Ann points").to.equal(rc(server, cell).r);
    expect(watcher.state.cursors[ann.seat].r, "the delayed view has no live pointer").to.equal(-1);
    // a delayed spectator cannot click
    watcher.send("reveal", { r: 0, c: 0 });
    expect((await probe.next("error", 0, (e) => e.type === "reveal")).code).to.equal("not-seated");
    await watcher.leave(true);
    await Promise.all([ann.room.leave(true), ben.room.leave(true)]);
  });

  it("a race spectator sees the race and each racer's progress late, and no racer's board while it runs", async () => {
    const ann = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "race", seats: 2, private: true, spectatorDelay: 15, name: "Ann" }));
    const code = ann.room.roomId;
    const ben = await seated(hub.colyseus.sdk.joinById(code, { name: "Ben" }));
    const watcher = await hub.colyseus.sdk.joinById(code, { spectate: true, name: "Viv" });
    const probe = new Probe(watcher);
    await probe.next("welcome", 0);
    for (const p of [ann, ben]) p.room.send("ready", { ready: true });
    await ann.probe.until(() => ann.room.state.phase === "racing" || undefined, 5000, "the go");
    // the go opens each racer's board at the same safe cell: the progress to beat
    const mine = () => ann.room.state.players[ann.seat];
    await ann.probe.until(() => mine().percent > 0 || undefined, 3000, "Ann's opening");
    const before = mine().percent;
    const server = hub.room<RaceRoom>(code);
    const board = server.session!.state.boards[server.seatOrder.indexOf(ann.seat)];
    const cols = server.session!.config.cols;
    const cell = board.status.findIndex((st, i) => st === HIDDEN && board.mines![i] === 0);
    const madeAt = Date.now();
    ann.room.send("reveal", { r: Math.floor(cell / cols), c: cell % cols });
    await ann.probe.until(() => mine().percent > before || undefined, 3000, "Ann's progress");
    const percent = mine().percent;
    expect(watcher.state.players[ann.seat]?.percent ?? 0, "not yet shown to the spectator").to.be.at.most(before);
    await probe.until(() => watcher.state.players[ann.seat]?.percent === percent || undefined, 5000 + DELAY_MS * 2, "the spectator sees Ann's progress");
    expect(Date.now() - madeAt, "no sooner than the delay").to.be.at.least(DELAY_MS - 50);
    expect(watcher.state.phase).to.equal("racing");
    // the racers' own boards are in their @view() children only: a spectator has no view
    for (const p of watcher.state.players) {
      expect(opened(p.board?.cells), "no racer's board reaches the spectator").to.equal(0);
      expect(p.cells.length, "the public copy waits for the end").to.equal(0);
    }
    await watcher.leave(true);
    await Promise.all([ann.room.leave(true), ben.room.leave(true)]);
  });
});
