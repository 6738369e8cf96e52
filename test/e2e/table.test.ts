// The card table in Chromium: a player on a desktop, a player on a phone and a spectator in a
// private room. Import a decklist, mulligan and keep, draw, play to the battlefield, tap,
// counters, scry 3, shuffle, undo, a reload mid-game, then the end proposed, refused, proposed
// again and agreed (nobody ends it for the others); the spectator never sees a hand. The
// cards are on a Pixi canvas: the tests click, drag and touch the places the scene reports in
// window.__hub (test/helpers/table.ts). Screenshots in test-results/table-*.png.
import { expect } from "chai";
import type { Page } from "playwright-core";
import { LAX_ADDRESS_LIMITS } from "../helpers/hub.js";
import { DESKTOP, hub, PHONE, screenshot, waitHub, type HubSnapshot, useBrowserHub, gamePage } from "../helpers/e2e.js";
import { battlefieldCard, canvasOf, cardBox, centre, fieldOf, firstHandCard, pileOf, tableProblems, tool, touchDoubleTap, touchDrag, touchTap } from "../helpers/table.js";

type T = HubSnapshot & {
  stage?: string;
  me?: number;
  hand?: string[];
  battlefield?: { id: number; name: string; tapped: boolean; counters: Record<string, number>; pos: { x: number; y: number } | null }[];
  graveyard?: string[];
  library?: number;
  phaseOfTable?: string;
  lines?: string[];
};

const DECK = Array.from({ length: 40 }, (_, i) => `1 Test Card ${String(i + 1).padStart(2, "0")} | Creature — Tester | {${(i % 4) + 1}} | ${(i % 5) + 1}/${(i % 3) + 1}`).join("\n");

const table = (page: Page) => hub(page) as Promise<T>;
const xy = (p: { x: number; y: number }) => [p.x, p.y] as const;
const xy2 = (p: { x: number; y: number }) => ({ x: p.x, y: p.y });
const until = (page: Page, test: (s: T) => boolean, what: string) => waitHub(page, (s) => test(s as T), what) as Promise<T>;

/** The end vote's bar wholly on screen, above the tools and the canvas, the hand still in view under it. */
async function barInSight(page: Page, what: string): Promise<void> {
  const bar = (await page.locator("#tt-endvote").boundingBox())!;
  const tools = (await page.locator("#tt-bar").boundingBox())!;
  const vh = await page.evaluate(() => window.innerHeight);
  expect(bar.y, `${what}: its top on screen`).to.be.at.least(0);
  expect(bar.y + bar.height, `${what}: above the tools`).to.be.at.most(tools.y + 1);
  expect(bar.y + bar.height, `${what}: its foot on screen`).to.be.at.most(vh);
  expect(await tableProblems(page, 1), what).to.deep.equal([]);
}

