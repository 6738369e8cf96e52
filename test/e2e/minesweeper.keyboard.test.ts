// Browser test: Minesweeper by keyboard, heard through the live region. Offline solo (the
// same board scene as a room): Tab reaches the board, arrows move the keyboard cursor, Enter
// reveals, F flags and unflags; after each key the page's live region says what the cursor
// is on and what the key did, in words.
import { expect } from "chai";
import type { Page } from "playwright-core";
import { CELL } from "../../common/minesweeper/types.js";
import { DESKTOP, hub, screenshot, waitHub, type HubSnapshot } from "../helpers/e2e.js";
import { useSuite } from "./minesweeper.helpers.js";

const spoken = (s: HubSnapshot) => (s.announced as string[]) ?? [];
const live = (page: Page) => page.evaluate(() => document.getElementById("hub-announce-polite")?.textContent ?? "");

/** Presses a key and waits until the live region says something new that matches. */
async function pressAndHear(page: Page, key: string, heard: RegExp): Promise<string> {
  const before = spoken(await hub(page)).length;
  await page.keyboard.press(key);
  const s = await waitHub(page, (x) => spoken(x).length > before && heard.test(spoken(x).at(-1)!), `to hear ${heard} after ${key}`);
  const said = spoken(s).at(-1)!;
  expect(await live(page), "the live region holds the words").to.equal(said);
  return said;
}

describe("e2e: minesweeper by keyboard, with live-region words", function () {
  this.timeout(60_000);
  const suite = useSuite();

  it("Tab to the board, arrows say each cell, Enter reveals, F flags and unflags", async () => {
    const { page } = await suite.open(DESKTOP, "#/offline/beginner");
    await waitHub(page, (x) => x.page === "offline" && x.ready === true && x.rows === 9, "the offline board");

    // Tab until the board has focus: the cursor appears on row 1, column 1 and is named
    for (let i = 0; i < 30 && !(await page.evaluate(() => document.activeElement?.matches("canvas.ms-canvas") ?? false)); i++) await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.matches("canvas.ms-canvas:focus-visible") ?? false), "the board has visible focus").to.equal(true);
    await waitHub(page, (x) => spoken(x).includes("Row 1, column 1: hidden."), "the focused cell named");

    for (let i = 0; i < 4; i++) await pressAndHear(page, "ArrowDown", new RegExp(`^Row ${i + 2}, column 1: hidden\\.$`));
    for (let i = 0; i < 4; i++) await pressAndHear(page, "ArrowRight", new RegExp(`^Row 5, column ${i + 2}: hidden\\.$`));

    // the first reveal is safe and opens an area
    const said = await pressAndHear(page, "Enter", /^Revealed/);
    let s = await hub(page);
    expect(s.phase).to.equal("active");
    const opened = s.cells!.filter((c) => c !== CELL.HIDDEN).length;
    expect(said).to.equal(`Revealed ${opened} cells. Row 5, column 5: empty.`);
    await screenshot(page, "minesweeper-keyboard-revealed");

    // a hidden cell with a revealed number beside it on its row: go there, hearing every cell
    const at = (r: number, c: number) => s.cells![r * 9 + c];
    const words = (code: number) => (code === 0 ? "empty" : code === CELL.HIDDEN ? "hidden" : `${code} mines? around`);
    let goal: { r: number; c: number; dir: 1 | -1 } | null = null;
    for (let r = 0; r < 9 && !goal; r++)
      for (let c = 0; c < 9 && !goal; c++)
        for (const dir of [1, -1] as const)
          if (!goal && at(r, c) === CELL.HIDDEN && c - dir >= 0 && c - dir < 9 && at(r, c - dir) >= 1 && at(r, c - dir) <= 8) goal = { r, c, dir };
    expect(goal, "a hidden cell beside a number").to.not.equal(null);
    const { r: gr, c: gc, dir } = goal!;
    let r = 4;
    let c = 4;
    while (r !== gr) {
      r += Math.sign(gr - r);
      await pressAndHear(page, gr > 4 ? "ArrowDown" : "ArrowUp", new RegExp(`^Row ${r + 1}, column ${c + 1}: ${words(at(r, c))}\\.$`));
    }
    while (c !== gc) {
      c += Math.sign(gc - c);
      await pressAndHear(page, gc > 4 ? "ArrowRight" : "ArrowLeft", new RegExp(`^Row ${r + 1}, column ${c + 1}: ${words(at(r, c))}\\.$`));
    }
    await pressAndHear(page, "f", new RegExp(`^Flagged\\. Row ${r + 1}, column ${c + 1}: flagged\\.$`));
    s = await hub(page);
    expect(at(r, c)).to.equal(CELL.FLAG);
    expect(s.counter).to.equal("009");
    await screenshot(page, "minesweeper-keyboard-flagged");
    await pressAndHear(page, "F", new RegExp(`^Flag removed\\. Row ${r + 1}, column ${c + 1}: hidden\\.$`));
    s = await hub(page);
    expect(at(r, c)).to.equal(CELL.HIDDEN);

    // the number beside it: Enter there opens around it only once its mines are flagged, and the words say so
    const code = at(r, c - dir);
    await pressAndHear(page, dir === 1 ? "ArrowLeft" : "ArrowRight", new RegExp(`^Row ${r + 1}, column ${c - dir + 1}: ${code} mines? around\\.$`));
    await pressAndHear(page, "Enter", new RegExp(`^Row ${r + 1}, column ${c - dir + 1} is ${code} mines? around: nothing to open\\. Flag its`));
  });
});
