// Browser tests: the real hub (arena.config.ts) serving the built client to
// Debian's Chromium. Players use the real UI (lobby forms, mouse, touch);
// the page is read through window.__hub. The client never knows the mines:
// where a test needs them (to win on purpose, to lose on purpose) it reads the
// server-side room instance, which lives in this same process.
import { expect } from "chai";
import type { Page } from "playwright-core";
import { LAX_ADDRESS_LIMITS } from "../helpers/hub.js";
import { CELL } from "../../common/minesweeper/types.js";
import {
  boardReady,
  clickCell,
  closeRoom,
  DESKTOP,
  dropClient,
  gamePage,
  hub,
  longPressCell,
  PHONE,
  screenshot,
  serverMines,
  tapCell,
  waitHub,
  type HubSnapshot,
  useBrowserHub,
} from "../helpers/e2e.js";

const TIMER = /^(\d+\.\d|\d+:\d\d\.\d|\d+:\d\d:\d\d\.\d)$/;

describe("e2e: minesweeper in Chromium", function () {
  this.timeout(90_000);

  const suite = useBrowserHub({ config: () => ({ reconnectSeconds: 20, seatHoldSeconds: 120, ...LAX_ADDRESS_LIMITS }) });

  async function lobby(page: Page, name: string): Promise<void> {
    await gamePage(page, "minesweeper");
    await page.fill("input[name=name]", name);
  }

  async function quickPlay(page: Page, mode: "solo" | "coop", level: string): Promise<HubSnapshot> {
    await page.check(`input[name=quick-mode][value=${mode}]`);
    await page.selectOption("#quick-level", level);
    await page.click("#quick-play-btn");
    return waitHub(page, boardReady, "the board after quick play");
  }

  const idx = (s: HubSnapshot, r: number, c: number) => r * s.cols! + c;
  const rc = (s: HubSnapshot, i: number) => ({ r: Math.floor(i / s.cols!), c: i % s.cols! });

  /** Reveals by clicking until the server's board says every safe cell is open. */
  async function clearBoard(page: Page, roomId: string): Promise<HubSnapshot> {
    const mines = serverMines(roomId)!;
    let s = await hub(page);
    for (let guard = 0; guard < 500 && s.phase === "active"; guard++) {
      const next = s.cells!.findIndex((code, i) => code === CELL.HIDDEN && mines[i] === 0);
      if (next < 0) break;
      const { r, c } = rc(s, next);
      await clickCell(page, r, c);
      s = await waitHub(page, (x) => x.cells![next] !== CELL.HIDDEN || x.phase !== "active", `cell ${r},${c} to open`);
    }
    return s;
  }

  function neighbours(s: HubSnapshot, i: number): number[] {
    const { r, c } = rc(s, i);
    const out: number[] = [];
    for (let dr = -1; dr <= 1; dr++)
      for (let dc = -1; dc <= 1; dc++) {
        const rr = r + dr;
        const cc = c + dc;
        if ((dr || dc) && rr >= 0 && cc >= 0 && rr < s.rows! && cc < s.cols!) out.push(idx(s, rr, cc));
      }
    return out;
  }

  /**
   * Flags the mines around a revealed number that still has a hidden safe
   * neighbour, then chords it with the real mouse gesture; true when the
   * neighbour opened.
   */
  async function chord(page: Page, roomId: string, how: "left+right" | "middle"): Promise<boolean> {
    const mines = serverMines(roomId)!;
    let s = await hub(page);
    const candidate = () =>
      s.cells!.findIndex((code, i) => code >= 1 && code <= 8 && neighbours(s, i).some((j) => s.cells![j] === CELL.HIDDEN && !mines[j]));
    let i = candidate();
    for (let guard = 0; i < 0 && guard < 20; guard++) {
      const safe = s.cells!.findIndex((code, j) => code === CELL.HIDDEN && !mines[j]);
      if (safe < 0) return false;
      await clickCell(page, rc(s, safe).r, rc(s, safe).c);
      s = await waitHub(page, (x) => x.cells![safe] !== CELL.HIDDEN, "a reveal");
      i = candidate();
    }
    if (i < 0) return false;
    for (const j of neighbours(s, i)) {
      if (mines[j] && s.cells![j] === CELL.HIDDEN) {
        await clickCell(page, rc(s, j).r, rc(s, j).c, "right");
        s = await waitHub(page, (x) => x.cells![j] === CELL.FLAG, "a flag before the chord");
      }
    }
    const target = neighbours(s, i).find((j) => s.cells![j] === CELL.HIDDEN && !mines[j])!;
    const { x, y } = await page.evaluate(([a, b]) => window.__hub.cellCenter(a, b)!, [rc(s, i).r, rc(s, i).c]);
    await page.mouse.move(x, y);
    if (how === "middle") {
      await page.mouse.down({ button: "middle" });
      expect((await hub(page)).pressed, "the 3×3 area shows pressed while held").to.be.greaterThan(0);
      await page.mouse.up({ button: "middle" });
    } else {
      await page.mouse.down({ button: "left" });
      await page.mouse.down({ button: "right" });
      const held = await hub(page);
      expect(held.face).to.equal("pressed");
      expect(held.pressed, "the 3×3 area shows pressed while held").to.be.greaterThan(0);
      await page.mouse.up({ button: "right" }); // the first release chords…
      await waitHub(page, (z) => z.cells![target] !== CELL.HIDDEN, "the chord");
      await page.mouse.up({ button: "left" }); // …the second does nothing
    }
    s = await waitHub(page, (z) => z.cells![target] !== CELL.HIDDEN, "the chord");
    return s.cells![target] <= 8;
  }

  it("desktop: plays a solo beginner game from the lobby to a win; then a loss shows the hit mine, the other mines and the wrong flag", async () => {
    const { page } = await suite.open();
    await lobby(page, "Winner");
    let s = await quickPlay(page, "solo", "beginner");
    expect(s).to.include({ mode: "solo", level: "beginner", phase: "fresh", rows: 9, cols: 9, mines: 10, seat: 0 });
    expect(s.route).to.equal(`#/room/${s.roomId}`);
    expect(s.cells!.every((code) => code === CELL.HIDDEN)).to.equal(true);
    expect(s).to.include({ counter: "010", timer: "0.0", face: "playing" });

    await clickCell(page, 4, 4);
    s = await waitHub(page, (x) => x.phase === "active", "the first reveal");
    expect(s.cells![idx(s, 4, 4)]).to.equal(0); // the first click opens an area
    const mines = serverMines(s.roomId!)!;
    expect(mines.reduce((a, b) => a + b, 0)).to.equal(10);

    // right press flags a mine: the counter goes down
    const mine = mines.findIndex((m, i) => m === 1 && s.cells![i] === CELL.HIDDEN);
    await clickCell(page, rc(s, mine).r, rc(s, mine).c, "right");
    s = await waitHub(page, (x) => x.cells![mine] === CELL.FLAG, "the flag");
    expect(s).to.include({ flags: 1, counter: "009" });

    // anyone can watch from the lobby's live room list
    const watcher = await suite.open();
    const spectateBtn = `#rooms-list [data-room="${s.roomId}"] button[data-action=spectate]`;
    await watcher.page.waitForSelector(spectateBtn);
    expect(await watcher.page.textContent(`#rooms-list [data-room="${s.roomId}"]`)).to.contain("Solo");
    await watcher.page.click(spectateBtn);
    let w = await waitHub(watcher.page, (x) => boardReady(x) && x.spectator === true, "the spectator from the room list");
    expect(w.route).to.equal(`#/spectate/${s.roomId}`);

    // chords: left+right release, then middle release, on a number with all its mines flagged
    for (const how of ["left+right", "middle"] as const) {
      const opened = await chord(page, s.roomId!, how);
      expect(opened, `${how} chord opened a neighbour`).to.equal(true);
    }

    s = await clearBoard(page, s.roomId!);
    s = await waitHub(page, (x) => x.phase === "won", "the win");
    w = await waitHub(watcher.page, (x) => x.phase === "won", "the spectator sees the win");
    expect(s).to.include({ face: "won", counter: "000" });
    expect(s.timer).to.match(TIMER);
    expect(s.seats![0].credits).to.equal(81 - 10);
    expect(s.cells!.filter((code, i) => mines[i] === 0 && code <= 8).length).to.equal(71);
    const frozen = s.timer;
    await page.waitForTimeout(300);
    expect((await hub(page)).timer, "the timer stops at the end").to.equal(frozen);
    await screenshot(page, "desktop-solo-won");

    // F2 starts a new board
    await page.keyboard.press("F2");
    s = await waitHub(page, (x) => x.phase === "fresh", "a new board after F2");
    expect(s.cells!.every((code) => code === CELL.HIDDEN)).to.equal(true);
    expect(s).to.include({ timer: "0.0", counter: "010", face: "playing" });

    // The loss on the same page, a new solo room by quick play as its own test had (issue 45:
    // was its own test, a page more): the hit mine, the other mines and the wrong flag.
    await page.evaluate(() => window.__hub.leave());
    await lobby(page, "Loser");
    await quickPlay(page, "solo", "beginner");
    await lose(page);
  });

  /** On a fresh solo board: a wrong flag, a right one, a click on a flag, then a mine; the loss screen, then Space. */
  async function lose(page: Page): Promise<void> {
    await clickCell(page, 0, 0);
    let s = await waitHub(page, (x) => x.phase === "active", "the first reveal");
    const mines = serverMines(s.roomId!)!;
    const hidden = (i: number) => s.cells![i] === CELL.HIDDEN;
    const wrong = s.cells!.findIndex((_, i) => hidden(i) && mines[i] === 0);
    const right = mines.findIndex((m, i) => m === 1 && hidden(i));
    const boom = mines.findIndex((m, i) => m === 1 && hidden(i) && i !== right);
    for (const i of [wrong, right]) {
      await clickCell(page, rc(s, i).r, rc(s, i).c, "right");
      s = await waitHub(page, (x) => x.cells![i] === CELL.FLAG, "a flag");
    }
    // a flagged cell is not revealed by a left click
    await clickCell(page, rc(s, wrong).r, rc(s, wrong).c);
    await page.waitForTimeout(200);
    expect((await hub(page)).cells![wrong]).to.equal(CELL.FLAG);

    await clickCell(page, rc(s, boom).r, rc(s, boom).c);
    s = await waitHub(page, (x) => x.phase === "lost", "the loss");
    expect(s.face).to.equal("lost");
    expect(s.cells![boom]).to.equal(CELL.HIT_MINE);
    expect(s.cells![wrong]).to.equal(CELL.WRONG_FLAG);
    expect(s.cells![right]).to.equal(CELL.FLAGGED_MINE);
    const others = Array.from(mines, (m, i) => (m === 1 && i !== boom && i !== right ? i : -1)).filter((i) => i >= 0);
    expect(others.map((i) => s.cells![i])).to.deep.equal(others.map(() => CELL.MINE));
    await screenshot(page, "desktop-solo-lost");

    // after the end, clicks change nothing; Space starts over (solo)
    const before = s.cells!.slice();
    const still = s.cells!.findIndex((code) => code === CELL.HIDDEN);
    if (still >= 0) await clickCell(page, rc(s, still).r, rc(s, still).c);
    await page.waitForTimeout(200);
    expect((await hub(page)).cells).to.deep.equal(before);
    await page.keyboard.press("Space");
    s = await waitHub(page, (x) => x.phase === "fresh", "a new board after Space");
    expect(s.face).to.equal("playing");
  }

  it("phone: tap reveals, long press flags, the lift is not a click; portrait and landscape; a relayout that turns the board keeps the cells in the middle of the screen there", async () => {
    const { page, context } = await suite.open(PHONE);
    const cdp = await context.newCDPSession(page);
    await lobby(page, "Thumbs");
    let s = await quickPlay(page, "solo", "expert");
    expect(s.transposed, "a wide board is turned on its side in portrait").to.equal(true);

    await tapCell(page, cdp, 8, 15);
    s = await waitHub(page, (x) => x.phase === "active", "the tap to reveal");
    expect(s.cells![idx(s, 8, 15)]).to.not.equal(CELL.HIDDEN);

    const target = s.cells!.findIndex((code) => code === CELL.HIDDEN);
    const { r, c } = rc(s, target);
    await longPressCell(page, cdp, r, c, 600);
    s = await waitHub(page, (x) => x.cells![target] === CELL.FLAG, "the long-press flag");
    await page.waitForTimeout(300);
    s = await hub(page);
    expect(s.cells![target], "the lift after a long press does not reveal").to.equal(CELL.FLAG);
    expect(s).to.include({ phase: "active", flags: 1, counter: "098" });

    // a tap on a flag does nothing
    await page.waitForTimeout(300);
    await tapCell(page, cdp, r, c);
    await page.waitForTimeout(250);
    expect((await hub(page)).cells![target]).to.equal(CELL.FLAG);

    // flag mode: a tap flags instead of revealing
    const mines = serverMines(s.roomId!)!;
    const safe = s.cells!.findIndex((code, i) => code === CELL.HIDDEN && mines[i] === 0);
    await page.tap(".ms-flagmode");
    expect(await page.getAttribute(".ms-flagmode", "aria-pressed")).to.equal("true");
    await tapCell(page, cdp, rc(s, safe).r, rc(s, safe).c);
    s = await waitHub(page, (x) => x.cells![safe] === CELL.FLAG, "a flag from flag mode");
    await page.tap(".ms-flagmode");
    await screenshot(page, "phone-portrait");

    // every corner of the board is on screen in both orientations
    const inView = async (w: number, h: number) => {
      for (const [rr, cc] of [[0, 0], [0, 29], [15, 0], [15, 29]]) {
        const p = await page.evaluate(([a, b]) => window.__hub.cellCenter(a, b), [rr, cc]);
        expect(p, `cell ${rr},${cc}`).to.not.equal(null);
        expect(p!.x).to.be.within(0, w);
        expect(p!.y).to.be.within(0, h);
      }
    };
    await inView(390, 844);
    await page.setViewportSize({ width: 844, height: 390 });
    s = await waitHub(page, (x) => x.transposed === false, "the landscape layout");
    await inView(844, 390);
    await tapCell(page, cdp, rc(s, safe).r, rc(s, safe).c); // flagged: nothing
    await screenshot(page, "phone-landscape");

    // Back to portrait (a rotation: the board turned and zoomed again, as a new one): a relayout
    // that turns the board keeps the cells in the middle of the screen there (issue 45: was its
    // own test, a phone page and an Expert board more).
    await page.setViewportSize({ width: 390, height: 844 });
    s = await waitHub(page, (x) => x.transposed === true, "portrait again: turned on its side");
    type Region = { r0: number; r1: number; c0: number; c1: number };
    const middle = (x: HubSnapshot) => {
      const v = x.visible as Region;
      return { r: (v.r0 + v.r1) / 2, c: (v.c0 + v.c1) / 2 };
    };
    // look away from where the zoomed board opens, then make the screen squarer (still
    // portrait: no rotation reset) so that the board is no longer turned
    await page.evaluate(() => window.__hub.cellCenter(8, 23));
    const before = middle(await hub(page));
    const canvasH = await page.evaluate(() => document.querySelector(".ms-canvas")!.getBoundingClientRect().height);
    // a canvas ~410 px tall: taller than wide, yet an Expert board fits better unturned
    await page.setViewportSize({ width: 390, height: Math.round(844 - canvasH + 410) });
    s = await waitHub(page, (x) => x.transposed === false, "the board no longer turned");
    expect(s.zoom, "still zoomed in").to.be.greaterThan(1);
    const after = middle(s);
    const where = `middle before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`;
    expect(Math.abs(after.r - before.r), where).to.be.at.most(1.5);
    expect(Math.abs(after.c - before.c), where).to.be.at.most(1.5);
    await screenshot(page, "phone-relayout-unturned");
  });

  it("co-op: two players through a private code typed in lower case, a third spectates", async () => {
    const host = await suite.open();
    await lobby(host.page, "Ann");
    await host.page.check("input[name=private-mode][value=coop]");
    await host.page.selectOption("#private-level", "intermediate");
    await host.page.selectOption("#private-seats", "3");
    await host.page.click("#create-private-btn");
    let a = await waitHub(host.page, boardReady, "the private room");
    const code = (await host.page.textContent("#room-code"))!.trim();
    expect(code).to.match(/^[A-Z]{5}$/);
    expect(a).to.include({ roomId: code, private: true, mode: "coop", seat: 0, rows: 16, cols: 16 });
    expect(await host.page.isVisible("#copy-invite")).to.equal(true);

    const guest = await suite.open({ ...DESKTOP, viewport: { width: 1024, height: 720 } });
    await lobby(guest.page, "Ben");
    await guest.page.fill("#join-code", code.toLowerCase());
    await guest.page.click("#join-code-btn");
    let b = await waitHub(guest.page, boardReady, "the guest in the room");
    expect(b).to.include({ roomId: code, seat: 1, spectator: false, mode: "coop" });
    expect(b.route).to.equal(`#/room/${code}`);

    const watcher = await suite.open(PHONE, `#/spectate/${code}`);
    let w = await waitHub(watcher.page, boardReady, "the spectator's board");
    expect(w).to.include({ spectator: true, seat: null, roomId: code });
    expect(await watcher.page.isVisible(".spectating")).to.equal(true);

    a = await waitHub(host.page, (x) => x.seats![1]?.name === "Ben" && x.seats![1].connected && x.spectators === 1, "Ben and a watcher");

    // Ann's pointer shows on Ben's screen
    const p = await host.page.evaluate(() => window.__hub.cellCenter(3, 5));
    await host.page.mouse.move(p!.x, p!.y);
    b = await waitHub(guest.page, (x) => x.cursors![0]?.r === 3 && x.cursors![0]?.c === 5, "Ann's cursor on Ben's board");

    // Ben opens, then Ann opens a safe cell: both are credited, everyone sees one board
    await clickCell(guest.page, 8, 8);
    b = await waitHub(guest.page, (x) => x.phase === "active", "the first co-op reveal");
    const mines = serverMines(code)!;
    const safe = b.cells!.findIndex((c, i) => c === CELL.HIDDEN && mines[i] === 0);
    await clickCell(host.page, Math.floor(safe / 16), safe % 16);
    a = await waitHub(host.page, (x) => x.cells![safe] !== CELL.HIDDEN && x.seats![0].credits > 0 && x.seats![1].credits > 0, "credits for both");
    b = await waitHub(guest.page, (x) => x.cells!.join() === a.cells!.join(), "Ben sees Ann's reveal");
    w = await waitHub(watcher.page, (x) => x.cells!.join() === a.cells!.join() && x.seats![0].credits === a.seats![0].credits, "the spectator sees both");

    // the spectator's taps change nothing
    const hidden = w.cells!.findIndex((c) => c === CELL.HIDDEN);
    const wcdp = await watcher.context.newCDPSession(watcher.page);
    await tapCell(watcher.page, wcdp, Math.floor(hidden / 16), hidden % 16);
    await watcher.page.waitForTimeout(300);
    expect((await hub(host.page)).cells![hidden]).to.equal(CELL.HIDDEN);

    // leaving the board hides the pointer for the others
    await host.page.mouse.move(5, 5);
    await waitHub(guest.page, (x) => x.cursors![0]?.r === -1, "Ann's cursor to go away");
    await host.page.mouse.move(p!.x, p!.y);
    await waitHub(guest.page, (x) => x.cursors![0]?.r === 3 && x.cursors![0]?.c === 5, "Ann's cursor back");
    await screenshot(host.page, "coop-host");
    await screenshot(guest.page, "coop-guest");
    await screenshot(watcher.page, "coop-spectator-phone");
  });

  it("a reload puts the player back in the seat; a dropped socket reconnects; a dead token or a closed room says so", async () => {
    const host = await suite.open();
    await lobby(host.page, "Ann");
    await host.page.check("input[name=private-mode][value=coop]");
    await host.page.click("#create-private-btn");
    await waitHub(host.page, boardReady, "the private room");
    const code = (await host.page.textContent("#room-code"))!.trim();

    // the invite link opens the room directly
    const guest = await suite.open(DESKTOP);
    await guest.page.waitForSelector("#join-code");
    await guest.page.fill("input[name=name]", "Ben");
    await guest.page.goto(`${suite.base}#/join/${code}`);
    let b = await waitHub(guest.page, (x) => boardReady(x) && x.seat === 1, "the guest through the invite link");
    await clickCell(guest.page, 2, 2);
    b = await waitHub(guest.page, (x) => x.phase === "active", "a reveal");
    const board = b.cells!.join();

    await guest.page.reload();
    b = await waitHub(guest.page, (x) => boardReady(x) && x.seat === 1, "the seat after a reload");
    expect(b).to.include({ roomId: code, route: `#/room/${code}`, spectator: false });
    expect(b.seats![1]).to.include({ name: "Ben", connected: true });
    expect(b.cells!.join()).to.equal(board);
    await waitHub(host.page, (x) => x.seats![1]?.connected === true && x.seats!.filter((s) => s.occupied).length === 2, "Ann sees Ben back, still two players");

    // a network drop: the client reconnects on its own and keeps playing on the NEW Room object
    dropClient(code, 1);
    await waitHub(guest.page, (x) => x.connection === "reconnecting" || (x.reconnects ?? 0) >= 1, "the drop to be noticed", 10_000);
    b = await waitHub(guest.page, (x) => x.connection === "connected" && (x.reconnects ?? 0) >= 1 && boardReady(x), "the reconnection");
    expect(b.cells!.join()).to.equal(board);
    const mines = serverMines(code)!;
    const safe = b.cells!.findIndex((c, i) => c === CELL.HIDDEN && mines[i] === 0);
    await clickCell(guest.page, Math.floor(safe / b.cols!), safe % b.cols!);
    await waitHub(host.page, (x) => x.cells![safe] !== CELL.HIDDEN, "a move after the reconnection");
    expect(await guest.page.textContent("#conn-state")).to.contain("Connected");

    // a token the room does not know: a clear message and a way back (Ann's page, reloaded with
    // a token the room never gave; issue 45: was a third page)
    const other = host;
    await other.page.evaluate((id) => {
      localStorage.setItem(`hub.seat.${id}`, JSON.stringify({ roomId: id, seatToken: "not-a-real-token", seat: 1, game: "minesweeper", savedAt: Date.now() }));
    }, code);
    await other.page.reload();
    await other.page.waitForSelector("text=Your seat is gone");
    await screenshot(other.page, "desktop-seat-lost");
    await other.page.click("text=Back to lobby");
    await other.page.waitForSelector("#join-code");

    // the room itself goes away: the seated player is told, with a way back
    await closeRoom(code);
    await waitHub(guest.page, (x) => x.connection === "seat-lost", "the seat-lost state");
    await guest.page.waitForSelector(".notice-layer >> text=Your seat is gone");
    await screenshot(guest.page, "desktop-room-gone");
    await guest.page.click("#seat-lost-lobby");
    await guest.page.waitForSelector("#quick-play");
    expect((await hub(guest.page)).route, "back on Minesweeper's page, to start another").to.equal("#/games/minesweeper");
  });
});
