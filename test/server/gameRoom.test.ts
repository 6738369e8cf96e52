// Every game on the generic room (server/games.ts entries built with gameRoom()), with
// real colyseus.js clients on a real server: a solo game against the game's bot to the
// end, an online table of people to the end and Play again, bad messages refused with
// nothing changed, and the record in the store replaying to the same end. A game added
// by following docs/adding-a-game.md is covered here without new test code.

import { expect } from "chai";
import { Client, type Room } from "colyseus.js";
import { createRng } from "../../common/core/rng.js";
import { replay } from "../../common/core/session.js";
import { SeatedRoom } from "../../server/rooms/base/SeatedRoom.js";
import { GameRoom } from "../../server/rooms/game/GameRoom.js";
import { ROOMS } from "../../server/games.js";
import { replayTable } from "../../common/table/replay.js";
import { http } from "../helpers/minesweeper.js";
import { bootHub, NO_RATE_LIMITS, snapshot, until, type TestHub } from "../helpers/hub.js";
import { join, playToEnd } from "../helpers/playToEnd.js";
import { testPort } from "../helpers/ports.js";

const PORT = testPort(2661);

// Minesweeper runs on the generic room too, but keeps its own wire format (its phases, no
// `gameNo`/`result`/`acting` fields: docs/protocol.md); its own suites play it.
const generic = ROOMS.filter((entry) => entry.room.prototype instanceof GameRoom && entry.name !== "minesweeper");

describe("games on the generic room", function () {
  this.timeout(60_000);
  let hub: TestHub;
  let scale = 1;

  before(async () => {
    scale = SeatedRoom.botDelayScale;
    SeatedRoom.botDelayScale = 0.002; // bots answer in about a millisecond: Hearts to 100 points is ~700 bot plays
    hub = await bootHub(PORT, { ...NO_RATE_LIMITS });
  });
  after(async () => {
    SeatedRoom.botDelayScale = scale;
    await hub.shutdown();
  });

  it("has at least one game on it", () => {
    expect(generic.map((e) => e.name)).to.include("connect4");
  });

  for (const entry of generic) {
    const def = entry.games[0];
    const server = (roomId: string) => hub.colyseus.getRoomById(roomId) as unknown as GameRoom<any, any, any, any, any, any>;

    if (def.bot && def.configure({ mode: "solo" }).ok) {
      it(`${entry.name}: solo against the bot to the end; recorded; the record replays`, async () => {
        const client = new Client(`ws://127.0.0.1:${PORT}`);
        const me = await join(client.create(entry.name, { mode: "solo", name: "Solo" }));
        const room = server(me.room.roomId);
        const problems = await playToEnd(def, room, [me], createRng(11));
        expect(problems).to.deep.equal([]);
        await me.probe.until(() => me.probe.state.phase === "finished" || undefined, 4000, "the end on the client");
        expect(me.probe.state.result).to.equal(room.state.result).and.not.equal("");
        const recorded = await until(() => hub.store.recentGames({ game: entry.name, roomId: me.room.roomId })[0], 4000, "the record");
        const again = replay(def, { game: def.id, seed: recorded.seed, config: recorded.config, seats: recorded.seats.length, log: recorded.log as never });
        expect(again.valid).to.equal(true);
        expect(JSON.stringify(again.state)).to.equal(JSON.stringify(room.session!.state));
        await me.room.leave();
      });
    }

    it(`${entry.name}: an online table of people plays to the end, refuses bad messages changing nothing, and plays again`, async () => {
      const c = def.configure({});
      expect(c.ok).to.equal(true);
      const seats = c.ok ? c.value.seats : 0;
      const client = new Client(`ws://127.0.0.1:${PORT}`);
      const first = await join(client.create(entry.name, { name: "P0" }));
      const people = [first];
      for (let i = 1; i < seats; i++) people.push(await join(client.joinById(first.room.roomId, { name: `P${i}` })));
      const room = server(first.room.roomId);
      await until(() => room.state.phase === "playing", 4000, "the start");
      await first.probe.until(() => first.probe.state.gameNo === 1 || undefined);

      // Garbage and wrong-seat moves: an error each, nothing changes.
      const before = snapshot(room.state);
      const log = room.session!.log.length;
      const from = first.probe.messages.length;
      first.room.send(def.moveTypes[0], { nonsense: [1, 2, 3] });
      first.room.send(def.moveTypes[0], "text");
      first.room.send("no-such-move", {});
      await first.probe.sync();
      const errors = first.probe.of("error", from);
      expect(errors.map((e) => e.code)).to.have.length(3);
      expect(errors[2].code).to.equal("unknown-type");
      expect(snapshot(room.state)).to.deep.equal(before);
      expect(room.session!.log.length).to.equal(log);

      expect(await playToEnd(def, room, people, createRng(22))).to.deep.equal([]);
      for (const p of people) await p.probe.until(() => p.probe.state.phase === "finished" || undefined, 4000, "the end");
      expect(snapshot(first.probe.state)).to.deep.include({ phase: "finished", result: room.state.result });
      // The end screen's replay link: the stored game's id, in every seat's state (the generic room writes it).
      const recorded = await until(() => hub.store.recentGames({ game: entry.name, roomId: first.room.roomId })[0], 4000, "the record");
      for (const p of people) await p.probe.until(() => p.probe.state.replayId === recorded.id || undefined, 4000, "the replay id on the client");
      if (entry.name === "table") {
        const rep = await http(PORT, "GET", `/api/replays/${recorded.id}`);
        expect(rep.status).to.equal(200);
        expect(rep.body.game).to.equal("table");
        expect(rep.body.log.length).to.equal(recorded.log.length);
        // The browser's replay player re-runs it to the end and shows everything (a finished game).
        const played = replayTable(rep.body);
        expect(played.broken).to.equal(null);
        expect(played.everything).to.equal(true);
        expect(played.steps[played.steps.length - 1].game.phase).to.equal("finished");
      }

      // Play again: everyone ready → game 2, and no replay link while it runs.
      for (const p of people) p.room.send("ready", { ready: true });
      await until(() => room.state.gameNo === 2 && room.state.phase === "playing", 4000, "game 2");
      for (const p of people) await p.probe.until(() => p.probe.state.replayId === -1 || undefined, 4000, "no replay id in game 2");
      for (const p of people) await p.room.leave();
    });
  }
});
