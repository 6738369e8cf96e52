// The Auto Pets arena and 8-seat rooms on a real hub (real colyseus.js clients, the real
// store): a finished game leaves its people's decks in the store; an arena run faces the
// recorded team nearest its trophies (a bot's team where none was recorded), says whose team
// it was on the wire, is stored as every game is and replays identically; an 8-seat room
// plays its rounds with four battles each, a spectator seeing every one.
import { expect } from "chai";
import type { Room } from "colyseus.js";
import { createRng } from "../../common/core/rng.js";
import { GameSession } from "../../common/core/session.js";
import { fairRound, petsDef, ROUNDS, trophiesText, type PetsState } from "../../common/pets/index.js";
import { NO_RATE_LIMITS, Probe, until, useHub } from "../helpers/hub.js";
import { battlesOf, chooseClientMove, petsRoom, petsViewOf } from "../helpers/pets.js";
import { testPort } from "../helpers/ports.js";
import { SqliteStore, type ArenaTeamsQuery, type RecordedTeamRow } from "../../server/store/index.js";

const PORT = testPort(2704);
const RECORD_PORT = testPort(2705);
const LATER_PORT = testPort(2706);

/** A store that answers the arena's query a moment later, as PostgreSQL does (a promise). */
class LaterStore extends SqliteStore {
  asked = 0;
  override arenaTeams(query: ArenaTeamsQuery): RecordedTeamRow[] {
    this.asked++;
    const rows = super.arenaTeams(query);
    return new Promise<RecordedTeamRow[]>((resolve) => setTimeout(() => resolve(rows), 30)) as unknown as RecordedTeamRow[];
  }
}
const DAY = 86_400_000;

/** Plays `seat` from its decoded state until the game ends (random legal messages). */
async function playOut(room: Room, probe: Probe, seat: number, seed: number, done: () => boolean): Promise<void> {
  const rng = createRng(seed, 5);
  for (let i = 0; i < 4000 && !done(); i++) {
    const move = chooseClientMove(probe.state, seat, rng);
    const patches = probe.patches;
    if (move) room.send(move.type, move.payload);
    await probe.until(() => probe.patches > patches || done() || undefined, 8000, "a change");
  }
}

describe("pets arena: a finished game's decks (real hub)", function () {
  this.timeout(120_000);
  const hub = useHub(RECORD_PORT, { ...NO_RATE_LIMITS }, { botDelayScale: 0 });

  it("a finished game leaves each person's deck of each round in the store, never a bot's", async () => {
    const room = await hub.colyseus.sdk.create("pets", { mode: "solo", bots: 1, botLevel: "easy", name: "Tess" });
    const probe = new Probe(room);
    const { seat } = await probe.next("seat", 0);
    const server = petsRoom(hub, room.roomId);
    await probe.until(() => probe.state.phase === "playing" || undefined, 5000, "the start");
    await playOut(room, probe, seat, 1, () => server.session?.state.phase === "finished");
    await until(() => hub.store.recentGames({ game: "pets", roomId: room.roomId }).length > 0 || undefined, 5000, "the record");
    const s = server.session!.state;
    for (let round = 1; round <= ROUNDS; round++) {
      const teams = hub.store.arenaTeams({ game: "pets", round, trophies: 0, limit: 200 }).filter((t) => t.name === "Tess" || t.name.startsWith("Bot"));
      const mine = s.battles.find((b) => b.round === round && b.seats[0] === server.seatOrder.indexOf(seat))?.lineups[0] ?? s.battles.find((b) => b.round === round && b.seats[1] === server.seatOrder.indexOf(seat) && !b.ghost)?.lineups[1];
      if (!mine?.length) continue;
      expect(teams.map((t) => t.name), `round ${round}: only the person's deck`).to.deep.equal(["Tess"]);
      expect(teams[0].lineup).to.deep.equal(mine);
    }
    await room.leave(true);
  });
});

