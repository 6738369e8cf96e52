// Card table: an opponent who probes card ids learns nothing. Real colyseus.js clients at a
// 2-seat table; seat 1 names every id 1..N, random ids, and (taken from the server, as an
// attacker could only guess them) every id of seat 0's hand and library, in actions that need
// the card to be seen or touched. Every answer must be the same refusal, word for word, while
// seat 0 is connected and while it is away (when actions on its hidden cards would be frozen).
// Before the fix, ids were dealt 1, 2, 3… in decklist order and a hidden card answered
// `not-visible` (or `frozen`) where a missing one answered `no-such-card`: the ids missing from
// 1..54 were the cards in the hand. And no byte the opponent receives holds a hidden card's id.

import { expect } from "chai";
import { Client } from "colyseus.js";
import { createRng } from "../../common/core/rng.js";
import type { GameSession } from "../../common/core/session.js";
import type { TableState } from "../../common/table/game.js";
import { joinView, partsFor, type Parts } from "../../common/table/wire.js";
import type { GameRoom } from "../../server/rooms/game/GameRoom.js";
import { bootHub, dropConnection, NO_RATE_LIMITS, seated, until, type SeatedClient, type TestHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";

const PORT = testPort(2783);
const RANGE = 160;

type Server = GameRoom<TableState, any, any, any, any, any>;

/** The ids a connection's decoded parts show it (its own view: every id it may name). */
function idsSeenBy(c: SeatedClient): Set<number> {
  const parts: Parts = {};
  c.probe.state.parts?.forEach((p: { json: string }, k: string) => (parts[k] = p.json));
  const view = joinView(partsFor(parts, c.seat), c.seat);
  const out = new Set<number>();
  for (const z of Object.values(view?.table?.zones ?? {})) {
    for (const card of z.cards ?? []) out.add(card.id);
    for (const [, card] of z.known ?? []) out.add(card.id);
  }
  return out;
}

/** Every byte a connection receives from now on (patches, messages, errors), as it arrives. */
function recordBytes(c: SeatedClient): Buffer[] {
  const chunks: Buffer[] = [];
  const ws = (c.room.connection.transport as unknown as { ws: { addEventListener(type: "message", f: (e: { data: ArrayBuffer | string }) => void): void } }).ws;
  ws.addEventListener("message", (e) => chunks.push(typeof e.data === "string" ? Buffer.from(e.data) : Buffer.from(new Uint8Array(e.data))));
  return chunks;
}

/** Sends one probe and returns the answer it got: the refusal's code and words, or "accepted". */
async function answer(c: SeatedClient, action: unknown): Promise<string> {
  const from = c.probe.messages.length;
  c.room.send("act", { action });
  await c.probe.sync();
  const errors = c.probe.of("error", from);
  if (errors.length > 1) throw new Error(`two replies to one probe: ${JSON.stringify(errors)}`);
  return errors.length ? `${errors[0].code}: ${errors[0].message}` : "accepted";
}

describe("card table: an opponent probing card ids learns nothing", function () {
  this.timeout(120_000);
  let hub: TestHub;
  let sdk: Client;

  before(async () => {
    hub = await bootHub(PORT, { ...NO_RATE_LIMITS, reconnectSeconds: 30 });
    sdk = new Client(`ws://127.0.0.1:${PORT}`);
  });
  after(async () => {
    await hub.shutdown();
  });

  it("ids 1..N, random ids and every id of the other hand and library get one and the same refusal, present or away", async () => {
    const host = await seated(sdk.create("table", { seats: 2, name: "Ann" }));
    const guest = await seated(sdk.joinById(host.room.roomId, { name: "Bob" }));
    const bytes = recordBytes(guest);
    const server = hub.colyseus.getRoomById(host.room.roomId) as unknown as Server;
    await until(() => server.session !== null, 4000, "the start");
    const session = server.session as GameSession<TableState, any, any, any, any>;
    for (const c of [host, guest]) c.room.send("deck", { text: "" });
    await until(() => session.state.game !== null, 4000, "the deal");
    for (const c of [host, guest]) c.room.send("act", { action: { do: "keep", bottom: [] } });
    await until(() => session.state.game?.phase === "playing", 4000, "the keeps");
    await guest.probe.sync();
    await host.probe.sync();

    const g = session.state.game!;
    const hand = g.zones["0.hand"];
    const library = g.zones["0.library"];
    expect(hand.length + library.length).to.equal(54, "the built-in deck");
    const rng = createRng(0x9b0, 0x1d);
    const seen = idsSeenBy(guest);
    const probed = [
      ...Array.from({ length: RANGE }, (_, i) => i + 1),
      ...Array.from({ length: 40 }, () => 1 + rng.int(0x7fff_fffe)),
      ...hand,
      ...library,
    ].filter((id, i, all) => all.indexOf(id) === i && !seen.has(id));
    expect(probed.filter((id) => hand.includes(id))).to.have.length(hand.length, "the other hand's ids are among the probes");

    const kinds: [string, (card: number) => unknown][] = [
      ["tap", (card) => ({ do: "tap", card, on: true })],
      ["move", (card) => ({ do: "move", card, zone: "graveyard", place: "top" })],
    ];
    const answers = new Map<string, Set<string>>();
    const ask = async (when: string) => {
      for (const [kind, make] of kinds) {
        const got = new Set<string>();
        for (const id of probed) got.add(await answer(guest, make(id)));
        answers.set(`${kind} ${when}`, got);
      }
    };
    await ask("with Ann here");
    // Ann drops: actions on her hidden cards would wait for her ("frozen"); a probe must not.
    dropConnection(host.room);
    await until(() => !server.state.seats[host.seat].connected, 4000, "Ann away");
    await ask("with Ann away");

    const all = new Set([...answers.values()].flatMap((s) => [...s]));
    const codes = new Set([...all].map((a) => a.split(":")[0]));
    expect([...codes], "one refusal code for every probe: a hidden card answers as a missing one").to.deep.equal(["no-such-card"]);
    for (const [what, got] of answers) expect([...got], `${what}: every probe gets one answer, word for word`).to.have.length(1);
    expect([...all], "the same answer present or away, tapping or moving").to.have.length(1);
    expect([...all][0]).to.match(/^no-such-card: /);
    expect(session.state.game!.zones["0.hand"], "nothing changed").to.deep.equal(hand);
    // Nor did any byte Bob received hold the id of a card in Ann's hand or library (random ids of
    // 9–10 digits: one in Bob's stream would be a leak, not chance).
    const stream = Buffer.concat(bytes);
    expect(stream.length).to.be.greaterThan(1000);
    const own = session.state.game!.zones["1.hand"];
    expect(own.filter((id) => stream.includes(Buffer.from(String(id)))), "Bob's own hand travels to him: the search finds ids").to.deep.equal(own);
    const leaked = [...hand, ...library].filter((id) => !seen.has(id) && stream.includes(Buffer.from(String(id))));
    expect(leaked, "hidden ids in the bytes Bob received").to.deep.equal([]);
    await guest.room.leave();
  });
});
