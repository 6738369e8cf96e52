// QR codes and the room bar, on a desktop and a 390×844 phone: the invite and the device link
// each show a QR code of their link (crisp SVG, big enough for a phone camera) with the link
// as text and a Copy button; on a phone "← Lobby" comes first and the bar's tools sit on one
// line inside the screen.
import { expect } from "chai";
import type { Page } from "playwright-core";
import { qrModules } from "../../client/ui/qr.js";
import { DESKTOP, PHONE, screenshot, useBrowserHub, waitHub } from "../helpers/e2e.js";
import { LAX_ADDRESS_LIMITS } from "../helpers/hub.js";

type Box = { x: number; y: number; width: number; height: number };

async function box(page: Page, selector: string): Promise<Box> {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not shown`);
  return b;
}

/** The QR code in `panel` draws exactly the modules of the link shown beside it. */
async function checkQr(page: Page, panel: string, input: string): Promise<string> {
  const link = await page.inputValue(input);
  const drawn = await page.$eval(`${panel} svg.qr path`, (p) => (p.getAttribute("d") ?? "").split("M").filter(Boolean).length);
  const want = qrModules(link).flat().filter(Boolean).length;
  expect(drawn, "dark modules drawn").to.equal(want);
  const qr = await box(page, `${panel} svg.qr`);
  expect(qr.width, "a QR code a phone camera can read").to.be.at.least(180);
  expect(Math.abs(qr.width - qr.height)).to.be.below(1);
  const vw = page.viewportSize()!.width;
  for (const sel of [`${panel} svg.qr`, input, `${panel} button:has-text("Copy link")`]) {
    const b = await box(page, sel);
    expect(b.x, `${sel} inside the screen`).to.be.at.least(0);
    expect(b.x + b.width, `${sel} inside the screen`).to.be.at.most(vw + 0.5);
  }
  return link;
}

describe("e2e: QR codes and the room bar", function () {
  this.timeout(90_000);
  const pages = useBrowserHub({ config: () => ({ botThreads: 0, ...LAX_ADDRESS_LIMITS }) });

  for (const [label, ctx] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`${label}: invite and device link carry QR codes; ← Lobby comes first`, async () => {
      const { page } = await pages.open(ctx, "#/games/connect4");
      await page.fill("input[name=name]", "Quinn");
      await page.click("#connect4-private-btn");
      const s = await waitHub(page, (x) => x.connection === "connected" && typeof x.seat === "number", "the private room");
      await page.waitForSelector("#room-code");
      await page.waitForSelector("#device-link-btn");

      // the room bar: ← Lobby first (left of and not below any tool), nothing outside the screen
      const vw = page.viewportSize()!.width;
      const back = await box(page, "#back-to-lobby");
      const tools = ["#room-code", "#copy-invite", "#device-link-btn", "#sound-toggle"];
      for (const sel of tools) {
        const b = await box(page, sel);
        expect(b.y + 1 >= back.y, `${sel} not above ← Lobby`).to.equal(true);
        if (Math.abs(b.y - back.y) < back.height / 2) expect(b.x, `${sel} right of ← Lobby`).to.be.greaterThan(back.x);
        expect(b.x + b.width, `${sel} inside the screen`).to.be.at.most(vw + 0.5);
        expect(b.x).to.be.at.least(0);
      }
      if (label === "phone") {
        // the tools share one line (nothing wrapped awkwardly), under ← Lobby and the title
        const tops = await Promise.all(tools.map(async (sel) => (await box(page, sel)).y + (await box(page, sel)).height / 2));
        expect(Math.max(...tops) - Math.min(...tops), "tools on one line").to.be.below(12);
        expect(Math.min(...tops)).to.be.greaterThan(back.y + back.height);
        const bar = await box(page, ".room-bar");
        expect(bar.height, "a two-line bar").to.be.below(110);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).to.equal(true);
      await screenshot(page, `links-${label}-room-bar`);

      // the invite: QR + link + copy
      await page.click("#copy-invite");
      await page.waitForSelector("#invite-panel svg.qr");
      const invite = await checkQr(page, "#invite-panel", "#invite-panel-url");
      expect(invite).to.equal(`${pages.base}#/join/${s.roomId}`);
      await screenshot(page, `links-${label}-invite-qr`);
      await page.click("#invite-panel-close");
      expect(await page.isVisible("#invite-panel")).to.equal(false);

      // the device link: QR of a single-use claim link
      await page.click("#device-link-btn");
      await page.waitForSelector("#device-link-panel svg.qr");
      const claim = await checkQr(page, "#device-link-panel", "#device-link-panel-url");
      expect(claim).to.match(/#\/claim\/[A-Za-z0-9_-]{32}$/);
      await screenshot(page, `links-${label}-device-qr`);
      await page.keyboard.press("Escape");
      expect(await page.isVisible("#device-link-panel")).to.equal(false);
    });
  }
});
