// Auto Pets in the browser, from the lobby: solo against a bot to the end on a phone by
// touch and on desktop by mouse (shop, confirm before pass, deck order by drag, the battle
// player at 4× and skipped), and two people in a private room with a spectator and a
// reload in the middle of the secret arrange. Screenshots go to test-results/pets-*.png.
import { expect } from "chai";
import type { CDPSession, Page } from "playwright-core";
import { cardDef } from "../../common/pets/index.js";
import { hub, openPrivateRoom, PHONE, screenshot, waitHub, type HubSnapshot, useBrowserHub } from "../helpers/e2e.js";

type Pets = HubSnapshot & {
  game?: string; seat?: number; phase?: string; stage?: string; round?: number; gameNo?: number; turn?: number; result?: string; winners?: number[];
  battles?: number; animating?: boolean; gold?: number; passed?: boolean; arranged?: boolean; hand?: string[]; order?: string[]; picks?: string[]; trophies?: number[];
};

const isPet = (k: string) => cardDef(k).kind === "pet";

/** One input: a mouse click, or a real touch tap through CDP. */
interface Input {
  tap(selector: string): Promise<void>;
  drag(from: string, to: string): Promise<void>;
}

function mouseInput(page: Page): Input {
  return {
    tap: (sel) => page.click(sel),
    async drag(from, to) {
      const a = (await page.locator(from).boundingBox())!;
      const b = (await page.locator(to).boundingBox())!;
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(a.x + a.width / 2 + 20, a.y + a.height / 2, { steps: 4 });
      await page.mouse.move(b.x + b.width - 4, b.y + b.height / 2, { steps: 8 });
      await page.mouse.up();
    },
  };
}

function touchInput(page: Page, cdp: CDPSession): Input {
  const center = async (sel: string) => {
    await page.locator(sel).scrollIntoViewIfNeeded();
    const r = (await page.locator(sel).boundingBox())!;
    return { x: r.x + r.width / 2, y: r.y + r.height / 2, r };
  };
  return {
    async tap(sel) {
      const { x, y } = await center(sel);
      // A touch lands on whatever is on top at that point: if the table changed since the
      // snapshot (the end screen came up over it), this tap is not made (as a person would not).
      const onTop = await page.evaluate(
        ([px, py, s]) => {
          const hit = document.elementFromPoint(px as number, py as number);
          const target = document.querySelector(s as string);
          return !!hit && !!target && (target === hit || target.contains(hit));
        },
        [x, y, sel],
      );
      if (!onTop) return;
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y, id: 1 }] });
      await page.waitForTimeout(40);
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    },
    async drag(from, to) {
      const a = await center(from);
      const b = await center(to);
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: a.x, y: a.y, id: 1 }] });
      const tx = b.r.x + b.r.width - 4;
      for (let i = 1; i <= 10; i++) {
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: a.x + ((tx - a.x) * i) / 10, y: a.y + ((b.y - a.y) * i) / 10, id: 1 }] });
        await page.waitForTimeout(16);
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    },
  };
}

/**
 * Plays this page's seat when it may act: buys while gold lasts, then passes (through the
 * confirmation), sells down to 5 pets first; arranges by dragging the top card to the
 * bottom, then locks in. Returns what it did, or null if nothing was to do.
 */
