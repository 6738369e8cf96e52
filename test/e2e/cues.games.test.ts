// Browser tests: the "your turn" cues in every game, read from the room's generic `acting`
// seats (client/ui/cues.ts), not from a field one game happens to have. One seat on turn
// (Connect Four, a Hearts card; Auto Pets' shop is test/e2e/pets.test.ts's desktop solo): the sound, "● Your turn" in the title and the alert favicon
// while it is ours, gone on the others' turn. Everyone at once with one seat on turn (the card
// table's active player, ClientGame.turnSeat): only that seat's page says it. Everyone at once
// (a Minesweeper race's go): one sound, the title left alone; a solo board gets none.
// Cubestacc's cues (phone, notification, mute) are test/e2e/cues.test.ts.
import { expect } from "chai";
import type { Page } from "playwright-core";
import { LAX_ADDRESS_LIMITS } from "../helpers/hub.js";
import { DESKTOP, hub, PHONE, screenshot, waitHub, type HubSnapshot, useBrowserHub, gamePage } from "../helpers/e2e.js";
import { enterLobby, startSoloBeginner } from "./minesweeper.helpers.js";

type Cues = { played: Record<string, number>; yourTurn: boolean; title: string; alertIcon: boolean };
type S = HubSnapshot & { game?: string; acting?: number[]; cues?: Cues; stage?: string; phaseOfTable?: string; race?: { phase: string } };
const until = (page: Page, test: (s: S) => boolean, what: string, timeout = 20_000) => waitHub(page, (s) => test(s as S), what, timeout) as Promise<S>;
const turns = (s: S) => s.cues?.played.turn ?? 0;

