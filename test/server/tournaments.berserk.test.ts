// Berserk in a tournament arena's games (server/rooms/game/berserk.ts, docs/tournaments.md
// "Berserk"), over real colyseus.js clients: two profiles in a Connect Four arena. Game 1: one
// goes berserk before its first move (shown to both), wins, and scores 2 + 1 (the pairing in
// the store says who went berserk); asking twice is refused in words. Game 2, after one move on a fast turn
// clock nobody moves on: every turn times out, the berserk seat's at half the turn time (each
// deadline shown against its turn's server start, from the room's log); the other player,
// after its first move, is refused as too late. Outside a tournament (a casual
// room) berserk is refused in words.

import { expect } from "chai";
import { Client, type Room } from "colyseus.js";
import { TurnTimer } from "../../server/rooms/game/turnTimer.js";
import { TournamentDirector, TOURNAMENT_ROOM } from "../../server/tournaments/TournamentDirector.js";
import { bootHub, Probe, type TestHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";
import { newProfileAt, playToWin, type Me } from "./rated.helpers.js";
import { openArena } from "./tournaments.helpers.js";

const PORT = testPort(2975);
const WS = `ws://127.0.0.1:${PORT}`;
/** Connect Four's online turn (s) and the test's time scale in game 2: 1.5 s turns, 0.75 s berserk. */
const TURN_SECONDS = 30;
const FAST = 0.05;

interface Seated {
  room: Room<any>;
  probe: Probe;
  seat: number;
}

describe("tournaments: berserk in an arena's games", function () {
  this.timeout(60_000);
  let hub: TestHub;
  const saved = { tick: TournamentDirector.tickMs, scale: TurnTimer.timeScale };

  before(async () => {
    TournamentDirector.tickMs = 100;
    hub = await bootHub(PORT);
  });
  after(async () => {
    TournamentDirector.tickMs = saved.tick;
    TurnTimer.timeScale = saved.scale;
    await hub?.shutdown();
  });

  /** Both players take the seats of the `n`-th matched event each was sent. */
  async function seat(entrants: Probe[], n: number): Promise<Seated[]> {
    const matched = await Promise.all(entrants.map((p) => p.until(() => p.of("event").filter((e) => e.kind === "matched")[n - 1], 15_000, `match ${n}`)));
    return Promise.all(
      matched.map(async (m) => {
        const room = await new Client(WS).consumeSeatReservation(m.reservation);
        const probe = new Probe(room);
        const { seat } = await probe.next("seat", 0);
        await probe.until(() => room.state.phase === "playing" || undefined, 10_000, "the game starts");
        return { room, probe, seat };
      }),
    );
  }

  it("a berserk win scores one point more; a berserk seat's turns time out at half; too late and twice are refused in words", async () => {
    const id = "berserk-arena";
    await openArena(hub.store.tournaments, id, "Berserk arena");
    const [bea, cal]: Me[] = [await newProfileAt(PORT, "Bea Berserk"), await newProfileAt(PORT, "Cal Calm")];
    const entrants: Probe[] = [];
    for (const me of [bea, cal]) entrants.push(new Probe(await new Client(WS).joinOrCreate(TOURNAMENT_ROOM, { tournament: id, profileKey: me.key })));

    // Game 1: Bea goes berserk before her first move, and wins.
    const g1 = await seat(entrants, 1);
    const [b1, c1] = g1;
    expect(b1.room.state.berserkOpen, "offered in an arena's game with a turn clock").to.equal(true);
    b1.room.send("berserk", {});
    const told = await c1.probe.next("event", 0, (e) => e.kind === "berserk", 5000);
    expect(told).to.deep.include({ seat: b1.seat });
    expect(told.message).to.match(/^Bea Berserk went berserk: their turns last half as long, and a win earns one point more\.$/);
    expect([...c1.room.state.berserk], "everyone sees who is berserk").to.deep.equal([b1.seat]);
    const since = b1.probe.messages.length;
    b1.room.send("berserk", {});
    expect(await b1.probe.next("error", since, (e) => e.type === "berserk")).to.deep.include({ code: "berserk-already" });
    await playToWin(g1, b1.seat);
    const scored = await entrants[0].until(() => entrants[0].of("event").find((e) => e.kind === "standings" && e.rows.some((r: any) => r.games === 1)), 15_000, "game 1 scored");
    const row = (me: Me) => scored.rows.find((r: any) => r.id === me.id);
    expect([row(bea).score, row(bea).wins, row(cal).score], "a berserk win: 2 + 1").to.deep.equal([3, 1, 0]);
    expect((await hub.store.tournaments.load(id))!.pairings[0].berserk).to.deep.equal([bea.id]);

    // Game 2 (paired as game 1 was scored): Bea goes berserk on the whole clock; then the clock
    // runs fast, one real move is made, and every turn after it times out (nobody moves).
    for (const s of g1) await s.room.leave();
    const [b2, c2] = await seat(entrants, 2);
    b2.room.send("berserk", {});
    await b2.probe.until(() => b2.room.state.berserk.includes(b2.seat) || undefined, 5000, "berserk shown");
    TurnTimer.timeScale = FAST;
    const deadlines: { acting: number; deadline: number }[] = [];
    const watch = () => b2.room.state.acting.length === 1 && deadlines.push({ acting: b2.room.state.acting[0], deadline: b2.room.state.deadline });
    b2.room.onStateChange(watch);
    const onTurn = [b2, c2].find((p) => p.room.state.acting[0] === p.seat)!;
    onTurn.room.send("drop", { col: 3 });
    const live = hub.room<any>(b2.room.roomId);
    await b2.probe.until(() => live.session.log.length >= 4 || undefined, 20_000, "a move, then three turns timed out");
    const log = live.session.log as { seat: number; t: number }[];
    const order = live.seatOrder as number[];
    const full = TURN_SECONDS * 1000 * FAST;
    // Each turn after the first move (armed on the fast clock): its deadline is the last move's
    // server time plus the turn, halved for the berserk seat.
    for (let k = 1; k < 4; k++) {
      const next = order[1 - log[k - 1].seat];
      const expected = log[k - 1].t + (next === b2.seat ? full / 2 : full);
      expect(deadlines.some((d) => d.acting === next && d.deadline === expected), `turn ${k + 1} (room seat ${next}) ends at its move + ${next === b2.seat ? "half" : "a whole"} turn`).to.equal(true);
    }
    expect(log.every((m) => order[m.seat] === b2.seat || order[m.seat] === c2.seat)).to.equal(true);
    // Cal's first move was made: too late for Cal.
    await c2.probe.until(() => log.some((m) => order[m.seat] === c2.seat) || undefined, 5000, "Cal's first move");
    const before = c2.probe.messages.length;
    c2.room.send("berserk", {});
    const late = await c2.probe.next("error", before, (e) => e.type === "berserk");
    expect(late).to.deep.include({ code: "berserk-late", message: "Too late for berserk: it is only before your first move of the game." });
    TurnTimer.timeScale = saved.scale;
    for (const s of [b2, c2]) await s.room.leave();
    for (const p of entrants) await p.room.leave();
  });

  it("a casual room offers no berserk and refuses it in words", async () => {
    const room = await new Client(WS).create("connect4", { mode: "online", name: "Casual" });
    const probe = new Probe(room);
    await probe.next("seat", 0);
    expect(room.state.berserkOpen).to.equal(false);
    room.send("berserk", {});
    const refused = await probe.next("error", 0, (e) => e.type === "berserk");
    expect(refused).to.deep.include({ code: "no-berserk", message: "Berserk is only for the games of a tournament arena." });
    await room.leave();
  });
});
