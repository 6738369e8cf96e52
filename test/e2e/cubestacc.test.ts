// Browser tests for Cubestacc: the real hub (arena.config.ts) serving the built
// client to Debian's Chromium. Players use the real UI: lobby forms, touch taps
// on a phone (tap a card, tap a glowing face), mouse drags on a desktop (drag a
// card to its slot), the HUD buttons. The page is read through window.__hub
// (hand, legal plays, page-pixel positions of hand cards and target faces).
//
// Bots think for 650–1050 ms in production; these tests scale that down with
// SeatedRoom.botDelayScale (a server-side static, never a client option) so a
// whole game against three bots takes seconds.
import { expect } from "chai";
import type { CDPSession, Page } from "playwright-core";
import { LAX_ADDRESS_LIMITS } from "../helpers/hub.js";
import {
  botsFinishGame,
  DESKTOP,
  dropClient,
  PHONE,
  screenshot,
  useBrowserHub,
  gamePage,
} from "../helpers/e2e.js";
import { cs, waitCs, type Cs, type Legal } from "./cubestacc.helpers.js";


const tableReady = (s: Cs) => s.connection === "connected" && s.ready === true && s.game === "cubestacc" && (s.seats?.length ?? 0) > 0;
const settled = (s: Cs) => !s.animating;

async function cardCenter(page: Page, card: number): Promise<{ x: number; y: number }> {
  const p = await page.evaluate((c) => (window.__hub as any).cardCenter(c) as { x: number; y: number } | null, card);
  if (!p) throw new Error(`card ${card} is not in the hand strip`);
  return p;
}

async function targetCenter(page: Page, t: Legal): Promise<{ x: number; y: number }> {
  const p = await page.evaluate(([onto, mode]) => (window.__hub as any).targetCenter(onto, mode) as { x: number; y: number } | null, [t.onto, t.mode] as const);
  if (!p) throw new Error(`no target ${t.onto}/${t.mode} on screen`);
  return p;
}

async function touchTap(page: Page, cdp: CDPSession, x: number, y: number): Promise<void> {
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y, id: 1 }] });
  await page.waitForTimeout(40);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/** Presses a HUD button the way this device does (a finger tap, or a mouse click). */
