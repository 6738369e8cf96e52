// Auto Pets' Pass when the rules would refuse it (issue 37, point 1): solo against 3 hard
// bots, the player buys pets until the hand holds 6. Pass is then disabled, with the rules'
// reason ("sell down to 5") written right under it, on a phone by touch and on a desktop by
// mouse; nothing asks "It is final" for a pass that cannot happen. A refusal the server sends
// (the room log's disk full: `not-saved`) lands next to the control the player touched
// (Sell), not in a box above the fold, and changes nothing. Screenshots:
// test-results/pets-pass-{phone,desktop}-*.png.
import { expect } from "chai";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContextOptions, Page } from "playwright-core";
import { cardDef } from "../../common/pets/index.js";
import { SqliteRoomLog } from "../../server/store/RoomLog.js";
import { gamePage, hub, PHONE, screenshot, useBrowserHub, waitHub } from "../helpers/e2e.js";
import { fillRoomLog, freeRoomLog, mountSmallDisk, truncateWal } from "../helpers/fullDisk.js";
import { mouseTable, touchTable, type PetsSnap, type TableInput } from "../helpers/petsTable.js";

type Pets = PetsSnap & { holding?: boolean };
type Box = { x: number; y: number; width: number; height: number };
const isPet = (k: string) => cardDef(k).kind === "pet";
const DESKTOP_1366: BrowserContextOptions = { viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1 };

const disk = mountSmallDisk(16);
const dir = disk?.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "hub-pets-pass-"));
const log = new SqliteRoomLog(path.join(dir, "rooms.sqlite"));

/** The room log's disk is full: the room's next move cannot be written. */
function fill(roomId: string, gameNo: number): void {
  if (disk) {
    truncateWal(log);
    disk.fill();
  } else fillRoomLog(log, roomId, gameNo);
}
function free(): void {
  if (disk) disk.free();
  else freeRoomLog(log);
}

/** The gap between two boxes (0 when they touch or overlap). */
function gap(a: Box, b: Box): number {
  const dx = Math.max(0, a.x - (b.x + b.width), b.x - (a.x + a.width));
  const dy = Math.max(0, a.y - (b.y + b.height), b.y - (a.y + a.height));
  return Math.hypot(dx, dy);
}

/**
 * Plays this seat until it is its shop turn with 6 pets or more: buys pets first (food when
 * the row has none), passes through the confirmation while it holds 5 or fewer, keeps the
 * first trade pick, locks the deck in, skips the battles.
 */
async function sixPets(page: Page, input: TableInput): Promise<Pets> {
  for (let i = 0; i < 3000; i++) {
    const s = (await hub(page)) as Pets;
    if (s.phase === "finished") throw new Error("the game ended before the hand held 6 pets");
    if (s.holding || s.animating) {
      await input.tap("#pets-skip").catch(() => undefined);
      await page.waitForTimeout(100);
      continue;
    }
    const me = s.seat!;
    const pets = (s.hand ?? []).filter(isPet).length;
    if (s.phase === "playing" && s.stage === "shop" && s.turn === me && !s.passed) {
      if (pets > 5 && !s.picks?.length) return s;
      if (s.picks?.length) {
        await input.tapCard("pick", 0);
      } else if ((s.gold ?? 0) > 0) {
        const row = (s.cards ?? []).filter((c) => c.zone === "shop" && c.active);
        const card = row.find((c) => isPet(c.key)) ?? row[0];
        if (card) {
          await input.tapCard("shop", card.index);
          await waitHub(page, (x) => (x as Pets).gold !== s.gold || (x as Pets).turn !== me, "the buy", 4000).catch(() => null);
          continue;
        }
      }
      if ((s.gold ?? 0) === 0 || !(s.cards ?? []).some((c) => c.zone === "shop" && c.active)) {
        if (await page.isEnabled("#pets-pass")) {
          await input.tap("#pets-pass");
          if (await page.waitForSelector("#pets-confirm:not([hidden])", { timeout: 3000 }).catch(() => null)) await input.tap("#pets-pass-yes");
          await waitHub(page, (x) => (x as Pets).passed === true || (x as Pets).stage !== "shop", "the pass", 5000).catch(() => null);
        }
      }
      continue;
    }
    if (s.phase === "playing" && s.stage === "arrange" && !s.arranged && (s.cards ?? []).some((c) => c.zone === "order")) {
      await input.tap("#pets-arrange");
      await waitHub(page, (x) => (x as Pets).arranged === true || (x as Pets).stage !== "arrange", "the deck locked in", 5000).catch(() => null);
      continue;
    }
    await page.waitForTimeout(80);
  }
  throw new Error("never reached a shop turn with 6 pets");
}