describe("e2e: card table in Chromium", function () {
  this.timeout(240_000);
  const suite = useBrowserHub({ config: () => ({ botThreads: 0, ...LAX_ADDRESS_LIMITS }) });

  it("two players (desktop and phone) and a spectator: decks, mulligan, draw, play, tap, counters, scry 3, shuffle, undo, reload, the end by agreement; then goldfish on the desktop: a solo table with the standard deck, undo and redo; a card played, tapped and its menu opened by keyboard", async () => {
    const a = (await suite.open(DESKTOP)).page;
    await gamePage(a, "table");
    await a.fill("input[name=name]", "Ada");
    await a.click("#table-private-btn");
    const room = await waitHub(a, (s) => !!s.roomId && s.private === true, "a private table");
    const b = (await suite.open(PHONE)).page;
    await b.waitForSelector("#join-code");
    await b.fill("input[name=name]", "Bo"); // a newcomer without a name is asked for one first
    await b.fill("#join-code", room.roomId!.toLowerCase());
    await b.click("#join-code-btn");
    const spec = (await suite.open(DESKTOP, `#/spectate/${room.roomId}`)).page;
    await until(b, (s) => s.stage === "decks", "the deck stage on the phone");
    await until(spec, (s) => s.stage === "decks", "the deck stage for the spectator");

    // Decks: a decklist on the desktop, the standard deck on the phone.
    await a.fill("#tt-decklist", DECK);
    await screenshot(a, "table-decks-desktop");
    await a.click("#tt-import");
    await b.click("#tt-standard");
    await until(a, (s) => s.phaseOfTable === "mulligan" && (s.hand?.length ?? 0) === 7, "the deal");
    expect((await table(a)).hand!.every((n) => n.startsWith("Test Card"))).to.equal(true);

    // Mulligan once and keep (London: one card to the bottom); the phone keeps.
    await a.click("#tt-mulligan");
    await until(a, (s) => (s.players as { kept: boolean }[] | undefined)?.length === 2 && (s.lines ?? []).some((l) => /mulligan/i.test(l)), "the mulligan");
    await a.click("#tt-keep");
    await a.waitForSelector("#tt-dialog:not([hidden]) button");
    await a.click("#tt-dialog .tt-look li:first-child button");
    await b.click("#tt-keep");
    await until(a, (s) => s.phaseOfTable === "playing", "both kept");
    expect((await table(a)).hand).to.have.length(6);

    // Draw, play a card, tap it (double-click), a counter from the context menu.
    await a.click("#tt-draw");
    await until(a, (s) => s.hand!.length === 7, "the draw");
    const first = await firstHandCard(a);
    await a.mouse.click(first.x, first.y);
    const played = await until(a, (s) => s.battlefield!.length === 1, "a card on the battlefield");
    const id = played.battlefield![0].id;
    // Dragged within the battlefield to its far corner: it lands there, still whole on screen.
    const field = await fieldOf(a, 0);
    const from = await battlefieldCard(a, id);
    await a.mouse.move(from.x, from.y);
    await a.mouse.down();
    await a.mouse.move(from.x + 4, from.y + 4, { steps: 2 });
    await a.mouse.move(field.x + field.w - 5, field.y + field.h - 5, { steps: 8 });
    await screenshot(a, "table-drag-desktop"); // the card under the pointer, the field and its landing place lit
    await a.mouse.up();
    const moved = await until(a, (s) => (s.battlefield![0]?.pos?.x ?? 0) > 9000 && (s.battlefield![0]?.pos?.y ?? 0) > 9000, "the card dragged to the corner");
    expect(moved.battlefield![0].pos).to.deep.equal({ x: 10000, y: 10000 });
    const inCorner = await cardBox(a, (c) => c.id === id && c.zone === "battlefield", "the card in the corner");
    expect(inCorner.x + inCorner.w).to.be.at.most(field.x + field.w + 1);
    expect(inCorner.y + inCorner.h).to.be.at.most(field.y + field.h + 1);
    await a.mouse.dblclick(...xy(await battlefieldCard(a, id)));
    await until(a, (s) => s.battlefield![0]?.tapped === true, "the tap");
    const tapped = await cardBox(a, (c) => c.id === id && c.tapped, "the card drawn turned");
    expect(tapped.w).to.be.greaterThan(tapped.h, "a tapped card is turned");
    await a.mouse.click(...xy(await battlefieldCard(a, id)), { button: "right" });
    await a.click('#tt-menu button:has-text("+1/+1 counter")');
    await until(a, (s) => s.battlefield![0]?.counters["+1/+1"] === 1, "the counter");
    await until(spec, (s) => ((s.lines as string[]) ?? []).some((l) => /counter/i.test(l)), "the spectator's log");

    // Scry 3: one to the bottom, done.
    const library = (await table(a)).library!;
    await a.click("#tt-scry");
    await a.waitForSelector("#tt-dialog:not([hidden]) .tt-look li");
    expect(await a.locator("#tt-dialog .tt-look li").count()).to.equal(3);
    await screenshot(a, "table-scry-desktop");
    await a.click("#tt-dialog .tt-look li:first-child button:has-text('Bottom')");
    await a.click("#tt-look-done");
    await a.waitForSelector("#tt-dialog", { state: "hidden" });
    expect((await table(a)).library).to.equal(library);

    // Shuffle, then undo it: the undo button names what it undoes.
    await a.click("#tt-shuffle");
    await until(a, (s) => /shuffle/i.test((s.lines ?? []).at(-1) ?? ""), "the shuffle");
    expect(await a.textContent("#tt-undo")).to.match(/Undo: .*shuffle/i);
    await a.click("#tt-undo");
    await until(a, (s) => /undid|undo/i.test((s.lines ?? []).at(-1) ?? ""), "the undo");

    // The phone plays a card, then looks at the other battlefield.
    await until(b, (s) => s.phaseOfTable === "playing" && (s.hand?.length ?? 0) > 0, "the phone's hand");
    const cdp = await b.context().newCDPSession(b);
    await touchTap(cdp, xy2(await firstHandCard(b)));
    const bo = await until(b, (s) => s.battlefield!.length === 1, "the phone's card on the battlefield");
    const boId = bo.battlefield![0].id;
    // By touch: a double tap taps it, a drag moves it within the battlefield, another to the graveyard.
    await touchDoubleTap(b, cdp, await battlefieldCard(b, boId));
    await until(b, (s) => s.battlefield![0]?.tapped === true, "the phone's double tap");
    const bf = await fieldOf(b, 1);
    await touchDrag(b, cdp, await battlefieldCard(b, boId), { x: bf.x + bf.w / 2, y: bf.y + bf.h / 2 });
    await until(b, (s) => Math.abs((s.battlefield![0]?.pos?.x ?? 0) - 5000) < 1500 && Math.abs((s.battlefield![0]?.pos?.y ?? 0) - 5000) < 1500, "the card dragged to the middle by touch");
    expect(await tableProblems(b, 1), "the phone").to.deep.equal([]);
    await screenshot(b, "table-phone-own");
    await touchDrag(b, cdp, await battlefieldCard(b, boId), centre(await pileOf(b, 1, "graveyard")));
    await until(b, (s) => s.battlefield!.length === 0 && s.graveyard!.length === 1, "the card dragged to the graveyard by touch");
    // A card leaving the battlefield is a new object (a new id): the graveyard shows it by name.
    await cardBox(b, (c) => c.zone === "graveyard" && c.name === bo.battlefield![0].name, "the graveyard's top card shown");
    await b.click('#tt-tabs button[data-seat="0"]');
    await waitHub(b, (s) => (s.canvas as { fields: { seat: number }[] } | null)?.fields.map((f) => f.seat).join() === "0", "Ada's battlefield on the phone");
    await cardBox(b, (c) => c.zone === "battlefield" && c.id === id, "Ada's card on Bo's phone");
    expect(await tableProblems(b, 1), "the phone on Ada's battlefield").to.deep.equal([]);
    await screenshot(b, "table-phone-other");

    // The spectator sees both battlefields, no hand, and no card of a hand.
    const s = await table(spec);
    expect(s.me).to.equal(-1);
    const handNames = (await table(a)).hand!;
    const shot = (await canvasOf(spec))!;
    const shown = [...shot.drawn, ...(await spec.locator("[data-name]").evaluateAll((els) => els.map((e) => e.getAttribute("data-name"))))];
    expect(shown).to.include((await table(a)).battlefield![0].name, "the spectator sees the battlefield");
    for (const n of handNames) expect(shown, `the spectator sees ${n}`).to.not.include(n);
    expect(shot.handStrip).to.equal(null);
    expect(shot.cards.filter((c) => c.zone === "hand")).to.have.length(0);
    expect(shot.fields.map((f) => f.seat)).to.deep.equal([0, 1], "both battlefields at once on a desktop");
    await screenshot(spec, "table-spectator");

    // A reload mid-game keeps the seat and the table.
    const before = await table(a);
    await a.reload();
    const back = await until(a, (x) => x.phaseOfTable === "playing" && (x.battlefield?.length ?? 0) === before.battlefield!.length, "the table after a reload");
    expect(back.seat).to.equal(before.seat);
    expect(back.battlefield![0].tapped).to.equal(true);
    expect(back.hand).to.deep.equal(before.hand);
    await screenshot(a, "table-desktop");

    // The end: nobody ends it for the others. Bo proposes he won; Ada reads it and refuses.
    await tool(b, "end"); // a phone: in More
    await b.waitForSelector("#tt-dialog:not([hidden]) #tt-end-confirm");
    expect(await b.textContent("#tt-end-confirm")).to.equal("Ask the others to end it");
    expect(await b.textContent("#tt-dialog")).to.match(/Ada is asked to agree/);
    await b.check("#tt-winner-1");
    await b.click("#tt-end-confirm");
    await a.waitForSelector("#tt-endvote:not([hidden]) #tt-end-agree");
    expect(await a.textContent("#tt-end-text")).to.equal("Bo proposes to end the game: Bo wins. It ends when everyone still playing agrees; waiting for you.");
    await spec.waitForSelector("#tt-endvote:not([hidden])");
    expect(await spec.locator("#tt-endvote button").count(), "a spectator reads it, with nothing to press").to.equal(0);
    await b.waitForSelector("#tt-endvote:not([hidden]) #tt-end-withdraw");
    expect(await b.textContent("#tt-end-text")).to.match(/^You propose to end the game: you win\. .*waiting for Ada\.$/);
    expect((await table(a)).phaseOfTable, "a proposal ends nothing").to.equal("playing");
    expect(await tableProblems(b, 1), "the phone with the vote").to.deep.equal([]);
    await screenshot(a, "table-endvote-desktop");
    await screenshot(b, "table-endvote-phone");
    await a.click("#tt-end-refuse");
    await b.waitForSelector("#tt-endvote.tt-end-closed");
    expect(await b.textContent("#tt-end-text")).to.equal("Ada refused to end the game: play goes on.");
    await barInSight(b, "the refusal on the phone");
    await screenshot(b, "table-endvote-refused-phone");
    await b.click("#tt-end-ok");
    await b.waitForSelector("#tt-endvote", { state: "hidden" });
    expect(await tableProblems(b, 1), "the phone's table with the refusal put away").to.deep.equal([]);

    // Ada proposes she won; Bo agrees: the game is over for both, and the end screen says how.
    await a.click("#tt-end");
    await a.check("#tt-winner-0");
    await a.click("#tt-end-confirm");
    await b.waitForSelector("#tt-endvote:not(.tt-end-closed) #tt-end-agree");
    expect(await b.textContent("#tt-end-text")).to.match(/^Ada proposes to end the game: Ada wins\./);
    await barInSight(b, "the question on the phone");
    await screenshot(b, "table-endvote-asked-phone");
    await b.click("#tt-end-agree");
    for (const p of [a, b, spec]) await p.waitForSelector("#gs-end:not([hidden]) #gs-end-h");
    expect(await a.textContent("#gs-end-h")).to.equal("You won!");
    expect(await b.textContent("#gs-end-h")).to.equal("Ada won");
    expect(await b.textContent("#tt-ended")).to.equal("Everyone still playing agreed to end the game.");
    expect((await table(a)).lines!.at(-1)).to.equal("Everyone agreed to end the game: Ada won.");
    // a finished game takes no more changes: its life totals stay, without the − / + buttons
    for (const p of [a, b]) expect(await p.locator(".tt-player .tt-life button").count(), "life buttons on a finished game").to.equal(0);
    await screenshot(b, "table-end-agreed-phone");
    await screenshot(a, "table-end-agreed-desktop");

    // goldfish on Ada's desktop page, from the game's page (issue 45: was its own test and page)
    await b.close();
    await spec.close();
    await goldfish(a);
  });

  /** A solo table with the standard deck, undo and redo; a card played, tapped and its menu opened by keyboard. */
  async function goldfish(page: Page): Promise<void> {
    await gamePage(page, "table");
    await page.fill("input[name=name]", "Cy");
    await page.click("#table-solo-btn");
    await until(page, (s) => s.stage === "decks", "the deck stage");
    await page.click("#tt-standard");
    await until(page, (s) => s.phaseOfTable === "mulligan" && s.hand?.length === 7, "the deal");
    await page.click("#tt-keep");
    await until(page, (s) => s.phaseOfTable === "playing", "kept");
    await page.click("#tt-draw");
    await until(page, (s) => s.hand!.length === 8, "a draw");
    await page.click("#tt-undo");
    await until(page, (s) => s.hand!.length === 7, "the draw undone");
    await page.click("#tt-redo");
    await until(page, (s) => s.hand!.length === 8, "the draw redone");

    // by keyboard: Enter plays a focused hand card, Enter taps it on the battlefield (the focus
    // stays on it through the redraw), M opens its menu with the focus inside, Escape goes back
    const focused = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.card ?? null);
    await waitHub(page, (s) => ((s.canvas as { cards: { zone: string }[] } | null)?.cards ?? []).some((c) => c.zone === "hand"), "the hand drawn");
    await page.focus("#tt-hand .tt-card");
    await page.keyboard.press("Enter");
    const played = await until(page, (s) => s.battlefield!.length === 1 && s.hand!.length === 7, "a card played by Enter");
    const id = String(played.battlefield![0].id);
    type Shot = { cards: { id: number; tapped: boolean }[]; objects: { made: number; kept: number } };
    const shot = () => page.evaluate(() => window.__hub.state().canvas as Shot);
    await waitHub(page, (s) => (s.canvas as Shot | null)?.cards.some((c) => String(c.id) === id) ?? false, "the played card drawn");
    const before = (await shot()).objects;
    await page.focus(`#tt-boards .tt-card[data-card="${id}"]`);
    await page.keyboard.press("Enter");
    await until(page, (s) => s.battlefield![0]?.tapped === true, "the card tapped by Enter");
    await waitHub(page, (s) => (s.canvas as Shot | null)?.cards.some((c) => String(c.id) === id && c.tapped) ?? false, "the card drawn tapped");
    // the redraw turns the kept sprite and keeps every label and shape: nothing new is made
    expect((await shot()).objects.made - before.made, `display objects made by the tap's redraw (${before.kept} kept)`).to.equal(0);
    await page.waitForFunction((card) => (document.activeElement as HTMLElement | null)?.dataset.card === card, id);
    await page.keyboard.press("m");
    await page.waitForSelector("#tt-menu:not([hidden])");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).to.equal("menuitem");
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).to.equal("menuitem");
    await page.keyboard.press("Escape");
    await page.waitForSelector("#tt-menu", { state: "hidden" });
    expect(await focused()).to.equal(id);
    await screenshot(page, "table-goldfish");
  }
});
