// Cubestacc "Attaching a cube": modes, cells, occupancy, partial tips, 0, wilds, wild pivot.
// Tables are hand-made; the root is cube 0 and attached cubes get ids 1, 2, ...

import { expect } from "chai";
import { C, DRAW, ok, play, refused, table } from "./cubestacc.helpers.js";
import { legalPlays, modesFor, type LegalPlay } from "../../common/cubestacc/index.js";

const sortPlays = (ps: LegalPlay[]) => ps.map((p) => `${p.card}:${p.onto}:${p.mode}`).sort();
const expected = (...ps: [string, number, LegalPlay["mode"]][]) => ps.map(([c, onto, mode]) => `${C(c)}:${onto}:${mode}`).sort();

describe("cubestacc attach: TOP same suit, SIDE same rank, FACE same face rank", () => {
  it("TOP takes the same suit, SIDE the same rank; nothing else fits a number card", () => {
    const s = table({ hands: ["3S 7H 3H 9D", "2C"], root: "7S" });
    expect(sortPlays(legalPlays(s, 0))).to.deep.equal(expected(["3S", 0, "top"], ["7H", 0, "side"]));
    expect(ok(s, 0, play("3S", 0, "top")).state.placed[1]).to.include({ mode: "top", parent: 0 });
    expect(ok(s, 0, play("7H", 0, "side")).state.placed[1]).to.include({ mode: "side", parent: 0 });
    expect(refused(s, 0, play("7H", 0, "top"))).to.equal("illegal-play");
    expect(refused(s, 0, play("3S", 0, "side"))).to.equal("illegal-play");
    expect(refused(s, 0, play("7H", 0, "face"))).to.equal("illegal-play"); // 7 is not a face card
    expect(refused(s, 0, play("3H", 0, "top"))).to.equal("illegal-play");
  });

  it("a face card on the same face rank is offered both SIDE and FACE", () => {
    const s = table({ hands: ["KH QS QH", "2C"], root: "7S", stack: [["KS", 0, "top"]] });
    expect(modesFor(C("KH"), s.placed[1])).to.deep.equal(["side", "face"]);
    expect(modesFor(C("QS"), s.placed[1])).to.deep.equal(["top"]);
    expect(modesFor(C("QH"), s.placed[1])).to.deep.equal([]);
    const face = ok(s, 0, play("KH", 1, "face")).state;
    expect(face.placed[2].cell).to.deep.equal({ x: 0, y: 1, z: 1 });
    expect(face.placed[1].open).to.deep.equal({ top: true, side: true, face: false });
  });

  it("puts top/wild at +y, side at +x, face at +z from the parent's cell", () => {
    const s = table({ hands: ["KH KD 4S", "2C"], root: "7S", stack: [["KS", 0, "top"]] });
    const a = ok(s, 0, play("KH", 1, "side"));
    expect(a.state.placed[2].cell).to.deep.equal({ x: 1, y: 1, z: 0 });
    expect(a.events.find((e) => e.kind === "play")).to.deep.include({ cube: 2, onto: 1, mode: "side", cell: { x: 1, y: 1, z: 0 } });
    const b = ok(s, 0, play("KD", 1, "face"));
    expect(b.state.placed[2].cell).to.deep.equal({ x: 0, y: 1, z: 1 });
    const c = ok(s, 0, play("4S", 1, "top"));
    expect(c.state.placed[2].cell).to.deep.equal({ x: 0, y: 2, z: 0 });
    expect(c.state.placed[2].depth).to.equal(2);
  });
});

describe("cubestacc attach: the occupancy lattice, not the screen, decides", () => {
  // 7S root (0,0,0); 7H side (1,0,0); 3S top of root (0,1,0); 3H top of 7H (1,1,0).
  const crowded = () =>
    table({ hands: ["3D 9S", "2C"], root: "7S", stack: [["7H", 0, "side"], ["3S", 0, "top"], ["3H", 1, "top"]] });

  it("refuses a play whose cell is taken, even with that face open", () => {
    const s = crowded();
    expect(s.placed[2].open.side).to.equal(true);
    expect(modesFor(C("3D"), s.placed[2])).to.deep.equal(["side"]);
    expect(refused(s, 0, play("3D", 2, "side"))).to.equal("cell-occupied"); // (1,1,0) holds 3H
    expect(sortPlays(legalPlays(s, 0))).to.deep.equal(expected(["3D", 3, "side"], ["9S", 2, "top"]));
  });

  it("allows a cube drawn almost over another one: only cells count", () => {
    // top + side + face lands at (1,1,1), whose isometric offset from the root is
    // (0, -0.6) + (0.6, 0.32) + (-0.6, 0.32) = (0, 0.04) cube: on screen it covers the root.
    const s = table({ hands: ["KD 2C", "2H"], root: "7S", stack: [["KS", 0, "top"], ["KH", 1, "side"]] });
    const after = ok(s, 0, play("KD", 2, "face")).state;
    expect(after.placed[3].cell).to.deep.equal({ x: 1, y: 1, z: 1 });
  });

  it("keeps a tip partially open: a cube built on at TOP still takes SIDE (0♦ on 3♦, then a 3)", () => {
    const s = table({ hands: ["0D 5C", "3H 2C"], root: "3D" });
    const a = ok(s, 0, play("0D", 0, "top")).state;
    expect(a.placed[0].open).to.deep.equal({ top: false, side: true, face: true });
    const b = ok(a, 1, play("3H", 0, "side")).state;
    expect(b.placed[2]).to.include({ parent: 0, mode: "side" });
    expect(b.placed[0].open).to.deep.equal({ top: false, side: false, face: true });
  });

  it("places a 0 with TOP blocked: same suit cannot go on top, same rank still goes SIDE", () => {
    const s = table({ hands: ["5D 0H", "2C"], root: "3D", stack: [["0D", 0, "top"]] });
    expect(s.placed[1].open.top).to.equal(false);
    expect(refused(s, 0, play("5D", 1, "top"))).to.equal("illegal-play");
    expect(ok(s, 0, play("0H", 1, "side")).state.placed[2].cell).to.deep.equal({ x: 1, y: 1, z: 0 });
  });
});

