// Where our Cubestacc differs from the original Cubestacc.html, one test per entry of the
// "Where our rules differ from the original" section of common/cubestacc/README.md: each
// pins our rule (and says in its name what the original does instead).

import { expect } from "chai";
import { legalPlays } from "../../common/cubestacc/index.js";
import { C, caught, DRAW, kinds, ok, play, table, UHOH } from "./cubestacc.helpers.js";

describe("cubestacc: where our rules differ from the original (README)", () => {
  it("1. a same-rank dump of Js is played, each J owing one more draw (the original offers the dump, then refuses every J while its own J is owed)", () => {
    const s = table({ hands: ["JS JH 2D", "2C", "2H"], root: "7S", deck: "3C 4C 5C 6C" });
    const a = ok(s, 0, play("JS", 0, "top")).state;
    expect(a.dump).to.deep.equal({ rank: "J" });
    expect([...new Set(legalPlays(a, 0).map((p) => p.card))]).to.deep.equal([C("JH")]);
    const b = ok(a, 0, play("JH", 1, "side"));
    expect(b.events.find((e) => e.kind === "jack")).to.deep.include({ seat: 1, wanted: 2 });
  });

  it("1. a dump of Ks adds 2 per K, as the original's", () => {
    const s = table({ hands: ["KS KH 2D", "2C", "2H"], root: "7S" });
    const a = ok(s, 0, play("KS", 0, "top")).state;
    const b = ok(a, 0, play("KH", 1, "side")).state;
    expect([b.pending, b.turn]).to.deep.equal([4, 1]);
  });

  it("2. answering a K stack with a K on a K may go SIDE or FACE (the original offers FACE only)", () => {
    const s = table({ hands: ["2D", "KH 9C", "2H"], root: "7S", stack: [["KS", 0, "top"]], pending: 2, turn: 1 });
    const modes = legalPlays(s, 1).filter((p) => p.card === C("KH") && p.onto === 1).map((p) => p.mode).sort();
    expect(modes).to.deep.equal(["face", "side"]);
    for (const mode of ["side", "face"] as const) expect(ok(s, 1, play("KH", 1, mode)).state.pending).to.equal(4);
  });

  it("3. Caught reaches every player left at one card without UH OH (the original only the latest one)", () => {
    const s = table({ hands: ["3S 9D", "4S 9H", "5H 6H 7D"], root: "7S", deck: "2D 3D 4D 5D 6D 7C 8C" });
    const a = ok(s, 0, play("3S", 0, "top")).state; // seat 0 at one card, no call
    const b = ok(a, 1, play("4S", 1, "top")).state; // seat 1 too: the original would forget seat 0
    expect([b.exposed[0], b.exposed[1]]).to.deep.equal([true, true]);
    const { state, events } = ok(b, 2, caught());
    expect(events.filter((e) => e.kind === "caught").map((e) => (e as { target: number }).target)).to.deep.equal([0, 1]);
    expect([state.hands[0].length, state.hands[1].length]).to.deep.equal([4, 4]);
  });

  it("4. a draw that finds the pile empty leaves an UH OH call standing (the original's empty draw resets it)", () => {
    const s = table({ hands: ["9D 2H", "2C 3C 4C"], root: "7S", deck: "" });
    const called = ok(s, 0, UHOH).state;
    const { state, events } = ok(called, 0, DRAW);
    expect(kinds(events)).to.include("pass");
    expect(state.called[0]).to.equal(true);
  });

  it("5. a table where nobody can play or draw ends the game, fewest cards winning (the original goes round for ever)", () => {
    const s = table({ hands: ["9D 2H", "9C", "4D 4H 2D"], root: "7S", deck: "" });
    const end = ok(ok(ok(s, 0, DRAW).state, 1, DRAW).state, 2, DRAW).state;
    expect([end.phase, end.blocked, end.winner]).to.deep.equal(["finished", true, 1]);
  });

  it("6. after a wild every other open face stays playable by default (the original retires them for good); the wild pivot option narrows it to the wild until built on", () => {
    const open = ok(table({ hands: ["W0 3S 2D", "7H 2C"], root: "7S" }), 0, play("W0", 0, "wild", "clubs")).state;
    expect(legalPlays(open, 1).some((p) => p.card === C("7H") && p.onto === 0 && p.mode === "side")).to.equal(true);
    const pivot = ok(table({ hands: ["W0 3S 2D", "7H 2C"], root: "7S", wildPivot: true }), 0, play("W0", 0, "wild", "clubs")).state;
    expect(legalPlays(pivot, 1).map((p) => p.onto)).to.deep.equal([1]);
  });
});
