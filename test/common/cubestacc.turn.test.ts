// Cubestacc "Turn": drawing and passing, effects (J Q K A 0), the K stack,
// same-rank dumps, penalty draws, the win and ranking, the turn timer, and
// the blocked end (ours).

import { expect } from "chai";
import { C, cards, DONE, DRAW, kinds, ok, play, refused, table, TIMEOUT } from "./cubestacc.helpers.js";
import { cubestaccRules, drawActionOf, legalPlays } from "../../common/cubestacc/index.js";
import { nextInOrder, seatAfter } from "../../common/cubestacc/turn.js";

describe("cubestacc turn: play one, or draw 1 when you cannot", () => {
  it("refuses drawing while a legal play exists", () => {
    const s = table({ hands: ["3S 9D", "2C"], root: "7S" });
    expect(refused(s, 0, DRAW)).to.equal("must-play");
  });

  it("draws the top card and ends the turn when nothing fits (the drawn card is not played)", () => {
    const s = table({ hands: ["9D 2H", "2C"], root: "7S", deck: "4C 3S" });
    const { state, events } = ok(s, 0, DRAW, 5000);
    expect(state.hands[0]).to.deep.equal(cards("9D 2H 3S"));
    expect(state.deck).to.deep.equal(cards("4C"));
    expect(state.turn).to.equal(1);
    expect(state.turnStartedAt).to.equal(5000);
    expect(state.placed).to.have.length(1); // 3S would fit, but the turn is over
    expect(events[0]).to.deep.equal({ kind: "draw", seat: 0, reason: "draw", card: C("3S") });
    expect(kinds(events)).to.deep.equal(["draw", "turn"]);
  });

  it("passes when the deck is empty and nothing fits; the deck is never refilled", () => {
    const s = table({ hands: ["9D 2H", "2C"], root: "7S", deck: "" });
    const { state, events } = ok(s, 0, DRAW);
    expect(kinds(events)).to.deep.equal(["pass", "turn"]);
    expect(state.hands[0]).to.deep.equal(cards("9D 2H"));
    expect(state.deck).to.deep.equal([]);
    expect(state.turn).to.equal(1);
  });

  it("passes the turn to the next seat in the direction of play", () => {
    const s = table({ hands: ["3S 4S", "2C 3C", "5H 6H"], root: "7S" });
    expect(ok(s, 0, play("3S", 0, "top")).state.turn).to.equal(1);
    const back = table({ hands: ["3S 4S", "2C 3C", "5H 6H"], root: "7S", direction: -1 });
    expect(ok(back, 0, play("3S", 0, "top")).state.turn).to.equal(2);
  });

  it("refuses moves by a seat that is not on turn, and Done outside a dump", () => {
    const s = table({ hands: ["3S 4S", "2C 3C"], root: "7S" });
    expect(refused(s, 1, play("3C", 0, "top"))).to.equal("not-your-turn");
    expect(refused(s, 1, DRAW)).to.equal("not-your-turn");
    expect(refused(s, 1, TIMEOUT)).to.equal("not-your-turn");
    expect(refused(s, 0, DONE)).to.equal("not-dumping");
    expect(refused(s, 0, { type: "shuffle" } as never)).to.equal("unknown-move");
    expect(refused(s, 0, null as never)).to.equal("bad-move");
    expect(refused(s, 7, DRAW)).to.equal("not-seated");
  });
});

