// A server restart seen from the browser: two people play Connect Four in a private room on a
// hub PROCESS with a file-backed room log; the process is killed with SIGKILL. The page shows
// that it is reconnecting (banner + status), the process starts again, and the page is back
// in its seat with every disc, with no reload; the game then goes on. Screenshots in
// test-results/: restart-1-down.png, restart-2-back.png.

import { expect } from "chai";
import type { Browser } from "playwright-core";
import { freePort } from "../helpers/cluster.js";
import { restartableHub, type Restartable } from "../helpers/durable.js";
import { hub, releaseChromium, sharedChromium, OpenedPages, screenshot, waitHub, type HubSnapshot, gamePage } from "../helpers/e2e.js";

type C4 = HubSnapshot & { grid?: number[]; acting?: number[] };
const discs = (s: C4) => (s.grid ?? []).filter((x) => x !== -1).length;

describe("e2e: a server restart mid-game", function () {
  this.timeout(120_000);
  let server: Restartable;
  let browser: Browser;
  let base = "";
  const pages = new OpenedPages(() => browser, () => base, /WebSocket|ERR_|net::|Failed to load resource|Failed to fetch/);

  before(async () => {
    browser = await sharedChromium();
    const port = await freePort();
    server = await restartableHub(port, { ADDRESS_LIMITS: "off" });
    base = `http://127.0.0.1:${port}/`;
  });
  after(async () => {
    await releaseChromium(browser);
    await server?.stop();
  });
  afterEach(() => pages.closeAll());

  // This once failed: the page joined its restored seat, then a scene listener threw on the
  // new Room's not-yet-decoded state; RoomSession.recover() took that for a failed join and
  // joined again with the seat token, pushing its own connection out (4000) over and over.
  it("the page shows it is reconnecting, then is back in its seat with no reload", async () => {
    const a = await pages.open();
    await gamePage(a.page, "connect4");
    await a.page.fill("input[name=name]", "Ada");
    await a.page.click("#connect4-private-btn");
    const room = await waitHub(a.page, (s) => !!s.roomId && s.private === true, "a private room");
    const b = await pages.open();
    await b.page.waitForSelector("#join-code");
    await b.page.fill("input[name=name]", "Bo");
    await b.page.fill("#join-code", room.roomId!);
    await b.page.click("#join-code-btn");
    await waitHub(a.page, (s) => s.phase === "playing", "the game to start");

    // Three discs each, clicked on the page like a person would (each column alternates: nobody wins).
    for (let col = 0; col < 3; col++) {
      for (const p of [a.page, b.page]) {
        const s = await waitHub(p, (t) => !!(t as C4).acting?.includes((t.seat as number) ?? -1), "its turn");
        await p.click(`.c4-col[data-col="${col}"]`);
        await waitHub(p, (t) => discs(t as C4) > discs(s as C4), "the disc");
      }
    }
    const before = (await hub(a.page)) as C4;
    expect(discs(before)).to.be.greaterThan(0);
    await a.page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    await server.kill("SIGKILL");
    await a.page.waitForSelector("#reconnecting:not([hidden])", { timeout: 15_000 });
    expect(await a.page.textContent("#reconnecting")).to.match(/Reconnecting… Your seat is kept/);
    expect(await a.page.textContent("#conn-state")).to.match(/Reconnecting|still trying/);
    await screenshot(a.page, "restart-1-down");

    await server.start();
    const back = (await waitHub(a.page, (s) => s.connection === "connected" && s.phase === "playing" && discs(s as C4) === discs(before), "back in the room", 60_000)) as C4;
    expect(back.roomId).to.equal(before.roomId);
    expect(back.seat).to.equal(before.seat);
    expect(back.grid).to.deep.equal(before.grid);
    expect(await a.page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).to.equal(true, "the page was not reloaded");
    await a.page.waitForSelector("#reconnecting", { state: "hidden" });
    await waitHub(b.page, (s) => s.connection === "connected" && discs(s as C4) === discs(before), "the other player back too", 60_000);

    // The game goes on: whoever is on turn drops a disc and both pages see it.
    const turn = (await hub(a.page)) as C4;
    const mover = turn.acting?.includes(turn.seat ?? -1) ? a.page : b.page;
    await mover.locator(".c4-col:not([disabled])").first().click();
    await waitHub(a.page, (s) => discs(s as C4) === discs(before) + 1, "a move after the restart");
    await waitHub(b.page, (s) => discs(s as C4) === discs(before) + 1, "the move seen by the other player");
    await screenshot(a.page, "restart-2-back");
  });
});
