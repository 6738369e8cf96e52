// Cubestacc deck and setup (games/cubestacc.md, "Deck and setup"), and the room config.

import { expect } from "chai";
import { createRng } from "../../common/core/rng.js";
import {
  cardCode,
  cardId,
  cardRank,
  cardSuit,
  cubestaccRules,
  DECK_SIZE,
  freshDeck,
  isFaceCard,
  isNumberCard,
  isWild,
  PACKS,
  parseCard,
  RANKS,
  resolveConfig,
  SETUP_STREAM,
  SUITS,
  wildId,
} from "../../common/cubestacc/index.js";
import { config } from "./cubestacc.helpers.js";

const setup = (seed: number, seats: number) => cubestaccRules.setup(seed, config(seats), seats);

/** The shuffled pile setup starts from (same RNG stream as setup). */
const shuffled = (seed: number) => createRng(seed, SETUP_STREAM).shuffle(freshDeck());

describe("cubestacc deck: 60 cards with stable ids", () => {
  it("has one card per suit × rank (14 ranks, no 1) and 4 wilds", () => {
    expect(RANKS).to.deep.equal(["0", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]);
    const deck = freshDeck();
    expect(deck).to.have.length(60);
    expect(DECK_SIZE).to.equal(60);
    const seen = new Set<string>();
    for (const c of deck) {
      if (isWild(c)) continue;
      seen.add(`${cardSuit(c)}-${cardRank(c)}`);
    }
    expect(seen.size).to.equal(56);
    expect(deck.filter(isWild)).to.have.length(4);
    for (const w of deck.filter(isWild)) {
      expect(cardSuit(w)).to.equal(null);
      expect(cardRank(w)).to.equal(null);
    }
  });

  it("keeps card ids stable: suit-major 0..55, wilds 56..59", () => {
    expect(cardId("spades", "0")).to.equal(0);
    expect(cardId("spades", "A")).to.equal(13);
    expect(cardId("hearts", "0")).to.equal(14);
    expect(cardId("diamonds", "A")).to.equal(55);
    expect([0, 1, 2, 3].map(wildId)).to.deep.equal([56, 57, 58, 59]);
    for (const c of freshDeck()) expect(parseCard(cardCode(c))).to.equal(c);
    expect(cardCode(cardId("clubs", "10"))).to.equal("10C");
  });

  it("face cards are exactly J Q K A, numbers 2-10, 0 is neither", () => {
    const faces = freshDeck().filter(isFaceCard).map((c) => cardRank(c));
    expect(new Set(faces)).to.deep.equal(new Set(["J", "Q", "K", "A"]));
    expect(faces).to.have.length(16);
    const numbers = freshDeck().filter(isNumberCard);
    expect(numbers).to.have.length(36);
    expect(numbers.map((c) => cardRank(c))).to.not.include("0");
    expect(isFaceCard(parseCard("0H")) || isNumberCard(parseCard("0H"))).to.equal(false);
    expect(isFaceCard(wildId(0)) || isNumberCard(wildId(0))).to.equal(false);
  });
});

