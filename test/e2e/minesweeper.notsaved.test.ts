// Browser test: a solo game won while the store cannot write (SQLite capped at its size:
// SQLITE_FULL) shows "Result not saved yet" on the result card, without a replay link; once
// space returns the queued result is written and the card shows the replay link.
import { expect } from "chai";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SqliteStore } from "../../server/store/index.js";
import { clickCell, DESKTOP, serverMines, waitHub } from "../helpers/e2e.js";
import { fillDisk, freeDisk } from "../helpers/fullDisk.js";
import { clearWithMouse, startSoloBeginner, useSuite } from "./minesweeper.helpers.js";

describe("e2e: minesweeper result not saved yet (full disk)", function () {
  this.timeout(90_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hub-e2e-full-"));
  const store = new SqliteStore(path.join(dir, "hub.sqlite"));
  const suite = useSuite(() => ({ store, saveQueue: { firstRetryMs: 100, maxRetryMs: 300, log: () => {} } }));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("the result card says the result is not saved yet, then offers the replay once it is", async () => {
    fillDisk(store);
    const { page } = await suite.open(DESKTOP);
    let s = await startSoloBeginner(page, "Disk");
    await clickCell(page, 4, 4);
    s = await waitHub(page, (x) => x.phase === "active" || x.phase === "won", "the first reveal");
    s = await clearWithMouse(page, serverMines(s.roomId!)!, (x) => x.phase === "won");
    s = await waitHub(page, (x) => x.phase === "won" && !!x.result, "the win and its result");
    expect(s.result).to.include({ saved: false, replayId: 0 });
    expect(await page.textContent("#ms-result .ms-result-note")).to.match(/^Result not saved yet/);
    expect(await page.$("#result-replay")).to.equal(null);

    freeDisk(store);
    await page.waitForSelector("#result-replay", { timeout: 10_000 });
    s = await waitHub(page, (x) => (x.result as { saved?: boolean } | undefined)?.saved === true, "the saved result");
    const id = (s.result as { replayId: number }).replayId;
    expect(id).to.be.greaterThan(0);
    expect(await page.getAttribute("#result-replay", "href")).to.equal(`#/replay/${id}`);
    expect(store.getGame(id)).to.deep.include({ name: "Disk", result: "won" });
  });
});
