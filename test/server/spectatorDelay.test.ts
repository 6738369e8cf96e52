// Spectator delay with real clients: a private room created with spectatorDelay shows its
// spectators the table that many seconds late (a mirror replaying the accepted moves), the
// players see every move at once, the live room itself turns spectators away, nobody can
// play through or open a mirror, and a spectator arriving mid-game sees the table as it was.
// Minesweeper too: a co-op board shows each click late, a race each racer's progress late and
// no racer's board. The delays run at a tenth of their length here (DelayRecorder.timeScale):
// "15 s" is 1.5 s.
import { expect } from "chai";
import { matchMaker } from "@colyseus/core";
import { DelayRecorder } from "../../server/rooms/game/spectatorDelay.js";
import { HIDDEN } from "../../common/minesweeper/index.js";
import type { RaceRoom } from "../../server/rooms/minesweeper/index.js";
import { Probe, rc, rejection, safeHiddenCell, seated, sleep, type TestHub } from "../helpers/hub.js";
import { seatedIn, type Seated } from "../helpers/cubestacc.js";
import { bootMinesweeperHub } from "../helpers/minesweeper.js";
import { freePort } from "../helpers/e2e.js";
import { cellsOf } from "../helpers/boardRows.js";
import { c4Grid } from "../helpers/connect4.js";

const SCALE = 0.1;
const DELAY_MS = 15 * 1000 * SCALE;

/** Cells shown open (a number or empty) in a Minesweeper board's codes. */
const opened = (cells: ArrayLike<number> | undefined) => Array.from(cells ?? []).filter((c) => c <= 8).length;