describe("cubestacc setup: deal, starting cube, first turn", () => {
  it("deals 7 each with 2-4 players and 5 each with 5, all 60 cards accounted for", () => {
    for (const [seats, size] of [[2, 7], [3, 7], [4, 7], [5, 5]] as const) {
      const s = setup(seats * 11, seats);
      expect(s.hands.map((h) => h.length)).to.deep.equal(new Array(seats).fill(size));
      expect(s.deck).to.have.length(60 - seats * size - 1);
      const all = [...s.hands.flat(), ...s.deck, ...s.placed.map((p) => p.card)].sort((a, b) => a - b);
      expect(all).to.deep.equal(freshDeck());
    }
  });

  it("deals one card at a time round-robin from the top of the shuffled pile", () => {
    for (const seats of [2, 3, 5]) {
      const seed = 4242 + seats;
      const pile = shuffled(seed);
      const s = setup(seed, seats);
      const size = seats === 5 ? 5 : 7;
      for (let round = 0; round < size; round++) {
        for (let seat = 0; seat < seats; seat++) {
          // Top card = last of the pile; the k-th card dealt is pile[59 - k].
          expect(s.hands[seat][round]).to.equal(pile[59 - (round * seats + seat)]);
        }
      }
    }
  });

  it("starts with the first number card turned; the cards passed over go back and the pile is reshuffled", () => {
    let checkedPassOver = false;
    let checkedDirect = false;
    for (let seed = 1; seed < 400 && !(checkedPassOver && checkedDirect); seed++) {
      const seats = 3;
      const pile = shuffled(seed);
      const afterDeal = pile.slice(0, 60 - 21);
      const turned: number[] = [];
      for (let i = afterDeal.length - 1; i >= 0; i--) {
        turned.push(afterDeal[i]);
        if (isNumberCard(afterDeal[i])) break;
      }
      const root = turned[turned.length - 1];
      const passed = turned.slice(0, -1);
      const s = setup(seed, seats);
      expect(s.placed).to.have.length(1);
      expect(s.placed[0].card).to.equal(root);
      expect(isNumberCard(s.placed[0].card)).to.equal(true);
      expect(s.deck).to.have.length(60 - 21 - 1);
      expect(new Set(s.deck)).to.deep.equal(new Set(afterDeal.filter((c) => c !== root)));
      if (passed.length) {
        for (const c of passed) expect(s.deck).to.include(c);
        // Reshuffled: not simply the rest of the pile with the passed cards put back on top or bottom.
        const rest = afterDeal.slice(0, afterDeal.length - turned.length);
        expect(s.deck).to.not.deep.equal([...rest, ...passed]);
        expect(s.deck).to.not.deep.equal([...passed, ...rest]);
        checkedPassOver = true;
      } else {
        expect(s.deck).to.deep.equal(afterDeal.slice(0, -1));
        checkedDirect = true;
      }
    }
    expect(checkedPassOver && checkedDirect).to.equal(true);
  });

  it("puts the root at cell (0,0,0), mode start, all faces open; seat 0 starts, direction +1", () => {
    const s = setup(7, 4);
    const root = s.placed[0];
    expect(root).to.include({ id: 0, parent: null, mode: "start", wild: false, by: null, depth: 0 });
    expect(root.cell).to.deep.equal({ x: 0, y: 0, z: 0 });
    expect(root.open).to.deep.equal({ top: true, side: true, face: true });
    expect(root.suit).to.equal(cardSuit(root.card));
    expect(s).to.include({ turn: 0, direction: 1, pending: 0, owed: 0, phase: "playing", turnNo: 0, winner: null });
    expect(s.dump).to.equal(null);
    expect(cubestaccRules.status(s)).to.equal("playing");
  });

  it("is a function of the seed: same seed same table, another seed another deal", () => {
    expect(setup(99, 4)).to.deep.equal(setup(99, 4));
    expect(setup(99, 4).hands).to.not.deep.equal(setup(100, 4).hands);
  });

  it("refuses a seat count outside 2..5 or different from the config", () => {
    expect(() => cubestaccRules.setup(1, config(2), 1)).to.throw(RangeError);
    expect(() => cubestaccRules.setup(1, { ...config(5), seats: 6 }, 6)).to.throw(RangeError);
    expect(() => cubestaccRules.setup(1, config(3), 4)).to.throw(RangeError);
  });
});

describe("cubestacc config: resolveConfig", () => {
  it("defaults to 4 seats, wild pivot off, Classic pack", () => {
    expect(resolveConfig({})).to.deep.equal({ ok: true, config: { seats: 4, wildPivot: false, pack: "classic" } });
    expect(resolveConfig(undefined)).to.deep.equal({ ok: true, config: { seats: 4, wildPivot: false, pack: "classic" } });
  });

  it("accepts 2..5 seats, a boolean wildPivot and the five packs (any letter case)", () => {
    for (const seats of [2, 3, 4, 5]) expect(resolveConfig({ seats }).ok).to.equal(true);
    expect(resolveConfig({ wildPivot: true })).to.deep.include({ ok: true });
    for (const pack of ["Classic", "space", "HALLOWEEN", "Nature", "animals"]) {
      const r = resolveConfig({ pack });
      expect(r.ok && r.config.pack).to.equal(pack.toLowerCase());
    }
  });

  it("refuses bad seats, a non-boolean wildPivot and unknown packs with bad-config", () => {
    for (const opts of [{ seats: 1 }, { seats: 6 }, { seats: 2.5 }, { seats: "3" }, { wildPivot: "yes" }, { wildPivot: 1 }, { pack: "retro" }, { pack: 3 }, { pack: "toString" }]) {
      const r = resolveConfig(opts);
      expect(r.ok, JSON.stringify(opts)).to.equal(false);
      if (!r.ok) expect(r.error.code).to.equal("bad-config");
    }
  });

  it("has an icon per suit in each pack (suit ids never change)", () => {
    expect(Object.keys(PACKS)).to.deep.equal(["classic", "space", "halloween", "nature", "animals"]);
    for (const pack of Object.values(PACKS)) expect(Object.keys(pack.icons)).to.deep.equal([...SUITS]);
    expect(PACKS.space.icons.spades).to.equal("🚀");
    expect(PACKS.animals.labels!.diamonds).to.equal("Fish");
  });
});
