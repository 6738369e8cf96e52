// The players' store on both databases (the same suite against SQLite and a real PostgreSQL
// server the test starts): profiles and their keys, the per-address bound, "Forget me",
// histories ("My games"), public game lists, ratings applied once, and the property that
// ratings after any sequence of results equal the library's own answer for that sequence.

import { expect } from "chai";
import fc from "fast-check";
import { rate, rating } from "openskill";
import { MODEL } from "../../server/ratings/model.js";
import { FORGOTTEN_NAME, SqliteStore, type FinishedGame, type SqlStore } from "../../server/store/index.js";
import { PgStore } from "../../server/store/PgStore.js";
import { LATEST_VERSION } from "../../server/store/migrations.js";
import { testPostgres, type PostgresServer } from "../helpers/postgres.js";

const LONG = process.env.LONG === "1";
const LIMIT = { perAddress: 3, windowMs: 24 * 3600_000 };
let seq = 0;

function profileInput(over: Partial<{ id: string; name: string; keyHash: string; addressHash: string; now: number }> = {}) {
  seq++;
  return { id: `p${String(seq).padStart(11, "0")}`, name: `Player ${seq}`, keyHash: `k${seq}`, addressHash: `a${seq}`, now: 1000 + seq, ...over };
}

function finished(over: Partial<FinishedGame> & { profiles?: (string | null)[]; places?: number[] } = {}): FinishedGame {
  seq++;
  const profiles = over.profiles ?? [null, null];
  const places = over.places ?? profiles.map(() => 0);
  const { profiles: _p, places: _q, ...rest } = over;
  return {
    game: "connect4",
    roomId: `R${seq}`,
    seed: seq,
    config: {},
    seats: profiles.map((_, i) => `Seat ${i}`),
    log: [{ seat: 0, move: { type: "drop", col: 3 }, t: 5 }],
    result: "won",
    startedAt: 10_000 + seq,
    endedAt: 20_000 + seq,
    mode: "online",
    players: profiles.map((profileId, i) => ({ profileId, place: places[i] })),
    ...rest,
  };
}

type Backend = { name: string; open(): Promise<SqlStore> };

let server: PostgresServer | null = null;
const backends: Backend[] = [
  { name: "SQLite", open: async () => new SqliteStore(":memory:") },
  {
    name: "PostgreSQL",
    open: async () => {
      if (!server) throw new Error("no PostgreSQL");
      return PgStore.open(await server.createDatabase("home"));
    },
  },
];

before(async function () {
  this.timeout(60_000);
  server = await testPostgres();
});

