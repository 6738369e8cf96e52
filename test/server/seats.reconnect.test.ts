// A reconnection whose own socket drops before its join completes never costs the seat.
//
// On a lossy link the socket of a reconnection can die between the server taking it (the
// reconnection window's promise resolved, JOIN_ROOM sent) and the client's acknowledgement.
// The room used to take that for a connection that "never finished joining" and, with the
// first join's options (no seat token), free the seat: a bot took it over (Cubestacc), the
// card table gave it up, a solo Minesweeper room was disposed; the seat token was refused
// from then on. Real sockets here: a colyseus.js client drops, a raw WebSocket reconnects
// with its reconnection token and is cut as soon as the server's JOIN_ROOM arrives (never
// acknowledged). The seat must stay the player's: reclaimable with the reconnection token
// that JOIN_ROOM carried while the window lasts, and with the seat token after it.

import { expect } from "chai";
import { bootHub, dropConnection, Probe, seated, until, type SeatedClient, type TestHub } from "../helpers/hub.js";
import { matchmake, RawSocket, reservationOf } from "../helpers/rawClient.js";
import { testPort } from "../helpers/ports.js";
import type { SeatStatus } from "../../server/rooms/base/SeatedRoom.js";

const PORT = testPort(2821);

interface ServerRoom {
  seatStatus(seat: number): SeatStatus;
  state: { phase: string; gameNo: number; seats: { bot: boolean; occupied: boolean }[] };
  session: unknown;
}

/** Reconnects with `token` over a raw socket and cuts it the moment JOIN_ROOM arrives; the token JOIN_ROOM carried. */
async function reconnectCutBeforeJoined(port: number, roomId: string, token: string): Promise<string> {
  const reservation = reservationOf(await matchmake(port, "reconnect", roomId, { reconnectionToken: token }));
  const raw = new RawSocket(port, reservation, { ack: false, reconnectionToken: token });
  await raw.waitJoined();
  raw.ws.terminate();
  await raw.closedP;
  return raw.reconnectionToken;
}

const CASES = [
  { what: "Cubestacc, where a bot would take the seat", game: "cubestacc", options: { seats: 2, timer: 0, private: true }, seats: 2 },
  { what: "the card table, which would free the seat", game: "table", options: { seats: 2, private: true }, seats: 2 },
  { what: "solo Minesweeper, whose room would be disposed", game: "minesweeper", options: { mode: "solo", level: "beginner" }, seats: 1 },
] as const;

describe("seats: a reconnection cut before its join completes keeps the seat", function () {
  this.timeout(30_000);
  let hub: TestHub;
  before(async () => {
    hub = await bootHub(PORT, { reconnectSeconds: 3, seatHoldSeconds: 60 });
  });
  after(async () => {
    await hub.shutdown();
  });

  for (const c of CASES) {
    it(`${c.what}: reclaimed by the new reconnection token, then by the seat token`, async () => {
      const sdk = hub.colyseus.sdk;
      const players: SeatedClient[] = [await seated(sdk.create(c.game, { ...c.options, name: "Ann" }))];
      const roomId = players[0].room.roomId;
      for (let i = 1; i < c.seats; i++) players.push(await seated(sdk.joinById(roomId, { name: `P${i}` })));
      const server = () => hub.colyseus.getRoomById(roomId) as unknown as ServerRoom | undefined;
      await until(() => server()?.session && server()!.state.phase !== "waiting", 5000, "the game on");
      const gameNo = server()!.state.gameNo;
      const ann = players[0];
      expect(ann.seat).to.equal(0);

      // 1. Dropped; the reconnection's socket is cut before it acknowledges its join.
      dropConnection(ann.room);
      await until(() => server()?.seatStatus(0) === "reconnecting", 5000, "Ann reconnecting");
      const token = ann.room.reconnectionToken.split(":")[1];
      const next = await reconnectCutBeforeJoined(PORT, roomId, token);
      expect(next, "JOIN_ROOM's reconnection token").to.be.a("string").and.not.equal("");
      await until(() => server()?.seatStatus(0) !== "connected", 5000, "the cut seen by the server");
      expect(server(), "the room is still there").to.not.equal(undefined);
      expect(server()!.seatStatus(0), "the seat waits for its player").to.equal("reconnecting");
      expect(server()!.state.seats[0].bot, "no bot in the seat").to.equal(false);

      // ...and the reconnection token JOIN_ROOM carried brings the player back to the seat.
      const back = await sdk.reconnect(`${roomId}:${next}`);
      const probe = new Probe(back);
      expect((await probe.next("seat", 0)).seat).to.equal(0);
      expect(server()!.seatStatus(0)).to.equal("connected");

      // 2. Again, and this time the player stays away past the window: held for the seat token.
      dropConnection(back);
      await until(() => server()?.seatStatus(0) === "reconnecting", 5000, "Ann reconnecting again");
      await reconnectCutBeforeJoined(PORT, roomId, back.reconnectionToken.split(":")[1]);
      await until(() => server()?.seatStatus(0) === "held" || !server() || server()!.seatStatus(0) === "free", 8000, "past the window");
      expect(server(), "the room is still there").to.not.equal(undefined);
      expect(server()!.seatStatus(0), "held for its seat token").to.equal("held");
      const again = await seated(sdk.joinById(roomId, { seatToken: ann.seatToken }));
      expect(again.seat, "the seat token takes the same seat").to.equal(0);
      expect(server()!.seatStatus(0)).to.equal("connected");
      expect(server()!.state.seats[0].bot, "the bot (if any) stepped aside").to.equal(false);
      expect(server()!.state.gameNo, "the same game").to.equal(gameNo);
      for (const p of [again, ...players.slice(1)]) await p.room.leave(true);
    });
  }

  it("the reconnection token from before a cut reconnection still works (that JOIN_ROOM may never have arrived), even twice over", async () => {
    const sdk = hub.colyseus.sdk;
    const ann = await seated(sdk.create("connect4", { mode: "online", timer: 0, private: true, name: "Ann" }));
    const roomId = ann.room.roomId;
    const bob = await seated(sdk.joinById(roomId, { name: "Bob" }));
    const server = () => hub.colyseus.getRoomById(roomId) as unknown as ServerRoom | undefined;
    await until(() => server()?.state.phase === "playing", 5000, "the game on");
    const held = ann.room.reconnectionToken.split(":")[1];
    dropConnection(ann.room);
    await until(() => server()?.seatStatus(0) === "reconnecting", 5000, "Ann reconnecting");
    // Two reconnections cut before their JOIN_ROOM is read: the player still holds the first token.
    for (let i = 0; i < 2; i++) {
      await reconnectCutBeforeJoined(PORT, roomId, held);
      await until(() => server()?.seatStatus(0) !== "connected", 5000, "the cut seen by the server");
    }
    const back = new Probe(await sdk.reconnect(`${roomId}:${held}`));
    expect((await back.next("seat", 0)).seat).to.equal(0);
    expect(server()!.seatStatus(0)).to.equal("connected");
    await back.room.leave(true);
    await bob.room.leave(true);
  });
});
