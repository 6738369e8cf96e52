// The network goes away under a player, on a desktop and a phone, while the other player of a
// Connect Four room stays connected straight to the hub. Ann's page reaches the hub through a
// local TCP proxy the test cuts and restores (Chromium's offline switch leaves an open
// WebSocket up, and never reaches the service worker's own fetches):
//   1. a live drop: Ann's page says it is reconnecting, Bo reads that Ann is away, and Ann is
//      back in her seat once the network is;
//   2. a reload while the network is down (a phone switching networks reloads the page): the
//      installed copy opens, says it cannot reach the server and when it tries again, offers
//      "Try again now"; it is back in the seat as soon as the browser is online again, by
//      itself with its backoff when no `online` event comes, or at once on "Try again now".
// Seconds from the network's return to the seat are printed (never asserted).
import { expect } from "chai";
import type { Page } from "playwright-core";
import { DESKTOP, EXPECTED_PAGE_ERRORS, hub, openPage, PHONE, screenshot, useBrowserHub, waitHub, type HubSnapshot, type OpenedPage, gamePage } from "../helpers/e2e.js";
import { LAX_ADDRESS_LIMITS } from "../helpers/hub.js";
import { CuttableProxy } from "../helpers/proxy.js";

const TOLERATED = /WebSocket|ERR_|net::|Failed to fetch|Failed to load resource|service worker|sw\.js|offline copy/i;

type C4 = HubSnapshot & { presence?: string[] };

/** Ann's seat, connected, in room `roomId`. */
const seated = (roomId: string, seat: number) => (s: HubSnapshot) => s.connection === "connected" && s.roomId === roomId && s.seat === seat && s.route === `#/room/${roomId}`;
const annAway = (s: C4) => (s.presence ?? []).some((p) => p.startsWith("Ann") && /lost connection|away/.test(p));
/** Away, or away long enough (past the reconnection window) that a bot keeps her seat warm. */
const annAwayOrHeld = (s: C4) => annAway(s) || (s.presence ?? []).some((p) => /plays for Ann\b/.test(p));
const annBack = (s: C4) => !(s.presence ?? []).some((p) => p.startsWith("Ann"));

/**
 * The unreachable page has tried, failed and now says when it tries again by itself (its
 * "Try again now" enabled): the state a player reads, and the one a wake must cut short.
 */
async function waitingToTryAgain(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const when = document.querySelector("#unreachable-when")?.textContent ?? "";
    const again = document.querySelector<HTMLButtonElement>("#unreachable-retry");
    return /Trying again (in \d+ s|as soon as)/.test(when) && !!again && !again.disabled;
  }, null, { timeout: 20_000 });
}

async function secondsTo(page: Page, test: (s: HubSnapshot) => boolean, what: string, timeout = 45_000): Promise<number> {
  const t0 = Date.now();
  await waitHub(page, test, what, timeout);
  return (Date.now() - t0) / 1000;
}