describe("cubestacc effects: J, Q, A, 0, wild", () => {
  it("J: the next player draws 1 at once, then plays normally", () => {
    const s = table({ hands: ["JS 4D", "2C 3C", "5H"], root: "7S", deck: "8H 6C" });
    const { state, events } = ok(s, 0, play("JS", 0, "top"));
    expect(state.turn).to.equal(1);
    expect(state.hands[1]).to.deep.equal(cards("2C 3C 6C"));
    expect(state.owed).to.equal(0);
    expect(state.pending).to.equal(0);
    expect(kinds(events)).to.deep.equal(["play", "turn", "jack", "draw"]);
    expect(events[2]).to.deep.equal({ kind: "jack", seat: 1, wanted: 1, got: 1 });
    expect(state.hands[2]).to.deep.equal(cards("5H"));
  });

  it("J on an empty deck draws 0 of 1", () => {
    const s = table({ hands: ["JS 4D", "2C"], root: "7S", deck: "" });
    const { state, events } = ok(s, 0, play("JS", 0, "top"));
    expect(events.find((e) => e.kind === "jack")).to.deep.equal({ kind: "jack", seat: 1, wanted: 1, got: 0 });
    expect(state.hands[1]).to.have.length(1);
  });

  it("Q skips the next player", () => {
    const s = table({ hands: ["QS 4D", "2C", "5H"], root: "7S" });
    const { state, events } = ok(s, 0, play("QS", 0, "top"));
    expect(state.turn).to.equal(2);
    expect(events.find((e) => e.kind === "skip")).to.deep.equal({ kind: "skip", seat: 1, by: 0 });
  });

  it("Q with 2 players: you go again", () => {
    const s = table({ hands: ["QS 4D", "2C"], root: "7S" });
    const { state } = ok(s, 0, play("QS", 0, "top"));
    expect(state.turn).to.equal(0);
    expect(state.turnNo).to.equal(1);
  });

  it("A gives an extra turn", () => {
    const s = table({ hands: ["AS 4D", "2C", "5H"], root: "7S" });
    const { state, events } = ok(s, 0, play("AS", 0, "top"));
    expect(state.turn).to.equal(0);
    expect(state.turnNo).to.equal(1);
    expect(kinds(events)).to.deep.equal(["play", "extra", "turn"]);
  });

  it("0 reverses the direction", () => {
    const s = table({ hands: ["0S 4D", "2C", "5H"], root: "7S" });
    const { state, events } = ok(s, 0, play("0S", 0, "top"));
    expect(state.direction).to.equal(-1);
    expect(state.turn).to.equal(2);
    expect(events.find((e) => e.kind === "reverse")).to.deep.equal({ kind: "reverse", seat: 0, direction: -1 });
  });

  it("a wild sets its suit and passes the turn", () => {
    const s = table({ hands: ["W2 4D", "2C", "5H"], root: "7S" });
    const { state, events } = ok(s, 0, play("W2", 0, "wild", "hearts"));
    expect(state.placed[1].suit).to.equal("hearts");
    expect(state.turn).to.equal(1);
    expect(events[0]).to.deep.include({ kind: "play", suit: "hearts", mode: "wild" });
  });
});

