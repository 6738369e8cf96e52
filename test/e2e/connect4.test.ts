// Connect Four in the browser, from the lobby: the fifth game, added by following
// docs/adding-a-game.md, is playable with the generated lobby panel and the shared shell.
// Solo against the bot to the end and Play again; two people in a private room by code (a
// desktop and a phone, the code typed in lower case) to a win and its end screen on both.
import { expect } from "chai";
import type { Page } from "playwright-core";
import { hub, openPrivateRoom, PHONE, screenshot, waitHub, type HubSnapshot, useBrowserHub, gamePage } from "../helpers/e2e.js";
import { LAX_ADDRESS_LIMITS } from "../helpers/hub.js";

type C4 = HubSnapshot & { game?: string; gameNo?: number; grid?: number[]; acting?: number[]; winner?: number; result?: string };

/** Clicks open columns whenever it is this page's turn, until the game ends. */
async function playToEnd(page: Page, seat: number): Promise<C4> {
  for (let i = 0; i < 200; i++) {
    const s = (await hub(page)) as C4;
    if (s.phase === "finished") return s;
    if (s.phase === "playing" && s.acting?.includes(seat)) {
      const open = page.locator('.c4-col[aria-disabled="false"]');
      const n = await open.count();
      if (n) await open.nth(Math.floor(Math.random() * n)).click();
    }
    await page.waitForTimeout(60);
  }
  throw new Error("no end");
}

