// Browser test: offline solo. The lobby preloads the offline page; with the
// network cut the game is played to a win in the browser (common/ rules, local
// clock), the submission fails visibly, a refusal shows its reason, and back
// online the server verifies the game (unranked) and its replay opens.
import { expect } from "chai";
import { CELL } from "../../common/minesweeper/types.js";
import { DESKTOP, hub, screenshot, waitHub, type HubSnapshot } from "../helpers/e2e.js";
import { clearWithMouse, enterLobby, useSuite } from "./minesweeper.helpers.js";

type OfflineSnap = { submit: { state: string; id?: number; reason?: string }; result: { phase: string; moves: number } | null };
const off = (s: HubSnapshot) => s.offline as OfflineSnap;

describe("e2e: minesweeper offline solo", function () {
  this.timeout(90_000);
  const suite = useSuite();

  it("plays with the network off, then submits: failed → refused (reason shown) → verified, and the replay opens", async () => {
    const { page, context } = await suite.open(DESKTOP);
    await enterLobby(page, "Olga");
    await page.waitForSelector("#offline-solo[data-preloaded=true]", { timeout: 15_000 });

    await context.setOffline(true);
    await page.selectOption("#offline-level-pick", "beginner");
    await page.click("#offline-play-btn");
    let s = await waitHub(page, (x) => x.page === "offline" && x.rows === 9 && x.ready === true, "the offline board");
    expect(s).to.include({ route: "#/offline/beginner", mode: "offline", phase: "fresh", mines: 10 });

    const first = await page.evaluate(() => window.__hub.cellCenter(4, 4));
    await page.mouse.click(first!.x, first!.y);
    s = await waitHub(page, (x) => x.phase === "active", "the first reveal");
    expect(s.cells![4 * 9 + 4]).to.equal(0);
    const mines = Uint8Array.from((await page.evaluate(() => (window.__hub as unknown as { offlineMines(): number[] | null }).offlineMines()))!);
    expect(mines.reduce((a, b) => a + b, 0)).to.equal(10);
    // one right click: a flag counts as a click in the stats
    const mine = mines.findIndex((m, i) => m === 1 && s.cells![i] === CELL.HIDDEN);
    const mc = await page.evaluate(([r, c]) => window.__hub.cellCenter(r, c), [Math.floor(mine / 9), mine % 9]);
    await page.mouse.click(mc!.x, mc!.y, { button: "right" });
    await waitHub(page, (x) => x.cells![mine] === CELL.FLAG, "a flag");
    s = await clearWithMouse(page, mines, (x) => x.phase === "won");
    s = await waitHub(page, (x) => x.phase === "won" && off(x).result !== null, "the offline win");
    expect(await page.isVisible("#ms-result")).to.equal(true);
    const statsText = await page.textContent("#ms-result .ms-stats");
    expect(statsText).to.match(/3BV/).and.to.match(/3BV\/s/).and.to.match(/Clicks/).and.to.match(/Efficiency/);
    expect(await page.textContent('#ms-result [data-stat="clicks"] dd')).to.match(/^\d+ \d+ L · 1 R/);

    // still offline: the submission fails and says so, the game is kept
    await page.click("#offline-submit");
    await page.waitForSelector('#offline-verdict[data-verdict="failed"]');
    expect(await page.textContent("#offline-verdict")).to.match(/Could not reach the server/);

    // online, but the server refuses (rate limit): the reason is shown, a retry is offered
    await context.setOffline(false);
    await page.route("**/api/minesweeper/replays", (route) =>
      route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ error: { code: "rate-limited" } }) }),
    );
    await page.click("#offline-submit");
    await page.waitForSelector('#offline-verdict[data-verdict="refused"]');
    expect(await page.textContent("#offline-verdict")).to.match(/^Refused: Too many submissions/);
    await page.unroute("**/api/minesweeper/replays");

    // the real server replays the log and verifies it
    await page.click("#offline-submit");
    await page.waitForSelector('#offline-verdict[data-verdict="verified"]');
    s = await hub(page);
    expect(off(s).submit.state).to.equal("verified");
    expect(await page.textContent("#offline-verdict")).to.match(/Verified ✓.*unranked/);
    await screenshot(page, "offline-verified");

    // its replay is stored: the page replays the same log
    const moves = off(s).result!.moves;
    await page.click("#offline-replay");
    const r = await waitHub(page, (x) => x.page === "replay" && x.ready === true, "the replay of the offline game");
    expect((r.replay as { total: number }).total).to.equal(moves);
    expect(await page.textContent(".room-sub")).to.match(/Offline solo \(verified\)/);
  });
});
