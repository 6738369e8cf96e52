// A finished Cubestacc game played back (client/games/cubestacc/replay.ts) on a desktop and a
// phone: the stack grows move by move on the live game's table, every hand beside it, the
// caption says what each move did, marks jump to the K stacks and the win, and a shared link
// (?at=N) opens at its moment. The record is a whole 3-seat game played here by the rules with
// random legal moves (no browser game to sit through), stored as the room stores it.
import { expect } from "chai";
import type { Page } from "playwright-core";
import { moveMessage } from "../../common/core/game.js";
import { createRng } from "../../common/core/rng.js";
import { GameSession } from "../../common/core/session.js";
import { cubestaccDef } from "../../common/cubestacc/game.js";
import type { CubestaccState } from "../../common/cubestacc/types.js";
import { SqliteStore } from "../../server/store/index.js";
import { hub, PHONE, screenshot, useBrowserHub, waitHub, type HubSnapshot } from "../helpers/e2e.js";

type Replay = { position: number; total: number; cubes: number; hands: number[]; caption: string; marks: { at: number; label: string }[] };
const rp = (s: HubSnapshot) => s as unknown as Replay;

function storeGame(store: SqliteStore): { id: number; final: CubestaccState } {
  const c = cubestaccDef.configure({ seats: 3 });
  if (!c.ok) throw new Error(c.error.message);
  const rng = createRng(7, 3);
  const seed = 4242;
  const session = new GameSession(cubestaccDef, seed, c.value.config, 3);
  for (let guard = 0; session.state.phase !== "finished"; guard++) {
    if (guard > 5000) throw new Error("the game never ended");
    const g = session.state.turn;
    // Mostly plays (a stack worth watching); draws when that is all there is.
    const legal = cubestaccDef.legalMoves(session.state, g).filter((m) => m.type !== "uhoh" && m.type !== "caught");
    const plays = legal.filter((m) => m.type === "play");
    const pick = plays.length && rng.int(5) > 0 ? plays[rng.int(plays.length)] : legal[rng.int(legal.length)];
    const { type, payload } = moveMessage(pick);
    const move = cubestaccDef.parseMove(type, payload, c.value.config);
    if (!move.ok) throw new Error(move.error.message);
    if (!session.apply(g, move.value, 1000 + guard * 700).ok) throw new Error("a legal move was refused");
  }
  const id = store.recordGame({ game: "cubestacc", roomId: "CUBE1", seed, config: c.value.config, seats: ["Ann", "Bo", "Cy"], log: session.log as never, result: "won", startedAt: 1000, endedAt: 9_000_000, mode: "online" });
  return { id, final: session.state };
}

describe("e2e: Cubestacc replays", function () {
  this.timeout(90_000);
  const store = new SqliteStore(":memory:");
  const suite = useBrowserHub({ config: () => ({ store, botThreads: 0 }) });
  const at = (page: Page, test: (r: Replay) => boolean, what: string) =>
    waitHub(page, (s) => s.page === "replay" && s.ready === true && s.game === "cubestacc" && test(rp(s)), what);

  it("desktop and phone: the stack move by move, every hand, captions, marks and a shared moment", async () => {
    const { id, final } = storeGame(store);
    const { page } = await suite.open(undefined, `#/replay/${id}`);
    const start = rp(await at(page, (r) => r.position === 0, "the replay at its start"));
    expect(start.cubes, "the first cube is down").to.equal(1);
    expect(start.hands.length).to.equal(3);
    expect(start.caption).to.match(/starts/);
    const winner = final.winner!;
    expect(start.marks.some((m) => m.label === `${["Ann", "Bo", "Cy"][winner]} wins`), "a mark at the win").to.equal(true);
    expect(await page.textContent("#csr-hands")).to.contain("Ann").and.contain("Bo").and.contain("Cy");
    await screenshot(page, "cubestacc-replay-start");

    // Steps: the caption says what happened, the hands follow the rules.
    for (let k = 1; k <= 6; k++) {
      await page.keyboard.press("ArrowRight");
      const r = rp(await at(page, (x) => x.position === k, `step ${k}`));
      expect(r.caption, `move ${k} in words`).to.match(/played|drew|draws|took|passed|skipped|reversed|again|UH OH|wins|caught|lay/);
    }
    // The end: the stack is the final one, the winner's hand is empty.
    const total = start.total;
    await page.click(`.replay-mark[data-at="${start.total}"]`);
    const end = rp(await at(page, (r) => r.position === total, "the last mark is the win"));
    expect(end.cubes).to.equal(final.placed.length);
    expect(end.hands[winner]).to.equal(0);
    expect(await page.textContent("#csr-status")).to.contain("won");
    await screenshot(page, "cubestacc-replay-end");

    // A phone opens a shared moment; the hands sit under the table.
    const mid = Math.floor(total / 2);
    const phone = await suite.open(PHONE, `#/replay/${id}?at=${mid}`);
    const r = rp(await at(phone.page, (x) => x.position === mid, "the shared moment on a phone"));
    expect(r.cubes).to.be.greaterThan(1);
    const box = (sel: string) => phone.page.locator(sel).boundingBox();
    const table = (await box("#cs-table"))!;
    const hands = (await box("#csr-hands"))!;
    expect(hands.y, "hands under the table").to.be.at.least(table.y + table.height - 1);
    expect(table.width, "the table spans the phone").to.be.greaterThan(300);
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "no sideways scroll").to.be.at.most(0);
    await screenshot(phone.page, "cubestacc-replay-phone");
    await hub(phone.page);
  });
});
