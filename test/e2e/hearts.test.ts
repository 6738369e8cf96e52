// Hearts in the browser, from the lobby: the sixth game, added by docs/adding-a-game.md alone,
// played solo against three bots on a desktop and on a phone-sized touch screen (360 × 740):
// three cards chosen on the canvas and passed, tricks played by tapping a bright card twice, a
// refused card shown in the rules' words, by keyboard (arrows, Enter, P), and a finished game
// (a colyseus.js client's, its seat played by the room's bots) on the replay page. Screenshots in
// test-results/hearts-*.png.
import { expect } from "chai";
import type { Page } from "playwright-core";
import { botsFinishGame, hub, screenshot, waitHub, type HubSnapshot, useBrowserHub, gamePage, DESKTOP, PHONE } from "../helpers/e2e.js";
import { Client } from "colyseus.js";
import { LAX_ADDRESS_LIMITS, seated } from "../helpers/hub.js";

type Play = { seat: number; card: number };
type H = HubSnapshot & {
  game?: string;
  gameNo?: number;
  acting?: number[];
  gameSeat?: number | null;
  handPhase?: string;
  cards?: number[];
  legal?: number[];
  selected?: number[];
  trick?: Play[];
  tricks?: number;
  passed?: boolean[];
  counts?: number[];
  scores?: number[];
  hint?: string;
  tip?: string;
  cursor?: number | null;
};

const SMALL_PHONE = { ...PHONE, viewport: { width: 360, height: 740 } };
const state = async (page: Page) => (await hub(page)) as H;
const until = (page: Page, test: (s: H) => boolean, what: string, timeout = 20_000) => waitHub(page, (s) => test(s as H), what, timeout) as Promise<H>;
const centre = (page: Page, card: number) => page.evaluate((c) => (window.__hub as unknown as { cardCenter(c: number): { x: number; y: number } | null }).cardCenter(c), card) as Promise<{ x: number; y: number } | null>;

/** Taps or clicks a hand card where it shows. */
async function press(page: Page, card: number, touch: boolean): Promise<void> {
  const at = await centre(page, card);
  if (!at) throw new Error(`card ${card} is not drawn`);
  if (touch) await page.touchscreen.tap(at.x, at.y);
  else await page.mouse.click(at.x, at.y);
}

async function startSolo(page: Page, name: string): Promise<H> {
  await gamePage(page, "hearts");
  await page.fill("input[name=name]", name);
  expect(await page.textContent('.game-list [data-game="hearts"] .game-name').catch(() => "Hearts")).to.equal("Hearts");
  await page.click("#hearts-solo-btn");
  return until(page, (s) => s.game === "hearts" && s.phase === "playing" && s.handPhase === "passing" && (s.cards?.length ?? 0) === 13, "a solo deal");
}

/** Chooses three cards on the canvas and passes them with the button. */
async function passThree(page: Page, touch: boolean, shot: string): Promise<void> {
  const s = await state(page);
  const three = s.cards!.slice(-3);
  for (const c of three) await press(page, c, touch);
  const chosen = await until(page, (x) => (x.selected?.length ?? 0) === 3, "three chosen");
  expect(chosen.selected!.slice().sort((a, b) => a - b)).to.deep.equal(three.slice().sort((a, b) => a - b));
  expect(await page.textContent("#hearts-act")).to.match(/^Pass these 3 left$/);
  await screenshot(page, shot);
  if (touch) await page.tap("#hearts-act");
  else await page.click("#hearts-act");
  const after = await until(page, (x) => x.handPhase === "playing", "the first trick");
  expect(after.cards!.length).to.be.oneOf([12, 13]);
  for (const c of three) expect(after.cards, "the passed cards left the hand").to.not.include(c);
}

/** Plays tricks by tapping a bright card twice, until `tricks` are done; once, a dim card is refused in words. */
async function playTricks(page: Page, tricks: number, touch: boolean, shot: string): Promise<{ refused: string }> {
  let refused = "";
  let shotTaken = false;
  for (let i = 0; i < 200; i++) {
    const s = await until(page, (x) => (x.tricks ?? 0) >= tricks || (x.handPhase === "playing" && (x.legal?.length ?? 0) > 0), "my turn");
    if ((s.tricks ?? 0) >= tricks) return { refused };
    const dim = s.cards!.find((c) => !s.legal!.includes(c));
    if (!refused && dim !== undefined) {
      await press(page, dim, touch);
      await press(page, dim, touch);
      const r = await until(page, (x) => /follow|broken|2♣|first trick/.test(x.hint ?? ""), "the refusal in words");
      refused = r.hint!;
      if (!shotTaken) await screenshot(page, `${shot}-refused`);
    }
    const card = s.legal![0];
    const before = s.cards!.length;
    await press(page, card, touch);
    await until(page, (x) => !!x.selected?.includes(card), "the card chosen");
    if (!shotTaken && (s.trick?.length ?? 0) > 0) {
      await screenshot(page, shot);
      shotTaken = true;
    }
    await press(page, card, touch);
    await until(page, (x) => (x.cards?.length ?? 99) < before, "the card played");
  }
  throw new Error("tricks not played");
}

