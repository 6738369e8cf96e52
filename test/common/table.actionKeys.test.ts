// Issue 36, point 12: a table action with a field its kind does not have (`act {action: {do:
// "tap", card, on, sneaky: 1}}`) was taken, the field silently dropped. It is refused
// `bad-payload`, in words naming the field and the fields the action has, and changes nothing.
// (test/server/table.fuzz.test.ts sends the same through a live room.)

import { expect } from "chai";
import fc from "fast-check";
import { createRng } from "../../common/core/rng.js";
import { ACTION_KINDS, CATALOGUE, type ActionKind, type Field } from "../../common/table/catalogue.js";
import { tableDef, type TableMove, type TableState } from "../../common/table/game.js";

/** An action of `kind` with every field it needs, each at the smallest value its kind allows. */
function smallest(kind: ActionKind): Record<string, unknown> {
  const out: Record<string, unknown> = { do: kind };
  for (const [name, f] of Object.entries(CATALOGUE[kind].fields as Record<string, Field>)) {
    if (f.opt) continue;
    out[name] = f.t === "int" ? f.min : f.t === "str" ? "" : f.t === "bool" ? false : f.t === "enum" ? f.of[0] : f.t === "pos" ? { x: 0, y: 0 } : [];
  }
  return out;
}

const fieldsOf = (kind: ActionKind) => ["do", ...Object.keys(CATALOGUE[kind].fields)];

/** A two-seat table, dealt and kept, so actions have cards to act on. */
function dealt(): TableState {
  const ctx = { rng: createRng(5), now: 1 };
  const c = tableDef.configure({ seats: 2 });
  if (!c.ok) throw new Error(c.error.message);
  let s = tableDef.setup(11, c.value.config, 2);
  for (const seat of [0, 1]) {
    const r = tableDef.apply(s, seat, { type: "deck", text: "" }, ctx);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  for (const seat of [0, 1]) {
    const r = tableDef.apply(s, seat, { type: "act", action: { do: "keep", bottom: [] } }, ctx);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  return s;
}

function refusedWithWords(kind: ActionKind, key: string, raw: Record<string, unknown>) {
  const p = tableDef.parseMove("act", { action: raw });
  expect(p.ok, `${kind} with ${JSON.stringify(key)}`).to.equal(false);
  if (p.ok) return;
  expect(p.error.code).to.equal("bad-payload");
  expect(p.error.message).to.include(JSON.stringify(key.slice(0, 32)));
  expect(p.error.message).to.include(kind);
  for (const f of fieldsOf(kind)) expect(p.error.message).to.include(f);
}

describe("card table: an action with a field its kind does not have is refused (issue 36)", () => {
  it("every kind of the catalogue: accepted as it is, refused bad-payload in words with one field more", () => {
    for (const kind of ACTION_KINDS) {
      const raw = smallest(kind);
      expect(tableDef.parseMove("act", { action: raw }).ok, `${kind} as it is`).to.equal(true);
      refusedWithWords(kind, "sneaky", { ...raw, sneaky: 1 });
      // A field of another kind is no field of this one.
      const other = ACTION_KINDS.flatMap((k) => fieldsOf(k)).find((f) => !fieldsOf(kind).includes(f))!;
      refusedWithWords(kind, other, { ...raw, [other]: 1 });
    }
  });

  it("the legal actions of a dealt table with one field more change nothing, through parseMove and through apply", () => {
    const s = dealt();
    const before = JSON.stringify(s);
    const legal = tableDef.legalMoves(s, 0).filter((m): m is Extract<TableMove, { type: "act" }> => m.type === "act");
    expect(legal.length).to.be.above(5);
    for (const m of legal) {
      const raw = { ...m.action, extra: { nested: true } };
      refusedWithWords(m.action.do, "extra", raw);
      // A caller that skipped parseMove is refused by the rules all the same.
      const r = tableDef.apply(s, 0, { type: "act", action: raw as never }, { rng: createRng(9), now: 2 });
      expect(r.ok, m.action.do).to.equal(false);
      if (!r.ok) expect(r.error.code).to.equal("bad-payload");
    }
    expect(JSON.stringify(s), "the state").to.equal(before);
  });

  it("fuzz: any unknown key, any value, on any kind, is refused bad-payload", () => {
    const key = fc.string({ minLength: 1, maxLength: 40 }).filter((k) => k !== "__proto__");
    fc.assert(
      fc.property(fc.constantFrom(...ACTION_KINDS), key, fc.jsonValue(), (kind, k, v) => {
        fc.pre(!fieldsOf(kind).includes(k));
        const p = tableDef.parseMove("act", { action: { ...smallest(kind), [k]: v } });
        return !p.ok && p.error.code === "bad-payload" && p.error.message.includes(JSON.stringify(k.slice(0, 32)));
      }),
      { numRuns: 2000, seed: 36 },
    );
  });
});
