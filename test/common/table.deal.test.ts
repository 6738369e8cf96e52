// The deal off the event loop (common/table/deal.ts, issue 36 point 4): a big deal is made on a
// worker thread and crosses back packed; unpacked it is exactly setupTable's game (its canonical
// JSON, the card index's order, every dealt card's shared untouched parts), over seeds, 1–8
// seats, commanders, planes and schemes. The table's definition takes it only under its key.

import { expect } from "chai";
import { createRng } from "../../common/core/rng.js";
import { GameSession } from "../../common/core/session.js";
import { DEAL_OFF_LOOP_CARDS, dealKey, dealWork, packDeal, unpackDeal, type DealTask, type PackedDeal } from "../../common/table/deal.js";
import { deckMessages, tableDef, type TableMove } from "../../common/table/game.js";
import { canonicalJson, fingerprint, parseDecklist, setupTable, UNTOUCHED, type Deck, type TableConfig, type TableGame } from "../../common/table/index.js";

const list = (n: number, tag: string) => ["Deck", ...Array.from({ length: n / 4 }, (_, i) => `4 ${tag} Card ${i} | Creature — Bear | {1}{G} | 2/2`)].join("\n");
const deckOf = (text: string): Deck => {
  const r = parseDecklist(text);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.deck;
};
const commander = deckOf(["Commander", "1 Captain Sisay | Legendary Creature — Human Soldier | {2}{G}{W}", "Deck", "99 Forest | Basic Land — Forest", "Tokens", "1 Soldier | Token Creature — Soldier | {0} | 1/1"].join("\n"));
const planesAndSchemes = deckOf(["Deck", "60 Island | Basic Land — Island", "Planes", ...Array.from({ length: 10 }, (_, i) => `1 Plane ${i} | Plane — Somewhere`), "Schemes", ...Array.from({ length: 20 }, (_, i) => `1 Scheme ${i} | Scheme`)].join("\n"));

/** Through a structured clone, as it crosses from the worker thread. */
const crossed = (p: PackedDeal): PackedDeal => structuredClone(p);

function roundTrip(seed: number | string, config: TableConfig, seats: number): TableGame {
  const direct = setupTable(seed, config, seats);
  const packed = crossed(dealWork({ seed, config, seats } satisfies DealTask));
  if ("error" in packed) throw new Error(packed.error);
  const got = unpackDeal(packed);
  expect(canonicalJson(got), "the same game").to.equal(canonicalJson(direct));
  expect([...got.cards.keys()], "the card index in the same order").to.deep.equal([...direct.cards.keys()]);
  for (const [id, c] of direct.cards) {
    const shares = c.counters === UNTOUCHED.counters;
    expect(got.cards.get(id)!.counters === UNTOUCHED.counters, `card ${id} shares its untouched parts as dealt`).to.equal(shares);
  }
  return got;
}

