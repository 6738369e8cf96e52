// The tournament pages in Chromium (issue 43): a phone finds a running Connect Four arena in the
// lobby's list, opens its page, joins; a bot profile (colyseus.js) joins too; they are paired
// and the phone is taken straight to the game, plays it by taps to a win (the bot drops along
// the bottom row, never four: the phone's column wins whoever moves first; seated, the bot leaves
// the tournament, so nobody is paired again at once and its game still counts), goes back from
// the end screen and reads the standings: both players, 2 points and 0. Then it leaves (asked, in
// words) and a desktop joins by keyboard alone (Tab to Join, Enter), and a reload brings it back
// in with its reconnection token (not withdrawn); when the window closes the page shows the
// final standings and the games with their replays. A finished arena's page
// has no Join. Last, a private one: a desktop makes it in the lobby's "Create a tournament" (folded under "Private tournaments") and
// reads its code, a phone types the code and joins it. Screenshots: the lobby list, the page
// before and after, the phone's standings, the create card, the private page on a phone.
import { expect } from "chai";
import { Client, type Room } from "colyseus.js";
import type { Page } from "playwright-core";
import { SqliteStore } from "../../server/store/index.js";
import { TournamentDirector, TOURNAMENT_ROOM } from "../../server/tournaments/TournamentDirector.js";
import { DESKTOP, hub, PHONE, screenshot, useBrowserHub, waitHub, type HubSnapshot } from "../helpers/e2e.js";
import { LAX_ADDRESS_LIMITS } from "../helpers/hub.js";
import { c4Grid } from "../helpers/connect4.js";
import { newProfileAt, type Me } from "../server/rated.helpers.js";

type Snap = HubSnapshot & {
  page?: string;
  status?: string;
  state?: string;
  finished?: boolean;
  rows?: { id: string; name: string; score: number; games: number; wins: number; withdrawn: boolean }[];
  game?: string;
  acting?: number[];
};

const ARENA = "e2e-arena";
const MINUTE = 60_000;

/** A bot entrant: joins the tournament room, takes the game it is handed and drops along the bottom row (never four). */
class Bot {
  room: Room | null = null;
  game: Room | null = null;
  private seat = -1;
  private moves = 0;
  constructor(readonly me: Me, private readonly ws: string) {}

  async join(): Promise<void> {
    this.room = await new Client(this.ws).joinOrCreate(TOURNAMENT_ROOM, { tournament: ARENA, profileKey: this.me.key });
    this.room.onMessage("event", (e: any) => {
      if (e?.kind === "matched") void this.play(e.reservation);
    });
  }

  private async play(reservation: any): Promise<void> {
    const game = (this.game = await new Client(this.ws).consumeSeatReservation(reservation));
    game.onMessage("seat", (m: any) => (this.seat = m.seat));
    game.onMessage("*", () => undefined);
    let sentAt = -1;
    game.onStateChange((s: any) => {
      const acting = s.acting ? Array.from(s.acting as number[]) : [];
      const filled = c4Grid(s).filter((v) => v >= 0).length;
      // one drop per turn: the grid's count says whether this turn's drop was sent
      if (s.phase === "playing" && acting[0] === this.seat && this.seat >= 0 && filled !== sentAt && this.moves < 4) {
        sentAt = filled;
        game.send("drop", { col: [1, 2, 3, 5][this.moves++] });
      }
    });
    // Seated, the bot leaves the tournament (withdrawn, paired no more: the phone is not paired
    // again at once); the game it is playing still counts, as a withdrawn player's does.
    await this.room?.leave(true);
    this.room = null;
  }

  async leave(): Promise<void> {
    for (const r of [this.game, this.room]) if (r?.connection.isOpen) await Promise.race([r.leave(true).catch(() => undefined), new Promise((ok) => setTimeout(ok, 2000))]);
  }
}

/** No part of the page wider than the screen (a phone never scrolls sideways). */
async function noSidewaysScroll(page: Page): Promise<void> {
  const over = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, win: window.innerWidth, table: document.querySelector("#tn-standings")?.getBoundingClientRect().right ?? 0 }));
  expect(over.doc, "the page is no wider than the screen").to.be.at.most(over.win);
  expect(over.table, "the standings fit the screen").to.be.at.most(over.win);
}

