// Hostile input against a live card table: a seeded corpus of 10,000 messages (LONG=1: 40,000)
// from both seats and a spectator — garbage payloads, unknown actions and fields, numbers out of
// range, cards the sender cannot see (the other hand, the libraries), other players' cards,
// turn passes out of turn, undo of another's action, redo and restart online, decks after the
// deal, votes about oneself, unknown message types. Every message gets exactly one `error`
// with a code and a message, and nothing changes: the rules' state, the log, every client's
// decoded state.

import { expect } from "chai";
import { Client, type Room } from "colyseus.js";
import { createRng, type Rng } from "../../common/core/rng.js";
import type { GameSession } from "../../common/core/session.js";
import { tableDef, type TableState } from "../../common/table/game.js";
import { ACTION_KINDS } from "../../common/table/catalogue.js";
import type { GameRoom } from "../../server/rooms/game/GameRoom.js";
import { bootHub, NO_RATE_LIMITS, Probe, snapshot, until, type TestHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";

const PORT = testPort(2782);
const MESSAGES = process.env.LONG ? 40_000 : 10_000;
const BATCH = 200;

type Server = GameRoom<TableState, any, any, any, any, any>;

const JUNK: unknown[] = [undefined, null, 0, -1, 1.5, NaN, 1e300, "", "x".repeat(3000), true, [], [1, 2], {}, { do: 7 }, { __proto__: { do: "draw" } }, new Uint8Array(3)];

function pick<T>(rng: Rng, xs: readonly T[]): T {
  return xs[rng.int(xs.length)];
}

/** A hostile message from `seat` (game seat; -1 for the spectator), built from what the server holds now. */
function hostile(rng: Rng, s: TableState, seat: number): { type: string; payload: unknown } {
  const g = s.game!;
  const other = seat === 0 ? 1 : 0;
  const hidden = [...(g.zones[`${other}.hand`] ?? []), ...(g.zones["0.library"] ?? []), ...(g.zones["1.library"] ?? [])];
  const theirs = [...(g.zones[`${other}.battlefield`] ?? []), ...(g.zones[`${other}.hand`] ?? [])];
  const anyCard = () => pick(rng, [...hidden, ...theirs, 0, -5, 2 ** 31, 99_999]);
  switch (rng.int(14)) {
    case 0:
      return { type: pick(rng, ["act", "deck", "goOn", "proposeEnd", "answerEnd"]), payload: pick(rng, JUNK) };
    case 1:
      return { type: "act", payload: { action: pick(rng, JUNK) } };
    case 2:
      return { type: "act", payload: { action: { do: pick(rng, ["nope", "__proto__", "constructor", "DRAW", "x".repeat(60)]) } } };
    case 3: {
      // A real action with a field of the wrong type or out of range.
      const kind = pick(rng, ACTION_KINDS);
      return { type: "act", payload: { action: { do: kind, card: pick(rng, ["1", -1, 1.5, null]), n: pick(rng, [0, -3, 1e9, "3"]), player: pick(rng, [11, -2, "0"]), delta: pick(rng, [1e12, "1", NaN]), zone: "attic" } } };
    }
    case 4:
      return { type: "act", payload: { action: { do: "move", card: anyCard(), zone: "battlefield", place: "battlefield" } } };
    case 5:
      return { type: "act", payload: { action: { do: "tap", card: anyCard(), on: true } } };
    case 6:
      return { type: "act", payload: { action: { do: "counter", card: anyCard(), name: "+1/+1", delta: 1 } } };
    case 7:
      return { type: "act", payload: { action: { do: "lookTop", n: 3, player: other } } };
    case 8:
      return { type: "act", payload: { action: pick(rng, [{ do: "redo" }, { do: "restart" }, { do: "undo", to: 1 }]) } };
    case 9:
      return { type: "deck", payload: { text: pick(rng, ["", "4 Forest", "zzz ???", "x".repeat(900)]), ...pick(rng, [{}, { at: 5 }, { more: false }, { at: -1 }, { more: true }]) } };
    case 10:
      return { type: "goOn", payload: { player: pick(rng, [seat, 12, -1, "1", 1.5]) } };
    case 11:
      return { type: pick(rng, ["", "play", "__proto__", "start2", "x".repeat(100), "ACT"]), payload: {} };
    case 12:
      return { type: "act", payload: { action: { do: "show", card: anyCard(), to: "all" } } };
    default:
      return { type: "act", payload: { action: { do: "arrange", top: [anyCard()], bottom: [] }, extra: 1 } };
  }
}

describe("card table: hostile input", function () {
  this.timeout(300_000);
  let hub: TestHub;

  before(async () => {
    hub = await bootHub(PORT, { ...NO_RATE_LIMITS });
  });
  after(async () => {
    await hub.shutdown();
  });

  it(`answers ${MESSAGES} hostile messages with an error each and changes nothing`, async () => {
    const sdk = new Client(`ws://127.0.0.1:${PORT}`);
    const conns: { room: Room<any>; probe: Probe; seat: number }[] = [];
    const a = await sdk.create("table", { seats: 2 });
    conns.push({ room: a, probe: new Probe(a), seat: 0 });
    const b = await sdk.joinById(a.roomId);
    conns.push({ room: b, probe: new Probe(b), seat: 1 });
    const spec = await sdk.joinById(a.roomId, { spectate: true });
    conns.push({ room: spec, probe: new Probe(spec), seat: -1 });
    const server = hub.colyseus.getRoomById(a.roomId) as unknown as Server;
    await until(() => server.session !== null, 4000, "the start");
    const session = server.session as GameSession<TableState, any, any, any, any>;
    // Deal, keep, and put a card onto each battlefield, so there is something to aim at.
    for (const c of conns.slice(0, 2)) c.room.send("deck", { text: "" });
    await until(() => session.state.game !== null, 4000, "the deal");
    for (const [i, c] of conns.slice(0, 2).entries()) c.room.send("act", { action: { do: "keep", bottom: [] } });
    await until(() => session.state.game!.phase === "playing", 4000, "the keeps");
    for (const [i, c] of conns.slice(0, 2).entries()) {
      const hand = session.state.game!.zones[`${i}.hand`];
      c.room.send("act", { action: { do: "move", card: hand[0], zone: "battlefield", place: "battlefield" } });
    }
    for (const c of conns) await c.probe.sync();

    const rng = createRng(0xf022, 0x7ab);
    const truth = () => JSON.stringify(session.state);
    const before = { truth: truth(), log: session.log.length, states: conns.map((c) => JSON.stringify(snapshot(c.room.state))) };
    const errorsBefore = conns.map((c) => c.probe.of("error").length);
    const sent = [0, 0, 0];
    let skipped = 0;
    for (let done = 0; done < MESSAGES; ) {
      for (let k = 0; k < BATCH && done < MESSAGES; k++) {
        const i = rng.int(3);
        const c = conns[i];
        const m = hostile(rng, session.state, c.seat);
        // A seat's message the rules would accept is not hostile: not sent (counted).
        if (c.seat >= 0) {
          const p = tableDef.parseMove(m.type, m.payload);
          if (p.ok && tableDef.apply(session.state, c.seat, p.value, { rng: createRng(1), now: 1 }).ok) {
            skipped++;
            continue;
          }
        }
        c.room.send(m.type, m.payload as any);
        sent[i]++;
        done++;
      }
      for (const c of conns) await c.probe.sync(10_000);
    }
    for (const [i, c] of conns.entries()) {
      const errors = c.probe.of("error").slice(errorsBefore[i]);
      expect(errors.length, `sender ${c.seat}`).to.equal(sent[i]);
      for (const e of errors) {
        expect(e.code, JSON.stringify(e)).to.be.a("string").and.not.equal("");
        expect(e.message, JSON.stringify(e)).to.be.a("string").and.not.equal("");
      }
    }
    expect(truth(), "the rules' state").to.equal(before.truth);
    expect(session.log.length).to.equal(before.log);
    conns.forEach((c, i) => expect(JSON.stringify(snapshot(c.room.state)), `client ${c.seat}'s state`).to.equal(before.states[i]));
    console.log(`      ${sent.join(" + ")} hostile messages answered (${skipped} accidental legal ones not sent)`);
    for (const c of conns) await c.room.leave();
  });

  it("refuses every legal action sent with one field more, bad-payload in words, and changes nothing (issue 36)", async () => {
    const sdk = new Client(`ws://127.0.0.1:${PORT}`);
    const a = await sdk.create("table", { seats: 2 });
    const b = await sdk.joinById(a.roomId);
    const [pa, pb] = [new Probe(a), new Probe(b)];
    const server = hub.colyseus.getRoomById(a.roomId) as unknown as Server;
    await until(() => server.session !== null, 4000, "the start");
    const session = server.session as GameSession<TableState, any, any, any, any>;
    for (const r of [a, b]) r.send("deck", { text: "" });
    await until(() => session.state.game !== null, 4000, "the deal");
    for (const r of [a, b]) r.send("act", { action: { do: "keep", bottom: [] } });
    await until(() => session.state.game!.phase === "playing", 4000, "the keeps");
    await pa.sync();
    await pb.sync();
    const seat = server.state.order.indexOf(0);
    const legal = tableDef.legalMoves(session.state, seat).filter((m) => m.type === "act");
    expect(legal.length).to.be.above(5);
    const before = { truth: JSON.stringify(session.state), log: session.log.length, states: [a, b].map((r) => JSON.stringify(snapshot(r.state))) };
    const from = pa.messages.length;
    for (const m of legal) a.send("act", { action: { ...(m as { action: object }).action, sneaky: 1 } });
    await pa.sync();
    await pb.sync();
    const errors = pa.of("error", from);
    expect(errors.map((e) => e.code)).to.deep.equal(legal.map(() => "bad-payload"));
    for (const e of errors) expect(e.message).to.match(/has no field "sneaky" \(its fields: do\b.*\); nothing was done/);
    expect(JSON.stringify(session.state), "the rules' state").to.equal(before.truth);
    expect(session.log.length).to.equal(before.log);
    [a, b].forEach((r, i) => expect(JSON.stringify(snapshot(r.state)), `client ${i}'s state`).to.equal(before.states[i]));
    for (const r of [a, b]) await r.leave();
  });

  it("freezes an action on an away player's hidden cards until most players present vote to go on", async () => {
    const sdk = new Client(`ws://127.0.0.1:${PORT}`);
    const a = await sdk.create("table", { seats: 3 });
    const b = await sdk.joinById(a.roomId);
    const c = await sdk.joinById(a.roomId);
    const probes = [a, b, c].map((r) => new Probe(r));
    const server = hub.colyseus.getRoomById(a.roomId) as unknown as Server;
    await until(() => server.session !== null, 4000, "the start");
    const session = server.session as GameSession<TableState, any, any, any, any>;
    for (const r of [a, b, c]) r.send("deck", { text: "" });
    await until(() => session.state.game !== null, 4000, "the deal");
    for (const r of [a, b, c]) r.send("act", { action: { do: "keep", bottom: [] } });
    await until(() => session.state.game!.phase === "playing", 4000, "the keeps");
    // A kitchen table: everyone may touch every card.
    a.send("act", { action: { do: "helpers", everyoneTouches: true } });
    await probes[0].sync();
    expect(session.state.game!.options.everyoneTouches).to.equal(true);
    // Seat 1 shows everyone a card of its hand, then drops.
    const theirs = session.state.game!.zones["1.hand"][0];
    b.send("act", { action: { do: "show", card: theirs, to: "all" } });
    await new Probe(b).sync();
    b.connection.close(4000);
    await until(() => !server.state.seats[1].connected, 4000, "seat 1 away");
    const take = { action: { do: "move", card: theirs, zone: "exile", player: 1, place: "top" } };
    let from = probes[0].messages.length;
    a.send("act", take);
    await probes[0].sync();
    expect(probes[0].of("error", from).map((e) => e.code)).to.deep.equal(["frozen"]);
    expect(probes[0].of("error", from)[0].message).to.match(/away.*vote to go on/);
    a.send("goOn", { player: 1 });
    from = probes[0].messages.length;
    a.send("act", take);
    await probes[0].sync();
    expect(probes[0].of("error", from).map((e) => e.code), "one vote of two present is not most").to.deep.equal(["frozen"]);
    c.send("goOn", { player: 1 });
    await probes[2].sync();
    from = probes[0].messages.length;
    a.send("act", take);
    await probes[0].sync();
    expect(probes[0].of("error", from)).to.deep.equal([]);
    expect(session.state.game!.cards.get(theirs), "the card left the hand (a new id in exile)").to.equal(undefined);
    expect(session.state.game!.zones["1.exile"]).to.have.length(1);
    for (const r of [a, c]) await r.leave();
  });
});