describe("e2e: your-turn cues in every game", function () {
  this.timeout(150_000);
  const suite = useBrowserHub({
    botDelayScale: 0.5,
    config: () => ({ botThreads: 0, reconnectSeconds: 20, seatHoldSeconds: 120, raceCountdownMs: 1500, ...LAX_ADDRESS_LIMITS }),
    tolerated: /WebSocket|ERR_|net::|Failed to fetch|status of 4\d\d/,
  });

  it("Connect Four: the cue on our turn, title and favicon back on the bot's, the cue again", async () => {
    const { page } = await suite.open(DESKTOP);
    await gamePage(page, "connect4");
    await page.fill("input[name=name]", "Cy");
    await page.click("#connect4-solo-btn");
    let s = await until(page, (x) => x.game === "connect4" && x.phase === "playing" && !!x.acting?.includes(0) && turns(x) >= 1, "our first turn's cue");
    expect(s.cues!.yourTurn).to.equal(true);
    expect(await page.title()).to.match(/^● Your turn — Connect Four/);
    expect(s.cues!.alertIcon).to.equal(true);
    await screenshot(page, "cues-connect4");
    await page.locator('.c4-col[aria-disabled="false"]').first().click();
    s = await until(page, (x) => !x.acting?.includes(0) || turns(x) >= 2, "the bot's turn, or ours again");
    if (!s.acting?.includes(0)) {
      expect(s.cues!.title, "the bot's turn: the title is back").to.not.match(/Your turn/);
      expect(s.cues!.alertIcon).to.equal(false);
    }
    s = await until(page, (x) => !!x.acting?.includes(0) && turns(x) >= 2, "the cue of our second turn");
    expect(s.cues!.title).to.match(/^● Your turn/);
  });

  it("Hearts: the passing is everyone at once (no lasting turn); our first card is our turn, with the title and favicon", async () => {
    const { page } = await suite.open(DESKTOP);
    await gamePage(page, "hearts");
    await page.fill("input[name=name]", "Hal");
    await page.click("#hearts-solo-btn");
    // passing: every seat at once, from the deal (a game joined under way: no nudge), the title left alone
    let s = await until(page, (x) => x.game === "hearts" && x.phase === "playing" && (x as S & { handPhase?: string }).handPhase === "passing" && !!x.acting?.includes(0), "the passing");
    expect(s.cues!.title).to.not.match(/Your turn/);
    const hand = (s as S & { cards?: number[] }).cards ?? [];
    for (const card of hand.slice(0, 3)) {
      const at = (await page.evaluate((c) => (window.__hub as unknown as { cardCenter(c: number): { x: number; y: number } | null }).cardCenter(c), card))!;
      await page.mouse.click(at.x, at.y);
    }
    await page.click("#hearts-act");
    // our first card: one seat on turn, the title and favicon say it
    s = await until(page, (x) => (x as S & { handPhase?: string }).handPhase === "playing" && !!x.acting?.includes(0) && !!x.cues?.yourTurn, "our turn to play a card", 30_000);
    expect(await page.title()).to.match(/^● Your turn — Hearts/);
    expect(s.cues!.alertIcon).to.equal(true);
    await screenshot(page, "cues-hearts");
  });

  it("Card table: only the active player's page says 'your turn'; Pass turn hands the cue over", async () => {
    const a = (await suite.open(DESKTOP)).page;
    await gamePage(a, "table");
    await a.fill("input[name=name]", "Ada");
    await a.click("#table-private-btn");
    const room = await until(a, (x) => !!x.roomId && x.private === true, "a private table");
    const b = (await suite.open(PHONE)).page;
    await b.waitForSelector("#join-code");
    await b.fill("input[name=name]", "Bo");
    await b.fill("#join-code", room.roomId!.toLowerCase());
    await b.click("#join-code-btn");
    await until(b, (x) => x.stage === "decks", "the deck stage");
    await a.click("#tt-standard");
    await b.click("#tt-standard");
    await until(a, (x) => x.phaseOfTable === "mulligan", "the deal");
    await a.click("#tt-keep");
    await b.click("#tt-keep");
    let sa = await until(a, (x) => x.phaseOfTable === "playing" && !!x.cues?.yourTurn, "the first player's turn cue");
    expect(turns(sa)).to.be.at.least(1);
    expect(await a.title()).to.match(/^● Your turn — Card table/);
    let sb = (await hub(b)) as S;
    expect(sb.cues!.yourTurn, "the other player is not on turn").to.equal(false);
    expect(sb.cues!.title).to.not.match(/Your turn/);
    expect(turns(sb), "no turn sound for the other player").to.equal(0);
    await screenshot(a, "cues-table-active");
    await a.click("#tt-pass");
    sb = await until(b, (x) => !!x.cues?.yourTurn && turns(x) >= 1, "the turn cue on the second page");
    expect(sb.cues!.title).to.match(/^● Your turn/);
    sa = await until(a, (x) => x.cues?.yourTurn === false, "the first page's turn over");
    expect(sa.cues!.title).to.not.match(/Your turn/);
    expect(sa.cues!.alertIcon).to.equal(false);
  });

  it("Minesweeper: the race's go is one cue for every racer; a solo board gets none", async () => {
    const host = (await suite.open(DESKTOP)).page;
    await enterLobby(host, "Ann");
    await host.check("input[name=private-mode][value=race]");
    await host.selectOption("#private-seats", "2");
    await host.click("#create-private-btn");
    await until(host, (x) => x.ready === true && x.race?.phase === "waiting" && (x.rows ?? 0) > 0, "the race room");
    const code = (await host.textContent("#room-code"))!.trim();
    const guest = (await suite.open(DESKTOP)).page;
    await enterLobby(guest, "Ben");
    await guest.fill("#join-code", code.toLowerCase());
    await guest.click("#join-code-btn");
    await until(guest, (x) => x.ready === true && x.seat === 1 && x.race?.phase === "waiting", "Ben in the race room");
    expect(turns((await hub(host)) as S), "no cue while waiting").to.equal(0);
    await host.click("#race-ready");
    await guest.click("#race-ready");
    for (const page of [host, guest]) {
      const s = await until(page, (x) => x.race?.phase === "racing" && turns(x) >= 1, "the go's cue");
      expect(turns(s), "one cue, not one per patch").to.equal(1);
      expect(s.cues!.title, "a race has no lasting turn").to.not.match(/Your turn/);
    }

    const solo = (await suite.open(DESKTOP)).page;
    const s = (await startSoloBeginner(solo, "Sol")) as S;
    await solo.waitForTimeout(500);
    const after = (await hub(solo)) as S;
    expect(turns(after), "a solo board is nobody's turn").to.equal(0);
    expect(after.cues?.title ?? s.cues?.title).to.not.match(/Your turn/);
  });
});
