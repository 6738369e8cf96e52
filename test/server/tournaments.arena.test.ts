// Arenas run by the hub (server/tournaments/ArenaDirector.ts) with bot players over real
// colyseus.js clients: six profiles join a 7-second Connect Four arena, are paired, play
// ordinary rated rooms (the lower-numbered bot wins), are paired again as they finish. One run
// has a bot leave midway; another stops the director's room as a crash would (no lease
// released, no goodbye) with games in flight, and the bots join again once its lease has run
// out. Each time the stored pairings and results are checked against the games the rooms
// stored, the players' timelines, and the standings against a computation from the results
// made here. A second room for a running tournament is refused while the first holds the lease.

import { expect } from "chai";
import { matchMaker } from "@colyseus/core";
import { Client, type Room } from "colyseus.js";
import { SeatedRoom } from "../../server/rooms/base/SeatedRoom.js";
import type { TournamentRecord } from "../../server/store/index.js";
import { ArenaDirector, TOURNAMENT_ROOM } from "../../server/tournaments/ArenaDirector.js";
import { bootHub, Probe, rejection, sleep, until, type TestHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";
import { apiAt, newProfileAt, playToWin, type Me } from "./rated.helpers.js";

const PORT = testPort(2971);
const WINDOW_MS = 7000;

interface Bot {
  me: Me;
  index: number;
  room: Room<any>;
  probe: Probe;
  games: number;
  left: boolean;
}

describe("tournaments: arenas run by the hub, bots as players", function () {
  this.timeout(90_000);
  let hub: TestHub;
  let scale = 1;
  const saved = { tick: ArenaDirector.tickMs, now: ArenaDirector.now, lease: ArenaDirector.leaseMs };

  before(async () => {
    scale = SeatedRoom.botDelayScale;
    SeatedRoom.botDelayScale = 0.05;
    ArenaDirector.tickMs = 100;
    hub = await bootHub(PORT);
  });
  after(async () => {
    SeatedRoom.botDelayScale = scale;
    Object.assign(ArenaDirector, { tickMs: saved.tick, now: saved.now, leaseMs: saved.lease });
    await hub?.shutdown();
  });

  /** Six bots in arena `id`, playing every game they are matched to; `running()` starts the director's clock. */
  async function arena(id: string, names: string) {
    const bots: Bot[] = [];
    for (let i = 0; i < 6; i++) bots.push({ me: await newProfileAt(PORT, `${names} ${i}`), index: i, room: null!, probe: null!, games: 0, left: false });
    const startsAt = Date.now();
    // The director's clock stands at the start until every bot has joined (a cold first join
    // can take seconds on a busy machine), then runs with the wall clock.
    let runningSince: number | null = null;
    ArenaDirector.now = () => (runningSince === null ? startsAt : startsAt + (Date.now() - runningSince));
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

    // The games in flight: a room id → the seated players, played once both are in.
    const seated = new Map<string, { bot: Bot; room: Room<any>; probe: Probe }[]>();
    const playing: Promise<void>[] = [];
    const errors: unknown[] = [];
    const onMatched = async (bot: Bot, e: any) => {
      const room = await new Client(`ws://127.0.0.1:${PORT}`).consumeSeatReservation(e.reservation);
      const probe = new Probe(room);
      await probe.next("seat", 0);
      const at = seated.get(e.roomId) ?? [];
      at.push({ bot, room, probe });
      seated.set(e.roomId, at);
      if (at.length < 2) return;
      await probe.until(() => room.state.phase === "playing" || undefined, 5000, "the game starts");
      const winner = at.reduce((a, b) => (a.bot.index < b.bot.index ? a : b));
      await playToWin(at, winner.probe.of("seat")[0].seat as number);
      for (const p of at) {
        p.bot.games++;
        await p.room.leave();
      }
    };
    /** Joins (again), retrying while another director holds the lease. */
    const join = async (bot: Bot) => {
      for (let tries = 0; ; tries++) {
        try {
          bot.room = await new Client(`ws://127.0.0.1:${PORT}`).joinOrCreate(TOURNAMENT_ROOM, { tournament: id, profileKey: bot.me.key });
          break;
        } catch (e) {
          if (tries > 60 || !/Another server process/.test(String((e as Error).message))) throw e;
          await sleep(200);
        }
      }
      bot.probe = new Probe(bot.room, {
        onMessage: (m) => {
          if (m.type === "event" && m.payload.kind === "matched") playing.push(onMatched(bot, m.payload).catch((err) => void errors.push(err)));
        },
      });
    };
    for (const bot of bots) await join(bot);
    runningSince = Date.now();
    const finish = async () => {
      const end = await bots[0].probe.next("event", 0, (e) => e.kind === "standings" && e.finished, WINDOW_MS + 30_000);
      await Promise.all(playing);
      expect(errors).to.deep.equal([]);
      return end;
    };
    return { bots, startsAt, join, finish };
  }

  /** The stored tournament against the stored games, the timelines and a computation of the standings. */
  async function check(id: string, bots: Bot[], startsAt: number, end: any): Promise<TournamentRecord> {
    const index = new Map(bots.map((b) => [b.me.id, b.index]));
    const record = (await hub.store.tournaments.load(id))!;
    expect(record.tournament.status).to.equal("finished");
    expect(record.pairings.length, "several rounds of pairings").to.be.at.least(6);
    expect(record.pairings.map((p) => p.no), "pairings numbered once each").to.deep.equal(record.pairings.map((_, i) => i + 1));
    const results = new Map(record.results.map((r) => [r.no, r]));
    const lastEnd = new Map<string, number>();
    for (const p of record.pairings) {
      expect(p.pairedAt, "paired inside the window").to.be.below(startsAt + WINDOW_MS);
      expect(p.roomId, `game ${p.no} has a room`).to.be.a("string");
      const r = results.get(p.no)!;
      expect(r, `game ${p.no} has a result`).to.not.equal(undefined);
      // The result is the room's stored game: the lower-numbered bot won it.
      const stored = (await hub.store.tournaments.finishedIn(p.roomId!, p.pairedAt))!;
      expect(r.gameId).to.equal(stored.gameId);
      const [a, b] = [...p.players].sort((x, y) => index.get(x)! - index.get(y)!);
      expect(r.results).to.deep.equal({ [a]: "win", [b]: "loss" });
      // Nobody in two games at once: each game paired after the player's previous one ended.
      for (const pid of p.players) {
        expect(p.pairedAt, `${pid} paired while playing`).to.be.at.least(lastEnd.get(pid) ?? 0);
        lastEnd.set(pid, r.endedAt);
      }
    }
    // Standings computed here from the results in the order they came: win 2, loss 0, doubled on a streak.
    const score = new Map(bots.map((b) => [b.me.id, { score: 0, row: 0, wins: 0, games: 0 }]));
    for (const r of [...record.results].sort((x, y) => x.endedNo - y.endedNo)) {
      for (const [pid, res] of Object.entries(r.results)) {
        const s = score.get(pid)!;
        s.score += (res === "win" ? 2 : res === "draw" ? 1 : 0) * (s.row >= 2 ? 2 : 1);
        s.games++;
        if (res === "win") (s.wins++, s.row++);
        else s.row = 0;
      }
    }
    const rating = new Map(record.entries.map((e) => [e.profileId, e.rating]));
    const expected = [...score.entries()]
      .sort(([a, x], [b, y]) => y.score - x.score || y.wins - x.wins || x.games - y.games || rating.get(b)! - rating.get(a)! || (a < b ? -1 : 1))
      .map(([pid, s]) => ({ id: pid, score: s.score }));
    expect(end.rows.map((r: any) => ({ id: r.id, score: r.score })), "the standings players were sent").to.deep.equal(expected);
    // Tournament games are ordinary rated games: in My games (its first page, newest first).
    const history = await apiAt(PORT, "/profile/games", { key: bots[0].me.key });
    const played = record.pairings.filter((p) => p.players.includes(bots[0].me.id)).length;
    expect(history.body.games.length).to.equal(Math.min(played, 20));
    expect(history.body.games.every((g: any) => g.rated)).to.equal(true);
    return record;
  }

  it("pairs, plays rated rooms, re-pairs as games end, withdraws a leaver, and stores standings that add up", async () => {
    const id = "friday-arena";
    const { bots, startsAt, finish } = await arena(id, "Bot");
    expect(new Set(bots.map((b) => b.room.roomId)).size, "one room runs the tournament").to.equal(1);

    // A second room for it (another process's, as far as the lease can tell) is refused.
    const second = await rejection(matchMaker.createRoom(TOURNAMENT_ROOM, { tournament: id }));
    expect(String(second.message)).to.match(/Another server process is running this tournament/);

    // Bot 5 leaves after its first game: withdrawn, paired no more.
    await until(() => bots[5].games >= 1 || undefined, 15_000, "bot 5's first game");
    const leftAt = ArenaDirector.now();
    await bots[5].room.leave();
    bots[5].left = true;

    const end = await finish();
    const record = await check(id, bots, startsAt, end);
    const bot5Games = record.pairings.filter((p) => p.players.includes(bots[5].me.id));
    expect(bot5Games.every((p) => p.pairedAt <= leftAt), "a withdrawn player is not paired").to.equal(true);
    expect(record.entries.find((e) => e.profileId === bots[5].me.id)!.withdrawn).to.equal(true);
    expect(end.rows[0].name).to.equal("Bot 0");
    for (const b of bots) if (!b.left) await b.room.leave();
    await sleep(200);
  });

  it("a director stopped as by a crash, games in flight: after its lease runs out a new one takes over from the store, no pairing or result lost or doubled", async () => {
    ArenaDirector.leaseMs = 1500;
    const id = "crash-arena";
    const { bots, startsAt, join, finish } = await arena(id, "Crash");
    for (const since = Date.now(); (await hub.store.tournaments.load(id))!.results.length < 2; await sleep(50)) {
      if (Date.now() - since > 15_000) throw new Error("timed out waiting for two results");
    }
    const before = (await hub.store.tournaments.load(id))!;
    expect(before.results.length, "games in flight at the crash").to.be.below(before.pairings.length);

    // The crash: the room stops ticking and goes without releasing its lease or withdrawing anyone.
    const director = hub.colyseus.getRoomById(bots[0].room.roomId) as unknown as ArenaDirector;
    (director as unknown as { stopped: boolean }).stopped = true;
    await director.disconnect();
    const refused = await rejection(new Client(`ws://127.0.0.1:${PORT}`).joinOrCreate(TOURNAMENT_ROOM, { tournament: id, profileKey: bots[0].me.key }));
    expect(String(refused.message), "the lease still holds").to.match(/Another server process/);
    for (const bot of bots) await join(bot);
    expect(new Set(bots.map((b) => b.room.roomId)).size, "one new room").to.equal(1);

    const end = await finish();
    const record = await check(id, bots, startsAt, end);
    for (const p of before.pairings) expect(record.pairings.find((x) => x.no === p.no)!.players, `pairing ${p.no} kept`).to.deep.equal(p.players);
    for (const b of bots) await b.room.leave();
    await sleep(200);
  });
});
