// Every decklist format a player already has, from small sample files written for these tests
// (test/fixtures/table/decklists/): what is read, and a line-numbered error for every line that
// was not understood (never a silent drop).

import { expect } from "chai";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { detectFormat, parseDecklist, prepareDecklist, type Deck, type Section } from "../../common/table/index.js";

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "table", "decklists");
const sample = (f: string) => readFileSync(path.join(DIR, f), "utf8");

/** "4 Name (SET) 123" per entry of a section. */
const lines = (deck: Deck, s: Section) => deck[s].map((e) => `${e.count} ${e.def.name}${e.def.set ? ` (${e.def.set})` : ""}${e.def.number ? ` ${e.def.number}` : ""}`);

/** The errors of a list that has some (line numbers and the start of each message). */
function errorsOf(text: string): { line: number; message: string }[] {
  const r = parseDecklist(text);
  if (r.ok) throw new Error("expected errors");
  return r.errors.map((e) => ({ line: e.line, message: e.message }));
}

/** The same text without its broken lines parses; returns the deck. */
function deckOf(text: string, dropLines: number[] = []): Deck {
  const kept = text.split("\n").map((l, i) => (dropLines.includes(i + 1) ? "" : l)).join("\n");
  const r = parseDecklist(kept);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join("\n"));
  return r.deck;
}

describe("card table: decklist formats", () => {
  it("MTGO .dek (XML): quantities, sideboard, entities, split names; a <Cards> without a quantity is named by its line", () => {
    const text = sample("sample.dek");
    expect(detectFormat(text)).to.equal("mtgo");
    const errs = errorsOf(text);
    expect(errs).to.have.length(1);
    expect(errs[0].line).to.equal(9);
    expect(errs[0].message).to.match(/^line 9: .*Quantity/);
    const deck = deckOf(text, [9]);
    expect(lines(deck, "main")).to.deep.equal(["4 Lightning Bolt", "20 Mountain", "2 Fire // Ice", "1 Jace's Erasure"]);
    expect(lines(deck, "sideboard")).to.deep.equal(["3 Duress"]);
  });

  it("Cockatrice .cod (XML): zones main / side / tokens, set and collector number kept; a card without a number is named by its line", () => {
    const text = sample("sample.cod");
    expect(detectFormat(text)).to.equal("cockatrice");
    const errs = errorsOf(text);
    expect(errs.map((e) => e.line)).to.deep.equal([9]);
    const deck = deckOf(text, [9]);
    expect(lines(deck, "main")).to.deep.equal(["4 Lightning Bolt (M10) 146", "18 Mountain", "1 Delver of Secrets"]);
    expect(lines(deck, "sideboard")).to.deep.equal(["2 Pyroblast"]);
    expect(lines(deck, "tokens")).to.deep.equal(["1 Goblin"]);
  });

  it("XMage .dck: [SET:number] printings, SB: lines, NAME and LAYOUT lines are metadata; an unreadable line is reported", () => {
    const text = sample("sample.dck");
    expect(detectFormat(text)).to.equal("xmage");
    const errs = errorsOf(text);
    expect(errs.map((e) => e.line)).to.deep.equal([6]);
    expect(errs[0].message).to.match(/line 6: "four \[M21:1\] Shock" has no count/);
    const deck = deckOf(text, [6]);
    expect(lines(deck, "main")).to.deep.equal(["4 Lightning Bolt (M10) 146", "20 Mountain (M21) 271", "2 Fire // Ice (APC) 128"]);
    expect(lines(deck, "sideboard")).to.deep.equal(["2 Duress (M21) 123"]);
  });

  it("Magic Workstation .mwDeck: comments, [SET] and [] printings, SB: lines; a line without a count is reported", () => {
    const text = sample("sample.mwDeck");
    expect(detectFormat(text)).to.equal("mwdeck");
    const errs = errorsOf(text);
    expect(errs.map((e) => e.line)).to.deep.equal([8]);
    const deck = deckOf(text, [8]);
    expect(lines(deck, "main")).to.deep.equal(["4 Lightning Bolt (M10)", "20 Mountain", "1 Delver of Secrets (ISD)"]);
    expect(lines(deck, "sideboard")).to.deep.equal(["3 Duress (M10)"]);
  });

  it("MTG Arena / Moxfield: About / Name, Commander, Companion, Deck, SIDEBOARD:, printings; a line without a count is reported", () => {
    const text = sample("sample-arena.txt");
    expect(detectFormat(text)).to.equal("text");
    const errs = errorsOf(text);
    expect(errs.map((e) => e.line)).to.deep.equal([14]);
    const deck = deckOf(text, [14]);
    expect(lines(deck, "commander")).to.deep.equal(["1 Sheoldred, the Apocalypse (DMU) 107"]);
    expect(deck.commander[0].def.commander).to.equal(true);
    expect(lines(deck, "companion")).to.deep.equal(["1 Lurrus of the Dream-Den (IKO) 226"]);
    expect(lines(deck, "main")).to.deep.equal(["4 Lightning Bolt (M10) 146", "2 Fire // Ice (APC) 128", "30 Swamp (DMU) 269"]);
    expect(lines(deck, "sideboard")).to.deep.equal(["2 Duress (M21) 96"]);
  });

  it("plain text: 4 Lightning Bolt, 4x, SB:, Moxfield foil marks", () => {
    const deck = deckOf("4 Lightning Bolt\n2x Counterspell\nSB: 1 Duress\n1 Sol Ring (CMM) 464 *F*");
    expect(lines(deck, "main")).to.deep.equal(["4 Lightning Bolt", "2 Counterspell", "1 Sol Ring (CMM) 464"]);
    expect(lines(deck, "sideboard")).to.deep.equal(["1 Duress"]);
  });

  it("every line number points into the player's own file, XML included", () => {
    const p = prepareDecklist(sample("sample.cod"));
    const raw = sample("sample.cod").split("\n");
    for (const l of p.lines) if (/^\d/.test(l.text)) expect(raw[l.at - 1], l.text).to.include(l.text.split(" ").slice(1, 3).join(" ").replace(/ \(.*$/, ""));
  });

  it("an XML file that is not a deck says so", () => {
    const errs = errorsOf("<?xml version='1.0'?><html><body>hi</body></html>");
    expect(errs[0].message).to.match(/no <Cards> elements/);
  });
});