describe("cubestacc K stack: +2, stackable, only a K while pending", () => {
  it("K puts 2 on the next player, who may only play a K", () => {
    const s = table({ hands: ["KS 4D", "KH 7H 2C", "5H"], root: "7S" });
    const a = ok(s, 0, play("KS", 0, "top"));
    expect(a.state.pending).to.equal(2);
    expect(a.state.turn).to.equal(1);
    expect(a.events.find((e) => e.kind === "kstack")).to.deep.equal({ kind: "kstack", seat: 0, pending: 2 });
    expect(refused(a.state, 1, play("7H", 0, "side"))).to.equal("king-stack");
    expect(legalPlays(a.state, 1).map((p) => p.card)).to.deep.equal([C("KH"), C("KH")]); // SIDE and FACE on KS
    expect(drawActionOf(a.state, 1)).to.equal("take"); // a playable K does not force the play
    const b = ok(a.state, 1, play("KH", 1, "face"));
    expect(b.state.pending).to.equal(4);
    expect(b.state.turn).to.equal(2);
  });

  it("holding a playable K the player may still take the whole stack instead (the original's Draw)", () => {
    const s = table({ hands: ["2C", "KH 7H 9D"], root: "7S", stack: [["KS", 0, "top"]], pending: 4, turn: 1, deck: "3C 3D 4D 5D 6D" });
    expect(legalPlays(s, 1).map((p) => p.card)).to.include(C("KH"));
    const a = ok(s, 1, DRAW);
    expect(kinds(a.events)).to.deep.equal(["take", "draw", "draw", "draw", "draw"]);
    expect(a.state.pending).to.equal(0);
    expect(a.state.turn).to.equal(1); // the turn goes on: now any legal card, the K included
    expect(a.state.hands[1]).to.have.length(7);
    expect(refused(a.state, 1, DRAW)).to.equal("must-play");
  });

  it("without a K the player takes the whole stack, then goes on: play if able", () => {
    const s = table({ hands: ["2C", "7H 9D"], root: "7S", stack: [["KS", 0, "top"]], pending: 4, turn: 1, deck: "3C 3D 4D 5D 6D" });
    const a = ok(s, 1, DRAW);
    expect(kinds(a.events)).to.deep.equal(["take", "draw", "draw", "draw", "draw"]);
    expect(a.events[0]).to.deep.equal({ kind: "take", seat: 1, wanted: 4, got: 4 });
    expect(a.state.pending).to.equal(0);
    expect(a.state.turn).to.equal(1); // the turn goes on
    expect(a.state.hands[1]).to.have.length(6);
    expect(refused(a.state, 1, DRAW)).to.equal("must-play"); // 7H fits the root's SIDE
    const b = ok(a.state, 1, play("7H", 0, "side"));
    expect(b.state.turn).to.equal(0);
  });

  it("after taking the stack with nothing to play, the player draws 1 and the turn ends", () => {
    const s = table({ hands: ["2C", "9D"], root: "7S", stack: [["KS", 0, "top"]], pending: 2, turn: 1, deck: "3C 4H 5H" });
    const a = ok(s, 1, DRAW);
    expect(a.state.turn).to.equal(1);
    expect(a.state.hands[1]).to.deep.equal(cards("9D 5H 4H"));
    const b = ok(a.state, 1, DRAW);
    expect(b.state.hands[1]).to.deep.equal(cards("9D 5H 4H 3C"));
    expect(b.state.turn).to.equal(0);
  });

  it("a penalty draw takes what is left of the deck (draws 1 of 4)", () => {
    const s = table({ hands: ["2C", "9D"], root: "7S", stack: [["KS", 0, "top"]], pending: 4, turn: 1, deck: "3H" });
    const a = ok(s, 1, DRAW);
    expect(a.events[0]).to.deep.equal({ kind: "take", seat: 1, wanted: 4, got: 1 });
    expect(a.state.deck).to.deep.equal([]);
    expect(a.state.hands[1]).to.deep.equal(cards("9D 3H"));
  });
});

