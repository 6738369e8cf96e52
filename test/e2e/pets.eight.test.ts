// An 8-seat Auto Pets room on a phone spectator's screen: eight colyseus.js players fill a
// private room of 8 and play round 1 through its four battles into round 2's shop, while a
// spectator watches on a phone. Checked on the phone: the players are listed once (the score
// chips, each with its name), the score chips, the table's cards and the battle view stay
// inside the screen and do not overlap. Screenshots: test-results/pets-eight-*.png.
// (Until issue 45 the room's owner played in a desktop Chromium: the round's logic with eight
// players is test/server/pets.room.test.ts now, and an owner playing an 8-seat room through
// the table with the lobby's "8" is test/e2e/pets.phone8.test.ts.)
import { expect } from "chai";
import type { Room } from "colyseus.js";
import type { Page } from "playwright-core";
import { createRng } from "../../common/core/rng.js";
import { hub, PHONE, screenshot, useBrowserHub, waitHub } from "../helpers/e2e.js";
import { LAX_ADDRESS_LIMITS, Probe } from "../helpers/hub.js";
import { chooseClientMove, petsViewOf } from "../helpers/pets.js";
import type { PetsSnap } from "../helpers/petsTable.js";

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

/** A colyseus.js player: once `go` resolves, plays random legal moves from its own decoded state until round 2's shop (or stopped). */
function playInBackground(room: Room, seed: number, stop: () => boolean, go: Promise<void>): Promise<void> {
  const probe = new Probe(room);
  const rng = createRng(seed, 8);
  return (async () => {
    const { seat } = await probe.next("seat", 0);
    await go;
    // Round 1 only: the players stop at round 2's shop, where the phone is checked.
    const inRound2 = () => {
      const v = petsViewOf(probe.state, null);
      return !!v && v.round >= 2 && v.phase === "shop";
    };
    while (!stop() && !inRound2()) {
      const move = chooseClientMove(probe.state, seat, rng);
      const patches = probe.patches;
      if (move) room.send(move.type, move.payload);
      await probe.until(() => probe.patches > patches || stop() || inRound2() || undefined, 30_000, "a change").catch(() => undefined);
    }
  })();
}

describe("e2e: an 8-seat Auto Pets room with a spectator", function () {
  this.timeout(180_000);
  const suite = useBrowserHub({ botDelayScale: 0.05, config: () => ({ botThreads: 0, ...LAX_ADDRESS_LIMITS }) });

  it("eight colyseus.js players play a round through its battles; a phone spectator's table fits", async () => {
    const names = ["Ann", "Bartholomew", "Cy", "Dolores", "Ed", "Fenella", "Gus", "Hildegard"];
    let stopped = false;
    let letGo = () => {};
    const go = new Promise<void>((ok) => (letGo = ok));
    const rooms: Room[] = [await suite.server.sdk.create("pets", { mode: "online", seats: 8, private: true, name: names[0] })];
    const code = rooms[0].roomId;
    const loops: Promise<void>[] = [playInBackground(rooms[0], 40, () => stopped, go)];
    try {
      const spectator = await suite.open(PHONE, `#/spectate/${code}`);
      const phone = spectator.page;
      await waitHub(phone, (s) => s.spectator === true && s.connection === "connected", "the phone spectator in");
      for (const [i, name] of names.slice(1).entries()) {
        const r = await suite.server.sdk.joinById(code, { name });
        rooms.push(r);
        loops.push(playInBackground(r, 41 + i, () => stopped, go));
      }
      const watched = (await waitHub(phone, (s) => (s as PetsSnap).game === "pets" && s.phase === "playing", "the spectator's table")) as PetsSnap;
      await phone.waitForFunction(() => document.querySelectorAll("#gs-seats > li").length === 8, null, { timeout: 10_000 });
      expect(watched.hand, "a spectator has no hand").to.deep.equal([]);
      await waitHub(phone, (s) => (s as PetsSnap).stage === "shop" && (s as PetsSnap).round === 1, "round 1's shop");
      await screenshot(phone, "pets-eight-phone-spectator-shop");
      letGo(); // the players start once the phone has shown round 1's shop

      // The phone's battle view, the first time it plays: inside the screen, its controls apart, its stage inside its frame.
      await phone.waitForFunction(
        () => (window as unknown as { __petsBattle?: { state(): Hook } }).__petsBattle?.state().playing === true,
        null,
        { timeout: 90_000, polling: 50 },
      );
      const w = (await battleHook(phone))!;
      await phone.waitForTimeout(900);
      await screenshot(phone, "pets-eight-phone-spectator-battle");
      fits("the battle view", await boxes(phone, "#pets-battle"));
      fits("a battle control", await boxes(phone, "#pets-battle .pets-speeds button"));
      const [frame] = await boxes(phone, "#pets-battle");
      const [stage] = await boxes(phone, "#pets-battle .pets-battle-stage");
      expect(stage.left).to.be.at.least(frame.left - 1);
      expect(stage.right).to.be.at.most(frame.right + 1);
      expect(w.title, "the spectator saw round 1's battles").to.match(/^Round 1: .+ vs .+$/);
      await phone.click("#pets-skip").catch(() => undefined);
      const after = (await waitHub(phone, (s) => !(s as PetsSnap & { holding?: boolean }).holding && !(s as PetsSnap).animating && (s as PetsSnap).round === 2, "the spectator's round 2", 60_000)) as PetsSnap;
      expect(after.battles, "round 1: four battles for eight seats").to.equal(4);

      // The phone lists the players once while the game runs: the score chips (each with its
      // name), not the seat strip too (test/e2e/pets.phone8.test.ts checks the strip while waiting).
      const strip = (await boxes(phone, "#gs-seats > li")).filter((c) => c.right > c.left);
      expect(strip, "the seat strip steps aside for the score chips").to.have.length(0);
      const chips = await phone.$$eval(".pets-score .pets-score-name", (ns) => ns.map((n) => (n as HTMLElement).innerText.trim()));
      expect(chips, "eight score chips, each with its player").to.have.length(8);
      for (const n of chips) expect(n, "a chip shows its player").to.not.equal("");
      fits("a score chip", await boxes(phone, ".pets-score"));
      const cards = ((await hub(phone)) as PetsSnap).cards ?? [];
      fits("a table card", cards.map((c) => ({ left: c.x, right: c.x + c.w, top: c.y, bottom: c.y + c.h })));
      await screenshot(phone, "pets-eight-phone-spectator-round2");
      await phone.click("#gs-seats-more");
      await screenshot(phone, "pets-eight-phone-spectator-details");
    } finally {
      stopped = true;
      letGo();
      for (const r of rooms) await r.leave(true).catch(() => undefined);
      await Promise.all(loops);
    }
  });
});
