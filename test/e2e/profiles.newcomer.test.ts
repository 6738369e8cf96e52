// A newcomer's profile and name, in Chromium at 1366×768 and on a 390×844 touch phone (issue 37,
// points 3 and 4).
//
// Point 3: behind one address, a bound on new profiles that is hit is said in words on My games
// (what was refused, why, what to do; never "reload the page"), and a short wait (many browsers
// at once) is waited out by the page itself, which then shows My games.
// Point 4: one name, chosen once, used everywhere: the name typed in the lobby is the seat's,
// My games' "Playing as" and the device link's ("that device then plays as Hugo"); renamed on
// My games, it is the lobby's and the next seat's, on every device of the profile; a rename the
// hub never got (the network failed) reaches the profile at the next visit.

import { expect } from "chai";
import type { Page } from "playwright-core";
import { PHONE, screenshot, useBrowserHub, waitHub } from "../helpers/e2e.js";

/** Page errors expected here: a connection going away, and Chromium's line for each refused request. */
const REFUSALS_LOGGED = /WebSocket|ERR_|net::|status of 429/;

const DESK = { viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1 };

const playingAs = (page: Page) => page.locator("#profile-name").inputValue();
/** My games is shown with its list (empty for a newcomer). */
const myGames = (page: Page, timeout = 30_000) => page.waitForSelector("#mg-list", { state: "attached", timeout });
/** The names at the table, as the seat list shows them. */
const seatNames = (page: Page) => page.locator("#gs-seats .gs-seat-name").allTextContents();

