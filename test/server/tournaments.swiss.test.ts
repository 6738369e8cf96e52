// A Swiss run by the hub (server/tournaments/TournamentDirector.ts, runs.ts) with ten bot
// players over real colyseus.js clients: four rounds of Connect Four in ordinary rated rooms
// (the lower-numbered bot of a table wins), one bot dropping out in round 1 (its game there
// still scored; nine left: a bye in each later round). Checked from the store: every active
// player once a round, no rematch, one bye each at most, the dropout paired no more, every
// result the game its room stored, and the standings sent against a computation (score,
// Buchholz, Sonneborn-Berger) made here from the results.

import { expect } from "chai";
import { SeatedRoom } from "../../server/rooms/base/SeatedRoom.js";
import { TournamentDirector } from "../../server/tournaments/TournamentDirector.js";
import { bootHub, sleep, type TestHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";
import { newProfileAt } from "./rated.helpers.js";
import { arenaBot, BotField, expectSeatOrder, type ArenaBot } from "./tournaments.helpers.js";

const PORT = testPort(2972);
const ROUNDS = 4;

describe("tournaments: a Swiss run by the hub, bots as players", function () {
  this.timeout(120_000);
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

  it("ten bots, four rounds, one dropout: every round paired by the rules, results from the rooms' games, standings that add up", async () => {
    const bots: ArenaBot[] = [];
    for (let i = 0; i < 10; i++) bots.push(arenaBot(await newProfileAt(PORT, `Swiss ${i}`), i, `ws://127.0.0.1:${PORT}`));
    const index = new Map(bots.map((b) => [b.me.id, b.index]));
    // Round 1 is paired at startsAt: the director's clock stands before it until all ten are in.
    let started = false;
    TournamentDirector.now = () => (started ? Date.now() : 0);
    const id = "monday-swiss";
    await hub.store.tournaments.create({
      id,
      kind: "swiss",
      pool: "connect4",
      title: "Monday Swiss",
      config: { rounds: ROUNDS, startsAt: 1 },
      seed: "0123456789abcdef0123456789abcdef",
      status: "scheduled",
      createdAt: 1,
    });
    const field = new BotField(id, bots);
    await field.joinAll();
    started = true;

    // Bot 9 drops out as soon as round 1 is paired: its game there is still played and scored.
    await bots[9].probe.next("event", 0, (e) => e.kind === "matched", 20_000);
    await bots[9].room.leave();
    bots[9].left = true;

    const end = await field.finish(bots[0], 60_000);
    const record = (await hub.store.tournaments.load(id))!;
    expect(record.tournament.status).to.equal("finished");
    const results = new Map(record.results.map((r) => [r.no, r]));
    const met = new Set<string>();
    const byes = new Map<string, number>();
    const bot9 = bots[9].me.id;
    for (let round = 1; round <= ROUNDS; round++) {
      const games = record.pairings.filter((p) => p.round === round);
      const seated = games.flatMap((p) => p.players).sort();
      const active = record.entries.filter((e) => round === 1 || e.profileId !== bot9).map((e) => e.profileId).sort();
      expect(seated, `round ${round}: every active player once, the dropout not after round 1`).to.deep.equal(active);
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
        const stored = (await hub.store.tournaments.finishedIn(p.roomId!, p.pairedAt))!;
        expect(r.gameId, `game ${p.no}: its room's stored game`).to.equal(stored.gameId);
        const [a, b] = [...p.players].sort((x, y) => index.get(x)! - index.get(y)!);
        expect(r.results).to.deep.equal({ [a]: "win", [b]: "loss" });
        expectSeatOrder(field, p.roomId!, p.players);
      }
    }
    expect([...byes.values()].every((n) => n === 1), "one bye each at most").to.equal(true);
    expect(byes.size, "a bye in each of the rounds with nine").to.equal(ROUNDS - 1);

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
    expect(end.rows[0].name, "the lower-numbered bot wins every game: bot 0 on top").to.equal("Swiss 0");
    expect(end.rows[0].score).to.equal(ROUNDS);

    await field.leaveAll();
    await sleep(200);
  });
});
