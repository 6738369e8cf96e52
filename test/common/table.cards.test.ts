// Card data as the pure engine sees it: decklist lines → queries (set codes, collector numbers,
// foil marks, "[SET] name"), answers merged into the cards (the line's own words win), the
// report, deck facts from a card alone, and the wire: a card's definition travels once as its
// own part while taps re-send only the small card part.
import { expect } from "chai";
import { cardFacts, queryKey, resolveCards, withData, type CardLookup } from "../../common/table/cards.js";
import { deckQueries, parseDecklist } from "../../common/table/deck.js";
import { splitView } from "../../common/table/wire.js";
import { tableDef, type TableState } from "../../common/table/game.js";
import { createRng } from "../../common/core/rng.js";
import type { CardDef } from "../../common/table/types.js";

const BOLT: CardDef = { name: "Lightning Bolt", type: "Instant", cost: "{R}", text: "Lightning Bolt deals 3 damage to any target.", colors: "R", identity: "R", mv: 1, layout: "normal", set: "M10", number: "146", image: "https://img.example.org/bolt.jpg" };
const DELVER: CardDef = {
  name: "Delver of Secrets",
  type: "Creature — Human Wizard",
  cost: "{U}",
  power: "1",
  toughness: "1",
  back: "Insectile Aberration",
  colors: "U",
  identity: "U",
  layout: "transform",
  faces: [
    { name: "Delver of Secrets", cost: "{U}", type: "Creature — Human Wizard", power: "1", toughness: "1" },
    { name: "Insectile Aberration", type: "Creature — Human Insect", text: "Flying", power: "3", toughness: "2" },
  ],
};
const lookup: CardLookup = {
  find: (q) => (/^lightning bolt$/i.test(q.name) ? BOLT : /^delver of secrets/i.test(q.name) ? DELVER : null),
};

describe("card table: card data in the pure engine", () => {
  it("reads set codes, collector numbers, foil marks and [SET] names into queries, one per distinct line", () => {
    const qs = deckQueries("4 Lightning Bolt (M10) 146\n2 lightning bolt (m10) 146 *F*\n1 [ISD] Delver of Secrets\n1 Delver of Secrets // Insectile Aberration (ISD) 51a\nTokens\n1 Goblin");
    expect(qs).to.deep.equal([
      { name: "Lightning Bolt", set: "M10", number: "146" },
      { name: "Delver of Secrets", set: "ISD" },
      { name: "Delver of Secrets // Insectile Aberration", set: "ISD", number: "51a" },
      { name: "Goblin", token: true },
    ]);
    expect(queryKey({ name: " Lightning  BOLT", set: "m10", number: "146" })).to.equal(queryKey({ name: "lightning bolt", set: "M10", number: "146" }));
  });

  it("merges the answers into the cards (the line's own words win) and reports what was not found", () => {
    const text = "4 Lightning Bolt (M10) 146\n1 Delver of Secrets | Creature — Human Wizard | {U} | 2/2\n3 Homebrew";
    const cards = resolveCards(deckQueries(text), lookup);
    const r = parseDecklist(text, cards);
    if (!r.ok) throw new Error("unreadable");
    expect(r.deck.main[0].def).to.deep.equal({ ...BOLT });
    expect(r.deck.main[1].def).to.include({ name: "Delver of Secrets", power: "2", toughness: "2", back: "Insectile Aberration", permanent: true });
    expect(r.deck.main[2].def).to.deep.equal({ name: "Homebrew" });
    expect(r.report).to.deep.equal({ cards: 8, found: 5, unfound: ["Homebrew"], data: true });
    // No card data at all: no report of missing cards.
    const plain = parseDecklist(text);
    expect(plain.ok && plain.report).to.deep.equal({ cards: 8, found: 0, unfound: [], data: false });
    expect(withData({ name: "x", commander: true }, { ...BOLT, permanent: true })).to.include({ commander: true }).and.not.have.property("permanent");
  });

  it("gives deck checks a card's facts, from the data or guessed from a text card", () => {
    expect(cardFacts(DELVER)).to.include({ identity: "U", canLead: false, basicLand: false, layout: "transform", fromData: true });
    expect(cardFacts({ name: "Mystery", cost: "{2}{W}{B}", type: "Legendary Creature — Human" })).to.include({ identity: "WB", canLead: true, fromData: false });
    expect(cardFacts({ name: "Forest", type: "Basic Land — Forest" })).to.include({ basicLand: true, anyNumber: true });
    expect(cardFacts({ name: "Relentless Rats", type: "Creature — Rat", text: "A deck can have any number of cards named Relentless Rats." }).anyNumber).to.equal(true);
  });

  it("sends a card's definition once as its own part; a tap re-sends only the small card part", () => {
    const text = "20 Lightning Bolt (M10) 146\n20 Delver of Secrets";
    const cards = resolveCards(deckQueries(text), lookup);
    let s: TableState = tableDef.setup(7, { format: "free", mode: "solo" }, 1);
    const apply = (move: Parameters<typeof tableDef.apply>[2]) => {
      const r = tableDef.apply(s, 0, move, { rng: createRng(3), now: 0 });
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    };
    apply({ type: "deck", text, cards });
    apply({ type: "act", action: { do: "keep", bottom: [] } });
    const hand = s.game!.zones["0.hand"];
    apply({ type: "act", action: { do: "move", card: hand[0], zone: "battlefield", place: "battlefield", pos: { x: 10, y: 10 } } });
    const played = s.game!.zones["0.battlefield"][0];
    const before = splitView(tableDef.view(s, 0));
    const defs = Object.keys(before).filter((k) => k.startsWith("d:"));
    expect(defs.length).to.be.within(1, 2, "one part per distinct card");
    expect(before[`c:${played}`]).to.not.match(/damage|Insectile/, "no card text in a card part");
    apply({ type: "act", action: { do: "tap", card: played, on: true } });
    const after = splitView(tableDef.view(s, 0));
    const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
    expect(changed.filter((k) => k.startsWith("d:"))).to.deep.equal([], "definitions do not travel again");
    expect(after[`c:${played}`].length).to.be.below(200);
  });
});
