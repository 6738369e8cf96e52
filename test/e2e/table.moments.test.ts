// The card table in Chromium (issue 18, the rest of the reference): a sparring partner's deck
// from a deck file (its line-numbered report first), signals placed anywhere on a battlefield
// and removed by tapping them, and, once the game is over, a line of the log opening the
// replay at that moment. Desktop 1366×768 and a 390×844 phone (touch).
// Screenshots in test-results/table-moments-*.png.
import { expect } from "chai";
import type { Page } from "playwright-core";
import { LAX_ADDRESS_LIMITS } from "../helpers/hub.js";
import { gamePage, PHONE, screenshot, waitHub, type HubSnapshot, useBrowserHub } from "../helpers/e2e.js";
import { longPress, showTable, soloTable, tool, touchTap } from "../helpers/table.js";

type SignalBox = { id: number; seat: number; colour: string; pos: { x: number; y: number }; x: number; y: number; r: number };
type Box = { x: number; y: number; w: number; h: number };
type T = HubSnapshot & {
  stage?: string;
  phaseOfTable?: string;
  signals?: number;
  lines?: string[];
  replayId?: number;
  replay?: { position: number; total: number; line: string };
  canvas?: { cards: (Box & { id: number; zone: string; seat: number; name: string | null })[]; fields: (Box & { seat: number })[]; signals?: SignalBox[] } | null;
};

const DESKTOP = { viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1 };
const DECK = ["20 Forest | Basic Land — Forest", "20 Grizzly Bears | Creature — Bear | {1}{G} | 2/2"].join("\n");
const until = (page: Page, test: (s: T) => boolean, what: string) => waitHub(page, (s) => test(s as T), what) as Promise<T>;

/** An XMage deck file with one line it cannot read (line 3), then the same file fixed. */
const BAD_DCK = ["NAME:Partner", "24 [M21:1] Mountain", "twelve Ogres", "16 [M21:2] Ogre"].join("\n");
const GOOD_DEK = `<?xml version="1.0" encoding="utf-8"?>
<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <NetDeckID>0</NetDeckID>
  <Cards CatID="1" Quantity="30" Sideboard="false" Name="Mountain" />
  <Cards CatID="2" Quantity="30" Sideboard="false" Name="Ogre" />
</Deck>`;

/** A point of `seat`'s battlefield with no card near it: its right part, a third of the way down. */
async function emptySpot(page: Page, seat: number): Promise<{ x: number; y: number }> {
  await showTable(page);
  const s = await until(page, (x) => !!x.canvas?.fields.some((f) => f.seat === seat), `seat ${seat}'s battlefield`);
  const f = s.canvas!.fields.find((x) => x.seat === seat)!;
  const cards = s.canvas!.cards.filter((c) => c.zone === "battlefield" && c.seat === seat);
  for (const fx of [0.82, 0.65, 0.5, 0.3]) {
    for (const fy of [0.3, 0.55, 0.8]) {
      const p = { x: Math.round(f.x + f.w * fx), y: Math.round(f.y + f.h * fy) };
      if (!cards.some((c) => p.x > c.x - 30 && p.x < c.x + c.w + 30 && p.y > c.y - 30 && p.y < c.y + c.h + 30)) return p;
    }
  }
  throw new Error(`no empty spot on seat ${seat}'s battlefield`);
}

/** Ends a game played alone (a partner has no say): End game, nobody ticked, and the end screen put away. */
async function endAlone(page: Page): Promise<number> {
  await tool(page, "end");
  await page.click("#tt-end-confirm");
  const s = await until(page, (x) => x.phaseOfTable === "finished" && (x.replayId ?? -1) > 0, "the game over and stored");
  await page.click("#gs-end-close");
  return s.replayId!;
}

