// Farming through rated quick play on a real hub, with real colyseus.js clients, every one of
// them from one address (127.0.0.1): two profiles of one browser never meet, however long they
// wait, and either is paired with a third player at once; the farm from two browsers plays game
// after game, one side winning each, and gains under +50 (repeats count less and less, a
// profile made at the same address counts little until established); ten players behind one
// address (a classroom) are all paired with each other and every one of their games is rated.

import { expect } from "chai";
import { Client } from "colyseus.js";
import { SeatedRoom } from "../../server/rooms/base/SeatedRoom.js";
import { RatedQueueRoom } from "../../server/ratings/queue.js";
import { NEWCOMER_SAME_ADDRESS } from "../../server/ratings/weight.js";
import { bootHub, sleep, type TestHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";
import { apiAt, joinQueue, newProfileAt, playToWin, ratedMatch, type Me } from "./rated.helpers.js";

const PORT = testPort(2863);
const url = `ws://127.0.0.1:${PORT}`;
const browserId = (n: number) => `browser-${String(n).padStart(10, "0")}-abuse`;

describe("rated quick play against farming (one address, real clients)", function () {
  this.timeout(120_000);
  let hub: TestHub;
  let scale = 1;
  const clock = RatedQueueRoom.now;
  before(async () => {
    scale = SeatedRoom.botDelayScale;
    SeatedRoom.botDelayScale = 0.05;
    hub = await bootHub(PORT);
  });
  after(async () => {
    RatedQueueRoom.now = clock;
    SeatedRoom.botDelayScale = scale;
    await hub?.shutdown();
  });

  const profile = (name: string) => newProfileAt(PORT, name);
  const ratingOf = async (me: Me) => ((await apiAt(PORT, `/profiles/${me.id}`)).body.figures.ratings.find((r: any) => r.pool === "connect4")?.mu as number | undefined) ?? 1500;

  it("two profiles of one browser never meet, even once anyone would do; a third player is paired at once", async () => {
    const ann = await profile("Ann");
    const alt = await profile("AnnToo");
    const [a, b] = [new Client(url), new Client(url)];
    const qa = await joinQueue(a, ann, "connect4", browserId(1));
    const qb = await joinQueue(b, alt, "connect4", browserId(1));
    // past the minute after which anyone in the pool will do
    RatedQueueRoom.now = () => Date.now() + 120_000;
    await qa.queue.next("event", 0, (e) => e.kind === "status" && e.window === null && e.waiting === 2, 5000);
    await sleep(2500); // two more ticks
    expect(qa.queue.of("event").some((e) => e.kind === "matched")).to.equal(false);
    expect(qb.queue.of("event").some((e) => e.kind === "matched")).to.equal(false);
    // another browser's player is paired with one of them at once
    const cy = await profile("Cy");
    const qc = await joinQueue(new Client(url), cy, "connect4", browserId(2));
    const matched = await qc.queue.next("event", 0, (e) => e.kind === "matched", 5000);
    const names = matched.players.map((p: any) => p.name) as string[];
    expect(names).to.include("Cy");
    expect(names.filter((n) => n === "Ann" || n === "AnnToo")).to.have.length(1);
    RatedQueueRoom.now = clock;
    await Promise.allSettled([qa.q.leave(), qb.q.leave(), qc.q.leave()]);
  });

  it("the farm from two browsers of one address: game after game, one side winning each, gains under +50", async () => {
    const farmer = await profile("Farmer");
    const sheep = await profile("Sheep");
    const weights: number[] = [];
    for (let game = 0; game < 8; game++) {
      const [a, b] = await Promise.all([ratedMatch(new Client(url), farmer, "connect4", browserId(10)), ratedMatch(new Client(url), sheep, "connect4", browserId(11))]);
      expect(a.room.roomId).to.equal(b.room.roomId);
      await a.probe.until(() => a.room.state.phase === "playing" || undefined, 5000, "the game");
      const seat = a.probe.of("seat")[0].seat as number;
      await playToWin([a, b], seat);
      const rated = await a.probe.next("event", 0, (e) => e.kind === "rated", 5000);
      const mine = rated.changes.find((c: any) => c.seat === seat);
      expect(mine.delta).to.be.at.least(0);
      weights.push(mine.weight);
      await Promise.all([a.room.leave(), b.room.leave()]);
    }
    const expected = [1, 1 / 2, 1 / 4, 1 / 8, 0, 0, 0, 0].map((w) => w * NEWCOMER_SAME_ADDRESS);
    weights.forEach((w, k) => expect(w, `game ${k + 1}`).to.be.closeTo(expected[k], 1e-6));
    expect((await ratingOf(farmer)) - 1500).to.be.lessThan(50);
  });

  it("ten players behind one address are all paired with each other, and every game is rated", async () => {
    const pupils: Me[] = [];
    for (let i = 0; i < 10; i++) pupils.push(await profile(`Pupil${i}`));
    const seated = await Promise.all(pupils.map((p, i) => ratedMatch(new Client(url), p, "connect4", browserId(100 + i))));
    const rooms = new Map<string, typeof seated>();
    for (const s of seated) rooms.set(s.room.roomId, [...(rooms.get(s.room.roomId) ?? []), s]);
    expect(rooms.size).to.equal(5);
    await Promise.all(
      [...rooms.values()].map(async (pair) => {
        await pair[0].probe.until(() => pair[0].room.state.phase === "playing" || undefined, 5000, "the game");
        await playToWin(pair, pair[0].probe.of("seat")[0].seat as number);
      }),
    );
    for (const s of seated) {
      const rated = await s.probe.next("event", 0, (e) => e.kind === "rated", 5000);
      expect(rated.changes).to.have.length(2);
      for (const c of rated.changes) expect(c.delta, "every rating moved").to.not.equal(0);
    }
    await Promise.all(seated.map((s) => s.room.leave()));
  });
});
