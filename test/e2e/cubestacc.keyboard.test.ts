// Browser test: a whole Cubestacc solo game with the keyboard alone. Tab reaches the hand;
// ← → move between cards, Enter picks one (its first legal place is aimed at), ↓ goes
// through its places, Enter places it; D draws / takes / passes, N is Done, U is UH OH,
// C is Caught!; the wild's suit picker answers Enter. The live region says each step
// (the pick and its places, whose turn it is) and the event line (a polite live region)
// says what the bots played.
// Bots are sped up with SeatedRoom.botDelayScale, as in cubestacc.test.ts.
import { expect } from "chai";
import type { Page } from "playwright-core";
import { LAX_ADDRESS_LIMITS } from "../helpers/hub.js";
import { DESKTOP, PHONE, screenshot, useBrowserHub, gamePage } from "../helpers/e2e.js";
import { cs, waitCs, type Cs } from "./cubestacc.helpers.js";

const focusedCard = (page: Page) => page.evaluate(() => {
  const el = document.activeElement as HTMLElement | null;
  return el?.matches(".cs-card[data-card]") ? Number(el.dataset.card) : null;
});
const lastSaid = (s: Cs) => (s.announced ?? []).at(-1) ?? "";

/** Tab from wherever focus is until a hand card has it. */
async function tabToHand(page: Page): Promise<void> {
  for (let i = 0; i < 40 && (await focusedCard(page)) === null; i++) await page.keyboard.press("Tab");
  expect(await focusedCard(page), "Tab reaches the hand").to.not.equal(null);
}

/** ← / → until `card` has focus. */
async function arrowTo(page: Page, card: number, hand: number[]): Promise<void> {
  for (let i = 0; i < hand.length * 2 + 2; i++) {
    const at = await focusedCard(page);
    if (at === card) return;
    if (at === null) await tabToHand(page);
    else await page.keyboard.press(hand.indexOf(at) < hand.indexOf(card) ? "ArrowRight" : "ArrowLeft");
  }
  throw new Error(`could not reach card ${card} with the arrows`);
}

interface Stats {
  /** Event lines that said what a bot played (the polite #cs-log live region). */
  botPlays: string[];
  plays: number;
  cycled: number;
  wilds: number;
  draws: number;
  done: number;
  uhoh: number;
  caught: number;
}

async function playByKeyboard(page: Page, label: string): Promise<{ s: Cs; stats: Stats }> {
  const stats: Stats = { botPlays: [], plays: 0, cycled: 0, wilds: 0, draws: 0, done: 0, uhoh: 0, caught: 0 };
  let s = await cs(page);
  for (let turn = 0; turn < 400; turn++) {
    s = await waitCs(
      page,
      (x) => x.phase === "finished" || (!x.animating && !x.picking && (x.canUhOh === true || x.buttons?.caught === true || (x.myTurn === true && ((x.legal?.length ?? 0) > 0 || x.canDone === true || (x.drawAction ?? "") !== "")))),
      "our turn (or the end)",
      30_000,
    );
    for (const line of s.lines ?? []) if (/^Bot .+ played .+\.$/.test(line) && !stats.botPlays.includes(line)) stats.botPlays.push(line);
    if (s.phase === "finished") break;
    const mark = `${s.turnNo}|${s.hand?.join(",")}|${s.cubes?.length}|${s.canUhOh}|${s.buttons?.caught}|${s.canDone}`;
    const changed = (x: Cs) => x.phase === "finished" || `${x.turnNo}|${x.hand?.join(",")}|${x.cubes?.length}|${x.canUhOh}|${x.buttons?.caught}|${x.canDone}` !== mark;
    if (s.canUhOh) {
      await page.keyboard.press("u");
      stats.uhoh++;
    } else if (s.buttons?.caught) {
      await page.keyboard.press("c");
      stats.caught++;
    } else if ((s.legal?.length ?? 0) > 0) {
      // a card (every few turns the one with the most places, to walk through them), then its place
      const cards = [...new Set(s.legal!.map((l) => l.card))];
      const placesOf = (card: number) => s.legal!.filter((l) => l.card === card);
      const card = turn % 3 === 0 ? cards.reduce((a, b) => (placesOf(b).length > placesOf(a).length ? b : a)) : cards[turn % cards.length];
      await arrowTo(page, card, s.hand!);
      await page.keyboard.press("Enter");
      let x = await waitCs(page, (y) => y.selected === card && (y.glowing ?? []).length > 0, "the pick and its glowing places");
      expect(lastSaid(x)).to.match(new RegExp(`^Picked the .+: ${placesOf(card).length} places?\\. 1 of ${placesOf(card).length}: `));
      if (stats.plays === 0) {
        // the first pick: the focused card, its ghost on the table, the glow; Escape puts it back
        await screenshot(page, `cubestacc-keyboard-picked-${label}`);
        await page.keyboard.press("Escape");
        x = await waitCs(page, (y) => y.selected === null, "the pick put back");
        expect(lastSaid(x)).to.equal("Put back.");
        await page.keyboard.press("Enter");
        x = await waitCs(page, (y) => y.selected === card, "the card picked again");
      }
      const steps = Math.min(placesOf(card).length - 1, turn % 3);
      for (let i = 0; i < steps; i++) {
        await page.keyboard.press("ArrowDown");
        x = await waitCs(page, (y) => lastSaid(y).startsWith(`${i + 2} of ${placesOf(card).length}: `), `place ${i + 2} said`);
        stats.cycled++;
      }
      const before = s.cubes!.length;
      await page.keyboard.press("Enter");
      if (placesOf(card)[0].mode === "wild") {
        await waitCs(page, (y) => y.picking === true, "the wild's suit picker");
        await page.waitForTimeout(250);
        await page.keyboard.press("Enter"); // the suggested suit has focus
        stats.wilds++;
      }
      x = await waitCs(page, (y) => y.phase === "finished" || (y.cubes!.length > before && !y.hand!.includes(card)), `card ${card} placed`);
      stats.plays++;
      continue;
    } else if (s.canDone) {
      await page.keyboard.press("n");
      stats.done++;
    } else {
      await page.keyboard.press("d"); // draw, take the K stack, or pass
      stats.draws++;
    }
    s = await waitCs(page, changed, "the key's action to land");
  }
  return { s, stats };
}

