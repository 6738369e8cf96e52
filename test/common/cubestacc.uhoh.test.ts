// Cubestacc UH OH and Caught (both allowed out of turn).

import { expect } from "chai";
import { C, caught, cards, DRAW, kinds, ok, play, refused, table, UHOH } from "./cubestacc.helpers.js";

describe("cubestacc UH OH: called holding exactly 2 cards, at any time", () => {
  it("is accepted at 2 cards, also out of turn, once", () => {
    const s = table({ hands: ["3S 4S 5S", "2C 3C"], root: "7S" });
    const { state, events } = ok(s, 1, UHOH);
    expect(events).to.deep.equal([{ kind: "uhoh", seat: 1 }]);
    expect(state.called[1]).to.equal(true);
    expect(state.turn).to.equal(0);
    expect(refused(state, 1, UHOH)).to.equal("already-called");
  });

  it("is refused with 3 cards or 1 card", () => {
    const s = table({ hands: ["3S 4S 5S", "2C"], root: "7S" });
    expect(refused(s, 0, UHOH)).to.equal("uhoh-needs-two");
    expect(refused(s, 1, UHOH)).to.equal("uhoh-needs-two");
  });

  it("protects the play down to 1 card: nobody can catch", () => {
    const s = table({ hands: ["3S 9D", "2C 3C 4C"], root: "7S" });
    const a = ok(ok(s, 0, UHOH).state, 0, play("3S", 0, "top")).state;
    expect(a.exposed[0]).to.equal(false);
    expect(refused(a, 1, caught(0))).to.equal("not-exposed");
    expect(refused(a, 1, caught())).to.equal("nothing-to-catch");
  });

  it("is reset by any draw", () => {
    const s = table({ hands: ["2C", "9D 2H"], root: "7S", stack: [["KS", 0, "top"]], pending: 2, turn: 1, deck: "3C 4C 5C" });
    const a = ok(s, 1, UHOH).state;
    expect(a.called[1]).to.equal(true);
    const b = ok(a, 1, DRAW).state; // takes the K stack
    expect(b.called[1]).to.equal(false);
  });
});

describe("cubestacc Caught: a play to 1 card without UH OH", () => {
  const forgot = () => {
    const s = table({ hands: ["3S 9D", "JS 3C 4C", "5H 6H 7D"], root: "7S", deck: "2D 3D 4D 5D 6D" });
    return ok(s, 0, play("3S", 0, "top")).state; // seat 0 down to 1 card, no call
  };

  it("opens the window: any other seat, even out of turn, makes the target draw 3", () => {
    const a = forgot();
    expect(a.exposed[0]).to.equal(true);
    expect(a.turn).to.equal(1);
    const { state, events } = ok(a, 2, caught(0));
    expect(events[0]).to.deep.equal({ kind: "caught", seat: 2, target: 0, wanted: 3, got: 3 });
    expect(kinds(events)).to.deep.equal(["caught", "draw", "draw", "draw"]);
    expect(state.hands[0]).to.deep.equal(cards("9D 6D 5D 4D"));
    expect(state.exposed[0]).to.equal(false);
    expect(state.turn).to.equal(1);
    expect(refused(state, 1, caught(0))).to.equal("not-exposed"); // one catch per slip
  });

  it("without a target catches every seat whose window is open", () => {
    const a = forgot();
    const { events } = ok(a, 1, caught());
    expect(events[0]).to.deep.include({ kind: "caught", target: 0 });
  });

  it("the target cannot catch itself; a bad target is refused", () => {
    const a = forgot();
    expect(refused(a, 0, caught(0))).to.equal("cannot-catch-self");
    expect(refused(a, 0, caught())).to.equal("nothing-to-catch");
    expect(refused(a, 1, caught(9))).to.equal("bad-move");
    expect(refused(a, 1, caught(2))).to.equal("not-exposed");
  });

  it("draws what is left of the deck", () => {
    const s = table({ hands: ["3S 9D", "2C 3C"], root: "7S", deck: "4D" });
    const a = ok(s, 0, play("3S", 0, "top")).state;
    const { state, events } = ok(a, 1, caught(0));
    expect(events[0]).to.deep.include({ wanted: 3, got: 1 });
    expect(state.hands[0]).to.deep.equal(cards("9D 4D"));
  });

  it("stays open through a draw back to 2, and closes when the target then calls UH OH", () => {
    // Seat 1 plays a J: seat 0 draws 1 (back to 2 cards) but has not called yet.
    const s = table({ hands: ["3S 9D", "JS 3C 4C"], root: "7S", deck: "2D 3D" });
    const a = ok(s, 0, play("3S", 0, "top")).state;
    const b = ok(a, 1, play("JS", 1, "top")).state;
    expect(b.hands[0]).to.deep.equal(cards("9D 3D"));
    expect(b.exposed[0]).to.equal(true);
    const c = ok(b, 0, UHOH).state;
    expect(c.exposed[0]).to.equal(false);
    expect(refused(c, 1, caught(0))).to.equal("not-exposed");
  });

  it("closes when the target plays again", () => {
    // Seat 0 slips to 1 card; seat 1 stacks a K on it: seat 0 takes 2 and plays, leaving 2 cards.
    const s = table({ hands: ["3S 9D", "KS 4C 5C"], root: "7S", deck: "8D 9S" });
    const a = ok(s, 0, play("3S", 0, "top")).state;
    expect(a.exposed[0]).to.equal(true);
    const b = ok(a, 1, play("KS", 1, "top")).state;
    expect([b.pending, b.turn]).to.deep.equal([2, 0]);
    const c = ok(b, 0, DRAW).state; // takes the stack: 9D 9S 8D
    expect(c.exposed[0]).to.equal(true);
    const d = ok(c, 0, play("9S", 2, "top")).state;
    expect(d.hands[0]).to.have.length(2);
    expect(d.exposed[0]).to.equal(false);
    expect(refused(d, 1, caught(0))).to.equal("not-exposed");
  });

  it("a new slip to 1 card opens a new window", () => {
    const s = table({ hands: ["3S 9D", "KS 4C 5C"], root: "7S", deck: "8D 9S" });
    const a = ok(s, 0, play("3S", 0, "top")).state;
    const b = ok(ok(a, 1, play("KS", 1, "top")).state, 0, DRAW).state;
    const c = ok(b, 0, play("9S", 2, "top")).state; // 2 cards left (9D 8D), no call; 9D may follow in a dump
    expect([c.exposed[0], c.dump?.rank]).to.deep.equal([false, "9"]);
    const d = ok(c, 0, play("9D", 3, "side")).state;
    expect(d.hands[0]).to.deep.equal([C("8D")]);
    expect(d.exposed[0]).to.equal(true);
  });
});
