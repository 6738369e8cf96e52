// The game-first lobby in Chromium, on a desktop and a 390×844 phone touch context: the
// pitch, a tile per game from the registry with its blurb, join by code and live rooms (on a
// phone the pitch, the tiles and join by code on the first screen; no game's forms), one tap
// into each game's page, quick play from there, live rooms as cards with Join / Spectate in
// reach, and no element box outside the viewport's width (no horizontal scrolling).
import { expect } from "chai";
import type { Page } from "playwright-core";
import { DESKTOP, PHONE, screenshot, waitHub, useBrowserHub } from "../helpers/e2e.js";
import { Client } from "colyseus.js";
import { LAX_ADDRESS_LIMITS, seated } from "../helpers/hub.js";

/** Visible elements whose box pokes out of the viewport sideways (described for the failure message). */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("#lobby *"))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue; // hidden
      if (el.closest(".sr-only")) continue;
      if (r.left < -0.5 || r.right > width + 0.5) out.push(`${el.tagName.toLowerCase()}#${el.id}.${el.className} [${Math.round(r.left)}, ${Math.round(r.right)}] "${(el.textContent ?? "").slice(0, 30)}"`);
    }
    if (document.documentElement.scrollWidth > width) out.push(`page scrollWidth ${document.documentElement.scrollWidth} > ${width}`);
    return out;
  });
}