describe("card table: the deal's compact form", function () {
  this.timeout(60_000);

  it("unpacks to exactly setupTable's game: seeds, 1–8 seats, built-in and 500-card decks", () => {
    for (const [i, seed] of [1, 17, 0xdeadbeef, "0123456789abcdef0123456789abcdef", "ffeeddccbbaa99887766554433221100"].entries()) {
      for (const seats of [1, 2, 3, 5, 8]) {
        const decks = Array.from({ length: seats }, (_, s) => ((s + i) % 3 === 0 ? deckOf(list(500, `S${s}`)) : (s + i) % 3 === 1 ? undefined : deckOf(list(60, "Same"))));
        roundTrip(seed, { format: "constructed", decks: decks as Deck[], ids: i % 2 ? "sequential" : "random" }, seats);
      }
    }
  });

  it("commanders and tokens, planes (the top one turned over) and schemes, teams", () => {
    const g = roundTrip("00112233445566778899aabbccddeeff", { format: "commander", decks: [commander, planesAndSchemes, commander, planesAndSchemes], variants: { planechase: true, archenemy: 1 }, ids: "random" }, 4);
    expect(g.zones.plane.length).to.equal(1);
    expect(g.zones["1.schemes"].length).to.equal(20);
    roundTrip(5, { format: "constructed", decks: [planesAndSchemes, planesAndSchemes, commander, commander], variants: { teams: "twoHeadedGiant", planechase: true }, names: ["A", "B", "C", "D"] }, 4);
  });

  it("a deal the rules refuse comes back as its refusal", () => {
    const many = deckOf(list(500, "X"));
    const packed = dealWork({ seed: 1, config: { format: "free", decks: Array.from({ length: 9 }, () => many) }, seats: 9 });
    expect(packed).to.have.property("error").that.matches(/more than 4000 cards/);
  });

  it("each unpack is a game of its own (a cached result is unpacked again for a restore)", () => {
    const packed = packDeal(setupTable(3, { format: "constructed", decks: [deckOf(list(500, "A")), deckOf(list(500, "B"))] }, 2));
    if ("error" in packed) throw new Error(packed.error);
    const a = unpackDeal(packed);
    const b = unpackDeal(packed);
    a.players[0].life = 1;
    a.zones["0.hand"].push(99);
    a.cards.get(a.zones["1.hand"][0])!.tapped = true;
    expect(canonicalJson(b)).to.not.equal(canonicalJson(a));
    expect(canonicalJson(b)).to.equal(canonicalJson(unpackDeal(packed)));
  });

  it("the table deals a big table from the prepared result only under its key, and gets the same game", () => {
    const cfg = tableDef.configure({ seats: 8 });
    if (!cfg.ok) throw new Error(cfg.error.message);
    const text = list(500, "Big");
    const play = (prepare: boolean, wrongKey = false) => {
      const s = new GameSession(tableDef, "0123456789abcdef0123456789abcdef", cfg.value.config, 8);
      let prepared = 0;
      for (let seat = 0; seat < 8; seat++) {
        for (const p of deckMessages(text)) {
          const move: TableMove = { type: "deck", ...p };
          const work = tableDef.prepare!(s.state, seat, move, s.rng.getState());
          // Only the last piece of the last deck deals.
          expect(work !== null, `seat ${seat} piece at ${p.at ?? 0}`).to.equal(seat === 7 && !p.more);
          const result = work && prepare ? { key: wrongKey ? work.key + "x" : work.key, result: crossed(tableDef.work!(structuredClone(work.task)) as PackedDeal) } : undefined;
          if (result) prepared++;
          const r = s.apply(seat, move, 1000 + s.log.length, undefined, result);
          if (!r.ok) throw new Error(r.error.message);
        }
      }
      expect(prepared).to.equal(prepare ? 1 : 0);
      return s;
    };
    const inProcess = play(false);
    const fromWork = play(true);
    expect(fingerprint(fromWork.state.game!)).to.equal(fingerprint(inProcess.state.game!));
    for (const v of [0, 3, 7, null]) expect(canonicalJson(fromWork.view(v))).to.equal(canonicalJson(inProcess.view(v)));
    expect(fingerprint(play(true, true).state.game!), "a result under another key is not taken").to.equal(fingerprint(inProcess.state.game!));
  });

  it("small deals stay in process; the key names the seed and every input", () => {
    const cfg = tableDef.configure({ seats: 2 });
    if (!cfg.ok) throw new Error(cfg.error.message);
    const s = new GameSession(tableDef, 9, cfg.value.config, 2);
    s.apply(0, { type: "deck", text: "" }, 1);
    expect(tableDef.prepare!(s.state, 1, { type: "deck", text: list(60, "Small") }, createRng(1).getState()), `${120} cards ≤ ${DEAL_OFF_LOOP_CARDS}`).to.equal(null);
    const task: DealTask = { seed: 1, config: { format: "constructed", decks: [deckOf(list(500, "A"))] }, seats: 1 };
    const keys = new Set([dealKey(task), dealKey({ ...task, seed: 2 }), dealKey({ ...task, config: { ...task.config, decks: [deckOf(list(500, "B"))] } }), dealKey({ ...task, config: { ...task.config, names: ["Ann"] } })]);
    expect(keys.size).to.equal(4);
    expect(dealKey(structuredClone(task))).to.equal(dealKey(task));
  });
});
