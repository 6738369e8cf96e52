// The card table with real card data in Chromium: the Scryfall fixture imported, its pictures
// served by a local server (test/helpers/cardImages.ts), CARD_IMAGES on. A decklist with set
// codes and double-faced cards (and one card the data does not know) on a desktop and on a
// 390×844 phone: the import report, the real names, costs and pictures in the hand and on the
// battlefield, the large preview (hover, P, long press; both faces of a double-faced card), a
// touch drag from the hand with the hand on screen the whole game, portrait and landscape.
// Screenshots: test-results/table-cards-*.png.
import { expect } from "chai";
import type { Page } from "playwright-core";
import { LAX_ADDRESS_LIMITS } from "../helpers/hub.js";
import { gamePage, DESKTOP, hub, PHONE, screenshot, useBrowserHub, waitHub, type HubSnapshot } from "../helpers/e2e.js";
import { cardDataForTests, type CardDataForTests } from "../helpers/cardImages.js";
import { CardStore, useCardStore } from "../../server/cards/store.js";
import { cardBox, centre, fieldOf, tableProblems, touchDrag, longPress, type CanvasShot } from "../helpers/table.js";

type T = HubSnapshot & { stage?: string; hand?: string[]; battlefield?: { id: number; name: string }[]; phaseOfTable?: string; canvas?: CanvasShot };

const DECK = [
  "4 Delver of Secrets // Insectile Aberration (ISD) 51",
  "4 Valki, God of Lies // Tibalt, Cosmic Impostor",
  "4 Lightning Bolt (M10) 146",
  "4 Fire // Ice (APC) 128",
  "4 Bonecrusher Giant",
  "2 Homebrew Wonder",
  "9 Island",
  "9 Mountain",
].join("\n");
const KNOWN = ["Delver of Secrets", "Valki, God of Lies", "Lightning Bolt", "Fire // Ice", "Bonecrusher Giant", "Homebrew Wonder", "Island", "Mountain"];

const until = (page: Page, test: (s: T) => boolean, what: string, ms?: number) => waitHub(page, (s) => test(s as T), what, ms) as Promise<T>;
const cardsOf = (s: T) => s.canvas?.cards ?? [];

/** Solo table, the deck imported, the report read, kept: the hand drawn with its pictures. */
async function dealt(page: Page, name: string, shot: string): Promise<T> {
  await gamePage(page, "table"); // the forms are on the game's own page
  await page.waitForSelector("#table-solo-btn");
  await page.fill("input[name=name]", name);
  await page.click("#table-solo-btn");
  await until(page, (s) => s.stage === "decks", "the deck stage");
  await page.waitForFunction(() => /knows 36 cards/.test(document.querySelector("#tt-card-data")?.textContent ?? ""));
  await page.fill("#tt-decklist", DECK);
  await screenshot(page, `${shot}-decks`);
  await page.click("#tt-import");
  await until(page, (s) => s.phaseOfTable === "mulligan", "the deal");
  const report = await page.textContent("#tt-report");
  expect(report).to.match(/38 of your 40 cards were found/);
  expect(report).to.match(/Not found.*Homebrew Wonder/);
  await page.click("#tt-keep");
  return until(page, (s) => s.phaseOfTable === "playing" && cardsOf(s).filter((c) => c.zone === "hand").length === 7 && cardsOf(s).filter((c) => c.zone === "hand" && c.name !== "Homebrew Wonder" && c.name !== "Mountain").every((c) => c.picture), "the hand with its pictures", 20_000);
}

