// The tournament tables on both databases (an SQLite file and a real PostgreSQL server the
// test starts): a Swiss and an arena run through the store with the store closed and opened
// again mid-event (a restart), each rebuilt state equal to a reference kept in memory (no
// pairing or result lost or duplicated); stale pairings refused all or none; a result kept
// once; the lease held by one process at a time.

import { expect } from "chai";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRng } from "../../common/core/rng.js";
import {
  arenaJoin,
  arenaPair,
  arenaResult,
  arenaWithdraw,
  newArena,
  newSwiss,
  pairNextRound,
  swissJoin,
  swissResult,
  swissWithdraw,
  type ArenaResult,
  type ArenaState,
  type SwissState,
} from "../../common/tournament/index.js";
import { SqliteStore, type SqlStore, type TournamentRow } from "../../server/store/index.js";
import { PgStore } from "../../server/store/PgStore.js";
import { arenaFromRecord, arenaPairingRows, swissFromRecord, swissPairingRows, swissResults } from "../../server/tournaments/rows.js";
import { testPostgres, type PostgresServer } from "../helpers/postgres.js";

let server: PostgresServer | null = null;

/** A backend: where its database lives, and how to open it (again, as after a restart). */
interface Backend {
  name: string;
  place(): Promise<string>;
  open(place: string): Promise<SqlStore>;
}

const backends: Backend[] = [
  {
    name: "SQLite",
    place: async () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "hub-tour-")), "hub.sqlite"),
    open: async (file) => new SqliteStore(file),
  },
  {
    name: "PostgreSQL",
    place: async () => {
      if (!server) throw new Error("no PostgreSQL");
      return server.createDatabase("tournaments");
    },
    open: (url) => PgStore.open(url),
  },
];

before(async function () {
  this.timeout(60_000);
  server = await testPostgres();
});

const row = (over: Partial<TournamentRow>): TournamentRow => ({
  id: "t1",
  kind: "swiss",
  pool: "pool-a",
  title: "Friday Swiss",
  config: { rounds: 5 },
  seed: "0123456789abcdef0123456789abcdef",
  status: "running",
  createdAt: 1000,
  ...over,
});