for (const backend of backends) {
  describe(`store (${backend.name}): profiles, histories, ratings`, function () {
    this.timeout(60_000);
    let store: SqlStore;

    beforeEach(async function () {
      if (backend.name === "PostgreSQL" && !server) return this.skip();
      store = await backend.open();
    });
    afterEach(async () => {
      await store?.close();
    });

    async function profile(over: Parameters<typeof profileInput>[0] = {}) {
      const p = profileInput(over);
      const made = await store.createProfile(p, LIMIT);
      expect(made, "profile made").to.not.equal(null);
      return { ...made!, keyHash: p.keyHash };
    }

    it("makes a profile found by its key's hash, renames it, and bounds how many one address makes", async () => {
      const a = await profile({ addressHash: "same", now: 5000 });
      expect(await store.profileByKey(a.keyHash)).to.deep.equal({ id: a.id, name: a.name, createdAt: 5000 });
      expect(await store.profileByKey("nope")).to.equal(null);
      expect(await store.renameProfile(a.id, "Ada")).to.deep.include({ id: a.id, name: "Ada" });
      await profile({ addressHash: "same", now: 6000 });
      await profile({ addressHash: "same", now: 7000 });
      expect(await store.createProfile(profileInput({ addressHash: "same", now: 8000 }), LIMIT)).to.equal(null);
      // the window slides: a day later the address may make one again
      expect(await store.createProfile(profileInput({ addressHash: "same", now: 5000 + LIMIT.windowMs + 1 }), LIMIT)).to.not.equal(null);
    });

    it("adds another device's key (bounded), and both keys name the same profile", async () => {
      const a = await profile();
      expect(await store.addProfileKey(a.id, "second", 1, 2)).to.equal(true);
      expect((await store.profileByKey("second"))?.id).to.equal(a.id);
      expect(await store.addProfileKey(a.id, "third", 1, 2)).to.equal(false);
      expect(await store.addProfileKey("p-unknown-id", "x", 1, 2)).to.equal(false);
    });

    it("lists a profile's games newest first with the others, filters by game, pages, and keeps private games out of public lists", async () => {
      const a = await profile();
      const b = await profile();
      const g1 = await store.recordGame(finished({ profiles: [a.id, b.id], places: [1, 2] }));
      const g2 = await store.recordGame(finished({ game: "minesweeper", mode: "solo", seats: ["Me"], profiles: [a.id], result: "won", public: false }));
      const g3 = await store.recordGame(finished({ profiles: [b.id, a.id], places: [1, 2] }));
      const mine = await store.gamesOf(a.id);
      expect(mine.map((g) => g.id)).to.deep.equal([g3, g2, g1]);
      expect(mine[0]).to.deep.include({ seat: 1, place: 2, game: "connect4", moves: 1, public: true });
      expect(mine[0].profiles).to.deep.equal([b.id, a.id]);
      expect((await store.gamesOf(a.id, { game: "minesweeper" })).map((g) => g.id)).to.deep.equal([g2]);
      expect((await store.gamesOf(a.id, { before: g3, limit: 1 })).map((g) => g.id)).to.deep.equal([g2]);
      expect((await store.recentPublicGames()).map((g) => g.id)).to.deep.equal([g3, g1]);
      expect((await store.recentPublicGames({ game: "minesweeper" })).map((g) => g.id)).to.deep.equal([]);
      expect(await store.playedIn(g2, a.id)).to.equal(true);
      expect(await store.playedIn(g2, b.id)).to.equal(false);
      const back = await store.getGame(g1);
      expect(back?.players).to.deep.equal([
        { profileId: a.id, place: 1, forfeited: false },
        { profileId: b.id, place: 2, forfeited: false },
      ]);
    });

    it("rates a rated game once, whoever asks, and answers the same changes again", async () => {
      const a = await profile();
      const b = await profile();
      const id = await store.recordGame(finished({ profiles: [a.id, b.id], places: [2, 1], rated: "connect4" }));
      expect(await store.pendingRatings(10)).to.deep.equal([id]);
      const [first, second] = await Promise.all([store.rateGame(id, 99), store.rateGame(id, 99)]);
      expect(first).to.deep.equal(second);
      expect(first!.map((c) => c.seat)).to.deep.equal([0, 1]);
      expect(first![0].after.mu).to.be.lessThan(first![0].before.mu);
      expect(first![1].after.mu).to.be.greaterThan(first![1].before.mu);
      expect(await store.pendingRatings(10)).to.deep.equal([]);
      expect(await store.ratingOf(b.id, "connect4")).to.deep.include({ games: 1, wins: 1 });
      // one game against one opponent: not established yet, so on no leaderboard (test/server/rated.farm.test.ts)
      expect(await store.ratingLeaderboard("connect4", 10)).to.deep.equal([]);
      // a game with a bot seat (or a seat without a profile) is never rated
      const unrated = await store.recordGame(finished({ profiles: [a.id, null], places: [1, 2], rated: "connect4" }));
      expect(await store.rateGame(unrated, 100)).to.equal(null);
      expect((await store.ratingOf(a.id, "connect4"))!.games).to.equal(1);
      const figures = await store.profileFigures(b.id);
      expect(figures.ratings.map((r) => r.pool)).to.deep.equal(["connect4"]);
      expect(figures.history.map((h) => h.gameId)).to.deep.equal([id]);
      expect((await store.gamesOf(b.id))[0].rating?.after).to.be.greaterThan(1500);
    });

    it("a profile's bests come from the definitions that keep them (GameDef.bests): per level, fastest and best stat", async () => {
      const a = await profile({ name: "Best" });
      const won = (level: string, timeMs: number, rate: number) =>
        store.recordGame(finished({ game: "minesweeper", mode: "solo", level, timeMs, stats: { threeBVPerSecond: rate }, profiles: [a.id] }));
      const slow = await won("beginner", 30_000, 2.5);
      const fast = await won("beginner", 12_000, 1.1);
      const expert = await won("expert", 200_000, 0.9);
      await store.recordGame(finished({ game: "minesweeper", mode: "coop", level: "beginner", timeMs: 1000, stats: { threeBVPerSecond: 9 }, profiles: [a.id] }));
      const { bests } = await store.profileFigures(a.id);
      expect(bests).to.deep.equal([
        { game: "minesweeper", level: "beginner", wins: 2, bestTimeMs: 12_000, bestTimeId: fast, bestStat: 2.5, bestStatId: slow },
        { game: "minesweeper", level: "expert", wins: 1, bestTimeMs: 200_000, bestTimeId: expert, bestStat: 0.9, bestStatId: expert },
      ]);
    });

    it("forgets a profile: its keys, ratings and lone games go; shared games keep a nameless seat", async () => {
      const a = await profile({ name: "Gone" });
      const b = await profile();
      const solo = await store.recordGame(finished({ game: "minesweeper", mode: "solo", seats: ["Gone"], name: "Gone", profiles: [a.id] }));
      const shared = await store.recordGame(finished({ seats: ["Gone", "Stays"], profiles: [a.id, b.id], places: [1, 2], rated: "connect4" }));
      await store.rateGame(shared, 1);
      expect(await store.forgetProfile(a.id)).to.deep.equal({ deletedGames: 1, keptGames: 1 });
      expect(await store.profileByKey(a.keyHash)).to.equal(null);
      expect(await store.profile(a.id)).to.equal(null);
      expect(await store.getGame(solo)).to.equal(undefined);
      const kept = await store.getGame(shared);
      expect(kept!.seats).to.deep.equal([FORGOTTEN_NAME, "Stays"]);
      expect(kept!.name).to.equal(FORGOTTEN_NAME);
      expect(kept!.players![0].profileId).to.equal(null);
      expect(await store.gamesOf(a.id)).to.deep.equal([]);
      expect(await store.ratingOf(a.id, "connect4")).to.equal(null);
      // the other player's history and rating stay
      expect((await store.gamesOf(b.id)).map((g) => g.id)).to.deep.equal([shared]);
      expect((await store.ratingOf(b.id, "connect4"))!.games).to.equal(1);
    });

    it("property: ratings after a random sequence of results equal the library's answer for the same sequence", async () => {
      const players = 5;
      const result = fc.record({
        seats: fc.uniqueArray(fc.integer({ min: 0, max: players - 1 }), { minLength: 2, maxLength: 4 }),
        places: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 4, maxLength: 4 }),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(result, { minLength: 1, maxLength: LONG ? 40 : 12 }), async (games) => {
          const ids: string[] = [];
          for (let i = 0; i < players; i++) ids.push((await profile()).id);
          const expected = ids.map(() => rating({ mu: MODEL.mu, sigma: MODEL.sigma }));
          for (const [n, g] of games.entries()) {
            const places = g.seats.map((_, k) => g.places[k]);
            const id = await store.recordGame(finished({ profiles: g.seats.map((p) => ids[p]), places, rated: "cubestacc", game: "cubestacc" }));
            // a day apart: no game is a repeat within the 24 h window, so each counts whole (weights: rated.farm.test.ts)
            await store.rateGame(id, 1 + n * 25 * 3600_000);
            const after = rate(
              g.seats.map((p) => [expected[p]]),
              { rank: places, ...MODEL },
            );
            g.seats.forEach((p, k) => (expected[p] = after[k][0]));
          }
          for (let i = 0; i < players; i++) {
            const got = await store.ratingOf(ids[i], "cubestacc");
            const played = games.filter((g) => g.seats.includes(i)).length;
            if (played === 0) {
              expect(got).to.equal(null);
              continue;
            }
            expect(got!.games).to.equal(played);
            expect(got!.mu).to.be.closeTo(expected[i].mu, 1e-9);
            expect(got!.sigma).to.be.closeTo(expected[i].sigma, 1e-9);
          }
        }),
        { numRuns: LONG ? 60 : backend.name === "SQLite" ? 25 : 8 },
      );
    });
  });
}

