// Auto Pets replays in the browser: a solo game played to the end from the lobby (buy one
// card a round while under 5 pets, on the Pixi table by a real click at its rectangle, pass
// through the confirmation, lock the deck in, battles skipped), its end
// screen's "Watch the replay", and the replay page rebuilding the game from the stored log:
// battles animate in the battle player, "Next round" jumps to each round's battles, the
// scrubber reaches the end with the game's own trophies and standings. Also on a phone.
// Screenshots: test-results/pets-replay-*.png.
import { expect } from "chai";
import { boot, type ColyseusTestServer } from "@colyseus/testing";
import type { Browser, Page } from "playwright-core";
import { createHubConfig } from "../../arena.config.js";
import { SqliteStore } from "../../server/store/index.js";
import { cardDef } from "../../common/pets/index.js";
import { SeatedRoom } from "../../server/rooms/base/SeatedRoom.js";
import { freePort, hub, releaseChromium, sharedChromium, OpenedPages, PHONE, screenshot, waitHub, type HubSnapshot, gamePage, LAX_PROFILES } from "../helpers/e2e.js";
import { mouseTable, type PetsSnap } from "../helpers/petsTable.js";

type Pets = PetsSnap;
type Replay = { game: string; position: number; total: number; playing: boolean; done: boolean; round: number; phase: string; battles: number; animating: boolean; trophies: number[]; finalTrophies: number[]; winners: number[]; broken: unknown };
const rp = (s: HubSnapshot) => s.replay as Replay;

/**
 * Presses Skip if a battle is still on screen, checked and pressed in one turn of the page:
 * at 4× a short battle can end between a check and a click.
 */
async function skipBattle(page: Page): Promise<void> {
  await page.evaluate(() => {
    const skip = document.getElementById("pets-skip");
    if (skip?.checkVisibility()) skip.click();
  });
}

/** One step of a quick solo game: skip battles, buy once a round (a click on the Pixi table's card), pass, lock the deck in. */
async function quickStep(page: Page, bought: Set<number>): Promise<boolean> {
  const s = (await hub(page)) as Pets;
  if (s.animating) return page.click("#pets-skip", { timeout: 3000 }).then(() => true, () => false);
  if (s.phase !== "playing") return false;
  const table = mouseTable(page);
  if (s.stage === "shop" && s.turn === s.seat && !s.passed) {
    if (s.picks?.length) return table.tapCard("pick", 0);
    // Passing needs 5 pets at most: buy only below that, so this player can always pass.
    const pets = (s.hand ?? []).filter((k) => cardDef(k).kind === "pet").length;
    if (!bought.has(s.round ?? 0) && (s.gold ?? 0) > 0 && pets < 5) {
      bought.add(s.round ?? 0);
      const buy = (s.cards ?? []).find((c) => c.zone === "shop" && c.active);
      if (buy) return table.tapCard("shop", buy.index);
    }
    await page.click("#pets-pass", { timeout: 1500 }).catch(() => undefined);
    const asked = await page.waitForSelector("#pets-confirm:not([hidden])", { timeout: 2000 }).catch(() => null);
    if (asked) await page.click("#pets-pass-yes", { timeout: 1500 }).catch(() => undefined);
    return true;
  }
  if (s.stage === "arrange" && !s.arranged) return page.click("#pets-arrange", { timeout: 1500 }).then(() => true, () => false);
  return false;
}

