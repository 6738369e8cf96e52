// The card table's catalogue-v2 actions in Chromium (issue 18), practising alone: the phantom
// opponent in sight, drain against it, reveal until a land and put it in the hand, organize the
// battlefield, highlight a card and place a signal on it from its menu, remove the signal.
// Desktop, and the phone's More menu. Screenshots in test-results/table-actions-*.png.
import { expect } from "chai";
import type { Page } from "playwright-core";
import { LAX_ADDRESS_LIMITS } from "../helpers/hub.js";
import { gamePage, DESKTOP, PHONE, screenshot, waitHub, type HubSnapshot, useBrowserHub } from "../helpers/e2e.js";
import { soloTable } from "../helpers/table.js";

type T = HubSnapshot & {
  stage?: string;
  hand?: string[];
  battlefield?: { id: number; name: string; pos: { x: number; y: number } | null }[];
  phaseOfTable?: string;
  signals?: number;
  highlighted?: number;
  phantom?: { life: number; poison: number } | null;
  lines?: string[];
  canvas?: { cards: { id: number; zone: string; name: string | null; x: number; y: number; w: number; h: number }[]; signalsDrawn?: number } | null;
};

const DECK = ["20 Forest | Basic Land — Forest", "20 Grizzly Bears | Creature — Bear | {1}{G} | 2/2"].join("\n");
const until = (page: Page, test: (s: T) => boolean, what: string) => waitHub(page, (s) => test(s as T), what) as Promise<T>;

const solo = (page: Page) => soloTable(page, "Ada", DECK);