describe("e2e: hearts in Chromium", function () {
  this.timeout(150_000);
  const suite = useBrowserHub({ botDelayScale: 0.05, config: () => ({ botThreads: 0, ...LAX_ADDRESS_LIMITS }) });

  it("desktop: solo against three bots, three cards passed, tricks played, a refused card in words; the next game by keyboard: Tab reaches the table, arrows move over the hand, Enter chooses, P passes, Enter plays", async () => {
    const { page, context } = await suite.open(DESKTOP);
    const s = await startSolo(page, "Cy");
    expect(s.gameSeat).to.be.a("number");
    // the first pass of this browser: a one-time tip over the table
    expect(s.tip).to.equal("Choose three cards to pass left, then press Pass.");
    expect(await page.isVisible("#hearts-tip")).to.equal(true);
    await screenshot(page, "hearts-desktop-deal");
    await passThree(page, false, "hearts-desktop-pass");
    expect((await state(page)).tip, "the tip went once three were chosen").to.equal("");
    expect(await page.isVisible("#hearts-tip")).to.equal(false);
    const { refused } = await playTricks(page, 4, false, "hearts-desktop-trick");
    const after = await state(page);
    expect(after.tricks).to.be.at.least(4);
    expect(refused, "a dim card was tried once").to.not.equal("");
    expect(await page.isVisible("#hearts-scores")).to.equal(true);
    await screenshot(page, "hearts-desktop-tricks");

    // the same browser's next game: no tip, the hint under the table says what to do
    const again = await context.newPage();
    await again.goto(page.url().split("#")[0]);
    const next = await startSolo(again, "Cy");
    expect(next.tip, "the tip comes once per browser").to.equal("");
    expect(next.hint).to.match(/^Choose three cards to pass to the left/);
    expect(await again.isVisible("#hearts-tip")).to.equal(false);

    // by keyboard, on that second game (issue 45: was its own test and its own solo game)
    const page2 = again;
    await page.close(); // the first game's table is done with: one renderer fewer
    for (let i = 0; i < 40 && !(await page2.evaluate(() => document.activeElement?.id === "hearts-table")); i++) await page2.keyboard.press("Tab");
    expect(await page2.evaluate(() => document.activeElement?.id)).to.equal("hearts-table");
    await page2.keyboard.press("Home");
    for (let k = 0; k < 3; k++) {
      await page2.keyboard.press("Enter");
      await page2.keyboard.press("ArrowRight");
    }
    const chosen = await until(page2, (x) => (x.selected?.length ?? 0) === 3, "three chosen by keyboard");
    expect(chosen.cursor).to.equal(3);
    await screenshot(page2, "hearts-keyboard-pass");
    await page2.keyboard.press("p");
    await until(page2, (x) => x.handPhase === "playing", "passed by keyboard");
    let k2 = await until(page2, (x) => (x.legal?.length ?? 0) > 0, "my turn");
    const said = ((await hub(page2)).announced ?? []) as string[];
    expect(said).to.include("Your turn: choose a card with the arrow keys and press Enter to play it.");
    // walk the cursor to the first playable card and play it twice-Enter style (choose, then play)
    await page2.keyboard.press("Home");
    const target = k2.cards!.indexOf(k2.legal![0]);
    for (let k = 0; k < target; k++) await page2.keyboard.press("ArrowRight");
    const before = k2.cards!.length;
    await page2.keyboard.press("Enter");
    await page2.keyboard.press("Enter");
    k2 = await until(page2, (x) => (x.cards?.length ?? 99) < before, "played by keyboard");
    const spoken = ((await hub(page2)).announced ?? []) as string[];
    expect(spoken.some((t) => /^You played .+, the .+ of .+s\.$/.test(t)), `announced: ${spoken.slice(-4).join(" | ")}`).to.equal(true);
  });

  it("phone 360 × 740: every card of the hand is on screen and tappable; pass and play by touch", async () => {
    const { page } = await suite.open(SMALL_PHONE);
    const s = await startSolo(page, "Pia");
    const box = await page.evaluate(() => {
      const c = document.querySelector<HTMLCanvasElement>(".hearts-canvas")!.getBoundingClientRect();
      return { left: c.left, right: c.right, top: c.top, bottom: c.bottom, vw: innerWidth };
    });
    expect(box.right - box.left, "the table fits the width").to.be.at.most(box.vw);
    await page.evaluate(() => document.querySelector(".hearts-canvas")!.scrollIntoView({ block: "end" }));
    const centres: { x: number; y: number }[] = [];
    for (const c of s.cards!) {
      const at = (await centre(page, c))!;
      centres.push(at);
      const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.classList.contains("hearts-canvas") ?? false, at);
      expect(hit, `card ${c} under a finger on the canvas`).to.equal(true);
    }
    const xs = centres.map((p) => p.x);
    for (let i = 1; i < xs.length; i++) expect(xs[i] - xs[i - 1], "a finger's width between cards").to.be.at.least(18);
    // the one-time tip sits over the middle of the table, inside the screen, and covers no card
    expect(s.tip).to.equal("Choose three cards to pass left, then press Pass.");
    const tip = (await page.locator("#hearts-tip").boundingBox())!;
    expect(tip.x, "the tip inside the screen").to.be.at.least(0);
    expect(tip.x + tip.width).to.be.at.most(box.vw);
    for (const at of centres) expect(at.y < tip.y || at.y > tip.y + tip.height || at.x < tip.x || at.x > tip.x + tip.width, "a card under the tip").to.equal(true);
    await screenshot(page, "hearts-phone-deal");
    await passThree(page, true, "hearts-phone-pass");
    expect((await state(page)).tip).to.equal("");
    await playTricks(page, 2, true, "hearts-phone-trick");
    await screenshot(page, "hearts-phone-tricks");
  });

  it("a spectator sees backs only and the end screen (who left still named; words for a spectator, not Play again); the finished game on the replay page, re-run to its end", async () => {
    const sdk = new Client(`ws://127.0.0.1:${suite.port}`);
    const me = await seated(sdk.create("hearts", { mode: "solo", target: 50, name: "Rex" }));
    const watcher = (await suite.open(DESKTOP, `#/spectate/${me.room.roomId}`)).page;
    const watching = await until(watcher, (s) => s.game === "hearts" && s.spectator === true && (s.counts?.length ?? 0) === 4, "the spectator's table");
    expect(watching.cards, "a spectator holds no hand").to.deep.equal([]);
    await screenshot(watcher, "hearts-spectator");
    // Rex's seat too is played by the room's bots, at once (issue 45: the spectator's page drew
    // every one of some 300 moves sent a patch apart; whole games of people over sockets:
    // test/server/wire.test.ts, drivers.test.ts, test/common/contract.hearts.test.ts)
    await botsFinishGame(me.room.roomId, [me.seat], () => me.probe.until(() => (me.room.state.phase === "finished" ? true : undefined), 60_000, "the game to 50's end"));
    expect(me.room.state.phase, "the solo game to 50 ended").to.equal("finished");
    await me.probe.until(() => (me.room.state.replayId > 0 ? true : undefined), 10_000, "the saved record");
    const id = me.room.state.replayId as number;
    await me.room.leave();
    await watcher.waitForSelector("#gs-end:not([hidden])");
    expect(await watcher.textContent("#gs-end")).to.match(/won/).and.match(/Final scores \(lowest wins\): .+\d+ · .+\d+ · .+\d+ · .+\d+\./);
    // Rex left the finished table: still named, as who left, never "Seat 1"
    await watcher.waitForFunction(() => /Rex \(left\) \d+/.test(document.getElementById("gs-end")?.textContent ?? ""), undefined, { timeout: 10_000 });
    const endText = (await watcher.textContent("#gs-end"))!;
    expect(endText).to.not.match(/Seat \d/);
    expect(await watcher.textContent("#hearts-scores")).to.include("Rex (left)");
    // a spectator is offered other tables, not Play again
    expect(await watcher.isVisible("#gs-again")).to.equal(false);
    expect(await watcher.isVisible("#gs-end-watch")).to.equal(true);
    expect(await watcher.getAttribute("#gs-end-watch", "href")).to.equal("#/games/hearts");
    expect(endText).to.include("You watched this game. Watch another table, or play a game of your own, from the lobby.");
    const status = (await watcher.textContent("#gs-status"))!;
    expect(status).to.not.include("Play again");
    expect(status).to.match(/watch another table or play a game of your own from the lobby\.$/);
    await screenshot(watcher, "hearts-spectator-end");

    // the replay on the same page, by its address (a page load fewer; issue 45)
    const page = watcher;
    await page.evaluate((rid) => (location.hash = `#/replay/${rid}`), id);
    type R = HubSnapshot & { position?: number; total?: number; scores?: number[] };
    const first = (await waitHub(page, (s) => s.page === "replay" && s.ready === true && (s as R).game === "hearts", "the replay page")) as R;
    expect(first.total).to.be.greaterThan(100);
    await page.click("#replay-fwd");
    await waitHub(page, (s) => (s as R).position === 1, "one move on");
    await page.evaluate(() => {
      const scrub = document.getElementById("replay-scrub") as HTMLInputElement;
      scrub.value = scrub.max;
      scrub.dispatchEvent(new Event("input", { bubbles: true }));
    });
    const end = (await waitHub(page, (s) => (s as R).position === (s as R).total, "the end of the replay")) as R;
    expect(Math.max(...end.scores!), "someone reached 50").to.be.at.least(50);
    expect(await page.textContent("#hearts-replay-caption")).to.match(/^Game over: .+ won with \d+ points\.$/);
    await screenshot(page, "hearts-replay-end");
  });
});
