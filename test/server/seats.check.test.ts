// POST /api/seats/check: the lobby's "You have a game in progress — Rejoin" asks the server
// which of the seats a browser holds tokens for are still live. It must answer only for
// tokens that match, and say exactly the same about a room that does not exist and a room
// the caller holds no valid token for.
import { expect } from "chai";
import { bootHub, dropConnection, until, type TestHub } from "../helpers/hub.js";
import { seatedIn } from "../helpers/cubestacc.js";
import { freePort } from "../helpers/e2e.js";
import { MAX_SEATS } from "../../server/api/seats.js";

type Answer = { status: number; body: any };

describe("POST /api/seats/check", function () {
  this.timeout(20_000);
  let hub: TestHub;
  let port = 0;

  before(async () => {
    port = await freePort();
    hub = await bootHub(port, { reconnectSeconds: 1, seatHoldSeconds: 60 });
  });
  after(() => hub?.shutdown());

  async function check(body: unknown): Promise<Answer> {
    const res = await fetch(`http://127.0.0.1:${port}/api/seats/check`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  }

  it("lists a live seat with its game and status; a drop shows it reconnecting, then held", async () => {
    const ann = await seatedIn(hub.colyseus.sdk.create("minesweeper", { name: "Ann", mode: "coop", private: true, seats: 3 }));
    const ben = await seatedIn(hub.colyseus.sdk.joinById(ann.room.roomId, { name: "Ben" }));
    const roomId = ann.room.roomId;

    let a = await check({ seats: [{ roomId, seatToken: ben.seatToken }] });
    expect(a.status).to.equal(200);
    expect(a.body.seats).to.deep.equal([{ roomId, game: "minesweeper", mode: "coop", seat: 1, status: "connected", phase: "fresh", over: false }]);

    dropConnection(ben.room);
    await until(async () => (await check({ seats: [{ roomId, seatToken: ben.seatToken }] })).body.seats[0]?.status === "reconnecting", 3000, "reconnecting");
    await until(async () => (await check({ seats: [{ roomId, seatToken: ben.seatToken }] })).body.seats[0]?.status === "held", 5000, "held");

    // both tokens at once, newest answer sorted by room
    a = await check({ seats: [{ roomId, seatToken: ann.seatToken }, { roomId, seatToken: ben.seatToken }] });
    expect(a.body.seats.map((s: { seat: number }) => s.seat).sort()).to.deep.equal([0, 1]);

    // a consented leave gives the seat up: its token is no longer live
    await ann.room.leave(true);
    await until(async () => (await check({ seats: [{ roomId, seatToken: ann.seatToken }] })).body.seats.length === 0, 3000, "Ann's seat gone");
  });

  it("says the same (nothing) about an unknown room and a wrong token for a live room", async () => {
    const cara = await seatedIn(hub.colyseus.sdk.create("cubestacc", { name: "Cara", mode: "online", private: true, seats: 3 }));
    const live = await check({ seats: [{ roomId: cara.room.roomId, seatToken: "not-the-token" }] });
    const gone = await check({ seats: [{ roomId: "ZZZZZ", seatToken: "not-the-token" }] });
    expect(live).to.deep.equal({ status: 200, body: { seats: [] } });
    expect(gone).to.deep.equal(live);
    // a real token for one room does not open another
    const cross = await check({ seats: [{ roomId: "ZZZZZ", seatToken: cara.seatToken }] });
    expect(cross).to.deep.equal(live);
    await cara.room.leave(true);
  });

  it("refuses malformed checks with a code and a message, and more than the bound", async () => {
    const bad = [
      "not json",
      [],
      { seats: "x" },
      { seats: [{ roomId: "../etc", seatToken: "t" }] },
      { seats: [{ roomId: "ABCDE", seatToken: "" }] },
      { seats: [{ roomId: "ABCDE", seatToken: "x".repeat(129) }] },
      { seats: Array.from({ length: MAX_SEATS + 1 }, () => ({ roomId: "ABCDE", seatToken: "t" })) },
    ];
    for (const body of bad) {
      const a = await check(body);
      expect(a.status, JSON.stringify(body).slice(0, 60)).to.equal(400);
      expect(a.body).to.have.keys("code", "message");
      expect(a.body.message).to.be.a("string").and.not.equal("");
    }
  });
});
