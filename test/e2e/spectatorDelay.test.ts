// Spectator delay in Chromium, desktop and phone: a private Connect Four room created from the
// lobby with "Spectator delay 15 s"; spectators on a desktop and a phone read "Live game, shown
// 15 s late" and see the host's disc only after the delay, while the players see it at once. A
// spectator who arrives as the game starts is counted down to the first frame, never told the
// room is waiting for players or shown open seats.
// The delay runs at a fifth of its length here (DelayRecorder.timeScale): "15 s" is 3 s.
import { expect } from "chai";
import { boot, type ColyseusTestServer } from "@colyseus/testing";
import type { Browser, Page } from "playwright-core";
import { createHubConfig } from "../../arena.config.js";
import { SqliteStore } from "../../server/store/index.js";
import { DelayRecorder } from "../../server/rooms/game/spectatorDelay.js";
import { DESKTOP, freePort, hub, releaseChromium, sharedChromium, OpenedPages, PHONE, screenshot, waitHub, type OpenedPage, LAX_PROFILES } from "../helpers/e2e.js";
import { LAX_ADDRESS_LIMITS } from "../helpers/hub.js";
import { c4Grid } from "../helpers/connect4.js";

const SCALE = 0.2;
const discs = (grid: unknown) => (Array.isArray(grid) ? grid.filter((x) => x >= 0).length : 0);
const gridOf = async (page: Page) => ((await hub(page)).grid as number[] | undefined) ?? [];

describe("e2e: spectator delay", function () {
  this.timeout(90_000);
  let server: ColyseusTestServer;
  let browser: Browser;
  let base = "";
  const pages = new OpenedPages(() => browser, () => base);
  let scale = 1;

  before(async () => {
    scale = DelayRecorder.timeScale;
    DelayRecorder.timeScale = SCALE;
    browser = await sharedChromium();
    const port = await freePort();
    server = await boot(createHubConfig({ store: new SqliteStore(":memory:"), botThreads: 0, profileApi: LAX_PROFILES, ...LAX_ADDRESS_LIMITS }), port);
    base = `http://127.0.0.1:${port}/`;
  });
  after(async () => {
    DelayRecorder.timeScale = scale;
    await releaseChromium(browser);
    await server?.shutdown();
  });
  afterEach(() => pages.closeAll());

  it("spectators on a desktop and a phone read 'Live game, shown 15 s late' and see each move that late; the players at once", async () => {
    const host = await pages.open(DESKTOP, "#/games/connect4");
    await host.page.fill("input[name=name]", "Ann");
    await host.page.selectOption("#connect4-spectator-delay", "15");
    await screenshot(host.page, "delay-lobby-option");
    await host.page.click("#connect4-private-btn");
    const h = await waitHub(host.page, (x) => x.connection === "connected" && x.ready === true && typeof x.seat === "number", "the host's room");
    const code = h.roomId!;
    const guest = await server.sdk.joinById(code, { name: "Ben" });
    await waitHub(host.page, (x) => x.phase === "playing", "the game started");

    const watchers = [await pages.open(DESKTOP, `#/spectate/${code}`), await pages.open(PHONE, `#/spectate/${code}`)];
    for (const w of watchers) {
      const s = await waitHub(w.page, (x) => x.spectator === true && x.connection === "connected" && x.ready === true, "a spectator");
      expect(s.roomId, "the live room's code, not the mirror's").to.equal(code);
      await w.page.waitForSelector(".spectating:has-text('Live game, shown 15 s late')");
      expect(await w.page.isVisible("#device-link-btn")).to.equal(false);
    }

    // the host drops a disc: Ann and Ben see it now, the spectators not yet
    const madeAt = Date.now();
    await host.page.click("#c4-grid .c4-col[data-col='3']");
    await waitHub(host.page, (x) => discs(x.grid) === 1, "the host sees the disc");
    await new Promise<void>((ok) => {
      const check = () => (discs(c4Grid(guest.state)) === 1 ? ok() : setTimeout(check, 20));
      check();
    });
    for (const w of watchers) expect(discs(await gridOf(w.page)), "not shown to a spectator yet").to.equal(0);
    for (const w of watchers) await waitHub(w.page, (x) => discs(x.grid) === 1, "the spectator sees the disc, late", 15_000);
    expect(Date.now() - madeAt, "no sooner than the delay").to.be.at.least(15_000 * SCALE - 100);
    await screenshot(watchers[0].page, "delay-spectator-desktop");
    await screenshot(watchers[1].page, "delay-spectator-phone");
    await guest.leave(true);
  });

  it("a spectator arriving as the game starts: a countdown to the first frame, never 'Waiting for players' or open seats", async () => {
    DelayRecorder.timeScale = 0.6; // "15 s" lasts 9 s: long enough to read the countdown
    try {
      // The spectators' pages are loaded first (the lobby) and only routed to the room once the
      // game has started: loading a page on a loaded box took longer than the countdown (the
      // first frame was already shown when the test read it), routing is one hash change.
      const [host, ...opened] = await Promise.all([pages.open(DESKTOP, "#/games/connect4"), pages.open(DESKTOP, "#/"), pages.open(PHONE, "#/")]);
      const watchers: (OpenedPage & { label: string })[] = [{ label: "desktop", ...opened[0] }, { label: "phone", ...opened[1] }];
      await host.page.fill("input[name=name]", "Ann");
      await host.page.selectOption("#connect4-spectator-delay", "15");
      await host.page.click("#connect4-private-btn");
      const h = await waitHub(host.page, (x) => x.connection === "connected" && typeof x.seat === "number", "the host's room");
      const guest = await server.sdk.joinById(h.roomId!, { name: "Ben" });
      await waitHub(host.page, (x) => x.phase === "playing", "the game started");
      await Promise.all(watchers.map((w) => w.page.evaluate((id) => (location.hash = `#/spectate/${id}`), h.roomId!)));
      for (const w of watchers) {
        await waitHub(w.page, (x) => x.spectator === true && x.connection === "connected", "a spectator");
        const text = `${await w.page.textContent(".spectating")} | ${await w.page.textContent("#gs-status")}`;
        expect(text).to.match(/Live game, shown 15 s late — the table appears in \d+ s \| Live game, shown 15 s late: the table appears in \d+ s\./);
        await screenshot(w.page, `delay-countdown-${w.label}`);
      }
      // until the first frame: never "waiting", never an open seat
      const seen: string[] = [];
      const pending = async () => (await Promise.all(watchers.map((w) => w.page.textContent(".spectating")))).some((t) => t?.includes("appears in"));
      while (await pending()) {
        for (const w of watchers) seen.push(`${w.label}: ${await w.page.textContent("#gs-status")} | ${await w.page.textContent("#gs-seats")}`);
        await watchers[0].page.waitForTimeout(300);
      }
      expect(seen.length).to.be.greaterThan(0);
      for (const line of seen) expect(line).to.not.match(/Waiting for players|share the room code|Open seat/);
      for (const w of watchers) {
        expect(await w.page.textContent(".spectating")).to.equal("Live game, shown 15 s late");
        await w.page.waitForFunction(() => /Ann/.test(document.getElementById("gs-seats")?.textContent ?? ""), null, { timeout: 15_000 });
        await screenshot(w.page, `delay-first-frame-${w.label}`);
      }
      await guest.leave(true);
    } finally {
      DelayRecorder.timeScale = SCALE;
    }
  });
});
