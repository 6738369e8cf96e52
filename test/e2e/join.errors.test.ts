// Browser tests: when joining fails, the page says what happened and what to do next, in
// words — never the server's raw `room "ZZZZZ" not found`, never the browser's "Please match
// the requested format", and no "Watch this room" for a room that does not exist.
import { expect } from "chai";
import type { Page } from "playwright-core";
import { DESKTOP, gamePage, hub, PHONE, screenshot, waitHub, useBrowserHub } from "../helpers/e2e.js";

describe("e2e: join errors in words", function () {
  this.timeout(60_000);
  const suite = useBrowserHub({ config: () => ({ reconnectSeconds: 20, seatHoldSeconds: 120 }), tolerated: /WebSocket|ERR_|net::|status of 4\d\d/ });

  async function named(page: Page, name: string): Promise<void> {
    await page.waitForSelector("#join-code");
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
    await page.waitForSelector("#join-code");
  });

  it("a full room: says every seat is taken and offers to watch it", async () => {
    const ann = await suite.open(DESKTOP);
    await named(ann.page, "Ann");
    await gamePage(ann.page, "cubestacc");
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
    expect(text).to.contain(`Every seat in the Cubestacc game with code ${code} is taken`).and.to.contain("You can watch it");
    expect(text).to.not.match(/already full|Room [A-Z]{5}:/);
    await screenshot(cara.page, "errors-full-room");
    await cara.page.click("text=Watch this room");
    const w = await waitHub(cara.page, (x) => x.ready === true && x.spectator === true, "Cara watching");
    expect(w.roomId).to.equal(code);
  });

  for (const [label, device] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
    it(`${label}: an invite link is checked before a name is asked: a full room offers to watch, an open one names its game`, async () => {
      const ann = await suite.open(DESKTOP, "#/games/connect4");
      await ann.page.fill("input[name=name]", "Ann");
      await ann.page.click("#connect4-private-btn");
      const room = await waitHub(ann.page, (x) => x.ready === true && x.private === true, "Ann's room");
      const code = room.roomId!;

      // a newcomer (no name yet) opens the invite while a seat is open: the prompt names the game, and can just watch
      const ben = await suite.open(device, `#/join/${code}`);
      await ben.page.waitForSelector("#name-prompt");
      expect(await ben.page.textContent("#name-prompt")).to.contain("You're invited to Connect Four");
      expect(await ben.page.isVisible("#invite-watch"), "Just watch").to.equal(true);
      await ben.page.fill("#invite-name", "Ben");
      await (device === PHONE ? ben.page.tap("#invite-join") : ben.page.click("#invite-join"));
      await waitHub(ben.page, (x) => x.ready === true && x.seat === 1, "Ben seated");

      // the room is full now: the next newcomer is asked nothing, and offered to watch
      const cara = await suite.open(device, `#/join/${code}`);
      await cara.page.waitForSelector(".message-page >> text=This game is full");
      expect(await cara.page.$("#name-prompt"), "no name asked for a game that would refuse it").to.equal(null);
      expect(await cara.page.textContent(".message-page")).to.contain(`Connect Four game with code ${code}`);
      await screenshot(cara.page, `errors-invite-full-${label}`);
      await (device === PHONE ? cara.page.tap("text=Watch this room") : cara.page.click("text=Watch this room"));
      const w = await waitHub(cara.page, (x) => x.ready === true && x.spectator === true, "Cara watching");
      expect(w.roomId).to.equal(code);
    });
  }
});
