// Hostile input against a live Auto Pets table.
//
// A reproducible corpus (seeded) of hostile messages — every pets move type with wrong
// shapes, NaN, huge, negative and fractional numbers, card ids not in the hand, duplicates,
// apples to sell, non-triples to trade, picks with nothing to pick, orders of the wrong
// cards, extra fields, a `type` inside the payload, unknown types — is sent by the seat on
// turn, a seat out of turn and a spectator. A shape-valid move the rules would accept is
// never sent (the rules judge it on the server's own table first). Every message must get
// exactly one `error` and change nothing: no patch reaches any client, and the schema, the
// rules' state and the move log stay identical. FUZZ_MESSAGES sets the count (default 10,500).

import { expect } from "chai";
import { createRng, type Rng } from "../../common/core/rng.js";
import { petsDef } from "../../common/pets/index.js";
import { NO_RATE_LIMITS, Probe, snapshot, useHub } from "../helpers/hub.js";
import { petsRoom } from "../helpers/pets.js";
import { testPort } from "../helpers/ports.js";

const PORT = testPort(2702);
const MESSAGES = Number(process.env.FUZZ_MESSAGES ?? (process.env.LONG ? 60_000 : 10_500));
const CHUNK = 250;

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.int(xs.length)];
const GARBAGE: unknown[] = [
  undefined, null, 0, -1, 1.5, NaN, Infinity, -Infinity, "", "0", "x".repeat(300), true, false, [], [1, 2], {}, { a: 1 }, [{}], 1e308, -0, 2 ** 53, "1",
];
const NUMBERS: unknown[] = [-1, -0.5, 0.5, 4, 5, 99, 1e6, 1e9, 2 ** 31, -(2 ** 31), NaN, Infinity, "1", null, true, [], {}, 2 ** 53];
const TYPES = ["buy", "sell", "trade", "pick", "pass", "arrange"] as const;
const UNKNOWN_TYPES = ["", "BUY", "Buy", "move", "timeout", "play", "__proto__", "constructor", "x".repeat(60), "drop", "start2"];

/** A hostile payload for `type`, some of them shape-valid (the rules then refuse them). */
function hostile(rng: Rng, type: string, hand: number[], apples: number[], ids: number): unknown {
  const id = () => (rng.int(3) === 0 && hand.length ? pick(rng, hand) : rng.int(ids + 5));
  const list = (n: number) => Array.from({ length: n }, id);
  switch (rng.int(8)) {
    case 0:
      return pick(rng, GARBAGE);
    case 1:
      return { ...(pick(rng, [{ slot: 0 }, { cards: [1] }, { index: 0 }, { order: [] }]) as object), [pick(rng, ["extra", "type", "seat", "cards", "slot"])]: pick(rng, NUMBERS) };
    default:
      break;
  }
  switch (type) {
    case "buy":
      return { slot: pick(rng, NUMBERS) };
    case "sell":
      return { cards: rng.int(4) === 0 ? pick(rng, [...NUMBERS, list(70)]) : rng.int(3) === 0 && apples.length ? [pick(rng, apples)] : rng.int(2) ? [id(), id()].concat(rng.int(2) ? [] : [hand[0] ?? 0, hand[0] ?? 0]) : list(1 + rng.int(3)) };
    case "trade":
      return { cards: rng.int(3) === 0 ? pick(rng, NUMBERS) : list(rng.int(6)) };
    case "pick":
      return { index: rng.int(2) ? rng.int(2) : pick(rng, NUMBERS) };
    case "pass":
      return rng.int(2) ? {} : { now: true };
    default:
      return { order: rng.int(3) === 0 ? pick(rng, NUMBERS) : rng.int(2) ? hand.slice().reverse() : list(rng.int(8)) };
  }
}

