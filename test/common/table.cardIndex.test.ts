// The card index (common/table/cardIndex.ts) is a Map in memory and the object keyed by id it
// always was in JSON and in the canonical JSON: a game's fingerprint and its stored JSON are the
// same as when the index was an object, and a game read back from JSON is the same game.

import { expect } from "chai";
import { canonicalJson, CardIndex, checkGame, fingerprint, upgradeGame, type TableGame } from "../../common/table/index.js";
import { newGame } from "./table.helpers.js";

/** The game as it was held before the index was a Map: cards as an object keyed by id. */
const asObject = (g: TableGame) => ({ ...g, cards: Object.fromEntries(g.cards) });

describe("table: the card index", () => {
  it("is written as the object keyed by id, in JSON and in the canonical JSON", () => {
    const g = newGame(4);
    expect(g.cards).to.be.instanceOf(CardIndex);
    expect(JSON.stringify(g)).to.equal(JSON.stringify(asObject(g)));
    expect(canonicalJson(g)).to.equal(canonicalJson(asObject(g)));
    // A plain Map (the class lost through structuredClone) is written alike.
    expect(canonicalJson({ ...g, cards: new Map(g.cards) })).to.equal(canonicalJson(asObject(g)));
    expect(Object.keys(JSON.parse(JSON.stringify(g)).cards)).to.have.length(g.cards.size);
  });

  it("a game read back from its JSON is the same game, with the same fingerprint", () => {
    const g = newGame(3);
    const back = upgradeGame(JSON.parse(JSON.stringify(g))) as TableGame;
    expect(checkGame(back)).to.equal(null);
    expect(back.cards).to.be.instanceOf(CardIndex);
    expect(back.cards.size).to.equal(g.cards.size);
    expect(fingerprint(back)).to.equal(fingerprint(g));
    for (const [id, c] of g.cards) expect(back.cards.get(id)).to.deep.equal(c);
  });

  it("refuses an index whose keys are not the cards' ids", () => {
    const g = newGame(2);
    const raw = JSON.parse(JSON.stringify(g));
    const [first] = Object.keys(raw.cards);
    raw.cards[`0${first}`] = raw.cards[first];
    delete raw.cards[first];
    expect(checkGame(upgradeGame(raw))).to.match(/wrong id|unknown, repeated or misplaced/);
    expect(checkGame({ ...g, cards: Object.fromEntries(g.cards) })).to.equal("bad cards");
  });
});
