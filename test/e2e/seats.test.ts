// Browser tests: a seat is never lost by accident.
// - Back in a game asks first (saying what happens to the seat); Forward returns to it.
// - Navigating away (a link, a typed address) keeps the seat like a dropped connection;
//   Back returns to it, and meanwhile the others read in words that the player is away.
// - After closing the tab the lobby offers "You have a game in progress — Rejoin".
// - Someone opening an invite link is asked for a name first.
import { expect } from "chai";
import type { Page } from "playwright-core";
import { DESKTOP, gamePage, hub, PHONE, screenshot, waitHub, type HubSnapshot, useBrowserHub } from "../helpers/e2e.js";

type Seat = { name: string; occupied: boolean; connected: boolean; bot: boolean };
type S = HubSnapshot & { phase?: string; hand?: number[] | null; seats?: Seat[]; presence?: string[]; gameNo?: number };
const waitS = (page: Page, test: (s: S) => boolean, what: string, timeout = 15_000) =>
  waitHub(page, test as (s: HubSnapshot) => boolean, what, timeout) as Promise<S>;

describe("e2e: seats are safe (Back, links, closed tabs, invite names)", function () {
  this.timeout(120_000);
  // a short window so the "a bot plays for them" notice shows within the test
  const suite = useBrowserHub({ botDelayScale: 0.12, config: () => ({ reconnectSeconds: 2, seatHoldSeconds: 120 }) });

  async function named(page: Page, name: string, game?: string): Promise<void> {
    if (game) await gamePage(page, game);
    await page.waitForSelector("#join-code");
    await page.fill("input[name=name]", name);
    await page.evaluate(() => localStorage.setItem("hub.cubestacc.howto", "seen"));
  }

  it("Cubestacc: an invite link asks the name; Back asks and Forward keeps the seat; a link away keeps it too, and the others read who is away", async () => {
    const ann = await suite.open(PHONE);
    await named(ann.page, "Ann", "cubestacc");
    await ann.page.selectOption("#cs-private-seats", "2");
    await ann.page.selectOption("#cs-private-timer", "0");
    await ann.page.tap("#cs-private-btn");
    await waitS(ann.page, (x) => x.ready === true && x.phase === "waiting", "Ann's private table");
    const code = (await ann.page.textContent("#room-code"))!.trim();

    // Ben opens the invite link on a fresh browser: asked for a name before joining
    const ben = await suite.open(DESKTOP, `#/join/${code}`);
    await ben.page.waitForSelector("#name-prompt");
    expect(await ben.page.textContent("#name-prompt")).to.contain(`room ${code}`);
    await ben.page.click("#invite-join"); // empty: says what to do, joins nothing
    expect(await ben.page.textContent("#invite-name-hint")).to.match(/Type a name first/);
    expect((await hub(ben.page)).connection).to.equal("none");
    await screenshot(ben.page, "seats-name-prompt");
    await ben.page.fill("#invite-name", "Ben");
    await ben.page.click("#invite-join");
    let b = await waitS(ben.page, (x) => x.ready === true && x.seat === 1 && x.phase === "playing" && (x.hand?.length ?? 0) === 7, "Ben seated, the game dealt");
    const hand = b.hand;
    await waitS(ann.page, (x) => x.seats?.[1]?.name === "Ben", "Ann sees Ben by name");
    // the name asked at the invite is his profile's too (My games says "Playing as Ben")
    await ben.page.waitForFunction(() => JSON.parse(localStorage.getItem("hub.profile") ?? "{}").name === "Ben", null, { timeout: 10_000 });
    // his first Cubestacc game: the how-to card comes first
    await ben.page.waitForSelector("#cs-howto:not([hidden])");
    await ben.page.click("#cs-howto-close");

    // Back: still in the room, asked what happens to the seat
    await ben.page.goBack();
    await ben.page.waitForSelector("#leave-dialog");
    expect(await ben.page.textContent("#leave-dialog")).to.contain("A bot takes your seat");
    b = (await hub(ben.page)) as S;
    expect(b).to.include({ connection: "connected", seat: 1, roomId: code });
    await screenshot(ben.page, "seats-back-asks");
    // Forward: the question goes away, nothing happened to the seat
    await ben.page.goForward();
    await ben.page.waitForSelector("#leave-dialog", { state: "detached" });
    b = await waitS(ben.page, (x) => x.connection === "connected" && x.seat === 1, "Ben still seated");
    expect(b.reconnects, "the seat never left").to.equal(0);
    expect(b.hand).to.deep.equal(hand);
    let a = (await hub(ann.page)) as S;
    expect(a.seats![1]).to.include({ name: "Ben", connected: true, bot: false });

    // "← Lobby" asks too; "Stay" keeps playing
    await ben.page.click("#back-to-lobby");
    await ben.page.waitForSelector("#leave-dialog");
    await ben.page.click("#leave-stay");
    await ben.page.waitForSelector("#leave-dialog", { state: "detached" });
    expect((await hub(ben.page)).connection).to.equal("connected");
    // Back, "Stay": the guard is back, so the next Back asks again
    await ben.page.goBack();
    await ben.page.click("#leave-stay");
    await ben.page.waitForSelector("#leave-dialog", { state: "detached" });
    await ben.page.goBack();
    await ben.page.waitForSelector("#leave-dialog");
    await ben.page.goForward();
    await ben.page.waitForSelector("#leave-dialog", { state: "detached" });
    expect(await hub(ben.page)).to.include({ connection: "connected", seat: 1, reconnects: 0 });

    // a link away (not a choice to leave): the seat is kept like a dropped connection
    await ben.page.evaluate(() => (location.hash = "#/"));
    await ben.page.waitForSelector("#rejoin [data-room] >> text=You have a game in progress");
    expect(await ben.page.inputValue("input[name=name]"), "the name he gave the invite").to.equal("Ben");
    expect(await ben.page.textContent("#rejoin")).to.contain(code);
    a = await waitS(ann.page, (x) => (x.presence ?? []).some((p) => p.startsWith("Ben")), "Ann reads that Ben is away");
    expect(await ann.page.isVisible("#presence"), "in words on a phone").to.equal(true);
    // past the short window a bot plays for him until he is back
    a = await waitS(ann.page, (x) => (x.presence ?? []).some((p) => /Ben is away — a bot plays/.test(p)), "Ann reads that a bot plays for Ben");
    expect(await ann.page.textContent("#presence")).to.contain("a bot plays for them");
    expect(await ann.page.textContent(".toasts")).to.match(/Ben (lost connection|is still away)/);
    await screenshot(ann.page, "seats-presence-phone");
    await screenshot(ben.page, "seats-rejoin-banner");

    // Back returns to the seat (the bot steps aside)
    await ben.page.goBack();
    b = await waitS(ben.page, (x) => x.connection === "connected" && x.seat === 1 && x.ready === true && (x.hand?.length ?? 0) > 0, "Ben back in his seat");
    expect(b.route).to.equal(`#/room/${code}`);
    a = await waitS(ann.page, (x) => x.seats?.[1]?.connected === true && x.seats?.[1]?.bot === false && (x.presence ?? []).length === 0, "Ann sees Ben back");
    await ann.page.waitForSelector(".toasts >> text=Ben is back.");

    // Ben leaves on purpose: a bot takes his seat, and Ann reads it in words
    await ben.page.click("#back-to-lobby");
    await ben.page.click("#leave-confirm");
    await ben.page.waitForSelector("#join-code");
    a = await waitS(ann.page, (x) => (x.presence ?? []).some((p) => /\(a bot\) plays for Ben, who left/.test(p)), "Ann reads that a bot replaced Ben");
    expect(a.seats![1].bot).to.equal(true);
    await ann.page.waitForSelector(".toasts >> text=/Ben left the game\\. Bot \\w+ plays their hand\\./");
    await screenshot(ann.page, "seats-replaced-phone");
    await ben.page.waitForTimeout(500);
    expect(await ben.page.isVisible("#rejoin"), "a seat given up is not offered back").to.equal(false);
  });

  it("Minesweeper co-op: after closing the tab the lobby offers the game back; Rejoin returns to the same seat", async () => {
    const ann = await suite.open(DESKTOP);
    await named(ann.page, "Ann", "minesweeper");
    await ann.page.check("input[name=private-mode][value=coop]");
    await ann.page.click("#create-private-btn");
    await waitS(ann.page, (x) => x.ready === true && (x.rows ?? 0) > 0, "Ann's co-op board");
    const code = (await ann.page.textContent("#room-code"))!.trim();

    const ben = await suite.open(PHONE);
    await named(ben.page, "Ben");
    await ben.page.fill("#join-code", code);
    await ben.page.tap("#join-code-btn");
    await waitS(ben.page, (x) => x.ready === true && x.seat === 1, "Ben on the board");

    // the tab closes (no goodbye); a new tab of the same browser opens the hub
    await ben.page.close();
    const again = await ben.context.newPage();
    await again.goto(suite.base);
    await again.waitForSelector(`#rejoin [data-room="${code}"]`);
    const text = await again.textContent("#rejoin");
    expect(text).to.contain("You have a game in progress").and.to.contain("Minesweeper co-op").and.to.contain(code);
    await screenshot(again, "seats-rejoin-phone");
    await again.tap(`#rejoin button[data-room="${code}"]`);
    const b = await waitS(again, (x) => x.ready === true && x.connection === "connected" && x.seat === 1, "Ben back in seat 1");
    expect(b.roomId).to.equal(code);
    await waitS(ann.page, (x) => x.seats?.[1]?.connected === true && x.seats.filter((s) => s.occupied).length === 2, "still two players");

    // a browser holding no token for the room is offered nothing
    const other = await suite.open(DESKTOP);
    await other.page.evaluate((id) => localStorage.setItem(`hub.seat.${id}`, JSON.stringify({ roomId: id, seatToken: "guessed", seat: 1, game: "minesweeper", savedAt: Date.now() })), code);
    await other.page.reload();
    await other.page.waitForSelector("#join-code");
    await other.page.waitForTimeout(600);
    expect(await other.page.isVisible("#rejoin"), "no offer without a valid token").to.equal(false);

    // leaving on purpose ("← Lobby", confirmed) gives the seat up: no offer afterwards
    await again.tap("#back-to-lobby");
    await again.waitForSelector("#leave-dialog >> text=given up");
    await again.tap("#leave-confirm");
    await again.waitForSelector("#join-code");
    await again.waitForTimeout(600);
    expect(await again.isVisible("#rejoin")).to.equal(false);
    await waitS(ann.page, (x) => x.seats?.[1]?.occupied === false, "Ben's seat is free");
  });
});