describe("e2e: Auto Pets' Pass says why it cannot be pressed; a refusal lands where the player touched", function () {
  this.timeout(120_000);
  const suite = useBrowserHub({ botDelayScale: 0.05, config: () => ({ botThreads: 0, roomLog: log, diskReserveMb: 0 }) });
  after(() => {
    log.close();
    disk?.unmount();
    if (!disk) fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const [name, options] of [["phone", PHONE], ["desktop", DESKTOP_1366]] as const) {
    it(`${name}: 6 pets against 3 hard bots — Pass disabled with its reason under it; a refused Sell is answered next to Sell`, async () => {
      const { page } = await suite.open(options);
      const input = name === "phone" ? touchTable(page, await page.context().newCDPSession(page)) : mouseTable(page);
      await gamePage(page, "pets");
      await page.selectOption("#pets-bots", "3");
      await page.selectOption("#pets-level", "hard");
      await input.tap("#pets-solo-btn");
      await waitHub(page, (s) => (s as Pets).game === "pets" && s.phase === "playing", "a solo game against 3 bots");

      const s = await sixPets(page, input);
      const pets = (s.hand ?? []).filter(isPet).length;
      expect(pets).to.be.greaterThan(5);
      // the buttons and the reason under them, brought onto the screen together
      await page.locator("#pets-pass-why").scrollIntoViewIfNeeded().catch(() => undefined);
      expect(await page.isDisabled("#pets-pass"), "Pass is disabled: the rules would refuse it").to.equal(true);
      const why = page.locator("#pets-pass-why");
      expect(await why.isVisible(), "the reason is shown").to.equal(true);
      expect(await why.textContent()).to.match(new RegExp(`${pets} pets.*sell.*5`, "i"));
      expect(await page.getAttribute("#pets-pass", "aria-describedby"), "the button names its reason").to.equal("pets-pass-why");
      const button = (await page.locator("#pets-pass").boundingBox())!;
      const reason = (await why.boundingBox())!;
      const width = options.viewport!.width;
      expect(reason.y, "the reason is under the button").to.be.at.least(button.y + button.height - 2);
      expect(reason.y - (button.y + button.height), "right under it").to.be.below(40);
      expect(reason.x + reason.width, "inside the screen").to.be.at.most(width + 1);
      expect(reason.y + reason.height, "on screen with the button").to.be.at.most(options.viewport!.height + 1);
      expect(button.y, "the button on screen too").to.be.at.least(0);
      await screenshot(page, `pets-pass-${name}-disabled`);
      // Pressing it anyway asks nothing (a disabled button).
      await page.locator("#pets-pass").click({ force: true }).catch(() => undefined);
      expect(await page.locator("#pets-confirm").isHidden(), "no 'It is final' for a pass that cannot happen").to.equal(true);

      // The server refuses a sale (its disk is full): the words land next to Sell, and nothing changes.
      const hand = s.hand!.length;
      const first = (s.hand ?? []).findIndex(isPet);
      expect(await input.tapCard("hand", first), "a pet in the hand").to.equal(true);
      await page.waitForSelector('.pets-key[data-zone="hand"][aria-pressed="true"]');
      fill(s.roomId!, s.gameNo ?? 1);
      try {
        await input.tap("#pets-sell");
        const refusal = page.locator(".toast-error", { hasText: /could not save/i });
        await refusal.first().waitFor({ state: "visible", timeout: 8000 });
        const sell = (await page.locator("#pets-sell").boundingBox())!;
        const box = (await refusal.first().boundingBox())!;
        expect(gap(box, sell), `the refusal (${JSON.stringify(box)}) is next to Sell (${JSON.stringify(sell)})`).to.be.below(24);
        expect(box.x, "inside the screen").to.be.at.least(0);
        expect(box.x + box.width).to.be.at.most(width + 1);
        expect(box.y, "on screen").to.be.at.least(0);
        expect(box.y + box.height).to.be.at.most(options.viewport!.height);
        await screenshot(page, `pets-pass-${name}-refused`);
        expect(((await hub(page)) as Pets).hand, "nothing changed").to.have.length(hand);
      } finally {
        free();
      }
    });
  }
});
