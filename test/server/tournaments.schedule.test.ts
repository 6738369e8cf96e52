// Tournaments an operator schedules (server/tournaments/schedule.ts) and the list anyone reads
// (`GET /api/tournaments`): the TOURNAMENTS setting read in words; the slots due at a time;
// two processes sweeping the same schedule at once on one database, and a restart sweeping it
// again, write each slot's row once (SQLite file and PostgreSQL); a hub started with a
// schedule lists its arenas as running and upcoming, and a finished one as finished, and a
// player joins the running one from the list.

import { expect } from "chai";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SqliteStore, type SqlStore } from "../../server/store/index.js";
import { PgStore } from "../../server/store/PgStore.js";
import { createScheduled, parseSchedule, pruneUnplayed, slotsDue, type ScheduledArena, type ScheduledEntry } from "../../server/tournaments/schedule.js";
import { Client } from "colyseus.js";
import { TOURNAMENT_ROOM } from "../../server/tournaments/TournamentDirector.js";
import { bootHub, Probe, type TestHub } from "../helpers/hub.js";
import { newProfileAt } from "./rated.helpers.js";
import { testPostgres, type PostgresServer } from "../helpers/postgres.js";
import { testPort } from "../helpers/ports.js";
import { RATED_POOLS } from "../../common/rated.js";

const HOUR = 3_600_000;
const SCHEDULE: ScheduledArena[] = [
  { pool: "connect4", everyMinutes: 60, minutes: 30, title: "Hourly Connect Four", tableSize: 2 },
  { pool: "connect4", everyMinutes: 1440, minutes: 120, title: "Daily Connect Four", tableSize: 2 },
];