describe("pets arena and 8 seats (real hub)", function () {
  this.timeout(120_000);
  const hub = useHub(PORT, { ...NO_RATE_LIMITS }, { botDelayScale: 0 });

  it("an arena run faces the recorded team nearest its trophies, says whose it was, is stored and replays identically", async () => {
    const at = Date.now() - 2 * DAY;
    const lineups: Record<number, string[]> = { 1: ["ant", "fish", "otter"], 2: ["worm", "rat", "ant"] };
    hub.store.recordGame({
      game: "pets", roomId: "SEED", seed: 1, config: { seats: 2 }, seats: ["Ann", "Bob"], log: [], result: "won", startedAt: at - 60_000, endedAt: at,
      teams: [
        { name: "Ann", round: 1, trophies: 0, lineup: lineups[1], at },
        { name: "Far Fay", round: 2, trophies: 9, lineup: ["ant"], at },
        { name: "Ann", round: 2, trophies: 1, lineup: lineups[2], at },
      ],
    });
    const room = await hub.colyseus.sdk.create("pets", { mode: "arena", name: "Runner" });
    const probe = new Probe(room);
    const { seat } = await probe.next("seat", 0);
    expect(seat).to.equal(0);
    const server = petsRoom(hub, room.roomId);
    await probe.until(() => probe.state.phase === "playing" && petsViewOf(probe.state, seat)?.phase === "shop" || undefined, 5000, "the first shop");
    expect(probe.state.mode).to.equal("arena");
    await playOut(room, probe, seat, 2, () => server.session?.state.phase === "finished");
    const s = server.session!.state;
    expect(s.battles).to.have.length(ROUNDS);
    const first = battlesOf(probe.state)[0];
    expect(first.seats).to.deep.equal([0, -1]);
    expect(first.opponent).to.deep.include({ name: "Ann", round: 1, bot: false, at });
    expect(first.lineups[1]).to.deep.equal(lineups[1]);
    // Round 2: Ann (1 trophy) or Far Fay (9): the nearer to the run's trophies, which are 0 or 1.
    const second = battlesOf(probe.state)[1];
    expect(second.opponent?.name).to.equal("Ann");
    for (let i = 2; i < ROUNDS; i++) expect(battlesOf(probe.state)[i].opponent!.bot, `round ${i + 1} had no recorded team`).to.equal(true);
    await until(() => (probe.state.replayId > 0 ? true : undefined), 5000, "the replay id");
    const res = await hub.get(`/api/replays/${probe.state.replayId}`);
    const record = res.body as { mode: string; result: string; seed: number; config: never; seats: string[]; log: { seat: number; move: never; t: number }[] };
    expect(record.mode).to.equal("arena");
    expect(record.result).to.equal(trophiesText(s.trophies[0]));
    const again = new GameSession(petsDef, record.seed, record.config, 1);
    for (const m of record.log) expect(again.apply(m.seat, m.move, m.t).ok).to.equal(true);
    expect(JSON.stringify((again.state as PetsState).battles)).to.equal(JSON.stringify(s.battles));
    // The run's own decks join the pool for later runs.
    expect(hub.store.arenaTeams({ game: "pets", round: 1, trophies: 0 }).some((t) => t.name === "Runner")).to.equal(true);
    await room.leave(true);
  });

  it("refuses arena options that make no sense", () => {
    for (const bad of [{ mode: "arena", seats: 2 }, { mode: "arena", bots: 1 }, { mode: "arena", timer: 30 }]) {
      const r = petsDef.configure(bad);
      expect(r.ok, JSON.stringify(bad)).to.equal(false);
    }
  });

  it("an 8-seat private room: eight people, four battles a round as the pairing says, a spectator sees them all", async () => {
    const host = await hub.colyseus.sdk.create("pets", { mode: "online", seats: 8, private: true, timer: 0, arrange: 0, name: "P0" });
    const players: { room: Room; probe: Probe; seat: number }[] = [];
    const join = async (room: Room) => {
      const probe = new Probe(room);
      const { seat } = await probe.next("seat", 0);
      players.push({ room, probe, seat });
    };
    await join(host);
    for (let i = 1; i < 8; i++) await join(await hub.colyseus.sdk.joinById(host.roomId, { name: `P${i}` }));
    const watcher = new Probe(await hub.colyseus.sdk.joinById(host.roomId, { spectate: true, name: "Eye" }));
    const server = petsRoom(hub, host.roomId);
    await until(() => server.session?.state.phase === "shop" || undefined, 5000, "the 8-seat game to start");
    // Two rounds are enough to see the pairing at work on the wire.
    const rounds = () => server.session?.state.round ?? 0;
    await Promise.all(players.map((p, k) => playOut(p.room, p.probe, p.seat, 10 + k, () => rounds() > 2 || server.session?.state.phase === "finished")));
    const s = server.session!.state;
    for (const round of [1, 2]) {
      const fights = s.battles.filter((b) => b.round === round);
      expect(fights.map((b) => b.seats)).to.deep.equal(fairRound(s.perm!, round).pairs);
    }
    await watcher.until(() => battlesOf(watcher.state).length >= 8 || undefined, 5000, "the spectator's battles");
    expect(petsViewOf(watcher.state, null)?.seats).to.equal(8);
    // the view's battles name game seats, as the rules' records do
    expect(battlesOf(watcher.state).map((b) => b.seats)).to.deep.equal(s.battles.map((b) => b.seats));
    for (const p of players) await p.room.leave(true);
  });
});

describe("pets arena on a store that answers later (real hub)", function () {
  this.timeout(120_000);
  const later = new LaterStore(":memory:");
  const hub = useHub(LATER_PORT, { ...NO_RATE_LIMITS, store: later }, { botDelayScale: 0 });

  it("each round's opponent comes when the store answers, once a round, and the run plays to its end", async () => {
    const at = Date.now() - DAY;
    later.recordGame({
      game: "pets", roomId: "SEED", seed: 1, config: { seats: 2 }, seats: ["Ann", "Bob"], log: [], result: "won", startedAt: at - 60_000, endedAt: at,
      teams: [{ name: "Ann", round: 1, trophies: 0, lineup: ["ant", "fish", "otter"], at }],
    });
    const room = await hub.colyseus.sdk.create("pets", { mode: "arena", name: "Runner" });
    const probe = new Probe(room);
    const { seat } = await probe.next("seat", 0);
    const server = petsRoom(hub, room.roomId);
    await probe.until(() => (probe.state.phase === "playing" && petsViewOf(probe.state, seat)?.phase === "shop") || undefined, 5000, "the first shop");
    await playOut(room, probe, seat, 3, () => server.session?.state.phase === "finished");
    const s = server.session!.state;
    expect(s.battles).to.have.length(ROUNDS);
    expect(battlesOf(probe.state)[0].opponent).to.deep.include({ name: "Ann", round: 1, bot: false });
    expect(later.asked, "one query a round").to.equal(ROUNDS);
    expect(server.session!.log.filter((m) => (m.move as { type: string }).type === "opponent")).to.have.length(ROUNDS);
    await room.leave(true);
  });
});
