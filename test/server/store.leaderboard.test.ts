// The SQLite store: result fields, the leaderboard query (windows with an injected
// clock, only ranked games, best 10), replay lookup, indexes, and upgrading an older file.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "chai";
import Database from "better-sqlite3";
import { SqliteStore, WINDOW_MS, type FinishedGame } from "../../server/store/index.js";

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);

let seq = 0;
function game(over: Partial<FinishedGame> = {}): FinishedGame {
  seq++;
  const finishedAt = over.finishedAt ?? NOW - 1000;
  return {
    game: "minesweeper",
    roomId: `R${seq}`,
    seed: seq,
    config: { level: "beginner", rows: 9, cols: 9, mines: 10 },
    seats: [`P${seq}`],
    log: [{ seat: 0, move: { type: "reveal", r: 4, c: 4 }, t: finishedAt - 5000 }],
    result: "won",
    startedAt: finishedAt - 5000,
    endedAt: finishedAt,
    mode: "solo",
    level: "beginner",
    timeMs: 5000,
    stats: { threeBV: 20, threeBVSolved: 20, threeBVPerSecond: 4, clicks: 25, efficiency: 0.8 },
    ranked: true,
    source: "server",
    finishedAt,
    ...over,
  };
}

describe("store: records, leaderboard windows, replays", () => {
  let store: SqliteStore;
  beforeEach(() => {
    store = new SqliteStore(":memory:", { clock: () => NOW });
  });
  afterEach(() => store.close());

  it("records every result field and returns the record id", () => {
    const id = store.recordGame(game({ name: "Zed", summary: { x: 1 } }));
    expect(id).to.be.a("number").and.greaterThan(0);
    const back = store.getGame(id)!;
    expect(back).to.deep.include({
      id,
      game: "minesweeper",
      mode: "solo",
      level: "beginner",
      name: "Zed",
      result: "won",
      timeMs: 5000,
      ranked: true,
      source: "server",
      finishedAt: NOW - 1000,
      summary: { x: 1 },
    });
    expect(back.stats).to.deep.include({ threeBV: 20, clicks: 25 });
    expect(back.log).to.deep.equal([{ seat: 0, move: { type: "reveal", r: 4, c: 4 }, t: NOW - 6000 }]);
    expect(store.recentGames({ roomId: back.roomId })[0].id).to.equal(id);
    expect(store.getGame(id + 1)).to.equal(undefined);
    expect(store.getGame(0)).to.equal(undefined);
    // The minimal record of other games still works (name from the first seat, defaults).
    const other = store.getGame(store.recordGame({ game: "cubestacc", roomId: "X", seed: 1, config: {}, seats: ["", "Bo"], log: [], result: "won", startedAt: 1, endedAt: 2 }))!;
    expect(other).to.deep.include({ name: "Bo", mode: "", level: "", timeMs: null, stats: null, ranked: false, source: "server", finishedAt: 2, summary: null });
  });

  it("windows end at the injected clock: today 24 h, week 7 d, month 30 d, all; edges are exact", () => {
    const at = (label: string, finishedAt: number, timeMs: number) => ({ label, id: store.recordGame(game({ name: label, finishedAt, timeMs })) });
    const rows = [
      at("now", NOW, 9000),
      at("today-edge-in", NOW - DAY + 1, 8000),
      at("today-edge-out", NOW - DAY, 7000),
      at("week-edge-in", NOW - 7 * DAY + 1, 6000),
      at("week-edge-out", NOW - 7 * DAY, 5000),
      at("month-edge-in", NOW - 30 * DAY + 1, 4000),
      at("month-edge-out", NOW - 30 * DAY, 3000),
      at("ancient", 1, 2000),
      at("future", NOW + 1, 1000),
    ];
    const names = (window: "today" | "week" | "month" | "all", now?: number) =>
      store.leaderboard({ game: "minesweeper", level: "beginner", window, now }).map((r) => r.name);
    expect(names("today")).to.deep.equal(["today-edge-in", "now"]);
    expect(names("week")).to.deep.equal(["week-edge-in", "today-edge-out", "today-edge-in", "now"]);
    expect(names("month")).to.deep.equal(["month-edge-in", "week-edge-out", "week-edge-in", "today-edge-out", "today-edge-in", "now"]);
    expect(names("all")).to.deep.equal(["ancient", "month-edge-out", "month-edge-in", "week-edge-out", "week-edge-in", "today-edge-out", "today-edge-in", "now"]);
    // One ms later the edge entries fall out; the future one is in once its time has come.
    expect(names("today", NOW + 1)).to.deep.equal(["future", "now"]);
    expect(names("week", NOW + 1)).to.not.include("week-edge-in");
    expect(WINDOW_MS).to.deep.include({ today: DAY, week: 7 * DAY, month: 30 * DAY });
    const top = store.leaderboard({ game: "minesweeper", level: "beginner", window: "today" });
    expect(top[0]).to.deep.include({ rank: 1, name: "today-edge-in", timeMs: 8000, id: rows[1].id, finishedAt: NOW - DAY + 1 });
    expect(top[0].stats).to.deep.include({ threeBV: 20 });
  });

  it("only ranked games appear (server-timed solo wins on a standard level), per level, best 10", () => {
    store.recordGame(game({ name: "coop", mode: "coop", ranked: false, timeMs: 1 }));
    store.recordGame(game({ name: "race", mode: "race", ranked: false, timeMs: 1 }));
    store.recordGame(game({ name: "offline", source: "offline-verified", ranked: false, timeMs: 1 }));
    store.recordGame(game({ name: "lost", result: "lost", ranked: false, timeMs: 1 }));
    store.recordGame(game({ name: "abandoned", result: "abandoned", ranked: false, timeMs: null }));
    store.recordGame(game({ name: "untimed", ranked: true, timeMs: null }));
    store.recordGame(game({ name: "expert", level: "expert", timeMs: 1 }));
    for (let k = 0; k < 14; k++) store.recordGame(game({ name: `p${k}`, timeMs: 10_000 - (k % 7) * 1000, finishedAt: NOW - 1000 * (k + 1) }));
    const board = store.leaderboard({ game: "minesweeper", level: "beginner", window: "all" });
    expect(board).to.have.length(10);
    expect(board.map((r) => r.rank)).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Fastest first; equal times: the earlier finish first.
    expect(board.map((r) => r.name)).to.deep.equal(["p13", "p6", "p12", "p5", "p11", "p4", "p10", "p3", "p9", "p2"]);
    expect(board.map((r) => r.timeMs)).to.deep.equal([4000, 4000, 5000, 5000, 6000, 6000, 7000, 7000, 8000, 8000]);
    expect(store.leaderboard({ game: "minesweeper", level: "expert", window: "all" }).map((r) => r.name)).to.deep.equal(["expert"]);
    expect(store.leaderboard({ game: "minesweeper", level: "intermediate", window: "all" })).to.deep.equal([]);
  });

  it("the leaderboard query runs on an index", () => {
    const plan = store.explainLeaderboard({ game: "minesweeper", level: "beginner", window: "all" }).join(" | ");
    expect(plan).to.match(/USING (COVERING )?INDEX games_ranked_by_(time|date)/);
  });

  it("upgrades a file written by the first version in place", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hub-store-"));
    const file = path.join(dir, "hub.sqlite");
    try {
      const old = new Database(file);
      old.exec(`CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, room_id TEXT NOT NULL, seed INTEGER NOT NULL,
        config TEXT NOT NULL, seats TEXT NOT NULL, log TEXT NOT NULL, result TEXT NOT NULL, started_at INTEGER NOT NULL, ended_at INTEGER NOT NULL)`);
      old.prepare(`INSERT INTO games (game, room_id, seed, config, seats, log, result, started_at, ended_at) VALUES ('minesweeper', 'OLD', 7, '{}', '["Ann"]', '[]', 'won', 10, 20)`).run();
      old.close();
      const upgraded = new SqliteStore(file);
      const [row] = upgraded.recentGames();
      expect(row).to.deep.include({ roomId: "OLD", seed: 7, name: "", mode: "", ranked: false, finishedAt: 20, timeMs: null });
      const id = upgraded.recordGame(game());
      expect(upgraded.getGame(id)!.ranked).to.equal(true);
      upgraded.close();
      // Opening it again changes nothing.
      const again = new SqliteStore(file);
      expect(again.recentGames()).to.have.length(2);
      again.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