describe("e2e: card table actions of catalogue v2", function () {
  this.timeout(180_000);
  const suite = useBrowserHub({ config: () => ({ botThreads: 0, ...LAX_ADDRESS_LIMITS }) });

  it("desktop: phantom, drain, reveal until, organize, highlight, signals; then a sparring partner: its seat across the table plays a land and passes back, each step in the log", async () => {
    const page = (await suite.open(DESKTOP)).page;
    await solo(page);
    expect(await page.textContent("#tt-phantom")).to.equal("Phantom opponent: 20 life");

    // Drain 3: the phantom loses, you gain.
    await page.click("#tt-actions");
    await page.click('#tt-menu button:has-text("Drain…")');
    await page.fill("#tt-drain-n", "3");
    await page.click("#tt-drain-go");
    await until(page, (s) => s.phantom?.life === 17, "the phantom drained");
    expect(await page.textContent("#tt-phantom")).to.equal("Phantom opponent: 17 life");

    // Reveal until a land: the revealed cards, the land found; to hand.
    const hand = (await until(page, (s) => (s.hand?.length ?? 0) === 7, "the hand")).hand!.length;
    await page.click("#tt-actions");
    await page.click('#tt-menu button:has-text("Reveal until…")');
    await page.selectOption("#tt-reveal-filter", "land");
    await page.click("#tt-reveal-go");
    await page.waitForSelector('#tt-dialog[data-kind="dig"]:not([hidden])');
    expect(await page.textContent("#tt-dialog h2")).to.equal("Found Forest");
    await screenshot(page, "table-actions-reveal-desktop");
    await page.click("#tt-dig-hand");
    await until(page, (s) => s.hand!.length === hand + 1, "the land in hand");
    await page.waitForSelector('#tt-dialog[data-kind="dig"]', { state: "hidden" });
    expect((await until(page, (s) => (s.lines ?? []).some((l) => /revealed \d+ cards? from the top of their library until a land, finding Forest/.test(l)), "the log line")).lines!.join("\n")).to.match(/Ada put Forest into their hand/);

    // Play two cards, organize: the land goes to the lands' row.
    for (const name of ["Forest", "Grizzly Bears"]) {
      const s = await until(page, (x) => !!x.canvas?.cards.some((c) => c.zone === "hand" && c.name === name), `${name} in hand`);
      const at = s.canvas!.cards.find((c) => c.zone === "hand" && c.name === name)!;
      const before = s.battlefield!.length;
      await page.mouse.click(at.x + at.w / 2, at.y + at.h / 2);
      await until(page, (x) => x.battlefield!.length === before + 1, `${name} played`);
    }
    await page.click("#tt-actions");
    await page.click('#tt-menu button:has-text("Organize my battlefield")');
    const organized = await until(page, (s) => s.battlefield!.every((c) => c.pos && (c.name === "Forest" ? c.pos.y === 9000 : c.pos.y === 1000)), "rows: creatures, lands");
    expect(organized.battlefield).to.have.length(2);

    // Highlight the Bears and place a signal on them from the card's menu.
    const bears = organized.battlefield!.find((c) => c.name === "Grizzly Bears")!;
    const menuOn = async (label: string) => {
      const s = (await until(page, (x) => !!x.canvas, "the canvas")) as T;
      const r = s.canvas!.cards.find((c) => c.id === bears.id && c.zone === "battlefield")!;
      await page.mouse.click(r.x + r.w / 2, r.y + r.h / 2, { button: "right" });
      await page.click(`#tt-menu button:has-text("${label}")`);
    };
    await menuOn("Highlight for everyone");
    await until(page, (s) => s.highlighted === 1, "the highlight");
    await menuOn("signal on it");
    await until(page, (s) => s.signals === 1 && (s.canvas?.signalsDrawn ?? 0) === 1, "the signal drawn");
    await screenshot(page, "table-actions-marks-desktop");
    await page.click("#tt-actions");
    await page.click('#tt-menu button:has-text("Signals…")');
    await page.click('#tt-dialog button:has-text("Remove")');
    await until(page, (s) => s.signals === 0, "the signal removed");

    // a sparring partner, on the same page from the game's page (issue 45: was its own test and page)
    await sparring(page);
  });

  it("phone: the same actions in More; Krark's Thumb keeps one of two coins", async () => {
    const page = (await suite.open(PHONE)).page;
    await solo(page);
    await page.click("#tt-more");
    await screenshot(page, "table-actions-more-phone");
    await page.click('#tt-menu button:has-text("Flip with Krark\'s Thumb")');
    const s = await until(page, (x) => (x.lines ?? []).some((l) => /flipped with Krark's Thumb: (heads|tails) and (heads|tails), keeping (heads|tails)/.test(l)), "the thumb flip");
    expect(s.lines!.some((l) => /Krark's Thumb/.test(l))).to.equal(true);
    await page.click("#tt-more");
    await page.click('#tt-menu button:has-text("Reveal until…")');
    await page.selectOption("#tt-reveal-filter", "creature");
    await page.click("#tt-reveal-go");
    await page.waitForSelector('#tt-dialog[data-kind="dig"]:not([hidden])');
    await screenshot(page, "table-actions-reveal-phone");
    await page.click("#tt-dig-battlefield");
    await until(page, (x) => (x.battlefield ?? []).some((c) => c.name === "Grizzly Bears"), "the creature on the battlefield");
  });

  /** A sparring partner: its seat across the table plays a land and passes back, each step in the log. */
  async function sparring(page: Page): Promise<void> {
    await gamePage(page, "table"); // the forms are on the game's own page
    await page.waitForSelector("#table-sparring-btn");
    await page.fill("input[name=name]", "Ada");
    await page.click("#table-sparring-btn");
    await until(page, (s) => s.stage === "decks", "the deck stage");
    await page.waitForSelector("#tt-sparring:not([hidden])");
    await page.fill("#tt-decklist", DECK);
    await page.fill("#tt-sparring-list", "30 Mountain | Basic Land — Mountain\n30 Ogre | Creature — Ogre | {2}{R} | 3/2");
    await screenshot(page, "table-actions-sparring-decks-desktop");
    await page.click("#tt-import");
    await until(page, (s) => s.phaseOfTable === "mulligan", "the deal");
    await page.click("#tt-keep");
    await until(page, (s) => s.phaseOfTable === "playing", "kept");
    await page.click("#tt-pass");
    const s = await until(page, (x) => (x.lines ?? []).some((l) => /^Sparring partner passed the turn/.test(l)), "the partner's turn");
    expect(s.lines!.some((l) => /^Sparring partner (moved|put|played).*Mountain/.test(l)), s.lines!.slice(-6).join("\n")).to.equal(true);
    await screenshot(page, "table-actions-sparring-desktop");
  }
});
