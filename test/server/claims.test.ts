// POST /api/claims and /api/claims/redeem ("continue on another device"): a claim is made
// only for a live seat's token, redeems once for a fresh token of that seat (the old token is
// refused from then on, in words), expires, is rate limited, and refuses bad bodies in words. Mounted on its own express app beside a booted hub (the
// matchmaker is shared in-process) so the clock and limits can be set.
import { expect } from "chai";
import express from "express";
import type { Server } from "node:http";
import { bootHub, dropConnection, rejection, until, type TestHub } from "../helpers/hub.js";
import { liveSeats } from "../../server/api/seats.js";
import { seatedIn } from "../helpers/cubestacc.js";
import { freePort } from "../helpers/e2e.js";
import { claimsApi, CLAIM_TTL_MS } from "../../server/api/claims.js";
import { MemoryClaims, PresenceClaims } from "../../server/api/claimStore.js";
import { LocalPresence } from "@colyseus/core";

type Answer = { status: number; body: any };

describe("POST /api/claims (device links)", function () {
  this.timeout(20_000);
  let hub: TestHub;
  let server: Server;
  let base = "";
  let t = 1_000_000;

  before(async () => {
    hub = await bootHub(await freePort(), { reconnectSeconds: 1, seatHoldSeconds: 60 });
    const app = express();
    app.use("/strict", claimsApi({ burst: 3, perSecond: 0.0001 }, () => t));
    app.use("/api", claimsApi({ burst: 1000, perSecond: 1000 }, () => t));
    const port = await freePort();
    await new Promise<void>((ok) => (server = app.listen(port, "127.0.0.1", () => ok())));
    base = `http://127.0.0.1:${port}`;
  });
  after(async () => {
    server?.close();
    await hub?.shutdown();
  });

  async function post(path: string, body: unknown): Promise<Answer> {
    const res = await fetch(base + path, { method: "POST", headers: { "Content-Type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) });
    return { status: res.status, body: await res.json().catch(() => null) };
  }

  it("a live seat's claim redeems once, for a fresh token of that seat", async () => {
    const ann = await seatedIn(hub.colyseus.sdk.create("cubestacc", { name: "Ann", mode: "online", private: true, seats: 3 }));
    const roomId = ann.room.roomId;
    const made = await post("/api/claims", { roomId, seatToken: ann.seatToken });
    expect(made.status).to.equal(200);
    expect(made.body.claim).to.match(/^[A-Za-z0-9_-]{32}$/);
    expect(made.body.expiresAt).to.equal(t + CLAIM_TTL_MS);
    const got = await post("/api/claims/redeem", { claim: made.body.claim });
    expect(got.status).to.equal(200);
    expect(got.body).to.include({ roomId, seat: 0, game: "cubestacc" });
    expect(got.body.seatToken).to.be.a("string").and.not.equal(ann.seatToken);
    const again = await post("/api/claims/redeem", { claim: made.body.claim });
    expect(again.status).to.equal(410);
    expect(again.body.code).to.equal("claim-gone");
    expect(again.body.message).to.match(/already used or has expired/);
  });

  it("after a claim the old token is refused, saying where the seat went; the new one takes the seat", async () => {
    const dee = await seatedIn(hub.colyseus.sdk.create("cubestacc", { name: "Dee", mode: "online", private: true, seats: 3 }));
    const roomId = dee.room.roomId;
    const claim = (await post("/api/claims", { roomId, seatToken: dee.seatToken })).body.claim;
    const { seatToken } = (await post("/api/claims/redeem", { claim })).body;
    // the old token names no live seat any more (no rejoin offer, no new claim)
    expect(await liveSeats([{ roomId, seatToken: dee.seatToken }])).to.deep.equal([]);
    expect((await post("/api/claims", { roomId, seatToken: dee.seatToken })).status).to.equal(404);
    // the old device still plays until the new one joins; then it is told, and cannot come back
    const phone = await seatedIn(hub.colyseus.sdk.joinById(roomId, { seatToken }));
    expect(phone.seat).to.equal(dee.seat);
    await dee.probe.until(() => dee.probe.of("error").find((e) => e.code === "seat-reclaimed"), 3000, "the old device told");
    const refused = await rejection(hub.colyseus.sdk.joinById(roomId, { seatToken: dee.seatToken }));
    expect(refused.message).to.match(/moved to another device/);
    expect(phone.probe.left).to.equal(null);
    await phone.room.leave(true);
  });

  for (const playing of [false, true]) it(`an old device that drops after the claim is not let back in by reconnection (${playing ? "mid-game" : "between games"})`, async () => {
    const eve = await seatedIn(hub.colyseus.sdk.create("cubestacc", playing ? { name: "Eve", mode: "solo", bots: 1 } : { name: "Eve", mode: "online", private: true, seats: 3 }));
    if (playing) await eve.probe.until(() => eve.room.state.phase === "playing" || undefined, 3000, "the solo game started");
    const roomId = eve.room.roomId;
    const claim = (await post("/api/claims", { roomId, seatToken: eve.seatToken })).body.claim;
    const { seatToken } = (await post("/api/claims/redeem", { claim })).body;
    const token = eve.room.reconnectionToken;
    dropConnection(eve.room);
    const live = hub.colyseus.getRoomById(roomId) as any;
    await until(() => live.state.seats[eve.seat].connected === false, 3000, "the drop noticed");
    const back = await rejection(hub.colyseus.sdk.reconnect(token));
    expect(back).to.be.instanceOf(Error);
    // the seat waits for the new device
    const phone = await seatedIn(hub.colyseus.sdk.joinById(roomId, { seatToken }));
    expect(phone.seat).to.equal(eve.seat);
    await phone.room.leave(true);
  });

  it("no claim without the seat's token; an unknown room reads the same", async () => {
    const ben = await seatedIn(hub.colyseus.sdk.create("cubestacc", { name: "Ben", mode: "online", private: true, seats: 3 }));
    const wrong = await post("/api/claims", { roomId: ben.room.roomId, seatToken: "not-the-token" });
    const gone = await post("/api/claims", { roomId: "ZZZZZ", seatToken: "not-the-token" });
    expect(wrong.status).to.equal(404);
    expect(wrong).to.deep.equal(gone);
  });

  it("a claim expires; a seat given up meanwhile is not handed out", async () => {
    const cara = await seatedIn(hub.colyseus.sdk.create("cubestacc", { name: "Cara", mode: "online", private: true, seats: 3 }));
    const late = (await post("/api/claims", { roomId: cara.room.roomId, seatToken: cara.seatToken })).body.claim;
    t += CLAIM_TTL_MS;
    expect((await post("/api/claims/redeem", { claim: late })).body.code).to.equal("claim-gone");
    const left = (await post("/api/claims", { roomId: cara.room.roomId, seatToken: cara.seatToken })).body.claim;
    await cara.room.leave(true);
    await until(async () => (await liveSeats([{ roomId: cara.room.roomId, seatToken: cara.seatToken }])).length === 0, 3000, "Cara's seat gone");
    const r = await post("/api/claims/redeem", { claim: left });
    expect(r.status).to.equal(410);
    expect(r.body.code).to.equal("seat-gone");
  });

  it("bad bodies are refused in words; the routes are rate limited per address", async () => {
    for (const body of ["not json", { roomId: 5 }, { roomId: "ABCDE", seatToken: "x".repeat(200) }]) {
      const r = await post("/api/claims", body);
      expect(r.status, JSON.stringify(body)).to.equal(400);
      expect(r.body.message).to.be.a("string").and.not.equal("");
    }
    expect((await post("/api/claims/redeem", { claim: "short" })).status).to.equal(400);
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await post("/strict/claims/redeem", { claim: "A".repeat(32) })).status);
    expect(codes).to.deep.equal([410, 410, 410, 429, 429]);
  });
});

describe("claim stores", () => {
  const claim = { roomId: "ABCDE", seatToken: "t", expiresAt: 2000 };
  for (const [name, make] of [
    ["memory", () => new MemoryClaims()],
    ["presence", () => new PresenceClaims(new LocalPresence())],
  ] as const) {
    it(`${name}: a claim is taken once, even by two takers at the same time, and not after it expires`, async () => {
      const store = make();
      expect(await store.put("c1", claim, 1000)).to.equal(true);
      const both = await Promise.all([store.take("c1", 1500), store.take("c1", 1500)]);
      expect(both.filter((c) => c !== null)).to.deep.equal([claim]);
      await store.put("c2", claim, 1000);
      expect(await store.take("c2", 2000)).to.equal(null);
      expect(await store.take("nope", 1000)).to.equal(null);
    });
  }
});
