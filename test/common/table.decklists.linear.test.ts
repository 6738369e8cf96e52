// Issue 36, point 4: one decklist froze every room for 66 s (a comment line of spaces made the
// header regex backtrack; hours at the size limit). Every decklist parser runs in linear time:
// each adversarial list below, at the largest size a table accepts (MAX_DECKLIST_CHARS), costs
// about what eight lists of an eighth of it cost (test/helpers/linear.ts; no time is asserted).

import { expect } from "chai";
import { resolveCards, type CardLookup } from "../../common/table/cards.js";
import { deckQueries, MAX_DECK_CARDS, parseDecklist } from "../../common/table/deck.js";
import { MAX_DECKLIST_CHARS } from "../../common/table/state.js";
import { assertLinear } from "../helpers/linear.js";

/** `head`, then `fill` repeated, then `tail`: n characters in all (about). */
const line = (head: string, fill: string, tail: string) => (n: number) => head + fill.repeat(Math.max(1, Math.floor((n - head.length - tail.length) / fill.length))) + tail;

/** Worst single lines: everything on one line of the whole list's length. */
const LINES: Record<string, (n: number) => string> = {
  "a comment of spaces after a word (the header regex)": line("// a", " ", "!"),
  "a section name, spaces, a stray character": line("Sideboard", " ", "!"),
  "a section name with a count, spaces, a colon, a stray character": line("Sideboard (15)", " ", ":!"),
  "a count, spaces, a carriage return inside the name": line("1", " ", "a\rb"),
  "a count, x, spaces, a carriage return inside the name": line("1x", " ", "a\rb"),
  "SB:, spaces, a carriage return": line("SB:", " ", "1 a\rb"),
  "a count of many digits": line("", "1", ""),
  "a name of many digits": line("1 ", "1", ""),
  "separators": line("1 a", "|", ""),
  "spaced separators": line("1 a", " | ", "x"),
  "spaces before a set bracket": line("1 a", " ", "(M10"),
  "spaces before a foil mark": line("1 a", " ", "*F"),
  "spaces between a set and a number": line("1 a (M10)", " ", "!"),
  "open brackets": line("1 ", "[", ""),
  "bracketed sets": line("1 ", "[M10] ", "a"),
  "braces in a cost": line("1 a | Creature | ", "{", ""),
  "slashes in P/T": line("1 a | Creature | {G} | ", "/", ""),
  "unicode: stars": line("1 ", "★", ""),
  "unicode: surrogate pairs": line("1 ", "🃏", ""),
  "unicode: combining marks": line("1 a", "\u0301", ""),
  "unicode: line separators": line("1 a", " \u2028", "b"),
  "tabs and no-break spaces": line("// a", "\t\u00a0", "!"),
};

/** Worst many-line lists. */
const LISTS: Record<string, (n: number) => string> = {
  "short card lines (more cards than a deck holds)": line("", "1 a\n", ""),
  "lines that are all errors": line("", "x\n", ""),
  "comment lines of spaces": line("", "// a      !\n", ""),
  "section names": line("", "Sideboard\n", ""),
  "XMage lines": line("", "SB: 1 [M21:123] a\n", ""),
  "Magic Workstation comments": line("// NAME : x\n", "// a  :\n", ""),
  "Arena's About block": line("About\n", "Name x\n", ""),
  "blank lines": line("", "\n", ""),
  "carriage returns": line("", "\r\n", ""),
};

/** Worst XML files (MTGO .dek, Cockatrice .cod). */
const XML: Record<string, (n: number) => string> = {
  "MTGO: elements never closed": line("<?xml?>", "<Cards ", ""),
  "MTGO: many elements (line numbers)": line("<?xml?>\n", '<Cards Quantity="1" Name="a"/>\n', ""),
  "MTGO: elements without a quantity (errors)": line("<?xml?>\n", '<Cards Name="a"/>\n', ""),
  "MTGO: an attribute name that never ends": line("<?xml?><Cards ", "a", ">"),
  "MTGO: an attribute name of dashes": line("<?xml?><Cards ", "a-", ">"),
  "MTGO: a quote that never closes": line('<?xml?><Cards Name="', "a ", ">"),
  "MTGO: entities that never end": line('<?xml?><Cards Quantity="1" Name="', "&#x0", '"/>'),
  "Cockatrice: zones never closed": line("<cockatrice_deck>", '<zone name="main">', ""),
  "Cockatrice: zone tags never ended": line("<cockatrice_deck>", "<zone ", ""),
  "Cockatrice: many cards (line numbers)": line('<cockatrice_deck><zone name="main">\n', '<card number="1" name="a"/>\n', "</zone>"),
  "Cockatrice: many zones": line("<cockatrice_deck>\n", '<zone name="main"><card number="1" name="a"/></zone>\n', ""),
  "Cockatrice: card tags never ended": line('<cockatrice_deck><zone name="main">', "<card ", "</zone>"),
};

function cases(group: Record<string, (n: number) => string>) {
  for (const [what, make] of Object.entries(group)) {
    it(what, () => {
      // The input really is at the limit (and is read to an answer: a deck or line errors).
      expect(make(MAX_DECKLIST_CHARS).length).to.be.within(MAX_DECKLIST_CHARS * 0.95, MAX_DECKLIST_CHARS);
      assertLinear(what, MAX_DECKLIST_CHARS, make, (text) => parseDecklist(text));
    });
  }
}

describe("card table: decklists are read in linear time (issue 36)", function () {
  this.timeout(120_000);
  describe("one long line", () => cases(LINES));
  describe("many lines", () => cases(LISTS));
  describe("XML files", () => cases(XML));

  it("the card data is asked at most once per card a deck may hold, and not at all for a list the table refuses", () => {
    let asked = 0;
    const lookup: CardLookup = { find: () => (asked++, null) };
    const lines = (n: number, copies = 1) => Array.from({ length: n }, (_, i) => `${copies} c${i}`).join("\n");
    const ask = (text: string) => {
      asked = 0;
      resolveCards(deckQueries(text), lookup);
      return asked;
    };
    expect(ask(lines(MAX_DECK_CARDS))).to.equal(MAX_DECK_CARDS);
    // Every line of the longest list is a card line, but together more cards than a deck holds.
    expect(MAX_DECKLIST_CHARS / lines(2).length).to.be.above(MAX_DECK_CARDS * 4);
    expect(ask(line("", "1 a\n", "")(MAX_DECKLIST_CHARS)), "one card, thousands of times").to.equal(0);
    expect(ask(lines(Math.floor(MAX_DECKLIST_CHARS / 8)).slice(0, MAX_DECKLIST_CHARS)), "thousands of distinct lines").to.equal(0);
    expect(ask(lines(MAX_DECK_CARDS / 2, 3)), "over the limit in copies").to.equal(0);
    expect(ask(`${lines(10)}\nnot a card line`), "a line the table cannot read").to.equal(0);
  });
});
