// Ratings farming (docs/ratings.md, "Farming pays nothing"), on both databases: one person with
// two profiles of one address, one of them winning every game as fast as games go (the report:
// +511 in 94 s), gains under +50; repeated games against one opponent within 24 hours count
// 1, ½, ¼, ⅛ of a game and then nothing, and afresh the next day; a game against a profile made
// at the same address counts ⅛ while that profile is not established; the leaderboard lists
// established players only (10 rated games against 5 different opponents). A classroom behind
// one address is still rated, and counts fully once its players are established.

import { expect } from "chai";
import { rate, rating } from "openskill";
import { ESTABLISHED } from "../../common/rated.js";
import { MODEL } from "../../server/ratings/model.js";
import { NEWCOMER_SAME_ADDRESS, REPEAT_WINDOW_MS, repeatWeight } from "../../server/ratings/weight.js";
import { SqliteStore, type FinishedGame, type SqlStore } from "../../server/store/index.js";
import { PgStore } from "../../server/store/PgStore.js";
import { testPostgres, type PostgresServer } from "../helpers/postgres.js";

const LIMIT = { perAddress: 1000, windowMs: 24 * 3600_000 };
const DAY = 24 * 3600_000;
let seq = 0;

function game(profiles: string[], places: number[], pool = "connect4"): FinishedGame {
  seq++;
  return {
    game: pool === "connect4" ? "connect4" : "cubestacc",
    roomId: `F${seq}`,
    seed: seq,
    config: {},
    seats: profiles.map((_, i) => `Seat ${i}`),
    log: [{ seat: 0, move: { type: "drop", col: 3 }, t: 5 }],
    result: "won",
    startedAt: 10_000 + seq,
    endedAt: 20_000 + seq,
    mode: "online",
    rated: pool,
    players: profiles.map((profileId, i) => ({ profileId, place: places[i] })),
  };
}

let server: PostgresServer | null = null;
before(async function () {
  this.timeout(60_000);
  server = await testPostgres();
});

