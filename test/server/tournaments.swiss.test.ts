// Swiss events run by the hub (server/tournaments/TournamentDirector.ts, runs.ts) with bot
// players over real colyseus.js clients, in ordinary rated Connect Four rooms (the
// lower-numbered bot of a table wins): ten bots over four rounds with one dropout in round 1
// (its game there still scored), and the 64 bots over seven rounds with 10 % dropouts
// (each leaving the tournament room as one of its games is paired). Checked from the store:
// every player still in once a round and a dropout never again after leaving, no rematch, one
// bye each at most, first moves within −2…+2 per player, each room's seats in the pairing's
// order, every result the game its room stored, and the standings sent against a computation
// (score, Buchholz, Sonneborn-Berger) made here from the results.

import { expect } from "chai";
import { SeatedRoom } from "../../server/rooms/base/SeatedRoom.js";
import { TournamentDirector } from "../../server/tournaments/TournamentDirector.js";
import { bootHub, sleep, type TestHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";
import { newProfileAt } from "./rated.helpers.js";
import { createScheduled, type ScheduledSwiss } from "../../server/tournaments/schedule.js";
import { arenaBot, BotField, expectSeatOrder, type ArenaBot } from "./tournaments.helpers.js";


const PORT = testPort(2972);

describe("tournaments: Swiss events run by the hub, bots as players", function () {
  this.timeout(300_000);
  let hub: TestHub;
  let scale = 1;
  const saved = { tick: TournamentDirector.tickMs, now: TournamentDirector.now };

  before(async () => {
    scale = SeatedRoom.botDelayScale;
    SeatedRoom.botDelayScale = 0.05;
    TournamentDirector.tickMs = 100;
    hub = await bootHub(PORT);
  });
  after(async () => {
    SeatedRoom.botDelayScale = scale;
    Object.assign(TournamentDirector, { tickMs: saved.tick, now: saved.now });
    await hub?.shutdown();
  });

  /**
   * `players` bots, `rounds` rounds; `dropAt` maps a bot's number to the game (1st, 2nd…) at
   * whose pairing it leaves the tournament room. Returns the standings the room sent at the end.
   */
  async function runSwiss(id: string, players: number, rounds: number, dropAt: Map<number, number>): Promise<any> {
    const bots: ArenaBot[] = [];
    for (let i = 0; i < players; i++) bots.push(arenaBot(await newProfileAt(PORT, `${id} ${i}`), i, `ws://127.0.0.1:${PORT}`));
    const index = new Map(bots.map((b) => [b.me.id, b.index]));
    // Round 1 is paired at startsAt: the director's clock stands before it until all are in.
    let started = false;
    TournamentDirector.now = () => (started ? Date.now() : 0);
    await hub.store.tournaments.create({
      id,
      kind: "swiss",
      pool: "connect4",
      title: "Swiss",
      config: { rounds, startsAt: 1 },
      seed: "0123456789abcdef0123456789abcdef",
      status: "scheduled",
      createdAt: 1,
    });
    const field = new BotField(id, bots);
    await field.joinAll();
    // Dropouts: a bot leaves the tournament room when its n-th game is paired (that game is still played).
    for (const [i, n] of dropAt) {
      const bot = bots[i];
      void bot.probe
        .until(() => bot.probe.of("event").filter((e) => e.kind === "matched").length >= n || undefined, 200_000, `bot ${i}'s game ${n}`)
        .then(() => ((bot.left = true), bot.room.leave()));
    }
    started = true;

    const end = await field.finish(bots[0], 240_000);
    const record = (await hub.store.tournaments.load(id))!;
    expect(record.tournament.status).to.equal("finished");
    expect(record.entries.filter((e) => e.withdrawn).map((e) => index.get(e.profileId)).sort((a, b) => a! - b!), "the dropouts withdrawn").to.deep.equal([...dropAt.keys()].sort((a, b) => a - b));
    const results = new Map(record.results.map((r) => [r.no, r]));
    const met = new Set<string>();
    const byes = new Map<string, number>();
    const balance = new Map<string, number>();
    const roundsOf = new Map<string, number[]>();
    for (let round = 1; round <= rounds; round++) {
      const games = record.pairings.filter((p) => p.round === round);
      const seated = games.flatMap((p) => p.players);
      expect(new Set(seated).size, `round ${round}: nobody twice`).to.equal(seated.length);
      for (const pid of seated) roundsOf.set(pid, [...(roundsOf.get(pid) ?? []), round]);
      for (const p of games) {
        const r = results.get(p.no)!;
        expect(r, `game ${p.no} scored`).to.not.equal(undefined);
        if (p.players.length === 1) {
          byes.set(p.players[0], (byes.get(p.players[0]) ?? 0) + 1);
          expect(r.results).to.deep.equal({ [p.players[0]]: "win" });
          continue;
        }
        const key = [...p.players].sort().join("-");
        expect(met.has(key), `no rematch: ${key}`).to.equal(false);
        met.add(key);
        balance.set(p.players[0], (balance.get(p.players[0]) ?? 0) + 1);
        balance.set(p.players[1], (balance.get(p.players[1]) ?? 0) - 1);
        const stored = (await hub.store.tournaments.finishedIn(p.roomId!, p.pairedAt))!;
        expect(r.gameId, `game ${p.no}: its room's stored game`).to.equal(stored.gameId);
        const [a, b] = [...p.players].sort((x, y) => index.get(x)! - index.get(y)!);
        expect(r.results).to.deep.equal({ [a]: "win", [b]: "loss" });
        expectSeatOrder(field, p.roomId!, p.players);
      }
    }
    // Everyone still in plays every round; a dropout plays rounds 1…k, then never again.
    for (const e of record.entries) {
      const played = roundsOf.get(e.profileId) ?? [];
      if (!e.withdrawn) expect(played, `${index.get(e.profileId)}: every round`).to.deep.equal(Array.from({ length: rounds }, (_, k) => k + 1));
      else expect(played, `${index.get(e.profileId)}: rounds 1…k`).to.deep.equal(Array.from({ length: played.length }, (_, k) => k + 1));
    }
    expect([...byes.values()].every((n) => n === 1), "one bye each at most").to.equal(true);
    for (const [pid, d] of balance) expect(Math.abs(d), `${index.get(pid)}: firsts − seconds`).to.be.at.most(2);

    // Standings from the results alone: a win (or a bye) 1; Buchholz, Sonneborn-Berger.
    const score = new Map(record.entries.map((e) => [e.profileId, 0]));
    for (const r of record.results) for (const [pid, res] of Object.entries(r.results)) score.set(pid, score.get(pid)! + (res === "win" ? 1 : res === "draw" ? 0.5 : 0));
    const rows = record.entries.map((e) => {
      let buchholz = 0;
      let sb = 0;
      let wins = 0;
      for (const p of record.pairings.filter((x) => x.players.length === 2 && x.players.includes(e.profileId))) {
        const opp = p.players.find((x) => x !== e.profileId)!;
        const res = results.get(p.no)!.results[e.profileId];
        buchholz += score.get(opp)!;
        sb += res === "win" ? score.get(opp)! : res === "draw" ? score.get(opp)! / 2 : 0;
        if (res === "win") wins++;
      }
      return { id: e.profileId, score: score.get(e.profileId)!, buchholz, sonnebornBerger: sb, wins, rating: e.rating };
    });
    rows.sort((x, y) => y.score - x.score || y.buchholz - x.buchholz || y.sonnebornBerger - x.sonnebornBerger || y.wins - x.wins || y.rating - x.rating || (x.id < y.id ? -1 : 1));
    expect(end.rows.map((r: any) => ({ id: r.id, score: r.score, buchholz: r.buchholz, sb: r.sonnebornBerger }))).to.deep.equal(
      rows.map((r) => ({ id: r.id, score: r.score, buchholz: r.buchholz, sb: r.sonnebornBerger })),
    );
    expect(end.rows[0].name, "the lower-numbered bot wins every game: bot 0 on top").to.equal(`${id} 0`);
    expect(end.rows[0].score).to.equal(rounds);
    await field.leaveAll();
    await sleep(200);
    return { record, byes };
  }

  it("ten bots, four rounds, one dropout in round 1: every round paired by the rules, results from the rooms' games, standings that add up", async () => {
    const { byes } = await runSwiss("monday-swiss", 10, 4, new Map([[9, 1]]));
    expect(byes.size, "a bye in each of the three rounds with nine").to.equal(3);
  });

  it("a Swiss from the operator's schedule: its slot written by the sweep, entered before its start, round 2 held until its round time though round 1 ended sooner, run to the end", async () => {
    const entry: ScheduledSwiss = { kind: "swiss", pool: "connect4", everyMinutes: 60, rounds: 2, roundMinutes: 5, title: "Hourly Swiss" };
    const HOUR = 3_600_000;
    const before = 3000 * HOUR + 50 * 60_000; // 10 minutes before hour 3001's slot
    const start = 3001 * HOUR;
    let clock = before;
    TournamentDirector.now = () => clock;
    expect(await createScheduled(hub.store.tournaments, [entry], before), "the next slot only (this hour's was called off 40 minutes ago)").to.equal(1);
    const id = `connect4-s60m-${start / 60_000}`;
    const row = (await hub.store.tournaments.load(id))!.tournament;
    expect(row).to.deep.include({ kind: "swiss", title: "Hourly Swiss", status: "scheduled" });
    expect(row.config).to.deep.equal({ rounds: 2, startsAt: start, roundMinutes: 5, scheduled: true });
    const bots: ArenaBot[] = [];
    for (let i = 0; i < 4; i++) bots.push(arenaBot(await newProfileAt(PORT, `sched ${i}`), i, `ws://127.0.0.1:${PORT}`));
    const field = new BotField(id, bots);
    await field.joinAll();
    expect((await hub.store.tournaments.load(id))!.pairings, "nothing paired before the start").to.deep.equal([]);
    clock = start;
    // The tick that scores round 1's last game pairs (or not) before it sends those standings.
    const total = (e: any) => e.rows.reduce((n: number, r: any) => n + r.score, 0);
    await bots[0].probe.next("event", 0, (e) => e.kind === "standings" && total(e) === 2, 60_000);
    expect((await hub.store.tournaments.load(id))!.pairings.map((p) => p.round), "round 2 waits for start + 5 minutes").to.deep.equal([1, 1]);
    clock = start + 5 * 60_000;
    const end = await field.finish(bots[0], 60_000);
    const record = (await hub.store.tournaments.load(id))!;
    expect(record.tournament.status).to.equal("finished");
    expect(record.pairings.map((p) => p.round)).to.deep.equal([1, 1, 2, 2]);
    expect(end.rows[0].name).to.equal("sched 0");
    expect(end.rows[0].score).to.equal(2);
    await field.leaveAll();
  });

  it("64 bots, seven rounds, 10 % dropouts (six, leaving at their 1st to 6th game): runs to the end by the same rules", async () => {
    await runSwiss("big-swiss", 64, 7, new Map([[58, 1], [59, 2], [60, 3], [61, 4], [62, 5], [63, 6]]));
  });
});
