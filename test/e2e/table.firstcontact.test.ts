// The card table as a newcomer first meets it (issue 37): a plain decklist at a checked table
// (basic lands and "any number" cards never told they break the copy limit, and the deck stage
// says what the server will say), the decklist box that does not look like a deck, an Import of
// nothing refused in words, a line without a count answered with the count to write; the
// battlefield's cards readable on a 1366×768 laptop with two and with four players (the hover
// preview still there); a goldfish table's status in its own words. Desktop and phone;
// screenshots in test-results/table-first-*.png.
import { expect } from "chai";
import type { Page } from "playwright-core";
import { LAX_ADDRESS_LIMITS } from "../helpers/hub.js";
import { gamePage, joinByCode, PHONE, screenshot, useBrowserHub, waitHub, type HubSnapshot } from "../helpers/e2e.js";
import { cardDataForTests, type CardDataForTests } from "../helpers/cardImages.js";
import { canvasOf, firstHandCard, soloTable, type CardBox } from "../helpers/table.js";
import { joinTableClients, keepHand, sendDeck, tableAct, tableIndexOf, tableViewOf } from "../helpers/tableClients.js";

type T = HubSnapshot & { stage?: string; hand?: string[]; battlefield?: { id: number }[]; phaseOfTable?: string };
const until = (page: Page, test: (s: T) => boolean, what: string, ms = 30_000) => waitHub(page, (s) => test(s as T), what, ms) as Promise<T>;
const LAPTOP = { viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1 };

/** A newcomer's deck as they would write it: counts and names, nothing after bars. */
const PLAIN = "4 Lightning Bolt\n4 Grizzly Bears\n4 Llanowar Elves\n24 Relentless Rats\n24 Mountain";

/** `n` cards from the hand to the battlefield, one tap each. */
async function playCards(page: Page, n: number): Promise<void> {
  for (let k = 0; k < n; k++) {
    const before = (await until(page, () => true, "the table")).battlefield?.length ?? 0;
    const c = await firstHandCard(page);
    await page.mouse.click(c.x, c.y);
    await until(page, (s) => (s.battlefield?.length ?? 0) > before, "the card in play");
  }
}

/** Every battlefield card on this page's canvas, each at least `w` px wide and its name drawn at `px` or more. */
async function readable(page: Page, w: number, px: number, what: string): Promise<CardBox[]> {
  const cards = (await canvasOf(page))!.cards.filter((c) => c.zone === "battlefield");
  expect(cards.length, what).to.be.greaterThan(0);
  for (const c of cards) {
    const sized = c as CardBox & { nameSize?: number };
    expect(Math.min(c.w, c.h), `${what}: ${c.name} is ${c.w}×${c.h} px`).to.be.at.least(w);
    expect(sized.nameSize ?? 0, `${what}: ${c.name}'s name is drawn at ${sized.nameSize} px`).to.be.at.least(px);
  }
  return cards;
}

/** Hover a battlefield card: the large preview shows it. */
async function hoverPreview(page: Page, c: CardBox): Promise<void> {
  await page.mouse.move(c.x + c.w / 2, c.y + c.h / 2);
  await page.waitForSelector("#tt-preview:not([hidden])");
  expect(await page.getAttribute("#tt-preview", "data-card")).to.equal(String(c.id));
  await page.mouse.move(2, 300);
}

