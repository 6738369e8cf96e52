// Browser test: Minesweeper by keyboard, heard through the live region. Offline solo (the
// same board scene as a room): Tab reaches the board, arrows move the keyboard cursor, Enter
// reveals, F flags and unflags; after each key the page's live region says what the cursor
// is on and what the key did, in words.
import { expect } from "chai";
import type { Page } from "playwright-core";
import { CELL } from "../../common/minesweeper/types.js";
import { DESKTOP, hub, screenshot, waitHub, type HubSnapshot } from "../helpers/e2e.js";
import { useSuite } from "./minesweeper.e2e-helpers.js";

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

    // walk right to the first cell still hidden on row 5 (or the last number before it), hearing each one
    let c = 4;
    while (c < 8 && s.cells![4 * 9 + c] !== CELL.HIDDEN) {
      c++;
      const code = s.cells![4 * 9 + c];
      const words = code === 0 ? "empty" : code === CELL.HIDDEN ? "hidden" : `${code} mines? around`;
      await pressAndHear(page, "ArrowRight", new RegExp(`^Row 5, column ${c + 1}: ${words}\\.$`));
    }
    if (s.cells![4 * 9 + c] === CELL.HIDDEN) {
      await pressAndHear(page, "f", new RegExp(`^Flagged\\. Row 5, column ${c + 1}: flagged\\.$`));
      s = await hub(page);
      expect(s.cells![4 * 9 + c]).to.equal(CELL.FLAG);
      expect(s.counter).to.equal("009");
      await screenshot(page, "minesweeper-keyboard-flagged");
      await pressAndHear(page, "F", new RegExp(`^Flag removed\\. Row 5, column ${c + 1}: hidden\\.$`));
      expect((await hub(page)).cells![4 * 9 + c]).to.equal(CELL.HIDDEN);
      // the cell before it borders the hidden part: a number: Enter there opens around it only once its mines are flagged (said so)
      const code = s.cells![4 * 9 + c - 1];
      expect(code, "a number borders the opened area").to.be.within(1, 8);
      await pressAndHear(page, "ArrowLeft", new RegExp(`^Row 5, column ${c}: ${code} mines? around\.$`));
      await pressAndHear(page, "Enter", new RegExp(`^Row 5, column ${c} is ${code} mines? around: nothing to open\. Flag its`));
    }
  });
});
