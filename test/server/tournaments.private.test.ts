// Private tournaments players make (server/tournaments/create.ts): `POST /api/tournaments`
// bounds every field and refuses in words; the code it answers is the tournament's id and its
// page's address; it is never in the public list, is in its creator's `GET
// /api/tournaments/mine` (nobody else's), and anyone with the code joins it; the per-profile
// and hub-wide limits; its creator (only) cancels it before it starts, which ends its room for
// whoever waits there; and it survives a restart on an SQLite file and on PostgreSQL (a hub
// stopped and started on the same database finds it, its entrant and its code).

import { expect } from "chai";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "colyseus.js";
import { SqliteStore, type SqlStore } from "../../server/store/index.js";
import { PgStore } from "../../server/store/PgStore.js";
import { checkPrivate, CREATE_RATE, PRIVATE_LIMITS, privateRow } from "../../server/tournaments/create.js";
import { tournamentAwards } from "../../server/daily/season.js";
import { TOURNAMENT_ROOM } from "../../server/tournaments/TournamentDirector.js";
import { bootHub, Probe, type TestHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";
import { testPostgres, type PostgresServer } from "../helpers/postgres.js";
import { apiAt, newProfileAt, type Me } from "./rated.helpers.js";

const PORT = testPort(2976);
/** The restarted hub listens on another port (a kept-alive HTTP connection to the stopped one is not reused). */
const PORT2 = testPort(2977);
const CODE = /^[ABCDEFGHJKLMNPQRSTUVWXYZ]{5}$/;

describe("tournaments: private ones players make, joined by code", function () {
  this.timeout(120_000);
  // One address makes every tournament here: its rate (5, then one per 10 s) lifted.
  const rate = { ...CREATE_RATE };
  before(() => Object.assign(CREATE_RATE, { burst: 100 }));
  after(() => Object.assign(CREATE_RATE, rate));

  it("checks every field of a request and says in words what is wrong", () => {
    expect(checkPrivate({ pool: "connect4", kind: "timed-arena", minutes: 30, startsIn: 10 })).to.deep.equal({ pool: "connect4", kind: "timed-arena", minutes: 30, startsIn: 10 });
    expect(checkPrivate({ pool: "connect4", kind: "swiss", rounds: 5, startsIn: 0 })).to.deep.equal({ pool: "connect4", kind: "swiss", rounds: 5, startsIn: 0 });
    const refused = (body: unknown) => {
      const r = checkPrivate(body) as { code?: string; message?: string };
      expect(r.message, JSON.stringify(body)).to.be.a("string");
      expect(r.message!.length).to.be.above(20);
      return r.code;
    };
    expect(refused(null)).to.equal("bad-body");
    expect(refused([])).to.equal("bad-body");
    expect(refused({ pool: "chess", kind: "timed-arena", minutes: 30, startsIn: 0 })).to.equal("bad-pool");
    expect(refused({ pool: "connect4", kind: "knockout", startsIn: 0 })).to.equal("bad-kind");
    expect(refused({ pool: "connect4", kind: "timed-arena", minutes: 4, startsIn: 0 })).to.equal("bad-minutes");
    expect(refused({ pool: "connect4", kind: "timed-arena", minutes: 181, startsIn: 0 })).to.equal("bad-minutes");
    expect(refused({ pool: "connect4", kind: "timed-arena", minutes: 30.5, startsIn: 0 })).to.equal("bad-minutes");
    expect(refused({ pool: "connect4", kind: "swiss", rounds: 0, startsIn: 0 })).to.equal("bad-rounds");
    expect(refused({ pool: "connect4", kind: "swiss", rounds: 10, startsIn: 0 })).to.equal("bad-rounds");
    expect(refused({ pool: "connect4", kind: "swiss", rounds: 3, startsIn: -1 })).to.equal("bad-start");
    expect(refused({ pool: "connect4", kind: "swiss", rounds: 3, startsIn: 1441 })).to.equal("bad-start");
    expect(refused({ pool: "connect4", kind: "swiss", rounds: 3, startsIn: "5" })).to.equal("bad-start");
  });

  it("a private one finished with results awards no season points (its creator chose the field); the same as an operator's does", () => {
    const row = privateRow({ pool: "connect4", kind: "swiss", rounds: 1, startsIn: 0 }, "ABCDE", { id: "maker-000001", name: "Maker" } as any, 1000);
    const record = {
      tournament: row,
      entries: ["p-a", "p-b"].map((id) => ({ profileId: id, rating: 1500, joinedAt: 1000, withdrawn: false })),
      pairings: [{ no: 1, round: 1, players: ["p-a", "p-b"], pairedAt: 1000, roomId: "R" }],
      results: [{ no: 1, endedNo: 1, results: { "p-a": "win" as const, "p-b": "loss" as const }, endedAt: 2000, gameId: 1 }],
    };
    expect(tournamentAwards(record)).to.deep.equal([]);
    const { creator: _made, ...listed } = row;
    expect(tournamentAwards({ ...record, tournament: listed }).map((a) => [a.profileId, a.points])).to.deep.equal([
      ["p-a", 20],
      ["p-b", 10],
    ]);
  });

  describe("over HTTP and the tournament room", () => {
    let hub: TestHub;
    let ann: Me;
    let bob: Me;
    before(async () => {
      hub = await bootHub(PORT);
      ann = await newProfileAt(PORT, "Ann Maker");
      bob = await newProfileAt(PORT, "Bob Guest");
    });
    after(async () => {
      await hub?.shutdown();
    });
    const make = (me: Me | null, body: unknown) => apiAt(PORT, "/tournaments", { method: "POST", body: JSON.stringify(body), ...(me ? { key: me.key } : {}) });

    it("refuses without a profile, or with a wrong body, in words, and writes nothing", async () => {
      const none = await make(null, { pool: "connect4", kind: "timed-arena", minutes: 30, startsIn: 5 });
      expect(none.status).to.equal(401);
      expect(none.body.message).to.match(/you need a profile/);
      const unknown = await make({ key: "K".repeat(43), id: "x", name: "x" }, { pool: "connect4", kind: "timed-arena", minutes: 30, startsIn: 5 });
      expect(unknown.status).to.equal(401);
      expect(unknown.body.code).to.equal("profile-unknown");
      const bad = await make(ann, { pool: "connect4", kind: "swiss", rounds: 99, startsIn: 5 });
      expect(bad.status).to.equal(400);
      expect(bad.body).to.deep.include({ code: "bad-rounds" });
      const big = await fetch(`http://127.0.0.1:${PORT}/api/tournaments`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${ann.key}` }, body: JSON.stringify({ pool: "x".repeat(2000) }) });
      expect(big.status, "a body past 1 kB").to.equal(413);
      expect((await apiAt(PORT, "/tournaments/mine", { key: ann.key })).body.tournaments).to.deep.equal([]);
    });

    it("makes one with a code: not listed, its creator's alone in /mine, joined by code, in the standings", async () => {
      const made = await make(ann, { pool: "connect4", kind: "swiss", rounds: 3, startsIn: 30 });
      expect(made.status, JSON.stringify(made.body)).to.equal(201);
      const code: string = made.body.code;
      expect(code).to.match(CODE);
      expect(made.body).to.deep.include({ id: code, link: `#/tournament/${code}`, kind: "swiss", pool: "connect4", title: "Ann Maker's Connect Four Swiss" });
      const list = (await hub.get("/api/tournaments")).body as any;
      expect([...list.upcoming, ...list.running, ...list.finished].map((t: any) => t.id), "never in the public list").to.not.include(code);
      expect((await apiAt(PORT, "/tournaments/mine", { key: ann.key })).body.tournaments.map((t: any) => t.code)).to.deep.equal([code]);
      expect((await apiAt(PORT, "/tournaments/mine", { key: bob.key })).body.tournaments, "not in another's").to.deep.equal([]);
      expect((await apiAt(PORT, "/tournaments/mine")).status, "/mine needs a profile").to.equal(401);
      const page = (await hub.get(`/api/tournaments/${code}`)).body as any;
      expect(page).to.deep.include({ id: code, private: true, creator: { id: ann.id, name: "Ann Maker" }, status: "scheduled" });

      const room = await new Client(`ws://127.0.0.1:${PORT}`).joinOrCreate(TOURNAMENT_ROOM, { tournament: code, profileKey: bob.key });
      const standings = await new Probe(room).next("event", 0, (e: any) => e.kind === "standings");
      expect(standings.rows.map((r: any) => r.name)).to.deep.equal(["Bob Guest"]);
      await room.leave();
    });

    it("limits the open ones per profile and hub-wide; the creator alone cancels one before it starts, and its room ends for whoever waits", async () => {
      const cat = await newProfileAt(PORT, "Cat Limits");
      const codes: string[] = [];
      for (let i = 0; i < PRIVATE_LIMITS.perProfile; i++) {
        const r = await make(cat, { pool: "connect4", kind: "timed-arena", minutes: 10, startsIn: 60 });
        expect(r.status, JSON.stringify(r.body)).to.equal(201);
        codes.push(r.body.code);
      }
      const over = await make(cat, { pool: "connect4", kind: "timed-arena", minutes: 10, startsIn: 60 });
      expect(over.status).to.equal(429);
      expect(over.body).to.deep.include({ code: "too-many-yours" });
      expect(over.body.message).to.match(/cancel one before it starts/);

      // Bob waits in the first one's room; someone else cannot cancel it; Cat can.
      const room = await new Client(`ws://127.0.0.1:${PORT}`).joinOrCreate(TOURNAMENT_ROOM, { tournament: codes[0], profileKey: bob.key });
      const probe = new Probe(room);
      await probe.next("event", 0, (e: any) => e.kind === "standings");
      const notYours = await apiAt(PORT, `/tournaments/${codes[0]}`, { method: "DELETE", key: bob.key });
      expect(notYours.status).to.equal(403);
      expect(notYours.body.message).to.match(/Only the player who made/);
      const cancelled = await apiAt(PORT, `/tournaments/${codes[0]}`, { method: "DELETE", key: cat.key });
      expect(cancelled.status, JSON.stringify(cancelled.body)).to.equal(200);
      await probe.next("event", 0, (e: any) => e.kind === "standings" && e.finished === true);
      expect((await hub.get(`/api/tournaments/${codes[0]}`)).body).to.deep.include({ status: "finished", finished: true });
      const again = await apiAt(PORT, `/tournaments/${codes[0]}`, { method: "DELETE", key: cat.key });
      expect(again.status).to.equal(409);
      const refused = await new Client(`ws://127.0.0.1:${PORT}`).joinOrCreate(TOURNAMENT_ROOM, { tournament: codes[0], profileKey: cat.key }).then(
        (r) => (void r.leave(), null),
        (e: Error) => e.message,
      );
      expect(refused).to.match(/cancelled by the player who made it/);
      await room.leave();

      // Cancelled, it no longer counts: Cat may make another.
      const another = await make(cat, { pool: "connect4", kind: "timed-arena", minutes: 10, startsIn: 0 });
      expect(another.status).to.equal(201);
      const started = await apiAt(PORT, `/tournaments/${another.body.code}`, { method: "DELETE", key: cat.key });
      expect(started.status, "started: no longer cancelled").to.equal(409);
      expect(started.body.message).to.match(/has started/);

      // Hub-wide: at the bound, nobody makes one, in words.
      const saved = PRIVATE_LIMITS.hubWide;
      PRIVATE_LIMITS.hubWide = (await hub.store.tournaments.openPrivate(0)) + 0;
      try {
        const dan = await newProfileAt(PORT, "Dan Late");
        const full = await make(dan, { pool: "connect4", kind: "swiss", rounds: 3, startsIn: 5 });
        expect(full.status).to.equal(503);
        expect(full.body).to.deep.include({ code: "too-many-tournaments" });
      } finally {
        PRIVATE_LIMITS.hubWide = saved;
      }
    });
  });

  describe("a restart keeps it", () => {
    const make = (me: Me, body: unknown) => apiAt(PORT, "/tournaments", { method: "POST", body: JSON.stringify(body), key: me.key });
    let pg: PostgresServer | null = null;
    before(async function () {
      this.timeout(60_000);
      pg = await testPostgres();
    });
    const backends: { name: string; place: () => Promise<string>; open: (place: string) => Promise<SqlStore> }[] = [
      { name: "SQLite", place: async () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "hub-private-")), "hub.sqlite"), open: async (f) => new SqliteStore(f) },
      { name: "PostgreSQL", place: async () => pg!.createDatabase("private"), open: (url) => PgStore.open(url) },
    ];
    for (const backend of backends) {
      it(`${backend.name}: made and entered, the hub stopped and started on the same database: the code, its creator's list and its entrant are there`, async () => {
        const place = await backend.place();
        let hub = await bootHub(PORT, { store: await backend.open(place) });
        const eve = await newProfileAt(PORT, "Eve Keeper");
        const fay = await newProfileAt(PORT, "Fay Entrant");
        const made = await make(eve, { pool: "connect4", kind: "timed-arena", minutes: 30, startsIn: 20 });
        expect(made.status, JSON.stringify(made.body)).to.equal(201);
        const code = made.body.code;
        const room = await new Client(`ws://127.0.0.1:${PORT}`).joinOrCreate(TOURNAMENT_ROOM, { tournament: code, profileKey: fay.key });
        await new Probe(room).next("event", 0, (e: any) => e.kind === "standings");
        await room.leave(false); // a socket cut by the stop, not a withdrawal
        await hub.shutdown();
        await Promise.resolve(hub.store.close()).catch(() => undefined);

        hub = await bootHub(PORT2, { store: await backend.open(place) });
        try {
          expect((await apiAt(PORT2, "/tournaments/mine", { key: eve.key })).body.tournaments.map((t: any) => t.code)).to.deep.equal([code]);
          const page = (await hub.get(`/api/tournaments/${code}`)).body as any;
          expect(page).to.deep.include({ id: code, private: true, kind: "timed-arena" });
          expect(page.standings.map((r: any) => r.name)).to.deep.equal(["Fay Entrant"]);
          const back = await new Client(`ws://127.0.0.1:${PORT2}`).joinOrCreate(TOURNAMENT_ROOM, { tournament: code, profileKey: eve.key });
          const s = await new Probe(back).next("event", 0, (e: any) => e.kind === "standings" && e.rows.length === 2);
          expect(s.rows.map((r: any) => r.name).sort()).to.deep.equal(["Eve Keeper", "Fay Entrant"]);
          await back.leave();
        } finally {
          await hub.shutdown();
          await Promise.resolve(hub.store.close()).catch(() => undefined);
        }
      });
    }
  });
});