describe("tournaments: the operator's schedule and the list", function () {
  this.timeout(60_000);

  describe("the TOURNAMENTS setting", () => {
    it("reads a JSON list or a file, fills defaults, and refuses a wrong one in words", () => {
      expect(parseSchedule(undefined)).to.deep.equal([]);
      expect(parseSchedule('[{"pool":"connect4","everyMinutes":60,"minutes":30}]')).to.deep.equal([
        { pool: "connect4", everyMinutes: 60, minutes: 30, title: "Connect Four arena", tableSize: 2 },
      ]);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "hub-sched-")), "t.json");
      fs.writeFileSync(file, JSON.stringify(SCHEDULE));
      expect(parseSchedule(file)).to.deep.equal(SCHEDULE);
      expect(() => parseSchedule("/no/such/file.json")).to.throw(/cannot read the schedule file/);
      expect(() => parseSchedule("[{")).to.throw(/not valid JSON/);
      expect(() => parseSchedule('[{"pool":"chess","everyMinutes":60,"minutes":30}]')).to.throw(/"chess" is not a rated pool/);
      expect(() => parseSchedule('[{"pool":"connect4","everyMinutes":60,"minutes":90}]')).to.throw(/minutes \(the window\)/);
      expect(() => parseSchedule('[{"pool":"connect4","everyMinutes":1,"minutes":1}]')).to.throw(/everyMinutes is a whole number/);
      expect(() => parseSchedule('[{"pool":"connect4","everyMinutes":60,"minutes":30,"tableSize":3}]')).to.throw(/tableSize must be between 2 and 2/);
    });

    it("reads Swiss entries (rounds, round time, an offset into the interval) and refuses wrong ones in words", () => {
      expect(parseSchedule('[{"kind":"swiss","pool":"connect4","everyMinutes":1440,"offsetMinutes":1080,"rounds":5,"roundMinutes":12}]')).to.deep.equal([
        { kind: "swiss", pool: "connect4", everyMinutes: 1440, rounds: 5, roundMinutes: 12, title: "Connect Four Swiss", offsetMinutes: 1080 },
      ]);
      expect(parseSchedule('[{"kind":"swiss","pool":"connect4","everyMinutes":60,"rounds":3}]')).to.deep.equal([{ kind: "swiss", pool: "connect4", everyMinutes: 60, rounds: 3, title: "Connect Four Swiss" }]);
      expect(() => parseSchedule('[{"kind":"swiss","pool":"connect4","everyMinutes":60}]')).to.throw(/rounds is a whole number from 1 to 15/);
      expect(() => parseSchedule('[{"kind":"swiss","pool":"connect4","everyMinutes":60,"rounds":3,"roundMinutes":0}]')).to.throw(/roundMinutes .* leave it out/);
      expect(() => parseSchedule('[{"kind":"swiss","pool":"connect4","everyMinutes":60,"rounds":3,"offsetMinutes":60}]')).to.throw(/offsetMinutes/);
      expect(() => parseSchedule('[{"kind":"knockout","pool":"connect4","everyMinutes":60,"minutes":30}]')).to.throw(/kind is "timed-arena" \(an arena, the default\) or "swiss"/);
      const fourSeats = RATED_POOLS.find((p) => p.seats.min > 2);
      if (fourSeats) expect(() => parseSchedule(JSON.stringify([{ kind: "swiss", pool: fourSeats.id, everyMinutes: 60, rounds: 3 }]))).to.throw(/a Swiss is for two-player games/);
    });

    it("a Swiss's slots: the next one, and the last one until it would be called off; an offset moves the start", () => {
      const swiss: ScheduledEntry = { kind: "swiss", pool: "connect4", everyMinutes: 1440, offsetMinutes: 1080, rounds: 5, title: "Evening Swiss" };
      const day = 500 * 24 * HOUR;
      // 18:05 UTC: today's 18:00 Swiss may still start (late entries) and tomorrow's is next.
      const rows = slotsDue([swiss], day + 18 * HOUR + 5 * 60_000);
      expect(rows.map((r) => [r.id, r.kind, (r.config as any).startsAt])).to.deep.equal([
        [`connect4-s1440m-${(day + 18 * HOUR) / 60_000}`, "swiss", day + 18 * HOUR],
        [`connect4-s1440m-${(day + 42 * HOUR) / 60_000}`, "swiss", day + 42 * HOUR],
      ]);
      // 18:30: today's is past its call-off (ten minutes), only tomorrow's.
      expect(slotsDue([swiss], day + 18 * HOUR + 30 * 60_000).map((r) => (r.config as any).startsAt)).to.deep.equal([day + 42 * HOUR]);
    });

    it("the slots due: the one open now and the next, aligned to the interval, with keys and seeds from the slot", () => {
      const now = 1000 * HOUR + 10 * 60_000; // 10 minutes into an hour
      const rows = slotsDue([SCHEDULE[0]], now);
      expect(rows.map((r) => [r.id, (r.config as any).startsAt, (r.config as any).endsAt])).to.deep.equal([
        [`connect4-60m-${1000 * 60}`, 1000 * HOUR, 1000 * HOUR + 30 * 60_000],
        [`connect4-60m-${1001 * 60}`, 1001 * HOUR, 1001 * HOUR + 30 * 60_000],
      ]);
      expect(slotsDue([SCHEDULE[0]], now)).to.deep.equal(rows, "the same rows at the same time (every process computes them alike)");
      // 40 minutes in: the current window has closed, only the next slot is due.
      expect(slotsDue([SCHEDULE[0]], 1000 * HOUR + 40 * 60_000).map((r) => r.id)).to.deep.equal([`connect4-60m-${1001 * 60}`]);
      for (const r of rows) expect(r.id).to.match(/^[A-Za-z0-9_-]{1,40}$/);
    });
  });

  let pg: PostgresServer | null = null;
  before(async function () {
    this.timeout(60_000);
    pg = await testPostgres();
  });

  const backends: { name: string; place: () => Promise<string>; open: (place: string) => Promise<SqlStore> }[] = [
    { name: "SQLite", place: async () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "hub-sched-")), "hub.sqlite"), open: async (f) => new SqliteStore(f) },
    { name: "PostgreSQL", place: async () => pg!.createDatabase("schedule"), open: (url) => PgStore.open(url) },
  ];
  for (const backend of backends) {
    it(`${backend.name}: two processes sweeping at once, then a restart, write each slot once`, async () => {
      const place = await backend.place();
      const a = await backend.open(place);
      const b = await backend.open(place);
      // 5 minutes into hour 2000 (8:05 of its day): the hourly arena's open slot and next, the daily one's next only.
      const now = 2000 * HOUR + 5 * 60_000;
      expect(slotsDue(SCHEDULE, now).length).to.equal(3);
      const made = await Promise.all([createScheduled(a.tournaments, SCHEDULE, now), createScheduled(b.tournaments, SCHEDULE, now), createScheduled(a.tournaments, SCHEDULE, now)]);
      expect(made.reduce((x, y) => x + y, 0), "three slots, each written by one sweep").to.equal(3);
      await a.close();
      await b.close();
      const again = await backend.open(place);
      expect(await createScheduled(again.tournaments, SCHEDULE, now + 60_000), "after a restart: nothing new").to.equal(0);
      const rows = await again.tournaments.list(["scheduled", "running", "finished"]);
      expect(rows.map((r) => r.id).sort()).to.deep.equal(slotsDue(SCHEDULE, now).map((r) => r.id).sort());
      // The next hour's sweep adds the slot after (one more), keeping the rest.
      expect(await createScheduled(again.tournaments, SCHEDULE, now + HOUR)).to.equal(1);
      await again.close();
    });
  }

  for (const backend of backends) {
    it(`${backend.name}: slots nobody entered are pruned once over (bounded per sweep), entered, started or hand-written ones stay`, async () => {
      const store = await backend.open(await backend.place());
      const t = store.tournaments;
      const every: ScheduledEntry[] = [
        { pool: "connect4", everyMinutes: 5, minutes: 5, title: "Every five" },
        { kind: "swiss", pool: "connect4", everyMinutes: 60, rounds: 3, title: "Hourly Swiss" },
      ];
      // A day of sweeps, one a minute, as a process would run them: the store holds only what can still be played.
      const dayStart = 4000 * 24 * HOUR;
      let made = 0;
      for (let m = 0; m < 24 * 60; m += 7) made += await createScheduled(t, every, dayStart + m * 60_000);
      expect(made, "many slots written over the day").to.be.above(200);
      // One slot someone entered stays whatever its age; another a room started (running) stays too.
      const old = slotsDue(every, dayStart)[0];
      await t.saveEntry(old.id, { profileId: "p-entered-01", rating: 1500, joinedAt: dayStart, withdrawn: false });
      const started = slotsDue(every, dayStart + HOUR).find((r) => r.kind === "swiss")!;
      await t.setStatus(started.id, "running");
      // A row written by hand (no schedule mark, no creator) is never pruned.
      await t.create({ id: "by-hand", kind: "timed-arena", pool: "connect4", title: "By hand", config: { startsAt: 1, endsAt: 2, tableSize: 2 }, seed: "0123456789abcdef0123456789abcdef", status: "scheduled", createdAt: 1 });
      const end = dayStart + 24 * HOUR;
      made += await createScheduled(t, every, end);
      const first = await pruneUnplayed(t, end);
      expect(first, "a sweep deletes at most its batch").to.equal(200);
      let gone = first;
      for (let n = await pruneUnplayed(t, end); n > 0; n = await pruneUnplayed(t, end)) gone += n;
      const left = (await t.list(["scheduled", "running", "finished"])).map((r) => r.id).sort();
      expect(left).to.deep.equal([old.id, started.id, "by-hand", ...slotsDue(every, end).map((r) => r.id)].sort());
      expect(gone + left.length).to.equal(made + 1);
      await store.close();
    });
  }

  describe("GET /api/tournaments", () => {
    // An hourly arena whose window is the whole hour: one is running whatever the time of day
    // (with SCHEDULE's 30-minute window, none runs in an hour's second half).
    const LISTED = SCHEDULE.map((a) => (a.everyMinutes === 60 ? { ...a, minutes: 60 } : a));
    let hub: TestHub;
    const PORT = testPort(2974);
    before(async () => {
      // The lists change at the hours and half hours (the windows' ends): a run that would
      // straddle one waits it out first, so the hub's sweep and the test read one schedule.
      const HALF = 30 * 60_000;
      const left = HALF - (Date.now() % HALF);
      if (left < 30_000) await new Promise((r) => setTimeout(r, left + 2_000));
      hub = await bootHub(PORT, { tournaments: LISTED });
    });
    after(async () => {
      await hub?.shutdown();
    });

    it("lists the scheduled arenas as running and upcoming and a finished one as finished, bounded, newest finished first; a player joins the running one", async () => {
      for (let i = 0; i < 25; i++) {
        await hub.store.tournaments.create({
          id: `old-${i}`,
          kind: "swiss",
          pool: "connect4",
          title: `Old Swiss ${i}`,
          config: { rounds: 3, startsAt: 1 },
          seed: "0123456789abcdef0123456789abcdef",
          status: "finished",
          createdAt: 1000 + i,
        });
      }
      const res = await hub.get("/api/tournaments");
      expect(res.status).to.equal(200);
      const body = res.body as any;
      const now = Date.now();
      const due = slotsDue(LISTED, now);
      const open = due.filter((r) => (r.config as any).startsAt <= now);
      const later = due.filter((r) => (r.config as any).startsAt > now);
      // Sorted: at 00:00 UTC the hourly's and the daily's start together; the route orders them by
      // creation then id, the schedule by its own list.
      expect(body.running.map((r: any) => r.id).sort()).to.deep.equal(open.map((r) => r.id).sort());
      expect(body.upcoming.map((r: any) => r.id).sort()).to.deep.equal(later.map((r) => r.id).sort());
      expect(body.running.find((r: any) => r.title === "Hourly Connect Four")).to.deep.include({ kind: "timed-arena", pool: "connect4", status: "running" });
      expect(body.finished.length, "bounded").to.equal(20);
      expect(body.finished[0].id, "newest first").to.equal("old-24");
      expect(body.finished.every((r: any) => r.status === "finished")).to.equal(true);

      // A player finds the running arena in the list and joins it: entered, in the standings.
      const me = await newProfileAt(PORT, "Scheduled player");
      const room = await new Client(`ws://127.0.0.1:${PORT}`).joinOrCreate(TOURNAMENT_ROOM, { tournament: body.running[0].id, profileKey: me.key });
      const standings = await new Probe(room).next("event", 0, (e: any) => e.kind === "standings");
      expect(standings.rows.map((r: any) => [r.id, r.name])).to.deep.equal([[me.id, "Scheduled player"]]);
      await room.leave();
    });
  });
});
