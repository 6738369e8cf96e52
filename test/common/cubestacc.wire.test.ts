// A legal play packed into one uint16 for the schema (common/cubestacc/wire.ts).

import { expect } from "chai";
import { ATTACH_MODES, DECK_SIZE, packPlay, seatView, unpackPlay, type LegalPlay } from "../../common/cubestacc/index.js";
import { readCubes, readModel } from "../../client/games/cubestacc/model.js";
import { runGame } from "./cubestacc.helpers.js";

describe("cubestacc wire: a legal play as one uint16", () => {
  it("every card × cube × mode packs to a distinct number below 2^14 and unpacks to itself", () => {
    const seen = new Set<number>();
    for (let card = 0; card < DECK_SIZE; card++)
      for (let onto = 0; onto < DECK_SIZE; onto++)
        for (const mode of ATTACH_MODES) {
          const packed = packPlay({ card, onto, mode });
          expect(packed).to.be.within(0, (1 << 14) - 1);
          seen.add(packed);
          expect(unpackPlay(packed)).to.deep.equal({ card, onto, mode });
        }
    expect(seen.size).to.equal(DECK_SIZE * DECK_SIZE * ATTACH_MODES.length);
  });

  it("the layout is card | onto << 6 | mode << 12 (documented in docs/protocol.md)", () => {
    expect(packPlay({ card: 12, onto: 3, mode: "side" })).to.equal(12 + 3 * 64 + 1 * 4096);
    expect(unpackPlay(59 + 59 * 64 + 3 * 4096)).to.deep.equal({ card: 59, onto: 59, mode: "wild" });
  });

  it("refuses to pack what is not a play, and unpacks garbage to null", () => {
    const bad: LegalPlay[] = [
      { card: 60, onto: 0, mode: "top" },
      { card: 0, onto: 60, mode: "top" },
      { card: -1, onto: 0, mode: "top" },
      { card: 1.5, onto: 0, mode: "top" },
      { card: 0, onto: 0, mode: "start" as never },
    ];
    for (const play of bad) expect(() => packPlay(play), JSON.stringify(play)).to.throw(/cannot pack/);
    for (const value of [-1, 1.5, 1 << 14, 60, 60 * 64, "12", null, undefined, NaN]) expect(unpackPlay(value), String(value)).to.equal(null);
  });
});

describe("cubestacc wire: what the client model rebuilds from the schema's fields", () => {
  it("over 40 random games: cube ids, rank, wild and depth from card and parent; legal plays unpacked", () => {
    let cubes = 0;
    let plays = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const seats = 2 + (seed % 4);
      runGame({
        seed,
        seats,
        observe: (_before, _seat, _move, result) => {
          if (!result.ok) return;
          const s = result.state;
          // The cube fields the room writes (CubestaccState.ts `Cube`), nothing more.
          const wire = s.placed.map((p) => ({ card: p.card, parent: p.parent ?? -1, x: p.cell.x, y: p.cell.y, z: p.cell.z, mode: p.mode, suit: p.suit, openTop: p.open.top, openSide: p.open.side, openFace: p.open.face, by: p.by ?? -1 }));
          const read = readCubes(wire);
          expect(read.map((c) => [c.id, c.rank, c.wild, c.depth])).to.deep.equal(s.placed.map((p) => [p.id, p.rank, p.wild, p.depth]));
          cubes += read.length;
          const seat = s.turn;
          const legal = seatView(s, seat).legal;
          const model = readModel({ players: Array.from({ length: seats }, (_, i) => (i === seat ? { private: { legal: legal.map(packPlay), hand: [] } } : {})) }, seat);
          expect(model.mine!.legal).to.deep.equal(legal.map((l) => ({ card: l.card, onto: l.onto, mode: l.mode })));
          plays += legal.length;
        },
      });
    }
    expect(cubes).to.be.greaterThan(1000);
    expect(plays).to.be.greaterThan(1000);
  });
});