describe("cubestacc attach: wilds", () => {
  it("a wild goes into any tip's TOP cell with mode wild, even on a 0, and needs a suit", () => {
    const s = table({ hands: ["W0 4C", "2C"], root: "3D", stack: [["0D", 0, "top"]] });
    expect(sortPlays(legalPlays(s, 0)).filter((p) => p.startsWith(`${C("W0")}:`))).to.deep.equal(expected(["W0", 1, "wild"]));
    expect(refused(s, 0, { type: "play", card: C("W0"), onto: 1, mode: "wild" })).to.equal("suit-required");
    expect(refused(s, 0, play("W0", 1, "wild", "stars" as never))).to.equal("suit-required");
    expect(refused(s, 0, play("W0", 1, "top", "clubs"))).to.equal("illegal-play");
    expect(refused(s, 0, play("W0", 0, "wild", "clubs"))).to.equal("cell-occupied"); // root's TOP cell holds the 0
    const after = ok(s, 0, play("W0", 1, "wild", "clubs")).state;
    expect(after.placed[2]).to.deep.include({ wild: true, suit: "clubs", rank: null, mode: "wild", cell: { x: 0, y: 2, z: 0 } });
  });

  it("only a wild takes a suit", () => {
    const s = table({ hands: ["4D", "2C"], root: "3D" });
    expect(refused(s, 0, play("4D", 0, "top", "hearts"))).to.equal("bad-move");
  });

  it("on a wild tip only TOP fits, with the wild's chosen suit; another wild fits too", () => {
    const s = table({ hands: ["5H 5S W1 9D", "2C"], root: "5D", stack: [["W0", 0, "wild", "hearts"]] });
    const wild = s.placed[1];
    expect(wild.open).to.deep.equal({ top: true, side: false, face: false });
    expect(modesFor(C("5H"), wild)).to.deep.equal(["top"]);
    expect(modesFor(C("5S"), wild)).to.deep.equal([]);
    expect(refused(s, 0, play("5S", 1, "top"))).to.equal("illegal-play");
    expect(refused(s, 0, play("5H", 1, "side"))).to.equal("illegal-play");
    expect(ok(s, 0, play("5H", 1, "top")).state.placed[2].cell).to.deep.equal({ x: 0, y: 2, z: 0 });
    expect(ok(s, 0, play("W1", 1, "wild", "spades")).state.placed[2].suit).to.equal("spades");
  });

  it("with wild pivot off (default) every open face stays playable after a wild", () => {
    const s = table({ hands: ["W0 8S 4D", "3S 5D 2C"], root: "5S" });
    const after = ok(s, 0, play("W0", 0, "wild", "diamonds")).state;
    expect(after.pivot).to.equal(null);
    expect(sortPlays(legalPlays(after, 1))).to.include.members(expected(["5D", 0, "side"], ["5D", 1, "top"]));
  });

  it("house rule wild pivot: after a wild only the wild is open until someone builds on it", () => {
    const s = table({ hands: ["W0 8S 4D", "3S 5D 2C"], root: "5S", wildPivot: true });
    const a = ok(s, 0, play("W0", 0, "wild", "diamonds")).state;
    expect(a.pivot).to.equal(1);
    expect(sortPlays(legalPlays(a, 1))).to.deep.equal(expected(["5D", 1, "top"]));
    expect(refused(a, 1, play("5D", 0, "side"))).to.equal("pivot");
    const b = ok(a, 1, play("5D", 1, "top")).state;
    expect(b.pivot).to.equal(null);
    // Open again: every tip counts (the root has no fit left for 8S/4D; the new 5D takes 4D on TOP).
    expect(sortPlays(legalPlays(b, 0))).to.deep.equal(expected(["4D", 2, "top"]));
  });

  it("wild pivot: nobody able to build on the wild draws instead", () => {
    const s = table({ hands: ["W0 8S 4D", "3S 5C 2C"], root: "5S", wildPivot: true });
    const a = ok(s, 0, play("W0", 0, "wild", "diamonds")).state;
    expect(legalPlays(a, 1)).to.deep.equal([]); // 5C would fit the root's SIDE without the house rule
    expect(ok(a, 1, DRAW).state.hands[1]).to.have.length(4);
  });
});

describe("cubestacc attach: a play names a card in hand, a placed cube and a mode", () => {
  it("refuses cards not in hand, unknown cubes, unknown modes and plays out of turn", () => {
    const s = table({ hands: ["3S", "4S"], root: "7S" });
    expect(refused(s, 0, play("4S", 0, "top"))).to.equal("not-in-hand");
    expect(refused(s, 0, { type: "play", card: 77, onto: 0, mode: "top" })).to.equal("bad-move");
    expect(refused(s, 0, { type: "play", card: C("3S"), onto: 5, mode: "top" })).to.equal("no-such-cube");
    expect(refused(s, 0, { type: "play", card: C("3S"), onto: 0, mode: "up" as never })).to.equal("bad-move");
    expect(refused(s, 1, play("4S", 0, "top"))).to.equal("not-your-turn");
    expect(legalPlays(s, 1)).to.deep.equal([]);
  });
});
