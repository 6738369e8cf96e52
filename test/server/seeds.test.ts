// Every game's seed is a 128-bit secret (issue 36, point 6): a live Beginner opening was
// searched over all 2^32 seeds in 146 s. Now a seed is 32 hex digits from the CSPRNG for
// every game, it never reaches a client while its game runs, and what was stored with the
// old whole-number seeds (finished games, room-log rows) still reads and replays.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { expect } from "chai";
import { Client } from "colyseus.js";
import { createRng } from "../../common/core/rng.js";
import { GameSession, replay } from "../../common/core/session.js";
import { minesweeperRules, viewBoard, type MinesweeperConfig, type MinesweeperMove } from "../../common/minesweeper/index.js";
import type { GameRoom } from "../../server/rooms/game/GameRoom.js";
import { MIGRATIONS, migrateSqlite } from "../../server/store/migrations.js";
import { SqliteStore, type FinishedGame, type SqlStore } from "../../server/store/index.js";
import { PgStore } from "../../server/store/PgStore.js";
import { cellsOf } from "../helpers/boardRows.js";
import { freePort } from "../helpers/cluster.js";
import { DRIVERS, play, rejoin, restartableHub, seat, type GameDriver, type Restartable } from "../helpers/durable.js";
import { driveFromView } from "../helpers/driver.js";
import { WIRE_GAMES } from "../helpers/wireGames.js";
import { dropConnection, NO_RATE_LIMITS, Probe, sleep, useHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";
import { testPostgres, type PostgresServer } from "../helpers/postgres.js";

const HEX128 = /^[0-9a-f]{32}$/;
const BEGINNER: MinesweeperConfig = { level: "beginner", rows: 9, cols: 9, mines: 10 };

/** Minesweeper (restarted in a suite of its own, so not in DRIVERS) through the one driver: reveals of hidden cells of its decoded board. */
const BOARD = WIRE_GAMES.find((g) => g.def.id === "minesweeper")!;
const KINDS: readonly GameDriver[] = [{ game: "minesweeper", options: { mode: "coop", seats: 2 }, seats: 2, choose: (s, seat, rng) => driveFromView(BOARD, s, seat, rng, true) }, ...DRIVERS];

describe("seeds: every game's seed is 128 random bits, kept from clients while it runs", function () {
  this.timeout(120_000);
  const hub = useHub(testPort(2851), NO_RATE_LIMITS);

  for (const kind of KINDS) {
    it(`${kind.game}: the game's seed is 32 hex digits, and no player or spectator receives it during the game`, async () => {
      const sdk = hub.colyseus.sdk;
      const host = await seat(sdk.create(kind.game, { ...kind.options, name: "P0" }));
      const roomId = host.room.roomId;
      const players = [host];
      for (let i = 1; i < kind.seats; i++) players.push(await seat(sdk.joinById(roomId, { name: `P${i}` })));
      await host.probe.until(() => ["playing", "fresh", "active"].includes(host.room.state.phase) || undefined, 8000, "the game to start");
      const spectator = new Probe(await sdk.joinById(roomId, { spectate: true }));
      const room = hub.room<GameRoom<any, any, any, any, any, any>>(roomId);
      const seed = room.session!.seed;
      expect(seed, "the server's seed").to.be.a("string").and.match(HEX128);

      const rng = createRng(0x5eed);
      let accepted = 0;
      for (let step = 0; step < 200 && accepted < 12; step++) {
        const p = players[rng.int(players.length)];
        const running = room.session === null || room.session.rules.status(room.session.state) !== "finished";
        if (!running) break;
        const m = kind.choose(p.room.state, p.seat, rng, false);
        if (m && (await play(p, m))) accepted++;
      }
      expect(accepted, "moves played").to.be.above(0);
      await spectator.sync();
      // Everything a client decoded or received while the game ran: no trace of the seed.
      const seen = [...players.map((p) => p.probe), spectator].map((p) => JSON.stringify([p.room.state.toJSON(), p.messages]));
      for (const text of seen) expect(text.includes(String(seed)), "the seed in what a client holds").to.equal(false);
      await Promise.all([...players.map((p) => p.room.leave()), spectator.room.leave()]);
    });
  }

  it("two rooms never share a seed: 300 games, 300 different 128-bit seeds", async () => {
    const seeds = new Set<string>();
    const ids: string[] = [];
    for (let i = 0; i < 300; i++) {
      const made = await hub.colyseus.createRoom("minesweeper", { mode: "solo" });
      ids.push(made.roomId);
      const seed = (made as unknown as GameRoom<any, any, any, any, any, any>).session!.seed;
      expect(seed).to.be.a("string").and.match(HEX128);
      seeds.add(seed as string);
    }
    expect(seeds.size).to.equal(300);
    // 128 bits written as 32 hex digits: the encoded seed is 16 bytes of entropy.
    for (const s of seeds) expect(Buffer.from(s, "hex")).to.have.length(16);
    for (const id of ids) await hub.colyseus.getRoomById(id)?.disconnect();
  });
});

// ---- stored games and room logs from before 128-bit seeds ---------------------------------

/** A won (or lost) Beginner game played from `seed`, as a stored record. */
function minesweeperGame(seed: number | string): FinishedGame {
  const session = new GameSession(minesweeperRules, seed, BEGINNER, 1);
  let t = 1_000;
  session.apply(0, { type: "reveal", r: 4, c: 4 }, t);
  for (let i = 0; i < 81 && session.state.phase === "active"; i++) {
    if (session.state.status[i] === 0 && !session.state.mines![i]) session.apply(0, { type: "reveal", r: Math.floor(i / 9), c: i % 9 }, (t += 100));
  }
  return {
    game: "minesweeper",
    roomId: "R",
    seed,
    config: BEGINNER,
    seats: ["Ann"],
    log: session.log.map((m) => ({ ...m })),
    result: session.state.phase,
    startedAt: 1_000,
    endedAt: t,
    mode: "solo",
    level: "beginner",
  };
}

/** The stored game replays through the rules to the same board as when it was played. */
function replaysAlike(stored: { seed: number | string; config: unknown; log: unknown }, played: FinishedGame): void {
  const again = replay(minesweeperRules, { game: "minesweeper", seed: stored.seed, config: stored.config as MinesweeperConfig, seats: 1, log: stored.log as never });
  const original = replay(minesweeperRules, { game: "minesweeper", seed: played.seed, config: BEGINNER, seats: 1, log: played.log as { seat: number; move: MinesweeperMove; t: number }[] });
  if (!again.valid || !original.valid) expect.fail("the stored game does not replay");
  expect(again.state.phase).to.equal("won");
  expect(Array.from(again.state.mines!)).to.deep.equal(Array.from(original.state.mines!));
}

describe("seeds: stored games keep their seed, old and new (SQLite and PostgreSQL)", function () {
  this.timeout(60_000);
  let pg: PostgresServer | null = null;
  before(async function () {
    this.timeout(60_000);
    pg = await testPostgres();
  });

  const backends: { name: string; open(): Promise<SqlStore> }[] = [
    { name: "SQLite", open: async () => new SqliteStore(":memory:") },
    { name: "PostgreSQL", open: async () => PgStore.open(await pg!.createDatabase("seeds")) },
  ];
  for (const backend of backends) {
    it(`${backend.name}: a 128-bit seed (even one of only digits) and an old whole-number seed come back as they went in, and replay`, async function () {
      if (backend.name === "PostgreSQL" && !pg) return this.skip();
      const store = await backend.open();
      try {
        // All digits: SQLite's INTEGER column would have made it a rounded REAL.
        const seeds = ["12345678901234567890123456789012", "1e345678901234567890123456789012", "9f86d081884c7d659a2feaa0c55ad015", 2_000_000_007, 2 ** 40 + 3];
        for (const seed of seeds) {
          const played = minesweeperGame(seed);
          const id = await store.recordGame(played);
          const stored = (await store.getGame(id))!;
          expect(stored.seed, String(seed)).to.equal(seed);
          replaysAlike(stored, played);
        }
      } finally {
        await store.close();
      }
    });
  }

  it("SQLite: a hub file from before 128-bit seeds upgrades, and its old game still replays", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hub-seeds-"));
    const file = path.join(dir, "hub.sqlite");
    try {
      const old = new Database(file);
      migrateSqlite(old, MIGRATIONS.filter((m) => m.version <= 3));
      const played = minesweeperGame(3_141_592_653);
      // The row as the code before 128-bit seeds wrote it.
      old.prepare(`INSERT INTO games (game, room_id, seed, config, seats, log, result, started_at, ended_at, mode, level) VALUES ('minesweeper', 'R', ?, ?, ?, ?, ?, 1, 2, 'solo', 'beginner')`).run(
        played.seed,
        JSON.stringify(BEGINNER),
        JSON.stringify(played.seats),
        JSON.stringify(played.log),
        played.result,
      );
      old.close();
      const store = new SqliteStore(file);
      const stored = store.getGame(1)!;
      expect(stored.seed).to.equal(3_141_592_653);
      replaysAlike(stored, played);
      store.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("seeds: a room-log row from before 128-bit seeds still restores", function () {
  this.timeout(90_000);
  let hub: Restartable;
  before(async () => {
    hub = await restartableHub(await freePort(), { ROOM_SLEEP_SECONDS: "1", RECONNECT_SECONDS: "1" });
  });
  after(async () => {
    await hub?.stop();
  });

  it("a sleeping Minesweeper room whose logged seed is an old 32-bit number wakes with that game's board", async () => {
    const sdk = new Client(`ws://127.0.0.1:${hub.hub.http.split(":").pop()}`);
    const a = await seat(sdk.create("minesweeper", { mode: "solo", level: "beginner", name: "A" }));
    const roomId = a.room.roomId;
    expect(await play(a, { type: "reveal", payload: { r: 4, c: 4 } })).to.equal(true);
    dropConnection(a.room);
    const file = path.join(hub.dir, "rooms.sqlite");
    const status = () => {
      const db = new Database(file, { readonly: true });
      try {
        return (db.prepare(`SELECT status FROM rooms WHERE room_id = ?`).get(roomId) as { status: string } | undefined)?.status;
      } finally {
        db.close();
      }
    };
    for (let i = 0; i < 60 && status() !== "sleeping"; i++) await sleep(200);
    expect(status(), "the room sleeps").to.equal("sleeping");

    // The header as the code before 128-bit seeds wrote it: the seed a whole number.
    const OLD_SEED = 2_718_281_828;
    const db = new Database(file);
    const row = db.prepare(`SELECT header FROM rooms WHERE room_id = ?`).get(roomId) as { header: string };
    const header = JSON.parse(row.header);
    expect(header.seed, "the logged seed").to.be.a("string").and.match(HEX128);
    header.seed = OLD_SEED;
    db.prepare(`UPDATE rooms SET header = ? WHERE room_id = ?`).run(JSON.stringify(header), roomId);
    db.close();

    const a2 = await rejoin(sdk, roomId, a, 10_000);
    await a2.probe.sync();
    const expected = new GameSession(minesweeperRules, OLD_SEED, BEGINNER, 1);
    expected.apply(0, { type: "reveal", r: 4, c: 4 }, 0);
    expect(cellsOf(a2.room.state.cellRows), "the woken board is the old seed's").to.deep.equal(Array.from(viewBoard(expected.state).cells));
    await a2.room.leave();
  });
});
