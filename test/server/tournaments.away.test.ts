// A dropped connection is not a withdrawal (server/tournaments/TournamentDirector.ts): a bot's
// socket to the tournament room is cut (no leave), and it comes back with its reconnection
// token inside the hub's window (RECONNECT_SECONDS, 4 s in this test's hub): still entered, its
// entry row unchanged, paired again; one that does not come back is withdrawn once the window
// passes. In an arena the away bot is not paired while away; in a Swiss it plays every round.

import { expect } from "chai";
import { SeatedRoom } from "../../server/rooms/base/SeatedRoom.js";
import { TournamentDirector } from "../../server/tournaments/TournamentDirector.js";
import { bootHub, dropConnection, sleep, until, type TestHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";
import { newProfileAt } from "./rated.helpers.js";
import { arenaBot, BotField, checkArena, type ArenaBot } from "./tournaments.helpers.js";

const PORT = testPort(2973);
const WINDOW_MS = 8000;

describe("tournaments: a dropped connection is not a withdrawal", function () {
  this.timeout(120_000);
  let hub: TestHub;
  let scale = 1;
  const saved = { tick: TournamentDirector.tickMs, now: TournamentDirector.now };

  before(async () => {
    scale = SeatedRoom.botDelayScale;
    SeatedRoom.botDelayScale = 0.05;
    TournamentDirector.tickMs = 100;
    // A 4-second window: the drop, two store reads and the way back take well under it even on a
    // loaded box (1 s, the test hubs' usual, was missed there: "reconnection token invalid or expired").
    hub = await bootHub(PORT, { reconnectSeconds: 4 });
  });
  after(async () => {
    SeatedRoom.botDelayScale = scale;
    Object.assign(TournamentDirector, saved);
    await hub?.shutdown();
  });

  async function bots(n: number, names: string): Promise<ArenaBot[]> {
    const out = [];
    for (let i = 0; i < n; i++) out.push(arenaBot(await newProfileAt(PORT, `${names} ${i}`), i, `ws://127.0.0.1:${PORT}`));
    return out;
  }
  const entryOf = async (id: string, bot: ArenaBot) => (await hub.store.tournaments.load(id))!.entries.find((e) => e.profileId === bot.me.id)!;

  it("arena: a bot that drops and reconnects stays entered and is paired again (not while away); one that stays away is withdrawn", async () => {
    const id = "away-arena";
    const field = new BotField(id, await bots(7, "Away"));
    const b = field.bots;
    const startsAt = Date.now();
    let runningSince: number | null = null;
    TournamentDirector.now = () => (runningSince === null ? startsAt : startsAt + (Date.now() - runningSince));
    await hub.store.tournaments.create({
      id,
      kind: "timed-arena",
      pool: "connect4",
      title: "Away arena",
      config: { startsAt, endsAt: startsAt + WINDOW_MS, tableSize: 2 },
      seed: "00112233445566778899aabbccddeeff",
      status: "scheduled",
      createdAt: startsAt,
    });
    await field.joinAll();
    // The director's clock stands at the start until bots 5 and 6 have each played (on a loaded
    // machine the 8-second window could close first, and nobody is paired after it), then runs.
    await until(() => (b[6].games >= 1 && b[5].games >= 1) || undefined, 30_000, "bots 5 and 6 played a game");
    runningSince = Date.now();

    const before = await entryOf(id, b[5]);
    const token = b[5].room.reconnectionToken;
    dropConnection(b[5].room);
    dropConnection(b[6].room);
    b[6].left = true;
    await sleep(300);
    const droppedAt = TournamentDirector.now();
    expect(await entryOf(id, b[5]), "away, not withdrawn").to.deep.equal(before);
    await sleep(400);
    const backAt = TournamentDirector.now();
    await field.reconnect(b[5], token);
    const gamesBefore = b[5].games;

    // Bot 6 never comes back (six stay: an even field, so bot 5, the lowest-ranked, is not the one left waiting): withdrawn once the window (4 s) has passed.
    for (const since = Date.now(); !(await entryOf(id, b[6])).withdrawn; await sleep(100)) {
      if (Date.now() - since > 10_000) throw new Error("bot 6 was not withdrawn after the window");
    }
    await until(() => b[5].games > gamesBefore || undefined, 20_000, "bot 5 plays again after coming back");

    const end = await field.finish(b[0], WINDOW_MS + 30_000);
    const record = await checkArena(hub.store.tournaments, id, field, end, 6);
    expect(record.entries.find((e) => e.profileId === b[5].me.id), "bot 5's entry unchanged").to.deep.equal(before);
    const awayPairings = record.pairings.filter((p) => p.players.includes(b[5].me.id) && p.pairedAt > droppedAt && p.pairedAt < backAt);
    expect(awayPairings, "not paired while away").to.deep.equal([]);
    expect(end.rows.find((r: any) => r.id === b[5].me.id).withdrawn).to.equal(false);
    expect(end.rows.find((r: any) => r.id === b[6].me.id).withdrawn).to.equal(true);
    await field.leaveAll();
    await sleep(200);
  });

  it("Swiss: a bot that drops after round 1 and reconnects plays every round, still entered", async () => {
    const id = "away-swiss";
    const field = new BotField(id, await bots(4, "Swiss away"));
    const b = field.bots;
    let started = false;
    TournamentDirector.now = () => (started ? Date.now() : 0);
    await hub.store.tournaments.create({
      id,
      kind: "swiss",
      pool: "connect4",
      title: "Swiss",
      config: { rounds: 3, startsAt: 1 },
      seed: "0123456789abcdef0123456789abcdef",
      status: "scheduled",
      createdAt: 1,
    });
    await field.joinAll();
    started = true;
    await until(() => b[1].games >= 1 || undefined, 20_000, "bot 1's first game");
    const before = await entryOf(id, b[1]);
    const token = b[1].room.reconnectionToken;
    dropConnection(b[1].room);
    await sleep(500);
    await field.reconnect(b[1], token);

    const end = await field.finish(b[0], 60_000);
    const record = (await hub.store.tournaments.load(id))!;
    expect(record.tournament.status).to.equal("finished");
    expect(record.entries.find((e) => e.profileId === b[1].me.id), "entry unchanged").to.deep.equal(before);
    expect(record.pairings.filter((p) => p.players.includes(b[1].me.id)).length, "bot 1 paired every round").to.equal(3);
    expect(end.rows.every((r: any) => !r.withdrawn)).to.equal(true);
    expect(b[1].games).to.equal(3);
    await field.leaveAll();
    await sleep(200);
  });
});
