// Cubestacc's rules module (common/cubestacc/rules.ts): the deal, the checks every play goes
// through before its effects (turn.ts, attach.ts and uhoh.ts have their own suites), the move
// dispatch's refusals, purity (the input state is never touched, no randomness after setup)
// and status.

import { expect } from "chai";
import {
  cardCode,
  checkPlay,
  cubestaccRules,
  DECK_SIZE,
  handSize,
  isNumberCard,
  setupTable,
  type CubestaccState,
} from "../../common/cubestacc/index.js";
import { C, cards, config, DONE, DRAW, ok, play, refused, table, TIMEOUT, UHOH } from "./cubestacc.helpers.js";

const all = (s: CubestaccState) => [...s.deck, ...s.hands.flat(), ...s.placed.map((p) => p.card)];

describe("cubestacc rules: the deal", () => {
  for (const seats of [2, 3, 4, 5]) {
    it(`${seats} seats: ${handSize(seats)} cards each, a number card turned up, every one of the ${DECK_SIZE} cards once`, () => {
      const s = setupTable(42 + seats, config(seats), seats);
      expect(s.hands).to.have.length(seats);
      for (const h of s.hands) expect(h).to.have.length(seats === 5 ? 5 : 7);
      expect(s.placed).to.have.length(1);
      expect(isNumberCard(s.placed[0].card), cardCode(s.placed[0].card)).to.equal(true);
      expect(all(s).sort((a, b) => a - b)).to.deep.equal(Array.from({ length: DECK_SIZE }, (_, i) => i));
      expect(s.deck).to.have.length(DECK_SIZE - seats * handSize(seats) - 1);
      expect(s).to.include({ phase: "playing", turn: 0, turnNo: 0, direction: 1, pending: 0, winner: null, ranking: null });
      expect(s.called).to.deep.equal(new Array(seats).fill(false));
    });
  }

  it("the same seed deals the same table; another seed another one", () => {
    const a = setupTable(7, config(3), 3);
    expect(setupTable(7, config(3), 3)).to.deep.equal(a);
    expect(setupTable(8, config(3), 3).hands).to.not.deep.equal(a.hands);
  });

  it("turns up a number card even when face cards and wilds lie on top (over many seeds)", () => {
    for (let seed = 0; seed < 300; seed++) expect(isNumberCard(setupTable(seed, config(2), 2).placed[0].card)).to.equal(true);
  });

  it("refuses a seat count outside 2..5 or one that differs from the config", () => {
    expect(() => setupTable(1, config(2), 1)).to.throw(RangeError);
    expect(() => setupTable(1, config(5), 6)).to.throw(RangeError);
    expect(() => setupTable(1, config(3), 4)).to.throw(RangeError, /differs/);
  });
});

