// A rated game survives a restart with its leavers: Di leaves a rated Connect Four game past the
// reconnection window (a bot plays her seat on), the hub process is SIGKILLed and started again,
// Cy plays on to the end — and Di's leaving still counts as a loss (forfeited, last place, her
// rating down), as it would have without the restart. The room log keeps who left (header.forfeits).

import { expect } from "chai";
import { Client, type Room } from "colyseus.js";
import { freePort } from "../helpers/cluster.js";
import { restartableHub, rejoin, type Restartable } from "../helpers/durable.js";
import { dropConnection, Probe, sleep } from "../helpers/hub.js";

interface Me {
  key: string;
  id: string;
}

describe("rated games keep their leavers through a restart", function () {
  this.timeout(120_000);
  let hub: Restartable;
  let port = 0;
  before(async () => {
    port = await freePort();
    hub = await restartableHub(port, { RECONNECT_SECONDS: "1" });
  });
  after(async () => {
    await hub?.stop();
  });

  async function api(path: string, init: RequestInit & { key?: string } = {}): Promise<{ status: number; body: any }> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (init.key) headers.authorization = `Bearer ${init.key}`;
    const res = await fetch(`http://127.0.0.1:${port}/api${path}`, { ...init, headers });
    return { status: res.status, body: await res.json() };
  }
  async function profile(name: string): Promise<Me> {
    const made = await api("/profiles", { method: "POST", body: JSON.stringify({ name }) });
    expect(made.status, JSON.stringify(made.body)).to.equal(201);
    return { key: made.body.key, id: made.body.profile.id };
  }
  async function ratedMatch(client: Client, me: Me): Promise<{ room: Room<any>; probe: Probe; seat: number; seatToken: string }> {
    const q = await client.joinOrCreate("rated", { pool: "connect4", profileKey: me.key });
    const matched = await new Probe(q).next("event", 0, (e) => e.kind === "matched", 15_000);
    const room = await client.consumeSeatReservation(matched.reservation);
    const probe = new Probe(room);
    await q.leave();
    const { seat, seatToken } = await probe.next("seat", 0);
    return { room, probe, seat, seatToken };
  }

  it("a player who left before a SIGKILL still loses the game finished after it", async () => {
    const cy = await profile("Cy");
    const di = await profile("Di");
    const sdk = new Client(`ws://127.0.0.1:${port}`);
    const [c, d] = await Promise.all([ratedMatch(sdk, cy), ratedMatch(new Client(`ws://127.0.0.1:${port}`), di)]);
    const roomId = c.room.roomId;
    await c.probe.until(() => c.room.state.phase === "playing" || undefined, 8000, "the game");
    const cSeat = c.seat;
    const dSeat = d.seat;

    dropConnection(d.room);
    await c.probe.until(() => c.room.state.seats[dSeat].bot || undefined, 15_000, "a bot playing Di's seat past the window");
    await c.probe.sync();
    await hub.restart("SIGKILL");

    // Cy comes back and plays on, badly (the bot may well win Di's seat the game).
    const back = await rejoin(sdk, roomId, { room: c.room, probe: c.probe, seat: cSeat, seatToken: c.seatToken } as never);
    const room = back.room;
    const probe = back.probe;
    let moves = 0;
    for (let i = 0; i < 600 && room.state.phase !== "finished"; i++) {
      if (room.state.acting?.[0] === cSeat) {
        room.send("drop", { col: 6 - (Math.floor(moves++ / 3) % 7) });
        await probe.until(() => room.state.acting?.[0] !== cSeat || room.state.phase === "finished" || undefined, 8000, "Cy's move");
      }
      await sleep(50);
    }
    expect(room.state.phase, "the game ends after the restart").to.equal("finished");
    const rated = await probe.next("event", 0, (e) => e.kind === "rated", 15_000);
    expect(rated.changes.find((x: any) => x.seat === dSeat).delta, "Di's rating goes down").to.be.lessThan(0);
    expect(rated.changes.find((x: any) => x.seat === cSeat).delta, "Cy's goes up").to.be.greaterThan(0);
    const [game] = (await api("/profile/games", { key: di.key })).body.games;
    expect(game).to.deep.include({ forfeited: true, place: 2 });
    await room.leave();
  });
});
