// Deck checks per format, their worded warnings, and game lists (the seed's lista.rs tests:
// a commander plus 99 is valid; too many / no commander; two printings counted as repeats;
// colour identity and the other warnings).

import { expect } from "chai";
import {
  applyGameList,
  blocks,
  candidates,
  checkDeck,
  deckPlays,
  deckText,
  defaultList,
  emptyDeck,
  parseDecklist,
  parseGameList,
  warningWords,
  type CardDef,
  type Deck,
  type DeckWarning,
} from "../../common/table/index.js";
import { noCopyLimit } from "../../common/table/cards.js";

const ATRAXA: CardDef = { name: "Atraxa, Praetors' Voice", type: "Legendary Creature — Phyrexian Angel Horror", cost: "{G}{W}{U}{B}", identity: "WUBG", layout: "normal", text: "Flying, vigilance, deathtouch, lifelink" };
const FOREST: CardDef = { name: "Forest", type: "Basic Land — Forest", identity: "G", layout: "normal" };
const BOLT: CardDef = { name: "Lightning Bolt", type: "Instant", cost: "{R}", identity: "R", layout: "normal", text: "Lightning Bolt deals 3 damage to any target." };
const BEARS: CardDef = { name: "Grizzly Bears", type: "Creature — Bear", cost: "{1}{G}", identity: "G", layout: "normal", set: "M10", number: "181" };
const BEARS_OTHER: CardDef = { ...BEARS, set: "10E", number: "268" };
const RATS: CardDef = { name: "Relentless Rats", type: "Creature — Rat", cost: "{1}{B}{B}", identity: "B", layout: "normal", text: "A deck can have any number of cards named Relentless Rats." };
const DWARVES: CardDef = { name: "Seven Dwarves", type: "Creature — Dwarf", cost: "{2}{R}", identity: "R", layout: "normal", text: "A deck can have up to seven cards named Seven Dwarves." };
const THRASIOS: CardDef = { name: "Thrasios, Triton Hero", type: "Legendary Creature — Merfolk Wizard", cost: "{G}{U}", identity: "GU", layout: "normal", text: "Partner" };
const TYMNA: CardDef = { name: "Tymna the Weaver", type: "Legendary Creature — Human Cleric", cost: "{1}{W}{B}", identity: "WB", layout: "normal", text: "Lifelink\nPartner" };
const SOL_RING: CardDef = { name: "Sol Ring", type: "Artifact", cost: "{1}", identity: "", layout: "normal" };
const GRUUL: CardDef = { name: "Wilson, Refined Grizzly", type: "Legendary Creature — Bear Warrior", cost: "{1}{G}", identity: "G", layout: "normal", text: "Choose a Background" };
const BACKGROUND: CardDef = { name: "Raised by Giants", type: "Legendary Enchantment — Background", cost: "{5}{G}", identity: "G", layout: "normal" };

function deck(parts: Partial<Record<keyof Deck, [number, CardDef][]>>): Deck {
  const d = emptyDeck();
  for (const [s, es] of Object.entries(parts)) d[s as keyof Deck] = es!.map(([count, def]) => ({ count, def: { ...def, ...(s === "commander" ? { commander: true } : {}) } }));
  return d;
}

const kinds = (ws: DeckWarning[]) => ws.map((w) => w.kind);
const unique99 = (): [number, CardDef][] => [[60, FOREST], ...Array.from({ length: 39 }, (_, i): [number, CardDef] => [1, { name: `Green Card ${i}`, type: "Creature — Elf", cost: "{G}", identity: "G", layout: "normal" }])];

