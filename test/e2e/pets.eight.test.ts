// An 8-seat Auto Pets room in the browser: Ann opens a private room of 8 from the game page
// (desktop Chromium) and plays her seat through the table; seven colyseus.js players join by
// its code and play from their own decoded state; a spectator watches on a phone. One full
// round is played through its four battles into round 2's shop. Checked on the phone: the
// players are listed once (the score chips, each with its name), the score chips, the table's cards and the
// battle view stay inside the screen and do not overlap. Screenshots:
// test-results/pets-eight-*.png.
import { expect } from "chai";
import type { Room } from "colyseus.js";
import type { Page } from "playwright-core";
import { createRng } from "../../common/core/rng.js";
import { gamePage, hub, PHONE, screenshot, useBrowserHub, waitHub } from "../helpers/e2e.js";
import { LAX_ADDRESS_LIMITS, Probe } from "../helpers/hub.js";
import { chooseClientMove } from "../helpers/pets.js";
import { mouseTable, type PetsSnap } from "../helpers/petsTable.js";
import { playStep } from "../helpers/petsPlay.js";

type Box = { left: number; right: number; top: number; bottom: number };
type Hook = { playing: boolean; title: string };
const battleHook = (page: Page): Promise<Hook | null> =>
  page.evaluate(() => (window as unknown as { __petsBattle?: { state(): Hook } }).__petsBattle?.state() ?? null);

/** Boxes of the elements matching `sel`, as laid out now. */
const boxes = (page: Page, sel: string): Promise<Box[]> =>
  page.$$eval(sel, (els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
  }));

const overlap = (a: Box, b: Box) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;

/** Every box inside the phone's width and none overlapping another. */
function fits(what: string, list: Box[], width = 390): void {
  for (const [i, b] of list.entries()) {
    expect(b.left, `${what} ${i}: left edge on screen`).to.be.at.least(-1);
    expect(b.right, `${what} ${i}: right edge on screen`).to.be.at.most(width + 1);
    for (const c of list.slice(i + 1)) expect(overlap(b, c), `${what} ${i} overlaps another`).to.equal(false);
  }
}

/** A colyseus.js player: plays random legal moves from its own decoded state until stopped. */
function playInBackground(room: Room, seed: number, stop: () => boolean): Promise<void> {
  const probe = new Probe(room);
  const rng = createRng(seed, 8);
  return (async () => {
    const { seat } = await probe.next("seat", 0);
    while (!stop()) {
      const move = chooseClientMove(probe.state, seat, rng);
      const patches = probe.patches;
      if (move) room.send(move.type, move.payload);
      await probe.until(() => probe.patches > patches || stop() || undefined, 30_000, "a change").catch(() => undefined);
    }
  })();
}

