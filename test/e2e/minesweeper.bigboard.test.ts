// Browser test: a 100×100 co-op board. Only the cells on screen have sprites
// (culled pool); a first tap opens a region of thousands of cells; a phone
// pinches (zoom) and drags with two fingers (pan) through real CDP touch events;
// a desktop zooms with the wheel and pans by dragging.
import { expect } from "chai";
import { CELL } from "../../common/minesweeper/types.js";
import { DESKTOP, hub, PHONE, screenshot, waitHub, type HubSnapshot } from "../helpers/e2e.js";
import { countOpen, enterLobby, useSuite, twoFinger } from "./minesweeper.helpers.js";

type Region = { r0: number; r1: number; c0: number; c1: number };
const region = (s: HubSnapshot) => s.visible as Region;

describe("e2e: minesweeper 100×100 board", function () {
  this.timeout(90_000);
  const suite = useSuite();

  it("phone: culled sprites, a 5,000+ cell reveal, pinch zoom and two-finger pan; desktop: wheel zoom and drag pan", async () => {
    const { page, context } = await suite.open(PHONE);
    const cdp = await context.newCDPSession(page);
    await enterLobby(page, "Pia");
    await page.check("input[name=private-mode][value=coop]");
    await page.selectOption("#private-level", "custom");
    await page.fill("#private-room input[name=rows]", "100");
    await page.fill("#private-room input[name=cols]", "100");
    await page.fill("#private-room input[name=mines]", "500");
    await page.selectOption("#private-seats", "2");
    await page.click("#create-private-btn");
    let s = await waitHub(page, (x) => x.ready === true && x.rows === 100 && (x.cells?.length ?? 0) === 10_000, "the 100×100 board");
    expect(s).to.include({ mode: "coop", cols: 100, mines: 500, zoom: 1 });
    expect(s.drawn as number, "only the visible window has sprites").to.be.within(100, 4000);
    const code = s.roomId!;

    // a first tap in the middle opens a huge region
    // touchscreen.tap: start and end back to back, a tap even on a busy test machine
    const mid = (await page.evaluate(() => window.__hub.cellCenter(50, 50)))!;
    await page.touchscreen.tap(mid.x, mid.y);
    s = await waitHub(page, (x) => x.phase === "active" && countOpen(x.cells) > 0, "the first reveal", 20_000);
    expect(countOpen(s.cells), "a reveal of thousands of cells").to.be.greaterThan(5000);
    expect(s.drawn as number).to.be.below(4000);

    // pinch out around the middle of the canvas
    const box = (await page.locator(".ms-canvas").boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const before = s;
    await twoFinger(cdp, page, [{ x: cx - 40, y: cy }, { x: cx + 40, y: cy }], [{ x: cx - 130, y: cy }, { x: cx + 130, y: cy }]);
    s = await waitHub(page, (x) => (x.zoom as number) > 2, "the pinch zoom");
    expect(s.cellSize as number).to.be.greaterThan((before.cellSize as number) * 2);
    const r1 = region(s);
    const r0 = region(before);
    expect(r1.c1 - r1.c0, "fewer columns on screen").to.be.below(r0.c1 - r0.c0);
    expect(r1.r1 - r1.r0, "fewer rows on screen").to.be.below(r0.r1 - r0.r0);
    expect(s.drawn as number).to.be.below(before.drawn as number);
    const pinched = s.zoom as number;

    // two-finger drag: the board follows the fingers (up-left shows cells further down-right)
    await twoFinger(cdp, page, [{ x: cx - 60, y: cy + 80 }, { x: cx + 60, y: cy + 80 }], [{ x: cx - 200, y: cy - 100 }, { x: cx - 80, y: cy - 100 }]);
    s = await waitHub(page, (x) => region(x).c0 > r1.c0 && region(x).r0 > r1.r0, "the two-finger pan");
    expect(s.zoom as number, "a parallel drag does not zoom").to.equal(pinched);
    await page.waitForTimeout(250); // textures are redrawn crisp once the gesture rests
    await screenshot(page, "bigboard-phone-zoomed");

    // pinch in: back out
    const zoomed = s.zoom as number;
    await twoFinger(cdp, page, [{ x: cx - 140, y: cy }, { x: cx + 140, y: cy }], [{ x: cx - 30, y: cy }, { x: cx + 30, y: cy }]);
    s = await waitHub(page, (x) => (x.zoom as number) < zoomed / 2, "the pinch back out");
    await page.waitForTimeout(250);
    await screenshot(page, "bigboard-phone");

    // desktop, second seat: the wheel zooms around the pointer, a drag pans, and a drag is not a click
    const desk = await suite.open(DESKTOP, `#/join/${code}`);
    // an invite link asks a newcomer's name first
    await desk.page.fill("#invite-name", "Dee");
    await desk.page.click("#invite-join");
    let d = await waitHub(desk.page, (x) => x.ready === true && x.seat === 1 && (x.cells?.length ?? 0) === 10_000, "the desktop player");
    const dbox = (await desk.page.locator(".ms-canvas").boundingBox())!;
    await desk.page.mouse.move(dbox.x + dbox.width / 2, dbox.y + dbox.height / 2);
    for (let k = 0; k < 4; k++) await desk.page.mouse.wheel(0, -100);
    d = await waitHub(desk.page, (x) => (x.zoom as number) > 1.5, "the wheel zoom");
    const dr = region(d);
    const opened = countOpen(d.cells);
    const hidden = d.cells!.findIndex((c) => c === CELL.HIDDEN);
    expect(hidden).to.be.greaterThan(-1);
    await desk.page.mouse.down();
    for (let k = 1; k <= 6; k++) await desk.page.mouse.move(dbox.x + dbox.width / 2 - 40 * k, dbox.y + dbox.height / 2 - 30 * k);
    await desk.page.mouse.up();
    d = await waitHub(desk.page, (x) => region(x).c0 > dr.c0, "the drag pan");
    await desk.page.waitForTimeout(200);
    expect(countOpen((await hub(desk.page)).cells), "a drag reveals nothing").to.equal(opened);
  });
});