describe("card table: deck checks", () => {
  it("Commander: a commander plus 99 is valid", () => {
    expect(checkDeck(deck({ commander: [[1, ATRAXA]], main: unique99() }), "commander")).to.deep.equal([]);
  });

  it("Commander: size counts the commanders, blocks, and is worded with what to do", () => {
    const ws = checkDeck(deck({ commander: [[1, ATRAXA]], main: [[60, FOREST]] }), "commander");
    expect(ws).to.deep.equal([{ kind: "size", has: 61, from: 100, to: 100 }]);
    expect(blocks(ws[0])).to.equal(true);
    expect(warningWords(ws[0])).to.equal("The deck has 61 cards; this format plays exactly 100 (commanders included). Add 39.");
  });

  it("Commander: no commander and too many commanders block", () => {
    const none = checkDeck(deck({ main: [[1, SOL_RING], ...unique99()] }), "commander");
    expect(kinds(none)).to.deep.equal(["noCommander"]);
    expect(deckPlays(none)).to.equal(false);
    const three = checkDeck(deck({ commander: [[1, ATRAXA], [1, THRASIOS], [1, TYMNA]], main: [[97, FOREST]] }), "commander");
    expect(kinds(three)).to.deep.equal(["tooManyCommanders"]);
    expect(warningWords(three[0])).to.match(/3 commanders; a deck is led by one, or two partners/);
  });

  it("two printings of one card are repeats (by English name); basic lands and 'any number' / 'up to' cards are exempt", () => {
    const ws = checkDeck(deck({ commander: [[1, ATRAXA]], main: [[1, BEARS], [1, BEARS_OTHER], [30, RATS], [7, DWARVES], [59, FOREST], [1, SOL_RING]] }), "commander");
    expect(ws.filter((w) => w.kind === "repeated")).to.deep.equal([{ kind: "repeated", name: "Grizzly Bears", times: 2, most: 1 }]);
    expect(warningWords(ws.find((w) => w.kind === "repeated")!)).to.equal("Grizzly Bears is in the deck 2 times; this format allows one copy (printings count together).");
    expect(deckPlays(ws)).to.equal(false);
  });

  it("the copy limit's exemptions, each reading (name, type line, text) on its own (noCopyLimit reads the name and text once)", () => {
    const free = (d: CardDef) => noCopyLimit(d);
    expect(free(FOREST)).to.equal(true);
    expect(free({ name: "  Snow-Covered   ISLAND " })).to.equal(true, "a basic land's name, without card data");
    expect(free({ name: "Homebrew Dual", type: "Basic Snow Land — Forest Island" })).to.equal(true, "a Basic … Land type line");
    expect(free({ name: "Odd", type: "Legendary Land\nBasic" })).to.equal(false, "basic and land on different lines");
    expect(free({ name: "Relentless Rats" })).to.equal(true, "an any-number card by name");
    expect(free({ name: "Dragon\u2019s Approach" })).to.equal(true, "the apostrophe's shape does not matter");
    expect(free({ name: "Nazgûl" })).to.equal(true, "an up-to card by name");
    expect(free(RATS)).to.equal(true);
    expect(free(DWARVES)).to.equal(true);
    expect(free({ name: "New Rat", text: "Flying.\nA deck can have ANY number of cards named New Rat." })).to.equal(true, "by its text");
    expect(free({ name: "Two Faces", faces: [{ name: "a", text: "" }, { name: "b", text: "A deck can have up to nine cards named Two Faces." }] } as CardDef)).to.equal(true, "a back face's text");
    expect(free(BOLT)).to.equal(false);
    expect(free(SOL_RING)).to.equal(false);
    expect(free({ name: "Mystery Land" })).to.equal(false);
  });

  it("colour identity, who may lead and the pair only warn", () => {
    const ws = checkDeck(deck({ commander: [[1, ATRAXA]], main: [[1, BOLT], ...unique99().map(([n, d]): [number, CardDef] => [d === FOREST ? n - 1 : n, d])] }), "commander");
    expect(ws).to.deep.equal([{ kind: "outsideIdentity", name: "Lightning Bolt", colours: "R", identity: "WUBG" }]);
    expect(warningWords(ws[0])).to.equal("Lightning Bolt is red, outside your commander's colours (white, blue, black, green).");
    expect(deckPlays(ws)).to.equal(true);
    const bears = checkDeck(deck({ commander: [[1, BEARS]], main: unique99() }), "commander");
    expect(kinds(bears)).to.deep.equal(["cannotLead"]);
    expect(deckPlays(bears)).to.equal(true);
    const pair = checkDeck(deck({ commander: [[1, ATRAXA], [1, TYMNA]], main: [[98, FOREST]] }), "commander");
    expect(pair.filter((w) => w.kind === "noPartner")).to.deep.equal([{ kind: "noPartner", name: "Atraxa, Praetors' Voice" }]);
    expect(deckPlays(pair)).to.equal(true);
  });

  it("partners, Friends forever and Choose a Background with a Background pair; their identities join", () => {
    expect(checkDeck(deck({ commander: [[1, THRASIOS], [1, TYMNA]], main: [[1, { ...SOL_RING }], [97, FOREST]] }), "commander")).to.deep.equal([]);
    expect(checkDeck(deck({ commander: [[1, GRUUL], [1, BACKGROUND]], main: [[98, FOREST]] }), "commander")).to.deep.equal([]);
  });

  it("unknown cards never earn a warning about what they are (a text card without a type or cost)", () => {
    const ws = checkDeck(deck({ commander: [[1, { name: "Homebrew Hero" }]], main: [[1, BOLT], [98, { name: "Mystery Land" }]] }), "commander");
    expect(kinds(ws)).to.deep.equal(["repeated"], "99 copies of one unknown card still repeat");
  });

  it("Constructed: at least 60 and at most 4 copies; Limited: at least 40, any copies; Free: nothing", () => {
    const c = checkDeck(deck({ main: [[5, BOLT], [50, FOREST]] }), "constructed");
    expect(c).to.deep.equal([{ kind: "size", has: 55, from: 60, to: null }, { kind: "repeated", name: "Lightning Bolt", times: 5, most: 4 }]);
    expect(warningWords(c[0])).to.equal("The deck has 55 cards; this format plays at least 60. Add 5.");
    expect(warningWords(c[1])).to.equal("Lightning Bolt is in the deck 5 times; this format allows 4 copies (printings count together).");
    expect(checkDeck(deck({ main: [[4, BOLT], [56, FOREST]], sideboard: [[15, BOLT]] }), "constructed")).to.deep.equal([], "the sideboard is not counted");
    expect(checkDeck(deck({ main: [[12, BOLT], [28, FOREST]] }), "limited")).to.deep.equal([]);
    expect(kinds(checkDeck(deck({ main: [[39, FOREST]] }), "limited"))).to.deep.equal(["size"]);
    expect(checkDeck(deck({ main: [[1, BOLT]] }), "free")).to.deep.equal([]);
  });

  it("a gone warning is worded and does not block", () => {
    const w: DeckWarning = { kind: "gone", names: ["Sol Ring"] };
    expect(warningWords(w)).to.equal("Sol Ring is no longer in the deck; your game list leaves it out.");
    expect(blocks(w)).to.equal(false);
  });
});

