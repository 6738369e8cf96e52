// The eight-seat deal is made off the event loop (issue 36 point 4): dealing 4,000 cards held a
// hub's loop 47–72 ms (median through the hub; bench/messages.ts). Now the last deck's deal is the
// table's prepared work (common/table/deal.ts): it runs on the room's preparer (a worker thread
// in production), the room shows it in words and answers other rooms meanwhile, and the table it
// deals is exactly the in-process deal. A preparer that fails refuses the last deck in words and
// changes nothing. No times are asserted: docs/benchmarks.md ("fifth pass") has the figures.

import { expect } from "chai";
import { Client, type Room } from "colyseus.js";
import { replay } from "../../common/core/session.js";
import { dealPreparation } from "../../common/table/deal.js";
import { deckMessages, tableDef, type TableState } from "../../common/table/game.js";
import { fingerprint } from "../../common/table/index.js";
import { inProcessPreparer, type PrepareRequest, type Preparer } from "../../server/bots/prepare.js";
import { GameRoom } from "../../server/rooms/game/GameRoom.js";
import { NO_RATE_LIMITS, Probe, until, useHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";
import { openTable, tableStage } from "../helpers/tableClients.js";

const SEATS = 8;
const deck = ["Deck", ...Array.from({ length: 125 }, (_, i) => `4 Practice Card ${i} | Creature — Bear | {1}{G} | 2/2`)].join("\n");
const WORDS = dealPreparation({ seed: 1, config: { format: "constructed", decks: [] }, seats: 8 })!;

type ServerTable = { session: { state: TableState; log: unknown[]; record(): never } };

/** A preparer that counts the table's work and holds it until `release` (the rest goes straight on). */
function heldPreparer() {
  const asked: PrepareRequest[] = [];
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const preparer: Preparer = {
    prepare: async (request, cancel) => {
      if (request.game === "table") {
        asked.push(request);
        await held;
      }
      return inProcessPreparer.prepare(request, cancel);
    },
  };
  return { preparer, asked, release };
}

describe("card table: the eight-seat deal is made off the event loop", function () {
  this.timeout(120_000);
  const hub = useHub(testPort(2878), NO_RATE_LIMITS);
  let saved: Preparer;
  beforeEach(() => (saved = GameRoom.preparer));
  afterEach(() => (GameRoom.preparer = saved));

  const table = (seats: number) => openTable(new Client(`ws://127.0.0.1:${hub.port}`), seats);

  /** Every seat but the first sends its deck; then the first all but its last piece. */
  async function allButLastPiece(rooms: Room<any>[], probes: Probe[]) {
    for (let s = 1; s < rooms.length; s++) {
      for (const p of deckMessages(deck)) rooms[s].send("deck", p);
      await probes[s].sync(30_000);
    }
    const pieces = deckMessages(deck);
    for (const p of pieces.slice(0, -1)) rooms[0].send("deck", p);
    await probes[0].sync(30_000);
    return pieces.at(-1)!;
  }

  it("the deal's work runs on the preparer once; meanwhile the table reads the words and another table is answered; the table is the in-process deal", async () => {
    const { rooms, probes } = await table(SEATS);
    const other = await table(2);
    const last = await allButLastPiece(rooms, probes);
    const work = heldPreparer();
    GameRoom.preparer = work.preparer;
    rooms[0].send("deck", last);
    await probes[0].until(() => probes[0].state?.preparing === WORDS.words || undefined, 30_000, "the deal's words");
    expect(work.asked, "the deal was asked of the preparer, once").to.have.length(1);
    expect(tableStage(probes[0]), "not dealt while the work is held").to.equal("decks");
    // Another table's messages are answered while the deal is being made.
    for (let i = 0; i < 3; i++) {
      const from = other.probes[0].messages.length;
      other.rooms[0].send("chat", { text: `still here ${i}` });
      await other.probes[0].next("event", from, (e: { kind: string }) => e.kind === "chat", 10_000);
    }
    // So is this table's chat; a move of its game waits its turn in words.
    const asked = probes[1].messages.length;
    rooms[1].send("act", { action: { do: "chat", text: "hello" } });
    const refusal = await probes[1].next("error", asked, (e: { type: string }) => e.type === "act", 10_000);
    expect(refusal.code, JSON.stringify(refusal)).to.equal("preparing");
    expect(refusal.message).to.equal("Shuffling and dealing the decks: wait a moment, then try again.");
    work.release();
    for (const p of probes) await p.until(() => tableStage(p) === "table" || undefined, 30_000, "the deal");
    expect(probes[0].state.preparing, "the words are gone with the deal").to.equal("");
    expect(probes[0].of("error"), "the last deck was taken").to.deep.equal([]);
    expect(work.asked).to.have.length(1);
    // The dealt table is what the rules deal in process: a replay of the log without help.
    const server = hub.room<ServerTable>(rooms[0].roomId).session;
    expect(server.state.game!.cards.size).to.equal(4000);
    const again = replay(tableDef, server.record());
    if (!again.valid) expect.fail(again.reason);
    expect(fingerprint(server.state.game!)).to.equal(fingerprint((again.state as TableState).game!));
    for (const r of [...rooms, ...other.rooms]) await r.leave();
  });

  it("a preparer that fails refuses the last deck in words, changes nothing, and the deck is taken when sent again", async () => {
    const { rooms, probes } = await table(SEATS);
    const last = await allButLastPiece(rooms, probes);
    GameRoom.preparer = { prepare: (request, cancel) => (request.game === "table" ? Promise.reject(new Error("no thread")) : inProcessPreparer.prepare(request, cancel)) };
    const from = probes[0].messages.length;
    rooms[0].send("deck", last);
    const e = await probes[0].next("error", from, (x: { type: string }) => x.type === "deck", 30_000);
    expect(e.code).to.equal("internal");
    expect(e.message).to.equal(WORDS.refusals!.failed);
    await probes[0].sync();
    const server = hub.room<ServerTable>(rooms[0].roomId).session;
    expect(server.state.game, "nothing dealt").to.equal(null);
    expect(server.state.decks[0], "the seat has no deck yet").to.equal(null);
    expect(probes[0].state.preparing).to.equal("");
    GameRoom.preparer = saved;
    rooms[0].send("deck", last);
    await until(() => server.state.game !== null || undefined, 30_000, "the deal");
    for (const p of probes) await p.until(() => tableStage(p) === "table" || undefined, 30_000, "the deal on every seat");
    for (const r of rooms) await r.leave();
  });
});
