// Browser tests: when joining fails, the page says what happened and what to do next, in
// words — never the server's raw `room "ZZZZZ" not found`, never the browser's "Please match
// the requested format", and no "Watch this room" for a room that does not exist.
import { expect } from "chai";
import type { Page } from "playwright-core";
import { cannotSaveNow, codeProblem, explainJoinFailure } from "../../client/net/joinErrors.js";
import { DESKTOP, hub, PHONE, screenshot, waitHub, useBrowserHub } from "../helpers/e2e.js";

// The wording is pure: checked against the server's raw messages before the browser runs it.
describe("join error words (client, pure)", () => {
  const j = { spectate: false, reclaim: false };
  it("names what happened and the next step for each refusal the server sends", () => {
    const none = explainJoinFailure("ZZZZZ", new Error('room "ZZZZZ" not found'), j);
    expect(none).to.deep.equal({ title: "No such game", text: "No game with code ZZZZZ is running. Check the code or ask your friend for a new link.", watch: false });
    for (const raw of ["PJHZK is already full.", "Every seat in this room is taken; join as a spectator."]) {
      const full = explainJoinFailure("PJHZK", new Error(raw), j);
      expect(full.title).to.equal("This game is full");
      expect(full.watch).to.equal(true);
      expect(full.text).to.not.contain(raw);
    }
    expect(explainJoinFailure("PJHZK", new Error("PJHZK is already full."), { spectate: true, reclaim: false }).watch, "a spectator is not offered to watch").to.equal(false);
    const token = explainJoinFailure("PJHZK", new Error("That seat token does not match a seat in this room (the seat was given up, or its game ended)."), { spectate: false, reclaim: true });
    expect(token.title).to.equal("Your seat is gone");
    const ended = explainJoinFailure("PJHZK", new Error('room "PJHZK" not found'), { spectate: false, reclaim: true });
    expect(ended.title).to.equal("That game is over");
    expect(ended.watch).to.equal(false);
  });
  it("a server that cannot save (its disk full) says so in its own words, and the seat is not lost", () => {
    const raw = "The server's disk is full, so it cannot save your seat right now. Nothing changed; try again in a moment.";
    const full = explainJoinFailure("PJHZK", new Error(raw), { spectate: false, reclaim: true });
    expect(full.title).to.equal("The server cannot save right now");
    expect(full.text).to.equal(`${raw} Nothing is lost: the game with code PJHZK is still there.`);
    expect(full.watch).to.equal(true);
    expect(cannotSaveNow(new Error("The server is almost out of disk space, so no new game can start right now. Games already running go on; try again later."))).to.match(/almost out/);
    expect(cannotSaveNow(new Error('room "PJHZK" not found'))).to.equal(null);
  });
  it("explains a typed code that cannot be one", () => {
    expect(codeProblem("ABCDE")).to.equal(null);
    expect(codeProblem("abcde")).to.equal(null);
    expect(codeProblem("")).to.match(/Type the 5-letter room code/);
    expect(codeProblem("AB1")).to.match(/not a room code/);
    expect(codeProblem("ABCDEF")).to.match(/has 6 letters: room codes have exactly 5/);
  });
});

describe("e2e: join errors in words", function () {
  this.timeout(60_000);
  const suite = useBrowserHub({ config: () => ({ reconnectSeconds: 20, seatHoldSeconds: 120 }), tolerated: /WebSocket|ERR_|net::|status of 4\d\d/ });

  async function named(page: Page, name: string): Promise<void> {
    await page.waitForSelector("#quick-play");
    await page.fill("input[name=name]", name);
  }

  it("a code that does not exist: says so, offers no Watch; a malformed code is explained, not the browser's pattern message", async () => {
    const { page } = await suite.open(PHONE);
    await named(page, "Ann");

    // typed in the lobby: digits, too short
    await page.fill("#join-code", "AB1");
    await page.tap("#join-code-btn");
    await page.waitForSelector("#join-code-why:not(:empty)");
    expect(await page.textContent("#join-code-why")).to.match(/"AB1" is not a room code: codes are 5 letters/);
    expect((await hub(page)).route, "nothing opened").to.equal("#/");
    const validity = await page.$eval("#join-code", (el) => (el as HTMLInputElement).validationMessage);
    expect(validity, "no browser pattern message").to.equal("");
    await screenshot(page, "errors-malformed-code-phone");
    await page.fill("#join-code", "abcd");
    await page.tap("#join-code-btn");
    expect(await page.textContent("#join-code-why")).to.match(/has 4 letters: room codes have exactly 5/);

    // a well-formed code nobody is using
    await page.fill("#join-code", "zzzzz");
    await page.tap("#join-code-btn");
    await page.waitForSelector(".message-page >> text=No such game");
    const text = await page.textContent(".message-page");
    expect(text).to.contain("No game with code ZZZZZ is running. Check the code or ask your friend for a new link.");
    expect(text).to.not.match(/not found|room "/);
    expect(await page.isVisible("text=Watch this room"), "nothing to watch").to.equal(false);
    await screenshot(page, "errors-no-such-game-phone");
    await page.tap("text=Back to lobby");
    await page.waitForSelector("#quick-play");
  });

  it("a full room: says every seat is taken and offers to watch it", async () => {
    const ann = await suite.open(DESKTOP);
    await named(ann.page, "Ann");
    await ann.page.selectOption("#cs-private-seats", "2");
    await ann.page.click("#cs-private-btn");
    await waitHub(ann.page, (x) => x.ready === true, "Ann's table");
    const code = (await ann.page.textContent("#room-code"))!.trim();
    await ann.page.evaluate(() => localStorage.setItem("hub.cubestacc.howto", "seen"));

    const ben = await suite.open(DESKTOP);
    await named(ben.page, "Ben");
    await ben.page.fill("#join-code", code);
    await ben.page.click("#join-code-btn");
    await waitHub(ben.page, (x) => x.ready === true && x.seat === 1, "Ben seated");

    const cara = await suite.open(DESKTOP);
    await named(cara.page, "Cara");
    await cara.page.fill("#join-code", code);
    await cara.page.click("#join-code-btn");
    await cara.page.waitForSelector(".message-page >> text=This game is full");
    const text = await cara.page.textContent(".message-page");
    expect(text).to.contain(`Every seat in the game with code ${code} is taken`).and.to.contain("You can watch it");
    expect(text).to.not.match(/already full|Room [A-Z]{5}:/);
    await screenshot(cara.page, "errors-full-room");
    await cara.page.click("text=Watch this room");
    const w = await waitHub(cara.page, (x) => x.ready === true && x.spectator === true, "Cara watching");
    expect(w.roomId).to.equal(code);
  });
});
