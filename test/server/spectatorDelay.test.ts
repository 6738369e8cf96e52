// Spectator delay with real clients: a private room created with spectatorDelay shows its
// spectators the table that many seconds late (a mirror replaying the accepted moves), the
// players see every move at once, the live room itself turns spectators away, nobody can
// play through or open a mirror, and a spectator arriving mid-game sees the table as it was.
// The delays run at a tenth of their length here (DelayRecorder.timeScale): "15 s" is 1.5 s.
import { expect } from "chai";
import { matchMaker } from "@colyseus/core";
import { DelayRecorder } from "../../server/rooms/game/spectatorDelay.js";
import { bootHub, Probe, rejection, sleep, type TestHub } from "../helpers/hub.js";
import { seatedIn, type Seated } from "../helpers/cubestacc.js";
import { freePort } from "../helpers/e2e.js";

const SCALE = 0.1;

describe("spectator delay", function () {
  this.timeout(30_000);
  let hub: TestHub;
  let scale = 1;

  before(async () => {
    scale = DelayRecorder.timeScale;
    DelayRecorder.timeScale = SCALE;
    hub = await bootHub(await freePort());
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
    const before = Array.from(st.grid as number[]).filter((x) => x >= 0).length;
    mover.room.send("drop", { col });
    for (const p of [t.a, t.b]) await p.probe.until(() => Array.from(p.room.state.grid as number[]).filter((x) => x >= 0).length > before || undefined, 3000, "the players see the disc");
    return before + 1;
  }

  const discs = (room: { state: any }) => Array.from((room.state.grid ?? []) as number[]).filter((x) => x >= 0).length;

  for (const delay of [15, 60]) {
    it(`a spectator sees each move ${delay} s late; the players see it at once`, async function () {
      this.timeout(20_000 + delay * 1000 * SCALE * 4);
      const t = await table(delay);
      const watcher = await hub.colyseus.sdk.joinById(t.code, { spectate: true, name: "Viv" });
      const probe = new Probe(watcher);
      const welcome = await probe.next("welcome", 0);
      expect(welcome).to.include({ roomId: t.code, spectator: true, delaySeconds: delay });
      expect(watcher.roomId, "the spectator is in the delayed mirror").to.not.equal(t.code);
      expect(await probe.until(() => watcher.state.phase || undefined, 3000 + delay * 1000 * SCALE * 2, "the mirror's first frame")).to.be.a("string");

      const madeAt = Date.now();
      const count = await drop(t, 3);
      // the players have it; the spectator does not yet
      expect(discs(watcher), "not yet shown to the spectator").to.equal(count - 1);
      await probe.until(() => discs(watcher) >= count || undefined, 5000 + delay * 1000 * SCALE * 2, "the spectator sees the disc");
      const lag = Date.now() - madeAt;
      expect(lag, "the spectator saw the move no sooner than the delay").to.be.at.least(delay * 1000 * SCALE - 50);
      // the same table, later: cells, whose turn, names
      expect(Array.from(watcher.state.grid)).to.deep.equal(Array.from(t.a.room.state.grid));
      expect(Array.from(watcher.state.acting)).to.deep.equal(Array.from(t.a.room.state.acting));
      expect(watcher.state.seats.map((s: any) => s.name)).to.deep.equal(["Ann", "Ben"]);
      await watcher.leave(true);
      await Promise.all([t.a.room.leave(true), t.b.room.leave(true)]);
    });
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
});