describe("store (PostgreSQL): migrations and machines sharing one database", function () {
  this.timeout(60_000);
  beforeEach(function () {
    if (!server) this.skip();
  });

  it("processes starting together migrate once; a restart applies nothing", async () => {
    const url = await server!.createDatabase("migrate");
    const stores = await Promise.all([PgStore.open(url), PgStore.open(url), PgStore.open(url)]);
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const rows = (await client.query("SELECT version FROM schema_migrations ORDER BY version")).rows.map((r) => r.version);
    await client.end();
    expect(rows).to.deep.equal(Array.from({ length: LATEST_VERSION }, (_, i) => i + 1));
    await Promise.all(stores.map((s) => s.close()));
  });

  it("two stores on one database: games ending at once on two machines both count, in one rating", async () => {
    const url = await server!.createDatabase("shared");
    const [m1, m2] = await Promise.all([PgStore.open(url), PgStore.open(url)]);
    try {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const p = profileInput();
        await m1.createProfile(p, LIMIT);
        ids.push(p.id);
      }
      // player 0 plays two games at once, one on each machine
      const g1 = await m1.recordGame(finished({ profiles: [ids[0], ids[1]], places: [1, 2], rated: "connect4" }));
      const g2 = await m2.recordGame(finished({ profiles: [ids[2], ids[0]], places: [2, 1], rated: "connect4" }));
      await Promise.all([m1.rateGame(g1, 1), m2.rateGame(g2, 1)]);
      const seen1 = await m1.ratingOf(ids[0], "connect4");
      const seen2 = await m2.ratingOf(ids[0], "connect4");
      expect(seen1).to.deep.equal(seen2);
      expect(seen1).to.deep.include({ games: 2, wins: 2 });
      expect((await m2.gamesOf(ids[0])).map((g) => g.id)).to.deep.equal([g2, g1]);
      // two games against two opponents: not established yet, on neither machine's leaderboard
      expect(await m1.ratingLeaderboard("connect4", 5)).to.deep.equal(await m2.ratingLeaderboard("connect4", 5));
    } finally {
      await Promise.all([m1.close(), m2.close()]);
    }
  });
});
