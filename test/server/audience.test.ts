// Objects whose audience changes many times (shown to one seat, to all, to nobody, hidden
// again), added, edited and removed, under joins, drops and reclaims: every connection's
// decoded state equals exactly what its seat may see, after every step. Real
// @colyseus/schema encoder, StateView and decoder, in the order Colyseus sends full states
// and patches (the approach of numberList.test.ts).

import { expect } from "chai";
import { Encoder, MapSchema, Schema, StateView, type Decoder, type, view } from "@colyseus/schema";
import { createRng, type Rng } from "../../common/core/rng.js";
import { AudienceMap, type Audience, type Viewer } from "../../server/rooms/game/audience.js";
import { connectView, patchViews } from "../helpers/schemaWire.js";

class Card extends Schema {
  @type("uint8") face = 0;
  @type("string") at = "";
}
class Table extends Schema {
  @view() @type({ map: Card }) cards = new MapSchema<Card>();
  @type("uint16") moveNo = 0;
}

interface Fields {
  face: number;
  at: string;
}
interface Connection extends Viewer {
  state: Table;
  decoder: Decoder;
}

const write = (c: Card, f: Fields) => {
  if (c.face !== f.face) c.face = f.face;
  if (c.at !== f.at) c.at = f.at;
};

const AUDIENCES: Audience[] = ["all", [0], [1], [0, 1], [], [2], [0, 2]];

/** Runs random tables; returns the mismatches between decoded states and what each seat may see. */
function mismatches(rng: Rng, tables: number): string[] {
  const found: string[] = [];
  for (let t = 0; t < tables; t++) {
    const table = new Table();
    const encoder = new Encoder(table);
    const audience = new AudienceMap<Card, Fields>(table.cards, () => new Card(), write);
    const connections: Connection[] = [];
    const connect = (seat: number | null) => {
      const view = new StateView();
      audience.attach({ view, seat });
      connections.push({ seat, ...connectView(encoder, view, () => new Table()) });
    };
    const patch = () => patchViews(encoder, connections);
    connect(0);
    connect(1);
    connect(null);
    const wanted = new Map<string, { audience: Audience; fields: Fields }>();
    for (let move = 0; move < 60; move++) {
      // Change a few objects: new, edited, re-audienced, removed.
      for (let k = 0; k < 1 + rng.int(4); k++) {
        const id = `c${rng.int(12)}`;
        const r = rng.int(6);
        if (r === 0) wanted.delete(id);
        else {
          const prev = wanted.get(id);
          wanted.set(id, {
            audience: r <= 2 || !prev ? AUDIENCES[rng.int(AUDIENCES.length)] : prev.audience,
            fields: r === 5 && prev ? prev.fields : { face: rng.int(60), at: ["deck", "hand", "table", "discard"][rng.int(4)] },
          });
        }
      }
      audience.sync(
        [...wanted].map(([id, w]) => ({ id, ...w })),
        connections,
      );
      table.moveNo++;
      patch();
      // Drops and reclaims: a connection goes away (nobody holds its view) and a new one takes the seat.
      if (rng.int(8) === 0 && connections.length) connections.splice(rng.int(connections.length), 1);
      for (const seat of [0, 1, null]) if (!connections.some((c) => c.seat === seat) && rng.int(3) === 0) connect(seat);
      for (const c of connections) {
        const seen: Record<string, Fields> = {};
        c.state.cards.forEach((card, id) => (seen[id] = { face: card.face, at: card.at }));
        const truth = audience.visibleTo(c.seat);
        const a = JSON.stringify(Object.keys(seen).sort().map((k) => [k, seen[k]]));
        const b = JSON.stringify(Object.keys(truth).sort().map((k) => [k, truth[k]]));
        if (a !== b) found.push(`table ${t} move ${move} seat ${c.seat}: sees ${a}, may see ${b}`);
      }
    }
  }
  return found;
}

describe("generic room: objects whose audience changes (AudienceMap)", () => {
  it("every connection decodes exactly what its seat may see, through adds, edits, removals, audience changes, drops and reclaims (150 tables × 60 moves)", () => {
    expect(mismatches(createRng(11, 2), 150).slice(0, 5)).to.deep.equal([]);
  });
});