describe("pets: hostile messages are each answered with an error and change nothing", function () {
  this.timeout(300_000);
  const hub = useHub(PORT, { ...NO_RATE_LIMITS }, { botDelayScale: 0 });

  it(`${MESSAGES} hostile messages from the seat on turn, a seat out of turn and a spectator`, async () => {
    const sdk = hub.colyseus.sdk;
    const a = await sdk.create("pets", { mode: "online", seats: 2, timer: 0, arrange: 0, private: true, name: "A" });
    const pa = new Probe(a);
    await pa.next("seat", 0);
    const b = await sdk.joinById(a.roomId, { name: "B" });
    const pb = new Probe(b);
    await pb.next("seat", 0);
    const s = await sdk.joinById(a.roomId, { spectate: true, name: "S" });
    const ps = new Probe(s);
    await ps.next("welcome", 0);
    const server = petsRoom(hub, a.roomId);
    await pa.until(() => pa.state.phase === "playing" || undefined, 5000, "the game to start");
    // Seat on turn buys once, so the corpus has a hand to name (and cards not in it).
    const session = server.session!;
    const turnRoom = server.seatOrder[session.state.turn];
    const onTurn = turnRoom === 0 ? a : b;
    onTurn.send("buy", { slot: 0 });
    await (turnRoom === 0 ? pa : pb).until(() => session.log.length === 1 || undefined, 3000, "the first buy");
    await Promise.all([pa.sync(), pb.sync(), ps.sync()]);

    const st = session.state;
    const senders = [
      { name: "on turn", room: server.seatOrder[st.turn] === 0 ? a : b, probe: server.seatOrder[st.turn] === 0 ? pa : pb, seat: st.turn },
      { name: "out of turn", room: server.seatOrder[st.turn] === 0 ? b : a, probe: server.seatOrder[st.turn] === 0 ? pb : pa, seat: 1 - st.turn },
      { name: "spectator", room: s, probe: ps, seat: -1 },
    ];
    const before = { schema: JSON.stringify(snapshot(server.state)), rules: JSON.stringify(st), log: session.log.length };
    const patches = [pa.patches, pb.patches, ps.patches];
    const rng = createRng(0xf022_7e75);
    const codes = new Map<string, number>();
    let sent = 0;
    let skipped = 0;
    while (sent < MESSAGES) {
      const counts = senders.map((x) => x.probe.of("error").length);
      const perSender = [0, 0, 0];
      for (let i = 0; i < CHUNK && sent < MESSAGES; i++) {
        const k = i % 3;
        const who = senders[k];
        const type = rng.int(12) === 0 ? pick(rng, UNKNOWN_TYPES) : pick(rng, TYPES);
        const g = who.seat;
        const hand = g >= 0 ? st.hands[g] : st.hands[0];
        const apples = hand.filter((id) => st.kinds[id] === "apple");
        const payload = hostile(rng, type, hand, apples, st.kinds.length);
        // Never send what the rules would accept: this test is about refusals.
        if (g >= 0) {
          const parsed = petsDef.parseMove(type, payload);
          if (parsed.ok && petsDef.apply(st, g, parsed.value, { rng: null as never, now: 0 }).ok) {
            skipped++;
            continue;
          }
        }
        who.room.send(type, payload);
        perSender[k]++;
        sent++;
      }
      await Promise.all(senders.map((x) => x.probe.sync(20_000)));
      senders.forEach((x, k) => {
        const errors = x.probe.of("error").slice(counts[k]);
        expect(errors.length, `${x.name}: one error per hostile message`).to.equal(perSender[k]);
        for (const e of errors) {
          expect(e.code, "a code").to.be.a("string").and.not.equal("");
          expect(e.message, "a message").to.be.a("string").and.not.equal("");
          codes.set(e.code, (codes.get(e.code) ?? 0) + 1);
        }
      });
    }
    expect(JSON.stringify(snapshot(server.state)), "schema unchanged").to.equal(before.schema);
    expect(JSON.stringify(session.state), "rules' state unchanged").to.equal(before.rules);
    expect(session.log.length, "no move logged").to.equal(before.log);
    expect([pa.patches, pb.patches, ps.patches], "no patch reached anyone").to.deep.equal(patches);
    console.log(`      ${sent} hostile messages answered (${skipped} acceptable ones not sent); codes: ${[...codes].map(([c, n]) => `${c} ${n}`).join(", ")}`);
    for (const code of ["bad-payload", "unknown-type", "not-seated", "not-your-turn"]) expect(codes.get(code) ?? 0, code).to.be.greaterThan(0);
  });
});