describe("e2e: the network drops under a player", function () {
  this.timeout(180_000);
  const suite = useBrowserHub({ botDelayScale: 0.1, tolerated: TOLERATED, config: () => ({ botThreads: 0, reconnectSeconds: 20, seatHoldSeconds: 300, ...LAX_ADDRESS_LIMITS }) });
  let proxy: CuttableProxy | null = null;
  let ann: OpenedPage | null = null;
  const figures: string[] = [];

  afterEach(async () => {
    if (ann) {
      expect(ann.errors.filter((e) => !TOLERATED.test(e) && !EXPECTED_PAGE_ERRORS.test(e)), "Ann's page errors").to.deep.equal([]);
      await ann.context.close();
    }
    ann = null;
    await proxy?.stop();
    proxy = null;
  });
  after(() => {
    if (figures.length) console.log(`      seconds from the network's return to the seat:\n${figures.map((f) => `        ${f}`).join("\n")}`);
  });

  for (const [label, device] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
    it(`${label}: a live drop and reloads while offline all land back in the seat`, async () => {
      proxy = await new CuttableProxy(suite.port).start();
      // Bo hosts a private room, straight to the hub
      const bo = await suite.open(DESKTOP, "#/games/connect4");
      await gamePage(bo.page, "connect4");
      await bo.page.fill("input[name=name]", "Bo");
      await bo.page.click("#connect4-private-btn");
      const room = await waitHub(bo.page, (s) => !!s.roomId && s.private === true, "Bo's private room");
      const code = room.roomId!;

      // Ann joins through the proxy, with the service worker installed (as a real visit has it)
      ann = await openPage(suite.browser, `${proxy.base}#/games/connect4`, { ...device, serviceWorkers: "allow" });
      const page = ann.page;
      await page.waitForSelector("#join-code");
      await page.fill("input[name=name]", "Ann");
      await page.fill("#join-code", code);
      await page.click("#join-code-btn");
      const mine = await waitHub(page, (s) => s.connection === "connected" && s.roomId === code && s.phase === "playing" && typeof s.seat === "number" && s.seat >= 0, "Ann in the game");
      const seat = mine.seat!;
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
      const inSeat = seated(code, seat);

      // 1. a live drop
      proxy.cut();
      await page.waitForSelector("#reconnecting:not([hidden])", { timeout: 10_000 });
      expect(await page.textContent("#conn-state")).to.match(/Reconnecting|still trying/);
      await waitHub(bo.page, annAway, "Bo reads that Ann is away");
      await screenshot(page, `network-live-drop-${label}`);
      await screenshot(bo.page, `network-live-drop-other-${label}`);
      proxy.restore();
      figures.push(`${label}, live drop: ${(await secondsTo(page, inSeat, "Ann back after a live drop")).toFixed(2)} s`);
      await waitHub(bo.page, annBack as (s: HubSnapshot) => boolean, "Bo sees Ann back");

      // 2a. offline, reload, online again: the `online` event brings her back
      await ann.context.setOffline(true);
      proxy.cut();
      await page.reload();
      await page.waitForSelector("#unreachable", { timeout: 20_000 });
      expect(await page.isVisible("#unreachable-retry"), "Try again now").to.equal(true);
      expect(await page.isVisible("#unreachable-lobby"), "Back to lobby").to.equal(true);
      expect(await page.textContent("#unreachable")).to.match(/Your seat is kept/);
      expect(await page.textContent("#unreachable-when")).to.match(/as soon as your device is back online|Trying again in \d+ s/);
      // (a slow offline reload can pass the 20 s window first: then Bo reads that a bot plays for her)
      await waitHub(bo.page, annAwayOrHeld, "Bo reads that Ann is away after her reload");
      await waitingToTryAgain(page);
      await screenshot(page, `network-reload-offline-${label}`);
      // The page listens for `online` (a device back on the network fires it; Chromium's offline
      // emulation does not, so the test does, while the page is still waiting).
      await page.evaluate(() => window.dispatchEvent(new Event("online")));
      expect(((await hub(page)) as { wakes?: { online: number } }).wakes?.online, "the online event woke the page").to.be.at.least(1);
      proxy.restore();
      await ann.context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event("online")));
      figures.push(`${label}, reload offline, then online: ${(await secondsTo(page, inSeat, "Ann back after the online event")).toFixed(2)} s`);
      expect(await page.$("#unreachable")).to.equal(null);

      // 2b. the network drops at the reload but the browser never says it is offline: retries by itself
      proxy.cut();
      await page.reload();
      await page.waitForSelector("#unreachable", { timeout: 20_000 });
      await waitingToTryAgain(page);
      expect(await page.textContent("#unreachable-when")).to.match(/Trying again in \d+ s/);
      proxy.restore();
      figures.push(`${label}, reload while the network is down, by itself: ${(await secondsTo(page, inSeat, "Ann back by herself")).toFixed(2)} s`);

      // 2c. "Try again now" tries at once. Pressed while the network is still down (pressed after
      // it is back, the page's own retry can win the race and take the button away first): the
      // press is counted and a new attempt starts without waiting; then the network comes back.
      proxy.cut();
      await page.reload();
      await page.waitForSelector("#unreachable", { timeout: 20_000 });
      await waitingToTryAgain(page);
      if (label === "phone") await page.tap("#unreachable-retry");
      else await page.click("#unreachable-retry");
      expect(((await hub(page)) as { wakes?: { click: number } }).wakes?.click, "the button itself woke the page").to.be.at.least(1);
      proxy.restore();
      figures.push(`${label}, after Try again now, back: ${(await secondsTo(page, inSeat, "Ann back after Try again now")).toFixed(2)} s`);
      await screenshot(page, `network-back-${label}`);

      // the game goes on: it is somebody's turn and both pages agree on the board
      const a = (await hub(page)) as C4 & { grid?: number[] };
      const b = (await waitHub(bo.page, (s) => s.connection === "connected" && annBack(s as C4), "Bo, all present")) as C4 & { grid?: number[] };
      expect(a.grid).to.deep.equal(b.grid);
    });
  }
});
