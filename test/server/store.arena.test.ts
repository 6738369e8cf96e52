// The Auto Pets arena's recorded teams in the store, on SQLite and on a real PostgreSQL: kept
// with their game in one transaction, read nearest the runner's trophies (then newest), bounded,
// gone with a forgotten profile; and migration 3 brings a database of the previous version up.
import { expect } from "chai";
import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MIGRATIONS, migrateSqlite } from "../../server/store/migrations.js";
import { SqliteStore } from "../../server/store/index.js";
import { PgStore } from "../../server/store/PgStore.js";
import type { FinishedGame, RecordedTeamRow } from "../../server/store/GameStore.js";
import type { SqlStore } from "../../server/store/SqlStore.js";
import { testPostgres, type PostgresServer } from "../helpers/postgres.js";

const DAY = 86_400_000;
let seq = 0;

function petsGame(teams: RecordedTeamRow[], profiles: (string | null)[] = [null, null]): FinishedGame {
  seq++;
  return {
    game: "pets",
    roomId: `A${seq}`,
    seed: seq,
    config: { seats: profiles.length },
    seats: profiles.map((_, i) => `Seat ${i}`),
    log: [{ seat: 0, move: { type: "pass" }, t: 1 }],
    result: "won",
    startedAt: 1000,
    endedAt: 2000,
    players: profiles.map((profileId) => ({ profileId, place: 0 })),
    teams,
  };
}

const team = (name: string, round: number, trophies: number, at: number, seat?: number): RecordedTeamRow => ({
  name,
  round,
  trophies,
  lineup: ["ant", name.length % 2 ? "fish" : "otter"],
  at,
  ...(seat === undefined ? {} : { seat }),
});

let server: PostgresServer | null = null;
const backends: { name: string; open(): Promise<SqlStore> }[] = [
  { name: "SQLite", open: async () => new SqliteStore(":memory:") },
  { name: "PostgreSQL", open: async () => PgStore.open(await server!.createDatabase("arena")) },
];

before(async function () {
  this.timeout(60_000);
  server = await testPostgres();
});

for (const backend of backends) {
  describe(`store (${backend.name}): the arena's recorded teams`, function () {
    this.timeout(60_000);
    let store: SqlStore;
    beforeEach(async function () {
      if (backend.name === "PostgreSQL" && !server) return this.skip();
      store = await backend.open();
    });
    afterEach(async () => {
      await store?.close();
    });

    it("keeps a game's teams and answers one round's, nearest the trophies first, the newest among equals, bounded", async () => {
      const t0 = 10 * DAY;
      await store.recordGame(
        petsGame([team("Ann", 2, 3, t0), team("Bob", 2, 5, t0), team("Cy", 2, 1, t0), team("Dee", 3, 3, t0), team("Eve", 2, 3, t0 + DAY)]),
      );
      await store.recordGame(petsGame([team("Fay", 2, 4, t0 + 2 * DAY), team("Gus", 2, 12, t0)]));
      const near = await store.arenaTeams({ game: "pets", round: 2, trophies: 3 });
      expect(near.map((t) => t.name)).to.deep.equal(["Eve", "Ann", "Fay", "Bob", "Cy", "Gus"]);
      expect(near[0]).to.deep.equal({ name: "Eve", round: 2, trophies: 3, lineup: ["ant", "fish"], at: t0 + DAY });
      expect((await store.arenaTeams({ game: "pets", round: 2, trophies: 3, limit: 2 })).map((t) => t.name)).to.deep.equal(["Eve", "Ann"]);
      expect((await store.arenaTeams({ game: "pets", round: 2, trophies: 12, limit: 1 })).map((t) => t.name)).to.deep.equal(["Gus"]);
      expect(await store.arenaTeams({ game: "pets", round: 6, trophies: 3 })).to.deep.equal([]);
      expect(await store.arenaTeams({ game: "connect4", round: 2, trophies: 3 })).to.deep.equal([]);
      // A limit past the bound is cut to 200, a silly one to 1.
      expect(await store.arenaTeams({ game: "pets", round: 2, trophies: 3, limit: 0 })).to.have.length(1);
    });

    it("a forgotten profile's teams leave the arena; the others' in a game it shared stay; a lone game's go with it", async () => {
      const limit = { perAddress: 5, windowMs: DAY };
      for (const [id, name] of [["p-arena-gone", "Gone"], ["p-arena-stays", "Stays"]]) {
        expect(await store.createProfile({ id, name, keyHash: `k-${id}`, addressHash: "a-arena", now: 1 }, limit)).to.not.equal(null);
      }
      await store.recordGame(petsGame([team("Gone", 1, 0, 5, 0), team("Stays", 1, 0, 5, 1)], ["p-arena-gone", "p-arena-stays"]));
      await store.recordGame(petsGame([team("Gone", 2, 0, 5, 0), team("Anon", 2, 0, 5, 1)], ["p-arena-gone", null]));
      expect((await store.arenaTeams({ game: "pets", round: 1, trophies: 0 })).map((t) => t.name).sort()).to.deep.equal(["Gone", "Stays"]);
      expect(await store.forgetProfile("p-arena-gone")).to.deep.equal({ deletedGames: 1, keptGames: 1 });
      expect((await store.arenaTeams({ game: "pets", round: 1, trophies: 0 })).map((t) => t.name)).to.deep.equal(["Stays"]);
      expect(await store.arenaTeams({ game: "pets", round: 2, trophies: 0 })).to.deep.equal([]);
    });
  });
}

describe("store (SQLite): migration 3 adds the teams table to a database of version 2", () => {
  it("opens a version-2 file, applies only 3, and the teams query reads its index", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hub-arena-migrate-"));
    const file = path.join(dir, "hub.sqlite");
    try {
      const old = new Database(file);
      expect(migrateSqlite(old, MIGRATIONS.filter((m) => m.version <= 2))).to.deep.equal([1, 2]);
      old.close();
      const store = new SqliteStore(file);
      store.recordGame(petsGame([team("Ann", 1, 0, 5)]));
      expect(store.arenaTeams({ game: "pets", round: 1, trophies: 0 }).map((t) => t.name)).to.deep.equal(["Ann"]);
      expect(store.explainArenaTeams({ game: "pets", round: 1, trophies: 3 }).join(" | ")).to.match(/teams_by_round/);
      store.close();
      const db = new Database(file);
      const versions = (db.prepare(`SELECT version FROM schema_migrations ORDER BY version`).all() as { version: number }[]).map((r) => r.version);
      db.close();
      expect(versions).to.deep.equal(MIGRATIONS.map((m) => m.version));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
