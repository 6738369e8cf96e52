// A home for players, in Chromium, through two hub processes sharing a real PostgreSQL (and a
// real redis-server, as a scaled-out hub runs): two players with profiles find each other with
// rated quick play (each through a different process), play Connect Four, and see their
// rating change on the end screen; one moves the profile to a phone with the device link,
// finds the game in "My games" there and opens its replay; a link to a moment of it opens at
// that moment for the other player; the profile page draws the rating over time, and on the
// phone shows the daily streak, today's challenges (Play opens the day's room) and the season.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "chai";
import type { Page } from "playwright-core";
import { findRedisServer, freePort, startHubProcess, startRedis, type HubProcess, type RedisServer } from "../helpers/cluster.js";
import { DESKTOP, releaseChromium, sharedChromium, OpenedPages, PHONE, screenshot } from "../helpers/e2e.js";
import { testPostgres } from "../helpers/postgres.js";
import { PgStore } from "../../server/store/PgStore.js";
import { dayAdd, dayOf } from "../../common/daily.js";
import type { Browser } from "playwright-core";

/** Drops discs for this page's seat whenever it is its turn, in `cols` by turns. */
async function playColumn(page: Page, cols: number | number[], until: () => Promise<boolean>): Promise<void> {
  const list = Array.isArray(cols) ? cols : [cols];
  let made = 0;
  for (let i = 0; i < 400 && !(await until()); i++) {
    const col = list[made % list.length];
    const s = (await page.evaluate(() => window.__hub.state())) as { phase?: string; acting?: number[]; seat?: number | null };
    if (s.phase === "playing" && s.seat !== null && s.seat !== undefined && s.acting?.includes(s.seat)) {
      const column = page.locator(`.c4-col[data-col="${col}"][aria-disabled="false"]`);
      if (await column.count()) {
        await column.click();
        made++;
      }
    }
    await page.waitForTimeout(80);
  }
}

const phase = async (page: Page) => ((await page.evaluate(() => window.__hub.state())) as { phase?: string }).phase;

