// The Auto Pets round (common/pets/shop.ts, round.ts, rules.ts): shop actions and their
// effects, Battle Prep, secret arrange, battles, trophies, six rounds, ties, 3–4 seats.

import { expect } from "chai";
import { pairings, petsRules, toAct, viewGame, type PetsState } from "../../common/pets/index.js";
import { give, idsOf, play, rejected, stageRow } from "./pets.helpers.js";

const fresh = (seats = 2): PetsState => petsRules.setup(11, { seats }, seats);
const keys = (s: PetsState, seat: number) => s.hands[seat].map((id) => s.kinds[id]).sort();

/** Both seats pass (seat on turn first): the shop closes. */
function passAll(s: PetsState): PetsState {
  while (s.phase === "shop") s = play(s, s.turn, { type: "pass" });
  return s;
}

describe("pets round", () => {
  describe("shop", () => {
    it("opens round 1 with 3 gold each, a face-up row of 4 and seat 1 to act", () => {
      const s = fresh();
      expect(s.round).to.equal(1);
      expect(s.gold).to.deep.equal([3, 3]);
      expect(s.row.filter((id) => id !== null)).to.have.length(4);
      expect(s.row.every((id) => s.kinds[id!] !== undefined && ["ant", "cricket", "duck", "otter", "mosquito", "fish"].includes(s.kinds[id!]))).to.equal(true);
      expect(toAct(s)).to.deep.equal([0]);
    });

    it("buys for 1 gold, refills the slot from the tier deck, fires Buy effects, and alternates", () => {
      let s = fresh();
      stageRow(s, ["otter", "ant", "ant", "fish"]);
      const deck = s.decks[0].length;
      s = play(s, 0, { type: "buy", slot: 0 });
      expect(s.gold).to.deep.equal([2, 3]);
      expect(keys(s, 0)).to.deep.equal(["apple", "otter"]); // Otter: Buy → an apple
      expect(s.row[0]).to.not.equal(null);
      expect(s.decks[0].length).to.equal(deck - 1);
      expect(s.turn).to.equal(1);
      expect(rejected(s, 0, { type: "buy", slot: 1 })).to.equal("not-your-turn");
    });

    it("refuses a buy with no gold", () => {
      let s = fresh();
      s.gold[0] = 0;
      expect(rejected(s, 0, { type: "buy", slot: 0 })).to.equal("no-gold");
    });

    it("sells for free: each card becomes an apple and Sell effects fire", () => {
      let s = fresh();
      const [duck] = give(s, 0, ["duck"]);
      s = play(s, 0, { type: "sell", cards: [duck] });
      expect(keys(s, 0)).to.deep.equal(["apple", "apple"]); // 1 for the sale, 1 from the Duck
      expect(s.gold[0]).to.equal(3);
      expect(s.discard).to.include(duck);
      expect(rejected(s, 1, { type: "sell", cards: [duck] })).to.equal("not-in-hand");
    });

    it("refuses selling an apple", () => {
      let s = fresh();
      const [apple] = give(s, 0, ["apple"]);
      expect(rejected(s, 0, { type: "sell", cards: [apple] })).to.equal("sell-apple");
    });

    it("trades 3 same-suit pets for a pick of the top 2 of the next tier, with Triple and Buy effects", () => {
      let s = fresh();
      const fish = give(s, 0, ["fish", "fish", "otter"]); // all water
      const top2 = s.decks[1].slice(-2).reverse();
      s = play(s, 0, { type: "trade", cards: fish });
      expect(s.picks[0]).to.deep.equal(top2);
      expect(keys(s, 0)).to.deep.equal(["apple", "apple", "apple", "apple"]); // two Fish: Triple → 2 apples each
      expect(s.turn).to.equal(0); // the pick is still to make
      expect(rejected(s, 0, { type: "pass" })).to.equal("pick-first");
      const other = top2[1];
      s = play(s, 0, { type: "pick", index: 0 });
      expect(s.hands[0]).to.include(top2[0]);
      expect(s.decks[1][0]).to.equal(other); // the other goes under its deck
      expect(s.turn).to.equal(1);
    });

    it("refuses trades of mixed suits, foods or fewer than 3 pets", () => {
      let s = fresh();
      const [a, b, c] = give(s, 0, ["ant", "ant", "duck"]);
      expect(rejected(s, 0, { type: "trade", cards: [a, b, c] })).to.equal("bad-trade");
      expect(rejected(s, 0, { type: "trade", cards: [a, b] })).to.equal("bad-trade");
      expect(rejected(s, 0, { type: "pick", index: 0 })).to.equal("no-pick");
    });

    it("passes only at 5 pets or fewer, final, forfeiting gold; the shop closes when everyone passed", () => {
      let s = fresh();
      give(s, 0, ["ant", "ant", "ant", "cricket", "cricket", "cricket"]);
      expect(rejected(s, 0, { type: "pass" })).to.equal("too-many-pets");
      s = play(s, 0, { type: "sell", cards: [idsOf(s, 0, "ant")[0]] });
      s = play(s, 1, { type: "pass" });
      expect(s.passed).to.deep.equal([false, true]);
      expect(s.gold[1]).to.equal(0);
      expect(s.turn).to.equal(0); // seat 2 passed: seat 1 acts alone now
      s = play(s, 0, { type: "buy", slot: 0 });
      expect(s.turn).to.equal(0);
      s = play(s, 0, { type: "sell", cards: [idsOf(s, 0, "cricket")[0]] });
      s = play(s, 0, { type: "pass" });
      expect(s.phase).to.equal("arrange");
      expect(rejected(s, 0, { type: "buy", slot: 0 })).to.equal("wrong-phase");
    });
  });

  describe("arrange and battle", () => {
    it("fires Battle Prep effects when the shop closes", () => {
      let s = fresh();
      give(s, 0, ["swan"]);
      s = passAll(s);
      expect(keys(s, 0)).to.deep.equal(["apple", "swan"]);
    });

    it("takes secret orders from every seat at once; a locked order and a bad order are refused", () => {
      let s = fresh();
      const [ant] = give(s, 0, ["ant"]);
      const [fish] = give(s, 1, ["fish"]);
      s = passAll(s);
      expect(toAct(s)).to.deep.equal([0, 1]);
      expect(rejected(s, 1, { type: "arrange", order: [ant] })).to.equal("bad-order");
      s = play(s, 1, { type: "arrange", order: [fish] });
      expect(rejected(s, 1, { type: "arrange", order: [fish] })).to.equal("already-arranged");
      expect(viewGame(s, 0).order).to.equal(null);
      expect(viewGame(s, 0).arranged).to.deep.equal([false, true]);
      expect(JSON.stringify(viewGame(s, 0))).to.not.include("fish");
      s = play(s, 0, { type: "arrange", order: [ant] });
      expect(s.battles).to.have.length(1);
      expect(s.battles[0].lineups).to.deep.equal([["ant"], ["fish"]]);
      expect(s.round).to.equal(2);
    });

    it("gives 1 trophy for a win in rounds 1–5 and none for a draw; apples leave after the battle", () => {
      let s = fresh();
      const [bison, apple] = give(s, 0, ["bison", "apple"]);
      const [ant] = give(s, 1, ["ant"]);
      s = passAll(s);
      s = play(s, 0, { type: "arrange", order: [apple, bison] });
      s = play(s, 1, { type: "arrange", order: [ant] });
      expect(s.trophies).to.deep.equal([1, 0]);
      expect(s.battles[0]).to.include({ winner: 0, trophies: 1 });
      expect(keys(s, 0)).to.deep.equal(["bison"]);
      expect(s.discard).to.include(apple);
      // Round 2: equal Bisons trade blows and both faint: a draw.
      const [b1] = give(s, 1, ["bison"]);
      s.hands[1] = [b1];
      s = passAll(s);
      s = play(s, 0, { type: "arrange", order: [bison] });
      s = play(s, 1, { type: "arrange", order: [b1] });
      expect(s.trophies).to.deep.equal([1, 0]);
      expect(s.battles[1].winner).to.equal(null);
    });

    it("plays six rounds, 2 trophies in round 6, and the most trophies win", () => {
      let s = fresh();
      const [mammoth] = give(s, 1, ["mammoth"]);
      for (let round = 1; round <= 6; round++) {
        s = passAll(s);
        s = play(s, 0, { type: "arrange", order: s.hands[0].slice() });
        s = play(s, 1, { type: "arrange", order: s.hands[1].slice() });
      }
      expect(s.phase).to.equal("finished");
      expect(s.trophies).to.deep.equal([0, 7]);
      expect(s.winners).to.deep.equal([1]);
      expect(petsRules.status(s)).to.equal("finished");
      expect(rejected(s, 0, { type: "pass" })).to.equal("game-over");
      expect(mammoth).to.be.a("number");
    });

    it("breaks trophy ties on wins, then fewer losses, else shares the win", () => {
      let s = fresh();
      for (let round = 1; round <= 6; round++) {
        s = passAll(s);
        s = play(s, 0, { type: "arrange", order: s.hands[0].slice() });
        s = play(s, 1, { type: "arrange", order: s.hands[1].slice() });
      }
      expect(s.winners).to.deep.equal([0, 1]); // nobody fielded a pet: six draws
    });
  });

  describe("3 and 4 seats", () => {
    it("rotates pairings so everyone meets everyone; with 3 seats the odd one out rotates", () => {
      for (const seats of [2, 3, 4]) {
        const met = new Set<string>();
        const byes: number[] = [];
        for (let round = 1; round <= 6; round++) {
          const { pairs, bye } = pairings(seats, round);
          const inRound = pairs.flat().concat(bye === null ? [] : [bye]);
          expect(inRound.sort()).to.deep.equal(Array.from({ length: seats }, (_, i) => i)); // each seat once
          for (const [a, b] of pairs) met.add(`${a}-${b}`);
          if (bye !== null) byes.push(bye);
        }
        expect(met.size).to.equal((seats * (seats - 1)) / 2);
        if (seats === 3) expect(new Set(byes).size).to.equal(3);
        else expect(byes).to.deep.equal([]);
      }
    });

    it("has the odd player out battle a copy of an opponent's board, scoring only for itself", () => {
      let s = fresh(3);
      for (let seat = 0; seat < 3; seat++) give(s, seat, ["bison"]);
      s = passAll(s);
      for (let seat = 0; seat < 3; seat++) s = play(s, seat, { type: "arrange", order: s.hands[seat].slice() });
      expect(s.battles).to.have.length(2);
      const ghost = s.battles.find((b) => b.ghost)!;
      const { bye } = pairings(3, 1);
      expect(ghost.seats[0]).to.equal(bye);
      expect(ghost.lineups[1]).to.deep.equal(["bison"]);
      expect(s.trophies).to.deep.equal([0, 0, 0]); // Bison against Bison: draws
    });

    it("runs 4 seats as two battles a round", () => {
      let s = fresh(4);
      s = passAll(s);
      for (let seat = 0; seat < 4; seat++) s = play(s, seat, { type: "arrange", order: [] });
      expect(s.battles.map((b) => b.seats)).to.deep.equal(pairings(4, 1).pairs);
    });
  });
});