/** A Delver (double-faced) fetched from the library to the hand through Search. */
async function searchDelver(page: Page, viaMore: boolean, mountain = false): Promise<void> {
  if (viaMore) {
    await page.click("#tt-more");
    await page.click('#tt-menu button:has-text("Search your library")');
  } else await page.click("#tt-search");
  await page.waitForSelector("#tt-dialog:not([hidden]) .tt-look li");
  await page.click('#tt-dialog .tt-look li:has([data-name="Delver of Secrets"]) button:has-text("To hand")');
  await until(page, (s) => cardsOf(s).some((c) => c.zone === "hand" && c.name === "Delver of Secrets"), "a Delver in the hand");
  if (mountain) {
    await page.click('#tt-dialog .tt-look li:has([data-name="Mountain"]) button:has-text("To battlefield")', { timeout: 8000 }).catch(async (e) => {
      await screenshot(page, "table-cards-debug");
      throw new Error(`${(e as Error).message}\n${await page.evaluate(() => document.querySelector("#tt-dialog")?.outerHTML.slice(0, 3000) ?? "no dialog")}`);
    });
    await until(page, (s) => cardsOf(s).some((c) => c.zone === "battlefield" && c.name === "Mountain"), "a Mountain on the battlefield");
  }
  await page.click("#tt-look-done");
  await page.waitForSelector("#tt-dialog", { state: "hidden" });
}

