// A game's page lists "Recent games" to watch (GET /api/games/recent; issue 37, point 7): games
// people played to their end, each recorded with the names of who played. Rooms left behind
// (everyone gone after a move, bots finishing nothing) are no such game: they stay in their
// players' My games, out of the public list, and are recorded with the players' names rather
// than the bots' that took the seats or the empty names of freed ones.

import { expect } from "chai";
import { Client } from "colyseus.js";
import { SeatedRoom } from "../../server/rooms/base/SeatedRoom.js";
import { freePort } from "../helpers/cluster.js";
import { bootHub, seated, sleep, type SeatedClient, type TestHub } from "../helpers/hub.js";
import { c4Grid } from "../helpers/connect4.js";

interface Me {
  key: string;
  id: string;
}

describe("recent games: games people played, named after who played", function () {
  this.timeout(60_000);
  let hub: TestHub;
  let client: Client;
  let scale = 1;
  before(async () => {
    scale = SeatedRoom.botDelayScale;
    SeatedRoom.botDelayScale = 0.05;
    hub = await bootHub(await freePort());
    client = new Client(`http://127.0.0.1:${hub.port}`);
  });
  after(async () => {
    SeatedRoom.botDelayScale = scale;
    await hub?.shutdown();
  });

  async function api(path: string, init: RequestInit & { key?: string } = {}): Promise<any> {
    const res = await fetch(`http://127.0.0.1:${hub.port}/api${path}`, { ...init, headers: { "content-type": "application/json", ...(init.key ? { authorization: `Bearer ${init.key}` } : {}) } });
    expect(res.status, path).to.be.below(300);
    return res.json();
  }
  const profile = async (name: string): Promise<Me> => {
    const made = await api("/profiles", { method: "POST", body: JSON.stringify({ name }) });
    return { key: made.key, id: made.profile.id };
  };
  const myGames = async (me: Me) => (await api("/profile/games", { key: me.key })).games as { id: number; result: string; seats: string[] }[];
  const recent = async () => (await api("/games/recent?game=connect4")).games as { id: number; result: string; seats: string[] }[];

  /** Drops for `p` in `col` when it is its turn; resolves once the move is in. */
  async function dropWhenOnTurn(p: SeatedClient, col: number): Promise<void> {
    await p.probe.until(() => p.room.state.acting?.[0] === p.seat || undefined, 5000, "my turn");
    const before = c4Grid(p.room.state).filter((x: number) => x >= 0).length;
    p.room.send("drop", { col });
    await p.probe.until(() => c4Grid(p.room.state).filter((x: number) => x >= 0).length > before || undefined, 5000, "the disc");
  }

  it("a finished game of two people is listed with their names; a left-behind room and a solo game left after a move are not", async () => {
    // Ann and Bob play to the end: Ann drops in column 0, Bob along the bottom row
    const [ann, bob] = [await profile("Ann"), await profile("Bob")];
    const a = await seated(client.create("connect4", { mode: "online", name: "Ann", profileKey: ann.key }));
    const b = await seated(client.joinById(a.room.roomId, { name: "Bob", profileKey: bob.key }));
    await a.probe.until(() => a.room.state.phase === "playing" || undefined, 5000, "the start");
    const bobColumns = [1, 2, 3, 5];
    for (let i = 0; a.room.state.phase !== "finished" && i < 8; i++) {
      const onTurn = a.room.state.acting[0] === a.seat ? a : b;
      await dropWhenOnTurn(onTurn, onTurn === a ? 0 : bobColumns.shift()!);
      await sleep(20);
    }
    await a.probe.until(() => a.room.state.phase === "finished" || undefined, 5000, "the end");
    await Promise.all([a.room.leave(), b.room.leave()]);

    // Carol and Dave make a move each and leave: the room is left behind
    const [carol, dave] = [await profile("Carol"), await profile("Dave")];
    const c = await seated(client.create("connect4", { mode: "online", name: "Carol", profileKey: carol.key }));
    const d = await seated(client.joinById(c.room.roomId, { name: "Dave", profileKey: dave.key }));
    await c.probe.until(() => c.room.state.phase === "playing" || undefined, 5000, "the start");
    const first = c.room.state.acting[0] === c.seat ? c : d;
    await dropWhenOnTurn(first, 3);
    await dropWhenOnTurn(first === c ? d : c, 4);
    await Promise.all([c.room.leave(), d.room.leave()]);

    // Eve plays one disc against the bot and leaves
    const eve = await profile("Eve");
    const e = await seated(client.create("connect4", { mode: "solo", name: "Eve", profileKey: eve.key }));
    await e.probe.until(() => e.room.state.phase === "playing" || undefined, 5000, "the start");
    await dropWhenOnTurn(e, 3);
    await e.room.leave();

    // every game is in its players' My games, named after who played
    let carols: Awaited<ReturnType<typeof myGames>> = [];
    let eves: Awaited<ReturnType<typeof myGames>> = [];
    for (let i = 0; i < 100 && (carols.length === 0 || eves.length === 0); i++) {
      await sleep(100);
      [carols, eves] = [await myGames(carol), await myGames(eve)];
    }
    const anns = await myGames(ann);
    expect(anns).to.have.length(1);
    expect(anns[0].seats.slice().sort()).to.deep.equal(["Ann", "Bob"]);
    expect(carols).to.have.length(1);
    expect(carols[0].result).to.equal("abandoned");
    expect(carols[0].seats.slice().sort(), "the left-behind game's names").to.deep.equal(["Carol", "Dave"]);
    expect(eves).to.have.length(1);
    expect(eves[0].seats, "the solo game's names").to.include("Eve");

    // the public list: Ann and Bob's game only
    const listed = await recent();
    expect(listed.map((g) => g.id)).to.deep.equal([anns[0].id]);
    expect(listed[0].seats.slice().sort()).to.deep.equal(["Ann", "Bob"]);
  });
});
