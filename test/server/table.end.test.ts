// Card table: nobody ends a shared game for the others. Real colyseus.js clients at a 2-seat
// table and a spectator: a lone `endGame` only proposes the end (everyone decodes the proposal),
// the other player agreeing ends it and the stored result says "agreed"; in the next game a
// refusal keeps it going and a concession ends it ("conceded", the other player won). Before
// the fix the lone endGame ended the game at once with that result stored.

import { expect } from "chai";
import { Client } from "colyseus.js";
import type { GameSession } from "../../common/core/session.js";
import type { TableState } from "../../common/table/game.js";
import { joinView, partsFor, type Parts } from "../../common/table/wire.js";
import type { GameRoom } from "../../server/rooms/game/GameRoom.js";
import { bootHub, NO_RATE_LIMITS, Probe, seated, until, type SeatedClient, type TestHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";

const PORT = testPort(2784);

type Server = GameRoom<TableState, any, any, any, any, any>;

/** What a connection decoded, joined into its view. */
function decoded(probe: Probe, seat: number | null) {
  const parts: Parts = {};
  probe.state.parts?.forEach((p: { json: string }, k: string) => (parts[k] = p.json));
  return joinView(partsFor(parts, seat), seat ?? "spectator");
}

async function dealAndKeep(server: Server, people: [SeatedClient, string][]): Promise<GameSession<TableState, any, any, any, any>> {
  await until(() => server.session !== null && server.state.phase === "playing", 4000, "the start");
  const session = server.session as GameSession<TableState, any, any, any, any>;
  // Each deck carries its seat's name: the log then names Ann and Bob.
  for (const [c, name] of people) c.room.send("deck", { text: "", name });
  await until(() => session.state.game !== null, 4000, "the deal");
  for (const [c] of people) c.room.send("act", { action: { do: "keep", bottom: [] } });
  await until(() => session.state.game?.phase === "playing", 4000, "the keeps");
  for (const [c] of people) await c.probe.sync();
  return session;
}

describe("card table: ending a shared game needs everyone still in it", function () {
  this.timeout(60_000);
  let hub: TestHub;
  let sdk: Client;

  before(async () => {
    hub = await bootHub(PORT, { ...NO_RATE_LIMITS });
    sdk = new Client(`ws://127.0.0.1:${PORT}`);
  });
  after(async () => {
    await hub.shutdown();
  });

  it("a lone endGame proposes; the other agreeing ends it (stored: agreed); next game a refusal plays on and a concession ends it (stored: conceded)", async () => {
    const ann = await seated(sdk.create("table", { seats: 2, name: "Ann" }));
    const bob = await seated(sdk.joinById(ann.room.roomId, { name: "Bob" }));
    const watcherRoom = await sdk.joinById(ann.room.roomId, { spectate: true });
    const watcher = new Probe(watcherRoom);
    const server = hub.colyseus.getRoomById(ann.room.roomId) as unknown as Server;
    let session = await dealAndKeep(server, [[ann, "Ann"], [bob, "Bob"]]);

    // Ann alone asks the engine to end the game, Ann the winner: it does not end.
    let from = ann.probe.messages.length;
    ann.room.send("act", { action: { do: "endGame", winners: [0] } });
    await ann.probe.sync();
    expect(ann.probe.of("error", from)).to.deep.equal([]);
    await bob.probe.sync();
    await watcher.sync();
    expect(server.state.phase, "the game goes on").to.equal("playing");
    expect(session.state.game!.phase).to.equal("playing");
    const proposal = { by: 0, winners: [0], yes: [0], no: null };
    expect(decoded(bob.probe, bob.seat)!.endVote, "Bob sees what Ann proposes").to.deep.equal(proposal);
    expect(decoded(watcher, null)!.endVote, "so does the spectator").to.deep.equal(proposal);
    // A spectator has no say.
    from = watcher.messages.length;
    watcherRoom.send("answerEnd", { agree: true });
    await watcher.sync();
    expect(watcher.of("error", from).map((e) => e.code)).to.have.length(1);
    expect(server.state.phase).to.equal("playing");

    // Bob agrees: the game is over, Ann won, and the record says it was agreed.
    bob.room.send("answerEnd", { agree: true });
    await until(() => server.state.phase === "finished", 4000, "the end");
    expect(session.state.game).to.deep.include({ winners: [0], ended: "agreed" });
    expect(server.state.result).to.equal("agreed");
    const first = await until(() => hub.store.recentGames({ game: "table", roomId: ann.room.roomId })[0], 4000, "the record");
    expect(first.result).to.equal("agreed");
    await ann.probe.until(() => ann.probe.state.phase === "finished" || undefined, 4000, "the end on Ann's side");
    expect(decoded(ann.probe, ann.seat)!.lines.at(-1)!.text).to.equal("Everyone agreed to end the game: Ann won.");

    // Game 2: Bob proposes he won, Ann refuses, play goes on; then Ann concedes: Bob won.
    for (const c of [ann, bob]) c.room.send("ready", { ready: true });
    await until(() => server.state.gameNo === 2 && server.state.phase === "playing", 4000, "game 2");
    session = await dealAndKeep(server, [[ann, "Ann"], [bob, "Bob"]]);
    bob.room.send("proposeEnd", { winners: [1] });
    await bob.probe.sync();
    ann.room.send("answerEnd", { agree: false });
    await ann.probe.sync();
    await bob.probe.sync();
    expect(server.state.phase).to.equal("playing");
    expect(decoded(bob.probe, bob.seat)!.endVote).to.deep.include({ by: 1, no: 0 });
    ann.room.send("act", { action: { do: "concede" } });
    await until(() => server.state.phase === "finished", 4000, "the concession");
    expect(session.state.game).to.deep.include({ winners: [1], ended: "conceded" });
    expect(server.state.result).to.equal("conceded");
    const second = await until(() => hub.store.recentGames({ game: "table", roomId: ann.room.roomId }).find((g) => g.id !== first.id), 4000, "the second record");
    expect(second.result).to.equal("conceded");
    for (const r of [ann.room, bob.room, watcherRoom]) await r.leave();
  });
});
