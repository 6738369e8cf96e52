// A legal play packed into one uint16 and a placed cube into one uint32 for the schema
// (common/cubestacc/wire.ts), and what the client rebuilds from them.

import { expect } from "chai";
import { ATTACH_MODES, DECK_SIZE, newCube, packCube, packPlay, rootCube, seatView, unpackCubes, unpackPlay, type LegalPlay } from "../../common/cubestacc/index.js";
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

describe("cubestacc wire: a placed cube as one uint32", () => {
  it("the layout is card | parent << 6 | mode << 12 | suit << 15 | (by + 1) << 17 (documented in docs/protocol.md)", () => {
    const root = rootCube(13); // A♠
    expect(packCube(root, -1)).to.equal(13);
    const wild = newCube(1, root, 57, "wild", "clubs", 2);
    expect(packCube(wild, 4)).to.equal(57 + 0 * 64 + 4 * 4096 + 2 * 32768 + 5 * 131072);
    expect(packCube(newCube(2, wild, 28 + 3, "top", "clubs", 0), 0)).to.be.below(1 << 20);
  });

  it("refuses to pack what is not a cube, and reads garbage as the cubes before it", () => {
    const root = rootCube(0);
    const child = newCube(1, root, 1, "top", "spades", 0);
    expect(() => packCube(root, 0), "the root has no player").to.throw(/cannot pack/);
    expect(() => packCube(child, -1), "a played cube has one").to.throw(/cannot pack/);
    expect(() => packCube({ ...child, card: 60 }, 0)).to.throw(/cannot pack/);
    const good = [packCube(root, -1), packCube(child, 0)];
    expect(unpackCubes(good)).to.have.length(2);
    for (const bad of [-1, 1.5, 1 << 20, "12", null, undefined, 60]) {
      expect(unpackCubes([good[0], good[1], bad]), String(bad)).to.have.length(2);
      expect(unpackCubes([bad]), `first ${String(bad)}`).to.have.length(0);
    }
    expect(unpackCubes([good[0], good[1], good[0]]), "a second root").to.have.length(2);
    expect(unpackCubes([good[1]]), "a table that does not start with its root").to.have.length(0);
    expect(unpackCubes([good[0], good[1] | (5 << 6)]), "a parent not placed yet").to.have.length(1);
    expect(unpackCubes([good[0], (good[1] & ~(7 << 12)) | (4 << 12)]), "a normal card in wild mode").to.have.length(1);
  });
});

describe("cubestacc wire: what the client model rebuilds from the schema's fields", () => {
  it("over 40 random games: every cube (cell, open faces, rank, wild, depth) from one number; legal plays unpacked", () => {
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
          // What the room writes (server/rooms/cubestacc/parts.ts), nothing more; `by` kept in game seats here.
          const wire = s.placed.map((p) => packCube(p, p.by ?? -1));
          expect(readCubes(wire)).to.deep.equal(s.placed);
          cubes += wire.length;
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
