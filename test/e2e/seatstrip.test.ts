// The seat list on a 390×844 phone and on a desktop, in Auto Pets, the card table (the shared
// shell) and Cubestacc (its own HUD): on a phone one short strip of chips (name, bot mark,
// turn ring, the game's figure) that "Details" (Cubestacc: ⋯) opens into the full list; on a
// desktop the list as before, one seat a line. Screenshots: test-results/seatstrip-*.png.
import { expect } from "chai";
import type { Page } from "playwright-core";
import { DESKTOP, openPrivateRoom, PHONE, screenshot, useBrowserHub, waitHub, gamePage } from "../helpers/e2e.js";
import { LAX_ADDRESS_LIMITS } from "../helpers/hub.js";
import { joinTableClients, keepHand, sendDeck } from "../helpers/tableClients.js";

type Box = { top: number; bottom: number; left: number; right: number; height: number };

/** The list's box and each seat's box, as laid out now. */
async function layout(page: Page, list: string): Promise<{ list: Box; seats: Box[] }> {
  // (no named functions inside: the page has no __name helper)
  const boxes = await page.$eval(list, (el) =>
    [el, ...el.querySelectorAll(":scope > li")].map((e) => {
      const r = e.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
    }),
  );
  return { list: boxes[0], seats: boxes.slice(1) };
}

const oneLine = (seats: Box[]) => seats.every((s) => Math.abs(s.top - seats[0].top) < 2);
const stacked = (seats: Box[]) => seats.every((s, i) => i === 0 || s.top >= seats[i - 1].bottom - 1);

