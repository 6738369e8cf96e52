// No game lost to a restart: for each game on the generic room, real colyseus.js clients
// play a random part of a game against a hub PROCESS with a file-backed room log; the
// process is killed with SIGKILL and started again; every client comes back to its seat
// with its seat token (the spectator too) and decodes exactly the state it had before the
// kill; then the game is played to its end.

import { expect } from "chai";
import { Client } from "colyseus.js";
import { createRng } from "../../common/core/rng.js";
import { comparable, DRIVERS, play, rejoin, rejoinAll, seat, type Player, useRestartableHub } from "../helpers/durable.js";
import { Probe } from "../helpers/hub.js";

const MAX_MOVES = 4000;

describe("restart: rooms come back from their log after SIGKILL", function () {
  this.timeout(180_000);
  const suite = useRestartableHub();

  for (const [k, d] of DRIVERS.entries()) {
    it(`${d.game}: every client back in its seat, state equal move for move, then played to the end`, async () => {
      const rng = createRng(0xd0_0a + k, 7);
      const sdk = new Client(`ws://127.0.0.1:${suite.port}`);
      const host = await seat(sdk.create(d.game, { ...d.options, name: "P0", private: k % 2 === 1 }));
      const roomId = host.room.roomId;
      let players: Player[] = [host];
      for (let i = 1; i < d.seats; i++) players.push(await seat(sdk.joinById(roomId, { name: `P${i}` })));
      await host.probe.until(() => host.room.state.phase === "playing" || undefined, 8000, "the game to start");
      const watcherRoom = await sdk.joinById(roomId, { spectate: true });
      let watcher = new Probe(watcherRoom);

      // A random part of the game.
      const moves = 3 + rng.int(25);
      let accepted = 0;
      for (let step = 0; step < moves * 20 && accepted < moves; step++) {
        const p = players[rng.int(players.length)];
        const m = d.choose(p.room.state, p.seat, rng, false);
        if (m && (await play(p, m))) accepted++;
      }
      for (const p of players) await p.probe.sync();
      await watcher.sync();
      const before = players.map((p) => comparable(p.room.state));
      const watcherBefore = comparable(watcherRoom.state);
      expect(host.room.state.phase, "still playing at the kill").to.equal("playing");

      await suite.hub.restart("SIGKILL");

      players = await rejoinAll(sdk, roomId, players, before, `state (${accepted} moves in)`);
      const watcherAgain = await sdk.joinById(roomId, { spectate: true });
      watcher = new Probe(watcherAgain);
      await watcher.sync();
      expect(comparable(watcherAgain.state), "the spectator's decoded state").to.deep.equal(watcherBefore);

      // ...and the game goes on to its end.
      let n = 0;
      while (players[0].room.state.phase !== "finished" && n < MAX_MOVES) {
        n++;
        const p = players[rng.int(players.length)];
        const m = d.choose(p.room.state, p.seat, rng, n > 60);
        if (m) await play(p, m);
        else await p.probe.sync();
      }
      expect(players[0].room.state.phase, `${d.game} finished within ${MAX_MOVES} moves after the restart`).to.equal("finished");
      console.log(`      ${d.game}: ${accepted} moves before the kill, ${n} messages after, ended "${players[0].room.state.result}"`);
      for (const p of players) await p.room.leave();
      await watcherAgain.leave();
    });
  }

  it("a turn clock caught by a restart gets back the time the hub was down (it is not timed out when the room is back)", async () => {
    // A 10 s turn, then the hub down for longer than that: before, the restored room ran the
    // logged deadline, already past, and played the waiting player's timeout move at once.
    const sdk = new Client(`ws://127.0.0.1:${suite.port}`);
    const p0 = await seat(sdk.create("connect4", { name: "P0", timer: 10, private: true }));
    const roomId = p0.room.roomId;
    let players: Player[] = [p0, await seat(sdk.joinById(roomId, { name: "P1" }))];
    await p0.probe.until(() => p0.room.state.phase === "playing" || undefined, 8000, "the game to start");
    // whoever is on turn drops a disc; the other's turn (and its deadline) starts
    let dropped = false;
    for (const p of players) if (!dropped && (await play(p, { type: "drop", payload: { col: 3 } }))) dropped = true;
    expect(dropped, "one player's drop taken").to.equal(true);
    for (const p of players) await p.probe.sync();
    const before = players.map((p) => comparable(p.room.state) as Record<string, unknown>);
    const deadline = p0.room.state.deadline as number;
    expect(deadline, "a turn deadline").to.be.above(0);

    await suite.hub.kill("SIGKILL");
    // down past the deadline (the hub's clock is this machine's)
    await new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now()) + 1500));
    await suite.hub.start();
    players = await Promise.all(players.map((p) => rejoin(sdk, roomId, p)));
    for (const [i, p] of players.entries()) {
      await p.probe.sync();
      const { deadline: after, ...rest } = comparable(p.room.state) as Record<string, unknown>;
      const { deadline: _logged, ...was } = before[i];
      expect(rest, `P${i}'s game as it was: the waiting player not timed out`).to.deep.equal(was);
      expect(after as number, `P${i}'s turn deadline moved on by the time the hub was down`).to.be.above(deadline);
    }
    for (const p of players) await p.room.leave();
  });
});
