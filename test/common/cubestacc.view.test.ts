// Cubestacc per-seat projection and per-seat events: the public table plus
// the viewer's own hand; never another seat's hand or the deck order.

import { expect } from "chai";
import { C, cards, DRAW, ok, play, table } from "./cubestacc.helpers.js";
import { cubestaccRules, eventsFor, legalPlays, type CubestaccState } from "../../common/cubestacc/index.js";

const view = cubestaccRules.view;

describe("cubestacc view: public table", () => {
  it("shows cubes with cells, modes, suits, ranks and open faces, counts per seat, deck count, turn, direction", () => {
    const s = table({ hands: ["3S 4S 9D", "2C 3C", "5H"], root: "7S", stack: [["0S", 0, "top"], ["W0", 1, "wild", "hearts"]], deck: "2D 3D 4D", direction: -1, pending: 2 });
    s.called[1] = true;
    s.exposed[2] = true;
    const v = view(s, null);
    expect(v.placed.map((p) => [p.id, p.card, p.parent, p.mode, p.suit, p.rank])).to.deep.equal([
      [0, C("7S"), null, "start", "spades", "7"],
      [1, C("0S"), 0, "top", "spades", "0"],
      [2, C("W0"), 1, "wild", "hearts", null],
    ]);
    expect(v.placed.map((p) => p.cell)).to.deep.equal([{ x: 0, y: 0, z: 0 }, { x: 0, y: 1, z: 0 }, { x: 0, y: 2, z: 0 }]);
    expect(v.placed[1].open).to.deep.equal({ top: false, side: true, face: true });
    expect(v.tips).to.deep.equal([0, 1, 2]);
    expect(v.players).to.deep.equal([
      { seat: 0, cards: 3, calledUhOh: false, exposed: false },
      { seat: 1, cards: 2, calledUhOh: true, exposed: false },
      { seat: 2, cards: 1, calledUhOh: false, exposed: true },
    ]);
    expect(v).to.include({ deckCount: 3, turn: 0, direction: -1, pending: 2, phase: "playing", winner: null, seats: 3 });
    expect(v.config).to.deep.equal({ seats: 3, wildPivot: false, pack: "classic" });
  });

  it("shows the dump in progress and the result at the end", () => {
    const s = table({ hands: ["5S 5H 2D", "2C"], root: "7S" });
    const a = ok(s, 0, play("5S", 0, "top")).state;
    expect(view(a, 1).dump).to.deep.equal({ seat: 0, rank: "5" });
    const end = ok(table({ hands: ["3S", "2C 4C"], root: "7S" }), 0, play("3S", 0, "top")).state;
    const v = view(end, 1);
    expect(v).to.include({ phase: "finished", winner: 0, blocked: false });
    expect(v.ranking).to.deep.equal([{ seat: 0, cards: 0, place: 1 }, { seat: 1, cards: 2, place: 2 }]);
    expect([v.legal, v.drawAction, v.canUhOh]).to.deep.equal([[], null, false]);
  });
});

