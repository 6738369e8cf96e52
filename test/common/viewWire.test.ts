// The generic view wire (common/core/viewWire.ts): parts join back into the view exactly, for
// every viewer; each seat's own versions reach it alone; a move changes only the parts it touched.
// Over random games of every ported game (the twins over real sockets: test/server/wire.twins.test.ts).

import { expect } from "chai";
import { createRng } from "../../common/core/rng.js";
import { connect4Def, connect4Wire } from "../../common/connect4/index.js";
import { petsDef, petsWire } from "../../common/pets/index.js";
import { carriedView, defaultViewWire, joinFields, partsFor, splitFields, wantedParts, type Parts, type ViewWire } from "../../common/core/viewWire.js";
import type { GameDef, TypedMove } from "../../common/core/game.js";

/** The parts one viewer would hold from the room's wanted list. */
function held(all: { id: string; json: string }[], seat: number | null): Parts {
  return partsFor(all.map((w) => [w.id, w.json] as [string, string]), seat);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDef = GameDef<any, TypedMove, any, any, any>;

/** Plays random legal moves, checking after each that every viewer joins its own view back. */
function playChecked(def: AnyDef, wire: ViewWire<unknown>, seed: number, seats: number, options: Record<string, unknown>): number {
  const configured = def.configure(options);
  if (!configured.ok) throw new Error(configured.error.message);
  let s = def.setup(seed, configured.value.config, seats);
  const rng = createRng(seed);
  let moves = 0;
  for (let step = 0; step < 400; step++) {
    const wanted = wantedParts(wire, (g) => def.view(s, g), seats);
    for (const seat of [null, ...Array.from({ length: seats }, (_, g) => g)]) {
      expect(wire.join(held(wanted, seat), seat), `seed ${seed} step ${step} seat ${seat}`).to.deep.equal(carriedView(wire, def.view(s, seat)));
    }
    const who = def.whoActs(s).seats;
    if (!who.length) break;
    const seat = who[rng.int(who.length)];
    const legal = def.legalMoves!(s, seat);
    if (!legal.length) break;
    const r = def.apply(s, seat, legal[rng.int(legal.length)], { rng, now: 1000 + step });
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
    moves++;
  }
  return moves;
}

describe("view wire", () => {
  it("splitFields / joinFields: one part per field and per list element; joined back exactly", () => {
    const v = { a: 1, list: [3, null, { x: [1] }], obj: { k: "v" }, none: null, empty: [] as number[] };
    const parts = splitFields(v);
    expect(parts).to.deep.equal({ a: "1", "list*": "3", "list.0": "3", "list.1": "null", "list.2": '{"x":[1]}', obj: '{"k":"v"}', none: "null", "empty*": "0" });
    expect(joinFields(parts)).to.deep.equal(v);
    expect(defaultViewWire<typeof v>().join(parts, null)).to.deep.equal(v);
  });

  it("a seat's own version reaches that seat only; a part absent for a seat is absent in its join", () => {
    const views: Record<string, { pub: number; mine?: number[] }> = { null: { pub: 1 }, 0: { pub: 1, mine: [7, 8] }, 1: { pub: 1, mine: [9] } };
    const wire = defaultViewWire<{ pub: number; mine?: number[] }>();
    const wanted = wantedParts(wire, (g) => views[String(g)], 2);
    expect(wanted.filter((w) => w.seat === null).map((w) => w.id)).to.deep.equal(["pub"]);
    expect(wire.join(held(wanted, null), null)).to.deep.equal({ pub: 1 });
    expect(wire.join(held(wanted, 0), 0)).to.deep.equal({ pub: 1, mine: [7, 8] });
    expect(wire.join(held(wanted, 1), 1)).to.deep.equal({ pub: 1, mine: [9] });
    // the other seat's private parts never carry seat 0's values
    expect(held(wanted, 1)).to.not.have.property("mine.1");
    expect(JSON.stringify(held(wanted, 1))).to.not.include("7");
  });

  it("connect4: every viewer joins view(seat) back after every move of 60 random games; all parts are public", () => {
    let moves = 0;
    for (let seed = 1; seed <= 60; seed++) moves += playChecked(connect4Def as AnyDef, connect4Wire as ViewWire<unknown>, seed, 2, { mode: "online", timer: 0 });
    expect(moves).to.be.greaterThan(60 * 7);
    const s = connect4Def.setup(1, { timer: 30 }, 2);
    expect(wantedParts(connect4Wire, (g) => connect4Def.view(s, g), 2).every((w) => w.seat === null), "nothing per seat").to.equal(true);
  });

  it("connect4: a drop changes one cell part, nothing else (the turn is derived)", () => {
    const s0 = connect4Def.setup(1, { timer: 0 }, 2);
    const r = connect4Def.apply(s0, 0, { type: "drop", col: 3 }, { rng: createRng(1), now: 5 });
    if (!r.ok) throw new Error(r.error.message);
    const before = connect4Wire.split(connect4Def.view(s0, null));
    const after = connect4Wire.split(connect4Def.view(r.state, null));
    const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
    expect(changed.sort()).to.deep.equal(["grid.3"]);
  });

  it("pets: every viewer joins view(seat) back (less the log) after every move of 12 random games of 2–5 seats; hands only to their seat", () => {
    let moves = 0;
    for (let seed = 1; seed <= 12; seed++) moves += playChecked(petsDef as AnyDef, petsWire as ViewWire<unknown>, seed, 2 + (seed % 4), { mode: "online", seats: 2 + (seed % 4), timer: 0, arrange: 0 });
    expect(moves).to.be.greaterThan(12 * 20);
    const configured = petsDef.configure({ mode: "online", seats: 3, timer: 0, arrange: 0 });
    if (!configured.ok) throw new Error(configured.error.message);
    const s = petsDef.setup(1, configured.value.config, 3);
    const wanted = wantedParts(petsWire, (g) => petsDef.view(s, g), 3);
    // the spectator's parts hold no card of any hand; each seat's hand parts are its own
    expect(wanted.filter((w) => w.seat === null && w.id.startsWith("h.")), "no public hand card").to.deep.equal([]);
    for (const g of [0, 1, 2]) expect(wanted.filter((w) => w.id.startsWith("h.") && w.seat === g).length, `seat ${g}'s hand`).to.equal(petsDef.view(s, g).hand!.length);
  });

  it("pets: a buy changes the buyer's few parts; a sale removes the card's part and relinks at most one", () => {
    const configured = petsDef.configure({ mode: "online", seats: 2, timer: 0, arrange: 0 });
    if (!configured.ok) throw new Error(configured.error.message);
    let s = petsDef.setup(3, configured.value.config, 2);
    const rng = createRng(3);
    const seat = s.turn;
    const before = petsWire.split(petsDef.view(s, seat));
    const bought = petsDef.apply(s, seat, { type: "buy", slot: 0 }, { rng, now: 1 });
    if (!bought.ok) throw new Error(bought.error.message);
    s = bought.state;
    const after = petsWire.split(petsDef.view(s, seat));
    const added = Object.keys(after).filter((k) => !(k in before));
    expect(added.filter((k) => k.startsWith("h.")).length, "one new hand card part (and apples a buy may gain)").to.be.greaterThan(0);
    expect(Object.keys(before).filter((k) => !(k in after)), "nothing removed").to.deep.equal([]);
    const changed = Object.keys(after).filter((k) => k in before && after[k] !== before[k]);
    expect(changed.every((k) => !k.startsWith("h.")), "no hand card re-sent").to.equal(true);
  });
});
