// Browser tests: a full disk is said in words a player understands. The hub's room log lives
// on a small tmpfs this suite mounts and fills (root), or is capped with max_page_count: a
// drop refused because it could not be saved shows the server's words and changes nothing on
// the grid; once space is back the next drop lands; a new game asked for on a full disk is
// refused in the lobby in the same plain words. Desktop and phone; screenshots in test-results/.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "chai";
import type { Page } from "playwright-core";
import { SqliteRoomLog } from "../../server/store/RoomLog.js";
import { gamePage, DESKTOP, hub, PHONE, screenshot, waitHub, useBrowserHub, type HubSnapshot } from "../helpers/e2e.js";
import { fillRoomLog, freeRoomLog, mountSmallDisk, truncateWal } from "../helpers/fullDisk.js";
import { LAX_ADDRESS_LIMITS } from "../helpers/hub.js";

type C4 = HubSnapshot & { game?: string; grid?: number[]; acting?: number[]; gameNo?: number };

const disk = mountSmallDisk(16);
const dir = disk?.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "hub-e2e-full-"));
const MOVE_WORDS = "The server could not save your move because its disk is full. Nothing changed; try again in a moment.";
const CREATE_WORDS = "The server's disk is full, so no new game can start right now. Games already running go on; try again in a few minutes.";

describe("e2e: a full disk, in words", function () {
  this.timeout(120_000);
  let log: SqliteRoomLog;
  const suite = useBrowserHub({
    botDelayScale: 0.1,
    hubPerTest: true,
    config: () => {
      log = new SqliteRoomLog(path.join(dir, `rooms-${Date.now()}.sqlite`));
      return { roomLog: log, diskReserveMb: 0, botThreads: 0, ...LAX_ADDRESS_LIMITS };
    },
  });
  function fill(roomId: string): void {
    if (disk) {
      truncateWal(log);
      disk.fill();
    } else fillRoomLog(log, roomId, 1);
  }
  function free(): void {
    if (disk) disk.free();
    else freeRoomLog(log);
  }
  afterEach(() => free());
  after(() => (disk ? disk.unmount() : fs.rmSync(dir, { recursive: true, force: true })));

  async function soloGame(page: Page): Promise<C4> {
    await gamePage(page, "connect4"); // the forms are on the game's own page
    await page.waitForSelector("#connect4-solo-btn");
    await page.fill("input[name=name]", "Dee");
    await page.click("#connect4-solo-btn");
    return (await waitHub(page, (s) => (s as C4).game === "connect4" && s.phase === "playing" && (s as C4).acting?.[0] === 0, "my turn in a solo game")) as C4;
  }

  for (const [label, device] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`${label}: a drop the server cannot save is refused in words and changes nothing; once space is back it lands; no new game meanwhile`, async () => {
      const { page } = await suite.open(device);
      const before = await soloGame(page);
      fill(before.roomId!);
      await page.locator('.c4-col[data-col="3"]').click();
      await page.waitForSelector(`:is(.toasts, .toasts-near) :text("${MOVE_WORDS}")`); // beside the column tapped (client/ui/toast.ts)
      await screenshot(page, `disk-full-move-refused-${label}`);
      const after = (await hub(page)) as C4;
      expect(after.grid, "the grid is as it was").to.deep.equal(before.grid);
      expect(after.acting).to.deep.equal([0]);

      // The lobby in another tab: a new game is refused in the same plain words.
      const lobby = await suite.open(device);
      await gamePage(lobby.page, "connect4"); // the forms are on the game's own page
      await lobby.page.waitForSelector("#connect4-solo-btn");
      await lobby.page.fill("input[name=name]", "Eve");
      await lobby.page.click("#connect4-solo-btn");
      await lobby.page.waitForSelector(`.lobby-status.error:text("${CREATE_WORDS}")`, { state: "attached" });
      await lobby.page.waitForSelector(`:is(.toasts, .toasts-near) :text("${CREATE_WORDS}")`); // seen where the player is, far down the page
      await screenshot(lobby.page, `disk-full-lobby-refused-${label}`);
      expect((await hub(lobby.page)).route, "still on the game page").to.equal("#/games/connect4");

      free();
      await page.waitForTimeout(400); // a failing log is probed again at most every quarter second
      await page.locator('.c4-col[data-col="3"]').click();
      const landed = (await waitHub(page, (s) => ((s as C4).grid ?? []).filter((x) => x !== -1).length >= 1, "the disc, once space is back")) as C4;
      expect(landed.grid!.filter((x) => x !== -1).length).to.be.at.least(1);
      await screenshot(page, `disk-full-move-saved-${label}`);
    });
  }
});