for (const backend of backends) {
  describe(`store (${backend.name}): tournaments, entries, pairings, results, the lease`, function () {
    this.timeout(60_000);
    let place: string;
    let store: SqlStore;

    beforeEach(async function () {
      if (backend.name === "PostgreSQL" && !server) return this.skip();
      place = await backend.place();
      store = await backend.open(place);
    });
    afterEach(async () => {
      await store?.close();
    });

    const restart = async () => {
      await store.close();
      store = await backend.open(place);
    };

    it("a 20-player, 5-round Swiss through the store, restarted after round 3: every round rebuilt equal to the reference", async () => {
      const t = row({});
      await store.tournaments.create(t);
      const ref: SwissState = newSwiss(5, t.seed);
      const rng = createRng(4, 4);
      for (let i = 0; i < 20; i++) {
        const id = `p${String(i).padStart(2, "0")}`;
        const rating = 1200 + rng.int(600);
        swissJoin(ref, id, rating);
        await store.tournaments.saveEntry(t.id, { profileId: id, rating, joinedAt: 2000 + i, withdrawn: false });
      }
      for (let round = 1; round <= 5; round++) {
        if (round === 4) await restart();
        const s = swissFromRecord((await store.tournaments.load(t.id))!);
        expect(s, `round ${round}: the stored state`).to.deep.equal(ref);
        const mine = pairNextRound(s);
        const theirs = pairNextRound(ref);
        if (typeof mine === "string" || typeof theirs === "string") throw new Error("unpaired");
        expect(mine).to.deep.equal(theirs);
        expect(await store.tournaments.savePairings(t.id, swissPairingRows(s, mine.games, 3000 + round))).to.equal(true);
        for (const g of mine.games) {
          if (g.second !== null) {
            const x = rng.int(3);
            g.outcome = x === 0 ? "first" : x === 1 ? "second" : "draw";
            swissResult(ref, round, g.first, g.outcome);
          }
          expect(await store.tournaments.saveResult(t.id, s.games.indexOf(g) + 1, swissResults(g)!, 4000 + round, null)).to.be.a("number");
        }
        if (round === 2) {
          for (const id of ["p03", "p17"]) {
            swissWithdraw(ref, id);
            await store.tournaments.saveEntry(t.id, { profileId: id, rating: 0, joinedAt: 0, withdrawn: true });
          }
        }
      }
      expect(swissFromRecord((await store.tournaments.load(t.id))!)).to.deep.equal(ref);
    });

    it("an arena through the store, restarted twice: the entries, games, results and their order as the reference", async () => {
      const t = row({ id: "a1", kind: "timed-arena", config: { startsAt: 0, endsAt: 100_000, tableSize: 2 } });
      await store.tournaments.create(t);
      const ref: ArenaState = newArena({ startsAt: 0, endsAt: 100_000, tableSize: 2, seed: t.seed });
      const rng = createRng(9, 9);
      let now = 0;
      for (let i = 0; i < 12; i++) {
        const id = `p${String(i).padStart(2, "0")}`;
        arenaJoin(ref, id, 1300 + i * 17, now + i);
        await store.tournaments.saveEntry(t.id, { profileId: id, rating: 1300 + i * 17, joinedAt: now + i, withdrawn: false });
      }
      for (let step = 0; step < 30; step++) {
        now += 1000;
        if (step === 10 || step === 20) await restart();
        const s = arenaFromRecord((await store.tournaments.load(t.id))!);
        expect(s, `step ${step}`).to.deep.equal(ref);
        const games = arenaPair(s, now);
        expect(arenaPair(ref, now)).to.deep.equal(games);
        if (games.length) expect(await store.tournaments.savePairings(t.id, arenaPairingRows(games))).to.equal(true);
        // End one or two of the running games, in an order the streaks depend on.
        const running = ref.games.filter((g) => !g.results);
        for (const g of running.slice(0, 1 + rng.int(2))) {
          const r: ArenaResult[] = rng.int(5) === 0 ? ["draw", "draw"] : rng.int(2) === 0 ? ["win", "loss"] : ["loss", "win"];
          const results = { [g.players[0]]: r[0], [g.players[1]]: r[1] };
          arenaResult(ref, g.no, results);
          expect(await store.tournaments.saveResult(t.id, g.no, results, now, null)).to.equal(g.endedNo);
        }
        if (step === 5) {
          arenaWithdraw(ref, "p04");
          await store.tournaments.saveEntry(t.id, { profileId: "p04", rating: 0, joinedAt: 0, withdrawn: true });
        }
      }
      expect(ref.games.filter((g) => g.results).length).to.be.greaterThan(20);
      expect(arenaFromRecord((await store.tournaments.load(t.id))!)).to.deep.equal(ref);
    });

    it("refuses pairings under a number already stored (all or none), and keeps a result once", async () => {
      await store.tournaments.create(row({}));
      const p = (no: number) => ({ no, round: 1, players: [`a${no}`, `b${no}`], pairedAt: 5, roomId: null });
      expect(await store.tournaments.savePairings("t1", [p(1), p(2)])).to.equal(true);
      expect(await store.tournaments.savePairings("t1", [p(3), p(2)]), "a stale pairing").to.equal(false);
      expect((await store.tournaments.load("t1"))!.pairings.map((x) => x.no), "nothing of the refused batch").to.deep.equal([1, 2]);
      expect(await store.tournaments.saveResult("t1", 2, { a2: "win", b2: "loss" }, 9, 77)).to.equal(1);
      expect(await store.tournaments.saveResult("t1", 2, { a2: "loss", b2: "win" }, 10, null), "a second result").to.equal(null);
      expect(await store.tournaments.saveResult("t1", 1, { a1: "draw", b1: "draw" }, 11, null)).to.equal(2);
      await store.tournaments.setRoom("t1", 1, "ROOM1");
      const r = (await store.tournaments.load("t1"))!;
      expect(r.results.map((x) => [x.no, x.endedNo, x.results, x.gameId])).to.deep.equal([
        [2, 1, { a2: "win", b2: "loss" }, 77],
        [1, 2, { a1: "draw", b1: "draw" }, null],
      ]);
      expect(r.pairings[0].roomId).to.equal("ROOM1");
    });

    it("berserk: kept with its pairing for one of its players until the game is scored, read back and rebuilt", async () => {
      await store.tournaments.create(row({}));
      const p = (no: number) => ({ no, round: 0, players: [`a${no}`, `b${no}`], pairedAt: 5, roomId: null });
      await store.tournaments.savePairings("t1", [p(1), p(2)]);
      expect(await store.tournaments.addBerserk("t1", 1, "a1")).to.equal(true);
      expect(await store.tournaments.addBerserk("t1", 1, "a1"), "twice is once").to.equal(true);
      expect(await store.tournaments.addBerserk("t1", 1, "b1")).to.equal(true);
      expect(await store.tournaments.addBerserk("t1", 1, "a2"), "not in that game").to.equal(false);
      expect(await store.tournaments.addBerserk("t1", 9, "a1"), "no such game").to.equal(false);
      await store.tournaments.saveResult("t1", 2, { a2: "win", b2: "loss" }, 9, null);
      expect(await store.tournaments.addBerserk("t1", 2, "a2"), "scored already").to.equal(false);
      expect(await store.tournaments.berserkOf("t1", 1)).to.deep.equal(["a1", "b1"]);
      expect(await store.tournaments.berserkOf("t1", 2)).to.deep.equal([]);
      const r = (await store.tournaments.load("t1"))!;
      expect(r.pairings.map((x) => x.berserk ?? null)).to.deep.equal([["a1", "b1"], null]);
    });

    it("lists by status, and lets one process at a time hold the lease", async () => {
      await store.tournaments.create(row({ id: "t1", status: "running", createdAt: 2 }));
      await store.tournaments.create(row({ id: "t2", status: "scheduled", createdAt: 1 }));
      expect((await store.tournaments.list(["running", "scheduled"])).map((x) => x.id)).to.deep.equal(["t2", "t1"]);
      await store.tournaments.setStatus("t2", "finished");
      expect((await store.tournaments.list(["running", "scheduled"])).map((x) => x.id)).to.deep.equal(["t1"]);
      expect((await store.tournaments.load("t2"))!.tournament).to.deep.equal(row({ id: "t2", status: "finished", createdAt: 1 }));

      const lease = store.tournaments;
      expect(await lease.takeLease("t1", "A", 100, 50)).to.equal(true);
      expect(await lease.takeLease("t1", "B", 120, 50), "held by A").to.equal(false);
      expect(await lease.takeLease("t1", "A", 140, 50), "A renews").to.equal(true);
      expect(await lease.takeLease("t1", "B", 189, 50), "still A's").to.equal(false);
      expect(await lease.takeLease("t1", "B", 191, 50), "A's ran out").to.equal(true);
      await lease.releaseLease("t1", "A");
      expect(await lease.takeLease("t1", "A", 200, 50), "A cannot free B's").to.equal(false);
      await lease.releaseLease("t1", "B");
      expect(await lease.takeLease("t1", "A", 201, 50)).to.equal(true);
    });
  });
}
