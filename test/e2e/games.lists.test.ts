// What the game pages and My games list, in a player's words, at 1366×768 and on a 390×844
// touch phone (issue 37, points 7, 8, 9 and 13).
//
// 9: a finished game is not "in progress": after a game against the bot has ended, the game's
//    page offers no "Rejoin" for it and its live rooms do not list it ("finished · Full").
// 7, 8: My games and "Recent games" say what each game was in the game's words: "against a
//    bot" (not "against bots" for one), "Beginner, no guess" (not "beginner-noguess"); a room
//    left behind after a move is not offered to watch, and a game people played is, with their
//    names.
// 13: no jargon: a rating is "provisional", not a bare "?", and the end screen says why a first
//    rated game moves it so much; the spectator delay says it is a private room's.

import { expect } from "chai";
import type { Page } from "playwright-core";
import { CELL } from "../../common/minesweeper/types.js";
import { botsFinishGame, clickCell, gamePage, PHONE, screenshot, serverMines, useBrowserHub, waitHub } from "../helpers/e2e.js";

const DESK = { viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1 };

type C4 = { phase?: string; acting?: number[]; seat?: number | null; roomId?: string };
const c4 = async (page: Page) => (await page.evaluate(() => window.__hub.state())) as C4;

/** Drops discs for this page's seat whenever it is its turn (`cols` in turn, another when one is full), until `until`. */
async function playDiscs(page: Page, cols: number[], until: () => Promise<boolean>): Promise<void> {
  let made = 0;
  // Bounded by time, not by turns of this loop: a loaded machine's bot may take seconds a move.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline && !(await until())) {
    const s = await c4(page);
    if (s.phase === "playing" && s.seat !== null && s.seat !== undefined && s.acting?.includes(s.seat)) {
      const want = page.locator(`.c4-col[data-col="${cols[made % cols.length]}"][aria-disabled="false"]`);
      const any = page.locator('.c4-col[aria-disabled="false"]').first();
      const column = (await want.count()) ? want : any;
      if (await column.count()) {
        await column.click();
        made++;
      }
    }
    await page.waitForTimeout(80);
  }
}

