// The card table with ten players, seen in Chromium. Ada sits in a browser; the nine others
// are colyseus.js clients of this process (cheaper than nine browsers) that pick decks, keep,
// play cards to their battlefields (corners included), draw and change their life. On a
// 1280×800 desktop and then (the same seat, reclaimed) on a 390×844 phone, Ada switches to
// every battlefield: each shows its own player's cards whole, the hand stays reachable,
// nothing scrolls sideways; a spectator watches too. Screenshots in test-results/table10-*.png.
import { expect } from "chai";
import type { Page } from "playwright-core";
import { LAX_ADDRESS_LIMITS, NO_RATE_LIMITS, sleep, until } from "../helpers/hub.js";
import { joinTableClients, keepHand, sendDeck, tableAct, tableIndexOf, tableViewOf, type TableClient } from "../helpers/tableClients.js";
import { DESKTOP, hub, PHONE, screenshot, useBrowserHub, waitHub, type HubSnapshot, gamePage } from "../helpers/e2e.js";
import { canvasOf, tableProblems, type CanvasShot } from "../helpers/table.js";

const NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"];
const deck = (tag: string) => Array.from({ length: 40 }, (_, i) => `1 ${tag} Card ${String(i + 1).padStart(2, "0")} | Creature — Tester | {${(i % 4) + 1}} | ${(i % 5) + 1}/${(i % 3) + 1}`).join("\n");

type T = HubSnapshot & { stage?: string; me?: number; hand?: string[]; phaseOfTable?: string; players?: { life: number; hand: number }[] };
const table = (page: Page) => hub(page) as Promise<T>;
const until2 = (page: Page, test: (s: T) => boolean, what: string) => waitHub(page, (s) => test(s as T), what, 20_000) as Promise<T>;

type Bot = TableClient;
const viewOf = tableViewOf;
const gameIndex = tableIndexOf;
const act = tableAct;

/** Battlefield names per shown seat on this page's canvas. */
const shownNames = (c: CanvasShot, seat: number) => c.cards.filter((k) => k.zone === "battlefield" && k.seat === seat).map((k) => k.name ?? "?").sort();

