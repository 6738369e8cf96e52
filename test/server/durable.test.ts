// No game lost to a restart: for each game on the generic room, real colyseus.js clients
// play a random part of a game against a hub PROCESS with a file-backed room log; the
// process is killed with SIGKILL and started again; every client comes back to its seat
// with its seat token (the spectator too) and decodes exactly the state it had before the
// kill; then the game is played to its end.

import { expect } from "chai";
import { Client } from "colyseus.js";
import { createRng } from "../../common/core/rng.js";
import { comparable, DRIVERS, play, rejoinAll, seat, type Player, useRestartableHub } from "../helpers/durable.js";
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
});
