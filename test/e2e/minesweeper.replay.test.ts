// Browser test: a solo game won in a room shows its result card (stats, replay
// link), ranks on the lobby's leaderboard (tabs by level and period, keyboard
// operable), and its replay page plays the stored log back to the very same
// final board with play / speed / scrubber.
import { expect } from "chai";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { CELL } from "../../common/minesweeper/types.js";
import { clickCell, DESKTOP, hub, PHONE, RESULTS, screenshot, serverMines, waitHub, type HubSnapshot } from "../helpers/e2e.js";
import { plausibleWaitMs } from "../helpers/minesweeper.js";
import { clearWithMouse, serverRoom, startSoloBeginner, useSuite } from "./minesweeper.helpers.js";

type ReplaySnap = { total: number; position: number; playing: boolean; speed: number; done: boolean; clockMs: number; stats: { threeBV: number; clicks: number } };
const rp = (s: HubSnapshot) => s.replay as ReplaySnap;

describe("e2e: minesweeper result, leaderboard and replay", function () {
  this.timeout(90_000);
  const suite = useSuite();

  it("a won solo game: result card → leaderboard (tabs) → replay plays to the end and seeks", async () => {
    const { page } = await suite.open(DESKTOP);
    let s = await startSoloBeginner(page, "Rita");
    await clickCell(page, 4, 4);
    s = await waitHub(page, (x) => x.phase === "active", "the first reveal");
    // A human's pace: bot-speed wins are never ranked (common/minesweeper/plausible.ts).
    await new Promise((r) => setTimeout(r, plausibleWaitMs(serverRoom(s.roomId!))));
    const mines = serverMines(s.roomId!)!;
    s = await clearWithMouse(page, mines, (x) => x.phase === "won");
    s = await waitHub(page, (x) => x.phase === "won" && !!x.result, "the win and its result");
    const final = s.cells!;
    const result = s.result as { replayId: number; ranked: boolean; stats: { threeBV: number; clicks: number } };
    expect(result.ranked).to.equal(true);
    expect(await page.isVisible("#ms-result")).to.equal(true);
    expect(await page.textContent("#ms-result .ms-stats")).to.match(/3BV\/s/);
    expect(await page.getAttribute("#result-replay", "href")).to.equal(`#/replay/${result.replayId}`);
    await screenshot(page, "solo-result");

    // the lobby's leaderboard has the time; tabs work with the keyboard
    await page.click("#back-to-lobby");
    await page.waitForSelector('#leaderboard-panel[data-loaded="beginner/all"]');
    // The ranking rules are behind "How are games ranked?", in plain words (common/minesweeper/plausible.ts).
    expect(await page.isVisible("#lb-rule"), "folded away").to.equal(false);
    await page.click("#lb-rules-summary");
    expect(await page.textContent("#lb-rule")).to.match(/Only games a person could have played rank/).and.match(/Beginner0\.25 s12 3BV\/s2/);
    expect(await page.textContent("#leaderboard")).to.not.match(/Noobs|Normies|Torment|Hell/);
    const row = await page.textContent("#leaderboard-table tbody tr");
    expect(row).to.match(/^1Rita\d+\.\d\d s/);
    expect(await page.getAttribute("#lb-level-tab-beginner", "aria-selected")).to.equal("true");
    await page.focus("#lb-level-tab-beginner");
    await page.keyboard.press("ArrowRight");
    await page.waitForSelector('#leaderboard-panel[data-loaded="intermediate/all"]');
    expect(await page.getAttribute("#lb-level-tab-intermediate", "aria-selected")).to.equal("true");
    expect(await page.evaluate(() => document.activeElement?.id)).to.equal("lb-level-tab-intermediate");
    expect(await page.textContent(".lb-note")).to.match(/No times on Intermediate yet/);
    await page.keyboard.press("Home");
    await page.waitForSelector('#leaderboard-panel[data-loaded="beginner/all"]');
    await page.click("#lb-window-tab-today");
    await page.waitForSelector('#leaderboard-panel[data-loaded="beginner/today"]');
    expect(await page.$$eval("#leaderboard-table tbody tr", (r) => r.length)).to.equal(1);
    expect(await page.getAttribute("#leaderboard-panel", "aria-labelledby")).to.equal("lb-level-tab-beginner lb-boards-tab-ordinary lb-window-tab-today");
    mkdirSync(RESULTS, { recursive: true });
    await page.locator("#leaderboard").screenshot({ path: join(RESULTS, "leaderboard-panel.png") });

    // the replay link in the leaderboard opens the replay page
    await page.click(".lb-replay");
    s = await waitHub(page, (x) => x.page === "replay" && x.ready === true, "the replay page");
    expect(s.route).to.equal(`#/replay/${result.replayId}`);
    expect(await page.textContent("body"), "one name per level, here too").to.not.match(/Noobs/);
    const total = rp(s).total;
    expect(rp(s)).to.include({ position: 0, playing: false, done: false });
    expect(s.cells!.every((c) => c === CELL.HIDDEN)).to.equal(true);

    await page.click('[data-speed="4"]');
    expect(await page.getAttribute('[data-speed="4"]', "aria-checked")).to.equal("true");
    await page.click("#replay-play");
    s = await waitHub(page, (x) => rp(x).playing || rp(x).done, "playback");
    s = await waitHub(page, (x) => rp(x).done && !rp(x).playing, "the end of the replay", 30_000);
    expect(rp(s).position).to.equal(total);
    expect(s.phase).to.equal("won");
    expect(s.cells, "the replay ends on the stored game's final board").to.deep.equal(final);
    expect(rp(s).stats.threeBV).to.equal(result.stats.threeBV);
    expect(rp(s).stats.clicks).to.equal(result.stats.clicks);
    expect(s.timer).to.equal((await page.textContent(".ms-timer"))!.trim());

    // the scrubber seeks by re-running the log: Home → start, arrows step
    await page.focus("#replay-scrub");
    await page.keyboard.press("Home");
    s = await waitHub(page, (x) => rp(x).position === 0, "the start");
    expect(s.cells!.every((c) => c === CELL.HIDDEN)).to.equal(true);
    await page.keyboard.press("ArrowRight");
    s = await waitHub(page, (x) => rp(x).position === 1, "move 1");
    expect(s.cells![4 * 9 + 4]).to.equal(0);
    const mid = Math.max(1, Math.floor(total / 2));
    await page.$eval("#replay-scrub", (el, v) => {
      (el as HTMLInputElement).value = String(v);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }, mid);
    s = await waitHub(page, (x) => rp(x).position === mid, "the middle");
    expect(await page.textContent("#replay-pos")).to.match(new RegExp(`^Move ${mid} / ${total} · `));
    await screenshot(page, "replay-page");

    // and on a phone
    const phone = await suite.open(PHONE, `#/replay/${result.replayId}`);
    await waitHub(phone.page, (x) => x.page === "replay" && x.ready === true, "the replay on a phone");
    await phone.page.tap("#replay-play");
    await waitHub(phone.page, (x) => rp(x).position > 0, "phone playback");
    await screenshot(phone.page, "replay-phone");
    expect((await hub(phone.page)).cellSize).to.be.greaterThan(20);
  });
});
