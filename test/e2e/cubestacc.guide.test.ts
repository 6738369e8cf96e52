// Cubestacc's guided first move: a newcomer's first solo game lifts a playable card once
// the how-to is closed, its legal spots glow and a line says what to do; tapping a glow
// plays it and the guide is gone for good (a second game is not guided).
import { expect } from "chai";
import type { Page } from "playwright-core";
import { PHONE, screenshot, useBrowserHub } from "../helpers/e2e.js";
import { waitCs, type Cs } from "./cubestacc.helpers.js";

const guided = (x: Cs) => x.myTurn === true && x.guideShown === true && x.selected != null && !x.animating && (x.glowing?.length ?? 0) > 0;

/**
 * Our first turn with a legal play, its card lifted by the guide. A dealt hand with no play
 * (about one deal in ten) is not guided: it draws (or passes) through its buttons, as a
 * newcomer would, until a turn has a play.
 */
async function guidedTurn(page: Page): Promise<Cs> {
  for (let turn = 0; turn < 40; turn++) {
    const s = await waitCs(page, (x) => guided(x) || (x.myTurn === true && !x.animating && (x.legal?.length ?? 0) === 0 && (x.canDone === true || (x.drawAction ?? "") !== "")), "the guided first move (or a turn with no play)", 30_000);
    if (guided(s)) return s;
    expect(s.guideShown, "no guide on a turn with no play").to.equal(false);
    const mark = `${s.turnNo}|${s.hand?.join(",")}|${s.canDone}`;
    await page.tap(s.canDone ? "#cs-done" : s.drawAction === "pass" ? "#cs-pass" : "#cs-draw");
    await waitCs(page, (x) => `${x.turnNo}|${x.hand?.join(",")}|${x.canDone}` !== mark, "the draw to land");
  }
  throw new Error("no turn with a legal play in 40 turns");
}

describe("e2e: cubestacc guided first move", function () {
  this.timeout(90_000);
  const suite = useBrowserHub({ botDelayScale: 0.12, config: () => ({ reconnectSeconds: 20, seatHoldSeconds: 120 }) });

  it("phone: the first solo turn lifts a legal card and a glow; tapping the glow plays it; the guide is done", async () => {
    const { page } = await suite.open(PHONE, "#/games/cubestacc");
    await page.fill("input[name=name]", "Newt");
    await page.selectOption("#cs-bots", "1");
    await page.tap("#cs-solo-btn");
    await waitCs(page, (x) => x.howtoShown === true, "the how-to first");
    expect((await waitCs(page, (x) => x.ready === true, "the table")).guideShown, "no guide over the how-to").to.equal(false);
    await page.tap("#cs-howto-close");

    const s = await guidedTurn(page);
    const legal = s.legal ?? [];
    expect(legal.some((l) => l.card === s.selected), "the lifted card is a legal play").to.equal(true);
    expect(s.glowing!.every((g) => legal.some((l) => l.card === g.card && l.onto === g.onto && l.mode === g.mode))).to.equal(true);
    expect(await page.textContent("#cs-guide")).to.contain("Tap a glowing spot");
    await screenshot(page, "cubestacc-guide-phone");

    const target = s.glowing![0];
    const at = (await page.evaluate((t) => (window.__hub as unknown as { targetCenter(o: number, m: string): { x: number; y: number } | null }).targetCenter(t.onto, t.mode), target)) as { x: number; y: number } | null;
    expect(at, "the glowing spot is on screen").to.not.equal(null);
    await page.touchscreen.tap(at!.x, at!.y);
    // A hand whose only play is a wild lifts the wild: its suit picker comes first.
    const picked = await waitCs(page, (x) => x.picking === true || !(x.hand ?? []).includes(s.selected!), "the play or the wild's suit picker");
    if (picked.picking) {
      await page.waitForTimeout(250); // the picker ignores taps in its first 200 ms (the opening gesture's tail), as cubestacc.test.ts's answerWild waits
      await page.tap("#cs-suit-picker .cs-suit");
    }
    const after = await waitCs(page, (x) => x.guideShown === false && !(x.hand ?? []).includes(s.selected!), "the card played and the guide gone");
    expect(after.guideShown).to.equal(false);
    expect(await page.evaluate(() => localStorage.getItem("hub.cubestacc.guide"))).to.equal("done");
  });
});
