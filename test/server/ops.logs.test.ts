// The hub's log (server/ops/log.ts): one JSON object per line, with `event` on every line
// that matters and `room` + `game` on a room's lines. A real hub process is driven by real
// colyseus.js clients and its stdout parsed line by line; a room-log write that fails (its
// SQLite capped at its size, as on a full disk) is logged and counted.

import { expect } from "chai";
import { Client, type Room } from "colyseus.js";
import type Database from "better-sqlite3";
import { createLogger, useLogger, log as hubLog } from "../../server/ops/log.js";
import { registry } from "../../server/ops/metrics.js";
import { SqliteRoomLog } from "../../server/store/RoomLog.js";
import { freePort, startHubProcess, type HubProcess } from "../helpers/cluster.js";
import { bootHub, seated, type TestHub } from "../helpers/hub.js";
import { jsonLines, otherLines, type LogLine } from "../helpers/logLines.js";
import { parseScrape, metricValue } from "../helpers/metrics.js";
import { testPort } from "../helpers/ports.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(check: () => T | undefined, what: string, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe("ops: structured JSON logs", function () {
  this.timeout(60_000);

  describe("a hub process", () => {
    let hub: HubProcess | undefined;
    before(async () => {
      const port = await freePort();
      // a small flood allowance, so the test can be cut off quickly
      hub = await startHubProcess("hub", { PORT: String(port), RATE_BURST: "3", RATE_PER_SECOND: "1", FLOOD_STRIKES: "10", FLOOD_STRIKES_PER_SECOND: "0.1" });
    });
    after(async () => hub?.stop("SIGINT"));

    const lines = (): LogLine[] => jsonLines(hub!.output);
    const find = (event: string, match: (l: LogLine) => boolean = () => true) => lines().find((l) => l.event === event && match(l));

    it("says, as JSON with room, game and event: created, refused, cut off, disposed; and a refused join", async () => {
      const client = new Client(hub!.http);
      const ann = await seated(client.create("connect4", { mode: "online", name: "Ann" }));
      const roomId = ann.room.roomId;
      const created = await until(() => find("room.created", (l) => l.room === roomId), "room.created");
      expect(created).to.include({ level: "info", game: "connect4", mode: "online", private: false });
      expect(created.time).to.match(/^\d{4}-\d\d-\d\dT/);

      // a flooder in the same room: refused (rate-limited, logged at info), then cut off
      const flooder: Room = await client.joinById(roomId, { spectate: true, name: "Flood" });
      for (let i = 0; i < 40; i++) flooder.send("drop", { col: 0 });
      const refused = await until(() => find("move.refused", (l) => l.room === roomId && l.code === "rate-limited"), "move.refused rate-limited");
      expect(refused).to.include({ game: "connect4", type: "drop" });
      expect(refused.session).to.be.a("string");
      const cut = await until(() => find("flood.cut", (l) => l.room === roomId), "flood.cut");
      expect(cut).to.include({ level: "warn", game: "connect4", reason: "flooding" });

      // a join of a room that does not exist
      await client.joinById("ZZZZZ", { name: "Lost" }).then(
        () => expect.fail("joined a room that does not exist"),
        () => undefined,
      );
      const refusedJoin = await until(() => find("join.refused", (l) => l.roomName === "ZZZZZ"), "join.refused");
      expect(refusedJoin).to.include({ level: "info", method: "joinById" });
      expect(refusedJoin.code).to.be.a("string");

      await ann.room.leave(true);
      const disposed = await until(() => find("room.disposed", (l) => l.room === roomId), "room.disposed");
      expect(disposed).to.include({ game: "connect4", reason: "closed" });
      expect(disposed.ageSeconds).to.be.a("number");

      expect(find("hub.listening"), "the listening line").to.include({ level: "info" });
      // Colyseus' own lines go through the same logger
      for (const l of lines()) {
        expect(l.level, JSON.stringify(l)).to.be.oneOf(["trace", "debug", "info", "warn", "error", "fatal"]);
        expect(l.event, JSON.stringify(l)).to.be.a("string");
        expect(l.msg, JSON.stringify(l)).to.be.a("string");
      }
      // nothing but JSON once the hub's code runs (@colyseus/tools' .env loader prints first)
      const other = otherLines(hub!.output).filter((l) => !/\.env|injected env/.test(l) && !/^colyseus\.js:/.test(l));
      expect(other, "lines that are not JSON").to.deep.equal([]);
    });
  });

  describe("a room-log write that fails", () => {
    let hub: TestHub | undefined;
    const captured: LogLine[] = [];
    const previous = hubLog;
    const roomLog = new SqliteRoomLog(":memory:");
    before(async () => {
      useLogger(createLogger({ LOG_LEVEL: "info" }, { write: (line: string) => void captured.push(JSON.parse(line)) }));
      hub = await bootHub(testPort(2814), { roomLog });
    });
    after(async () => {
      await hub?.shutdown();
      useLogger(previous);
    });

    it("is logged (roomlog.write-failed, with the room) and counted", async () => {
      const failures = async () => metricValue(parseScrape(await registry.metrics()), "hub_room_log_write_failures_total");
      const before = await failures();
      const client = new Client(`http://127.0.0.1:${testPort(2814)}`);
      const solo = await seated(client.create("connect4", { mode: "solo", name: "Solo" }));
      await solo.probe.until(() => solo.room.state.acting?.length === 1 || undefined, 5000, "the game to start");
      // the log's file cannot grow any more, as on a full disk
      const db = (roomLog as unknown as { db: Database.Database }).db;
      db.pragma(`max_page_count = ${db.pragma("page_count", { simple: true })}`);
      const filler = db.prepare(`INSERT INTO room_moves (room_id, game_no, idx, seat, move, t) VALUES ('filler', 0, ?, 0, ?, 0)`);
      let i = 0;
      for (const size of [2000, 200, 20, 1]) {
        try {
          for (;;) filler.run(i++, "x".repeat(size));
        } catch (e) {
          expect((e as { code?: string }).code).to.equal("SQLITE_FULL");
        }
      }
      if (solo.room.state.acting[0] !== solo.seat) await solo.probe.until(() => solo.room.state.acting[0] === solo.seat || undefined, 10_000, "my turn");
      solo.room.send("drop", { col: 3 });
      const line = await until(() => captured.find((l) => l.event === "roomlog.write-failed"), "roomlog.write-failed");
      expect(line).to.include({ level: "error", room: solo.room.roomId });
      expect(line.err?.code).to.equal("SQLITE_FULL");
      // a full disk is a condition, not a bug: its code and words, without a stack per room
      expect(line.err?.message).to.be.a("string").and.not.empty;
      expect(line.err?.type).to.equal("SqliteError");
      expect(line.err?.stack, "its first line, no frames").to.equal(`SqliteError: ${line.err?.message}`);
      expect(await failures()).to.be.greaterThan(before);
      db.pragma("max_page_count = 1073741823");
      await solo.room.leave(true);
    });
  });
});
