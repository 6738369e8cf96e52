// Arenas run by the hub (server/tournaments/TournamentDirector.ts) with bot players over real
// colyseus.js clients: six profiles join a 7-second Connect Four arena, are paired, play
// ordinary rated rooms (the lower-numbered bot wins), are paired again as they finish. One run
// has a bot leave midway; another stops the director's room as a crash would (no lease
// released, no goodbye) with games in flight, and the bots join again once its lease has run
// out. Each time the stored pairings and results are checked against the games the rooms
// stored, the players' timelines, and the standings against a computation from the results
// made here. A second room for a running tournament is refused while the first holds the lease.

import { expect } from "chai";
import { matchMaker } from "@colyseus/core";
import { Client } from "colyseus.js";
import { SeatedRoom } from "../../server/rooms/base/SeatedRoom.js";
import { TournamentDirector, TOURNAMENT_ROOM } from "../../server/tournaments/TournamentDirector.js";
import { bootHub, rejection, sleep, until, type TestHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";
import { newProfileAt } from "./rated.helpers.js";
import { arenaBot, BotField, checkArena, checkMyGames } from "./tournaments.helpers.js";

const PORT = testPort(2971);
const WINDOW_MS = 7000;

describe("tournaments: arenas run by the hub, bots as players", function () {
  this.timeout(90_000);
  let hub: TestHub;
  let scale = 1;
  const saved = { tick: TournamentDirector.tickMs, now: TournamentDirector.now, lease: TournamentDirector.leaseMs };

  before(async () => {
    scale = SeatedRoom.botDelayScale;
    SeatedRoom.botDelayScale = 0.05;
    TournamentDirector.tickMs = 100;
    hub = await bootHub(PORT);
  });
  after(async () => {
    SeatedRoom.botDelayScale = scale;
    Object.assign(TournamentDirector, { tickMs: saved.tick, now: saved.now, leaseMs: saved.lease });
    await hub?.shutdown();
  });

  /** Six bots joined to arena `id`; the director's clock runs from when they are all in. */
  async function arena(id: string, names: string) {
    const bots = [];
    for (let i = 0; i < 6; i++) bots.push(arenaBot(await newProfileAt(PORT, `${names} ${i}`), i, `ws://127.0.0.1:${PORT}`));
    const startsAt = Date.now();
    // The director's clock stands at the start until every bot has joined (a cold first join
    // can take seconds on a busy machine), then runs with the wall clock.
    let runningSince: number | null = null;
    TournamentDirector.now = () => (runningSince === null ? startsAt : startsAt + (Date.now() - runningSince));
    await hub.store.tournaments.create({
      id,
      kind: "timed-arena",
      pool: "connect4",
      title: "Friday arena",
      config: { startsAt, endsAt: startsAt + WINDOW_MS, tableSize: 2 },
      seed: "00112233445566778899aabbccddeeff",
      status: "scheduled",
      createdAt: startsAt,
    });
    const field = new BotField(id, bots);
    await field.joinAll();
    runningSince = Date.now();
    return { bots, field };
  }

  it("pairs, plays rated rooms, re-pairs as games end, withdraws a leaver, and stores standings that add up", async () => {
    const id = "friday-arena";
    const { bots, field } = await arena(id, "Bot");
    expect(new Set(bots.map((b) => b.room.roomId)).size, "one room runs the tournament").to.equal(1);

    // A second room for it (another process's, as far as the lease can tell) is refused.
    const second = await rejection(matchMaker.createRoom(TOURNAMENT_ROOM, { tournament: id }));
    expect(String(second.message)).to.match(/Another server process is running this tournament/);

    // Bot 5 leaves after its first game: withdrawn, paired no more.
    await until(() => bots[5].games >= 1 || undefined, 15_000, "bot 5's first game");
    const leftAt = TournamentDirector.now();
    await bots[5].room.leave();
    bots[5].left = true;

    const end = await field.finish(bots[0], WINDOW_MS + 30_000);
    const record = await checkArena(hub.store.tournaments, id, field, end, 6);
    await checkMyGames(`http://127.0.0.1:${PORT}`, bots[0], record);
    const bot5Games = record.pairings.filter((p) => p.players.includes(bots[5].me.id));
    expect(bot5Games.every((p) => p.pairedAt <= leftAt), "a withdrawn player is not paired").to.equal(true);
    expect(record.entries.find((e) => e.profileId === bots[5].me.id)!.withdrawn).to.equal(true);
    // Bot 0 wins every game it plays (the bots' rule), but whether it tops the table depends on
    // how many games the window gave it on a busy machine: its record is what is certain.
    const bot0 = end.rows.find((r: any) => r.name === "Bot 0") as { games: number; wins: number };
    expect(bot0.games, "Bot 0 played").to.be.above(0);
    expect(bot0.wins, "Bot 0 won every game it played").to.equal(bot0.games);

    // The same standings over HTTP, for anyone.
    const page = await hub.get(`/api/tournaments/${id}`);
    expect(page.status).to.equal(200);
    expect(page.body).to.deep.include({ id, kind: "timed-arena", status: "finished", finished: true, games: record.pairings.length });
    expect((page.body as any).standings).to.deep.equal(end.rows);
    // Its games, newest first, each with its result and stored game (the page's replay links).
    const played = (page.body as any).played as { no: number; players: { id: string; name: string }[]; results: unknown; gameId: number | null }[];
    expect(played.map((g) => g.no)).to.deep.equal(record.pairings.map((p) => p.no).sort((a, b) => b - a));
    for (const g of played) {
      const r = record.results.find((x) => x.no === g.no);
      expect([g.results, g.gameId]).to.deep.equal([r?.results ?? null, r?.gameId ?? null]);
      expect(g.players.map((p) => p.id)).to.deep.equal(record.pairings.find((p) => p.no === g.no)!.players);
    }
    expect(played.some((g) => typeof g.gameId === "number" && g.gameId > 0), "the replays are linked").to.equal(true);
    expect((await hub.get("/api/tournaments/no-such")).status).to.equal(404);
    expect((await hub.get("/api/tournaments/bad%20id")).status).to.equal(400);
    await field.leaveAll();
    await sleep(200);
  });

  it("a director stopped as by a crash, games in flight: after its lease runs out a new one takes over from the store, no pairing or result lost or doubled", async () => {
    TournamentDirector.leaseMs = 1500;
    const id = "crash-arena";
    const { bots, field } = await arena(id, "Crash");
    for (const since = Date.now(); (await hub.store.tournaments.load(id))!.results.length < 2; await sleep(50)) {
      if (Date.now() - since > 15_000) throw new Error("timed out waiting for two results");
    }
    const before = (await hub.store.tournaments.load(id))!;
    expect(before.results.length, "games in flight at the crash").to.be.below(before.pairings.length);

    // The crash: the room stops ticking and goes without releasing its lease or withdrawing anyone.
    // It lands between two ticks, as a dead process's would: a tick cut halfway here would go on
    // by itself (pair, make a room, hand its seats to clients already gone), which no crash does,
    // and that game would then wait out its room's seat hold, far past the test's window.
    const director = hub.colyseus.getRoomById(bots[0].room.roomId) as unknown as TournamentDirector;
    const inside = director as unknown as { stopped: boolean; ticking: boolean };
    while (inside.ticking) await sleep(5);
    inside.stopped = true;
    await director.disconnect();
    const refused = await rejection(new Client(`ws://127.0.0.1:${PORT}`).joinOrCreate(TOURNAMENT_ROOM, { tournament: id, profileKey: bots[0].me.key }));
    expect(String(refused.message), "the lease still holds").to.match(/Another server process/);
    await field.joinAll();
    expect(new Set(bots.map((b) => b.room.roomId)).size, "one new room").to.equal(1);

    const end = await field.finish(bots[0], WINDOW_MS + 30_000);
    const record = await checkArena(hub.store.tournaments, id, field, end, 6);
    await checkMyGames(`http://127.0.0.1:${PORT}`, bots[0], record);
    for (const p of before.pairings) expect(record.pairings.find((x) => x.no === p.no)!.players, `pairing ${p.no} kept`).to.deep.equal(p.players);
    await field.leaveAll();
    await sleep(200);
  });
});