describe("e2e: Auto Pets replays", function () {
  this.timeout(300_000);
  let server: ColyseusTestServer;
  let browser: Browser;
  let base = "";
  const pages = new OpenedPages(() => browser, () => base);
  const delayScale = SeatedRoom.botDelayScale;

  before(async () => {
    browser = await sharedChromium();
    SeatedRoom.botDelayScale = 0.05;
    const port = await freePort();
    server = await boot(createHubConfig({ store: new SqliteStore(":memory:"), botThreads: 0, profileApi: LAX_PROFILES }), port);
    base = `http://127.0.0.1:${port}/`;
  });
  after(async () => {
    SeatedRoom.botDelayScale = delayScale;
    await releaseChromium(browser);
    await server?.shutdown();
  });
  afterEach(() => pages.closeAll());

  it("a solo game's end screen links its replay, which plays the battles and ends on the same trophies", async () => {
    const { page } = await pages.open();
    await gamePage(page, "pets");
    // Easy bots decide fastest; the game's length, not the bots' thinking, is under test.
    await page.selectOption("#pets-level", "easy");
    await page.click("#pets-solo-btn");
    await waitHub(page, (s) => (s as Pets).game === "pets" && s.phase === "playing", "a solo game");
    const bought = new Set<number>();
    let end: Pets | null = null;
    // Bounded by time, not by steps: a slower machine takes more polls for the same game.
    const until = Date.now() + 220_000;
    while (!end && Date.now() < until) {
      const s = (await hub(page)) as Pets;
      if (s.phase === "finished" && !s.animating) end = s;
      else if (s.phase === "finished") {
        // read in one turn of the page: the battle may end (and the end screen open) between two reads
        const coveredMidBattle = await page.evaluate(() => !!(window.__hub.state() as { animating?: boolean }).animating && !!document.getElementById("gs-end")?.checkVisibility());
        expect(coveredMidBattle, "the end screen waits for the last battle").to.equal(false);
      }
      else if (!(await quickStep(page, bought))) await page.waitForTimeout(60);
    }
    expect(end, "the game ended").to.not.equal(null);
    await page.waitForSelector("#gs-end:not([hidden]) #gs-replay", { timeout: 10_000 });
    const id = ((await hub(page)) as Pets).replayId!;
    expect(id).to.be.greaterThan(0);
    expect(await page.getAttribute("#gs-replay", "href")).to.equal(`#/replay/${id}`);
    await screenshot(page, "pets-replay-end-link");
    const api = await (await fetch(`${base}api/replays/${id}`)).json();
    expect(api).to.include({ id, game: "pets" });

    await page.click("#gs-replay");
    let r = await waitHub(page, (s) => s.page === "replay" && s.ready === true, "the replay page");
    expect(rp(r)).to.include({ game: "pets", position: 0, broken: null });
    expect(rp(r).total).to.equal(api.log.length);
    expect(rp(r).finalTrophies, "the replay ends where the game did").to.deep.equal(end!.trophies);
    await screenshot(page, "pets-replay-start");

    // Play at 4×: moves go by, then round 1's battle animates in the battle player.
    await page.click('.replay-speeds [data-speed="4"]');
    await page.click("#replay-play");
    r = await waitHub(page, (s) => rp(s).animating === true, "a battle in the replay", 60_000);
    expect(rp(r).battles, "round 1's battles fought").to.be.greaterThan(0);
    await page.waitForTimeout(700);
    expect(await page.isVisible("#pets-battle")).to.equal(true);
    expect(await page.textContent("#pets-battle .pets-battle-title")).to.match(/^Round 1: /);
    await screenshot(page, "pets-replay-battle");
    await page.click("#replay-play"); // pause
    await skipBattle(page);
    await waitHub(page, (s) => !rp(s).animating, "the battle skipped");

    // Next round: each press lands on the move that closes a round's arrange, battles on screen.
    for (let round = 2; round <= 3; round++) {
      await page.click("#replay-next-round");
      r = await waitHub(page, (s) => rp(s).battles >= round && rp(s).animating, `round ${round}'s battles`);
      expect(await page.textContent("#pets-battle .pets-battle-title")).to.match(new RegExp(`^Round ${round}: `));
      await skipBattle(page);
      await waitHub(page, (s) => !rp(s).animating, "the battle skipped");
    }

    // The scrubber to the end: the final trophies, the winner, the standings.
    await page.locator("#replay-scrub").evaluate((el: HTMLInputElement, n) => {
      el.value = String(n);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }, rp(r).total);
    r = await waitHub(page, (s) => rp(s).done === true, "the end of the replay");
    expect(rp(r).trophies).to.deep.equal(end!.trophies);
    expect(rp(r).phase).to.equal("finished");
    expect(await page.isVisible("#replay-standings")).to.equal(true);
    await screenshot(page, "pets-replay-final");

    // A step back and forward again: the same end.
    await page.click("#replay-back");
    await waitHub(page, (s) => rp(s).position === rp(r).total - 1, "one move back");
    await page.click("#replay-fwd");
    await waitHub(page, (s) => rp(s).done === true, "the end again");

    // On a phone: the same replay opens by its link and fits the screen.
    const phone = await pages.open(PHONE, `#/replay/${id}`);
    await waitHub(phone.page, (s) => s.page === "replay" && s.ready === true, "the replay on a phone");
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(width, "no sideways scrolling").to.be.at.most(2);
    await phone.page.click("#replay-next-round");
    await waitHub(phone.page, (s) => rp(s).animating === true, "round 1's battle on a phone");
    await phone.page.waitForTimeout(700);
    await screenshot(phone.page, "pets-replay-phone-battle");
  });
});