async function press(page: Page, selector: string, cdp?: CDPSession): Promise<void> {
  if (!cdp) return page.click(selector);
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} is not visible`);
  await touchTap(page, cdp, box.x + box.width / 2, box.y + box.height / 2);
}

/** A legal play, preferring one that is not a wild (wilds are exercised too, just less often). */
function choosePlay(s: Cs, turn: number): Legal {
  const legal = s.legal!;
  const plain = legal.filter((l) => l.mode !== "wild");
  if (plain.length === 0 || turn % 5 === 4) return legal[turn % legal.length];
  return plain[turn % plain.length];
}

/** After the card left: the wild's suit picker, if it asked. */
async function answerWild(page: Page, play: Legal, cdp?: CDPSession): Promise<void> {
  if (play.mode !== "wild") return;
  await waitCs(page, (x) => x.picking === true, "the wild's suit picker", 8000).catch(async (e) => {
    await screenshot(page, "cubestacc-failed-wild");
    throw e;
  });
  await page.waitForTimeout(250); // a person looks before tapping (taps in the first 200 ms are the opening gesture's tail)
  await press(page, "#cs-suit-hearts", cdp);
  await waitCs(page, (x) => x.picking === false, "the suit picked");
}

/** Tap the card, tap the glowing face it attaches to. */
async function tapPlay(page: Page, cdp: CDPSession, play: Legal): Promise<void> {
  const c = await cardCenter(page, play.card);
  await touchTap(page, cdp, c.x, c.y);
  const s = await waitCs(page, (x) => x.selected === play.card && settled(x), "the picked card to glow its targets");
  expect(s.glowing!.some((g) => g.onto === play.onto && g.mode === play.mode), "the target glows").to.equal(true);
  // A penalty's explanation covers the top of the stack on a phone: picking a card clears it away.
  expect(s.penalty ?? "", "no notice left over the targets").to.equal("");
  const t = await targetCenter(page, play);
  await touchTap(page, cdp, t.x, t.y);
  await answerWild(page, play, cdp);
}

/** Mouse down on the card, drag it over the table to the target face, release. */
async function dragPlay(page: Page, play: Legal): Promise<void> {
  const c = await cardCenter(page, play.card);
  await page.mouse.move(c.x, c.y);
  await page.mouse.down();
  await page.mouse.move(c.x + 8, c.y - 12, { steps: 2 });
  await waitCs(page, (x) => (x.glowing ?? []).some((g) => g.card === play.card) && settled(x), "the dragged card's targets to glow");
  const t = await targetCenter(page, play);
  await page.mouse.move(t.x, t.y, { steps: 8 });
  await page.mouse.up();
  await answerWild(page, play, undefined);
}

interface GameStats {
  plays: number;
  draws: number;
  uhoh: number;
  caught: number;
}

/**
 * Plays our seat until the game is over: UH OH when it can, Caught when
 * someone can be caught, else a legal play (tap or drag), else Done, else
 * Draw / Take / Pass. Every action goes through the real UI.
 */
async function playToTheEnd(page: Page, how: "tap" | "drag", cdp?: CDPSession, onTurn?: (s: Cs, n: number) => Promise<void>, enough: (stats: GameStats) => boolean = (x) => x.plays >= 4): Promise<{ s: Cs; stats: GameStats }> {
  const stats: GameStats = { plays: 0, draws: 0, uhoh: 0, caught: 0 };
  let s = await cs(page);
  for (let turn = 0; turn < 400; turn++) {
    if (enough(stats)) return { s: await botsFinish(page), stats };
    s = await waitCs(
      page,
      (x) => x.phase === "finished" || (settled(x) && (x.canUhOh === true || x.buttons?.caught === true || (x.myTurn === true && ((x.legal?.length ?? 0) > 0 || x.canDone === true || (x.drawAction ?? "") !== "")))),
      "our turn (or the end)",
      30_000,
    );
    if (s.phase === "finished") break;
    const mark = `${s.turnNo}|${s.hand?.join(",")}|${s.cubes?.length}|${s.canUhOh}|${s.buttons?.caught}|${s.canDone}`;
    const changed = (x: Cs) => x.phase === "finished" || `${x.turnNo}|${x.hand?.join(",")}|${x.cubes?.length}|${x.canUhOh}|${x.buttons?.caught}|${x.canDone}` !== mark;
    if (s.canUhOh) {
      await press(page, "#cs-uhoh", cdp);
      stats.uhoh++;
    } else if (s.buttons?.caught) {
      await press(page, "#cs-caught", cdp);
      stats.caught++;
    } else if ((s.legal?.length ?? 0) > 0) {
      if (onTurn) await onTurn(s, turn);
      const play = choosePlay(s, turn);
      const before = s.cubes!.length;
      if (how === "tap") await tapPlay(page, cdp!, play);
      else await dragPlay(page, play);
      s = await waitCs(page, (x) => x.phase === "finished" || (x.cubes!.length > before && !x.hand!.includes(play.card)), `the play of card ${play.card} on ${play.onto}/${play.mode}`);
      const placed = s.cubes!.find((c) => c.card === play.card);
      if (s.phase !== "finished" || placed) expect(placed, "the card is on the stack").to.include({ mode: play.mode });
      if (placed && play.mode === "wild") expect(placed.suit, "the wild took the suit we chose").to.equal("hearts");
      stats.plays++;
      continue;
    } else if (s.canDone) {
      await press(page, "#cs-done", cdp);
    } else if (s.drawAction === "pass") {
      await press(page, "#cs-pass", cdp);
    } else {
      expect(s.buttons!.draw, "Draw is enabled when there is no play").to.equal(true);
      await press(page, "#cs-draw", cdp);
      stats.draws++;
    }
    s = await waitCs(page, changed, "the action to land");
  }
  return { s, stats };
}

/**
 * The page has played its share: the room's bots play its seat (and `others`) to the end, then
 * hand the seats back (whole games are played over sockets in test/server/cubestacc.*.test.ts
 * and the contract kit; issue 45).
 */
async function botsFinish(page: Page, others: number[] = []): Promise<Cs> {
  const s = await cs(page);
  if (s.phase === "finished") return s;
  return botsFinishGame(s.roomId!, [s.seat!, ...others], () => waitCs(page, (x) => x.phase === "finished", "the bots to finish the game", 60_000));
}

describe("e2e: cubestacc in Chromium", function () {
  this.timeout(150_000);

  // bots answer in ~80–130 ms instead of 650–1050 ms
  const suite = useBrowserHub({ botDelayScale: 0.12, config: () => ({ reconnectSeconds: 20, seatHoldSeconds: 120, ...LAX_ADDRESS_LIMITS }) });

  async function lobby(page: Page, name: string): Promise<void> {
    await gamePage(page, "cubestacc");
    await page.fill("input[name=name]", name);
    // these players know the game: no how-to card before the first deal (cubestacc.howto.test.ts shows it)
    await page.evaluate(() => localStorage.setItem("hub.cubestacc.howto", "seen"));
  }

  function expectEndScreen(s: Cs): void {
    expect(s.phase).to.equal("finished");
    expect(s.endShown, "the end screen").to.equal(true);
    const cards = s.ranking!.map((r) => r.cards);
    expect(cards, "ranked by cards left").to.deep.equal([...cards].sort((a, b) => a - b));
    expect(s.ranking![0].place).to.equal(1);
  }

  it("phone: a solo game against 3 bots from the lobby to the end, by tapping", async () => {
    const { page, context } = await suite.open(PHONE);
    const cdp = await context.newCDPSession(page);
    await lobby(page, "Thumbs");
    await page.selectOption("#cs-bots", "3");
    await page.tap("#cs-solo-btn");
    let s = await waitCs(page, (x) => tableReady(x) && x.phase === "playing" && (x.hand?.length ?? 0) === 7, "the solo table");
    expect(s).to.include({ mode: "solo", seat: 0, maxSeats: 4, spectator: false });
    expect(s.seats!.slice(1).every((x) => x.bot)).to.equal(true);
    expect(s.cubes).to.have.length(1); // the starting cube
    expect(s.deadline, "solo has no turn timer").to.equal(0);

    // the layout fits a portrait phone: table, actions and hand all on screen, nothing overlapping
    const boxes = await page.evaluate(() =>
      ["#cs-table", ".cs-actions", "#cs-hand", "#cs-seats", ".cs-status"].map((sel) => {
        const r = document.querySelector(sel)!.getBoundingClientRect();
        return { sel, top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      }),
    );
    for (const b of boxes) {
      expect(b.left, b.sel).to.be.at.least(0);
      expect(b.right, b.sel).to.be.at.most(390);
      expect(b.bottom, b.sel).to.be.at.most(844);
    }
    const [table, actions, hand] = boxes;
    expect(table.bottom).to.be.at.most(actions.top + 0.5);
    expect(actions.bottom).to.be.at.most(hand.top + 0.5);
    expect(table.bottom - table.top, "room for the stack").to.be.above(300);

    await waitCs(page, settled, "the deal animation");
    await screenshot(page, "cubestacc-phone-start");
    const { s: end, stats } = await playToTheEnd(page, "tap", cdp);
    expect(stats.plays, "we played cards by tapping").to.be.above(0);
    s = await waitCs(page, (x) => x.endShown === true, "the end screen");
    expectEndScreen(s);
    expect(s.ranking!.map((r) => r.seat).sort()).to.deep.equal([0, 1, 2, 3]);
    expect(end.phase).to.equal("finished");
    await screenshot(page, "cubestacc-phone-end");

    // play again: a new game is dealt
    await press(page, "#cs-again", cdp);
    s = await waitCs(page, (x) => x.phase === "playing" && x.gameNo === 2 && (x.hand?.length ?? 0) === 7, "the second game");
    expect(s.endShown).to.equal(false);
    expect(s.cubes).to.have.length(1);
  });

  it("desktop: a solo game against 3 bots by dragging, spectated from the lobby, with screenshots at each yaw", async () => {
    const { page } = await suite.open(DESKTOP);
    await lobby(page, "Mouse");
    await page.selectOption("#cs-bots", "3");
    await page.selectOption("#cs-pack", "space");
    await page.click("#cs-solo-btn");
    let s = await waitCs(page, (x) => tableReady(x) && x.phase === "playing" && (x.hand?.length ?? 0) === 7, "the solo table");
    expect(s).to.include({ mode: "solo", pack: "space", seat: 0 });

    // the live rooms list shows the table; a watcher spectates from there
    const watcher = await suite.open(DESKTOP);
    const spectate = `#rooms-list [data-room="${s.roomId}"] button[data-action=spectate]`;
    await watcher.page.waitForSelector(spectate);
    const row = await watcher.page.textContent(`#rooms-list [data-room="${s.roomId}"]`);
    expect(row).to.contain("Cubestacc").and.to.contain("Solo");
    await watcher.page.click(spectate);
    let w = await waitCs(watcher.page, (x) => tableReady(x) && x.spectator === true, "the spectator's table");
    expect(w.hand, "a spectator never gets a hand").to.equal(null);
    expect(w.legal).to.deep.equal([]);
    expect(await watcher.page.isVisible("#cs-hand")).to.equal(false);
    expect(await watcher.page.isVisible(".cs-actions")).to.equal(false);

    // yaw turns the view, never the rules: same cubes, same legal plays, the glow follows the camera
    const shots = async (x: Cs) => {
      const pick = x.legal![0];
      const c = await cardCenter(page, pick.card);
      await page.mouse.click(c.x, c.y);
      await waitCs(page, (y) => y.selected === pick.card && settled(y), "a picked card");
      const positions: string[] = [];
      for (let yaw = 0; yaw < 4; yaw++) {
        await page.evaluate((n) => (window.__hub as any).setYaw(n), yaw);
        const y = await waitCs(page, (z) => z.yaw === yaw && settled(z), `yaw ${yaw}`);
        expect(y.legal).to.deep.equal(x.legal);
        expect(y.cubes!.map((q) => q.card)).to.deep.equal(x.cubes!.map((q) => q.card));
        positions.push(JSON.stringify((y as any).positions));
        await screenshot(page, `cubestacc-yaw${yaw}`);
      }
      expect(new Set(positions).size, "each yaw lays the stack out differently").to.equal(4);
      await page.evaluate(() => (window.__hub as any).setYaw(0));
      await page.mouse.click(c.x, c.y); // unpick
      await waitCs(page, (y) => y.selected === null && settled(y), "the card unpicked");
    };

    let yawDone = false;
    const { stats } = await playToTheEnd(page, "drag", undefined, async (x, n) => {
      if (!yawDone && (x.cubes!.length >= 7 || n >= 6)) {
        yawDone = true;
        await shots(x);
      }
    }, (x) => yawDone && x.plays >= 4);
    expect(yawDone, "screenshots at each yaw were taken").to.equal(true);
    expect(stats.plays, "we played cards by dragging").to.be.above(0);
    s = await waitCs(page, (x) => x.endShown === true, "the end screen");
    expectEndScreen(s);
    w = await waitCs(watcher.page, (x) => x.phase === "finished" && x.cubes!.length === s.cubes!.length, "the spectator sees the end");
    expect(w.ranking).to.deep.equal(s.ranking);
    // the end leads to the game's replay viewer once it is saved
    await page.waitForSelector("#cs-end:not([hidden]) #cs-replay", { timeout: 10_000 });
    expect(await page.getAttribute("#cs-replay", "href")).to.match(/^#\/replay\/\d+$/);
    await screenshot(page, "cubestacc-desktop-end");
    await screenshot(watcher.page, "cubestacc-desktop-spectator");
  });

  it("private room: two humans by code, a spectator; hands stay private; play to the end and again", async () => {
    const host = await suite.open(DESKTOP);
    await lobby(host.page, "Ann");
    await host.page.selectOption("#cs-private-seats", "2");
    await host.page.selectOption("#cs-private-timer", "60");
    await host.page.click("#cs-private-btn");
    let a = await waitCs(host.page, (x) => tableReady(x) && x.phase === "waiting", "the private room");
    const code = (await host.page.textContent("#room-code"))!.trim();
    expect(code).to.match(/^[A-Z]{5}$/);
    expect(a).to.include({ roomId: code, private: true, seat: 0, waitingShown: true });
    await screenshot(host.page, "cubestacc-private-waiting");

    const guest = await suite.open(PHONE);
    const gcdp = await guest.context.newCDPSession(guest.page);
    await lobby(guest.page, "Ben");
    await guest.page.fill("#join-code", code.toLowerCase());
    await guest.page.tap("#join-code-btn");
    let b = await waitCs(guest.page, (x) => tableReady(x) && x.phase === "playing" && (x.hand?.length ?? 0) === 7, "the game with both seats taken");
    expect(b).to.include({ roomId: code, seat: 1 });

    const watcher = await suite.open(PHONE, `#/spectate/${code}`);
    let w = await waitCs(watcher.page, (x) => tableReady(x) && x.phase === "playing", "the spectator's table");
    expect(w).to.include({ spectator: true, hand: null });
    a = await waitCs(host.page, (x) => x.phase === "playing" && x.spectators === 1 && (x.hand?.length ?? 0) === 7, "Ann's hand and a watcher");
    // each sees only their own hand; counts are public
    expect(a.hand).to.not.deep.equal(b.hand);
    expect(a.seats![1].cards).to.equal(7);
    expect(w.seats!.map((x) => x.cards)).to.deep.equal([7, 7]);
    expect(a.timerText).to.match(/^\d:\d\d$/);
    expect(a.deadline).to.be.above(0);

    // alternate: whoever is on turn plays (Ann drags on desktop, Ben taps on his phone)
    for (let guard = 0; guard < 300; guard++) {
      a = await cs(host.page);
      if (a.phase === "finished") break;
      if (guard >= 10) {
        // both have played by hand, dropped and come back, been watched: the bots finish the game
        await botsFinish(host.page, [1]);
        break;
      }
      const seat = a.turn!;
      const page = seat === 0 ? host.page : guest.page;
      const cdp = seat === 0 ? undefined : gcdp;
      let s = await waitCs(page, (x) => x.phase === "finished" || (x.myTurn === true && settled(x) && ((x.legal?.length ?? 0) > 0 || x.canDone === true || (x.drawAction ?? "") !== "")), "the player on turn");
      if (s.phase === "finished") break;
      const mark = `${s.turnNo}|${s.hand?.join(",")}|${s.cubes?.length}|${s.canDone}`;
      if (s.canUhOh) {
        await press(page, "#cs-uhoh", cdp);
        await waitCs(page, (x) => x.canUhOh === false, "UH OH to be called");
      }
      if ((s.legal?.length ?? 0) > 0) {
        const play = choosePlay(s, guard);
        if (cdp) await tapPlay(page, cdp, play);
        else await dragPlay(page, play);
      } else if (s.canDone) await press(page, "#cs-done", cdp);
      else if (s.drawAction === "pass") await press(page, "#cs-pass", cdp);
      else await press(page, "#cs-draw", cdp);
      s = await waitCs(page, (x) => x.phase === "finished" || `${x.turnNo}|${x.hand?.join(",")}|${x.cubes?.length}|${x.canDone}` !== mark, "the move to land");
      if (guard === 3) {
        // Ben's network drops: his client reconnects by itself, re-binds the NEW Room, keeps his hand
        const hand = (await cs(guest.page)).hand;
        dropClient(code, 1);
        b = await waitCs(guest.page, (x) => x.connection === "connected" && Number(x.reconnects ?? 0) >= 1 && (x.hand?.length ?? 0) > 0, "Ben's reconnection", 20_000);
        expect(b.hand).to.deep.equal(hand);
        a = await waitCs(host.page, (x) => x.seats![1].connected === true, "Ann sees Ben back");
      }
      if (guard === 6) {
        w = await waitCs(watcher.page, (x) => x.cubes!.length === s.cubes!.length, "the spectator to follow");
        await screenshot(watcher.page, "cubestacc-private-spectator-phone");
        await screenshot(guest.page, "cubestacc-private-guest-phone");
        await screenshot(host.page, "cubestacc-private-host");
      }
    }
    a = await waitCs(host.page, (x) => x.endShown === true, "Ann's end screen");
    b = await waitCs(guest.page, (x) => x.endShown === true, "Ben's end screen");
    w = await waitCs(watcher.page, (x) => x.phase === "finished", "the spectator's end");
    expectEndScreen(a);
    expect(b.ranking).to.deep.equal(a.ranking);
    expect(w.ranking).to.deep.equal(a.ranking);
    await screenshot(guest.page, "cubestacc-private-end-phone");

    // both press Play again: the next game starts
    await host.page.click("#cs-again");
    await waitCs(guest.page, (x) => x.seats![0].ready === true, "Ann ready, as Ben sees it");
    await press(guest.page, "#cs-again", gcdp);
    a = await waitCs(host.page, (x) => x.phase === "playing" && x.gameNo === 2, "the second game");
    w = await waitCs(watcher.page, (x) => x.phase === "playing" && x.gameNo === 2 && x.cubes!.length === 1, "the spectator sees the new game");
  });
});
