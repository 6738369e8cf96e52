// The copy limit (issue 37, point 5): basic lands and the cards whose text allows any number
// are never counted against it, whether the card data knows the card or the deck is a plain
// list of text cards (the deck stage checks the list as written, without the server's card
// data; the server checks the deck it resolved with it). One check in common/ (checks.ts with
// cards.ts) gives both the same answer, so the two can never disagree.

import { expect } from "chai";
import fc from "fast-check";
import { blocks, checkDeck, deckQueries, noCopyLimit, parseDecklist, resolveCards, warningWords, type CardDef, type CardLookup, type Format } from "../../common/table/index.js";

/** What the server's card data says of each card (the Scryfall fields the deck check reads). */
const DATA: CardDef[] = [
  { name: "Mountain", type: "Basic Land — Mountain", identity: "R", layout: "normal" },
  { name: "Island", type: "Basic Land — Island", identity: "U", layout: "normal" },
  { name: "Snow-Covered Forest", type: "Basic Snow Land — Forest", identity: "G", layout: "normal" },
  { name: "Wastes", type: "Basic Land", identity: "", layout: "normal" },
  { name: "Relentless Rats", type: "Creature — Rat", cost: "{1}{B}{B}", identity: "B", layout: "normal", text: "Relentless Rats gets +1/+1 for each other creature you control named Relentless Rats.\nA deck can have any number of cards named Relentless Rats." },
  { name: "Shadowborn Apostle", type: "Creature — Human Cleric", cost: "{B}", identity: "B", layout: "normal", text: "A deck can have any number of cards named Shadowborn Apostle." },
  { name: "Dragon's Approach", type: "Sorcery", cost: "{2}{R}", identity: "R", layout: "normal", text: "Dragon's Approach deals 3 damage to each opponent.\nA deck can have any number of cards named Dragon's Approach." },
  { name: "Seven Dwarves", type: "Creature — Dwarf", cost: "{2}{R}", identity: "R", layout: "normal", text: "A deck can have up to seven cards named Seven Dwarves." },
  { name: "Lightning Bolt", type: "Instant", cost: "{R}", identity: "R", layout: "normal", text: "Lightning Bolt deals 3 damage to any target." },
  { name: "Grizzly Bears", type: "Creature — Bear", cost: "{1}{G}", identity: "G", layout: "normal" },
];

const lookup: CardLookup = { find: (q) => DATA.find((d) => d.name.toLowerCase() === q.name.trim().toLowerCase()) ?? null };

/** The deck stage's verdict: the list as written, no card data (client/games/table/decks.ts). */
function asWritten(list: string, format: Format) {
  const r = parseDecklist(list);
  if (!r.ok) throw new Error(r.errors[0].message);
  return checkDeck(r.deck, format);
}

/** The server's verdict: the same list with its cards resolved from the card data (common/table/game.ts parseDeck). */
function withCardData(list: string, format: Format) {
  const r = parseDecklist(list, resolveCards(deckQueries(list), lookup));
  if (!r.ok) throw new Error(r.errors[0].message);
  return checkDeck(r.deck, format);
}

const repeats = (ws: ReturnType<typeof checkDeck>) => ws.filter((w) => w.kind === "repeated");

describe("card table: the copy limit", () => {
  it("a plain list's basic lands are not counted against the copy limit (no card data needed)", () => {
    const list = "4 Lightning Bolt\n4 Grizzly Bears\n20 Mountain\n16 Island\n8 Snow-Covered Forest\n8 Wastes";
    for (const ws of [asWritten(list, "constructed"), withCardData(list, "constructed")]) expect(ws.map(warningWords)).to.deep.equal([]);
    expect(asWritten("1 Lightning Bolt\n98 Mountain\n\nCommander\n1 Grizzly Bears", "commander").filter(blocks)).to.deep.equal([]);
  });

  it("cards whose text allows any number are not counted, by their text or (a text card) by their name", () => {
    const list = "30 Relentless Rats\n26 Shadowborn Apostle\n4 Dragon's Approach";
    expect(repeats(asWritten(list, "constructed"))).to.deep.equal([]);
    expect(repeats(withCardData(list, "constructed"))).to.deep.equal([]);
    expect(repeats(asWritten("60 Dragon’s Approach", "constructed")), "a curly apostrophe is the same name").to.deep.equal([]);
    expect(noCopyLimit({ name: "Homebrew Horde", text: "A deck can have any number of cards named Homebrew Horde." })).to.equal(true);
    expect(noCopyLimit({ name: "Mystery Land" })).to.equal(false);
  });

  it("every other card is still counted, by name, and blocks a checked game", () => {
    const ws = repeats(asWritten("5 Lightning Bolt\n55 Mountain", "constructed"));
    expect(ws).to.deep.equal([{ kind: "repeated", name: "Lightning Bolt", times: 5, most: 4 }]);
    expect(blocks(ws[0])).to.equal(true);
    expect(repeats(asWritten("30 Mystery Land", "constructed")).map((w) => w.name)).to.deep.equal(["Mystery Land"]);
  });

  it("the deck stage (no card data) and the server (card data) give the same verdict on every deck", () => {
    const names = [...DATA.map((d) => d.name), "Homebrew Wonder"];
    const line = fc.tuple(fc.constantFrom(...names), fc.integer({ min: 1, max: 30 }));
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), fc.constantFrom<Format>("constructed", "commander", "limited"), (lines, format) => {
        const list = lines.map(([name, n]) => `${n} ${name}`).join("\n");
        const written = asWritten(list, format);
        const served = withCardData(list, format);
        expect(repeats(written), list).to.deep.equal(repeats(served));
        expect(written.filter(blocks), list).to.deep.equal(served.filter(blocks));
      }),
      { seed: 37, numRuns: 300 },
    );
  });
});