describe("cubestacc same-rank dump", () => {
  it("after a play you may keep playing that rank only, or end with Done; no drawing meanwhile", () => {
    const s = table({ hands: ["5S 5H 9S 2D", "2C"], root: "7S", deck: "3C 4C" });
    const a = ok(s, 0, play("5S", 0, "top"));
    expect(a.state.turn).to.equal(0);
    expect(a.state.dump).to.deep.equal({ rank: "5" });
    expect(kinds(a.events)).to.deep.equal(["play", "dump"]);
    expect(refused(a.state, 0, play("9S", 1, "top"))).to.equal("dumping");
    expect(refused(a.state, 0, DRAW)).to.equal("dumping");
    expect(legalPlays(a.state, 0).every((p) => p.card === C("5H"))).to.equal(true);
    const done = ok(a.state, 0, DONE);
    expect(kinds(done.events)).to.deep.equal(["done", "turn"]);
    expect(done.state.turn).to.equal(1);
    expect(done.state.dump).to.equal(null);
    const more = ok(a.state, 0, play("5H", 1, "side"));
    expect(more.state.turn).to.equal(1); // no 5 left: the dump ends by itself
    expect(more.state.hands[0]).to.deep.equal(cards("9S 2D"));
  });

  it("does not start when the other card of that rank has no legal spot", () => {
    // 3S goes on top of the root at (0,1,0); its SIDE cell (1,1,0) is taken by 9H; no diamond tips.
    const s = table({ hands: ["3S 3D 2C", "2H"], root: "7S", stack: [["7H", 0, "side"], ["9H", 1, "top"]] });
    const { state } = ok(s, 0, play("3S", 0, "top"));
    expect(state.dump).to.equal(null);
    expect(state.turn).to.equal(1);
  });

  it("never follows a wild, a Q or an A", () => {
    const wild = ok(table({ hands: ["W0 W1 2D", "2C", "2H"], root: "7S" }), 0, play("W0", 0, "wild", "clubs")).state;
    expect([wild.dump, wild.turn]).to.deep.equal([null, 1]);
    const queen = ok(table({ hands: ["QS QH 2D", "2C", "2H"], root: "7S", stack: [["QD", 0, "side"]] }), 0, play("QS", 0, "top")).state;
    expect([queen.dump, queen.turn]).to.deep.equal([null, 2]);
    const ace = ok(table({ hands: ["AS AH 2D", "2C", "2H"], root: "7S" }), 0, play("AS", 0, "top")).state;
    expect([ace.dump, ace.turn]).to.deep.equal([null, 0]); // an extra turn, not a dump: any card may follow
    expect(legalPlays(ace, 0).map((p) => p.card)).to.include(C("AH"));
  });

  it("each chained J makes the next player draw one more", () => {
    const s = table({ hands: ["JS JH 2D", "2C", "2H"], root: "7S", deck: "3C 4C 5C 6C" });
    const a = ok(s, 0, play("JS", 0, "top")).state;
    expect(a.owed).to.equal(1);
    const b = ok(a, 0, play("JH", 1, "side"));
    expect(b.state.turn).to.equal(1);
    expect(b.events.find((e) => e.kind === "jack")).to.deep.equal({ kind: "jack", seat: 1, wanted: 2, got: 2 });
    expect(b.state.hands[1]).to.have.length(3);
  });

  it("each chained K adds 2 more, also on top of a stack it answered", () => {
    const s = table({ hands: ["2D", "KH KD 9C", "2H"], root: "7S", stack: [["KS", 0, "top"]], pending: 2, turn: 1 });
    const a = ok(s, 1, play("KH", 1, "side")).state;
    expect([a.pending, a.turn, a.dump?.rank]).to.deep.equal([4, 1, "K"]);
    const b = ok(a, 1, play("KD", 1, "face")).state;
    expect([b.pending, b.turn]).to.deep.equal([6, 2]);
  });

  it("each chained 0 reverses again", () => {
    const s = table({ hands: ["0S 0H 2D", "2C", "2H"], root: "7S" });
    const a = ok(s, 0, play("0S", 0, "top")).state;
    expect(a.direction).to.equal(-1);
    const b = ok(a, 0, play("0H", 1, "side"));
    expect(b.state.direction).to.equal(1);
    expect(b.state.turn).to.equal(1);
    expect(kinds(b.events)).to.deep.equal(["play", "reverse", "turn"]);
  });
});

describe("cubestacc win and ranking", () => {
  it("the first to empty their hand wins; effects do not apply; the end ranks by cards left", () => {
    const s = table({ hands: ["JS", "2C 3C 4C", "2H", "2D 3D"], root: "7S", deck: "5C" });
    const { state, events } = ok(s, 0, play("JS", 0, "top"));
    expect(state.phase).to.equal("finished");
    expect(cubestaccRules.status(state)).to.equal("finished");
    expect(state.winner).to.equal(0);
    expect(state.blocked).to.equal(false);
    expect(state.hands[1]).to.have.length(3); // no J draw after the win
    expect(kinds(events)).to.deep.equal(["play", "win"]);
    expect(state.ranking).to.deep.equal([
      { seat: 0, cards: 0, place: 1 },
      { seat: 2, cards: 1, place: 2 },
      { seat: 3, cards: 2, place: 3 },
      { seat: 1, cards: 3, place: 4 },
    ]);
    expect(refused(state, 1, DRAW)).to.equal("game-over");
    expect(refused(state, 2, { type: "uhoh" })).to.equal("game-over");
  });

  it("seats with the same count share a place", () => {
    const s = table({ hands: ["3S", "2C 3C", "2H 3H"], root: "7S" });
    const { state } = ok(s, 0, play("3S", 0, "top"));
    expect(state.ranking!.map((r) => r.place)).to.deep.equal([1, 2, 2]);
  });

  it("a dump can play the last card and win", () => {
    const s = table({ hands: ["5S 5H", "2C"], root: "7S" });
    const a = ok(s, 0, { type: "uhoh" }).state;
    const b = ok(a, 0, play("5S", 0, "top")).state;
    expect(b.dump).to.deep.equal({ rank: "5" });
    const c = ok(b, 0, play("5H", 1, "side")).state;
    expect([c.phase, c.winner]).to.deep.equal(["finished", 0]);
  });
});

