// The room log's group commit (server/rooms/game/groupCommit.ts): the moves of one turn of
// the event loop, every room's, are ONE transaction of a real SQLite file, written before any
// of them counts as written; a batch the disk cannot take refuses exactly its moves and writes
// none of them; and in a room, moves that arrive together are applied one after the other,
// each checked against the state the one before it left (a real hub, real colyseus.js clients).

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "chai";
import { Client } from "colyseus.js";
import { CELL } from "../../common/minesweeper/types.js";
import { registry } from "../../server/ops/metrics.js";
import { RoomDurability, type RoomNow } from "../../server/rooms/game/durable.js";
import { SqliteRoomLog, type RoomHeader } from "../../server/store/RoomLog.js";
import { fillRoomLog, freeRoomLog } from "../helpers/fullDisk.js";
import { play } from "../helpers/durable.js";
import { seated, useHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";
import { cellsOf } from "../helpers/boardRows.js";

const PORT = testPort(2741);
const WORDS = "The server could not save your move because its disk is full. Nothing changed; try again in a moment.";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hub-group-log-"));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

function header(roomId: string): RoomHeader {
  return { roomId, roomName: "connect4", private: false, options: {}, owner: 0, gameNo: 1, phase: "playing", result: "", seed: 7, order: [0, 1], startedAt: 1, botSeed: 3, seats: [] };
}

/** A room of the log: its durability and its game's moves as the room holds them. */
function room(log: SqliteRoomLog, roomId: string) {
  const durable = new RoomDurability(log, () => "proc-a");
  const moves: { seat: number; move: unknown; t: number }[] = [];
  const now = (): RoomNow => ({ header: header(roomId), moves, deadlines: { deadline: 0, together: 0 } });
  expect(durable.open(now(), 1)).to.equal(null);
  return {
    roomId,
    moves,
    /** Queues move `move` in the group commit; resolves with its refusal (null: in the log, and then it is applied). */
    move(move: unknown): Promise<unknown> {
      const entry = { seat: 0, move, t: 10 + moves.length };
      return new Promise((resolve) =>
        durable.saveMoveSoon(now, entry, moves.length, entry.t, (refusal) => {
          if (!refusal) moves.push(entry);
          resolve(refusal);
        }),
      );
    },
  };
}

async function batches(): Promise<{ count: number; sum: number }> {
  const m = (await registry.getSingleMetric("hub_room_log_batch_moves")!.get()).values as { metricName?: string; value: number }[];
  return { count: m.find((v) => v.metricName?.endsWith("_count"))!.value, sum: m.find((v) => v.metricName?.endsWith("_sum"))!.value };
}

describe("room log group commit: one transaction for every room's moves of a turn", () => {
  it("three rooms' moves of one turn: nothing in the log before the batch, then all three, in one transaction", async () => {
    const log = new SqliteRoomLog(path.join(dir, "batch.sqlite"));
    try {
      const rooms = ["ra", "rb", "rc"].map((id) => room(log, id));
      const before = await batches();
      const done = rooms.map((r, i) => r.move({ col: i }));
      // Queued, not written: nothing of them is in the file yet, and nothing was applied.
      for (const r of rooms) expect((await log.load(r.roomId))!.moves, `${r.roomId} before the batch`).to.deep.equal([]);
      expect(rooms.map((r) => r.moves.length)).to.deep.equal([0, 0, 0]);
      expect(await Promise.all(done), "every move in the log").to.deep.equal([null, null, null]);
      const after = await batches();
      expect(after.count - before.count, "transactions").to.equal(1);
      expect(after.sum - before.sum, "moves in it").to.equal(3);
      for (const [i, r] of rooms.entries()) expect((await log.load(r.roomId))!.moves).to.deep.equal([{ seat: 0, move: { col: i }, t: 10 }]);
      // The next turn's moves are the next batch, each room's appended after its first.
      expect(await Promise.all(rooms.map((r) => r.move({ col: 9 })))).to.deep.equal([null, null, null]);
      for (const r of rooms) expect((await log.load(r.roomId))!.moves.map((m) => m.move)).to.deep.equal([{ col: rooms.indexOf(r) }, { col: 9 }]);
      expect((await batches()).count - after.count).to.equal(1);
    } finally {
      log.close();
    }
  });

  it("a batch the disk cannot take: every move of it refused `not-saved`, none written (all or nothing), the next one written in its place", async () => {
    const log = new SqliteRoomLog(path.join(dir, "full.sqlite"));
    try {
      const rooms = ["fa", "fb", "fc"].map((id) => room(log, id));
      expect(await Promise.all(rooms.map((r) => r.move({ col: 1 })))).to.deep.equal([null, null, null]);
      // Only room fa's next move needs a new page: the batch is one transaction, so fb's and fc's go with it.
      fillRoomLog(log, "fa", 1);
      const refused = (await Promise.all(rooms.map((r) => r.move({ col: 2, big: "x".repeat(3000) })))) as { code: string; message: string }[];
      expect(refused.map((r) => r?.code)).to.deep.equal(["not-saved", "not-saved", "not-saved"]);
      expect(refused[0].message).to.equal(WORDS);
      expect(rooms.map((r) => r.moves.length), "nothing applied").to.deep.equal([1, 1, 1]);
      for (const r of rooms) expect((await log.load(r.roomId))!.moves, `${r.roomId}: only its first move`).to.have.length(1);
      freeRoomLog(log);
      expect(log.writable(Date.now() + 1000)).to.equal(true);
      expect(await Promise.all(rooms.map((r) => r.move({ col: 3 })))).to.deep.equal([null, null, null]);
      for (const r of rooms) expect((await log.load(r.roomId))!.moves.map((m) => m.move)).to.deep.equal([{ col: 1 }, { col: 3 }]);
    } finally {
      log.close();
    }
  });

  describe("in a room: moves that arrive together are played in order, each on the state the one before left", function () {
    this.timeout(30_000);
    const log = new SqliteRoomLog(path.join(dir, "rooms.sqlite"));
    const hub = useHub(PORT, { roomLog: log, diskReserveMb: 0, messageRate: { burst: 1000, perSecond: 1000 } } as never);
    after(() => log.close());

    it("flag, unflag, then more flags than mines in one burst: applied one by one, the extra flag refused, the log in the same order", async () => {
      const sdk = new Client(`ws://127.0.0.1:${hub.port}`);
      const p = await seated(sdk.create("minesweeper", { mode: "coop", seats: 2, level: "custom", rows: 9, cols: 9, mines: 10, name: "Ann" }));
      expect(await play(p, { type: "reveal", payload: { r: 4, c: 4 } }), "the first reveal").to.equal(true);
      const s = p.room.state as any;
      const hidden = cellsOf(s).flatMap((v, i) => (v === CELL.HIDDEN ? [i] : []));
      expect(hidden.length).to.be.greaterThan(11);
      const at = (i: number) => ({ r: Math.floor(i / s.cols), c: i % s.cols });
      // One burst, sent in one go: each move depends on the ones before it.
      const burst = [hidden[0], hidden[0], ...hidden.slice(1, 12)];
      const mark = p.probe.messages.length;
      for (const i of burst) p.room.send("flag", at(i));
      await p.probe.until(() => p.probe.of("error", mark).length > 0 || undefined, 8000, "the extra flag's refusal");
      await p.probe.sync();
      const refusedCodes = p.probe.of("error", mark).map((e: any) => e.code);
      // Flag and unflag of the same cell cancel out; then 11 flags for 10 mines: the 11th is refused.
      expect(refusedCodes).to.deep.equal(["no-flags-left"]);
      expect(s.flags, "flags on the counter").to.equal(10);
      const cells = cellsOf(s);
      expect(cells[hidden[0]], "flagged then unflagged").to.equal(CELL.HIDDEN);
      for (const i of hidden.slice(1, 11)) expect(cells[i]).to.equal(CELL.FLAG);
      expect(cells[hidden[11]], "the refused flag").to.equal(CELL.HIDDEN);
      // The server's game and the room log agree, move for move, in the order they came.
      const session = (hub.colyseus.getRoomById(p.room.roomId) as any).session;
      const logged = (await log.load(p.room.roomId))!;
      expect(logged.moves.map((m) => m.move)).to.deep.equal(session.log.map((m: any) => m.move));
      const flags = logged.moves.slice(1).map((m: any) => m.move.r * s.cols + m.move.c);
      expect(flags).to.deep.equal(burst.slice(0, 12));
      await p.room.leave();
    });
  });
});