/** Makes profiles from the test (the same address as the pages) until the hub says to wait. */
async function useUpTheBurst(base: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${base}api/profiles`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name: "Elsewhere" }) });
    if (res.status === 429) return;
  }
  throw new Error("the hub never asked to wait");
}

describe("e2e: many newcomers at once behind one address", function () {
  this.timeout(90_000);
  // every page of this suite plays from 127.0.0.1: two new profiles at once, then one every 8 s
  // (Chromium logs each refused request to the console)
  const suite = useBrowserHub({ config: () => ({ profileApi: { profilesPerDay: 1e6, createRate: { burst: 2, perSecond: 1 / 8 } } }), tolerated: REFUSALS_LOGGED });

  it("a short wait is said and waited out by My games itself", async () => {
    const { page } = await suite.open(DESK, "#/");
    await page.waitForSelector("#my-games-link");
    // the classroom's other browsers have just used up the burst
    await useUpTheBurst(suite.base);
    await page.click("#my-games-link");
    await page.waitForFunction(() => /Many new profiles were just made from your network/.test(document.querySelector("#my-games")?.textContent ?? ""), null, { timeout: 10_000, polling: 100 });
    const waiting = (await page.textContent("#my-games"))!;
    expect(waiting).to.match(/trying again by itself in \d+ s/i);
    expect(waiting).to.not.match(/reload/i);
    await screenshot(page, "profiles-newcomer-waiting-desktop");
    await myGames(page);
    expect(await playingAs(page)).to.equal("Player");
  });
});

describe("e2e: a newcomer past the day's bound of one address", function () {
  this.timeout(90_000);
  // two new profiles a day from 127.0.0.1, as many at once as asked
  const suite = useBrowserHub({ config: () => ({ profileApi: { profilesPerDay: 2, createRate: { burst: 1e6, perSecond: 1e6 } } }), tolerated: REFUSALS_LOGGED });

  it("My games and rated play say what was refused, why and what to do", async () => {
    for (const device of [DESK, PHONE]) {
      const { page } = await suite.open(device, "#/me");
      await myGames(page);
    }
    const { page } = await suite.open(PHONE, "#/me");
    const notice = page.locator("#my-games .page-notice");
    await notice.waitFor({ timeout: 15_000 });
    const words = (await notice.textContent())!;
    expect(words).to.match(/2 new profiles a day/);
    expect(words).to.match(/your network/i);
    expect(words).to.match(/You can still play every game/);
    expect(words).to.match(/tomorrow|Another device/);
    expect(words).to.not.match(/reload/i);
    await screenshot(page, "profiles-newcomer-refused-phone");
    // rated play says the same instead of "Reload the page"
    await page.evaluate(() => (location.hash = "#/games/connect4"));
    await page.click("#connect4-rated-btn");
    await page.waitForFunction(() => /Rated games need a profile/.test(document.querySelector("#connect4-rated-status")?.textContent ?? ""));
    const rated = (await page.textContent("#connect4-rated-status"))!;
    expect(rated).to.match(/new profiles a day/).and.to.not.match(/reload/i);
    await page.locator("#connect4-rated").scrollIntoViewIfNeeded();
    await screenshot(page, "profiles-newcomer-rated-refused-phone");
  });
});

describe("e2e: one name everywhere", function () {
  this.timeout(90_000);
  const suite = useBrowserHub();

  it("the name typed in the lobby is the seat's, My games' and the device link's; renamed on My games it is everyone's", async () => {
    const { page } = await suite.open(DESK, "#/games/connect4");
    await page.waitForSelector("#connect4-solo-btn");
    await page.fill("input[name=name]", "Hugo");
    await page.click("#connect4-solo-btn");
    await waitHub(page, (x) => x.phase === "playing" && x.seat !== null && x.seat !== undefined, "a seat against the bot");
    await page.waitForSelector("#gs-seats .gs-seat-name");
    expect(await seatNames(page)).to.include("Hugo");

    // My games right after, within the same page load
    await page.evaluate(() => (location.hash = "#/me"));
    await page.waitForSelector("#profile-name");
    expect(await playingAs(page)).to.equal("Hugo");
    await page.click("#profile-device-btn");
    await page.waitForSelector("#profile-link-panel");
    expect(await page.textContent("#profile-link-panel")).to.contain("that device then plays as Hugo");
    await screenshot(page, "profiles-name-device-link-desktop");
    const link = await page.inputValue("#profile-link-panel-url");
    await page.keyboard.press("Escape");

    // renamed on My games: the lobby, the other device and the next seat all say it
    await page.fill("#profile-name", "Hugette");
    await page.click("#profile-rename");
    await page.waitForFunction(() => JSON.parse(localStorage.getItem("hub.profile") ?? "{}").name === "Hugette");
    await page.evaluate(() => (location.hash = "#/games/connect4"));
    await page.waitForSelector("#connect4-solo-btn");
    expect(await page.inputValue("input[name=name]")).to.equal("Hugette");

    const phone = await suite.open(PHONE, "");
    await phone.page.goto(link);
    await phone.page.waitForSelector("#profile-name", { timeout: 15_000 });
    expect(await playingAs(phone.page)).to.equal("Hugette");
    await screenshot(phone.page, "profiles-name-my-games-phone");
    await phone.page.evaluate(() => (location.hash = "#/games/connect4"));
    await phone.page.waitForSelector("#connect4-solo-btn");
    expect(await phone.page.inputValue("input[name=name]")).to.equal("Hugette");
    await phone.page.click("#connect4-solo-btn");
    await waitHub(phone.page, (x) => x.phase === "playing" && x.seat !== null && x.seat !== undefined, "the phone's seat");
    await phone.page.waitForSelector("#gs-seats .gs-seat-name");
    expect(await seatNames(phone.page)).to.include("Hugette");
  });

  it("a rename the hub never got (the network failed) reaches the profile at the next visit", async () => {
    const { page } = await suite.open(DESK, "#/me");
    await page.waitForSelector("#profile-name");
    const id = await page.evaluate(() => JSON.parse(localStorage.getItem("hub.profile")!).id as string);
    // the lobby's name field, while every rename fails on the way
    await page.route("**/api/profile", (route) => (route.request().method() === "PATCH" ? route.abort("internetdisconnected") : route.continue()));
    await page.evaluate(() => (location.hash = "#/"));
    await page.fill("input[name=name]", "Zoé");
    await page.waitForTimeout(1500);
    await page.unroute("**/api/profile");
    await page.reload();
    await page.evaluate(() => (location.hash = "#/me"));
    await page.waitForSelector("#profile-name");
    expect(await playingAs(page)).to.equal("Zoé");
    await page.waitForFunction(async (pid) => (await (await fetch(`/api/profiles/${pid}`)).json()).profile.name === "Zoé", id, { timeout: 10_000 });
  });
});