describe("e2e: tournaments — the list, an arena's page, joining on a phone, playing, the standings", function () {
  this.timeout(120_000);
  let store: SqliteStore;
  const saved = { tick: TournamentDirector.tickMs, now: TournamentDirector.now };
  const suite = useBrowserHub({
    config: () => {
      store = new SqliteStore(":memory:");
      return { store, botThreads: 0, ...LAX_ADDRESS_LIMITS };
    },
  });
  const bots: Bot[] = [];

  before(async () => {
    TournamentDirector.tickMs = 250;
    const now = Date.now();
    const arena = (id: string, title: string, startsAt: number, endsAt: number) =>
      store.tournaments.create({ id, kind: "timed-arena", pool: "connect4", title, config: { startsAt, endsAt, tableSize: 2 }, seed: "00112233445566778899aabbccddeeff", status: "scheduled", createdAt: startsAt });
    await arena(ARENA, "Evening arena", now - MINUTE, now + 29 * MINUTE);
    await arena("e2e-next", "Night arena", now + 60 * MINUTE, now + 90 * MINUTE);
    await arena("e2e-done", "Morning arena", now - 120 * MINUTE, now - 90 * MINUTE);
  });
  after(async () => {
    Object.assign(TournamentDirector, { tickMs: saved.tick, now: saved.now });
    for (const b of bots) await b.leave();
  });

  it("a phone: the lobby lists it, the page joins it, the game is played by taps, the standings show both players and the points", async () => {
    const { page } = await suite.open(PHONE, "#/");
    await page.fill("input[name=name]", "Pia");
    const link = page.locator(`#tn-list .tn-item[data-id="${ARENA}"] a`);
    await link.waitFor();
    expect(await link.textContent()).to.match(/Evening arena.*Connect Four · Arena · 30 minutes.*Ends in \d+ min/);
    expect(await page.textContent(`#tn-list .tn-item[data-id="e2e-next"]`)).to.match(/Starts in 59 min|Starts in 1 h/);
    expect(await page.locator(`#tn-list .tn-item[data-id="e2e-done"]`).count(), "a finished one is not listed").to.equal(0);
    await link.scrollIntoViewIfNeeded();
    await screenshot(page, "tournament-lobby-list-phone");
    await link.tap();
    let s = (await waitHub(page, (x) => (x as Snap).page === "tournament", "the tournament page")) as Snap;
    expect(s.status).to.equal("out");
    expect(await page.textContent("#tn-when")).to.match(/^Ends in \d+ min \d\d s$/);
    expect(await page.textContent("#tn-empty")).to.match(/Nobody has joined yet/);
    await screenshot(page, "tournament-page-before-phone");

    await page.tap("#tn-join");
    s = (await waitHub(page, (x) => (x as Snap).status === "in" && ((x as Snap).rows?.length ?? 0) === 1, "in the arena")) as Snap;
    expect(s.state).to.match(/Waiting for an opponent/);
    expect(await page.isVisible("#tn-leave")).to.equal(true);
    expect(await page.isVisible("#tn-join")).to.equal(false);
    expect(await page.textContent("#tn-standings .tn-me")).to.match(/Pia\s*you/);

    // the bot enters: they are paired, and the phone is taken to the game
    const bot = new Bot(await newProfileAt(suite.port, "Bot Bea"), `ws://127.0.0.1:${suite.port}`);
    bots.push(bot);
    await bot.join();
    s = (await waitHub(page, (x) => (x as Snap).game === "connect4" && x.phase === "playing" && typeof x.seat === "number", "the tournament game", 20_000)) as Snap;
    expect(s.route).to.match(/^#\/room\//);
    const seat = s.seat as number;
    // berserk before the first move (an arena's game with a turn clock): halved turns, a win +1
    await page.tap("#tn-berserk");
    await page.waitForFunction(() => /^You are berserk/.test(document.querySelector("#tn-berserk-note")?.textContent ?? ""));
    expect(await page.isVisible("#tn-berserk")).to.equal(false);
    expect(await page.textContent("#gs-seats")).to.match(/berserk: ½ time/);
    await screenshot(page, "tournament-berserk-phone");
    for (let i = 0; i < 8; i++) {
      s = (await waitHub(page, (x) => x.phase === "finished" || !!(x as Snap).acting?.includes(seat), "my turn")) as Snap;
      if (s.phase === "finished") break;
      const before = ((s as Record<string, unknown>).grid as number[]).filter((v) => v >= 0).length;
      await page.tap('.c4-col[data-col="0"]');
      await waitHub(page, (x) => x.phase === "finished" || ((x as Record<string, unknown>).grid as number[]).filter((v) => v >= 0).length > before, "my disc");
    }
    s = (await waitHub(page, (x) => x.phase === "finished", "the end")) as Snap;
    expect((s as Record<string, unknown>).winner, "the phone's four in column 1").to.equal(seat);
    // the end screen leads back to the tournament (and says it goes back by itself)
    await page.waitForSelector("#tn-back", { state: "visible" });
    expect(await page.textContent("#tn-back-box")).to.match(/Back to the tournament in \d+ seconds/);
    await screenshot(page, "tournament-game-end-phone");
    await page.tap("#tn-back");
    s = (await waitHub(
      page,
      (x) => (x as Snap).page === "tournament" && ((x as Snap).rows ?? []).some((r) => r.name === "Pia" && r.score === 3),
      "the standings after the game",
    )) as Snap;
    expect(s.rows!.map((r) => [r.name, r.score, r.games, r.wins, r.withdrawn])).to.deep.equal([
      ["Pia", 3, 1, 1, false],
      ["Bot Bea", 0, 1, 0, true],
    ]);
    expect(s.status).to.equal("in");
    const cells = await page.locator("#tn-standings tbody tr").evaluateAll((rows) => rows.map((r) => (r as HTMLElement).innerText.replace(/\s+/g, " ").trim()));
    expect(cells[0]).to.match(/^1 Pia you 3$/);
    expect(cells[1]).to.match(/^2 Bot Bea left 0$/);
    await noSidewaysScroll(page);
    await page.locator("#tn-standings").scrollIntoViewIfNeeded();
    await screenshot(page, "tournament-standings-phone");

    // Leave asks first, in words, and the row stays, marked
    await page.tap("#tn-leave");
    expect(await page.textContent("#leave-dialog")).to.match(/Leave this tournament\?.*not be paired again until you join again/);
    await page.tap("#leave-confirm");
    s = (await waitHub(page, (x) => (x as Snap).status === "out" && !!(x as Snap).rows?.find((r) => r.name === "Pia")?.withdrawn, "left")) as Snap;
    expect(s.state).to.equal("You left this tournament.");
    expect(await page.isVisible("#tn-join"), "an arena may be joined again").to.equal(true);
    await bot.leave();
  });

  it("a desktop by keyboard: Tab to Join, Enter; the standings as a table; a reload comes back in; the arena's end: final standings and replays", async () => {
    const { page } = await suite.open(DESKTOP, `#/tournament/${ARENA}`);
    await waitHub(page, (x) => (x as Snap).page === "tournament", "the tournament page");
    const focused = () => page.evaluate(() => document.activeElement?.id ?? "");
    for (let i = 0; i < 30 && (await focused()) !== "tn-join"; i++) await page.keyboard.press("Tab");
    expect(await focused(), "Join is reached by Tab").to.equal("tn-join");
    await page.keyboard.press("Enter");
    const s = (await waitHub(page, (x) => (x as Snap).status === "in" && ((x as Snap).rows ?? []).length === 3, "in, with the others' rows")) as Snap;
    expect(s.state).to.match(/Waiting for an opponent/);
    expect(s.rows!.filter((r) => r.withdrawn).map((r) => r.name).sort()).to.deep.equal(["Bot Bea", "Pia"]);
    // every column on a wide screen, headers for screen readers
    expect(await page.locator("#tn-standings thead th").allTextContents()).to.deep.equal(["#Rank", "Player", "Points", "Games", "Wins"]);
    expect(await page.locator("#tn-standings tbody th[scope=row]").count()).to.equal(3);
    await screenshot(page, "tournament-page-desktop");
    // A reload drops the socket (not a leave): the page comes back in with the token it kept
    const me = s.rows!.find((r) => !r.withdrawn)!.id;
    await page.reload();
    const back = (await waitHub(page, (x) => (x as Snap).page === "tournament" && (x as Snap).status === "in" && ((x as Snap).rows ?? []).length === 3, "back in after a reload")) as Snap;
    expect(back.rows!.find((r) => r.id === me)!.withdrawn, "not withdrawn by the reload").to.equal(false);
    const record = (await store.tournaments.load(ARENA))!;
    expect(record.entries.filter((e) => !e.withdrawn).map((e) => e.profileId)).to.deep.equal([me]);

    // The window closes (the director's clock moved past it): the final standings, no Join or
    // Leave, and its games with their replays
    TournamentDirector.now = () => Date.now() + 60 * MINUTE;
    await waitHub(page, (x) => (x as Snap).finished === true, "the arena over");
    await page.waitForSelector("#tn-games a[href^='#/replay/']");
    expect(await page.textContent("#tn-games")).to.match(/Game 1 · (Pia vs Bot Bea|Bot Bea vs Pia) — Pia won/);
    expect(await page.textContent("#tn-when")).to.equal("Finished");
    expect(await page.isVisible("#tn-join")).to.equal(false);
    expect(await page.isVisible("#tn-leave")).to.equal(false);
    await screenshot(page, "tournament-finished-desktop");

    await page.evaluate(() => (location.hash = "#/tournament/e2e-done"));
    await page.waitForFunction(() => document.querySelector("#tn-when")?.textContent === "Finished");
    expect(await page.isVisible("#tn-join")).to.equal(false);
    expect(await page.textContent("#tn-state")).to.match(/over/);
  });

  it("private: a desktop creates one in the lobby and gets its code; a phone types the code, joins, and sees itself in the standings", async () => {
    TournamentDirector.now = saved.now; // the case before moved the clock past its arena
    const { page: desk } = await suite.open(DESKTOP, "#/");
    await desk.fill("input[name=name]", "Dee");
    await desk.waitForFunction(() => !!localStorage.getItem("hub.profile"));
    expect(await desk.isVisible("#tn-new-form"), "the form folded until asked for").to.equal(false);
    await desk.click("#tn-new-open");
    await desk.selectOption("#tn-new-pool", "connect4");
    await desk.selectOption("#tn-new-kind", "timed-arena");
    await desk.selectOption("#tn-new-length", "10");
    await desk.selectOption("#tn-new-starts", "0");
    await desk.click("#tn-new-create");
    const code = (await desk.locator("#tn-made-code").textContent({ timeout: 10_000 }))!;
    expect(code).to.match(/^[A-HJ-NP-Z]{5}$/);
    expect(await desk.inputValue("#tn-made-link")).to.match(new RegExp(`#/tournament/${code}$`));
    await desk.locator(`#tn-mine .tn-item[data-id="${code}"]`).waitFor();
    expect(await desk.locator(`#tn-list .tn-item[data-id="${code}"]`).count(), "not in the public list").to.equal(0);
    await desk.locator("#tn-new").scrollIntoViewIfNeeded();
    await screenshot(desk, "tournament-create-desktop");

    const { page: phone } = await suite.open(PHONE, "#/");
    await phone.fill("input[name=name]", "Pio");
    await phone.waitForFunction(() => !!localStorage.getItem("hub.profile"));
    // the lobby's cards on a phone: the list, "Create a tournament", today's challenges
    await phone.locator("#lobby-daily .daily-row").first().waitFor();
    await noSidewaysScroll(phone);
    await phone.locator("#tn-new").scrollIntoViewIfNeeded();
    await phone.tap("#tn-new-open");
    await screenshot(phone, "tournament-create-phone");
    await phone.locator("#lobby-daily").scrollIntoViewIfNeeded();
    await screenshot(phone, "lobby-daily-phone");
    await phone.fill("#tn-code", code.toLowerCase());
    await phone.tap("#tn-code-go");
    await waitHub(phone, (x) => (x as Snap).page === "tournament", "the private tournament's page");
    expect(await phone.textContent("#tn-private")).to.match(new RegExp(`Made by Dee\\. Not listed: players join with its code ${code}`));
    await phone.tap("#tn-join");
    const s = (await waitHub(phone, (x) => (x as Snap).status === "in" && ((x as Snap).rows?.length ?? 0) === 1, "in the private arena")) as Snap;
    expect(s.rows!.map((r) => r.name)).to.deep.equal(["Pio"]);
    await noSidewaysScroll(phone);
    await screenshot(phone, "tournament-private-phone");
    await phone.tap("#tn-leave");
    await phone.tap("#leave-confirm");
    await waitHub(phone, (x) => (x as Snap).status === "out", "left");
  });
});