async function act(page: Page, input: Input, shots: { name: string; done: Set<string> }): Promise<string | null> {
  const s = (await hub(page)) as Pets;
  if (s.phase !== "playing") return null;
  const me = s.seat!;
  if (s.stage === "shop" && s.turn === me && !s.passed) {
    if (s.picks?.length) return input.tap("#pets-pick-0").then(() => "pick");
    const pets = (s.hand ?? []).filter(isPet).length;
    if ((s.gold ?? 0) > 0 && pets < 5 && (await page.locator("button#pets-shop-0, button#pets-shop-1, button#pets-shop-2, button#pets-shop-3").count())) {
      // The turn may have moved on since the snapshot: then there is nothing to press.
      const id = await page.locator("button[id^=pets-shop-]").first().getAttribute("id", { timeout: 1500 }).catch(() => null);
      if (!id) return null;
      await input.tap(`#${id}`).catch(() => undefined);
      return "buy";
    }
    if (pets > 5) {
      const i = (s.hand ?? []).findIndex(isPet);
      await input.tap(`#pets-hand .pets-card:nth-child(${i + 1})`);
      await input.tap("#pets-sell");
      return "sell";
    }
    await input.tap("#pets-pass");
    // The button may have been disabled by then (a Buy effect offered a pick, or the turn
    // moved on): no confirmation comes, and the loop looks again.
    const asked = await page.waitForSelector("#pets-confirm:not([hidden])", { timeout: 3000 }).catch(() => null);
    if (!asked) return null;
    if (!shots.done.has("confirm")) {
      shots.done.add("confirm");
      await screenshot(page, `${shots.name}-confirm-pass`);
    }
    await input.tap("#pets-pass-yes");
    // The snapshot can be a patch behind (a Buy effect just added a pet): then the pass is
    // refused with "too many pets" and the next round of this loop sells first.
    const passed = await waitHub(page, (x) => (x as Pets).passed === true || (x as Pets).stage !== "shop", "the pass", 5000).catch(() => null);
    return passed ? "pass" : "pass refused";
  }
  if (s.stage === "arrange" && !s.arranged) {
    await page.waitForSelector("#pets-order .pets-slot");
    const n = await page.locator("#pets-order .pets-slot").count();
    if (n >= 2) {
      const before = ((await hub(page)) as Pets).order!;
      await input.drag("#pets-order .pets-slot:nth-child(1) .pets-card", `#pets-order .pets-slot:nth-child(${n}) .pets-card`);
      const after = ((await hub(page)) as Pets).order!;
      expect(after, "the dragged card went to the bottom").to.deep.equal([...before.slice(1), before[0]]);
    }
    if (!shots.done.has(`arrange${s.round}`) && (s.round === 1 || s.round === 4)) {
      shots.done.add(`arrange${s.round}`);
      await screenshot(page, `${shots.name}-arrange-r${s.round}`);
    }
    await page.waitForTimeout(300);
    await input.tap("#pets-arrange");
    const first = await waitHub(page, (x) => (x as Pets).arranged === true || (x as Pets).stage !== "arrange", "x", 2500).catch(() => null);
    if (!first) {
      console.log("      (second tap needed)", await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80)));
      await input.tap("#pets-arrange");
    }
    await waitHub(page, (x) => (x as Pets).arranged === true || (x as Pets).stage !== "arrange", "the order locked in").catch(async (e) => {
      throw new Error(`${(e as Error).message}; notice: ${await page.textContent("#pets-notice")}; button at ${JSON.stringify(await page.locator("#pets-arrange").boundingBox())}`);
    });
    return "arrange";
  }
  return null;
}

async function soloToEnd(page: Page, input: Input, name: string): Promise<Pets> {
  const shots = { name, done: new Set<string>() };
  let sawBattle = false;
  for (let i = 0; i < 600; i++) {
    const s = (await hub(page)) as Pets;
    if (s.phase === "finished" && !s.animating) return s;
    if (s.animating && !sawBattle) {
      sawBattle = true;
      await page.waitForTimeout(900);
      await screenshot(page, `${name}-battle`);
      await input.tap('.pets-speed[data-speed="4"]');
    } else if (s.animating && (s.round ?? 0) >= 3) await input.tap("#pets-skip").catch(() => undefined);
    if (s.stage === "shop" && s.round === 2 && !shots.done.has("shop")) {
      shots.done.add("shop");
      await screenshot(page, `${name}-shop`);
    }
    const did = await act(page, input, shots);
    if (!did) await page.waitForTimeout(80);
  }
  throw new Error("no end");
}