describe("e2e: the seat list as a strip on phones, a list on desktops", function () {
  this.timeout(240_000);
  const suite = useBrowserHub({ botDelayScale: 0.05, config: () => ({ botThreads: 0, ...LAX_ADDRESS_LIMITS }) });
  /** The colyseus.js players a test seated, to leave after it. */
  let leave: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    await Promise.all(leave.map((f) => f().catch(() => undefined)));
    leave = [];
  });

  /** Phone: one line of chips, low; Details opens the full list and closes it again. Desktop: one seat a line. */
  async function checkShellSeats(page: Page, phone: boolean, name: string, figure: { part: string; is: RegExp } | null): Promise<void> {
    await page.waitForSelector("#gs-seats > li");
    const { list, seats } = await layout(page, "#gs-seats");
    expect(seats.length).to.be.at.least(2);
    if (!phone) {
      expect(stacked(seats), "desktop: one seat a line").to.equal(true);
      expect(await page.isVisible("#gs-seats-more"), "desktop: no Details button").to.equal(false);
      await screenshot(page, `seatstrip-${name}-desktop`);
      return;
    }
    expect(oneLine(seats), "phone: the seats in one line").to.equal(true);
    expect(list.height, "phone: the strip's height").to.be.at.most(40);
    // every chip whole on the screen (a long bot name shrinks rather than push the last chip off)
    for (const s of seats) expect(s.right, "a chip inside the strip").to.be.at.most(Math.min(list.right, 390) + 1);
    const side = await page.locator(".gs-side").boundingBox();
    expect(side!.height, "phone: status and seats together").to.be.at.most(120);
    if (figure) expect(await page.textContent(`#gs-seats > li ${figure.part}`), "the game's figure in the chip").to.match(figure.is);
    await screenshot(page, `seatstrip-${name}-phone`);
    await page.click("#gs-seats-more");
    expect(await page.getAttribute("#gs-seats-more", "aria-expanded")).to.equal("true");
    expect(stacked((await layout(page, "#gs-seats")).seats), "phone, details: one seat a line").to.equal(true);
    await screenshot(page, `seatstrip-${name}-phone-details`);
    await page.click("#gs-seats-more");
    expect(oneLine((await layout(page, "#gs-seats")).seats), "phone: the strip again").to.equal(true);
  }

  /** Phone: a long room line is wrapped, never cut short. */
  async function longTitle(page: Page): Promise<void> {
    await gamePage(page, "cubestacc");
    await page.fill("input[name=name]", "Lena");
    await page.evaluate(() => localStorage.setItem("hub.cubestacc.howto", "seen"));
    await page.selectOption("#cs-pack", "halloween");
    await page.selectOption("#cs-private-seats", "5");
    await page.selectOption("#cs-private-bots", "4");
    await page.selectOption("#cs-private-timer", "120");
    await page.check("#cs-private-pivot");
    await page.tap("#cs-private-btn");
    await waitHub(page, (s) => s.game === "cubestacc" && typeof s.seat === "number", "the private table");
    await page.waitForFunction(() => /wild pivot/.test(document.querySelector(".room-sub")?.textContent ?? ""));
    const clipped = await page.$eval(".room-sub", (el) => ({ text: el.textContent, cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1, right: el.getBoundingClientRect().right }));
    expect(clipped.cut, `the whole line shows: ${clipped.text}`).to.equal(false);
    expect(clipped.right).to.be.at.most(390);
    await screenshot(page, "seatstrip-long-title-phone");
  }

  for (const [label, ctx] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    const phone = label === "phone";

    // Auto Pets, a card table of 2 playing (each chip shows the player's life), Cubestacc: one
    // page a device, from game to game by the address, as a player's Back and a link do (issue
    // 45: was a test and a fresh page each; the seat left behind is kept, as a dropped one)
    const pets = async (page: Page) => {
      await gamePage(page, "pets");
      await page.selectOption("#pets-bots", "3");
      await page.click("#pets-solo-btn");
      await waitHub(page, (s) => s.game === "pets" && s.phase === "playing", "a solo game");
      if (!phone) return checkShellSeats(page, phone, "pets", { part: ".gs-seat-mark", is: /^\d+★$/ });
      // A phone lists Auto Pets' players once while it runs: its score chips, not the strip too;
      // Details still opens every seat's line.
      await page.waitForSelector(".pets-score");
      expect(await page.locator("#gs-seats > li").first().isVisible(), "the strip steps aside").to.equal(false);
      expect(await page.locator(".pets-score").count(), "a score chip per player").to.equal(4);
      await screenshot(page, "seatstrip-pets-phone");
      await page.click("#gs-seats-more");
      expect(stacked((await layout(page, "#gs-seats")).seats), "phone, details: one seat a line").to.equal(true);
      expect(await page.textContent("#gs-seats > li .gs-seat-mark"), "the trophies in the details").to.match(/^\d+★$/);
    };

    const cardTable = async (page: Page) => {
      const room = await openPrivateRoom(page, "table", "Ada");
      // Bo only has to be at the table: a colyseus.js player (the standard deck, keep), not a page
      const [bo] = await joinTableClients(suite.port, room.roomId!, ["Bo"]);
      leave.push(() => bo.room.leave());
      await waitHub(page, (s) => s.stage === "decks", "the deck stage");
      await page.click("#tt-standard");
      sendDeck(bo, "");
      await waitHub(page, (s) => s.phaseOfTable === "mulligan", "the deal");
      await page.click("#tt-keep");
      await keepHand(bo);
      await waitHub(page, (s) => s.phaseOfTable === "playing", "both kept");
      await checkShellSeats(page, phone, "table", { part: ".gs-seat-count", is: /^♥20$/ });
      if (!phone) return;
      // The phone's table is fixed to the screen's foot: under the strip, never over it, with Details open too.
      const under = async (what: string) => {
        const side = (await page.locator(".gs-side").boundingBox())!;
        const table = (await page.locator("#tt").boundingBox())!;
        expect(table.y, `${what}: the table starts under the seat strip`).to.be.at.least(side.y + side.height - 1);
      };
      await under("the strip");
      await page.click("#gs-seats-more");
      await page.waitForFunction(() => document.querySelector("#tt")!.getBoundingClientRect().top >= document.querySelector(".gs-side")!.getBoundingClientRect().bottom - 1);
      await under("Details open");
      await screenshot(page, "seatstrip-table-phone-details-open");
      await page.click("#gs-seats-more");
      await under("Details closed again");
    };

    const cubestacc = async (page: Page) => {
      await gamePage(page, "cubestacc");
      await page.fill("input[name=name]", "Thumbs");
      await page.evaluate(() => localStorage.setItem("hub.cubestacc.howto", "seen"));
      await page.selectOption("#cs-bots", "4");
      await page.click("#cs-solo-btn");
      await waitHub(page, (s) => s.game === "cubestacc" && s.phase === "playing", "the solo table");
      await page.waitForSelector("#cs-seats > li");
      const { list, seats } = await layout(page, "#cs-seats");
      expect(seats).to.have.length(5);
      if (phone) for (const s of seats) expect(s.right, "a chip inside the strip").to.be.at.most(Math.min(list.right, 390) + 1);
      await screenshot(page, `seatstrip-cubestacc-${label}`);
      if (phone) {
        expect(oneLine(seats), "phone: five seats in one line").to.equal(true);
        expect(list.height, "phone: the strip's height").to.be.at.most(48);
        await page.click("#cs-seats-more");
        expect(stacked((await layout(page, "#cs-seats")).seats), "phone, details: one seat a line").to.equal(true);
        await screenshot(page, "seatstrip-cubestacc-phone-details");
        await page.click("#cs-seats-more");
        expect(oneLine((await layout(page, "#cs-seats")).seats), "phone: the strip again").to.equal(true);
      } else {
        expect(stacked(seats), "desktop: one seat a line").to.equal(true);
        expect(await page.isVisible("#cs-seats-more"), "desktop: no details button").to.equal(false);
      }
    };

    it(`${label}: Auto Pets solo against 3 bots; a card table of 2 playing (each chip shows the player's life); Cubestacc solo against 4 bots${phone ? "; a long room line is wrapped, never cut short" : ""}`, async () => {
      const { page } = await suite.open(ctx);
      await pets(page);
      await cardTable(page);
      await cubestacc(page);
      if (phone) await longTitle(page);
    });
  }
});