describe("e2e: a home for players (two processes, PostgreSQL)", function () {
  this.timeout(240_000);
  let redis: RedisServer | undefined;
  let a: HubProcess | undefined;
  let b: HubProcess | undefined;
  let browser: Browser | undefined;
  const dirs: string[] = [];
  let pages: OpenedPages;
  let base = "";
  let dbUrl = "";

  before(async function () {
    const pg = await testPostgres();
    const bin = findRedisServer();
    if (!pg || !bin) {
      if (process.env.CI === "true") throw new Error("PostgreSQL and redis-server are needed (.ci/run installs them)");
      return this.skip();
    }
    redis = await startRedis(bin);
    const url = (dbUrl = await pg.createDatabase("home_e2e"));
    const start = async (name: string) => {
      const port = await freePort();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `hub-e2e-${name}-`));
      dirs.push(dir);
      return startHubProcess(name, { PORT: String(port), DATABASE_URL: url, REDIS_URL: redis!.url, PUBLIC_ADDRESS: `127.0.0.1:${port}`, DATA_DIR: dir, HUB_DB: "", BOT_THREADS: "0" });
    };
    [a, b] = await Promise.all([start("A"), start("B")]);
    browser = await sharedChromium();
    pages = new OpenedPages(() => browser!, () => base);
  });

  after(async () => {
    await pages?.closeAll().catch(() => undefined);
    await releaseChromium(browser);
    await Promise.all([a?.stop("SIGTERM"), b?.stop("SIGTERM")]);
    await redis?.stop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it("rated Connect Four through two processes, the rating on the end screen, My games on a phone by the device link, a replay at a shared moment, the rating chart", async () => {
    // Ann through process A, Bob through process B; each gets a profile once it chooses a name.
    base = `${a!.http}/`;
    const ann = await pages.open(DESKTOP, "#/games/connect4");
    base = `${b!.http}/`;
    const bob = await pages.open(PHONE, "#/games/connect4");
    for (const [p, name] of [
      [ann.page, "Ann"],
      [bob.page, "Bob"],
    ] as const) {
      await p.waitForSelector("#connect4-rated-btn");
      await p.fill("input[name=name]", name);
      // the profile follows the name a moment later
      await p.waitForFunction((n) => JSON.parse(localStorage.getItem("hub.profile") ?? "{}").name === n, name, { timeout: 10_000 });
    }
    const annProfile = await ann.page.evaluate(() => JSON.parse(localStorage.getItem("hub.profile")!));

    // Rated quick play: Ann waits alone first and reads what the queue is doing.
    await ann.page.click("#connect4-rated-btn");
    await ann.page.waitForFunction(() => /Looking for players near 1,500 — \d+ s/.test(document.querySelector("#connect4-rated-status")?.textContent ?? ""), null, { timeout: 10_000 });
    await ann.page.locator("#connect4-rated").scrollIntoViewIfNeeded();
    await screenshot(ann.page, "home-rated-queue");
    await bob.page.click("#connect4-rated-btn");
    for (const p of [ann.page, bob.page]) await p.waitForFunction(() => (window.__hub.state() as { phase?: string }).phase === "playing", null, { timeout: 20_000 });

    // Ann drops in column 0, Bob in columns 1 and 2 by turns: four in Ann's column wins,
    // whoever starts (Bob never gets four in a row).
    const over = async () => (await phase(ann.page)) === "finished";
    await Promise.all([playColumn(ann.page, 0, over), playColumn(bob.page, [1, 2], over)]);
    for (const p of [ann.page, bob.page]) await p.waitForSelector("#gs-rated li", { timeout: 15_000 });
    const annEnd = (await ann.page.textContent("#gs-rated"))!;
    const bobEnd = (await bob.page.textContent("#gs-rated"))!;
    expect(annEnd).to.match(/Your rating: \+\d+/);
    expect(bobEnd).to.match(/Your rating: −\d+/);
    expect(annEnd).to.contain("1,500 → 1,");
    await screenshot(ann.page, "home-rated-end-desktop");
    await screenshot(bob.page, "home-rated-end-phone");

    // Another device: Ann's link carries the profile; the phone opens it through process B.
    await ann.page.goto(`${a!.http}/#/me`);
    await ann.page.waitForSelector("#mg-list .mg-game");
    await ann.page.click("#profile-device-btn");
    const link = await ann.page.inputValue("#profile-link-panel-url");
    expect(link).to.match(/#\/claim\/[A-Za-z0-9_-]{32}$/);
    base = "";
    const phone = await pages.open(PHONE, link.replace(a!.http, b!.http));
    await phone.page.waitForSelector("#mg-list .mg-game", { timeout: 15_000 });
    const phoneProfile = await phone.page.evaluate(() => JSON.parse(localStorage.getItem("hub.profile")!));
    expect(phoneProfile.id).to.equal(annProfile.id);
    expect(phoneProfile.key).to.not.equal(annProfile.key);
    const row = phone.page.locator("#mg-list .mg-game").first();
    expect(await row.textContent()).to.match(/Connect Four · rated.*Won.*\+\d+.*with Bob/);
    await screenshot(phone.page, "home-my-games-phone");

    // Its replay, then a link to move 5 for Bob.
    await row.locator(".mg-replay").click();
    await phone.page.waitForSelector("#c4-grid .c4-cell");
    await phone.page.evaluate(() => {
      const scrub = document.querySelector<HTMLInputElement>("#replay-scrub")!;
      scrub.value = "5";
      scrub.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await phone.page.waitForFunction(() => document.querySelector("#replay-pos")?.textContent?.startsWith("Move 5 /"));
    await phone.page.click("#replay-share");
    const moment = phone.page.url();
    expect(moment).to.match(/#\/replay\/\d+\?at=5$/);
    await bob.page.goto(moment.replace(b!.http, a!.http));
    await bob.page.waitForFunction(() => document.querySelector("#replay-pos")?.textContent?.startsWith("Move 5 /"), null, { timeout: 10_000 });
    const discs = await bob.page.locator('#c4-grid .c4-cell[data-disc]:not([data-disc=""])').count();
    expect(discs).to.equal(5);
    await screenshot(bob.page, "home-replay-moment-phone");

    // The profile page draws the rating over time.
    await ann.page.goto(`${b!.http}/#/profile/${annProfile.id}`);
    await ann.page.waitForSelector("#rating-chart polyline");
    expect(await ann.page.textContent(".pr-rating")).to.match(/Connect Four.*1,\d{3} \(provisional\).*1 rated game, 1 won/);
    await screenshot(ann.page, "home-profile-chart-desktop");

    // Daily challenges and the season on Ann's own profile, on the phone: two days of results
    // (written as a finished challenge writes them: a streak of two, whatever the hour), today's
    // Minesweeper not played yet, with a Play button that opens the day's room.
    const store = await PgStore.open(dbUrl);
    const day = dayOf(Date.now());
    for (const [d, game] of [
      [dayAdd(day, -1), "minesweeper"],
      [day, "pets"],
    ]) {
      await store.daily.claim({ day: d, game, profileId: annProfile.id, startedAt: Date.now() });
      await store.daily.finish(d, game, annProfile.id, { score: 305, outcome: "3 wins, 5 trophies", gameId: null, finishedAt: Date.now() });
    }
    await store.close();
    await phone.page.goto(`${b!.http}/#/profile/${annProfile.id}`);
    await phone.page.waitForSelector("#profile-season");
    expect(await phone.page.textContent("#daily-streak")).to.equal("Streak: 2 days in a row");
    expect(await phone.page.textContent("#season-line")).to.match(/^1st of \d+ · \d+ points from \d+ events?$/);
    expect(await phone.page.textContent('.pr-daily-row[data-game="pets"] .pr-daily-status')).to.match(/^3 wins, 5 trophies · 1st of 1$/);
    expect(await phone.page.locator("#daily-play-pets").count(), "played today: no Play").to.equal(0);
    await phone.page.locator("#profile-daily").scrollIntoViewIfNeeded();
    await screenshot(phone.page, "home-profile-daily-phone");
    await phone.page.click("#season-table summary");
    await phone.page.waitForSelector("#season-table .pr-me");
    await phone.page.locator("#profile-season").scrollIntoViewIfNeeded();
    await screenshot(phone.page, "home-profile-season-phone");
    await phone.page.click("#daily-play-minesweeper");
    await phone.page.waitForFunction(() => location.hash.startsWith("#/room/") && (window.__hub.state() as { phase?: string }).phase !== undefined, undefined, { timeout: 15_000 });
    expect(await phone.page.textContent("#room-daily")).to.match(/^Daily challenge · \S+ \S+$/);
    expect(await phone.page.locator("#copy-invite").count(), "no invite to one's own try").to.equal(0);
    await screenshot(phone.page, "home-daily-room-phone");
    await phone.page.goto(`${b!.http}/#/profile/${annProfile.id}`);
    await phone.page.waitForSelector('.pr-daily-row[data-game="minesweeper"][data-played="yes"]');
    expect(await phone.page.locator("#daily-play-minesweeper").count(), "one try a day").to.equal(0);
  });
});