describe("e2e: card table with real card data and pictures", function () {
  this.timeout(240_000);
  let data: CardDataForTests;
  before(async () => {
    // Mountain's picture answers 404: its cards keep the drawn frame.
    data = await cardDataForTests({ fail: ["Mountain"] });
  });
  after(async () => {
    await data?.close();
  });
  // Mountain's picture answers 404 on purpose (the console says so).
  const suite = useBrowserHub({ config: () => ({ botThreads: 0, ...LAX_ADDRESS_LIMITS }), tolerated: /WebSocket|ERR_|net::|status of 404/ });

  it("desktop: set codes and double-faced cards are the real cards with pictures in the hand and on the battlefield; hover, P and both faces in the preview", async () => {
    const { page } = await suite.open({ ...DESKTOP, serviceWorkers: "allow" });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
    const s = await dealt(page, "Ada", "table-cards-desktop");
    const hand = cardsOf(s).filter((c) => c.zone === "hand");
    for (const c of hand) expect(KNOWN, c.name ?? "?").to.include(c.name);
    const bolt = hand.find((c) => c.name === "Lightning Bolt");
    if (bolt) expect(bolt.cost).to.equal("{R}");
    // Hand cards big enough to read (a name and its cost line).
    expect(hand[0].h).to.be.at.least(120);
    expect(data.served.length).to.be.greaterThan(0, "the pictures came from the data's host");

    await searchDelver(page, false, true);
    // A picture that fails: the drawn frame, on the canvas and in the preview.
    const mountain = await until(page, (x) => cardsOf(x).some((c) => c.zone === "battlefield" && c.name === "Mountain"), "a Mountain on the battlefield");
    expect(cardsOf(mountain).find((c) => c.zone === "battlefield" && c.name === "Mountain")!.picture).to.equal(false);
    expect(mountain.canvas!.pictures!.failed).to.be.at.least(1);
    // The service worker keeps the pictures already seen.
    await page.waitForFunction(async () => (await (await caches.open("card-images-v1")).keys()).length > 0, null, { timeout: 10_000 });
    // Played to the battlefield: the picture there too, its name readable.
    const delver = await cardBox(page, (c) => c.zone === "hand" && c.name === "Delver of Secrets", "the Delver in the hand");
    const field = await fieldOf(page, 0);
    await page.mouse.move(delver.x + 12, delver.y + delver.h / 2);
    await page.mouse.down();
    await page.mouse.move(delver.x + 20, delver.y + delver.h / 2 - 10, { steps: 2 });
    await page.mouse.move(field.x + field.w / 3, field.y + field.h / 2, { steps: 8 });
    await page.mouse.up();
    const on = await until(page, (x) => cardsOf(x).some((c) => c.zone === "battlefield" && c.name === "Delver of Secrets" && c.picture), "the Delver on the battlefield with its picture");
    const onField = cardsOf(on).find((c) => c.zone === "battlefield" && c.name === "Delver of Secrets")!;
    expect(onField.w).to.be.at.least(60, "a battlefield card is big enough to read a name");

    // Hover: the preview beside the card, both faces of the double-faced card, never over it.
    await page.mouse.move(onField.x + onField.w / 2, onField.y + onField.h / 2);
    await page.waitForSelector("#tt-preview:not([hidden])");
    expect(await page.locator("#tt-preview .tt-face-img, #tt-preview .tt-face").count()).to.equal(2);
    const alts = await page.locator("#tt-preview img").evaluateAll((els) => els.map((e) => (e as HTMLImageElement).alt));
    expect(alts.join(" | ")).to.match(/Delver of Secrets.*\| Insectile Aberration/);
    const pv = (await page.locator("#tt-preview").boundingBox())!;
    expect(pv.x >= onField.x + onField.w || pv.x + pv.width <= onField.x, "the preview does not cover the card").to.equal(true);
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>("#tt-preview img")].every((i) => i.complete && i.naturalWidth > 0));
    await screenshot(page, "table-cards-desktop-preview");
    await page.mouse.move(5, 5);
    await page.waitForSelector("#tt-preview", { state: "hidden" });

    // Transformed: the canvas shows the other face, by its name.
    await page.mouse.click(onField.x + onField.w / 2, onField.y + onField.h / 2, { button: "right" });
    await page.click('#tt-menu button:has-text("Flip (other face)")');
    await until(page, (x) => cardsOf(x).some((c) => c.zone === "battlefield" && c.shows === "Insectile Aberration"), "the transformed face");

    // By keyboard: H goes to the hand, P shows the focused card large, Escape closes it.
    await page.mouse.move(5, 5);
    await page.keyboard.press("h");
    const focused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.closest("#tt-hand") !== null);
    expect(focused, "H focuses the hand").to.equal(true);
    await page.keyboard.press("p");
    await page.waitForSelector("#tt-preview:not([hidden])");
    await page.keyboard.press("Escape");
    await page.waitForSelector("#tt-preview", { state: "hidden" });
    await screenshot(page, "table-cards-desktop");
  });

  it("pictures off: every card drawn as its frame — colours, mana symbols, type line, oracle text, P/T and loyalty with changes, a split card's halves", async () => {
    useCardStore(new CardStore(data.db, false));
    try {
      const { page } = await suite.open(DESKTOP);
      await gamePage(page, "table"); // the forms are on the game's own page
      await page.waitForSelector("#table-solo-btn");
      await page.fill("input[name=name]", "Cy");
      await page.click("#table-solo-btn");
      await until(page, (s) => s.stage === "decks", "the deck stage");
      // Seven cards: the whole deck is the opening hand.
      await page.fill("#tt-decklist", ["1 Atraxa, Praetors' Voice", "1 Jace, the Mind Sculptor", "1 Fire // Ice", "1 Tarmogoyf", "1 Serra Angel", "1 Sol Ring", "1 Forest"].join("\n"));
      await page.click("#tt-import");
      await until(page, (s) => s.phaseOfTable === "mulligan" && cardsOf(s).filter((c) => c.zone === "hand").length === 7, "the deal");
      await page.click("#tt-keep");
      await page.click("#tt-report-ok");
      for (const name of ["Atraxa, Praetors' Voice", "Jace, the Mind Sculptor", "Serra Angel", "Fire // Ice"]) {
        const c = await cardBox(page, (x) => x.zone === "hand" && x.name === name, name);
        await page.mouse.click(c.x + 10, c.y + c.h / 2);
        await until(page, (s) => cardsOf(s).some((x) => x.zone === "battlefield" && x.name === name), `${name} played`);
      }
      const angel = await cardBox(page, (x) => x.zone === "battlefield" && x.name === "Serra Angel", "the angel");
      await page.mouse.click(angel.x + angel.w / 2, angel.y + angel.h / 2, { button: "right" });
      await page.click('#tt-menu button:has-text("+1/+1 counter")');
      await until(page, (s) => (s.battlefield as unknown as { name: string; counters: Record<string, number> }[]).some((x) => x.name === "Serra Angel" && x.counters["+1/+1"] === 1), "the counter");
      const s = await hub(page) as T;
      expect(cardsOf(s).every((c) => !c.picture), "no pictures").to.equal(true);
      expect(s.canvas!.pictures!.loaded).to.equal(0);
      await page.mouse.move(5, 5);
      await screenshot(page, "table-cards-drawn");
      const fire = cardsOf(s).find((c) => c.zone === "battlefield" && c.name === "Fire // Ice")!;
      await page.mouse.move(fire.x + fire.w / 2, fire.y + fire.h / 2);
      await page.waitForSelector("#tt-preview:not([hidden]) .tt-split");
      expect(await page.locator("#tt-preview .tt-half").count()).to.equal(2, "both halves of a split card");
      await screenshot(page, "table-cards-drawn-preview");
    } finally {
      useCardStore(new CardStore(data.db, true));
    }
  });

  it("phone: the hand stays at the screen's foot the whole game, a touch drag plays a card, a long press shows it large with its menu; landscape too", async () => {
    const { page } = await suite.open(PHONE);
    const cdp = await page.context().newCDPSession(page);
    await dealt(page, "Bo", "table-cards-phone");
    const handInView = async (when: string) => {
      const shot = ((await hub(page)).canvas as CanvasShot | null)!;
      const vh = await page.evaluate(() => window.innerHeight);
      expect(shot.handStrip, when).to.not.equal(null);
      expect(shot.handStrip!.y, `${when}: the hand's top in view`).to.be.at.least(0);
      expect(shot.handStrip!.y + shot.handStrip!.h, `${when}: the hand's foot in view`).to.be.at.most(vh + 1);
      expect(await page.evaluate(() => window.scrollY), `${when}: no scrolling`).to.equal(0);
      expect(await tableProblems(page, 1), when).to.deep.equal([]);
    };
    await handInView("after the deal");
    // One row of tools: the common ones and More.
    const rows = await page.locator("#tt-tools > *").evaluateAll((els) => new Set(els.map((e) => Math.round(e.getBoundingClientRect().top))).size);
    expect(rows).to.equal(1, "the tools fold into one row");
    await screenshot(page, "table-cards-phone");

    await searchDelver(page, true);
    await handInView("after the search");
    const delver = await cardBox(page, (c) => c.zone === "hand" && c.name === "Delver of Secrets", "the Delver in the hand");
    const field = await fieldOf(page, 0);
    await touchDrag(page, cdp, { x: Math.round(delver.x + 10), y: Math.round(delver.y + delver.h / 2) }, { x: Math.round(field.x + field.w / 2), y: Math.round(field.y + field.h / 2) });
    const on = await until(page, (x) => cardsOf(x).some((c) => c.zone === "battlefield" && c.name === "Delver of Secrets" && c.picture), "the Delver dragged onto the battlefield by touch");
    await handInView("after the drag");
    const card = cardsOf(on).find((c) => c.zone === "battlefield")!;
    await longPress(page, cdp, centre(card));
    await page.waitForSelector("#tt-preview:not([hidden])");
    await page.waitForSelector("#tt-menu:not([hidden])");
    expect(await page.locator("#tt-preview .tt-face-img, #tt-preview .tt-face").count()).to.equal(2, "both faces");
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>("#tt-preview img")].every((i) => i.complete && i.naturalWidth > 0));
    const pv = (await page.locator("#tt-preview").boundingBox())!;
    expect(pv.x).to.be.at.least(0);
    expect(pv.x + pv.width).to.be.at.most(391);
    await screenshot(page, "table-cards-phone-preview");
    await page.keyboard.press("Escape");
    await page.click('#tt-menu button:has-text("Tap")');
    await page.waitForSelector("#tt-preview", { state: "hidden" });
    await handInView("after the menu");

    // Another card from the hand to the graveyard by touch.
    const first = await cardBox(page, (c) => c.zone === "hand", "a hand card");
    const grave = ((await hub(page)).canvas as CanvasShot).piles.find((p) => p.zone === "graveyard" && p.seat === 0)!;
    await touchDrag(page, cdp, { x: Math.round(first.x + 10), y: Math.round(first.y + first.h / 2) }, centre(grave));
    await until(page, (x) => cardsOf(x).some((c) => c.zone === "graveyard"), "a card dragged to the graveyard");
    await handInView("after the second drag");

    await page.setViewportSize({ width: 844, height: 390 });
    await until(page, (x) => !!x.canvas && (x.canvas.handStrip?.w ?? 0) > 800, "the landscape layout");
    await handInView("in landscape");
    await screenshot(page, "table-cards-phone-landscape");
  });
});