describe("cubestacc rules: checking a play", () => {
  const s = table({ hands: ["3S 9D W0", "2C"], root: "7S" });

  it("a legal play passes the check", () => {
    expect(checkPlay(s, 0, { card: C("3S"), onto: 0, mode: "top" })).to.equal(null);
  });

  it("refuses, in words that say what to do, each malformed or impossible play", () => {
    const why = (seat: number, move: Parameters<typeof checkPlay>[2]) => {
      const r = checkPlay(s, seat, move);
      expect(r, JSON.stringify(move)).to.not.equal(null);
      expect(r!.message).to.be.a("string").and.not.equal("");
      return r!.code;
    };
    expect(why(1, { card: C("2C"), onto: 0, mode: "top" })).to.equal("not-your-turn");
    expect(why(0, { card: 999, onto: 0, mode: "top" })).to.equal("bad-move");
    expect(why(0, { card: "3S", onto: 0, mode: "top" })).to.equal("bad-move");
    expect(why(0, { card: C("4S"), onto: 0, mode: "top" })).to.equal("not-in-hand");
    expect(why(0, { card: C("3S"), onto: 1, mode: "top" })).to.equal("no-such-cube");
    expect(why(0, { card: C("3S"), onto: -1, mode: "top" })).to.equal("no-such-cube");
    expect(why(0, { card: C("3S"), onto: 0.5, mode: "top" })).to.equal("no-such-cube");
    expect(why(0, { card: C("3S"), onto: 0, mode: "under" })).to.equal("bad-move");
    expect(why(0, { card: C("W0"), onto: 0, mode: "wild" })).to.equal("suit-required");
    expect(why(0, { card: C("W0"), onto: 0, mode: "wild", suit: "stars" })).to.equal("suit-required");
    expect(why(0, { card: C("3S"), onto: 0, mode: "top", suit: "hearts" })).to.equal("bad-move");
    expect(why(0, { card: C("9D"), onto: 0, mode: "top" })).to.equal("illegal-play");
  });

  it("an illegal attachment says which attachments the card has", () => {
    expect(checkPlay(s, 0, { card: C("9D"), onto: 0, mode: "top" })!.message).to.match(/cannot go top on 7S \(TOP: same suit; SIDE: same rank\)/);
  });

  it("a cell already taken is refused, even with that face open (the lattice decides)", () => {
    // 7S root (0,0,0); 7H side (1,0,0); 3S top of root (0,1,0); 3H top of 7H (1,1,0): 3S's side cell is 3H's
    const t = table({ hands: ["3D 9S", "2C"], root: "7S", stack: [["7H", 0, "side"], ["3S", 0, "top"], ["3H", 1, "top"]] });
    expect(checkPlay(t, 0, { card: C("3D"), onto: 2, mode: "side" })?.code).to.equal("cell-occupied");
    expect(checkPlay(t, 0, { card: C("9S"), onto: 2, mode: "top" })).to.equal(null);
  });
});

describe("cubestacc rules: the moves", () => {
  it("refuses everything once the game is over, and from a seat that is not at the table", () => {
    const s = table({ hands: ["3S", "2C"], root: "7S" });
    const { state } = ok(s, 0, play("3S", 0, "top"));
    expect(state.phase).to.equal("finished");
    expect(cubestaccRules.status(state)).to.equal("finished");
    expect(refused(state, 1, DRAW)).to.equal("game-over");
    expect(refused(s, -1, DRAW)).to.equal("not-seated");
    expect(refused(s, 2, DRAW)).to.equal("not-seated");
    expect(refused(s, 0.5, DRAW)).to.equal("not-seated");
  });

  it("refuses a move without a type", () => {
    const s = table({ hands: ["3S 4S", "2C"], root: "7S" });
    expect(refused(s, 0, {} as never)).to.equal("bad-move");
    expect(refused(s, 0, { type: 3 } as never)).to.equal("bad-move");
    expect(refused(s, 0, "draw" as never)).to.equal("bad-move");
  });

  it("never touches the state it is given, accepted or refused", () => {
    const s = table({ hands: ["3S 4S 9D", "2C 5C"], root: "7S", deck: "8H 6C" });
    const before = structuredClone(s);
    ok(s, 0, play("3S", 0, "top"));
    refused(s, 0, DRAW);
    refused(s, 0, DONE);
    refused(s, 1, TIMEOUT);
    refused(s, 0, play("9D", 0, "top"));
    expect(s).to.deep.equal(before);
  });

  it("consumes no randomness after the deal: the same move on the same state gives the same result", () => {
    const s = table({ hands: ["9D 2H", "2C"], root: "7S", deck: "4C 3S" });
    const a = ok(s, 0, DRAW, 5000);
    const b = ok(s, 0, DRAW, 5000);
    expect(b).to.deep.equal(a);
    expect(a.state.hands[0]).to.deep.equal(cards("9D 2H 3S"));
  });

  it("status: playing until someone goes out", () => {
    const s = table({ hands: ["3S 4S", "2C 5C"], root: "7S" });
    expect(cubestaccRules.status(s)).to.equal("playing");
    expect(cubestaccRules.status(ok(s, 0, play("3S", 0, "top")).state)).to.equal("playing");
  });

  it("UH OH may be called by a seat not on turn (it is no turn move)", () => {
    const s = table({ hands: ["3S 4S", "2C"], root: "7S" });
    expect(refused(s, 1, UHOH)).to.not.equal("not-your-turn");
  });
});
