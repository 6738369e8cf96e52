// Sleep and wake: a room nobody is connected to sleeps as its log (ROOM_SLEEP_SECONDS) and
// a seat token coming back wakes it with the same id and the same game; a room left longer
// than ABANDONED_ROOM_HOURS is closed for good at the next scan, its log kept for replay.

import path from "node:path";
import { expect } from "chai";
import { Client } from "colyseus.js";
import { freePort } from "../helpers/cluster.js";
import { play, rejoin, restartableHub, seat, type Restartable } from "../helpers/durable.js";
import { dropConnection, sleep } from "../helpers/hub.js";
import { SqliteRoomLog } from "../../server/store/RoomLog.js";
import { c4Grid } from "../helpers/connect4.js";

async function logged(hub: Restartable, roomId: string) {
  const log = new SqliteRoomLog(path.join(hub.dir, "rooms.sqlite"));
  try {
    return await log.load(roomId);
  } finally {
    log.close();
  }
}

describe("sleep and wake: an abandoned room costs only its log", function () {
  this.timeout(90_000);
  let hub: Restartable;
  let port: number;

  before(async () => {
    port = await freePort();
    // ~3.6 s: a room asleep longer than that is closed at the next scan (here: a restart).
    hub = await restartableHub(port, { ROOM_SLEEP_SECONDS: "1", RECONNECT_SECONDS: "1", ABANDONED_ROOM_HOURS: "0.001" });
  });
  after(async () => {
    await hub?.stop();
  });

  it("nobody connected: the room sleeps; a seat token wakes it with the same id and game; later it is closed for good, its moves kept", async () => {
    const sdk = new Client(`ws://127.0.0.1:${port}`);
    const a = await seat(sdk.create("connect4", { mode: "online", timer: 0, name: "A" }));
    const b = await seat(sdk.joinById(a.room.roomId, { name: "B" }));
    const roomId = a.room.roomId;
    await a.probe.until(() => a.room.state.phase === "playing" || undefined);
    expect(await play(a, { type: "drop", payload: { col: 3 } })).to.equal(true);
    expect(await play(b, { type: "drop", payload: { col: 3 } })).to.equal(true);
    await a.probe.sync();
    const before = c4Grid(a.room.state);

    dropConnection(a.room);
    dropConnection(b.room);
    // Reconnection window (1 s), then a second with nobody there: asleep.
    let status = "";
    for (let i = 0; i < 60 && status !== "sleeping"; i++) {
      await sleep(200);
      status = (await logged(hub, roomId))?.status ?? "";
    }
    expect(status, "the room sleeps").to.equal("sleeping");
    const rooms = (await (await fetch(`${hub.hub.http}/api/rooms`)).json()) as { roomId: string }[];
    expect(rooms.map((r) => r.roomId)).to.not.include(roomId);

    const a2 = await rejoin(sdk, roomId, a, 10_000);
    await a2.probe.sync();
    expect(a2.room.roomId).to.equal(roomId);
    // The same game (bots may have played the held seats past the reconnection window, as after any drop).
    expect(a2.room.state.gameNo).to.equal(1);
    const grid = c4Grid(a2.room.state);
    expect(before.map((x, i) => (x === -1 ? -1 : grid[i])), "woken: every disc of the game is there").to.deep.equal(before);
    expect((await logged(hub, roomId))?.status).to.equal("live");
    await a2.probe.until(() => a2.room.state.phase !== "playing" || a2.room.state.acting?.[0] === a2.seat || undefined, 10_000, "A's turn");
    const moves = (await logged(hub, roomId))?.moves.length ?? 0;

    // Left again, now past the abandoned-room limit: closed for good at the next boot.
    dropConnection(a2.room);
    for (let i = 0; i < 60 && (await logged(hub, roomId))?.status !== "sleeping"; i++) await sleep(200);
    await sleep(4000);
    await hub.restart("SIGKILL");
    const gone = await logged(hub, roomId);
    expect(gone?.status, "closed after the limit").to.equal("closed");
    expect(gone?.moves.length, "its moves are kept for replay").to.be.at.least(moves);
    let refused = "";
    try {
      await sdk.joinById(roomId, { seatToken: a.seatToken });
    } catch (e) {
      refused = (e as Error).message;
    }
    expect(refused).to.match(/not found|seat/i);
  });
});
