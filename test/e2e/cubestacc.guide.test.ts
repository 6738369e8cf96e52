// Cubestacc's guided first move: a newcomer's first solo game lifts a playable card once
// the how-to is closed, its legal spots glow and a line says what to do; tapping a glow
// plays it and the guide is gone for good (a second game is not guided).
import { expect } from "chai";
import { boot, type ColyseusTestServer } from "@colyseus/testing";
import type { Browser, Page } from "playwright-core";
import { createHubConfig } from "../../arena.config.js";
import { SqliteStore } from "../../server/store/index.js";
import { SeatedRoom } from "../../server/rooms/base/SeatedRoom.js";
import { freePort, launchChromium, OpenedPages, PHONE, screenshot, waitHub, type HubSnapshot } from "../helpers/e2e.js";

type Legal = { card: number; onto: number; mode: string };
type Cs = HubSnapshot & { phase?: string; myTurn?: boolean; hand?: number[] | null; legal?: Legal[]; glowing?: Legal[]; selected?: number | null; guideShown?: boolean; howtoShown?: boolean; animating?: boolean };
const waitCs = (page: Page, test: (s: Cs) => boolean, what: string, timeout = 20_000) =>
  waitHub(page, test as (s: HubSnapshot) => boolean, what, timeout) as Promise<Cs>;

describe("e2e: cubestacc guided first move", function () {
  this.timeout(90_000);
  let server: ColyseusTestServer;
  let browser: Browser;
  let base = "";
  const pages = new OpenedPages(() => browser, () => base);
  const delayScale = SeatedRoom.botDelayScale;

  before(async () => {
    browser = await launchChromium();
    SeatedRoom.botDelayScale = 0.12;
    const port = await freePort();
    server = await boot(createHubConfig({ store: new SqliteStore(":memory:"), reconnectSeconds: 20, seatHoldSeconds: 120 }), port);
    base = `http://127.0.0.1:${port}/`;
  });
  after(async () => {
    SeatedRoom.botDelayScale = delayScale;
    await browser?.close();
    await server?.shutdown();
  });
  afterEach(() => pages.closeAll());

  it("phone: the first solo turn lifts a legal card and a glow; tapping the glow plays it; the guide is done", async () => {
    const { page } = await pages.open(PHONE, "#/games/cubestacc");
    await page.fill("input[name=name]", "Newt");
    await page.selectOption("#cs-bots", "1");
    await page.tap("#cs-solo-btn");
    await waitCs(page, (x) => x.howtoShown === true, "the how-to first");
    expect((await waitCs(page, (x) => x.ready === true, "the table")).guideShown, "no guide over the how-to").to.equal(false);
    await page.tap("#cs-howto-close");

    const s = await waitCs(page, (x) => x.myTurn === true && x.guideShown === true && x.selected != null && !x.animating && (x.glowing?.length ?? 0) > 0, "the guided first move", 30_000);
    const legal = s.legal ?? [];
    expect(legal.some((l) => l.card === s.selected), "the lifted card is a legal play").to.equal(true);
    expect(s.glowing!.every((g) => legal.some((l) => l.card === g.card && l.onto === g.onto && l.mode === g.mode))).to.equal(true);
    expect(await page.textContent("#cs-guide")).to.contain("Tap a glowing spot");
    await screenshot(page, "cubestacc-guide-phone");

    const target = s.glowing![0];
    const at = (await page.evaluate((t) => (window.__hub as unknown as { targetCenter(o: number, m: string): { x: number; y: number } | null }).targetCenter(t.onto, t.mode), target)) as { x: number; y: number } | null;
    expect(at, "the glowing spot is on screen").to.not.equal(null);
    await page.touchscreen.tap(at!.x, at!.y);
    const after = await waitCs(page, (x) => x.guideShown === false && !(x.hand ?? []).includes(s.selected!), "the card played and the guide gone");
    expect(after.guideShown).to.equal(false);
    expect(await page.evaluate(() => localStorage.getItem("hub.cubestacc.guide"))).to.equal("done");
  });
});
