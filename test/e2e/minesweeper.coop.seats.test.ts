// A co-op room of 8 seats played by two people (a laptop and a phone): the players list shows
// the two of them and "6 seats open", never six "open seat" rows (on a phone: one row of
// chips); its replay shows the two who played, never "Seat 3 … Seat 8".
import { expect } from "chai";
import type { Page } from "playwright-core";
import { CELL } from "../../common/minesweeper/types.js";
import { boardReady, clickCell, DESKTOP, PHONE, screenshot, serverMines, waitHub } from "../helpers/e2e.js";
import { enterLobby, useSuite } from "./minesweeper.helpers.js";

const players = (page: Page) => page.$$eval("#ms-seats-list .ms-seat, .ms-seats .ms-seat", (ls) => ls.map((l) => (l.textContent ?? "").trim()));

describe("e2e: minesweeper co-op shows the people, not the empty seats", function () {
  this.timeout(120_000);
  const suite = useSuite();

  it("live: two names and '6 seats open' on a laptop and a phone; the replay: the two who played", async () => {
    const host = await suite.open(DESKTOP, "#/games/minesweeper");
    await enterLobby(host.page, "Ann");
    await host.page.check("input[name=private-mode][value=coop]");
    await host.page.selectOption("#private-level", "beginner");
    await host.page.selectOption("#private-seats", "8");
    await host.page.click("#create-private-btn");
    const a = await waitHub(host.page, boardReady, "the co-op room");
    const code = a.roomId!;

    const guest = await suite.open(PHONE, "#/games/minesweeper");
    await enterLobby(guest.page, "Ben");
    await guest.page.fill("#join-code", code);
    await guest.page.tap("#join-code-btn");
    await waitHub(guest.page, (x) => boardReady(x) && x.seat === 1, "Ben in the room");
    await waitHub(host.page, (x) => x.seats?.[1]?.name === "Ben", "Ann sees Ben");

    for (const [who, page] of [["Ann", host.page], ["Ben", guest.page]] as const) {
      await page.waitForFunction(() => /6 seats open/.test(document.getElementById("ms-seats-open")?.textContent ?? ""));
      const list = await players(page);
      expect(list.length, `${who}'s list: the two players`).to.equal(2);
      expect(list.join(" | ")).to.match(/Ann/).and.match(/Ben/);
      expect(list.join(" | ")).to.not.match(/open seat|—/);
    }
    // a phone: the chips fit in one row
    const tops = await guest.page.$$eval(".ms-seats .ms-seat", (ls) => ls.map((l) => Math.round(l.getBoundingClientRect().top)));
    expect(new Set(tops).size, "one row of chips").to.equal(1);
    await screenshot(host.page, "coop-seats-desktop");
    await screenshot(guest.page, "coop-seats-phone");

    // the game ends (Ann opens, Ben steps on a mine): its replay
    await clickCell(host.page, 4, 4);
    const open = await waitHub(guest.page, (x) => x.phase === "active", "the first reveal");
    const mines = serverMines(code)!;
    const mine = open.cells!.findIndex((c, i) => c === CELL.HIDDEN && mines[i] === 1);
    await clickCell(host.page, Math.floor(mine / 9), mine % 9);
    await host.page.waitForSelector("#result-replay", { timeout: 15_000 });
    const href = (await host.page.getAttribute("#result-replay", "href"))!;

    await guest.page.goto(`${suite.base}${href}`);
    await waitHub(guest.page, (x) => x.page === "replay" && x.ready === true, "the replay");
    await guest.page.waitForSelector(".ms-seats .ms-seat");
    const replayList = await players(guest.page);
    expect(replayList.length, "the replay's players: the two who played").to.equal(2);
    expect(replayList.join(" | ")).to.not.match(/Seat \d/);
    expect(await guest.page.textContent("#ms-seats-open")).to.equal("");
    expect(await guest.page.textContent(".room-sub, .replay-sub, body")).to.not.match(/Ann, Ben, ,/);
    await screenshot(guest.page, "coop-replay-seats-phone");
  });
});
