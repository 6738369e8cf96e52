// Browser tests: boards fit the screen they are on. Cubestacc's camera shows the whole
// stack again after the window is resized or the phone rotated (even after the player
// panned away); on a phone, Expert Minesweeper opens zoomed to fingertip-sized cells
// (≥ 36 px) with panning, and again after a rotation; levels carry the standard names.
import { expect } from "chai";
import type { Page } from "playwright-core";
import { CELL } from "../../common/minesweeper/types.js";
import { DESKTOP, PHONE, screenshot, tapCell, waitHub, type HubSnapshot, useBrowserHub, gamePage } from "../helpers/e2e.js";

type Cs = HubSnapshot & { phase?: string; follow?: boolean; zoom?: number; animating?: boolean; stackInView?: { inside: number; total: number }; cubes?: unknown[] };
const waitCs = (page: Page, test: (s: Cs) => boolean, what: string, timeout = 15_000) =>
  waitHub(page, test as (s: HubSnapshot) => boolean, what, timeout) as Promise<Cs>;
const allInView = (s: Cs) => !!s.stackInView && s.stackInView.total > 0 && s.stackInView.inside === s.stackInView.total;

describe("e2e: layouts follow the screen", function () {
  this.timeout(90_000);
  const suite = useBrowserHub({ botDelayScale: 0.12, config: () => ({ reconnectSeconds: 20, seatHoldSeconds: 120 }) });

  it("Cubestacc: after panning away, a resized window and a rotated phone show the whole stack again", async () => {
    const { page } = await suite.open(DESKTOP);
    await gamePage(page, "cubestacc");
    await page.fill("input[name=name]", "Cam");
    await page.evaluate(() => localStorage.setItem("hub.cubestacc.howto", "seen"));
    await page.selectOption("#cs-bots", "3");
    await page.click("#cs-solo-btn");
    let s = await waitCs(page, (x) => x.ready === true && x.phase === "playing" && !x.animating && allInView(x), "the table, stack in view");

    // zoom in hard and drag the stack off to a corner: the camera stops following
    for (let i = 0; i < 6; i++) await page.click("#cs-zoom-in");
    // (the stack is framed with its open slots, so its centre need not sit mid-table: one
    // stroke of half the table may leave it just inside; drag again until it is out)
    const box = (await page.locator("#cs-table canvas").boundingBox())!;
    for (let stroke = 0; stroke < 4; stroke++) {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width - 5, box.y + box.height - 5, { steps: 8 });
      await page.mouse.up();
      const moved = await waitCs(page, (x) => x.follow === false && !allInView(x), "the stack partly off screen", 2_000).catch(() => null);
      if (moved) break;
    }
    s = await waitCs(page, (x) => x.follow === false && !allInView(x), "the stack partly off screen");

    // the window becomes a portrait phone: the whole stack is framed again
    await page.setViewportSize({ width: 390, height: 844 });
    s = await waitCs(page, (x) => x.follow === true && allInView(x) && !x.animating, "the refit after the resize");
    await screenshot(page, "layout-cubestacc-portrait");
    // and rotates to landscape
    await page.setViewportSize({ width: 844, height: 390 });
    s = await waitCs(page, (x) => allInView(x) && !x.animating, "the refit after the rotation");
    expect(s.follow).to.equal(true);
    await screenshot(page, "layout-cubestacc-landscape");
  });

  it("phone: Expert opens with ≥ 36 px cells and pans; a rotation refits to touch size; levels have their standard names", async () => {
    const { page, context } = await suite.open(PHONE);
    const cdp = await context.newCDPSession(page);
    await gamePage(page, "minesweeper");
    await page.fill("input[name=name]", "Pip");
    const labels = await page.$$eval("#quick-level option", (os) => os.map((o) => o.textContent ?? ""));
    expect(labels.slice(0, 3).map((l) => l.split(" ")[0])).to.deep.equal(["Beginner", "Intermediate", "Expert"]);
    expect(labels[0]).to.equal("Beginner — 9×9, 10 mines");
    await page.selectOption("#quick-level", "expert");
    await page.tap("#quick-play-btn");
    let s = await waitHub(page, (x) => x.ready === true && x.rows === 16 && x.cols === 30, "the expert board");
    expect(s.cellSize, "fingertip-sized cells").to.be.at.least(36);
    expect(s.zoom as number).to.be.above(1);
    expect(await page.textContent(".room-sub")).to.contain("Expert");
    await screenshot(page, "layout-expert-phone-portrait");

    // a cell off screen is reached by panning (cellCenter pans like a finger would) and tapped
    await tapCell(page, cdp, 15, 29);
    s = await waitHub(page, (x) => x.phase === "active" && x.cells![15 * 30 + 29] !== CELL.HIDDEN, "the far corner opened");

    await page.setViewportSize({ width: 844, height: 390 });
    s = await waitHub(page, (x) => x.transposed === false && (x.cellSize ?? 0) >= 36, "touch-sized cells after the rotation");
    await screenshot(page, "layout-expert-phone-landscape");
    await page.setViewportSize({ width: 390, height: 844 });
    s = await waitHub(page, (x) => x.transposed === true && (x.cellSize ?? 0) >= 36, "and back to portrait");
  });
});