describe("e2e: card table, a newcomer's first contact", function () {
  this.timeout(120_000);
  let data: CardDataForTests;
  before(async () => {
    data = await cardDataForTests({ images: false }); // the server knows Mountain is a basic land; the browser checks the list as written
  });
  after(async () => {
    await data?.close();
  });
  const suite = useBrowserHub({ config: () => ({ botThreads: 0, ...LAX_ADDRESS_LIMITS }) });

  it("a plain decklist at a checked table: the deck stage and the server agree; the box reads as a box; two players' cards are readable at 1366×768; then a goldfish table's status speaks to one player, on the desktop and the phone", async () => {
    const ada = (await suite.open(LAPTOP)).page;
    await gamePage(ada, "table");
    await ada.fill("input[name=name]", "Ada");
    await ada.check("#table-checks");
    await ada.click("#table-private-btn");
    const room = await waitHub(ada, (s) => !!s.roomId && s.private === true, "a private table");
    const bo = (await suite.open(PHONE)).page;
    await joinByCode(bo, room.roomId!, "Bo");
    for (const p of [ada, bo]) await until(p, (s) => s.stage === "decks", "the deck stage");

    // The empty box does not look like a deck, and importing nothing is refused in words.
    const hint = (await ada.getAttribute("#tt-decklist", "placeholder")) ?? "";
    expect(hint.split("\n").filter((l) => /^\s*\d+\s*x?\s+\S/.test(l)), `the placeholder reads as a deck: ${JSON.stringify(hint)}`).to.deep.equal([]);
    await ada.click("#tt-import");
    await ada.waitForSelector("#tt-deck-refused:not([hidden])");
    expect(await ada.textContent("#tt-deck-refused")).to.match(/The decklist is empty/).and.match(/standard 52-card deck/);
    expect(await ada.textContent("#tt-deck-status")).to.match(/^0 of 2 decks chosen/);

    // A count written as a word: the line to write is the count in figures.
    await ada.fill("#tt-decklist", "four Grizzly Bears");
    await ada.waitForSelector("#tt-check-errors");
    const wrong = (await ada.textContent("#tt-check-errors"))!;
    expect(wrong).to.contain('write it as "4 Grizzly Bears"').and.not.contain("1 four");

    // A plain list: 24 Mountains and 24 Relentless Rats break no copy limit, here or at the server.
    await ada.fill("#tt-decklist", PLAIN);
    await ada.waitForFunction(() => /^60 cards to play/.test(document.querySelector("#tt-check-size")?.textContent ?? ""));
    expect(await ada.locator("#tt-check-warnings").count(), (await ada.textContent("#tt-check")) ?? "").to.equal(0);
    await screenshot(ada, "table-first-decks-desktop");
    await ada.click("#tt-import");
    await ada.waitForFunction(() => /^1 of 2 decks chosen/.test(document.querySelector("#tt-deck-status")?.textContent ?? ""));
    expect(await ada.isVisible("#tt-deck-refused")).to.equal(false);

    // The phone: a real fifth Lightning Bolt is a must-fix here and the same refusal there; the Forests are not.
    await bo.fill("#tt-decklist", "5 Lightning Bolt\n55 Forest");
    await bo.waitForSelector("#tt-check-warnings");
    const warned = (await bo.textContent("#tt-check-warnings"))!;
    expect(warned).to.match(/Must fix: Lightning Bolt is in the deck 5 times/).and.not.match(/Forest/);
    await bo.click("#tt-import");
    await bo.waitForSelector("#tt-deck-refused:not([hidden])");
    expect(await bo.textContent("#tt-deck-refused")).to.match(/Lightning Bolt is in the deck 5 times/).and.not.match(/Forest/);
    await screenshot(bo, "table-first-decks-phone");
    await bo.fill("#tt-decklist", "4 Lightning Bolt\n56 Forest");
    // (the list before was 60 cards too: the check is redrawn when its warnings go)
    await bo.waitForFunction(() => /^60 cards to play/.test(document.querySelector("#tt-check-size")?.textContent ?? "") && !document.querySelector("#tt-check-warnings"));
    await bo.click("#tt-import");
    for (const p of [ada, bo]) await until(p, (s) => s.phaseOfTable === "mulligan", "the deal");
    for (const p of [ada, bo]) await p.click("#tt-keep");
    for (const p of [ada, bo]) await until(p, (s) => s.phaseOfTable === "playing", "both kept");

    // Two players on a 1366×768 laptop: cards a person can read, and the hover preview.
    await playCards(ada, 3);
    await playCards(bo, 2);
    await until(ada, (s) => (s.battlefield?.length ?? 0) >= 3, "the cards in play");
    await ada.waitForFunction(() => ((window.__hub.state() as { canvas?: { cards: { zone: string }[] } }).canvas?.cards.filter((c) => c.zone === "battlefield").length ?? 0) >= 5);
    const cards = await readable(ada, 84, 10, "two players at 1366×768");
    await screenshot(ada, "table-first-two-desktop");
    await hoverPreview(ada, cards[0]);
    await screenshot(bo, "table-first-two-phone");

    // The same two pages at a goldfish table of their own: its status speaks to one player
    // (issue 45: was its own test, with two pages more)
    for (const [kind, page] of [["desktop", ada], ["phone", bo]] as const) {
      await soloTable(page, "Gil", PLAIN);
      const status = (await page.textContent(".gs-status"))!;
      expect(status).to.not.match(/everyone/i);
      expect(status).to.match(/^Your move\./);
      await screenshot(page, `table-first-goldfish-${kind}`);
    }
  });

  it("four players at 1366×768: every battlefield's cards are readable and the hover preview stays", async () => {
    const ada = (await suite.open(LAPTOP)).page;
    await gamePage(ada, "table");
    await ada.fill("input[name=name]", "Ada");
    await ada.selectOption("#table-seats", "4");
    await ada.click("#table-private-btn");
    const room = await waitHub(ada, (s) => !!s.roomId && s.private === true, "a private table");
    // Bo, Cy and Di are colyseus.js players: only Ada's laptop screen is under test.
    const others = await joinTableClients(suite.port, room.roomId!, ["Bo", "Cy", "Di"]);
    try {
      await until(ada, (s) => s.stage === "decks", "the deck stage");
      await ada.fill("#tt-decklist", PLAIN);
      await ada.click("#tt-import");
      for (const b of others) sendDeck(b, PLAIN);
      await until(ada, (s) => s.phaseOfTable === "mulligan", "the deal");
      await ada.click("#tt-keep");
      for (const b of others) await keepHand(b);
      await until(ada, (s) => s.phaseOfTable === "playing", "everyone kept");
      await playCards(ada, 2);
      for (const b of others) {
        const g = tableIndexOf(b);
        const hand = tableViewOf(b)!.table!.zones[`${g}.hand`].cards!;
        for (const [j, c] of hand.slice(0, 2).entries()) tableAct(b, { do: "move", card: c.id, zone: "battlefield", place: "battlefield", pos: { x: 3000 + 4000 * j, y: 5000 } });
      }
    } catch (e) {
      for (const b of others) await b.room.leave().catch(() => {});
      throw e;
    }
    await ada.waitForFunction(() => ((window.__hub.state() as { canvas?: { cards: { zone: string }[] } }).canvas?.cards.filter((c) => c.zone === "battlefield").length ?? 0) >= 8);
    const cards = await readable(ada, 70, 10, "four players at 1366×768");
    expect(new Set(cards.map((c) => c.seat)).size).to.equal(4);
    await screenshot(ada, "table-first-four-desktop");
    await hoverPreview(ada, cards.find((c) => c.seat !== 0)!);
    for (const b of others) await b.room.leave().catch(() => {});
  });
});
