// The card table's deck stage in Chromium (issue 18): a table made with deck checks, the live
// check (lines not understood, by number; the format's warnings marked "must fix"), a deck file
// (MTGO .dek) opened from disk, the game list chooser (saved in the browser, offered again),
// a deck refused by the check, and the deal playing only the chosen copies. Desktop and phone;
// screenshots in test-results/table-decks-*.png.
import { expect } from "chai";
import path from "node:path";
import { LAX_ADDRESS_LIMITS } from "../helpers/hub.js";
import { gamePage, DESKTOP, PHONE, ROOT, screenshot, waitHub, type HubSnapshot, useBrowserHub } from "../helpers/e2e.js";

type T = HubSnapshot & { stage?: string; hand?: string[]; library?: number; phaseOfTable?: string };

const DECK = "4 Lightning Bolt | Instant | {R}\n64 Mountain | Basic Land — Mountain\n\nSideboard\n3 Duress | Sorcery | {B}";

describe("e2e: card table deck stage", function () {
  this.timeout(180_000);
  const suite = useBrowserHub({ config: () => ({ botThreads: 0, ...LAX_ADDRESS_LIMITS }) });

  it("checks a deck as it is written, opens a .dek file, chooses a game list, refuses a deck that breaks the rules, deals only the chosen copies", async () => {
    const a = (await suite.open(DESKTOP)).page;
    await gamePage(a, "table"); // the forms are on the game's own page
    await a.waitForSelector("#table-private-btn");
    await a.fill("input[name=name]", "Ada");
    await a.check("#table-checks");
    await screenshot(a, "table-decks-lobby-desktop");
    await a.click("#table-private-btn");
    const room = await waitHub(a, (s) => !!s.roomId && s.private === true, "a private table");
    const b = (await suite.open(PHONE)).page;
    await b.waitForSelector("#join-code");
    await b.fill("input[name=name]", "Bo");
    await b.fill("#join-code", room.roomId!.toLowerCase());
    await b.click("#join-code-btn");
    await waitHub(a, (s) => (s as T).stage === "decks", "the deck stage");

    // The live check: a line not understood, by number; the format's warnings, marked must fix.
    await a.fill("#tt-decklist", "5 Lightning Bolt | Instant | {R}\nfour Shock\n20 Mountain | Basic Land — Mountain");
    await a.waitForSelector("#tt-check-errors");
    expect(await a.textContent("#tt-check-errors")).to.match(/Line 2: "four Shock" has no count/);
    await a.fill("#tt-decklist", "5 Lightning Bolt | Instant | {R}\n20 Mountain | Basic Land — Mountain");
    await a.waitForSelector("#tt-check-warnings");
    const warned = (await a.textContent("#tt-check-warnings"))!;
    expect(warned).to.match(/Must fix: The deck has 25 cards; this format plays at least 60\. Add 35\./);
    expect(warned).to.match(/Must fix: Lightning Bolt is in the deck 5 times; this format allows 4 copies/);
    await screenshot(a, "table-decks-check-desktop");

    // A deck file from disk: an MTGO .dek (XML) becomes its plain list; the broken element is named by its line.
    await a.setInputFiles("#tt-deck-file", path.join(ROOT, "test", "fixtures", "table", "decklists", "sample.dek"));
    await a.waitForFunction(() => (document.querySelector("#tt-decklist") as HTMLTextAreaElement).value.includes("Jace's Erasure"));
    const check = (await a.textContent("#tt-check"))!;
    expect(check).to.match(/Read sample\.dek as an MTGO \.dek file/);
    expect(check).to.match(/sample\.dek, line 9: a <Cards> element needs a Name and a Quantity/);
    await screenshot(a, "table-decks-file-desktop");

    // The game list: 56 of the 64 Mountains; the deck text itself does not change.
    await a.fill("#tt-decklist", DECK);
    await a.waitForSelector("#tt-gamelist-btn:not([hidden])");
    await a.click("#tt-gamelist-btn");
    await a.waitForSelector("#tt-gamelist:not([hidden])");
    await a.fill("input[aria-label^='Copies of Mountain']", "56");
    expect(await a.textContent("#tt-gamelist-total")).to.equal("60 cards chosen.");
    await screenshot(a, "table-decks-gamelist-desktop");
    await a.click("#tt-gamelist-save");
    await a.waitForFunction(() => /60 cards to play, 3 in the sideboard\. Your game list for this deck chooses them\./.test(document.querySelector("#tt-check-size")?.textContent ?? ""));
    expect(await a.inputValue("#tt-decklist")).to.equal(DECK);
    // Offered again: the same list pasted again is played with the saved choice.
    await a.fill("#tt-decklist", "");
    await a.fill("#tt-decklist", DECK);
    await a.waitForFunction(() => /Your game list/.test(document.querySelector("#tt-check-size")?.textContent ?? ""));

    // The phone: a deck that breaks the rules is refused with the check's words; then the chooser on a phone.
    await b.fill("#tt-decklist", "10 Mountain | Basic Land — Mountain");
    await b.click("#tt-import");
    await b.waitForSelector("#tt-deck-refused:not([hidden])");
    expect(await b.textContent("#tt-deck-refused")).to.match(/This table checks decks against constructed rules: The deck has 10 cards/);
    await screenshot(b, "table-decks-refused-phone");
    await b.fill("#tt-decklist", DECK);
    await b.waitForSelector("#tt-gamelist-btn:not([hidden])");
    await b.click("#tt-gamelist-btn");
    await b.waitForSelector("#tt-gamelist:not([hidden])");
    await screenshot(b, "table-decks-gamelist-phone");
    await b.click("#tt-gamelist-cancel");
    await b.fill("#tt-decklist", "10 Mountain | Basic Land — Mountain");
    await b.waitForSelector("#tt-check-warnings");
    await screenshot(b, "table-decks-check-phone");

    await a.click("#tt-import");
    await b.click("#tt-standard");
    const dealt = (await waitHub(a, (s) => (s as T).phaseOfTable === "mulligan" && ((s as T).hand?.length ?? 0) === 7, "the deal")) as T;
    expect(dealt.hand!.length + dealt.library!).to.equal(60, "only the chosen copies are played");
  });
});
