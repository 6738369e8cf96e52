// GET /api/rooms/:id: what a room offers someone holding its code, asked before an invite
// link asks a name — whether it exists, its game, how many seats are open. Bounded: a bad id
// is refused, and one address may only ask so often (like guessing codes by joining).
import { expect } from "chai";
import { bootHub, type TestHub } from "../helpers/hub.js";
import { seatedIn } from "../helpers/cubestacc.js";
import { freePort } from "../helpers/e2e.js";
import { ROOM_CHECK_RATE } from "../../server/api/roomCheck.js";

describe("GET /api/rooms/:id", function () {
  this.timeout(20_000);
  let hub: TestHub;
  let port = 0;

  before(async () => {
    port = await freePort();
    hub = await bootHub(port, {});
  });
  after(() => hub?.shutdown());

  const check = async (id: string) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/rooms/${id}`);
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
  };

  it("a private room: its game and open seats (its code in any case); full once every seat is taken", async () => {
    const ann = await seatedIn(hub.colyseus.sdk.create("connect4", { name: "Ann", private: true }));
    const code = ann.room.roomId;
    let a = await check(code.toLowerCase());
    expect(a.status).to.equal(200);
    expect(a.body).to.include({ roomId: code, game: "connect4", players: 1, maxPlayers: 2, open: 1 });
    await seatedIn(hub.colyseus.sdk.joinById(code, { name: "Ben" }));
    for (let i = 0; i < 50 && (a = await check(code)).body?.open !== 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(a.body).to.include({ players: 2, open: 0 });
  });

  it("no such room: 404 in words; a malformed id: 400; too many checks: 429", async () => {
    const none = await check("ZZZZZ");
    expect(none.status).to.equal(404);
    expect(none.body).to.include({ code: "not-found" });
    expect(String(none.body?.message)).to.match(/No game with code ZZZZZ/);
    expect((await check("a%20b")).status).to.equal(400);
    let limited = 0;
    for (let i = 0; i < ROOM_CHECK_RATE.burst + 5; i++) if ((await check("QQQQQ")).status === 429) limited++;
    expect(limited, "past the burst").to.be.greaterThan(0);
  });
});