describe("e2e: the game-first lobby", function () {
  this.timeout(120_000);
  const suite = useBrowserHub({ botDelayScale: 0.1, config: () => ({ botThreads: 0, ...LAX_ADDRESS_LIMITS }) });

  for (const [label, options] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
    it(`${label}: a tile per game opens its page; quick play works from each; nothing overflows`, async () => {
      const { page } = await suite.open(options);
      await page.waitForSelector(".game-list a.game-tile");
      await page.fill("input[name=name]", "Tess");
      await page.evaluate(() => localStorage.setItem("hub.cubestacc.howto", "seen"));
      const games = await page.$$eval(".game-list .game", (ls) => ls.map((l) => ({ id: l.getAttribute("data-game")!, playable: !!l.querySelector("a") })));
      expect(games.length, "a tile per registered game").to.be.greaterThan(3);
      expect(await page.$$eval(".game-list .game-art svg", (s) => s.length)).to.equal(games.length);
      expect(await overflowing(page), "lobby boxes outside the viewport").to.deep.equal([]);
      // what the hub is, every game with its blurb, join by code and live rooms; no game's forms
      expect(await page.textContent("#lobby-pitch")).to.match(/games to play in your browser/);
      const blurbs = await page.$$eval(".game-list .game-tile", (ts) => ts.map((t) => { const b = t.querySelector<HTMLElement>(".game-blurb")!; return { text: b.textContent ?? "", shown: b.getBoundingClientRect().height > 0 }; }));
      expect(blurbs.length, "a blurb per game").to.equal(games.length);
      for (const b of blurbs) expect(b.shown && b.text.length > 10, `a blurb shown: ${b.text}`).to.equal(true);
      expect(await page.isVisible("#join-by-code")).to.equal(true);
      expect(await page.isVisible("#rooms-h"), "live rooms").to.equal(true);
      expect(await page.$$eval(".game-page", (ps) => ps.filter((p) => (p as HTMLElement).getBoundingClientRect().height > 0).map((p) => p.id)), "no game's forms in the lobby").to.deep.equal([]);
      if (label === "phone") {
        // the first screen of a 390×844 phone: the pitch, every tile and join by code
        const bottom = await page.evaluate(() => Math.max(...["#lobby-pitch", ".game-list", "#join-code-btn"].map((q) => document.querySelector(q)!.getBoundingClientRect().bottom)));
        expect(bottom, "pitch, tiles and join by code within 844 px").to.be.at.most(844);
        // Below the first screen: live rooms, tournaments, private tournaments (the form folded)
        // and today's challenges, 2,000–2,500 px with what earlier tests left running; every
        // game's forms stacked were several thousand more.
        expect(await page.evaluate(() => document.documentElement.scrollHeight), "no longer every game's forms stacked").to.be.below(3000);
      }
      await screenshot(page, `lobby-${label}`);

      for (const g of games.filter((x) => x.playable)) {
        // back to the lobby by its route (a hash change, as Back does), not a fresh page load
        // per game (issue 45: ten loads of the whole client showed nothing the first did not)
        await page.evaluate(() => (location.hash = "#/"));
        await page.waitForSelector(`.game-list [data-game="${g.id}"] a`);
        if (label === "phone") await page.tap(`.game-list [data-game="${g.id}"] a`);
        else await page.click(`.game-list [data-game="${g.id}"] a`);
        await page.waitForFunction((id) => location.hash === `#/games/${id}`, g.id);
        // only this game's page shows, its heading focused; the tiles are gone
        await page.waitForSelector(".game-list", { state: "hidden" }); // the router shows the page just after the hash changes
        expect(await page.isVisible(`#game-${g.id}`)).to.equal(true);
        const others = await page.$$eval(".game-page", (ps) => ps.filter((p) => !(p as HTMLElement).hidden).map((p) => p.id));
        expect(others).to.deep.equal([`game-${g.id}`]);
        expect(await overflowing(page), `${g.id} page boxes outside the viewport`).to.deep.equal([]);
        await screenshot(page, `lobby-${label}-${g.id}`);
        const quick = page.locator(`#game-${g.id} button`, { hasText: /^(Quick play|Play)$/ }).first();
        if (label === "phone") await quick.tap();
        else await quick.click();
        const s = await waitHub(page, (x) => x.connection === "connected" && x.route.startsWith("#/room/") && x.ready === true, `${g.id} quick play`);
        expect(s.spectator ?? false).to.equal(false);
      }
    });
  }

  it("desktop: clicking from tile to tile and back asks each page's answers once, and nothing is refused (no 429)", async () => {
    const { page } = await suite.open(DESKTOP);
    const asked: string[] = [];
    const refused: string[] = [];
    page.on("response", (r) => {
      const u = new URL(r.url());
      if (!u.pathname.startsWith("/api/") || u.pathname === "/api/rooms") return; // the live list refreshes by design
      asked.push(`${r.request().method()} ${u.pathname}${u.search}`);
      if (r.status() === 429) refused.push(`${u.pathname}${u.search}`);
    });
    await page.waitForSelector(".game-list a.game-tile");
    const games = await page.$$eval(".game-list .game a", (as) => as.map((a) => a.closest(".game")!.getAttribute("data-game")!));
    // a person looking around: every game's page three times over, by its tile and Back
    for (let round = 0; round < 3; round++) {
      for (const g of games) {
        await page.click(`.game-list [data-game="${g}"] a`);
        await page.waitForSelector(`#game-${g}:not([hidden])`);
        await page.waitForTimeout(150);
        await page.goBack();
        await page.waitForSelector(".game-list a.game-tile");
      }
    }
    await page.waitForTimeout(300);
    expect(refused, "answers refused").to.deep.equal([]);
    const counts = new Map<string, number>();
    for (const a of asked) counts.set(a, (counts.get(a) ?? 0) + 1);
    const twice = [...counts].filter(([what, n]) => n > 1 && !what.startsWith("GET /api/profile")).map(([what, n]) => `${what} ×${n}`);
    expect(twice, "answers asked again within seconds").to.deep.equal([]);
    // a game's ratings are asked when its page shows, not on every page load for every game
    expect(asked.filter((a) => a.startsWith("GET /api/ratings/")).length, "one ratings board per rated game").to.be.at.most(games.length);
    console.log(`      ${asked.length} requests for ${games.length * 3} game pages shown`);
  });

  it("phone: live rooms are cards with Join and Spectate inside the screen, filtered on a game's page", async () => {
    // a public room to list: someone quick-plays Connect Four (a colyseus.js player, as the
    // Quick play button joins: that button from every game's page is the tests above)
    const host = await seated(new Client(`ws://127.0.0.1:${suite.port}`).joinOrCreate("connect4", { name: "Host" }));
    const s = { roomId: host.room.roomId };

    const { page } = await suite.open(PHONE);
    const card = `#rooms-list [data-room="${s.roomId}"]`;
    await page.waitForSelector(card);
    expect(await page.textContent(card)).to.contain("Connect Four");
    for (const action of ["join", "spectate"]) {
      const box = (await page.locator(`${card} button[data-action=${action}]`).boundingBox())!;
      expect(box.x, `${action} left`).to.be.at.least(0);
      expect(box.x + box.width, `${action} right`).to.be.at.most(390);
    }
    expect(await overflowing(page)).to.deep.equal([]);
    await page.locator(card).scrollIntoViewIfNeeded();
    await screenshot(page, "lobby-phone-rooms");
    // another game's page does not list it; its own page does
    await page.goto(`${suite.base}#/games/minesweeper`);
    await page.waitForSelector("#game-minesweeper");
    await page.click("#rooms-refresh");
    await page.waitForFunction(() => /No public rooms|live room/.test(document.querySelector(".rooms-note")?.textContent ?? ""));
    expect(await page.$(card)).to.equal(null);
    await page.goto(`${suite.base}#/games/connect4`);
    await page.waitForSelector(card);
    await page.tap(`${card} button[data-action=spectate]`);
    await waitHub(page, (x) => x.spectator === true && x.roomId === s.roomId, "watching the room");
    await host.room.leave();
  });
});
