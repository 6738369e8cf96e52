// Browser test: taking a K stack explains itself once, to the taker alone, as the original's
// explain popup does (client/games/cubestacc/penalty.ts). Two easy bots stack a King each on
// the phone player, who takes the stack with Take 4; a watcher in a desktop page sees only
// the event line.
import { expect } from "chai";
import { matchMaker } from "@colyseus/core";
import type { CubestaccRoom } from "../../server/rooms/cubestacc/index.js";
import { rigTable, setHands } from "../helpers/cubestacc.js";
import { DESKTOP, gamePage, PHONE, screenshot, useBrowserHub } from "../helpers/e2e.js";
import { waitCs } from "./cubestacc.helpers.js";

describe("e2e: cubestacc explains a taken K stack", function () {
  this.timeout(90_000);
  const suite = useBrowserHub({ botDelayScale: 0.12, config: () => ({ reconnectSeconds: 20, seatHoldSeconds: 120 }) });

  it("phone: two Kings stacked by the bots, Take 4, and the notice says why, naming them", async () => {
    const { page } = await suite.open(PHONE);
    await gamePage(page, "cubestacc"); // the game's form is on its own page
    await page.waitForSelector("#cubestacc-play");
    await page.fill("input[name=name]", "Kay");
    await page.evaluate(() => {
      localStorage.setItem("hub.cubestacc.guide", "done");
      localStorage.setItem("hub.cubestacc.howto", "seen");
    });
    await page.selectOption("#cs-bots", "2");
    await page.selectOption("#cs-bot-level", "easy");
    await page.tap("#cs-solo-btn");
    let s = await waitCs(page, (x) => x.ready === true && x.phase === "playing" && (x.hand?.length ?? 0) > 0, "the dealt table");

    // Bot 1 holds the root suit's K and nothing else that fits; bot 2 a K to answer with; you no K.
    const room = matchMaker.getLocalRoomById(s.roomId!) as unknown as CubestaccRoom;
    rigTable(room, (table) => {
      const root = table.placed[0].card;
      const S = Math.floor(root / 14);
      const [A, B] = [0, 1, 2, 3].filter((x) => x !== S);
      const nums = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((r) => r !== root % 14);
      const card = (suit: number, rank: number) => suit * 14 + rank;
      setHands(table, [
        [card(B, nums[0]), card(B, nums[1]), card(A, nums[2]), card(B, nums[3])],
        [card(S, 12), card(A, nums[0]), card(A, nums[1]), card(B, nums[2])],
        [card(A, 12), card(B, nums[4]), card(B, nums[5]), card(A, nums[3])],
      ]);
      table.turn = 1;
      table.dump = null;
      table.pending = 0;
      table.owed = 0;
    });
    s = await waitCs(page, (x) => x.myTurn === true && x.drawAction === "take" && !x.animating, "two Kings stacked on me", 30_000);
    expect(s.penalty, "nothing to explain before the take").to.equal("");
    expect(s.buttons!.draw).to.equal(true);

    await page.tap("#cs-draw");
    s = await waitCs(page, (x) => typeof x.penalty === "string" && x.penalty.length > 0, "the explanation");
    const names = s.seats!.slice(1, 3).map((seat) => seat.name);
    expect(s.penalty).to.equal(`You draw 4: two Kings were stacked on you by ${names[0]} and ${names[1]}.`);
    const text = (await page.textContent("#cs-penalty"))!;
    expect(text).to.contain("Each K adds 2");
    expect(text).to.contain("Your turn goes on");
    const box = (await page.locator("#cs-penalty").boundingBox())!;
    expect(box.x).to.be.at.least(0);
    expect(box.x + box.width).to.be.at.most(390);
    const hand = (await page.locator(".cs-hand").boundingBox())!;
    expect(box.y + box.height, "the notice leaves the hand free").to.be.at.most(hand.y + 1);
    const camera = (await page.locator(".cs-view").boundingBox())!;
    expect(box.y + box.height, "the notice leaves the camera buttons free").to.be.at.most(camera.y + 1);
    const log = (await page.locator("#cs-log").boundingBox())!;
    expect(box.y, "the event line stays readable above it").to.be.at.least(log.y + log.height - 1);
    await screenshot(page, "cubestacc-kstack-explained-phone");

    // A watcher is told in the event line, not with the taker's notice.
    const watcher = await suite.open(DESKTOP, `#/spectate/${s.roomId}`);
    await waitCs(watcher.page, (x) => x.ready === true && x.phase === "playing", "the watcher's table");

    // It closes on its button and does not come back by itself.
    await page.tap("#cs-penalty-close");
    s = await waitCs(page, (x) => x.penalty === "", "the notice closed");
    expect((await waitCs(watcher.page, () => true, "watcher")).penalty).to.equal("");
  });
});