describe("e2e: an 8-seat Auto Pets room with a spectator", function () {
  this.timeout(180_000);
  const suite = useBrowserHub({ botDelayScale: 0.05, config: () => ({ botThreads: 0, ...LAX_ADDRESS_LIMITS }) });

  it("Ann in Chromium and seven colyseus.js players play a round through its battles; a phone spectator's table fits", async () => {
    const ann = await suite.open();
    await gamePage(ann.page, "pets");
    await ann.page.fill("input[name=name]", "Ann");
    await ann.page.selectOption("#pets-seats", "8");
    await ann.page.click("#pets-private-btn");
    const room = await waitHub(ann.page, (s) => !!s.roomId && s.private === true, "the private room");
    const code = room.roomId!;

    let stopped = false;
    const rooms: Room[] = [];
    const loops: Promise<void>[] = [];
    const names = ["Bartholomew", "Cy", "Dolores", "Ed", "Fenella", "Gus", "Hildegard"];
    for (const [i, name] of names.entries()) {
      const r = await suite.server.sdk.joinById(code, { name });
      rooms.push(r);
      loops.push(playInBackground(r, 40 + i, () => stopped));
    }
    try {
      const spectator = await suite.open(PHONE, `#/spectate/${code}`);
      const watched = (await waitHub(spectator.page, (s) => (s as PetsSnap).game === "pets" && s.phase === "playing", "the spectator's table")) as PetsSnap;
      await spectator.page.waitForFunction(() => document.querySelectorAll("#gs-seats > li").length === 8, null, { timeout: 10_000 });
      expect(watched.hand, "a spectator has no hand").to.deep.equal([]);
      await ann.page.waitForFunction(() => document.querySelectorAll("#gs-seats > li").length === 8, null, { timeout: 10_000 });

      // Ann plays round 1 through the table; the battles play on both screens.
      const input = mouseTable(ann.page);
      const done = new Set<string>();
      const shots = new Set<string>();
      let spectatorBattle = "";
      /** The phone's battle view, the first time it plays: inside the screen, its controls apart, its stage inside its frame. */
      const watchSpectator = async () => {
        const w = spectatorBattle ? null : await battleHook(spectator.page);
        if (!w?.playing) return;
        spectatorBattle = w.title;
        await spectator.page.waitForTimeout(900);
        await screenshot(spectator.page, "pets-eight-phone-spectator-battle");
        fits("the battle view", await boxes(spectator.page, "#pets-battle"));
        fits("a battle control", await boxes(spectator.page, "#pets-battle .pets-speeds button"));
        const [frame] = await boxes(spectator.page, "#pets-battle");
        const [stage] = await boxes(spectator.page, "#pets-battle .pets-battle-stage");
        expect(stage.left).to.be.at.least(frame.left - 1);
        expect(stage.right).to.be.at.most(frame.right + 1);
      };
      for (let i = 0; i < 1500; i++) {
        const s = (await hub(ann.page)) as PetsSnap & { holding?: boolean };
        if ((s.round ?? 0) >= 2 && s.stage === "shop" && !s.holding && !s.animating) break;
        if (s.stage === "shop" && s.round === 1 && !shots.has("shop")) {
          shots.add("shop");
          await screenshot(ann.page, "pets-eight-desktop-shop");
          await screenshot(spectator.page, "pets-eight-phone-spectator-shop");
        }
        await watchSpectator();
        const b = await battleHook(ann.page);
        if (b?.playing) {
          if (!shots.has("battle")) {
            shots.add("battle");
            await ann.page.waitForTimeout(900);
            await screenshot(ann.page, "pets-eight-desktop-battle");
          }
          await input.tap("#pets-skip").catch(() => undefined);
          continue;
        }
        if (!(await playStep(ann.page, input, done))) await ann.page.waitForTimeout(80);
      }
      const after = (await hub(ann.page)) as PetsSnap;
      expect(after.round, "round 2 has begun").to.equal(2);
      expect(after.battles, "round 1: four battles for eight seats").to.equal(4);

      for (let i = 0; i < 100 && !spectatorBattle; i++) {
        await watchSpectator();
        await spectator.page.waitForTimeout(100);
      }
      expect(spectatorBattle, "the spectator saw round 1's battles").to.match(/^Round 1: .+ vs .+$/);
      const phone = spectator.page;
      await phone.click("#pets-skip").catch(() => undefined);
      await waitHub(phone, (s) => !(s as PetsSnap & { holding?: boolean }).holding && !(s as PetsSnap).animating && (s as PetsSnap).round === 2, "the spectator's round 2", 20_000);

      // The phone lists the players once while the game runs: the score chips (each with its
      // name), not the seat strip too (test/e2e/pets.phone8.test.ts checks the strip while waiting).
      const strip = (await boxes(phone, "#gs-seats > li")).filter((c) => c.right > c.left);
      expect(strip, "the seat strip steps aside for the score chips").to.have.length(0);
      const names = await phone.$$eval(".pets-score .pets-score-name", (ns) => ns.map((n) => (n as HTMLElement).innerText.trim()));
      expect(names, "eight score chips, each with its player").to.have.length(8);
      for (const n of names) expect(n, "a chip shows its player").to.not.equal("");
      fits("a score chip", await boxes(phone, ".pets-score"));
      const cards = ((await hub(phone)) as PetsSnap).cards ?? [];
      fits("a table card", cards.map((c) => ({ left: c.x, right: c.x + c.w, top: c.y, bottom: c.y + c.h })));
      await screenshot(phone, "pets-eight-phone-spectator-round2");
      await phone.click("#gs-seats-more");
      await screenshot(phone, "pets-eight-phone-spectator-details");
      await screenshot(ann.page, "pets-eight-desktop-round2");
    } finally {
      stopped = true;
      for (const r of rooms) await r.leave(true).catch(() => undefined);
      await Promise.all(loops);
    }
  });
});