describe("cubestacc turn timer: timeout", () => {
  it("draws 1 and ends the turn, even when a play was possible", () => {
    const s = table({ hands: ["3S", "2C"], root: "7S", deck: "4H" });
    const { state, events } = ok(s, 0, TIMEOUT);
    expect(kinds(events)).to.deep.equal(["timeout", "draw", "turn"]);
    expect(events[1]).to.deep.include({ reason: "timeout", card: C("4H") });
    expect(state.hands[0]).to.deep.equal(cards("3S 4H"));
    expect(state.turn).to.equal(1);
  });

  it("takes a pending K stack and ends the turn", () => {
    const s = table({ hands: ["2D", "KH 9C"], root: "7S", stack: [["KS", 0, "top"]], pending: 2, turn: 1, deck: "3C 4C 5C" });
    const { state } = ok(s, 1, TIMEOUT);
    expect([state.pending, state.turn, state.hands[1].length]).to.deep.equal([0, 0, 4]);
  });

  it("ends an open dump like Done", () => {
    const s = table({ hands: ["5S 5H 2D", "2C"], root: "7S" });
    const a = ok(s, 0, play("5S", 0, "top")).state;
    const { state, events } = ok(a, 0, TIMEOUT);
    expect(kinds(events)).to.deep.equal(["timeout", "done", "turn"]);
    expect(state.hands[0]).to.deep.equal(cards("5H 2D"));
    expect(state.turn).to.equal(1);
  });

  it("passes on an empty deck", () => {
    const s = table({ hands: ["3S", "2C"], root: "7S", deck: "" });
    const { state, events } = ok(s, 0, TIMEOUT);
    expect(kinds(events)).to.deep.equal(["timeout", "pass", "turn"]);
    expect(state.turn).to.equal(1);
  });
});

describe("cubestacc blocked end (ours): nobody can play or draw", () => {
  it("ends when every seat in a row passed on an empty deck; fewest cards wins", () => {
    const s = table({ hands: ["9D 2H", "9C", "4D 4H 2D"], root: "7S", deck: "" });
    const a = ok(s, 0, DRAW).state;
    const b = ok(a, 1, DRAW).state;
    expect(b.phase).to.equal("playing");
    const { state, events } = ok(b, 2, DRAW);
    expect(state.phase).to.equal("finished");
    expect(state.blocked).to.equal(true);
    expect(state.winner).to.equal(1);
    expect(events.at(-1)).to.deep.include({ kind: "win", seat: 1, blocked: true });
  });

  it("breaks a tie in favour of the seat that played most recently", () => {
    const s = table({ hands: ["9D 2H 3S", "9C 2C", "4D 4H"], root: "7S", deck: "" });
    const a = ok(s, 0, play("3S", 0, "top")).state; // seat 0 now has 2, like seats 1 and 2
    const b = ok(ok(ok(a, 1, DRAW).state, 2, DRAW).state, 0, DRAW).state;
    expect([b.phase, b.blocked, b.winner]).to.deep.equal(["finished", true, 0]);
  });

  it("a seat that could play but timed out does not count towards a block", () => {
    const s = table({ hands: ["3S", "9C", "4D"], root: "7S", deck: "" });
    const a = ok(s, 0, TIMEOUT).state;
    const b = ok(ok(a, 1, DRAW).state, 2, DRAW).state;
    expect(b.phase).to.equal("playing");
    expect(b.turn).to.equal(0);
  });
});

describe("cubestacc turn: the next seat as the client names it (nextInOrder)", () => {
  it("follows the rules' own turn order both ways over the room's order, and knows no seat outside it", () => {
    // room seats 0, 2, 3 play (seat 1 empty): game seats 0, 1, 2
    const order = [0, 2, 3];
    for (const direction of [1, -1]) {
      for (let g = 0; g < order.length; g++) {
        const s = { ...table({ hands: ["9D", "2C", "3H"], root: "7S" }), direction } as Parameters<typeof seatAfter>[0];
        expect(nextInOrder(order, order[g], direction)).to.equal(order[seatAfter(s, g, 1)]);
      }
    }
    expect(nextInOrder(order, 3, 1)).to.equal(0);
    expect(nextInOrder(order, 0, -1)).to.equal(3);
    expect(nextInOrder(order, 1, 1)).to.equal(-1);
  });
});