for (const backend of ["SQLite", "PostgreSQL"] as const) {
  describe(`ratings farming (${backend})`, function () {
    this.timeout(60_000);
    let store: SqlStore;
    beforeEach(async function () {
      if (backend === "PostgreSQL" && !server) return this.skip();
      store = backend === "SQLite" ? new SqliteStore(":memory:") : await PgStore.open(await server!.createDatabase("farm"));
    });
    afterEach(async () => store?.close());

    async function profile(address: string): Promise<string> {
      seq++;
      const id = `f${String(seq).padStart(11, "0")}`;
      expect(await store.createProfile({ id, name: `P${seq}`, keyHash: `fk${seq}`, addressHash: address, now: 1000 }, LIMIT)).to.not.equal(null);
      return id;
    }

    /** Records and rates one game at `now`; the changes, seat by seat. */
    async function play(profiles: string[], places: number[], now: number, pool = "connect4") {
      const id = await store.recordGame(game(profiles, places, pool));
      return (await store.rateGame(id, now))!;
    }

    const mu = async (id: string, pool = "connect4") => (await store.ratingOf(id, pool))?.mu ?? MODEL.mu;

    it("the farm: two profiles of one address, one winning every game for ~100 s, gains under +50", async () => {
      const a = await profile("farm");
      const b = await profile("farm");
      // a game every 2.5 s for 100 s, as fast as a Connect Four game through the queue goes
      const start = 50 * DAY;
      for (let t = 0; t < 100_000; t += 2500) await play([a, b], [1, 2], start + t);
      const gained = (await mu(a)) - MODEL.mu;
      expect(gained).to.be.lessThan(50);
      expect((await store.ratingOf(a, "connect4"))!.games, "every game is still counted as played").to.equal(40);
      // the farm's two profiles are not on the leaderboard (one opponent each)
      expect((await store.ratingLeaderboard("connect4", 100)).map((r) => r.profileId)).to.not.include(a);
    });

    it("repeats against one opponent within 24 h count 1, ½, ¼, ⅛ of a game, then nothing; a day later afresh", async () => {
      const a = await profile("home-a");
      const b = await profile("home-b");
      const t0 = 100 * DAY;
      const weights: number[] = [];
      for (let k = 0; k < 6; k++) {
        const beforeA = { mu: await mu(a), sigma: (await store.ratingOf(a, "connect4"))?.sigma ?? MODEL.sigma };
        const beforeB = { mu: await mu(b), sigma: (await store.ratingOf(b, "connect4"))?.sigma ?? MODEL.sigma };
        const changes = await play([a, b], [1, 2], t0 + k * 60_000);
        // the library's own update, scaled by the game's weight
        const [[la], [lb]] = rate([[rating(beforeA)], [rating(beforeB)]], { rank: [1, 2], ...MODEL });
        const w = changes[0].weight!;
        weights.push(w);
        expect(changes[0].after.mu).to.be.closeTo(beforeA.mu + w * (la.mu - beforeA.mu), 1e-9);
        expect(changes[0].after.sigma).to.be.closeTo(beforeA.sigma + w * (la.sigma - beforeA.sigma), 1e-9);
        expect(changes[1].after.mu).to.be.closeTo(beforeB.mu + w * (lb.mu - beforeB.mu), 1e-9);
        expect(changes[1].weight).to.equal(w);
      }
      expect(weights).to.deep.equal([1, 1 / 2, 1 / 4, 1 / 8, 0, 0]);
      expect([1, 2, 3, 4, 5, 9].map(repeatWeight)).to.deep.equal([1, 1 / 2, 1 / 4, 1 / 8, 0, 0]);
      // the window slides: 24 h after the last of them, a game counts fully again
      const next = await play([a, b], [2, 1], t0 + 5 * 60_000 + REPEAT_WINDOW_MS + 1);
      expect(next[0].weight).to.equal(1);
      // …and the next one in that window is its second: half a game
      expect((await play([a, b], [1, 2], t0 + 5 * 60_000 + REPEAT_WINDOW_MS + 2))[0].weight).to.equal(1 / 2);
    });

    it("a game against a new profile made at the same address counts ⅛, until that profile is established", async () => {
      const a = await profile("school");
      const b = await profile("school");
      const c = await profile("elsewhere");
      const t0 = 200 * DAY;
      expect((await play([a, b], [1, 2], t0))[0].weight).to.equal(NEWCOMER_SAME_ADDRESS);
      expect((await play([a, c], [1, 2], t0 + 1000))[0].weight, "another address counts fully").to.equal(1);
      // b becomes established: ESTABLISHED.games games against ESTABLISHED.opponents others
      const others: string[] = [];
      for (let i = 0; i < ESTABLISHED.opponents; i++) others.push(await profile(`far-${i}`));
      for (let g = 0; g < ESTABLISHED.games; g++) await play([b, others[g % others.length]], [g % 2 ? 1 : 2, g % 2 ? 2 : 1], t0 + 2 * DAY + g * DAY);
      const later = await play([a, b], [1, 2], t0 + 20 * DAY);
      expect(later[0].weight, "against an established profile of the same address: a whole game").to.equal(1);
    });

    it("the leaderboard lists established players only: enough rated games against enough different opponents", async () => {
      const t0 = 300 * DAY;
      const ring: string[] = [];
      for (let i = 0; i < ESTABLISHED.opponents + 1; i++) ring.push(await profile(`ring-${i}`));
      const loner = await profile("loner");
      const pal = await profile("pal");
      // the loner plays many games, all against one pal
      for (let g = 0; g < ESTABLISHED.games * 2; g++) await play([loner, pal], [1, 2], t0 + g * DAY);
      // the ring: everyone meets everyone, ESTABLISHED.games times around (a day between rounds)
      let day = 0;
      for (let round = 0; round < ESTABLISHED.games; round++) {
        for (let i = 0; i < ring.length; i++) await play([ring[i], ring[(i + 1 + (round % (ring.length - 1))) % ring.length]], [1, 2], t0 + ++day * DAY);
      }
      const board = await store.ratingLeaderboard("connect4", 100);
      const listed = board.map((r) => r.profileId);
      expect(listed).to.not.include(loner);
      expect(listed).to.not.include(pal);
      for (const id of ring) {
        const r = (await store.ratingOf(id, "connect4"))!;
        if (r.games >= ESTABLISHED.games) expect(listed, `${id}: ${r.games} games`).to.include(id);
      }
      expect(listed.length).to.be.greaterThan(0);
      expect(board.map((r) => r.rank)).to.deep.equal(board.map((_, k) => k + 1));
      expect(board.every((r) => r.games >= ESTABLISHED.games)).to.equal(true);
    });

    it("a classroom: ten profiles of one address rate every game among themselves, and fully once established", async () => {
      const t0 = 400 * DAY;
      const pupils: string[] = [];
      for (let i = 0; i < 10; i++) pupils.push(await profile("classroom"));
      const weights: number[] = [];
      // a term of games: every pair meets once a day, over days
      let t = t0;
      for (let day = 0; day < 3; day++) {
        for (let i = 0; i < pupils.length; i++) {
          for (let j = i + 1; j < pupils.length; j++) {
            const changes = await play([pupils[i], pupils[j]], (i + j + day) % 2 ? [1, 2] : [2, 1], (t += 60_000));
            weights.push(changes[0].weight!);
            expect(changes[0].after.mu).to.not.equal(changes[0].before.mu, "every game moves the ratings");
          }
        }
        t = t0 + (day + 1) * DAY + 1;
      }
      expect(Math.min(...weights)).to.equal(NEWCOMER_SAME_ADDRESS);
      expect(weights.at(-1), "established classmates: whole games").to.equal(1);
      const board = (await store.ratingLeaderboard("connect4", 100)).map((r) => r.profileId);
      expect(board.filter((id) => pupils.includes(id))).to.have.length(10);
    });
  });
}
