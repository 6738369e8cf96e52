// Smaller stumbles of a newcomer's first contact (issue 37, point 14), outside the card table and
// Cubestacc: a racer alone in a public race is told how the race fills (there is no code to share
// there); Connect Four's quick play alone likewise; Connect Four's side panel keeps its width at
// the end, so the grid does not jump. Desktop 1366×768 and phone 390×844; screenshots in
// test-results/first-*.png.
import { expect } from "chai";
import type { Page } from "playwright-core";
import { hub, PHONE, screenshot, useBrowserHub, waitHub, gamePage } from "../helpers/e2e.js";
import { LAX_ADDRESS_LIMITS } from "../helpers/hub.js";

const LAPTOP = { viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1 };
const SIZES = [["desktop", LAPTOP], ["phone", PHONE]] as const;

/** Where the grid and the side panel are on screen. */
const c4Boxes = (page: Page) =>
  page.evaluate(() => {
    const [side, grid] = [".gs-side", ".c4-grid"].map((q) => document.querySelector(q)!.getBoundingClientRect());
    return { side: Math.round(side.width), gridX: Math.round(grid.left), gridW: Math.round(grid.width) };
  });

describe("e2e: a newcomer's smaller stumbles", function () {
  this.timeout(150_000);
  const suite = useBrowserHub({ botDelayScale: 0.1, config: () => ({ botThreads: 0, ...LAX_ADDRESS_LIMITS }) });

  for (const [kind, opts] of SIZES)
    it(`${kind}: alone in a public race, the words say how it fills, not "share the code"`, async () => {
      const { page } = await suite.open(opts);
      await gamePage(page, "minesweeper");
      await page.fill("input[name=name]", "Hugo");
      await page.check("input[name=quick-mode][value=race]");
      await page.click("#quick-play-btn");
      await waitHub(page, (s) => !!s.roomId && s.connection === "connected" && s.private !== true, "a public race");
      await page.waitForFunction(() => /Waiting for players/.test(document.querySelector("#race-status")?.textContent ?? ""));
      const words = (await page.textContent("#race-status"))!;
      expect(words).to.not.match(/code/i);
      expect(words).to.match(/quick play joins you here/).and.match(/a race needs two/);
      await screenshot(page, `first-race-alone-${kind}`);
    });

  it("desktop: Connect Four's quick play alone says how the room fills; the side panel keeps its width at the end", async () => {
    const alone = (await suite.open(LAPTOP)).page;
    await gamePage(alone, "connect4");
    await alone.fill("input[name=name]", "Hugo");
    await alone.click("#connect4-quick-btn");
    await waitHub(alone, (s) => !!s.roomId && s.phase === "waiting", "a public room");
    const waiting = (await alone.textContent(".gs-status"))!;
    expect(waiting).to.not.match(/code/i);
    expect(waiting).to.match(/Quick play joins you here/);

    const { page } = await suite.open(LAPTOP);
    await gamePage(page, "connect4");
    await page.fill("input[name=name]", "Hugo");
    await page.click("#connect4-solo-btn");
    await waitHub(page, (s) => s.phase === "playing", "a game against the bot");
    const before = await c4Boxes(page);
    await screenshot(page, "first-c4-playing-desktop");
    for (let i = 0; i < 200; i++) {
      const s = (await hub(page)) as { phase?: string; acting?: number[] };
      if (s.phase === "finished") break;
      const open = page.locator('.c4-col[aria-disabled="false"]');
      if (s.acting?.includes(0) && (await open.count())) await open.first().click().catch(() => undefined);
      await page.waitForTimeout(60);
    }
    await page.waitForSelector("#gs-end:not([hidden])");
    await page.waitForTimeout(300);
    const after = await c4Boxes(page);
    await screenshot(page, "first-c4-end-desktop");
    expect(after, "the grid stays where it was at the end").to.deep.equal(before);
  });
});