describe("spectator delay", function () {
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

  async function table(delay: number): Promise<{ a: Seated; b: Seated; code: string }> {
    const a = await seatedIn(hub.colyseus.sdk.create("connect4", { name: "Ann", private: true, spectatorDelay: delay }));
    const code = a.room.roomId;
    const b = await seatedIn(hub.colyseus.sdk.joinById(code, { name: "Ben" }));
    await a.probe.until(() => a.room.state.phase === "playing" || undefined, 3000, "the game started");
    return { a, b, code };
  }

  /** Drops a disc in `col` for whoever is on turn; resolves when both players see it. */
  async function drop(t: { a: Seated; b: Seated }, col: number): Promise<number> {
    const st = t.a.room.state;
    const mover = st.acting[0] === t.a.seat ? t.a : t.b;
    const before = c4Grid(st).filter((x) => x >= 0).length;
    mover.room.send("drop", { col });
    for (const p of [t.a, t.b]) await p.probe.until(() => c4Grid(p.room.state).filter((x) => x >= 0).length > before || undefined, 3000, "the players see the disc");
    return before + 1;
  }

  const discs = (room: { state: any }) => c4Grid(room.state).filter((x) => x >= 0).length;

  for (const delay of [15, 60]) {
    it(`a spectator sees each move ${delay} s late; the players see it at once`, async function () {
      // Every delay lasts as long as 15 s does (1.5 s): the 60 s one at a quarter of SCALE.
      const scale = SCALE * (15 / delay);
      DelayRecorder.timeScale = scale;
      this.timeout(20_000 + delay * 1000 * scale * 4);
      try {
        await lateByTheDelay(delay, scale);
      } finally {
        DelayRecorder.timeScale = SCALE;
      }
    });
  }

  async function lateByTheDelay(delay: number, scale: number): Promise<void> {
    const t = await table(delay);
    const watcher = await hub.colyseus.sdk.joinById(t.code, { spectate: true, name: "Viv" });
    const probe = new Probe(watcher);
    const welcome = await probe.next("welcome", 0);
    expect(welcome).to.include({ roomId: t.code, spectator: true, delaySeconds: delay });
    expect(watcher.roomId, "the spectator is in the delayed mirror").to.not.equal(t.code);
    expect(await probe.until(() => watcher.state.phase || undefined, 3000 + delay * 1000 * scale * 2, "the mirror's first frame")).to.be.a("string");

    const madeAt = Date.now();
    const count = await drop(t, 3);
    // the players have it; the spectator does not yet
    expect(discs(watcher), "not yet shown to the spectator").to.equal(count - 1);
    await probe.until(() => discs(watcher) >= count || undefined, 5000 + delay * 1000 * scale * 2, "the spectator sees the disc");
    const lag = Date.now() - madeAt;
    expect(lag, "the spectator saw the move no sooner than the delay").to.be.at.least(delay * 1000 * scale - 50);
    // the same table, later: cells, whose turn, names
    expect(c4Grid(watcher.state)).to.deep.equal(c4Grid(t.a.room.state));
    expect(Array.from(watcher.state.acting)).to.deep.equal(Array.from(t.a.room.state.acting));
    expect(watcher.state.seats.map((s: any) => s.name)).to.deep.equal(["Ann", "Ben"]);
    await watcher.leave(true);
    await Promise.all([t.a.room.leave(true), t.b.room.leave(true)]);
  }

  it("a spectator arriving mid-game sees the table as it was the delay ago, then catches up, one move at a time", async () => {
    const t = await table(15);
    await drop(t, 0);
    await drop(t, 1);
    await sleep(15 * 1000 * SCALE + 300); // these two are older than the delay now
    await drop(t, 2);
    const watcher = await hub.colyseus.sdk.joinById(t.code, { spectate: true });
    const seen: number[] = [];
    const probe = new Probe(watcher, { onState: (s) => seen.push(discs({ state: s })) });
    await probe.until(() => discs(watcher) === 3 || undefined, 6000, "the third disc, late");
    expect(seen[0], "first shown: the table before the last move").to.equal(2);
    expect(seen.filter((n) => n === 2).length).to.be.greaterThan(0);
    await watcher.leave(true);
    await Promise.all([t.a.room.leave(true), t.b.room.leave(true)]);
  });

  it("the live room turns spectators away; a delayed spectator cannot move; nobody opens a mirror from outside", async () => {
    const t = await table(15);
    // straight to the live room (not through the hub's route, which says why): refused
    const direct = await rejection(matchMaker.joinById(t.code, { spectate: true }));
    expect(direct).to.be.instanceOf(Error);
    expect(t.a.room.state.spectators).to.equal(0);
    const watcher = await hub.colyseus.sdk.joinById(t.code, { spectate: true });
    const probe = new Probe(watcher);
    watcher.send("drop", { col: 0 });
    const err = await probe.next("error", 0, (e) => e.type === "drop");
    expect(err.code).to.equal("not-seated");
    expect(err.message).to.match(/delay/);
    // a player's seat is not offered in the mirror either
    const seat = await rejection(hub.colyseus.sdk.joinById(watcher.roomId, { name: "Sneak" }));
    expect(seat.message).to.match(/spectators only/);
    const forged = await rejection(hub.colyseus.sdk.create("connect4_delayed", { live: t.code, ticket: "guess" }));
    expect(forged.message).to.match(/opens by itself/);
    expect(discs(t.a.room)).to.equal(0);
    await watcher.leave(true);
    await Promise.all([t.a.room.leave(true), t.b.room.leave(true)]);
  });

  it("the option is checked: 0, 15 or 60, private rooms only; rooms without it are watched live", async () => {
    expect((await rejection(hub.colyseus.sdk.create("connect4", { private: true, spectatorDelay: 7 }))).message).to.match(/0, 15, 60/);
    expect((await rejection(hub.colyseus.sdk.create("connect4", { spectatorDelay: 15 }))).message).to.match(/private rooms/);
    const a = await seatedIn(hub.colyseus.sdk.create("connect4", { name: "Ann", private: true }));
    const watcher = await hub.colyseus.sdk.joinById(a.room.roomId, { spectate: true });
    expect(watcher.roomId).to.equal(a.room.roomId);
    await watcher.leave(true);
    await a.room.leave(true);
  });

  describe("Minesweeper", () => {
    /** Ann and Ben in a private room of `mode` with a 15 s delay, and Viv watching it. */
    async function watched(mode: "coop" | "race") {
      const ann = await seated(hub.colyseus.sdk.create("minesweeper", { mode, seats: 2, private: true, spectatorDelay: 15, name: "Ann" }));
      const code = ann.room.roomId;
      const ben = await seated(hub.colyseus.sdk.joinById(code, { name: "Ben" }));
      const watcher = await hub.colyseus.sdk.joinById(code, { spectate: true, name: "Viv" });
      const probe = new Probe(watcher);
      expect(await probe.next("welcome", 0)).to.include({ roomId: code, spectator: true, delaySeconds: 15 });
      expect(watcher.roomId, "the spectator is in the delayed mirror").to.not.equal(code);
      return { ann, ben, code, watcher, probe };
    }

    it("a co-op spectator sees the board and each click 15 s late; the players see them at once", async () => {
      const { ann, ben, code, watcher, probe } = await watched("coop");
      await probe.until(() => watcher.state.phase === "fresh" || undefined, 3000 + DELAY_MS * 2, "the board, late");
      expect(cellsOf(watcher.state).length).to.equal(cellsOf(ann.room.state).length);
      expect(opened(cellsOf(watcher.state))).to.equal(0);

      const server = hub.room(code);
      const cell = safeHiddenCell(server);
      const madeAt = Date.now();
      ann.room.send("cursor", rc(server, cell));
      ann.room.send("reveal", rc(server, cell));
      for (const p of [ann, ben]) await p.probe.until(() => opened(cellsOf(p.room.state)) > 0 || undefined, 3000, "the players see the opening");
      expect(opened(cellsOf(watcher.state)), "not yet shown to the spectator").to.equal(0);
      await probe.until(() => opened(cellsOf(watcher.state)) > 0 || undefined, 5000 + DELAY_MS * 2, "the spectator sees the opening");
      expect(Date.now() - madeAt, "no sooner than the delay").to.be.at.least(DELAY_MS - 50);
      // the same board, later: cells, phase, flags, names; a pointer is live only, never replayed
      expect(cellsOf(watcher.state)).to.deep.equal(cellsOf(ann.room.state));
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

    it("a race spectator sees the countdown, the race and each racer's progress late, and no racer's board while it runs", async () => {
      const { ann, ben, code, watcher, probe } = await watched("race");
      // the room as it was before the race shows first (a view that shows nothing yet skips
      // straight to a race already under way, countdown included)
      await probe.until(() => watcher.state.seats?.[ben.seat]?.name === "Ben" || undefined, 3000 + DELAY_MS * 2, "the room, late");
      for (const p of [ann, ben]) p.room.send("ready", { ready: true });
      const liveEnds: number = await ann.probe.until(() => ann.room.state.countdownEndsAt || undefined, 5000, "the countdown");
      await ann.probe.until(() => ann.room.state.phase === "racing" || undefined, 5000, "the go");
      // the countdown shows late too, running out as late as the go it leads to
      const lateEnds: number = await probe.until(
        () => (watcher.state.phase === "countdown" && watcher.state.countdownEndsAt) || undefined,
        3000 + DELAY_MS * 2,
        "the countdown, late",
      );
      expect(lateEnds - liveEnds, "the countdown's end, shifted by the delay").to.equal(DELAY_MS);
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
        expect(opened(cellsOf(p.board)), "no racer's board reaches the spectator").to.equal(0);
        expect(cellsOf(p).length, "the public copy waits for the end").to.equal(0);
      }
      await watcher.leave(true);
      await Promise.all([ann.room.leave(true), ben.room.leave(true)]);
    });
  });
});