/** After the end: the log's line matching `re` opens the replay at its moment. */
async function openMoment(page: Page, re: RegExp, tap?: (at: { x: number; y: number }) => Promise<void>): Promise<{ seq: number; text: string }> {
  const link = page.locator("#tt-log a.tt-log-at").filter({ hasText: re }).first();
  await link.scrollIntoViewIfNeeded();
  const href = (await link.getAttribute("href"))!;
  const text = (await link.textContent())!;
  const seq = Number(/\?at=(\d+)$/.exec(href)?.[1]);
  expect(href).to.match(/^#\/replay\/\d+\?at=\d+$/);
  if (tap) {
    const b = (await link.boundingBox())!;
    await tap({ x: Math.round(b.x + b.width / 2), y: Math.round(b.y + b.height / 2) });
  } else await link.click();
  await page.waitForSelector("#tt-replay");
  const r = await until(page, (x) => x.replay?.position === seq, `the replay at event ${seq}`);
  expect(r.replay!.line).to.equal(text, "the replay shows the line's own moment");
  expect(await page.textContent("#replay-line")).to.equal(text);
  expect(await page.textContent("#tt-replay .tt-log li.tt-now")).to.equal(text, "the replay's log marks it");
  return { seq, text };
}

describe("e2e: card table — partner's deck file, signals anywhere, the log into the replay", function () {
  this.timeout(180_000);
  const suite = useBrowserHub({ config: () => ({ botThreads: 0, ...LAX_ADDRESS_LIMITS }) });

  it("desktop: the partner's deck from a file, signals on an empty spot, a log line opens the replay there", async () => {
    const page = (await suite.open(DESKTOP)).page;
    await gamePage(page, "table");
    await page.waitForSelector("#table-sparring-btn");
    await page.fill("input[name=name]", "Ada");
    await page.click("#table-sparring-btn");
    await until(page, (s) => s.stage === "decks", "the deck stage");
    await page.waitForSelector("#tt-sparring:not([hidden])");
    expect(await page.textContent("#tt-sparring-size")).to.match(/built-in deck/);

    // A file with a line it cannot read: named by its number in the file.
    await page.setInputFiles("#tt-sparring-file", { name: "partner.dck", mimeType: "text/plain", buffer: Buffer.from(BAD_DCK) });
    await page.waitForSelector("#tt-sparring-errors");
    expect(await page.textContent("#tt-sparring-errors")).to.match(/^Line 3\b/);
    await page.fill("#tt-decklist", DECK);
    await page.click("#tt-import");
    await page.waitForSelector("#tt-deck-refused:not([hidden])");
    expect(await page.textContent("#tt-deck-refused")).to.match(/^The sparring partner's deck has 1 line not understood/);
    await screenshot(page, "table-moments-partner-file-desktop");
    // The MTGO export of the same deck reads whole.
    await page.setInputFiles("#tt-sparring-file", { name: "partner.dek", mimeType: "text/xml", buffer: Buffer.from(GOOD_DEK) });
    await page.waitForFunction(() => /It plays this deck: 60 cards/.test(document.querySelector("#tt-sparring-size")?.textContent ?? ""));
    expect(await page.inputValue("#tt-sparring-list"), "the export as the plain list it holds").to.equal("Deck\n30 Mountain\n30 Ogre");
    await page.click("#tt-import");
    await until(page, (s) => s.phaseOfTable === "mulligan", "the deal");
    await page.click("#tt-keep");
    await until(page, (s) => s.phaseOfTable === "playing", "kept");
    await page.click("#tt-pass");
    const played = await until(page, (s) => (s.lines ?? []).some((l) => /^Sparring partner passed the turn/.test(l)), "the partner's turn");
    expect(played.lines!.some((l) => /^Sparring partner .*Mountain/.test(l)), `it plays a land of the file's deck: ${played.lines!.slice(-6).join(" / ")}`).to.equal(true);

    // A signal on an empty spot of the partner's battlefield, right where the mouse is.
    const spot = await emptySpot(page, 1);
    await page.mouse.click(spot.x, spot.y, { button: "right" });
    await page.click('#tt-menu button:has-text("Place a red signal here")');
    const placed = await until(page, (s) => (s.canvas?.signals?.length ?? 0) === 1, "the signal drawn");
    const sig = placed.canvas!.signals![0];
    expect({ seat: sig.seat, colour: sig.colour }).to.deep.equal({ seat: 1, colour: "red" });
    expect(Math.abs(sig.x - spot.x) + Math.abs(sig.y - spot.y), "drawn where it was placed").to.be.at.most(3);
    expect(placed.lines!.at(-1)).to.equal("Ada placed a red signal on Sparring partner's battlefield.");
    // Another colour, chosen once and remembered.
    const spot2 = await emptySpot(page, 0);
    await page.mouse.click(spot2.x, spot2.y, { button: "right" });
    await page.click('#tt-menu button:has-text("in another colour")');
    await page.click("#tt-signal-colour-blue");
    await until(page, (s) => (s.canvas?.signals ?? []).some((x) => x.colour === "blue" && x.seat === 0), "the blue signal");
    await screenshot(page, "table-moments-signals-desktop");
    await page.mouse.click(spot2.x + 40, spot2.y + 40, { button: "right" });
    expect(await page.textContent('#tt-menu button[data-do="signal"]')).to.equal("Place a blue signal here");
    await page.keyboard.press("Escape");
    await page.mouse.click(5, 5);
    // Undo takes the blue one back; a click on the red one removes it.
    await page.click("#tt-undo");
    await until(page, (s) => (s.canvas?.signals?.length ?? 0) === 1, "the blue signal undone");
    await page.mouse.click(sig.x, sig.y);
    await page.click('#tt-menu button:has-text("Remove this red signal (yours)")');
    await until(page, (s) => s.signals === 0 && (s.canvas?.signals?.length ?? 0) === 0, "the red signal removed");

    // The end; the log's lines then open the replay where they happened.
    await endAlone(page);
    await page.waitForSelector("#tt-log-hint:not([hidden])");
    expect(await page.locator("#tt-undo, #tt-redo, #tt-draw, #tt-end").count(), "a finished game offers no more actions").to.equal(0);
    expect(await page.textContent("#tt-log-hint")).to.equal("Click or tap a line to watch the replay from that moment.");
    await screenshot(page, "table-moments-log-desktop");
    const m = await openMoment(page, /^Ada placed a red signal/);
    const at = await until(page, (x) => x.replay?.position === m.seq, "the replay");
    expect((at as T & { signals?: number }).signals, "the signal is on the board at that moment").to.equal(1);
    await screenshot(page, "table-moments-replay-desktop");
  });

  it("phone: a long press on an empty spot places a signal, a tap removes it; a tapped log line opens the replay there", async () => {
    const opened = await suite.open(PHONE);
    const page = opened.page;
    const cdp = await opened.context.newCDPSession(page);
    await soloTable(page, "Bo", DECK);
    await page.click("#tt-draw");
    await until(page, (s) => (s.lines ?? []).some((l) => /^Bo drew/.test(l)), "a draw");

    const spot = await emptySpot(page, 0);
    await longPress(page, cdp, spot);
    await page.waitForSelector('#tt-menu:not([hidden]) button:has-text("Place a red signal here")');
    await screenshot(page, "table-moments-signal-menu-phone");
    await page.tap('#tt-menu button:has-text("Place a red signal here")');
    const placed = await until(page, (s) => (s.canvas?.signals?.length ?? 0) === 1, "the signal drawn");
    const sig = placed.canvas!.signals![0];
    expect(Math.abs(sig.x - spot.x) + Math.abs(sig.y - spot.y), "drawn under the finger").to.be.at.most(3);
    await screenshot(page, "table-moments-signal-phone");
    // A tap a little beside the dot still finds it (a finger is wide).
    await touchTap(cdp, { x: sig.x + 10, y: sig.y + 6 });
    await page.waitForSelector('#tt-menu:not([hidden]) button:has-text("Remove this red signal (yours)")');
    await page.tap('#tt-menu button:has-text("Remove this red signal")');
    await until(page, (s) => s.signals === 0, "the signal removed");

    await endAlone(page);
    await page.waitForSelector("#tt-log a.tt-log-at");
    await screenshot(page, "table-moments-log-phone");
    await openMoment(page, /^Bo drew/, (at) => touchTap(cdp, at));
    await screenshot(page, "table-moments-replay-phone");
  });
});
