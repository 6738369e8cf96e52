// Auto Pets replays in the browser: the replay page rebuilding a stored solo game from its log:
// battles animate in the battle player, "Next round" jumps to each round's battles, the
// scrubber reaches the end with the game's own trophies and standings. Also on a phone.
// The stored game is played by a colyseus.js client against an easy bot (issue 45: playing it
// through the page took most of this file's time; the page's part of a solo game to its end
// screen, and the end screen's "Watch the replay" link, are in test/e2e/pets.test.ts; that a
// stored game replays to the same end is test/server/pets.room.test.ts).
// Screenshots: test-results/pets-replay-*.png.
import { expect } from "chai";
import { boot, type ColyseusTestServer } from "@colyseus/testing";
import type { Browser, Page } from "playwright-core";
import { createHubConfig } from "../../arena.config.js";
import { SqliteStore } from "../../server/store/index.js";
import { createRng } from "../../common/core/rng.js";
import { SeatedRoom } from "../../server/rooms/base/SeatedRoom.js";
import { DESKTOP, freePort, releaseChromium, sharedChromium, OpenedPages, PHONE, screenshot, waitHub, type HubSnapshot, LAX_PROFILES } from "../helpers/e2e.js";
import { Probe } from "../helpers/hub.js";
import { chooseClientMove, petsViewOf } from "../helpers/pets.js";

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

/** A solo game against one easy bot played to its end by a colyseus.js client; its replay id and final trophies. */
async function storedSoloGame(server: ColyseusTestServer): Promise<{ id: number; trophies: number[] }> {
  const room = await server.sdk.create("pets", { mode: "solo", bots: 1, botLevel: "easy", name: "Rae" });
  const probe = new Probe(room);
  const { seat } = await probe.next("seat", 0);
  const rng = createRng(5, 3);
  await probe.until(() => probe.state.phase === "playing" || undefined, 10_000, "the solo game to start");
  for (let i = 0; i < 3000 && probe.state.phase !== "finished"; i++) {
    const move = chooseClientMove(probe.state, seat as number, rng);
    const patches = probe.patches;
    if (move) room.send(move.type, move.payload);
    await probe.until(() => probe.patches > patches || probe.state.phase === "finished" || undefined, 10_000, `a change after ${move?.type ?? "waiting"} (step ${i})`);
  }
  await probe.until(() => (probe.state.replayId > 0 ? true : undefined), 10_000, "the replay id");
  const trophies = petsViewOf(probe.state, seat as number)!.trophies.slice();
  const id = probe.state.replayId as number;
  await room.leave(true);
  return { id, trophies };
}

describe("e2e: Auto Pets replays", function () {
  this.timeout(120_000);
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

  it("a stored solo game's replay plays the battles, steps by round and ends on the game's trophies; a phone too", async () => {
    const end = await storedSoloGame(server);
    const id = end.id;
    const api = await (await fetch(`${base}api/replays/${id}`)).json();
    expect(api).to.include({ id, game: "pets" });

    const { page } = await pages.open(DESKTOP, `#/replay/${id}`);
    let r = await waitHub(page, (s) => s.page === "replay" && s.ready === true, "the replay page");
    expect(rp(r)).to.include({ game: "pets", position: 0, broken: null });
    expect(rp(r).total).to.equal(api.log.length);
    expect(rp(r).finalTrophies, "the replay ends where the game did").to.deep.equal(end.trophies);
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
    expect(rp(r).trophies).to.deep.equal(end.trophies);
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
