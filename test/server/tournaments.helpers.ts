// Bot players for the arena suites (tournaments.arena.test.ts in one process,
// tournaments.cluster.test.ts across two): each bot joins the tournament room, takes every
// seat it is matched to and plays Connect Four there (the lower-numbered bot of a table wins,
// playToWin); then `checkArena` compares what the store holds with the games the rooms stored,
// the players' timelines, and the standings with a computation from the results made here.

import { expect } from "chai";
import { Client, type Room } from "colyseus.js";
import type { TournamentRecord, TournamentStore } from "../../server/store/index.js";
import { TOURNAMENT_ROOM } from "../../server/tournaments/TournamentDirector.js";
import { Probe, sleep } from "../helpers/hub.js";
import { playToWin, type Me } from "./rated.helpers.js";

export interface ArenaBot {
  me: Me;
  index: number;
  /** The hub it connects through (ws://…). */
  ws: string;
  room: Room<any>;
  probe: Probe;
  games: number;
  left: boolean;
}

export function arenaBot(me: Me, index: number, ws: string): ArenaBot {
  return { me, index, ws, room: null!, probe: null!, games: 0, left: false };
}

/** Bots in one arena: joining (again), playing what they are matched to, waiting for the end. */
export class BotField {
  private readonly seated = new Map<string, { bot: ArenaBot; room: Room<any>; probe: Probe }[]>();
  private readonly playing: Promise<void>[] = [];
  private readonly errors: unknown[] = [];
  /** The room seat each bot got, per room id. */
  readonly seatIn = new Map<string, Map<string, number>>();

  constructor(
    readonly tournament: string,
    readonly bots: ArenaBot[],
  ) {}

  /** Joins the tournament room, retrying while another director holds the lease. */
  async join(bot: ArenaBot): Promise<void> {
    for (let tries = 0; ; tries++) {
      try {
        bot.room = await new Client(bot.ws).joinOrCreate(TOURNAMENT_ROOM, { tournament: this.tournament, profileKey: bot.me.key });
        break;
      } catch (e) {
        if (tries > 60 || !/Another server process/.test(String((e as Error).message))) throw e;
        await sleep(200);
      }
    }
    this.listen(bot);
  }

  /** Back on the tournament room after a dropped connection, with its reconnection token. */
  async reconnect(bot: ArenaBot, token: string): Promise<void> {
    bot.room = await new Client(bot.ws).reconnect(token);
    this.listen(bot);
  }

  private listen(bot: ArenaBot): void {
    bot.probe = new Probe(bot.room, {
      onMessage: (m) => {
        if (m.type === "event" && m.payload.kind === "matched") this.playing.push(this.onMatched(bot, m.payload).catch((err) => void this.errors.push(err)));
      },
    });
  }

  async joinAll(): Promise<void> {
    for (const bot of this.bots) await this.join(bot);
  }

  private async onMatched(bot: ArenaBot, e: any): Promise<void> {
    // The table's first player arrives last: its seat must come from the match, not the arrival.
    if (e.players[0].name === bot.me.name) await sleep(100);
    const room = await new Client(bot.ws).consumeSeatReservation(e.reservation);
    const probe = new Probe(room);
    const { seat } = await probe.next("seat", 0);
    if (!this.seatIn.has(e.roomId)) this.seatIn.set(e.roomId, new Map());
    this.seatIn.get(e.roomId)!.set(bot.me.id, seat);
    const at = this.seated.get(e.roomId) ?? [];
    at.push({ bot, room, probe });
    this.seated.set(e.roomId, at);
    if (at.length < 2) return;
    await probe.until(() => room.state.phase === "playing" || undefined, 10_000, "the game starts");
    const winner = at.reduce((a, b) => (a.bot.index < b.bot.index ? a : b));
    await playToWin(at, winner.probe.of("seat")[0].seat as number);
    for (const p of at) {
      p.bot.games++;
      await p.room.leave();
    }
  }

  /** The final standings (as `watcher` was sent them), once every game the bots were given is played. */
  async finish(watcher: ArenaBot, timeoutMs: number): Promise<any> {
    const end = await watcher.probe.next("event", 0, (e) => e.kind === "standings" && e.finished, timeoutMs);
    await Promise.all(this.playing);
    expect(this.errors).to.deep.equal([]);
    return end;
  }

  async leaveAll(): Promise<void> {
    await Promise.allSettled(this.bots.filter((b) => !b.left && b.room?.connection.isOpen).map((b) => b.room.leave()));
  }
}

