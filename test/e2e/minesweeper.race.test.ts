// Browser test: a versus race between two real browser contexts through a
// private code, to a winner. The winner's board is played with the mines read
// from the server-side room (the client never has them). The loser's page is
// checked while the race runs: it never holds the winner's cells (neither the
// public final board nor the private one), only progress. A quick race from the lobby on a
// phone, with a racer away (a colyseus.js client) said apart in the waiting panel.
import { expect } from "chai";
import { CELL } from "../../common/minesweeper/types.js";
import { DESKTOP, hub, PHONE, screenshot, waitHub, type HubSnapshot } from "../helpers/e2e.js";
import { dropConnection, seated } from "../helpers/hub.js";
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

  // Who quick play seats and who counts toward ready is the server's (test/server/
  // minesweeper.race.test.ts, "players who are gone hold nobody up"); here, what a racer's page
  // shows of it: a quick race from the lobby, and the waiting panel's words with a racer away.
  // The other racers are colyseus.js clients (issue 45).
  it("quick play from the lobby; an away racer is said apart and does not hold up Start", async () => {
    const cy = await suite.open(PHONE, "#/games/minesweeper");
    await enterLobby(cy.page, "Cy");
    await cy.page.check("input[name=quick-mode][value=race]");
    await cy.page.selectOption("#quick-level", "beginner");
    await cy.page.tap("#quick-play-btn");
    const s = await waitHub(cy.page, (x) => x.ready === true && race(x)?.phase === "waiting" && typeof x.seat === "number", "Cy in a race room");
    expect(race(s)!.racers.filter((r) => r.occupied).map((r) => r.name)).to.deep.equal(["Cy"]);
    await screenshot(cy.page, "race-quick-fresh-phone");

    // Di joins Cy, then her connection drops; Eve joins: Di, away, neither counts toward ready nor holds the race up
    const room = serverRoom(s.roomId!);
    const di = await seated(suite.server.sdk.joinById(s.roomId!, { name: "Di" }));
    dropConnection(di.room);
    await waitFor(() => !room.state.seats[di.seat].connected, "Di away");
    const eve = await seated(suite.server.sdk.joinById(s.roomId!, { name: "Eve" }));
    await waitHub(cy.page, (x) => /0\/2 ready/.test(String((x.race as { status?: string }).status)) && /1 away/.test(String((x.race as { status?: string }).status)), "Cy reads 0/2 ready, 1 away");
    expect(await cy.page.isVisible("#race-start"), "the present can start now").to.equal(true);
    await screenshot(cy.page, "race-away-not-counted-phone");
    await cy.page.tap("#race-ready");
    eve.room.send("ready", { ready: true });
    await waitHub(cy.page, (x) => race(x)?.phase === "racing", "the race, without Di");
    expect([...serverRoom<RaceRoom>(s.roomId!).seatOrder].sort()).to.deep.equal([s.seat, eve.seat].sort());
    await eve.room.leave(true);
  });
});