/** Resolves once the page has had the answer to a request to `path` and a frame to show it. */
async function answered(page: Page, path: string): Promise<void> {
  const res = await page.waitForResponse((r) => new URL(r.url()).pathname === path, { timeout: 15_000 });
  await res.finished();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** The page's first disc, then the room's bots play the game to its end (issue 45: a whole game by
 *  page clicks is connect4.test's smoke game; the lists read the stored game either way). */
async function oneDiscThenBots(page: Page, col: number): Promise<void> {
  const { roomId, seat } = await waitHub(page, (x) => x.phase === "playing", "the game");
  const discs = async () => (await page.evaluate(() => (window.__hub.state() as { grid?: number[] }).grid ?? [])).filter((c) => c === seat).length;
  await playDiscs(page, [col], async () => (await c4(page)).phase === "finished" || (await discs()) >= 1);
  await botsFinishGame(roomId!, [seat as number], () => waitHub(page, (x) => x.phase === "finished", "the game's end", 30_000));
}

/** Connect Four against the bot from the game page, to its end (the page's first disc, then bots); the room's id. */
async function c4AgainstTheBot(page: Page, name: string): Promise<string> {
  await gamePage(page, "connect4");
  await page.fill("input[name=name]", name);
  await page.click("#connect4-solo-btn");
  const s = await waitHub(page, (x) => x.phase === "playing" && typeof x.seat === "number", "a game against the bot");
  await oneDiscThenBots(page, 3);
  expect((await c4(page)).phase).to.equal("finished");
  return s.roomId!;
}

describe("e2e: what the game pages and My games list", function () {
  this.timeout(240_000);
  // bots think in the hub's own thread (as the other browser files' hubs): a worker's decision
  // cut off on a loaded machine once left a game waiting on the bot (stop: bot.cut-off, then nothing)
  const suite = useBrowserHub({ botDelayScale: 0.05, config: () => ({ botThreads: 0 }) });

  /** A game against the bot played to its end on `page`; then its game page offers no Rejoin and lists no live room for it. */
  async function endedIsNotLive(page: Page, label: string, name: string): Promise<void> {
    const roomId = await c4AgainstTheBot(page, name);
    await screenshot(page, `lists-finished-end-${label}`);
    // back on the game's page (the room is still there, its end screen behind)
    const seatCheck = answered(page, "/api/seats/check");
    await page.evaluate(() => (location.hash = "#/games/connect4"));
    await page.waitForSelector("#connect4-solo-btn");
    // the lobby's checks have come back: the live rooms list and the seat check (its answer
    // read, not a fixed wait), then a fresh list by Refresh
    await page.waitForFunction(() => /live room|No public rooms/.test(document.querySelector(".rooms-note")?.textContent ?? ""), null, { timeout: 10_000 });
    await seatCheck;
    const rooms = answered(page, "/api/rooms");
    await page.click("#rooms-refresh");
    await rooms;
    expect(await page.locator("#rejoin").isHidden(), "no Rejoin for a finished game").to.equal(true);
    expect(await page.textContent("#rejoin")).to.not.contain("in progress");
    expect(await page.locator(`.room-card[data-room="${roomId}"]`).count(), "the finished room is not a live room").to.equal(0);
    expect(await page.textContent("#rooms-list")).to.not.match(/finished/);
    await screenshot(page, `lists-finished-lobby-${label}`);
  }

  it(`phone: a game that has ended is neither "in progress" nor a live room`, async () => {
    const { page } = await suite.open(PHONE, "#/games/connect4");
    await endedIsNotLive(page, "phone", "Fin");
  });

  // (one desktop page for both: the game against the bot that has ended is My games' first row)
  it(`desktop: a game that has ended is neither "in progress" nor a live room; My games says 'against a bot' and 'Beginner, no guess'; Recent games lists what people played, with their names`, async () => {
    const { page } = await suite.open(DESK, "#/games/connect4");
    await endedIsNotLive(page, "desktop", "Lou");

    // a no-guess Beginner board, lost on the second click
    await gamePage(page, "minesweeper");
    await page.check("input[name=quick-mode][value=solo]");
    await page.selectOption("#quick-level", "beginner");
    await page.check("#quick-noguess");
    await page.click("#quick-play-btn");
    let s = await waitHub(page, (x) => x.ready === true && x.rows === 9 && x.connection === "connected", "the no-guess board");
    await clickCell(page, 4, 4);
    s = await waitHub(page, (x) => x.phase === "active", "the first reveal");
    const mines = serverMines(s.roomId!)!;
    const mine = mines.findIndex((m, i) => m === 1 && s.cells![i] === CELL.HIDDEN);
    await clickCell(page, Math.floor(mine / 9), mine % 9);
    await waitHub(page, (x) => x.phase === "lost", "the lost board");

    await page.evaluate(() => (location.hash = "#/me"));
    await page.waitForFunction(() => document.querySelectorAll("#mg-list .mg-game").length === 2, null, { timeout: 15_000 });
    const rows = await page.locator("#mg-list .mg-title").allTextContents();
    expect(rows).to.include("Connect Four · against a bot");
    expect(rows).to.include("Minesweeper solo · Beginner, no guess");
    expect((await page.textContent("#mg-list"))!).to.not.match(/noguess|against bots/);
    await screenshot(page, "lists-my-games-desktop");

    // Recent games on the Connect Four page: the finished game with who played; no leftovers
    await gamePage(page, "connect4");
    // (the list shown before this game stays until the page's new answer replaces it)
    await page.waitForFunction(() => /Lou/.test(document.querySelector("#connect4-recent-list")?.textContent ?? ""), null, { timeout: 10_000 });
    const recent = (await page.textContent("#connect4-recent-list"))!;
    expect(recent).to.contain("Lou");
    expect(recent).to.contain("against a bot");
    await page.locator("#connect4-recent").scrollIntoViewIfNeeded();
    await screenshot(page, "lists-recent-desktop");
  });

  it("a rating reads 'provisional', the first rated game says why it moves so much, the spectator delay is a private room's", async () => {
    const ann = await suite.open(DESK, "#/games/connect4");
    const bob = await suite.open(PHONE, "#/games/connect4");
    // the spectator delay: a private room's, in plain words
    const hint = (await ann.page.textContent("#connect4-play .private-options"))!;
    expect(hint).to.match(/private room/i);
    expect(hint).to.not.match(/ghost/i);

    for (const [p, name] of [[ann.page, "Ann"], [bob.page, "Bob"]] as const) {
      await p.fill("input[name=name]", name);
      await p.waitForFunction((n) => JSON.parse(localStorage.getItem("hub.profile") ?? "{}").name === n, name, { timeout: 10_000 });
    }
    await ann.page.click("#connect4-rated-btn");
    await ann.page.waitForFunction(() => /Looking for players/.test(document.querySelector("#connect4-rated-status")?.textContent ?? ""));
    await bob.page.click("#connect4-rated-btn");
    const [a, b] = await Promise.all([ann.page, bob.page].map((p) => waitHub(p, (x) => x.phase === "playing", "the rated game", 20_000)));
    // a disc each by a click and a tap, then the room's bots play both seats to the end (whole
    // rated games over sockets: test/server; the words at the end are what this checks)
    const grid = async () => ((await ann.page.evaluate(() => window.__hub.state())) as { grid?: number[] }).grid ?? [];
    const dropped = async (seat: number) => (await grid()).includes(seat) || (await c4(ann.page)).phase === "finished";
    await Promise.all([playDiscs(ann.page, [0], () => dropped(a.seat as number)), playDiscs(bob.page, [1, 2], () => dropped(b.seat as number))]);
    await botsFinishGame(a.roomId!, [a.seat as number, b.seat as number], () => waitHub(ann.page, (x) => x.phase === "finished", "the rated game's end", 30_000));
    for (const p of [ann.page, bob.page]) await p.waitForSelector("#gs-rated li", { timeout: 15_000 });
    for (const p of [ann.page, bob.page]) {
      const end = (await p.textContent("#gs-rated"))!;
      expect(end).to.not.contain("?");
      expect(end).to.match(/provisional/);
      expect(end).to.match(/first rated games/i);
    }
    await screenshot(ann.page, "lists-rated-end-desktop");
    await screenshot(bob.page, "lists-rated-end-phone");

    // the leaderboard and the profile page
    await ann.page.evaluate(() => (location.hash = "#/games/connect4"));
    // (the leaderboard lists established players only, docs/ratings.md: after one game it says so in words)
    await ann.page.waitForFunction(() => /Nobody is listed yet\. Players are listed once they have played \d+ rated games against \d+ different opponents/.test(document.querySelector("#connect4-rated")?.textContent ?? ""));
    const board = (await ann.page.textContent("#connect4-rated-board"))!;
    expect(board).to.not.contain("?");
    const id = await ann.page.evaluate(() => JSON.parse(localStorage.getItem("hub.profile")!).id as string);
    await bob.page.evaluate((pid) => (location.hash = `#/profile/${pid}`), id);
    await bob.page.waitForSelector(".pr-rating");
    const card = (await bob.page.textContent(".pr-rating"))!;
    expect(card).to.not.contain("?");
    expect(card).to.match(/provisional/);
    await screenshot(bob.page, "lists-profile-phone");
  });
});
