// Browser test: Cubestacc explains itself. Before a player's first game a how-to card
// teaches UH OH, Caught!, dumps, K +2 stacks, wilds and the wild pivot; "?" brings it back;
// every disabled action button says why in visible words (on a phone too); and after
// "See the table" at the end there is still a way to play again without the lobby. At a timed
// table the card never costs a turn: the game's lobby page offers it before the game, and at
// the table it steps aside when the newcomer's turn comes; its ✕ is at the top of a phone.
import { expect } from "chai";
import type { CDPSession, Page } from "playwright-core";
import { matchMaker } from "@colyseus/core";
import type { CubestaccRoom } from "../../server/rooms/cubestacc/index.js";
import { rigTable, setHands } from "../helpers/cubestacc.js";
import { hub, PHONE, screenshot, useBrowserHub, type OpenedPage, gamePage } from "../helpers/e2e.js";
import { waitCs, type Cs } from "./cubestacc.helpers.js";


async function touchTap(page: Page, cdp: CDPSession, x: number, y: number): Promise<void> {
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y, id: 1 }] });
  await page.waitForTimeout(40);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

describe("e2e: cubestacc explains itself", function () {
  this.timeout(90_000);
  const suite = useBrowserHub({ botDelayScale: 0.12, config: () => ({ reconnectSeconds: 20, seatHoldSeconds: 120 }) });

  it("phone: how to play before the first game and behind ?, reasons on disabled buttons, play again after See the table", async () => {
    const { page, context } = await suite.open(PHONE);
    const cdp = await context.newCDPSession(page);
    await gamePage(page, "cubestacc");
    await page.fill("input[name=name]", "Nell");
    await page.evaluate(() => localStorage.setItem("hub.cubestacc.guide", "done")); // this test picks cards itself (cubestacc.guide.test.ts has the guide)
    await page.selectOption("#cs-bots", "1");
    await page.tap("#cs-solo-btn");

    // the how-to comes first, on top of the dealt table
    let s = await waitCs(page, (x) => x.ready === true && x.phase === "playing" && x.howtoShown === true, "the how-to card");
    const text = (await page.textContent("#cs-howto"))!;
    for (const words of ["UH OH", "Caught!", "Dumps", "K +2", "only another K", "Wilds", "Wild pivot", "Done", "draw 3"]) expect(text, words).to.contain(words);
    const box = (await page.locator("#cs-howto .notice").boundingBox())!;
    expect(box.x).to.be.at.least(0);
    expect(box.x + box.width).to.be.at.most(390);
    expect(box.y + box.height).to.be.at.most(844);
    expect(await page.isVisible("#cs-howto-close"), "the way out is on screen").to.equal(true);
    await screenshot(page, "cubestacc-howto-phone");
    await page.tap("#cs-howto-close");
    s = await waitCs(page, (x) => x.howtoShown === false && x.myTurn === true && !x.animating, "the table");

    // every disabled button says why, in words a phone shows
    for (const [name, enabled] of Object.entries(s.buttons!)) {
      if (enabled) continue;
      expect(s.reasons![name], `why ${name} is disabled`).to.match(/\w/);
      const why = page.locator(`#cs-${name}-why`);
      expect(await why.isVisible(), `${name}'s reason is visible`).to.equal(true);
      const b = (await why.boundingBox())!;
      expect(b.x).to.be.at.least(0);
      expect(b.x + b.width).to.be.at.most(390);
      expect(b.y + b.height).to.be.at.most(844);
    }
    expect(s.reasons!.uhoh).to.equal("at 2 cards");
    expect(s.reasons!.caught).to.equal("nobody to catch");
    if ((s.legal ?? []).length > 0) expect(s.reasons!.draw).to.equal("you can play");
    await screenshot(page, "cubestacc-reasons-phone");

    // "?" brings the card back
    await page.tap("#cs-help");
    await waitCs(page, (x) => x.howtoShown === true, "the how-to again");
    await page.tap("#cs-howto-close");
    await waitCs(page, (x) => x.howtoShown === false, "closed");

    // one card left that fits on the starting cube's TOP: play it and win
    const room = matchMaker.getLocalRoomById(s.roomId!) as unknown as CubestaccRoom;
    rigTable(room, (table) => {
      const root = table.placed[0].card;
      const suit = Math.floor(root / 14);
      const rank = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((r) => suit * 14 + r !== root)!;
      const card = suit * 14 + rank;
      setHands(table, [[card], table.hands[1].filter((c) => c !== card)]);
      table.turn = 0;
      table.dump = null;
      table.pending = 0;
    });
    s = await waitCs(page, (x) => x.hand?.length === 1 && (x.legal ?? []).some((l) => l.mode === "top" && l.onto === 0) && !x.animating, "one playable card");
    const play = s.legal!.find((l) => l.mode === "top" && l.onto === 0)!;
    const c = (await page.evaluate((id) => (window.__hub as any).cardCenter(id), play.card)) as { x: number; y: number };
    await touchTap(page, cdp, c.x, c.y);
    await waitCs(page, (x) => x.selected === play.card && !x.animating, "the card picked");
    const t = (await page.evaluate(([o, m]) => (window.__hub as any).targetCenter(o, m), [play.onto, play.mode] as const)) as { x: number; y: number };
    await touchTap(page, cdp, t.x, t.y);
    s = await waitCs(page, (x) => x.phase === "finished" && x.endShown === true, "the win");

    // See the table, then play again from there
    await page.tap("#cs-see-table");
    s = await waitCs(page, (x) => x.endShown === false && x.afterShown === true, "the table with a way back");
    expect(await page.isVisible("#cs-after-again")).to.equal(true);
    await screenshot(page, "cubestacc-after-phone");
    await page.tap("#cs-after-again");
    s = await waitCs(page, (x) => x.phase === "playing" && x.gameNo === 2 && (x.hand?.length ?? 0) === 7, "the second game");
    expect(s.howtoShown, "taught once").to.equal(false);
    expect(s.afterShown).to.equal(false);

    // a reload (rejoining the same seat) does not teach again either
    await page.reload();
    s = await waitCs(page, (x) => x.ready === true && x.phase === "playing" && (x.hand?.length ?? 0) > 0, "the table after a reload");
    expect((await hub(page) as Cs).howtoShown).to.equal(false);
  });

  it("phone: the lobby page teaches before the game; at a timed table the card never costs a turn, its ✕ at the top", async () => {
    const open = async (name: string, seen: boolean): Promise<OpenedPage> => {
      const o = await suite.open(PHONE, "#/games/cubestacc");
      await gamePage(o.page, "cubestacc");
      await o.page.fill("input[name=name]", name);
      await o.page.evaluate((s) => (s ? localStorage.setItem("hub.cubestacc.howto", "seen") : localStorage.removeItem("hub.cubestacc.howto")), seen);
      await o.page.selectOption("#cs-seats-quick", "2");
      return o;
    };
    const old = await open("Olga", true);
    const neo = await open("Neo", false);

    // before the game: How to play on the game's page, closed from the top
    await neo.page.tap("#cs-lobby-howto");
    await neo.page.waitForSelector("#cs-howto:not([hidden])");
    const x = (await neo.page.locator("#cs-howto-x").boundingBox())!;
    expect(x.y, "the ✕ is at the top").to.be.lessThan(120);
    expect(x.x + x.width).to.be.at.most(390);
    await screenshot(neo.page, "cubestacc-howto-lobby-phone");
    await neo.page.tap("#cs-howto-x");
    await neo.page.waitForSelector("#cs-howto", { state: "hidden" });
    // still a newcomer at the table (this test is about the table too)
    await neo.page.evaluate(() => localStorage.removeItem("hub.cubestacc.howto"));

    // a timed two-player table by quick play
    await old.page.tap("#cs-quick-btn");
    await waitCs(old.page, (x) => !!x.roomId && x.connection === "connected", "Olga at a table");
    await neo.page.tap("#cs-quick-btn");
    let s = await waitCs(neo.page, (x) => x.ready === true && x.phase === "playing" && typeof x.turn === "number", "the game on Neo's phone");
    expect(s.roomId).to.equal((await hub(old.page)).roomId);
    const room = matchMaker.getLocalRoomById(s.roomId!) as unknown as CubestaccRoom;
    const neoSeat = s.seat!;
    if (s.myTurn) expect(s.howtoShown, "never over Neo's own timed turn").to.equal(false);

    // Olga's turn: the card teaches Neo meanwhile, with its ✕ at the top and the clock said
    rigTable(room, (t) => void (t.turn = 1 - neoSeat));
    s = await waitCs(neo.page, (x) => x.myTurn === false && x.howtoShown === true, "the how-to while Olga plays");
    const box = (await neo.page.locator("#cs-howto-x").boundingBox())!;
    expect(box.y, "the ✕ is at the top of the phone").to.be.lessThan(120);
    expect(await neo.page.isVisible("#cs-howto-x")).to.equal(true);
    expect(await neo.page.textContent("#cs-howto")).to.match(/turn clock: this card closes by itself when your turn comes/);
    await screenshot(neo.page, "cubestacc-howto-timed-phone");

    // Neo's turn comes: the card steps aside, the whole turn is Neo's
    rigTable(room, (t) => void (t.turn = neoSeat));
    s = await waitCs(neo.page, (x) => x.myTurn === true && x.howtoShown === false, "Neo's turn, the card out of the way", 5000);
    expect(await neo.page.isVisible("#cs-hand")).to.equal(true);
    await screenshot(neo.page, "cubestacc-howto-turn-came-phone");
    // and "?" still opens it
    await neo.page.tap("#cs-help");
    await waitCs(neo.page, (x) => x.howtoShown === true, "the how-to on ?");
    await neo.page.tap("#cs-howto-x");
    await waitCs(neo.page, (x) => x.howtoShown === false, "closed by its ✕");
  });
});
