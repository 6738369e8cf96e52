// The card data (common/pets/cards.ts): all six tiers of the seed, 40 pets, the foods and
// tokens, every ability readable by a handler, and docs/pets-cards.md in step with it.

import { expect } from "chai";
import { readFileSync } from "node:fs";
import { CARDS, CARD_INDEX, ROCK_FACES, SUITS, tierDeckKeys } from "../../common/pets/index.js";

const SEED_TIERS: Record<number, string[]> = {
  1: ["ant", "cricket", "duck", "otter", "mosquito", "fish"],
  2: ["worm", "flamingo", "peacock", "swan", "rat", "spider", "honey"],
  3: ["dog", "dolphin", "giraffe", "camel", "sheep", "dodo", "badger", "garlic"],
  4: ["squirrel", "turtle", "rooster", "bison", "blowfish", "skunk", "hippo", "pineapple"],
  5: ["monkey", "rhino", "crocodile", "scorpion", "seal", "shark", "turkey", "chili"],
  6: ["gorilla", "fly", "leopard", "mammoth", "cat", "snake", "wolverine", "melon"],
};

describe("pets cards", () => {
  it("holds the seed's six tiers exactly: 40 pets and a food per tier from 2", () => {
    for (let t = 1; t <= 6; t++) expect(CARDS.filter((c) => c.tier === t).map((c) => c.key)).to.have.members(SEED_TIERS[t]);
    expect(CARDS.filter((c) => c.kind === "pet" && c.tier > 0)).to.have.length(40);
  });

  it("gives every pet a suit, a positive power and copies; tokens none", () => {
    for (const c of CARDS) {
      if (c.tier > 0) expect(c.copies, c.key).to.be.greaterThan(0);
      else expect(c.copies, c.key).to.equal(0);
      if (c.kind === "pet") expect(c.power, c.key).to.be.greaterThan(0);
      if (c.kind === "pet" && c.tier > 0) expect(SUITS, c.key).to.include(c.suit);
    }
  });

  it("names only existing cards in abilities and has apples, bees and rock faces", () => {
    for (const c of CARDS) {
      const fx = c.ability?.effect as { card?: string } | undefined;
      if (fx?.card) expect(CARD_INDEX, `${c.key} → ${fx.card}`).to.have.property(fx.card);
    }
    expect(CARDS[CARD_INDEX.apple].temporary).to.equal(true);
    expect(CARDS[CARD_INDEX.bee].temporary).to.equal(true);
    expect([...ROCK_FACES].sort()).to.deep.equal([0, 0, 1, 1, 2, 2]);
  });

  it("deals tier decks big enough for four players (≥ 16 cards)", () => {
    for (let t = 1; t <= 6; t++) expect(tierDeckKeys(t).length).to.be.at.least(16);
  });

  it("documents every card in docs/pets-cards.md with its power and text", () => {
    const doc = readFileSync(new URL("../../docs/pets-cards.md", import.meta.url), "utf8");
    for (const c of CARDS) {
      const row = `| ${c.name} | ${c.suit ?? (c.kind === "food" ? "food" : "token")} | ${c.kind === "pet" ? c.power : "–"} | ${c.copies || "–"} | ${c.text} |`;
      expect(doc, c.key).to.include(row);
    }
  });
});
