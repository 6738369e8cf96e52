// No Minesweeper board lost to a restart: a co-op room (two people and a spectator) and a
// solo room on a hub PROCESS with a file-backed room log. After the first reveal, random
// flags and unflags (accepted moves that never end the game) are played, the process is
// killed with SIGKILL and started again; every client comes back to its seat with its seat
// token and decodes exactly the board it had, with the clock's start unchanged; then the
// board is played to its end by revealing hidden cells. A race comes back mid-race the same way.
// Every move is the one driver's (test/helpers/driver.ts), chosen from the seat's decoded board.
// A suite of its own, not durable.ts' DRIVERS: those suites wait for the generic "playing" and
// "finished", a board has phases of its own, and this one checks what only a board has (the
// clock's start, each racer's own board) (RESTARTED_ELSEWHERE says so too).

import { expect } from "chai";
import { Client } from "colyseus.js";
import { createRng, type Rng } from "../../common/core/rng.js";
import { comparable, play, rejoinAll, seat, type Player, useRestartableHub } from "../helpers/durable.js";
import { driveFromView, isOver } from "../helpers/driver.js";
import { Probe } from "../helpers/hub.js";
import { WIRE_GAMES } from "../helpers/wireGames.js";

const BOARD = WIRE_GAMES.find((g) => g.def.id === "minesweeper")!;
const RACE = WIRE_GAMES.find((g) => g.def.id === "minesweeper-race")!;
/** The one driver's move for this player (`ending`: reveals to the end; else flags and unflags, which never end a board). */
const move = (g: typeof BOARD, p: Player, rng: Rng, ending: boolean) => driveFromView(g, p.room.state, p.seat, rng, ending);

describe("restart: Minesweeper boards come back from their log after SIGKILL", function () {
  this.timeout(180_000);
  const suite = useRestartableHub();

  for (const [k, mode] of (["coop", "solo"] as const).entries()) {
    it(`${mode}: back in the seat, the same board and clock, then played to the end`, async () => {
      const rng = createRng(0x5eed + k, 11);
      const sdk = new Client(`ws://127.0.0.1:${suite.port}`);
      const seats = mode === "coop" ? 2 : 1;
      const options = { mode, seats, level: "custom", rows: 12, cols: 12, mines: 20, private: mode === "coop", name: "P0" };
      const host = await seat(sdk.create("minesweeper", options));
      const roomId = host.room.roomId;
      let players: Player[] = [host];
      for (let i = 1; i < seats; i++) players.push(await seat(sdk.joinById(roomId, { name: `P${i}` })));
      const watcherRoom = await sdk.joinById(roomId, { spectate: true });
      let watcher = new Probe(watcherRoom);

      // The first reveal (the driver's opening, always safe) starts the clock; then flags from every seat.
      const opening = move(BOARD, host, rng, false);
      expect(opening?.type, "the driver opens the board").to.equal("reveal");
      expect(await play(host, opening!), "the first reveal").to.equal(true);
      const flags = 3 + rng.int(12);
      let accepted = 1;
      for (let i = 0; i < flags; i++) {
        const p = players[rng.int(players.length)];
        const m = move(BOARD, p, rng, false);
        if (m && (await play(p, m))) accepted++;
      }
      for (const p of players) await p.probe.sync();
      await watcher.sync();
      const before = players.map((p) => comparable(p.room.state));
      const watcherBefore = comparable(watcherRoom.state);
      const startedAt = host.room.state.startedAt;
      expect(host.room.state.phase, "still playing at the kill").to.equal("active");

      await suite.hub.restart("SIGKILL");

      players = await rejoinAll(sdk, roomId, players, before, `board (${accepted} moves in)`);
      expect(players[0].room.state.startedAt, "the clock's start").to.equal(startedAt);
      const watcherAgain = await sdk.joinById(roomId, { spectate: true });
      watcher = new Probe(watcherAgain);
      await watcher.sync();
      expect(comparable(watcherAgain.state), "the spectator's decoded board").to.deep.equal(watcherBefore);

      // ...and the board goes on to its end.
      let n = 0;
      while (!isOver(BOARD, players[0].room.state) && n < 500) {
        n++;
        const p = players[rng.int(players.length)];
        const m = move(BOARD, p, rng, true);
        if (m) await play(p, m);
        else await p.probe.sync();
      }
      expect(isOver(BOARD, players[0].room.state), "the board ended after the restart").to.equal(true);
      console.log(`      ${mode}: ${accepted} moves before the kill, ${n} reveals after, ${players[0].room.state.phase}`);
      for (const p of players) await p.room.leave();
      await watcherAgain.leave();
    });
  }

  it("race: both racers back on their own boards mid-race, then raced to the end", async () => {
    const rng = createRng(0x4ace, 11);
    const sdk = new Client(`ws://127.0.0.1:${suite.port}`);
    const host = await seat(sdk.create("minesweeper", { mode: "race", seats: 2, level: "custom", rows: 12, cols: 12, mines: 20, name: "P0" }));
    const roomId = host.room.roomId;
    let players: Player[] = [host, await seat(sdk.joinById(roomId, { name: "P1" }))];
    // Both say ready (the driver, in the race's waiting phase): the countdown, then the go.
    for (const p of players) {
      const ready = move(RACE, p, rng, false);
      expect(ready?.type, "the driver says ready while the race waits").to.equal("ready");
      p.room.send(ready!.type, ready!.payload);
    }
    await host.probe.until(() => host.room.state.phase === "racing" || undefined, 20_000, "the go");
    // Flags and unflags on each racer's own board, chosen from what it decoded.
    let accepted = 0;
    for (let i = 0; i < 12; i++) {
      const p = players[rng.int(2)];
      const m = move(RACE, p, rng, false);
      if (m && (await play(p, m))) accepted++;
    }
    for (const p of players) await p.probe.sync();
    const before = players.map((p) => comparable(p.room.state));
    expect(host.room.state.phase, "still racing at the kill").to.equal("racing");

    await suite.hub.restart("SIGKILL");

    players = await rejoinAll(sdk, roomId, players, before, `race (${accepted} flags in)`);
    let n = 0;
    while (!isOver(RACE, players[0].room.state) && n < 3000) {
      n++;
      const p = players[rng.int(2)];
      const m = move(RACE, p, rng, true);
      if (m) await play(p, m);
      else await p.probe.sync();
    }
    expect(players[0].room.state.phase, "the race ended after the restart").to.equal("over");
    console.log(`      race: ${accepted} flags before the kill, ${n} reveals after`);
    for (const p of players) await p.room.leave();
  });
});