describe("e2e: connect four in Chromium", function () {
  this.timeout(120_000);
  const suite = useBrowserHub({ botDelayScale: 0.1, config: () => ({ botThreads: 0, ...LAX_ADDRESS_LIMITS }) });

  it("the lobby lists it from the registry; solo against the bot to the end; Play again deals game 2", async () => {
    const { page } = await suite.open();
    await page.waitForSelector('.game-list [data-game="connect4"]');
    await gamePage(page, "connect4");
    await page.fill("input[name=name]", "Cy");
    expect(await page.textContent('.game-list [data-game="connect4"] .game-name')).to.equal("Connect Four");
    await page.click("#connect4-solo-btn");
    const first = (await waitHub(page, (s) => (s as C4).game === "connect4" && s.phase === "playing", "a solo game")) as C4;
    expect(first.seat).to.equal(0);
    const end = await playToEnd(page, 0);
    expect(["won", "draw"]).to.include(end.result);
    await page.waitForSelector("#gs-end:not([hidden])");
    await page.click("#gs-again");
    await waitHub(page, (s) => (s as C4).gameNo === 2 && s.phase === "playing", "game 2");
  });

  it("by keyboard: Tab reaches the grid, arrows and digits pick a column, Enter drops; every move is announced", async () => {
    const { page } = await suite.open();
    await gamePage(page, "connect4");
    await page.fill("input[name=name]", "Kay");
    await page.click("#connect4-solo-btn");
    await waitHub(page, (s) => (s as C4).game === "connect4" && s.phase === "playing", "a solo game");
    // Tab alone reaches a column (one tab stop for the whole grid)
    const focusedCol = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.col ?? null);
    for (let i = 0; i < 40 && (await focusedCol()) === null; i++) await page.keyboard.press("Tab");
    expect(await focusedCol(), "a column has the keyboard focus").to.equal("3");
    await page.keyboard.press("ArrowRight");
    expect(await focusedCol()).to.equal("4");
    await page.keyboard.press("Home");
    expect(await focusedCol()).to.equal("0");
    await page.keyboard.press("7");
    expect(await focusedCol()).to.equal("6");
    await screenshot(page, "connect4-keyboard-focus");

    let s = (await hub(page)) as C4;
    for (let moves = 0; s.phase === "playing" && moves < 30; moves++) {
      s = (await waitHub(page, (x) => x.phase !== "playing" || !!(x as C4).acting?.includes(0), "my turn")) as C4;
      if (s.phase !== "playing") break;
      expect((s.announced ?? []) as string[]).to.include("Your turn: choose a column with the arrow keys or 1 to 7, then press Enter.");
      const grid = s.grid!;
      const col = [3, 2, 4, 1, 5, 0, 6].find((c) => grid[5 * 7 + c] === -1)!;
      await page.keyboard.press(String(col + 1));
      expect(await focusedCol()).to.equal(String(col));
      const before = grid.filter((v) => v >= 0).length;
      await page.keyboard.press("Enter");
      s = (await waitHub(page, (x) => ((x as C4).grid ?? []).filter((v) => v >= 0).length > before, "my disc")) as C4;
      const said = ((await hub(page)).announced ?? []) as string[];
      expect(said.some((t) => t.startsWith(`You dropped a red disc in column ${col + 1}`)), `announced: ${said.slice(-3).join(" | ")}`).to.equal(true);
    }
    s = (await waitHub(page, (x) => x.phase === "finished", "the end")) as C4;
    expect(["won", "draw"]).to.include(s.result);
    // the bot's discs were announced too
    expect(((s.announced ?? []) as string[]).some((t) => / dropped a gold disc in column \d/.test(t) && !t.startsWith("You"))).to.equal(true);
  });

  it("two people by code (desktop and phone) play to a win: both see the same discs; the end keeps the board in view: the winning four marked, one rematch button, no owner tools", async () => {
    const a = await suite.open(undefined, "#/games/connect4");
    const room = await openPrivateRoom(a.page, "connect4", "Ann");
    // the owner's tools show once the room's state is drawn (the snapshot's private flag may come first)
    await a.page.waitForSelector("#gs-add-bot", { state: "visible", timeout: 10_000 });
    const b = await suite.open(PHONE, "#/games/connect4");
    await b.page.waitForSelector("#join-code");
    await b.page.fill("input[name=name]", "Bo");
    await b.page.fill("#join-code", room.roomId!.toLowerCase());
    await b.page.tap("#join-code-btn");
    await waitHub(a.page, (s) => s.phase === "playing", "the game");
    // Ann (red, first) stacks column 1, Bo column 2: Ann wins with four in column 1
    for (let i = 0; i < 7; i++) {
      const ann = i % 2 === 0;
      const page = ann ? a.page : b.page;
      const seat = ann ? 0 : 1;
      const s = (await waitHub(page, (x) => x.phase === "finished" || !!(x as C4).acting?.includes(seat), "a turn")) as C4;
      if (s.phase === "finished") break;
      const n = (s.grid ?? []).filter((v) => v >= 0).length;
      if (ann) await page.click('.c4-col[data-col="0"]');
      else await page.tap('.c4-col[data-col="1"]');
      await waitHub(page, (x) => ((x as C4).grid ?? []).filter((v) => v >= 0).length > n, "the disc");
    }
    const grids: number[][] = [];
    for (const [who, page] of [["Ann", a.page], ["Bo", b.page]] as const) {
      const end = (await waitHub(page, (x) => x.phase === "finished", `the end on ${who}'s page`)) as C4;
      expect(end.winner).to.equal(0);
      grids.push(end.grid!);
      await page.waitForSelector("#gs-end:not([hidden])");
      expect(await page.locator(".c4-cell.c4-line").count(), "the four are marked").to.equal(4);
      // nothing covers them: the result sits beside the grid
      const covered = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>(".c4-cell.c4-line")).filter((c) => {
          c.scrollIntoView({ block: "nearest" });
          const r = c.getBoundingClientRect();
          const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return !(at === c || c.contains(at) || at?.closest(".c4-col"));
        }).length,
      );
      expect(covered, `${who}: winning discs covered by the result`).to.equal(0);
      expect(await page.textContent("#gs-end")).to.match(/Four in a row — column 1, rows 1–4/);
      expect(await page.isVisible("#gs-again"), "Play again").to.equal(true);
      // Every game's end screen leads to its replay viewer once the game is saved.
      await page.waitForSelector("#gs-end:not([hidden]) #gs-replay", { timeout: 10_000 });
      expect(await page.getAttribute("#gs-replay", "href")).to.match(/^#\/replay\/\d+$/);
      expect(await page.isVisible("#gs-start-again"), "no second rematch button").to.equal(false);
      expect(await page.isVisible("#gs-end-close"), "nothing to look past").to.equal(false);
      expect(await page.isVisible("#gs-add-bot"), "no Add bot at the end").to.equal(false);
      expect(await page.isVisible("#gs-start"), "no Start at the end").to.equal(false);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `connect4-end-${who === "Ann" ? "desktop" : "phone"}`);
    }
    expect(grids[1], "the second player (by the code in lower case) sees the first's discs").to.deep.equal(grids[0]);
    await a.page.click("#gs-again");
    await b.page.tap("#gs-again");
    await waitHub(a.page, (s) => (s as C4).gameNo === 2 && s.phase === "playing", "the rematch");
  });
});