describe("e2e: card table, ten players on a desktop and a phone", function () {
  this.timeout(120_000);
  const pages = useBrowserHub({ config: () => ({ botThreads: 0, ...LAX_ADDRESS_LIMITS, ...NO_RATE_LIMITS }) });

  it("shows every one of ten battlefields whole, switched by tabs, with the hand in reach", async () => {
    // ---- a private table of ten: Ada in a browser, nine colyseus.js players ----
    const adaOpened = await pages.open(DESKTOP);
    const ada = adaOpened.page;
    await gamePage(ada, "table");
    await ada.fill("input[name=name]", "Ada");
    await ada.selectOption("#table-seats", "10");
    await ada.click("#table-private-btn");
    const room = await waitHub(ada, (s) => !!s.roomId && s.private === true, "a private table");
    const bots: Bot[] = [];
    try {
      bots.push(...(await joinTableClients(pages.port, room.roomId!, NAMES.slice(1))));
      const watcher = (await pages.open(DESKTOP, `#/spectate/${room.roomId}`)).page;
      await until2(ada, (s) => s.stage === "decks", "the deck stage");

      // ---- decks and keeps: everyone keeps seven ----
      await ada.fill("#tt-decklist", deck("Ada"));
      await ada.click("#tt-import");
      for (const b of bots) sendDeck(b, deck(b.name));
      await until2(ada, (s) => s.phaseOfTable === "mulligan" && s.hand?.length === 7, "the deal");
      await ada.click("#tt-keep");
      for (const b of bots) await keepHand(b);
      await until2(ada, (s) => s.phaseOfTable === "playing", "everyone kept");

      // ---- the nine play: k cards each (corners and middle), some draw, some lose life ----
      const corners = [{ x: 0, y: 0 }, { x: 10000, y: 10000 }, { x: 10000, y: 0 }, { x: 0, y: 10000 }, { x: 5000, y: 5000 }];
      const want = new Map<number, string[]>();
      const gOf = new Map<Bot, number>();
      const life = Array.from({ length: 10 }, () => 20);
      for (const [i, b] of bots.entries()) {
        const g = gameIndex(b);
        gOf.set(b, g);
        const hand = viewOf(b)!.table!.zones[`${g}.hand`].cards!;
        const k = 1 + (i % 5);
        want.set(g, hand.slice(0, k).map((c) => c.card!.name).sort());
        for (const [j, c] of hand.slice(0, k).entries()) act(b, { do: "move", card: c.id, zone: "battlefield", place: "battlefield", pos: corners[j] });
        if (i % 3 === 0) act(b, { do: "draw", n: 1 + (i % 4) });
        if (i % 2 === 1) {
          act(b, { do: "life", player: g, delta: -(i + 1) });
          life[g] -= i + 1;
        }
        if (i === 4) act(b, { do: "tap", card: hand[0].id, on: true });
        await sleep(20);
      }
      for (const b of bots) {
        const g = gOf.get(b)!;
        await until(() => (viewOf(b)?.table?.zones[`${g}.battlefield`]?.count ?? 0) === want.get(g)!.length || undefined, 10_000, `${b.name}'s cards in play`);
      }
      const adaG = (await table(ada)).me!;
      want.set(adaG, []);

      // ---- desktop: ten seats in the strip, tabs to switch, four battlefields at a time ----
      await ada.waitForSelector("#tt-tabs button[data-seat='9']");
      expect(await ada.locator("#tt-tabs button").count()).to.equal(10);
      const checkEvery = async (page: Page, boards: number, tag: string, seats: number[]) => {
        for (const g of seats) {
          await page.click(`#tt-tabs button[data-seat="${g}"]`);
          const c = (await waitHub(page, (s) => !!(s.canvas as CanvasShot | null)?.fields.some((f) => f.seat === g) && shownNames(s.canvas as CanvasShot, g).length === want.get(g)!.length, `seat ${g}'s battlefield`, 20_000)).canvas as CanvasShot;
          expect(shownNames(c, g), `${NAMES[g]}'s battlefield on ${tag}`).to.deep.equal(want.get(g));
          for (const f of c.fields) expect(shownNames(c, f.seat), `seat ${f.seat} beside ${g} on ${tag}`).to.deep.equal(want.get(f.seat));
          expect(await tableProblems(page, boards), `${tag} on ${NAMES[g]}'s battlefield`).to.deep.equal([]);
          if (g % 3 === 0) await screenshot(page, `table10-${tag}-${NAMES[g].toLowerCase()}`);
        }
      };
      await checkEvery(ada, 4, "desktop", [1, 2, 3, 4, 5, 6, 7, 8, 9, 0]);
      expect((await canvasOf(ada))!.fields.map((f) => f.seat)).to.include(adaG, "Ada's own battlefield stays in view");
      // The life strip names everyone with their life and hand size.
      const seen = (await table(ada)).players!;
      expect(seen.map((p) => p.life)).to.deep.equal(life);
      expect(new Set(seen.map((p) => p.hand)).size, "hands of different sizes").to.be.greaterThan(3);
      const lifeShown = await ada.locator(".tt-player .tt-life").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-life"))));
      for (const g of (await canvasOf(ada))!.fields.map((f) => f.seat)) expect(lifeShown, `seat ${g}'s life shown`).to.include(life[g]);

      // ---- the spectator: every battlefield, no hand ----
      await until2(watcher, (s) => s.phaseOfTable === "playing", "the spectator's table");
      await watcher.waitForSelector("#tt-tabs button[data-seat='9']");
      expect((await canvasOf(watcher))!.handStrip).to.equal(null);
      await checkEvery(watcher, 4, "spectator", [0, 4, 8]);

      // ---- the same seat on a phone: one battlefield at a time ----
      const state = await adaOpened.context.storageState();
      const hash = await ada.evaluate(() => location.hash);
      const adaHand = (await table(ada)).hand!;
      await adaOpened.context.close();
      const phone = (await pages.open({ ...PHONE, storageState: state }, hash)).page;
      await until2(phone, (s) => s.phaseOfTable === "playing" && s.me === adaG && s.hand?.length === adaHand.length, "Ada's seat on the phone");
      await checkEvery(phone, 1, "phone", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    } finally {
      for (const b of bots) await b.room.leave().catch(() => {});
    }
  });
});