describe("e2e: Auto Pets in Chromium", function () {
  this.timeout(300_000);
  const suite = useBrowserHub({ botDelayScale: 0.05, config: () => ({ botThreads: 0 }) });

  it("phone, by touch: solo against a bot to the end (long press shows a card's ability)", async () => {
    const { page } = await suite.open(PHONE);
    const cdp = await page.context().newCDPSession(page);
    const input = touchInput(page, cdp);
    await page.waitForSelector("#pets-solo-btn");
    await input.tap("#pets-solo-btn");
    await waitHub(page, (s) => (s as Pets).game === "pets" && s.phase === "playing" && ((s as Pets).round ?? 0) >= 1, "a solo game");
    // Long press on a shop card: its ability text, and no purchase.
    await page.waitForSelector("#pets-row .pets-card");
    const box = (await page.locator("#pets-row .pets-card").first().boundingBox())!;
    const gold = ((await hub(page)) as Pets).gold;
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: box.x + box.width / 2, y: box.y + box.height / 2, id: 1 }] });
    await page.waitForTimeout(650);
    await page.waitForSelector("#pets-tip:not([hidden])");
    expect(await page.textContent("#pets-tip")).to.match(/power \d/);
    await screenshot(page, "pets-phone-long-press");
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await page.waitForTimeout(200);
    expect(((await hub(page)) as Pets).gold, "a long press does not buy").to.equal(gold);
    const end = await soloToEnd(page, input, "pets-phone");
    expect(end.round).to.equal(6);
    expect(end.battles).to.equal(6);
    await page.waitForSelector("#gs-end:not([hidden])");
    await screenshot(page, "pets-phone-end");
  });

  it("desktop, by mouse: solo against a bot to the end, the deck dragged, Play again", async () => {
    const { page } = await suite.open();
    await page.waitForSelector('.game-list [data-game="pets"]');
    await page.click("#pets-solo-btn");
    await waitHub(page, (s) => (s as Pets).game === "pets" && s.phase === "playing", "a solo game");
    const end = await soloToEnd(page, mouseInput(page), "pets-desktop");
    expect(end.trophies!.reduce((a, b) => a + b, 0)).to.be.at.most(7);
    await page.waitForSelector("#gs-end:not([hidden])");
    await screenshot(page, "pets-desktop-end");
    await page.click("#gs-again");
    await waitHub(page, (s) => (s as Pets).gameNo === 2 && s.phase === "playing", "game 2");
  });

  it("two people in a private room with a spectator; a reload mid-arrange keeps the seat and the hand", async () => {
    const a = await suite.open();
    const room = await openPrivateRoom(a.page, "pets", "Ann");
    const b = await suite.open(PHONE);
    await b.page.waitForSelector("#join-code");
    await b.page.fill("input[name=name]", "Bo"); // a newcomer without a name is asked for one first
    await b.page.fill("#join-code", room.roomId!.toLowerCase());
    await b.page.click("#join-code-btn");
    await waitHub(b.page, (s) => (s as Pets).game === "pets" && s.phase === "playing", "the second player in").catch(async (e) => {
      await screenshot(b.page, "pets-private-b-join-failed");
      throw e;
    });
    const w = await suite.open(PHONE, `#/spectate/${room.roomId}`);
    const watched = (await waitHub(w.page, (s) => (s as Pets).game === "pets" && s.phase === "playing", "the spectator's table")) as Pets;
    expect(watched.hand, "a spectator has no hand").to.deep.equal([]);
    const bCdp = await b.page.context().newCDPSession(b.page);
    const players = [
      { page: a.page, input: mouseInput(a.page), shots: { name: "pets-private-a", done: new Set<string>() } },
      { page: b.page, input: touchInput(b.page, bCdp), shots: { name: "pets-private-b", done: new Set<string>() } },
    ];
    let reloaded = false;
    for (let i = 0; i < 800; i++) {
      const s = (await hub(a.page)) as Pets;
      if (s.phase === "finished") break;
      // Reload in the secret arrange (from round 2, before Bo locks in): the same seat, the same hand.
      const before = (await hub(b.page)) as Pets;
      if (!reloaded && before.stage === "arrange" && (before.round ?? 0) >= 2 && !before.arranged) {
        {
          await b.page.reload();
          const back = (await waitHub(b.page, (x) => (x as Pets).game === "pets" && x.phase === "playing" && ((x as Pets).hand?.length ?? 0) > 0, "the seat back after a reload")) as Pets;
          expect(back.seat).to.equal(before.seat);
          expect([...back.hand!].sort()).to.deep.equal([...before.hand!].sort());
          await screenshot(b.page, "pets-private-b-after-reload");
          await screenshot(w.page, "pets-private-spectator-arrange");
          players[1].input = touchInput(b.page, await b.page.context().newCDPSession(b.page));
          reloaded = true;
        }
      }
      let did = false;
      for (const p of players) did = !!(await act(p.page, p.input, p.shots)) || did;
      if (!did) await a.page.waitForTimeout(80);
    }
    expect(reloaded, "the reload happened").to.equal(true);
    const endA = (await waitHub(a.page, (s) => s.phase === "finished", "the end", 30_000)) as Pets;
    const endW = (await waitHub(w.page, (s) => s.phase === "finished", "the spectator's end", 30_000)) as Pets;
    expect(endW.trophies).to.deep.equal(endA.trophies);
    expect(endW.battles).to.equal(6);
    await screenshot(w.page, "pets-private-spectator-end");
  });
});