describe("card table: game lists", () => {
  const LIST = `Commander
1 Atraxa, Praetors' Voice
1 Tymna the Weaver
Companion
1 Lurrus of the Dream-Den
Deck
4 Lightning Bolt (M10) 146
1 Lightning Bolt (2XM) 129
20 Forest | Basic Land — Forest
Sideboard
3 Duress
Maybeboard
1 Sol Ring
Tokens
1 Goblin | Token Creature — Goblin | | 1/1
`;
  const parsed = parseDecklist(LIST);
  if (!parsed.ok) throw new Error("bad test list");
  const d = parsed.deck;
  const key = (name: string, section = "main") => candidates(d).find((c) => c.def.name === name && c.section === section)!.key;

  it("offers every copy but tokens, planes and schemes; without a choice the deck plays as written", () => {
    expect(candidates(d).map((c) => `${c.section}:${c.count} ${c.def.name}`)).to.deep.equal([
      "commander:1 Atraxa, Praetors' Voice",
      "commander:1 Tymna the Weaver",
      "companion:1 Lurrus of the Dream-Den",
      "main:4 Lightning Bolt",
      "main:1 Lightning Bolt",
      "main:20 Forest",
      "sideboard:3 Duress",
      "maybeboard:1 Sol Ring",
    ]);
    const { deck, gone } = applyGameList(d, defaultList(d));
    expect(gone).to.deep.equal([]);
    expect(deckText(deck)).to.equal(deckText(d).replace(/Maybeboard\n1 Sol Ring\n\n/, ""));
  });

  it("only what it chose goes: a chosen companion starts apart, unchosen sideboard copies to the sideboard, the rest stays out", () => {
    const list = { commanders: [key("Tymna the Weaver", "commander")], cards: { [key("Lurrus of the Dream-Den", "companion")]: 1, [key("Lightning Bolt")]: 2, [key("Forest")]: 20, [key("Duress", "sideboard")]: 1, [key("Sol Ring", "maybeboard")]: 1 } };
    const { deck } = applyGameList(d, list);
    expect(deck.commander.map((e) => `${e.count} ${e.def.name}`)).to.deep.equal(["1 Tymna the Weaver"]);
    expect(deck.companion.map((e) => `${e.count} ${e.def.name}`)).to.deep.equal(["1 Lurrus of the Dream-Den"]);
    expect(deck.main.map((e) => `${e.count} ${e.def.name}`)).to.deep.equal(["2 Lightning Bolt", "20 Forest", "1 Duress", "1 Sol Ring"]);
    expect(deck.sideboard.map((e) => `${e.count} ${e.def.name}`)).to.deep.equal(["2 Duress"]);
    expect(deck.tokens).to.have.length(1);
    expect(deck.maybeboard).to.deep.equal([]);
    // the deck itself does not change
    expect(d.main.map((e) => e.count)).to.deep.equal([4, 1, 20]);
  });

  it("a card chosen that left the deck is reported gone; counts are cut to what the deck holds", () => {
    const { deck, gone } = applyGameList(d, { commanders: [], cards: { "main|black lotus||": 1, [key("Forest")]: 99 } });
    expect(gone).to.deep.equal(["Black Lotus"]);
    expect(deck.main).to.deep.equal([{ count: 20, def: d.main[2].def }]);
  });

  it("written back as text, a played deck reads the same (printings and text-card bars kept)", () => {
    const { deck } = applyGameList(d, defaultList(d));
    const again = parseDecklist(deckText(deck));
    expect(again.ok && again.deck).to.deep.equal(deck);
  });

  it("a stored list is read back only when it is one (bounded)", () => {
    expect(parseGameList({ commanders: ["a"], cards: { b: 2 } })).to.deep.equal({ commanders: ["a"], cards: { b: 2 } });
    expect(parseGameList({ commanders: "a", cards: {} })).to.equal(null);
    expect(parseGameList({ commanders: [], cards: { b: -1 } })).to.equal(null);
    expect(parseGameList(null)).to.equal(null);
  });
});
