// Daily challenges and the season through a real hub (server/daily/, server/rooms/game/dailyRoom.ts),
// on SQLite and on the real PostgreSQL the test helper starts: two profiles start the day's
// Minesweeper challenge over HTTP + colyseus.js and get the same seed (the same board for the
// same first cell), a second try is refused in words, someone else's room and spectators are
// refused; the day's table orders them; the streak over injected days (a gap, a month's end);
// the season's points from a finished arena's rows plus the day's challenge equal the formula
// worked out here by hand; the routes' bounds and worded refusals.

import { expect } from "chai";
import { Client } from "colyseus.js";
import { dayAdd, dayOf, dayStart, monthOf } from "../../common/daily.js";
import { dailyClock } from "../../server/daily/api.js";
import { daySeed } from "../../server/daily/seed.js";
import { SeatedRoom } from "../../server/rooms/base/SeatedRoom.js";
import type { MinesweeperRoom } from "../../server/rooms/minesweeper/index.js";
import type { HomeStore } from "../../server/store/HomeStore.js";
import { PgStore } from "../../server/store/PgStore.js";
import { bootHub, NO_RATE_LIMITS, play, Probe, rc, rejection, safeHiddenCell, hiddenMine, until, type SeatedClient, type TestHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";
import { testPostgres } from "../helpers/postgres.js";
import { playToEnd } from "../helpers/playToEnd.js";
import { createRng } from "../../common/core/rng.js";
import { gameDef } from "../../common/games.js";
import type { GameRoom } from "../../server/rooms/game/GameRoom.js";
import { apiAt, newProfileAt, type Me } from "./rated.helpers.js";

for (const backend of ["SQLite", "PostgreSQL"] as const) {
  describe(`daily challenges and the season through a hub (${backend})`, function () {
    this.timeout(90_000);
    let hub: TestHub;
    let home: HomeStore;
    let port = 0;
    let scale = 1;
    const realNow = dailyClock.now;

    before(async function () {
      port = testPort(backend === "SQLite" ? 2991 : 2992);
      let store: PgStore | undefined;
      if (backend === "PostgreSQL") {
        const pg = await testPostgres();
        if (!pg) return this.skip();
        store = await PgStore.open(await pg.createDatabase("daily"));
      }
      scale = SeatedRoom.botDelayScale;
      SeatedRoom.botDelayScale = 0.05;
      hub = await bootHub(port, { ...NO_RATE_LIMITS, ...(store ? { store } : {}) } as never);
      home = (store ?? hub.store) as unknown as HomeStore;
    });
    after(async () => {
      dailyClock.now = realNow;
      SeatedRoom.botDelayScale = scale;
      await hub?.shutdown();
    });
    // The routes' day is fixed (noon of a fixed day): nothing depends on when the suite runs.
    const TODAY = "2031-01-15";
    const noon = () => dayStart(TODAY) + 12 * 3_600_000;
    beforeEach(() => (dailyClock.now = noon));
    afterEach(() => (dailyClock.now = realNow));

    /** Starts `me`'s challenge of `game` today: the HTTP answer. */
    const start = (me: Me, game = "minesweeper") => apiAt(port, `/daily/${game}/start`, { method: "POST", key: me.key });

    /** Takes the seat a start handed out. */
    async function sit(reservation: unknown): Promise<SeatedClient> {
      const room = await new Client(`ws://127.0.0.1:${port}`).consumeSeatReservation(reservation as never);
      const probe = new Probe(room);
      const { seat, seatToken } = await probe.next("seat", 0);
      return { room, probe, seat, seatToken };
    }

    /** Clears the board (every safe cell, the server's board says which). */
    async function clear(p: SeatedClient, server: MinesweeperRoom): Promise<void> {
      for (let i = safeHiddenCell(server); i >= 0 && server.session!.state.phase === "active"; i = safeHiddenCell(server)) await play(p, "reveal", rc(server, i));
    }

    it("two profiles get the day's seed, play once each, and the day's table orders them", async () => {
      const ann = await newProfileAt(port, "Ann Daily");
      const bob = await newProfileAt(port, "Bob Daily");
      const today = TODAY;

      const a = await start(ann);
      expect(a.status, JSON.stringify(a.body)).to.equal(200);
      const annSeat = await sit(a.body.reservation);
      const annRoom = hub.colyseus.getRoomById(a.body.roomId) as unknown as MinesweeperRoom;
      // Nobody else sits or watches in Ann's room while the day lasts.
      const other = await rejection(new Client(`ws://127.0.0.1:${port}`).joinById(a.body.roomId, { name: "Bob", profileKey: bob.key }));
      expect(other.message).to.match(/already full|someone else's daily challenge/);
      const spy = await rejection(new Client(`ws://127.0.0.1:${port}`).joinById(a.body.roomId, { spectate: true, name: "Spy" }));
      expect(spy.message).to.match(/cannot be watched/);

      const b = await start(bob);
      expect(b.status, JSON.stringify(b.body)).to.equal(200);
      const bobSeat = await sit(b.body.reservation);
      const bobRoom = hub.colyseus.getRoomById(b.body.roomId) as unknown as MinesweeperRoom;

      // The room opens the centre for each (mines are placed from the seed and the first cell):
      // the same board, the same open cells, before either has clicked.
      for (const [room, who] of [[annRoom, "Ann"], [bobRoom, "Bob"]] as const) {
        await until(() => room.session?.state.phase === "active" || undefined, 10_000, `the room opens ${who}'s board`);
      }
      for (const p of [annSeat, bobSeat]) await p.probe.sync();
      const annBoard = annRoom.session!.state;
      const bobBoard = bobRoom.session!.state;
      expect(annBoard.status[8 * 16 + 8], "the centre is open").to.equal(1);
      expect(annBoard.revealedCount).to.be.above(0);
      expect(Array.from(annBoard.status)).to.deep.equal(Array.from(bobBoard.status));
      expect(annBoard.seed).to.equal(bobBoard.seed);
      expect(annBoard.seed).to.match(/^[0-9a-f]{32}$/);
      expect(Array.from(annBoard.mines!)).to.deep.equal(Array.from(bobBoard.mines!));
      // The day's seed is keyed with the hub's secret: not the bare hash of the day anyone could compute.
      const secret = await home.daily.secret("unused");
      expect(annBoard.seed).to.equal(daySeed(secret, "minesweeper", today));
      expect(daySeed(secret, "minesweeper", dayAdd(today, 1))).to.not.equal(annBoard.seed);
      expect(daySeed(secret, "cubestacc", today)).to.not.equal(annBoard.seed);

      // Ann clears the board; Bob steps on a mine.
      await clear(annSeat, annRoom);
      expect(annRoom.session!.state.phase).to.equal("won");
      await play(bobSeat, "reveal", rc(bobRoom, hiddenMine(bobRoom)));
      expect(bobRoom.session!.state.phase).to.equal("lost");

      // One try each: a second start is refused in words (and leaving counted as the try).
      const again = await start(ann);
      expect(again.status).to.equal(409);
      expect(again.body.code).to.equal("played-today");
      expect(again.body.message).to.match(/one try a day/);

      // The day's table: Ann (cleared) above Bob (hit a mine); replays linked once the day is over.
      const table = await until200(`/daily/minesweeper/${today}?profile=${bob.id}`, (body) => body.finished === 2 && body.rows.length === 2);
      expect(table.rows.map((r: any) => [r.place, r.name])).to.deep.equal([
        [1, "Ann Daily"],
        [2, "Bob Daily"],
      ]);
      expect(table.rows[0].outcome).to.match(/^Cleared in \d+\.\d s$/);
      expect(table.rows[1].outcome).to.match(/^Hit a mine after \d+ safe cells$/);
      expect(table.rows[0].gameId, "no replay link while the day runs").to.equal(undefined);
      expect(table.you).to.deep.include({ profileId: bob.id, played: true, finished: true, place: 2, of: 2 });
      dailyClock.now = () => dayStart(dayAdd(today, 1)) + 1000;
      // A record the store queued (PostgreSQL under load) links its replay a moment after the result.
      const later = await until200(`/daily/minesweeper/${today}`, (body) => typeof body.rows[0]?.gameId === "number");
      expect(later.rows[0].gameId).to.be.a("number");

      // Today's challenges on Ann's profile: played, with place; streak 1.
      dailyClock.now = noon;
      const mine = (await apiAt(port, `/daily?profile=${ann.id}`)).body;
      expect(mine.day).to.equal(today);
      expect(mine.games.map((g: any) => g.game)).to.include.members(["minesweeper", "cubestacc", "pets"]);
      expect(mine.profile.streak).to.equal(1);
      expect(mine.profile.today.find((g: any) => g.game === "minesweeper")).to.deep.include({ played: true, finished: true, place: 1, of: 2 });
      expect(mine.profile.today.find((g: any) => g.game === "cubestacc")).to.deep.include({ played: false });
      await annSeat.room.leave();
      await bobSeat.room.leave();
    });

    it("a room with daily options but no nonce is refused; a challenge left before the end still counts as the try", async () => {
      const cat = await newProfileAt(port, "Cat Daily");
      const forged = await rejection(new Client(`ws://127.0.0.1:${port}`).create("minesweeper", { mode: "solo", dailyOf: { day: TODAY, game: "minesweeper", profileId: cat.id }, profileKey: cat.key }));
      expect(forged.message).to.match(/started from its Play button/);
      const s = await start(cat, "cubestacc");
      expect(s.status, JSON.stringify(s.body)).to.equal(200);
      const seat = await sit(s.body.reservation);
      await seat.room.leave();
      const again = await start(cat, "cubestacc");
      expect(again.status).to.equal(409);
      expect(again.body.message).to.match(/leaving it counts as your try/);
    });

    it("Cubestacc's and Auto Pets' challenges played to the end write their results in words, once", async () => {
      const fay = await newProfileAt(port, "Fay Daily");
      for (const [game, words] of [
        ["cubestacc", /^(Won the deal|\d(st|nd|rd|th), \d+ cubes? left)$/],
        ["pets", /^\d+ wins?, \d+ troph(y|ies)$/],
      ] as const) {
        const s = await start(fay, game);
        expect(s.status, JSON.stringify(s.body)).to.equal(200);
        const me = await sit(s.body.reservation);
        const server = hub.colyseus.getRoomById(s.body.roomId) as unknown as GameRoom<any, any, any, any, any, any>;
        expect(await playToEnd(gameDef(game === "pets" ? "pets" : "cubestacc")!, server, [me], createRng(5))).to.deep.equal([]);
        const row = await until200(`/daily/${game}/${TODAY}?profile=${fay.id}`, (b) => b.you?.finished === true && b.rows.length === 1); // the row and the table are read one after the other
        expect(row.you.outcome, game).to.match(words);
        expect(row.rows.map((r: any) => r.name)).to.deep.equal(["Fay Daily"]);
        await me.room.leave();
      }
    });

    it("the streak counts consecutive UTC days with a result, across a month's end, and stops at a gap", async () => {
      const dee = await newProfileAt(port, "Dee Daily");
      const put = async (day: string, game: string, score: number) => {
        expect(await home.daily.claim({ day, game, profileId: dee.id, startedAt: dayStart(day) + 60_000 })).to.equal(true);
        expect(await home.daily.finish(day, game, dee.id, { score, outcome: "test", gameId: null, finishedAt: dayStart(day) + 120_000 })).to.equal(true);
      };
      // Nov 28 (a gap on the 27th), 29, 30, Dec 1 (two games), 2; a started-only entry on Dec 3.
      for (const day of ["2026-11-25", "2026-11-26", "2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02"]) await put(day, "minesweeper", 5);
      await put("2026-12-01", "pets", 300);
      expect(await home.daily.claim({ day: "2026-12-03", game: "pets", profileId: dee.id, startedAt: dayStart("2026-12-03") })).to.equal(true);
      // A second result is not written over the first.
      expect(await home.daily.finish("2026-12-02", "minesweeper", dee.id, { score: 9, outcome: "again", gameId: null, finishedAt: 0 })).to.equal(false);
      const streakOn = async (day: string, hour = 12) => {
        dailyClock.now = () => dayStart(day) + hour * 3_600_000;
        return (await apiAt(port, `/daily?profile=${dee.id}`)).body.profile.streak;
      };
      expect(await streakOn("2026-12-02")).to.equal(5); // Nov 28 … Dec 2 (today counts)
      expect(await streakOn("2026-12-03")).to.equal(5); // today not finished yet: yesterday's streak stands
      expect(await streakOn("2026-12-04")).to.equal(0); // Dec 3 had no result
      expect(await streakOn("2026-11-30", 23)).to.equal(3);
      expect(await streakOn("2026-11-27")).to.equal(2); // the 25th and 26th
    });

    it("the season adds a finished arena's places and the day's challenges, once each, as the formula says", async () => {
      const month = "2031-03";
      const t0 = dayStart("2031-03-10") + 3_600_000;
      const [p1, p2, p3] = [await newProfileAt(port, "Arena One"), await newProfileAt(port, "Arena Two"), await newProfileAt(port, "Arena Three")];
      const id = `season-arena-${backend}`;
      await home.tournaments.create({ id, kind: "timed-arena", pool: "connect4", title: "Season arena", config: { startsAt: t0, endsAt: t0 + 600_000, tableSize: 2 }, seed: "00112233445566778899aabbccddeeff", status: "finished", createdAt: t0 });
      for (const p of [p1, p2, p3]) await home.tournaments.saveEntry(id, { profileId: p.id, rating: 1500, joinedAt: t0, withdrawn: false });
      // One beats Two, One beats Three, Two beats Three: places 1, 2, 3 (4, 2 and 0 arena points).
      const games: [Me, Me][] = [
        [p1, p2],
        [p1, p3],
        [p2, p3],
      ];
      expect(await home.tournaments.savePairings(id, games.map(([w, l], i) => ({ no: i + 1, round: 0, players: [w.id, l.id], pairedAt: t0 + i * 1000, roomId: null })))).to.equal(true);
      for (const [i, [w, l]] of games.entries()) await home.tournaments.saveResult(id, i + 1, { [w.id]: "win", [l.id]: "loss" }, t0 + i * 1000 + 500, null);
      // The day's Minesweeper: Three cleared fastest, One second, Two hit a mine; a game left (−1) earns nothing.
      const day = "2031-03-11";
      const results: [Me, number][] = [
        [p3, 1e9 - 30_000],
        [p1, 1e9 - 60_000],
        [p2, 12],
      ];
      for (const [p, score] of results) {
        await home.daily.claim({ day, game: "minesweeper", profileId: p.id, startedAt: dayStart(day) });
        await home.daily.finish(day, "minesweeper", p.id, { score, outcome: "x", gameId: null, finishedAt: dayStart(day) + 1000 });
      }
      const quitter = await newProfileAt(port, "Arena Quitter");
      await home.daily.claim({ day, game: "minesweeper", profileId: quitter.id, startedAt: dayStart(day) });
      await home.daily.finish(day, "minesweeper", quitter.id, { score: -1, outcome: "Left before the end", gameId: null, finishedAt: dayStart(day) + 1000 });

      // By hand: arena ceil(20·(N−p+1)/N) with N = 3: 20, 14, 7; the day ceil(10·(N−p+1)/N) with N = 3: 10, 7, 4.
      const expected = new Map([
        [p1.id, 20 + 7],
        [p2.id, 14 + 4],
        [p3.id, 7 + 10],
      ]);
      dailyClock.now = () => dayStart("2031-03-20");
      const s = (await apiAt(port, `/season/${month}?profile=${p2.id}`)).body;
      expect(s.month).to.equal(month);
      expect(s.players).to.equal(3);
      expect(s.rows.map((r: any) => [r.place, r.name, r.points, r.events])).to.deep.equal([
        [1, "Arena One", expected.get(p1.id), 2],
        [2, "Arena Two", expected.get(p2.id), 2],
        [3, "Arena Three", expected.get(p3.id), 2],
      ]);
      expect(s.you).to.deep.include({ profileId: p2.id, place: 2, points: 18 });
      const none = (await apiAt(port, `/season/${month}?profile=${quitter.id}`)).body.you;
      expect(none).to.deep.include({ place: null, points: 0 });
      // Another month has none of it.
      expect((await apiAt(port, `/season/2031-04`)).body.rows).to.deep.equal([]);
      expect(monthOf(t0)).to.equal(month);
    });

    it("routes: bounds and bad input in words, nothing changed", async () => {
      const eve = await newProfileAt(port, "Eve Daily");
      const cases: [string, RequestInit & { key?: string }, number, RegExp][] = [
        ["/daily/chess/start", { method: "POST", key: eve.key }, 404, /no daily challenge for "chess"/],
        ["/daily/minesweeper/start", { method: "POST" }, 401, /counts for a profile/],
        ["/daily/minesweeper/start", { method: "POST", key: "k".repeat(43) }, 401, /not on this hub/],
        ["/daily/minesweeper/2026-13-01", {}, 400, /YYYY-MM-DD/],
        ["/daily/minesweeper/2026-02-30", {}, 400, /YYYY-MM-DD/],
        ["/daily/minesweeper/2026-12-01?limit=0", {}, 400, /limit is a whole number from 1 to 100/],
        ["/daily/minesweeper/2026-12-01?limit=101", {}, 400, /limit/],
        ["/daily/minesweeper/2026-12-01?profile=x", {}, 400, /profile id/],
        ["/daily?profile=../../etc", {}, 400, /profile id/],
        ["/season/2026-1", {}, 400, /YYYY-MM/],
        ["/season/2026-12?limit=abc", {}, 400, /limit/],
      ];
      for (const [path, init, status, words] of cases) {
        const r = await apiAt(port, path, init);
        expect(r.status, path).to.equal(status);
        expect(r.body.message, path).to.match(words);
      }
      expect(await home.daily.entriesOf(eve.id, TODAY)).to.deep.equal([]);
      const bounded = await apiAt(port, `/daily/minesweeper/${TODAY}?limit=1`);
      expect(bounded.body.rows.length).to.be.at.most(1);
    });

    /** GET until `ok(body)` (a result is written a moment after the game ends). */
    async function until200(path: string, ok: (body: any) => boolean): Promise<any> {
      for (let i = 0; i < 200; i++) {
        const r = await apiAt(port, path);
        if (r.status === 200 && ok(r.body)) return r.body;
        await new Promise((res) => setTimeout(res, 50));
      }
      throw new Error(`${path} never answered as expected`);
    }
  });
}