describe("cubestacc view: private hands", () => {
  const s = () => table({ hands: ["3S 4S 9D", "2C 3C", "5H"], root: "7S", deck: "2D 3D 4D" });

  it("gives a seat its own hand and legal plays, and only counts for the others", () => {
    const v = view(s(), 0);
    expect(v.viewer).to.equal(0);
    expect(v.hand).to.deep.equal(cards("3S 4S 9D"));
    expect(v.legal).to.deep.equal(legalPlays(s(), 0));
    expect(v.legal.length).to.be.greaterThan(0);
    const json = JSON.stringify(v);
    for (const c of cards("2C 3C 5H 2D 3D 4D")) {
      expect(v.hand).to.not.include(c);
      expect(v.placed.map((p) => p.card)).to.not.include(c);
    }
    expect(json).to.not.match(/"(?:hands|deck)"/);
  });

  it("gives a seat not on turn no legal plays, and a spectator no hand at all", () => {
    expect(view(s(), 1).legal).to.deep.equal([]);
    const spectator = view(s(), null);
    expect(spectator.viewer).to.equal(null);
    expect(spectator.hand).to.equal(null);
    expect(spectator.legal).to.deep.equal([]);
    expect(spectator.drawAction).to.equal(null);
    expect(spectator.catchable).to.deep.equal([]);
    expect(view(s(), 9).hand).to.equal(null); // not a seat: a spectator's view
  });

  it("does not change when only hidden information changes (other hands, deck order)", () => {
    const a = s();
    const b = s();
    // Swap a card between seat 1's hand and the deck, and reverse the deck.
    [b.hands[1][0], b.deck[0]] = [b.deck[0], b.hands[1][0]];
    b.deck.reverse();
    expect(view(b, 0)).to.deep.equal(view(a, 0));
    expect(view(b, null)).to.deep.equal(view(a, null));
    expect(view(b, 1)).to.not.deep.equal(view(a, 1)); // seat 1 does see its own hand
  });

  it("is a copy: changing a view never changes the state", () => {
    const st = s();
    const before = JSON.stringify(st);
    const v = view(st, 0);
    v.hand!.push(99);
    v.placed[0].open.top = false;
    v.placed[0].cell.x = 5;
    v.players[0].cards = 0;
    expect(JSON.stringify(st)).to.equal(before);
  });

  it("tells the viewer what draw would do, Done and UH OH availability, and whom it may catch", () => {
    const canPlay = table({ hands: ["3S 9D", "2C"], root: "7S" });
    expect(view(canPlay, 0).drawAction).to.equal(null);
    expect(view(canPlay, 0).canUhOh).to.equal(true);
    const stuck = table({ hands: ["9D 2H 4H", "2C"], root: "7S", deck: "3C" });
    expect(view(stuck, 0).drawAction).to.equal("draw");
    expect(view(stuck, 0).canUhOh).to.equal(false);
    const empty = table({ hands: ["9D", "2C"], root: "7S", deck: "" });
    expect(view(empty, 0).drawAction).to.equal("pass");
    const stack = table({ hands: ["9D", "2C"], root: "7S", pending: 2 });
    expect(view(stack, 0).drawAction).to.equal("take");
    const dump = ok(table({ hands: ["5S 5H 2D", "2C"], root: "7S" }), 0, play("5S", 0, "top")).state;
    expect([view(dump, 0).canDone, view(dump, 1).canDone, view(dump, 0).drawAction]).to.deep.equal([true, false, null]);
    const slip = ok(table({ hands: ["3S 9D", "2C 4C", "5H 6H"], root: "7S" }), 0, play("3S", 0, "top")).state;
    expect(view(slip, 1).catchable).to.deep.equal([0]);
    expect(view(slip, 0).catchable).to.deep.equal([]);
  });
});

describe("cubestacc eventsFor: drawn cards only for the drawer", () => {
  const drawn = (): { state: CubestaccState; events: ReturnType<typeof ok>["events"] } =>
    ok(table({ hands: ["9D 2H", "2C"], root: "7S", deck: "4C 3S" }), 0, DRAW);

  it("keeps the card id for the drawer and strips it for other seats and spectators", () => {
    const { events } = drawn();
    expect(eventsFor(events, 0)[0]).to.deep.equal({ kind: "draw", seat: 0, reason: "draw", card: C("3S") });
    expect(eventsFor(events, 1)[0]).to.deep.equal({ kind: "draw", seat: 0, reason: "draw" });
    expect(eventsFor(events, null)[0]).to.deep.equal({ kind: "draw", seat: 0, reason: "draw" });
    expect(JSON.stringify(eventsFor(events, 1))).to.not.include(`"card"`);
  });

  it("keeps public events whole and never changes its input", () => {
    const { events } = ok(table({ hands: ["JS 4D", "2C"], root: "7S", deck: "8H" }), 0, play("JS", 0, "top"));
    const before = JSON.stringify(events);
    const forOther = eventsFor(events, 0); // seat 1 drew the J card: seat 0 must not see it
    expect(forOther.map((e) => e.kind)).to.deep.equal(["play", "turn", "jack", "draw"]);
    expect(forOther[0]).to.deep.include({ kind: "play", card: C("JS") });
    expect(forOther[3]).to.deep.equal({ kind: "draw", seat: 1, reason: "jack" });
    expect(eventsFor(events, 1)[3]).to.deep.include({ card: C("8H") });
    expect(JSON.stringify(events)).to.equal(before);
  });
});
