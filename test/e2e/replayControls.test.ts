// The one replay transport (client/ui/replayControls.ts) on a stored Auto Pets game: keys on
// the page (→ steps, Space plays and pauses), ⇤ / ◀ / ▶ and where they stop, the speeds as
// one radio group (arrows move the choice), "next round", the scrubber, Play at the end
// starting again. The record is a whole solo game played here by the rules alone (no browser
// game to sit through); Minesweeper's and the card table's replays use the same module
// (minesweeper.replay, table.four).
import { expect } from "chai";
import type { Page } from "playwright-core";
import { moveMessage } from "../../common/core/game.js";
import { createRng } from "../../common/core/rng.js";
import { GameSession } from "../../common/core/session.js";
import { petsDef, type PetsState } from "../../common/pets/index.js";
import { SqliteStore } from "../../server/store/index.js";
import { hub, screenshot, useBrowserHub, waitHub, type HubSnapshot } from "../helpers/e2e.js";

type Replay = { position: number; total: number; playing: boolean; speed: number; done: boolean; battles: number };
const rp = (s: HubSnapshot) => s.replay as Replay;

/** A finished solo game (Ann against one easy bot), every move a random legal one, stored as the room stores it. */
function storeGame(store: SqliteStore): number {
  const c = petsDef.configure({ mode: "solo", seats: 2, bots: 1, botLevel: "easy" });
  if (!c.ok) throw new Error(c.error.message);
  const rng = createRng(42, 7);
  const seed = 1234;
  const session = new GameSession(petsDef, seed, c.value.config, 2);
  for (let guard = 0; (session.state as PetsState).phase !== "finished"; guard++) {
    if (guard > 5000) throw new Error("the game never ended");
    const who = petsDef.whoActs(session.state).seats;
    const g = who[rng.int(who.length)];
    const legal = petsDef.legalMoves(session.state, g);
    const { type, payload } = moveMessage(legal[rng.int(legal.length)]);
    const move = petsDef.parseMove(type, payload, c.value.config);
    if (!move.ok) throw new Error(move.error.message);
    if (!session.apply(g, move.value, 1000 + guard * 500).ok) throw new Error("a legal move was refused");
  }
  return store.recordGame({ game: "pets", roomId: "PETS1", seed, config: c.value.config, seats: ["Ann", "Bot Ada"], log: session.log as never, result: "won", startedAt: 1000, endedAt: 9_000_000, mode: "solo" });
}

describe("e2e: the replay transport", function () {
  this.timeout(90_000);
  const store = new SqliteStore(":memory:");
  const suite = useBrowserHub({ config: () => ({ store, botThreads: 0 }) });

  const at = (page: Page, test: (r: Replay) => boolean, what: string) => waitHub(page, (s) => s.page === "replay" && s.ready === true && test(rp(s)), what);

  it("keys, buttons, speeds, next round and the scrubber on an Auto Pets replay", async () => {
    const id = storeGame(store);
    const { page } = await suite.open(undefined, `#/replay/${id}`);
    const first = rp(await at(page, (r) => r.position === 0, "the replay at its start"));
    expect(first.total).to.be.greaterThan(20);
    expect(await page.isDisabled("#replay-start"), "⇤ at the start").to.equal(true);
    expect(await page.isDisabled("#replay-back"), "◀ at the start").to.equal(true);

    // Keys on the page: → one step, Space plays, Space pauses.
    await page.keyboard.press("ArrowRight");
    await at(page, (r) => r.position === 1, "→ one step forward");
    await page.keyboard.press("ArrowLeft");
    await at(page, (r) => r.position === 0, "← one step back");
    await page.keyboard.press(" ");
    await at(page, (r) => r.playing, "Space plays");
    await page.keyboard.press(" ");
    const paused = rp(await at(page, (r) => !r.playing, "Space pauses"));
    await page.waitForTimeout(900);
    expect(rp(await hub(page)).position, "paused stays put").to.equal(paused.position);

    // The speeds: one radio group, arrows move the choice and the focus.
    await page.click('.replay-speeds [data-speed="4"]');
    expect(await page.getAttribute('.replay-speeds [data-speed="4"]', "aria-checked")).to.equal("true");
    await page.keyboard.press("ArrowLeft");
    await at(page, (r) => r.speed === 2, "← picks the slower speed");
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.speed)).to.equal("2");

    // Buttons: ▶ a step, ⇤ back to the start, "next round" to the first battles.
    await page.click("#replay-fwd");
    await at(page, (r) => r.position === paused.position + 1, "▶ one step");
    await page.click("#replay-start");
    await at(page, (r) => r.position === 0, "⇤ the start");
    await page.click("#replay-next-round");
    const round = rp(await at(page, (r) => r.battles > 0, "the first round's battles"));
    expect(round.position).to.be.greaterThan(0);
    await screenshot(page, "replay-controls-pets-round");

    // The scrubber to the end: ▶ stops there; Play starts again from the start.
    await page.$eval("#replay-scrub", (el, v) => {
      (el as HTMLInputElement).value = String(v);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }, first.total);
    await at(page, (r) => r.done && r.position === first.total, "the end");
    expect(await page.isDisabled("#replay-fwd"), "▶ at the end").to.equal(true);
    expect(await page.textContent("#replay-pos")).to.match(new RegExp(`^Move ${first.total} / ${first.total} · `));
    await page.click("#replay-play");
    await at(page, (r) => r.playing && r.position < first.total, "Play at the end starts again");
    await page.click("#replay-play");
    await at(page, (r) => !r.playing, "paused");
  });
});
