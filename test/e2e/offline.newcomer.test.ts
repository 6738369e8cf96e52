// A phone that goes offline (issue 37, point 10), in Chromium at 1366×768 and on a 390×844
// touch phone: the hub says "You are offline" where it used to blame itself ("The hub is
// briefly unavailable"): a button that opens a game, the live rooms list, a room being opened;
// and an offline Minesweeper game in progress survives a reload with no network at all (the
// service worker serves the page, the board comes back as it was).

import { expect } from "chai";
import { CELL } from "../../common/minesweeper/types.js";
import { LAX_ADDRESS_LIMITS } from "../helpers/hub.js";
import { clickCell, PHONE, screenshot, useBrowserHub, waitHub } from "../helpers/e2e.js";

const DESK = { viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1 };

describe("e2e: offline words and an offline game across a reload", function () {
  this.timeout(120_000);
  // a fresh hub per test: the second shuts its hub down to cut the network
  const suite = useBrowserHub({
    config: () => LAX_ADDRESS_LIMITS,
    hubPerTest: true,
    tolerated: /WebSocket|ERR_|net::|Failed to fetch|service worker|sw\.js|offline copy/i,
  });

  for (const [label, device] of [["desktop", DESK], ["phone", PHONE]] as const) {
    it(`${label}: offline, the lobby and a room being opened say "You are offline", never that the hub is unavailable`, async () => {
      const { page, context } = await suite.open(device, "#/games/connect4");
      await page.waitForSelector("#connect4-solo-btn");
      await page.fill("input[name=name]", "Ola");
      await context.setOffline(true);

      await page.click("#connect4-solo-btn");
      await page.waitForFunction(() => /offline/i.test(document.querySelector(".lobby-status")?.textContent ?? ""), null, { timeout: 10_000 });
      const status = (await page.textContent(".lobby-status"))!;
      expect(status).to.match(/You are offline/);
      expect(status).to.not.match(/briefly unavailable|hub is/i);

      await page.click("#rooms-refresh");
      await page.waitForFunction(() => /offline/i.test(document.querySelector(".rooms-note")?.textContent ?? ""), null, { timeout: 10_000 });
      const rooms = (await page.textContent(".rooms-note"))!;
      expect(rooms).to.match(/You are offline/);
      expect(rooms).to.not.match(/Failed to fetch|briefly unavailable/i);
      await screenshot(page, `offline-lobby-${label}`);

      // a room link opened while offline
      await page.evaluate(() => (location.hash = "#/room/ABCDE"));
      await page.waitForSelector("#unreachable", { timeout: 10_000 });
      const unreachable = (await page.textContent("#unreachable"))!;
      expect(unreachable).to.match(/You are offline/);
      expect(unreachable).to.not.match(/briefly unavailable/i);
      await screenshot(page, `offline-room-${label}`);
      await context.setOffline(false);
    });
  }

  it("phone: an offline Minesweeper game in progress survives a reload with no network", async () => {
    const { page, context } = await suite.open({ ...PHONE, serviceWorkers: "allow" }, "#/offline/beginner");
    await waitHub(page, (x) => x.page === "offline" && x.ready === true, "the offline board");
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
    await clickCell(page, 4, 4);
    let s = await waitHub(page, (x) => x.phase === "active", "the first reveal");
    const cells = s.cells!.slice();
    const mines = (await page.evaluate(() => (window.__hub as unknown as { offlineMines(): number[] | null }).offlineMines()))!;

    // the network goes away, the hub too; the page is reloaded
    await context.setOffline(true);
    await suite.stopHub();
    const answer = await page.reload();
    expect(answer?.fromServiceWorker(), "the page came from the service worker").to.equal(true);
    s = await waitHub(page, (x) => x.page === "offline" && x.ready === true && x.rows === 9, "the offline board after the reload");
    expect(s.phase, "the game goes on").to.equal("active");
    expect(s.cells, "the same cells open").to.deep.equal(cells);
    expect(await page.evaluate(() => (window.__hub as unknown as { offlineMines(): number[] | null }).offlineMines()), "the same board").to.deep.equal(mines);
    await screenshot(page, "offline-reloaded-phone");
    // and it plays on: another safe cell opens
    const safe = s.cells!.findIndex((c, i) => c === CELL.HIDDEN && mines[i] === 0);
    await clickCell(page, Math.floor(safe / 9), safe % 9);
    await waitHub(page, (x) => x.cells![safe] !== CELL.HIDDEN, "a cell opened after the reload");
  });
});
