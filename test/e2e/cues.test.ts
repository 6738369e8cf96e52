// Browser tests: a player who looks away still knows it is their turn. A sound (WebAudio,
// counted by window.__hub.state().cues), the page title and favicon, a vibration on a
// phone, a notification when the tab is hidden and the player allowed them; the mute
// toggle is remembered.
import { expect } from "chai";
import type { Page } from "playwright-core";
import { matchMaker } from "@colyseus/core";
import { SeatedRoom } from "../../server/rooms/base/SeatedRoom.js";
import type { CubestaccRoom } from "../../server/rooms/cubestacc/index.js";
import { rigTable } from "../helpers/cubestacc.js";
import { DESKTOP, PHONE, screenshot, waitHub, type HubSnapshot, useBrowserHub, gamePage } from "../helpers/e2e.js";

type Cues = { played: Record<string, number>; muted: number; vibrations: number; notifications: number; yourTurn: boolean; title: string; alertIcon: boolean };
type Cs = HubSnapshot & { phase?: string; myTurn?: boolean; turn?: number; turnNo?: number; cues?: Cues };
const waitCs = (page: Page, test: (s: Cs) => boolean, what: string, timeout = 15_000) =>
  waitHub(page, test as (s: HubSnapshot) => boolean, what, timeout) as Promise<Cs>;
const turns = (s: Cs) => s.cues?.played.turn ?? 0;

describe("e2e: your-turn cues", function () {
  this.timeout(90_000);
  // The full Chromium: the headless shell denies notifications whatever is granted.
  const suite = useBrowserHub({ botDelayScale: 0.12, config: () => ({ reconnectSeconds: 20, seatHoldSeconds: 120 }), fullChromium: true });

  async function soloTable(page: Page, tap: boolean): Promise<Cs> {
    await gamePage(page, "cubestacc");
    await page.fill("input[name=name]", "Cue");
    await page.evaluate(() => localStorage.setItem("hub.cubestacc.howto", "seen"));
    await page.selectOption("#cs-bots", "1");
    if (tap) await page.tap("#cs-solo-btn");
    else await page.click("#cs-solo-btn");
    return waitCs(page, (x) => x.ready === true && x.phase === "playing" && x.myTurn === true, "our first turn");
  }

  /** Hands the turn to the bot (server side); it plays or draws and the turn comes back to us. */
  async function passTurnToBot(page: Page, roomId: string): Promise<void> {
    const before = await waitCs(page, (x) => x.myTurn === true, "our turn");
    rigTable(matchMaker.getLocalRoomById(roomId) as unknown as CubestaccRoom, (table) => {
      table.turn = 1;
      table.dump = null;
      table.pending = 0;
      table.owed = 0;
    });
    await waitCs(page, (x) => x.myTurn === false || (x.turnNo ?? 0) > (before.turnNo ?? 0), "the bot's turn");
  }

  it("desktop: a sound, the title and the favicon on our turn; a notification while hidden; mute is remembered", async () => {
    const { page, context } = await suite.open(DESKTOP);
    await context.grantPermissions(["notifications"], { origin: suite.base.replace(/\/$/, "") });
    let s = await soloTable(page, false);
    s = await waitCs(page, (x) => turns(x) >= 1 && x.cues!.yourTurn, "the turn cue");
    expect(await page.title()).to.match(/^● Your turn — Cubestacc/);
    expect(await page.getAttribute("link[rel=icon]", "href")).to.contain("ffb000");
    await screenshot(page, "cues-your-turn");

    // the bot's turn (thinking at its real pace, so we see it): title and icon back to normal
    SeatedRoom.botDelayScale = 1;
    await passTurnToBot(page, s.roomId!);
    const off = await waitCs(page, (x) => x.myTurn === false, "not our turn");
    expect(off.cues!.title).to.not.match(/Your turn/);
    expect(off.cues!.alertIcon).to.equal(false);
    SeatedRoom.botDelayScale = 0.12;
    // then ours again: another cue
    s = await waitCs(page, (x) => x.myTurn === true && turns(x) >= 2 && x.cues!.alertIcon, "the second turn cue");

    // a hidden tab also gets a notification (the player allowed them)
    await page.evaluate(`Object.defineProperty(document, "hidden", { configurable: true, value: true })`);
    await passTurnToBot(page, s.roomId!);
    s = await waitCs(page, (x) => x.myTurn === true && (x.cues?.notifications ?? 0) >= 1, "a notification");
    await page.evaluate(`Object.defineProperty(document, "hidden", { configurable: true, value: false })`);

    // mute: no more sounds, and the choice survives a reload
    expect(await page.getAttribute("#sound-toggle", "aria-pressed")).to.equal("true");
    await page.click("#sound-toggle");
    expect(await page.getAttribute("#sound-toggle", "aria-pressed")).to.equal("false");
    const sounded = turns(s);
    await passTurnToBot(page, s.roomId!);
    s = await waitCs(page, (x) => x.myTurn === true && (x.cues?.muted ?? 0) >= 1, "a muted turn");
    expect(turns(s), "muted: no sound").to.equal(sounded);
    expect(await page.title(), "the title still says it").to.match(/^● Your turn/);
    await page.reload();
    await waitCs(page, (x) => x.ready === true && x.phase === "playing", "the table after a reload");
    expect(await page.getAttribute("#sound-toggle", "aria-pressed")).to.equal("false");
    expect(await page.evaluate(() => localStorage.getItem("hub.sound"))).to.equal("off");
  });

  it("phone: a sound and a vibration on our turn", async () => {
    const { page } = await suite.open(PHONE);
    const s = await soloTable(page, true);
    await waitCs(page, (x) => turns(x) >= 1, "the turn cue");
    await passTurnToBot(page, s.roomId!);
    const t = await waitCs(page, (x) => x.myTurn === true && turns(x) >= 2, "the second turn cue");
    expect(t.cues!.vibrations, "the phone buzzed").to.be.at.least(1);
    expect(await page.isVisible("#notify-toggle"), "no bell where phones cannot show it").to.equal(false);
    await screenshot(page, "cues-phone");
  });
});
