// The Auto Pets room's timers: a seat that does nothing is passed for when its shop turn
// runs out, and battles with its default order when the arrange deadline passes; the
// deadline is on the wire while the secret arrange runs. Solo has no timers. A finished game
// is stored: the table carries its replay id, and GET /api/replays/ID serves a record that
// replays to the same end. Eight colyseus.js players fill a private room of 8 and play round 1
// through its four battles into round 2's shop (moved from test/e2e/pets.eight.test.ts, issue
// 45: the browser keeps the phone spectator's layout).
import { expect } from "chai";
import { createRng } from "../../common/core/rng.js";
import { GameSession } from "../../common/core/session.js";
import { petsDef, type PetsState } from "../../common/pets/index.js";
import { NO_RATE_LIMITS, Probe, until, useHub } from "../helpers/hub.js";
import { battlesOf, chooseClientMove, petsRoom, petsViewOf } from "../helpers/pets.js";
import { testPort } from "../helpers/ports.js";
import { TurnTimer } from "../../server/rooms/game/turnTimer.js";

const PORT = testPort(2703);
/** The idle seat's timers run at this share of real time (5 s a shop turn: 1 s; 10 s to arrange: 2 s). */
const TIMER_SCALE = 0.2;

describe("pets room: shop turn timer and arrange deadline", function () {
  this.timeout(60_000);
  const hub = useHub(PORT, { ...NO_RATE_LIMITS }, { botDelayScale: 0 });

  it("solo refuses timers; online defaults to 30 s a shop turn and 60 s to arrange", () => {
    expect(petsDef.configure({ mode: "solo", timer: 10 }).ok).to.equal(false);
    expect(petsDef.configure({ mode: "solo", arrange: 10 }).ok).to.equal(false);
    const c = petsDef.configure({});
    expect(c.ok && [c.value.turnSeconds, c.value.togetherSeconds]).to.deep.equal([30, 60]);
    const bad = petsDef.configure({ arrange: 3 });
    expect(!bad.ok && bad.error.message).to.match(/arrange must be a whole number from 10 to 600/);
  });

  it("an idle seat is passed for in the shop and battles with its default order at the deadline", async () => {
    const scale = TurnTimer.timeScale;
    TurnTimer.timeScale = TIMER_SCALE;
    try {
      await idleSeat();
    } finally {
      TurnTimer.timeScale = scale;
    }
  });

  async function idleSeat() {
    const room = await hub.colyseus.sdk.create("pets", { mode: "online", seats: 2, bots: 1, timer: 5, arrange: 10, private: true, name: "Idle" });
    const probe = new Probe(room);
    await probe.next("seat", 0);
    room.send("start", {});
    const server = petsRoom(hub, room.roomId);
    await until(() => server.session?.state.phase === "arrange" || undefined, 25_000, "the shop to close");
    const me = server.seatOrder.indexOf(0);
    expect(server.session!.log.some((m) => m.seat === me && m.move.type === "pass"), "the timer passed for the idle seat").to.equal(true);
    await probe.until(() => petsViewOf(probe.state, 0)?.phase === "arrange" || undefined, 3000, "arrange on the wire");
    // The arrange deadline (10 s scaled), counted from the shop's last move.
    const deadline = probe.state.deadline as number;
    const shopClosed = server.session!.log.filter((m) => m.move.type === "pass").at(-1)!.t;
    expect(deadline - shopClosed).to.be.within(10_000 * TIMER_SCALE - 100, 10_000 * TIMER_SCALE + 500);
    await until(() => (server.session?.state.battles.length ?? 0) > 0 || undefined, 15_000, "the battle");
    const arranged = server.session!.log.find((m) => m.seat === me && m.move.type === "arrange");
    expect(arranged, "the deadline arranged the idle seat").to.not.equal(undefined);
    expect(server.session!.state.round).to.equal(2);
    await room.leave(true);
  }

  it("a finished game's table names its replay, which the API serves and which replays to the same end", async () => {
    const room = await hub.colyseus.sdk.create("pets", { mode: "solo", bots: 2, botLevel: "easy", name: "Rae" });
    const probe = new Probe(room);
    const { seat } = await probe.next("seat", 0);
    const server = petsRoom(hub, room.roomId);
    const rng = createRng(3, 3);
    await probe.until(() => probe.state.phase === "playing" || undefined, 5000, "the start");
    expect(probe.state.replayId, "no replay while playing").to.equal(-1);
    for (let i = 0; i < 3000 && server.session?.state.phase !== "finished"; i++) {
      const move = chooseClientMove(probe.state, seat, rng);
      const patches = probe.patches;
      if (move) room.send(move.type, move.payload);
      await probe.until(() => probe.patches > patches || server.session?.state.phase === "finished" || undefined, 5000, "a change");
    }
    await probe.until(() => (probe.state.replayId > 0 ? true : undefined), 5000, "the replay id");
    const id = probe.state.replayId as number;
    const res = await hub.get(`/api/replays/${id}`);
    const record = res.body as { game: string; seed: number; config: { seats: number }; seats: string[]; log: { seat: number; move: never; t: number }[] };
    expect([res.status, record.game, record.seats.length]).to.deep.equal([200, "pets", 3]);
    const replayed = new GameSession(petsDef, record.seed, record.config as never, record.seats.length);
    for (const m of record.log) expect(replayed.apply(m.seat, m.move, m.t).ok).to.equal(true);
    const end = replayed.state as PetsState;
    expect(end.trophies).to.deep.equal(server.session!.state.trophies);
    expect(JSON.stringify(end.battles)).to.equal(JSON.stringify(server.session!.state.battles));
    await room.leave(true);
  });

  it("eight people in a private room of 8: round 1 is four battles, then round 2's shop; every client sees eight players", async () => {
    const names = ["Ann", "Bartholomew", "Cy", "Dolores", "Ed", "Fenella", "Gus", "Hildegard"];
    const players: { room: Awaited<ReturnType<typeof hub.colyseus.sdk.create>>; probe: Probe; seat: number; rng: ReturnType<typeof createRng> }[] = [];
    for (const [i, name] of names.entries()) {
      const room = i === 0
        ? await hub.colyseus.sdk.create("pets", { mode: "online", seats: 8, private: true, name })
        : await hub.colyseus.sdk.joinById(players[0].room.roomId, { name });
      const probe = new Probe(room);
      const { seat } = await probe.next("seat", 0);
      players.push({ room, probe, seat: seat as number, rng: createRng(40 + i, 8) });
    }
    const rooms = players.map((p) => p.room);
    const server = petsRoom(hub, rooms[0].roomId);
    await until(() => server.session || undefined, 10_000, "the game of 8 to start");
    const inRound2 = () => (server.session?.state.round ?? 0) >= 2 && server.session?.state.phase === "shop";
    await Promise.all(players.map(async (p) => {
      while (!inRound2()) {
        const move = chooseClientMove(p.probe.state, p.seat, p.rng);
        const patches = p.probe.patches;
        if (move) p.room.send(move.type, move.payload);
        await p.probe.until(() => p.probe.patches > patches || inRound2() || undefined, 30_000, `a change for ${names[p.seat]}`);
      }
    }));
    const st = server.session!.state;
    expect(st.round).to.equal(2);
    expect(st.battles.filter((b) => b.round === 1), "round 1: four battles for eight seats").to.have.length(4);
    // Each battle is one part, joined into the view (common/pets/wire.ts).
    const wireRounds = (p: (typeof players)[number]) => battlesOf(p.probe.state).map((b) => b.round);
    for (const p of players) {
      await p.probe.until(() => wireRounds(p).length === 4 || undefined, 5000, "the four battles on the wire").catch((e) => {
        throw new Error(`${e.message}: ${JSON.stringify(wireRounds(p))} on the wire`);
      });
      expect(wireRounds(p)).to.deep.equal([1, 1, 1, 1]);
      expect(petsViewOf(p.probe.state, p.seat)?.seats, "eight players on every client").to.equal(8);
      expect(petsViewOf(p.probe.state, p.seat)?.gold, "eight players' gold on every client").to.have.length(8);
    }
    for (const r of rooms) await r.leave(true);
  });
});