/** What the store holds of arena `id` against the rooms' stored games, the timelines and the standings sent (`end`). */
export async function checkArena(store: TournamentStore, id: string, field: BotField, end: any, minPairings: number): Promise<TournamentRecord> {
  const bots = field.bots;
  const index = new Map(bots.map((b) => [b.me.id, b.index]));
  const record = (await store.load(id))!;
  const endsAt = (record.tournament.config as { endsAt: number }).endsAt;
  expect(record.tournament.status).to.equal("finished");
  expect(record.pairings.length, "several rounds of pairings").to.be.at.least(minPairings);
  expect(record.pairings.map((p) => p.no), "pairings numbered once each").to.deep.equal(record.pairings.map((_, i) => i + 1));
  const results = new Map(record.results.map((r) => [r.no, r]));
  const lastEnd = new Map<string, number>();
  for (const p of record.pairings) {
    expect(p.pairedAt, "paired inside the window").to.be.below(endsAt);
    expect(p.roomId, `game ${p.no} has a room`).to.be.a("string");
    const r = results.get(p.no)!;
    expect(r, `game ${p.no} has a result`).to.not.equal(undefined);
    // The result is the room's stored game: the lower-numbered bot won it.
    const stored = (await store.finishedIn(p.roomId!, p.pairedAt))!;
    expect(r.gameId).to.equal(stored.gameId);
    const [a, b] = [...p.players].sort((x, y) => index.get(x)! - index.get(y)!);
    expect(r.results).to.deep.equal({ [a]: "win", [b]: "loss" });
    expectSeatOrder(field, p.roomId!, p.players);
    // Nobody in two games at once: each game paired after the player's previous one ended.
    for (const pid of p.players) {
      expect(p.pairedAt, `${pid} paired while playing`).to.be.at.least(lastEnd.get(pid) ?? 0);
      lastEnd.set(pid, r.endedAt);
    }
  }
  expect(end.rows.map((r: any) => ({ id: r.id, score: r.score })), "the standings players were sent").to.deep.equal(expectedArenaStandings(record));
  return record;
}

/** An arena's standings computed here from its stored results in the order they came: win 2, loss 0, doubled on a streak. */
export function expectedArenaStandings(record: TournamentRecord): { id: string; score: number }[] {
  const score = new Map(record.entries.map((e) => [e.profileId, { score: 0, row: 0, wins: 0, games: 0 }]));
  const berserk = new Map(record.pairings.map((p) => [p.no, p.berserk ?? []]));
  for (const r of [...record.results].sort((x, y) => x.endedNo - y.endedNo)) {
    for (const [pid, res] of Object.entries(r.results)) {
      const s = score.get(pid)!;
      // A win on a streak of two doubles; a berserk win earns one more after that (Lichess's arena).
      s.score += (res === "win" ? 2 : res === "draw" ? 1 : 0) * (s.row >= 2 ? 2 : 1) + (res === "win" && berserk.get(r.no)!.includes(pid) ? 1 : 0);
      s.games++;
      if (res === "win") (s.wins++, s.row++);
      else s.row = 0;
    }
  }
  const rating = new Map(record.entries.map((e) => [e.profileId, e.rating]));
  return [...score.entries()]
    .sort(([a, x], [b, y]) => y.score - x.score || y.wins - x.wins || x.games - y.games || rating.get(b)! - rating.get(a)! || (a < b ? -1 : 1))
    .map(([pid, s]) => ({ id: pid, score: s.score }));
}

/** The pairing's seat order is the room's: its first player in seat 0 (the first to move). */
export function expectSeatOrder(field: BotField, roomId: string, players: string[]): void {
  const seats = field.seatIn.get(roomId);
  expect(players.map((p) => seats?.get(p)), `room ${roomId}: seats in the pairing's order`).to.deep.equal(players.map((_, i) => i));
}

/** Tournament games are ordinary rated games: the first page of a bot's My games lists them, rated. */
export async function checkMyGames(http: string, bot: ArenaBot, record: TournamentRecord): Promise<void> {
  const res = await fetch(`${http}/api/profile/games`, { headers: { authorization: `Bearer ${bot.me.key}` } });
  const body = (await res.json()) as { games: { rated: unknown }[] };
  const played = record.pairings.filter((p) => p.players.includes(bot.me.id)).length;
  expect(body.games.length).to.equal(Math.min(played, 20));
  expect(body.games.every((g) => g.rated)).to.equal(true);
}

/** A Connect Four arena open from a second ago for ten minutes (the berserk and watch suites). */
export async function openArena(store: TournamentStore, id: string, title: string): Promise<void> {
  const now = Date.now();
  await store.create({
    id,
    kind: "timed-arena",
    pool: "connect4",
    title,
    config: { startsAt: now - 1000, endsAt: now + 10 * 60_000, tableSize: 2 },
    seed: "00112233445566778899aabbccddeeff",
    status: "scheduled",
    createdAt: now,
  });
}
