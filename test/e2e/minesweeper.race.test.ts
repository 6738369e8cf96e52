// Browser test: a versus race between two real browser contexts through a
// private code, to a winner. The winner's board is played with the mines read
// from the server-side room (the client never has them). The loser's page is
// checked while the race runs: it never holds the winner's cells (neither the
// public final board nor the private one), only progress.
import { expect } from "chai";
import { CELL } from "../../common/minesweeper/types.js";
import { DESKTOP, hub, PHONE, screenshot, waitHub, type HubSnapshot } from "../helpers/e2e.js";
import type { RaceRoom } from "../../server/rooms/minesweeper/index.js";
import { clearWithMouse, countOpen, enterLobby, raceMines, serverRoom, useSuite } from "./minesweeper.helpers.js";

async function waitFor(test: () => boolean, what: string, timeout = 10_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

type Racer = { seat: number; name: string; occupied: boolean; inRace: boolean; percent: number; alive: boolean; finished: boolean; finishMs: number; rank: number; cellsLength: number; hasBoard: boolean };
type RaceSnap = { phase: string; countdown: string; winner: number; viewing: number | null; replayId: number; racers: Racer[]; results: { seat: number; rank: number; stats: unknown }[] | null };
const race = (s: HubSnapshot) => s.race as RaceSnap | undefined;

describe("e2e: minesweeper versus race", function () {
  this.timeout(120_000);
  const suite = useSuite();

  it("two players race through a private code: countdown, same opening, progress only, a winner, every board after", async () => {
    const host = await suite.open(DESKTOP);
    await enterLobby(host.page, "Ann");
    await host.page.check("input[name=private-mode][value=race]");
    expect(await host.page.isVisible("#private-seats"), "racers picker").to.equal(true);
    await host.page.selectOption("#private-seats", "2");
    await host.page.click("#create-private-btn");
    let a = await waitHub(host.page, (x) => x.ready === true && race(x)?.phase === "waiting" && (x.rows ?? 0) > 0, "the race room");
    expect(a).to.include({ mode: "race", seat: 0, private: true });
    const code = (await host.page.textContent("#room-code"))!.trim();
    expect(await host.page.textContent("#race-status")).to.match(/Waiting for players/);

    // Ben joins from a phone with the code
    const guest = await suite.open(PHONE);
    await enterLobby(guest.page, "Ben");
    await guest.page.fill("#join-code", code.toLowerCase());
    await guest.page.click("#join-code-btn");
    let b = await waitHub(guest.page, (x) => x.ready === true && x.seat === 1 && race(x)?.phase === "waiting", "Ben in the race room");
    a = await waitHub(host.page, (x) => race(x)!.racers[1]?.name === "Ben", "Ann sees Ben");

    // both ready → countdown → go
    await host.page.click("#race-ready");
    await waitHub(guest.page, (x) => /1\/2 ready/.test(String((x.race as { status?: string }).status)), "Ben sees Ann ready");
    await guest.page.tap("#race-ready");
    a = await waitHub(host.page, (x) => race(x)?.phase === "countdown", "the countdown");
    expect(race(a)!.countdown).to.match(/^[1-3]$/);
    a = await waitHub(host.page, (x) => race(x)?.phase === "racing" && x.phase === "active", "the go");
    b = await waitHub(guest.page, (x) => race(x)?.phase === "racing" && x.phase === "active", "Ben's go");
    expect(countOpen(a.cells), "the opening is revealed at go").to.be.greaterThan(0);
    expect(b.cells, "the same opening for everyone").to.deep.equal(a.cells);
    const opening = countOpen(a.cells);

    const roomId = a.roomId!;
    const mines = raceMines(roomId)!;
    expect(mines, "mines placed at go").to.not.equal(null);
    const racers = serverRoom<RaceRoom>(roomId).seatOrder;
    expect([...racers]).to.deep.equal([0, 1]);

    // Ben opens one cell Ann will not have open yet; Ann sees only his percentage move
    const benCell = b.cells!.findIndex((code, i) => code === CELL.HIDDEN && mines[i] === 0);
    const benCentre = await guest.page.evaluate(([r, c]) => window.__hub.cellCenter(r, c), [Math.floor(benCell / b.cols!), benCell % b.cols!]);
    await guest.page.touchscreen.tap(benCentre!.x, benCentre!.y);
    b = await waitHub(guest.page, (x) => x.cells![benCell] !== CELL.HIDDEN, "Ben's reveal");
    a = await waitHub(host.page, (x) => (race(x)!.racers[1].percent ?? 0) > (race(x)!.racers[0].percent ?? 0), "Ben's progress on Ann's panel");
    expect(a.cells![benCell], "Ann's board does not show Ben's cell").to.equal(CELL.HIDDEN);
    expect(race(a)!.racers[1]).to.include({ cellsLength: 0, hasBoard: false });
    await screenshot(host.page, "race-desktop");

    // Ann clears her board; Ben's page is sampled all the while
    const leaks: string[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const s = await hub(guest.page).catch(() => null);
        if (s && race(s)?.phase === "racing") {
          const ann = race(s)!.racers[0];
          if (ann.cellsLength > 0 || ann.hasBoard) leaks.push(`Ann's cells reached Ben: ${JSON.stringify(ann)}`);
          if (countOpen(s.cells) > countOpen(b.cells) + 0) leaks.push("Ben's own board grew without his moves");
        }
        await guest.page.waitForTimeout(60);
      }
    })();
    a = await clearWithMouse(host.page, mines, (x) => race(x)?.phase === "over" || x.phase === "won");
    a = await waitHub(host.page, (x) => race(x)?.phase === "over", "the end of the race");
    watching = false;
    await watcher;
    expect(leaks, "what Ben's page held during the race").to.deep.equal([]);
    expect(countOpen(a.cells)).to.be.greaterThan(opening);
    expect(a.phase).to.equal("won");
    expect(race(a)!.winner).to.equal(0);

    // results on both sides, ranked
    b = await waitHub(guest.page, (x) => race(x)?.phase === "over" && (race(x)!.results?.length ?? 0) === 2, "Ben's results");
    expect(race(b)!.results!.map((r) => [r.seat, r.rank])).to.deep.equal([[0, 1], [1, 2]]);
    expect(race(b)!.results![0].stats, "stats per racer").to.be.an("object");
    expect(await guest.page.textContent("#race-status")).to.match(/Ann wins/);
    const rows = await host.page.$$eval("#race-results tbody tr", (trs) => trs.map((tr) => tr.textContent ?? ""));
    expect(rows[0]).to.match(/^1Ann/);
    expect(rows[1]).to.match(/^2Ben/);
    const replayHref = (await host.page.getAttribute("#race-replay", "href"))!;
    expect(replayHref).to.match(/^#\/replay\/\d+$/);

    // after the end Ben may look at Ann's board: it is her final, won board
    await guest.page.tap('#race-racers [data-view="0"]');
    b = await waitHub(guest.page, (x) => race(x)?.viewing === 0 && x.phase === "won", "Ann's board on Ben's screen");
    a = await hub(host.page);
    expect(b.cells, "Ben sees exactly Ann's final board").to.deep.equal(a.cells);
    expect(await guest.page.isVisible("#race-viewing")).to.equal(true);
    await screenshot(guest.page, "race-phone");
    await screenshot(host.page, "race-desktop-over");
    await guest.page.tap("#race-view-mine");
    b = await waitHub(guest.page, (x) => race(x)?.viewing === 1, "back to Ben's own board");
    expect(b.cells![benCell]).to.not.equal(CELL.HIDDEN);

    // play again: both ready → a new countdown
    await host.page.click("#race-ready");
    await guest.page.tap("#race-ready");
    await waitHub(host.page, (x) => race(x)?.phase === "countdown" || race(x)?.phase === "racing", "a rematch countdown");

    // the finished race replays from its log with the race rules: the winner's board by default
    await host.page.evaluate((h) => (location.hash = h), replayHref);
    let r = await waitHub(host.page, (x) => x.page === "replay" && x.ready === true, "the race replay");
    expect(r.replay).to.include({ race: true, seats: 2, seat: 0, position: 0 });
    await host.page.click('[data-speed="4"]');
    await host.page.click("#replay-play");
    r = await waitHub(host.page, (x) => (x.replay as { done: boolean; playing: boolean }).done && !(x.replay as { playing: boolean }).playing, "the end of the race replay", 30_000);
    expect(r.cells, "the replay ends on Ann's final board").to.deep.equal(a.cells);
    await host.page.selectOption("#replay-seat", "1");
    r = await waitHub(host.page, (x) => (x.replay as { seat: number }).seat === 1, "Ben's board in the replay");
    expect(r.cells, "Ben's final board").to.deep.equal(b.cells);
  });

  it("quick play never seats you among racers who are gone; away racers neither count nor hold the race up", async () => {
    const quick = async (device: typeof DESKTOP, name: string) => {
      const o = await suite.open(device, "#/games/minesweeper");
      await enterLobby(o.page, name);
      await o.page.check("input[name=quick-mode][value=race]");
      await o.page.selectOption("#quick-level", "beginner");
      if (device === PHONE) await o.page.tap("#quick-play-btn");
      else await o.page.click("#quick-play-btn");
      const s = await waitHub(o.page, (x) => x.ready === true && race(x)?.phase === "waiting" && typeof x.seat === "number", `${name} in a race room`);
      return { ...o, s };
    };
    const away = async (o: { context: { close(): Promise<void> }; s: HubSnapshot }) => {
      await o.context.close(); // the tab is gone: the seat is held for its owner a while
      const room = serverRoom(o.s.roomId!);
      await waitFor(() => !room.state.seats[o.s.seat as number].connected, "the seat away");
    };
    const ann = await quick(DESKTOP, "Ann");
    const bo = await quick(PHONE, "Bo");
    expect(bo.s.roomId).to.equal(ann.s.roomId);
    await away(ann);
    await away(bo);

    // a newcomer gets a fresh race, not Ann's and Bo's held seats
    const cy = await quick(PHONE, "Cy");
    expect(cy.s.roomId, "not the room of absent racers").to.not.equal(ann.s.roomId);
    expect(race(cy.s)!.racers.filter((r) => r.occupied).map((r) => r.name)).to.deep.equal(["Cy"]);
    await screenshot(cy.page, "race-quick-fresh-phone");

    // Di joins Cy, then leaves; Eve joins: Di, away, neither counts toward ready nor holds the race up
    const di = await quick(DESKTOP, "Di");
    expect(di.s.roomId).to.equal(cy.s.roomId);
    await away(di);
    const eve = await quick(DESKTOP, "Eve");
    expect(eve.s.roomId, "someone is here waiting: a match").to.equal(cy.s.roomId);
    await waitHub(cy.page, (x) => /0\/2 ready/.test(String((x.race as { status?: string }).status)) && /1 away/.test(String((x.race as { status?: string }).status)), "Cy reads 0/2 ready, 1 away");
    expect(await cy.page.isVisible("#race-start"), "the present can start now").to.equal(true);
    await screenshot(cy.page, "race-away-not-counted-phone");
    await cy.page.tap("#race-ready");
    await eve.page.click("#race-ready");
    await waitHub(eve.page, (x) => race(x)?.phase === "racing", "the race, without Di");
    expect([...serverRoom<RaceRoom>(cy.s.roomId!).seatOrder].sort()).to.deep.equal([cy.s.seat, eve.s.seat].sort());
  });
});
