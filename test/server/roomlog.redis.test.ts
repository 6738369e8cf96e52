// The Redis room log itself against a real redis-server (server/store/RedisRoomLog.ts):
// - a write Redis does not answer (paused with SIGSTOP) fails within the timeout, the log then
//   refuses writes at once, and the write that timed out, applied late once Redis resumes, is
//   overwritten by the room's repair sent behind it: the log holds what the room confirmed;
// - Redis killed: writes are refused at once (nothing queued for later), and the log takes
//   writes again by itself once Redis is back, with what it had answered before.

import { expect } from "chai";
import { findRedisServer, startRedis, type RedisServer } from "../helpers/cluster.js";
import { sleep } from "../helpers/hub.js";
import { RedisRoomLog, ROOM_LOG_UNAVAILABLE } from "../../server/store/RedisRoomLog.js";
import type { RoomHeader, RoomWrite, WrittenMove } from "../../server/store/RoomLog.js";

const TIMEOUT_MS = 300;

function header(roomId: string): RoomHeader {
  return { roomId, roomName: "connect4", private: false, options: {}, owner: 0, gameNo: 1, phase: "playing", result: "", seed: 7, order: [0, 1], startedAt: 1, botSeed: 1, seats: [] };
}

const move = (i: number): WrittenMove => ({ seat: i % 2, t: 1000 + i, json: JSON.stringify({ type: "drop", col: i }) });

/** The room as its log should hold it after `n` moves: what a repair writes. */
function whole(roomId: string, n: number): RoomWrite {
  return { header: header(roomId), deadlines: { deadline: 0, together: 0 }, moves: { gameNo: 1, from: 0, list: Array.from({ length: n }, (_, i) => move(i)), rewrite: true } };
}

async function until(what: string, check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe("room log on Redis: bounded waits, refusals while away, repairs of late writes", function () {
  this.timeout(60_000);
  const bin = findRedisServer();
  let redis: RedisServer | undefined;
  let log: RedisRoomLog | undefined;
  let paused = false;

  before(async function () {
    if (!bin) {
      if (process.env.CI === "true") throw new Error("redis-server is not installed");
      return this.skip();
    }
    redis = await startRedis(bin, { persist: true });
    log = new RedisRoomLog(redis.url, { timeoutMs: TIMEOUT_MS });
    await log.ready();
  });
  after(async () => {
    if (paused) redis?.proc.kill("SIGCONT");
    log?.close();
    await redis?.stop("SIGKILL");
    redis?.remove();
  });

  it("paused: the write fails within the timeout, later ones at once, and the late write is undone by the repair", async () => {
    const id = "STALL";
    log!.open(header(id), "p1", 1);
    await log!.writeMany([{ roomId: id, w: { moves: { gameNo: 1, from: 0, list: [move(0), move(1)] } }, now: 2 }]);
    expect((await log!.load(id))!.moves).to.have.length(2);

    redis!.proc.kill("SIGSTOP");
    paused = true;
    const started = Date.now();
    const late = await log!.writeMany([{ roomId: id, w: { moves: { gameNo: 1, from: 2, list: [move(2)] } }, now: 3 }]).then(
      () => null,
      (e: { code?: string }) => e,
    );
    expect(late?.code, "refused, not waiting for Redis").to.equal(ROOM_LOG_UNAVAILABLE);
    expect(Date.now() - started, "bounded by the timeout (generous margin)").to.be.below(TIMEOUT_MS * 10);
    expect(log!.writable()).to.equal(false);
    expect(() => log!.writeMany([{ roomId: id, w: { moves: { gameNo: 1, from: 2, list: [move(2)] } }, now: 4 }]), "refused at once while away").to.throw(/not answering/);
    // The room never applied move 2: its repair says so.
    log!.repair(id, whole(id, 2), 5, header(id), "p1");

    redis!.proc.kill("SIGCONT");
    paused = false;
    await until("the log to take writes again", () => log!.writable());
    const back = (await log!.load(id))!;
    expect(back.moves.map((m) => m.t), "the late write was overwritten by the repair").to.deep.equal([1000, 1001]);
    expect(back.status).to.equal("live");
  });

  it("killed: writes are refused at once and nothing is queued; back by itself once Redis is, with what it had answered", async () => {
    const id = "DOWN";
    log!.open(header(id), "p1", 1);
    await log!.writeMany([{ roomId: id, w: { moves: { gameNo: 1, from: 0, list: [move(0)] } }, now: 2 }]);

    await redis!.stop("SIGKILL");
    await until("the log to notice", () => !log!.writable());
    expect(() => log!.write(id, { moves: { gameNo: 1, from: 1, list: [move(1)] } }, 3), "refused at once").to.throw(/not answering/);

    redis = await redis!.restart();
    await until("the log to take writes again", () => log!.writable(), 20_000);
    expect((await log!.load(id))!.moves.map((m) => m.t), "what Redis had answered, and nothing refused").to.deep.equal([1000]);
    await log!.writeMany([{ roomId: id, w: { moves: { gameNo: 1, from: 1, list: [move(1)] } }, now: 4 }]);
    expect((await log!.load(id))!.moves).to.have.length(2);
  });
});