describe("e2e: cubestacc by keyboard alone", function () {
  this.timeout(240_000);
  const suite = useBrowserHub({ botDelayScale: 0.12, config: () => ({ reconnectSeconds: 20, seatHoldSeconds: 120, ...LAX_ADDRESS_LIMITS }) });

  for (const [label, device] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
    it(`${label}: a solo game against 2 bots from the first card to the end screen, keys only`, async () => {
      const { page } = await suite.open(device);
      await gamePage(page, "cubestacc");
      await page.evaluate(() => localStorage.setItem("hub.cubestacc.howto", "seen"));
      await page.focus("input[name=name]");
      await page.keyboard.type("Keys");
      await page.selectOption("#cs-bots", "2"); // the lobby is plain HTML forms; the game below is keys only
      await page.focus("#cs-solo-btn");
      await page.keyboard.press("Enter");
      let s = await waitCs(page, (x) => x.game === "cubestacc" && x.ready === true && x.phase === "playing" && (x.hand?.length ?? 0) === 7 && !x.animating, "the solo table");

      await tabToHand(page);
      const focusShown = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        return el.matches(":focus-visible") && getComputedStyle(el).outlineStyle !== "none";
      });
      expect(focusShown, "the focused card has a visible outline").to.equal(true);
      // whose turn it is was said (ours or a bot's)
      s = await waitCs(page, (x) => (x.announced ?? []).some((t) => /^(Your turn|.+'s turn)/.test(t)), "whose turn, in words");

      const { s: end, stats } = await playByKeyboard(page, label);
      expect(end.phase).to.equal("finished");
      expect(stats.plays, "cards placed by keyboard").to.be.above(0);
      s = await waitCs(page, (x) => x.endShown === true, "the end screen");
      expect(s.ranking![0].place).to.equal(1);
      const said = s.announced ?? [];
      expect(said.some((t) => /^Your turn: /.test(t)), "our turn was announced").to.equal(true);
      expect(said.some((t) => /^.+'s turn\.$/.test(t) && !t.startsWith("Your")), "a bot's turn was announced").to.equal(true);
      expect(stats.botPlays, "the event line said what a bot played").to.not.be.empty;
      expect(await page.getAttribute("#cs-log", "aria-live")).to.equal("polite");
      console.log(`      ${label}: ${stats.plays} plays (${stats.cycled} place steps, ${stats.wilds} wilds), ${stats.draws} draw/take/pass, ${stats.done} done, ${stats.uhoh} UH OH, ${stats.caught} caught; heard e.g. "${stats.botPlays[0]}"`);
      await screenshot(page, `cubestacc-keyboard-end-${label}`);
    });
  }
});
