// Cubestacc rooms with real colyseus.js clients against a real server: options, solo
// against bots to the end (recorded and replayable), online starts (owner, full, ready),
// bot seats, turn order, out-of-turn UH OH / Caught, the turn timer, bot takeover of a
// dropped seat and its reclaim by seat token, leaving mid-game, play again.

import { expect } from "chai";
import type { Room } from "colyseus.js";
import { createRng, type Rng } from "../../common/core/rng.js";
import { replay } from "../../common/core/session.js";
import { cardId, cubestaccRules, RANKS, seatView, SUITS, unpackCubes, unpackPlay, type CubestaccState as Table, type Rank, type Suit } from "../../common/cubestacc/index.js";
import { SeatedRoom } from "../../server/rooms/base/SeatedRoom.js";
import type { CubestaccRoom } from "../../server/rooms/cubestacc/index.js";
import { bootHub, dropConnection, Probe, rejection, sleep, snapshot, until, type TestHub } from "../helpers/hub.js";
import { chooseClientMove, cubestaccRoom, handOf, privateOf, rigTable, seatedIn, setHands, type Seated } from "../helpers/cubestacc.js";
import { testPort } from "../helpers/ports.js";
import { captureLogs } from "../helpers/logLines.js";

const PORT = testPort(2591);
/** Errors a client may get when another seat (or a bot, or the timer) acted first. */
const RACE_CODES = new Set(["nothing-to-catch", "not-exposed", "not-your-turn", "game-over", "uhoh-needs-two", "already-called"]);


/** Plays a seat from its own decoded view until `stop()`; returns the unexpected errors it got. */
/** Plays `p` from its own view until `stop()`; `after` looks at the state after each move it sends. */
async function drive(p: Seated, rng: Rng, stop: () => boolean, after?: () => void): Promise<string[]> {
  const problems: string[] = [];
  let guard = 0;
  while (!stop() && p.probe.left === null) {
    if (++guard > 5000) throw new Error(`seat ${p.seat} never finished`);
    const move = chooseClientMove(p.probe.state, p.seat, rng);
    if (!move) {
      const patches = p.probe.patches;
      await p.probe.until(() => stop() || p.probe.patches > patches || undefined, 10_000, `a change for seat ${p.seat}`);
      continue;
    }
    const from = p.probe.messages.length;
    p.room.send(move.type, move.payload);
    await p.probe.sync();
    for (const e of p.probe.of("error", from)) if (!RACE_CODES.has(e.code)) problems.push(`${move.type} ${JSON.stringify(move.payload)} → ${e.code}: ${e.message}`);
    after?.();
  }
  return problems;
}

const card = (suit: Suit, rank: Rank) => cardId(suit, rank);
const NUMBER_RANKS: Rank[] = ["2", "3", "4", "5", "6", "7", "8", "9", "10"];
/** A number card of `suit` whose rank is none of `avoid` (ranks or cards). */
function numberOf(suit: Suit, avoid: (Rank | number)[] = []): number {
  const ranks = new Set(avoid.map((x) => (typeof x === "number" ? RANKS[x % 14] : x)));
  const rank = NUMBER_RANKS.find((r) => !ranks.has(r));
  if (!rank) throw new Error("no card");
  return card(suit, rank);
}

describe("cubestacc rooms", function () {
  this.timeout(30_000);
  let hub: TestHub;
  let scale = 1;

  before(async () => {
    scale = SeatedRoom.botDelayScale;
    SeatedRoom.botDelayScale = 0.02; // bots think ~20 ms here instead of 650–1050 ms
    hub = await bootHub(PORT, { reconnectSeconds: 1, seatHoldSeconds: 60, messageRate: { burst: 10_000, perSecond: 10_000 } });
  });
  afterEach(async () => {
    await hub.colyseus.cleanup();
  });
  after(async () => {
    SeatedRoom.botDelayScale = scale;
    await hub.shutdown();
  });

  const sdk = () => hub.colyseus.sdk;
  const server = (room: Room<any>) => cubestaccRoom(hub, room.roomId);
  const table = (room: Room<any>): Table => server(room).session!.state;
  const waitPhase = (p: Seated | Probe, phase: string) => {
    const probe = p instanceof Probe ? p : p.probe;
    return probe.until(() => probe.state?.phase === phase || undefined, 10_000, `phase ${phase}`);
  };
  async function watcher(roomId: string): Promise<Probe> {
    const probe = new Probe(await sdk().joinById(roomId, { spectate: true, name: "Watcher" }));
    await probe.next("welcome", 0);
    return probe;
  }
  /** An online table of `n` people (timer off unless given), started (full → starts by itself). */
  async function onlineTable(n: number, extra: Record<string, unknown> = {}): Promise<Seated[]> {
    const first = await seatedIn(sdk().create("cubestacc", { mode: "online", seats: n, timer: 0, private: true, name: "P0", ...extra }));
    const players = [first];
    for (let i = 1; i < n; i++) players.push(await seatedIn(sdk().joinById(first.room.roomId, { name: `P${i}` })));
    await Promise.all(players.map((p) => waitPhase(p, "playing")));
    return players;
  }

  describe("options", () => {
    it("refuses invalid options with a clear message", async () => {
      const bad: [Record<string, unknown>, RegExp][] = [
        [{ mode: "race" }, /mode/],
        [{ seats: 1 }, /seats/],
        [{ seats: 6 }, /seats/],
        [{ seats: 2.5 }, /seats/],
        [{ mode: "solo", bots: 0 }, /bots/],
        [{ mode: "solo", bots: 5 }, /bots/],
        [{ mode: "solo", bots: 2, seats: 4 }, /Solo seats/],
        [{ mode: "solo", timer: 30 }, /timer/],
        [{ timer: -1 }, /timer/],
        [{ timer: 301 }, /timer/],
        [{ timer: "30" }, /timer/],
        [{ pack: "lego" }, /pack/],
        [{ botLevel: "hard" }, /botLevel/],
        [{ wildPivot: "yes" }, /wildPivot/],
        [{ seats: 3, bots: 3 }, /bots/],
      ];
      for (const [options, message] of bad) {
        const err = await rejection(sdk().create("cubestacc", options));
        expect(err.message, JSON.stringify(options)).to.match(message);
      }
    });

    it("online defaults; quick play fills in defaults before matching; the creator's pack shows", async () => {
      const a = await seatedIn(sdk().joinOrCreate("cubestacc", { name: "Ann" }));
      const b = await seatedIn(sdk().joinOrCreate("cubestacc", { mode: "online", seats: 4, timer: 30, pack: "CLASSIC", name: "Bob" }));
      expect(b.room.roomId).to.equal(a.room.roomId);
      const c = await seatedIn(sdk().joinOrCreate("cubestacc", { pack: "space", name: "Cy" }));
      expect(c.room.roomId).to.not.equal(a.room.roomId);
      const st = b.probe.state;
      expect([st.game, st.mode, st.phase, st.maxSeats, st.timer, st.pack, st.botLevel, st.wildPivot]).to.deep.equal(["cubestacc", "online", "waiting", 4, 30, "classic", "normal", false]);
      expect(st.players.length).to.equal(4);
      expect(st.turn).to.equal(-1);
      expect(st.deadline).to.equal(0);
      await c.probe.until(() => c.probe.state.pack === "space" || undefined);
      const list = (await hub.get("/api/rooms?game=cubestacc")).body as any[];
      expect(list.map((r) => r.roomId)).to.include.members([a.room.roomId, c.room.roomId]);
      expect(list.find((r) => r.roomId === c.room.roomId)).to.include({ game: "cubestacc", mode: "online", phase: "waiting", players: 1, maxPlayers: 4 });
    });
  });

  describe("solo", () => {
    it("three bots racing to catch the same player: one Caught lands, the others drop their stale plan", async () => {
      const me = await seatedIn(sdk().create("cubestacc", { mode: "solo", bots: 3, private: true, name: "Me" }));
      const room = server(me.room);
      await waitPhase(me, "playing");
      const logged = captureLogs("warn");
      try {
        // I sit on one card without having called UH OH, and it is my turn: each (normal) bot
        // plans a Caught. Their short timers run out in the same clock tick, so their moves
        // queue up behind one another: only the first may land.
        rigTable(room, (t) => {
          setHands(t, [t.hands[0].slice(0, 1), ...t.hands.slice(1)]);
          t.turn = 0;
          t.called[0] = false;
          t.exposed[0] = true;
        });
        const caught = await me.probe.next("event", 0, (e) => e.kind === "caught");
        expect(caught).to.include({ target: 0, wanted: 3 });
        await sleep(400);
        expect(me.probe.of("event").filter((e) => e.kind === "caught")).to.have.length(1);
        expect(logged.lines.filter((l) => /bot move/.test(`${l.what} ${l.msg}`))).to.deep.equal([]);
        expect(room.session!.state.hands[0]).to.have.length(4);
      } finally {
        logged.restore();
      }
    });

    it("you + bots: starts at once, the bots play by themselves, the game ends, is recorded and replays", async () => {
      const me = await seatedIn(sdk().create("cubestacc", { mode: "solo", bots: 3, private: true, name: "Me" }));
      const room = server(me.room);
      await waitPhase(me, "playing");
      const st = me.probe.state;
      expect(me.seat).to.equal(0);
      expect(st.owner).to.equal(0);
      expect(st.maxSeats).to.equal(4);
      expect(st.timer).to.equal(0);
      expect(st.deadline).to.equal(0);
      expect(st.seats.map((s: any) => [s.bot, s.connected, s.occupied])).to.deep.equal([[false, true, true], [true, true, true], [true, true, true], [true, true, true]]);
      expect(st.seats.slice(1).map((s: any) => s.name).every((n: string) => /^Bot [A-Z][a-z]+$/.test(n))).to.equal(true);
      expect(new Set(st.seats.map((s: any) => s.name)).size).to.equal(4);
      expect(me.probe.of("event").find((e) => e.kind === "start")).to.deep.equal({ kind: "start", gameNo: 1, seats: [0, 1, 2, 3] });
      // My hand is mine; nobody else's is in my state.
      expect(handOf(st, 0)).to.deep.equal(room.session!.state.hands[0]);
      for (const s of [1, 2, 3]) expect(privateOf(st, s)).to.equal(undefined);
      // Someone else cannot take a seat in a solo room; watching is fine.
      expect((await rejection(sdk().joinById(me.room.roomId, { name: "Intruder" }))).message).to.match(/full/);
      const spectator = await watcher(me.room.roomId);

      // Bot moves come from clock timers, and the clock ticks inside a patch: a move (and its
      // patch) must run after that patch, never inside the tick (which would corrupt the timer list).
      let inTick = 0;
      let patchesInsideTick = 0;
      let patches = 0;
      const tick = room.clock.tick.bind(room.clock);
      room.clock.tick = () => {
        inTick++;
        try {
          tick();
        } finally {
          inTick--;
        }
      };
      const patch = room.broadcastPatch.bind(room);
      room.broadcastPatch = () => {
        patches++;
        if (inTick > 0) patchesInsideTick++;
        return patch();
      };

      const problems = await drive(me, createRng(7), () => room.session!.state.phase !== "playing");
      expect(problems).to.deep.equal([]);
      expect(patches).to.be.greaterThan(10);
      expect(patchesInsideTick).to.equal(0);
      await waitPhase(me, "finished");
      await waitPhase(spectator, "finished");
      const end = me.probe.state;
      const truth = room.session!.state;
      expect(end.winner).to.equal(truth.winner);
      expect(end.ranking.map((r: any) => [r.seat, r.cards, r.place])).to.deep.equal(truth.ranking!.map((r) => [r.seat, r.cards, r.place]));
      expect(end.players.map((p: any) => p.place)).to.deep.equal([0, 1, 2, 3].map((s) => truth.ranking!.find((r) => r.seat === s)!.place));
      expect(end.cubes.length).to.equal(truth.placed.length);
      expect(end.turn).to.equal(-1);
      // Bots did play: moves by every game seat are in the log.
      const log = room.session!.log;
      for (const s of [1, 2, 3]) expect(log.some((m) => m.seat === s), `bot ${s} moved`).to.equal(true);
      await me.probe.until(() => me.probe.of("event").some((e) => e.kind === "win") || undefined);

      const records = hub.store.recentGames({ game: "cubestacc", roomId: me.room.roomId });
      expect(records).to.have.length(1);
      const rec = records[0];
      expect(rec.result).to.be.oneOf(["won", "blocked"]);
      expect(rec.seats).to.deep.equal(end.seats.map((s: any) => s.name));
      expect(rec.log).to.have.length(log.length);
      const again = replay(cubestaccRules, { game: "cubestacc", seed: rec.seed, config: rec.config as any, seats: 4, log: rec.log as any });
      expect(again.valid).to.equal(true);
      expect(JSON.stringify(again.state)).to.equal(JSON.stringify(truth));
    });

    it("play again: ready (or the owner's start) deals a new game with a fresh table", async () => {
      const me = await seatedIn(sdk().create("cubestacc", { mode: "solo", bots: 1, private: true }));
      const room = server(me.room);
      await waitPhase(me, "playing");
      expect(await drive(me, createRng(8), () => room.session!.state.phase !== "playing")).to.deep.equal([]);
      await waitPhase(me, "finished");
      const first = room.session!;
      me.room.send("ready", { ready: true });
      await me.probe.until(() => (me.probe.state.gameNo === 2 && me.probe.state.phase === "playing") || undefined);
      const second = room.session!;
      expect(second).to.not.equal(first);
      const st = me.probe.state;
      expect(st.cubes.length).to.equal(1);
      expect(unpackCubes(Array.from(st.cubes))[0].card).to.equal(second.state.placed[0].card);
      expect(st.ranking.length).to.equal(0);
      expect(st.winner).to.equal(-1);
      expect(st.players.map((p: any) => p.place)).to.deep.equal([0, 0]);
      expect(handOf(st, 0)).to.deep.equal(second.state.hands[0]);
      expect(st.seats[0].ready).to.equal(false);
      // The owner's start works too once this one is over.
      expect(await drive(me, createRng(9), () => room.session!.state.phase !== "playing")).to.deep.equal([]);
      await waitPhase(me, "finished");
      me.room.send("start", {});
      await me.probe.until(() => (me.probe.state.gameNo === 3 && me.probe.state.phase === "playing") || undefined);
      expect(hub.store.recentGames({ roomId: me.room.roomId })).to.have.length(2);
    });
  });

  describe("online tables", () => {
    it("the owner starts with 2+ seated; others cannot; a running game gives out no seats", async () => {
      const a = await seatedIn(sdk().create("cubestacc", { seats: 4, timer: 0, private: true, name: "A" }));
      a.room.send("start", {});
      await a.probe.sync();
      expect(a.probe.of("error").map((e) => e.code)).to.deep.equal(["too-few-players"]);
      const b = await seatedIn(sdk().joinById(a.room.roomId, { name: "B" }));
      b.room.send("start", {});
      await b.probe.sync();
      expect(b.probe.of("error").map((e) => e.code)).to.deep.equal(["not-allowed"]);
      b.room.send("play", { card: 0, onto: 0, mode: "top" });
      await b.probe.sync();
      expect(b.probe.of("error").map((e) => e.code)).to.deep.equal(["not-allowed", "not-playing"]);
      expect(a.probe.state.phase).to.equal("waiting");
      a.room.send("start", {});
      await Promise.all([waitPhase(a, "playing"), waitPhase(b, "playing")]);
      const st = b.probe.state;
      expect(st.gameNo).to.equal(1);
      expect(st.players.map((p: any) => p.inGame)).to.deep.equal([true, true, false, false]);
      expect(st.turn).to.equal(0);
      expect(st.players[0].cards).to.equal(7);
      expect(st.deckCount).to.equal(table(a.room).deck.length);
      expect(a.probe.of("event").find((e) => e.kind === "start")).to.deep.equal({ kind: "start", gameNo: 1, seats: [0, 1] });
      expect((await rejection(sdk().joinById(a.room.roomId, { name: "Late" }))).message).to.match(/full/);
      const spectator = await watcher(a.room.roomId);
      expect(spectator.state.players.every((p: any) => p.private === undefined)).to.equal(true);
      a.room.send("start", {});
      await a.probe.sync();
      expect(a.probe.of("error").at(-1).code).to.equal("not-allowed");
    });

    it("a table full of people starts by itself", async () => {
      const players = await onlineTable(2);
      expect(players[0].probe.state.players.map((p: any) => p.inGame)).to.deep.equal([true, true]);
      expect(players[1].probe.of("event").some((e) => e.kind === "start")).to.equal(true);
    });

    it("bot seats: added and removed by the owner, taken over by a person joining before the start", async () => {
      const a = await seatedIn(sdk().create("cubestacc", { seats: 3, bots: 2, timer: 0, private: true, name: "A" }));
      await a.probe.until(() => a.probe.state.seats.length === 3 || undefined);
      expect(a.probe.state.seats.map((s: any) => s.bot)).to.deep.equal([false, true, true]);
      expect(a.probe.state.phase).to.equal("waiting");
      const c = await seatedIn(sdk().joinById(a.room.roomId, { name: "C" }));
      expect(c.seat).to.equal(1);
      await a.probe.until(() => a.probe.state.seats[1].name === "C" || undefined);
      expect(a.probe.state.seats.map((s: any) => [s.name.startsWith("Bot "), s.bot])).to.deep.equal([[false, false], [false, false], [true, true]]);
      expect(a.probe.state.phase, "bot seats do not make a table full").to.equal("waiting");
      c.room.send("addBot", {});
      c.room.send("removeBot", { seat: 2 });
      await c.probe.sync();
      expect(c.probe.of("error").map((e) => e.code)).to.deep.equal(["not-allowed", "not-allowed"]);
      a.room.send("removeBot", { seat: 0 });
      a.room.send("removeBot", { seat: 2 });
      await a.probe.sync();
      expect(a.probe.of("error").map((e) => e.code)).to.deep.equal(["not-a-bot"]);
      expect(a.probe.state.seats[2].occupied).to.equal(false);
      a.room.send("addBot", {});
      await a.probe.sync();
      expect(a.probe.state.seats[2].bot).to.equal(true);
      a.room.send("addBot", {});
      await a.probe.sync();
      expect(a.probe.of("error").at(-1).code).to.equal("no-free-seat");
      // The owner leaves: ownership goes to a person, never to a bot.
      await a.room.leave(true);
      await c.probe.until(() => c.probe.state.owner === 1 || undefined);
      c.room.send("start", {});
      await waitPhase(c, "playing");
      expect(c.probe.state.players.map((p: any) => p.inGame)).to.deep.equal([false, true, true]);
      expect(server(c.room).seatOrder).to.deep.equal([1, 2]);
    });

    it("everyone connected ready → the game starts", async () => {
      const a = await seatedIn(sdk().create("cubestacc", { seats: 3, timer: 0, private: true }));
      const b = await seatedIn(sdk().joinById(a.room.roomId, {}));
      a.room.send("ready", { ready: true });
      await a.probe.sync();
      expect(a.probe.state.phase).to.equal("waiting");
      b.room.send("ready", { ready: true });
      await Promise.all([waitPhase(a, "playing"), waitPhase(b, "playing")]);
      expect(a.probe.state.seats.map((s: any) => s.ready)).to.deep.equal([false, false, false]);
    });
  });

  describe("turns", () => {
    it("a move out of turn is refused and changes nothing; the seat on turn plays; a draw's card goes to the drawer only", async () => {
      const [a, b] = await onlineTable(2);
      const spectator = await watcher(a.room.roomId);
      const room = server(a.room);
      // Seat 0: a card that fits on the root (TOP, same suit) and one that fits nowhere.
      // Seat 1: nothing that fits on the root or on seat 0's card.
      const root = table(a.room).placed[0];
      const [other, third] = SUITS.filter((s) => s !== root.suit);
      const fits0 = numberOf(root.suit, [root.card]);
      const loose0 = numberOf(other, [root.card, fits0]);
      const hands = [
        [fits0, loose0],
        [numberOf(other, [root.card, fits0, loose0]), numberOf(third, [root.card, fits0, loose0]), card(third, "Q")],
      ];
      const fits1 = hands[1][0];
      rigTable(room, (t) => setHands(t, hands));
      await Promise.all([a, b].map((p) => p.probe.until(() => p.probe.state.players[1].cards === 3 || undefined)));
      await spectator.until(() => spectator.state.players[1].cards === 3 || undefined);

      const before = snapshot(room.state);
      const log = room.session!.log.length;
      const patches = [a, b].map((p) => p.probe.patches);
      const errFrom = b.probe.messages.length;
      b.room.send("play", { card: fits1, onto: 0, mode: "top" });
      b.room.send("draw", {});
      b.room.send("done", {});
      await b.probe.sync();
      expect(b.probe.of("error", errFrom).map((e) => [e.type, e.code])).to.deep.equal([["play", "not-your-turn"], ["draw", "not-your-turn"], ["done", "not-your-turn"]]);
      expect(snapshot(room.state)).to.deep.equal(before);
      expect(room.session!.log.length).to.equal(log);
      await a.probe.sync();
      expect([a, b].map((p) => p.probe.patches)).to.deep.equal(patches);

      // Seat 0 (on turn) must play rather than draw, then plays: the turn passes to seat 1.
      a.room.send("draw", {});
      await a.probe.sync();
      expect(a.probe.of("error").at(-1).code).to.equal("must-play");
      const evFrom = [a, b].map((p) => p.probe.messages.length);
      a.room.send("play", { card: fits0, onto: 0, mode: "top" });
      await b.probe.until(() => b.probe.state.turn === 1 || undefined);
      // The play is news through the patch alone: the new cube says who played what, where (no `play` event).
      const placedCubes = unpackCubes(Array.from(b.probe.state.cubes));
      const placed = placedCubes[1];
      expect({ card: placed.card, mode: placed.mode, suit: placed.suit, parent: placed.parent, cell: placed.cell, by: placed.by }).to.deep.equal({
        card: fits0,
        mode: "top",
        suit: root.suit,
        parent: 0,
        cell: { x: 0, y: 1, z: 0 },
        by: 0,
      });
      // No `turn` event: state.turn says it.
      await a.probe.sync();
      for (const p of [a, b]) expect(p.probe.messages.slice(evFrom[p === a ? 0 : 1]).filter((m) => m.type === "event" && ["turn", "play"].includes(m.payload?.kind))).to.deep.equal([]);
      expect(b.probe.state.cubes.length).to.equal(2);
      expect(placedCubes[0].open.top, "the root's top is covered").to.equal(false);
      expect(b.probe.state.players[0].catchable, "went to 1 card without UH OH").to.equal(true);

      // Seat 1 holds nothing that fits now (the top is taken): it draws; only it sees the card.
      const t = table(a.room);
      expect(t.turn).to.equal(1);
      const drawFrom = [a, b, { probe: spectator }].map((p) => p.probe.messages.length);
      expect(room.session!.view(1).legal).to.deep.equal([]);
      expect(privateOf(b.probe.state, 1).drawAction).to.equal("draw");
      b.room.send("draw", {});
      const mine = await b.probe.next("event", drawFrom[1], (e) => e.kind === "draw");
      expect(mine).to.deep.include({ kind: "draw", seat: 1, reason: "draw" });
      expect(mine.card).to.be.a("number");
      expect(table(a.room).hands[1]).to.include(mine.card);
      await b.probe.until(() => handOf(b.probe.state, 1).includes(mine.card) || undefined);
      await a.probe.until(() => a.probe.state.turn === 0 || undefined);
      await spectator.until(() => spectator.state.turn === 0 || undefined);
      // The others see the count go up in the state; the draw event (with the card) is the drawer's alone.
      expect(a.probe.state.players[1].cards).to.equal(table(a.room).hands[1].length);
      expect(a.probe.of("event", drawFrom[0]).filter((e) => e.kind === "draw")).to.deep.equal([]);
      expect(spectator.of("event", drawFrom[2]).filter((e) => e.kind === "draw")).to.deep.equal([]);
      expect(a.probe.state.players[1].cards).to.equal(4);
      expect(privateOf(a.probe.state, 1)).to.equal(undefined);
    });

    it("UH OH and Caught work out of turn", async () => {
      const [a, b, c] = await onlineTable(3);
      const spectator = await watcher(a.room.roomId);
      const room = server(a.room);
      const root = table(a.room).placed[0];
      const [other, third] = SUITS.filter((s) => s !== root.suit);
      const fits = numberOf(root.suit, [root.card]);
      rigTable(room, (t) =>
        setHands(t, [
          [fits, numberOf(other, [root.card, fits])],
          [numberOf(third, [root.card, fits]), card(third, "Q")],
          [card(other, "K"), card(third, "K"), card(other, "J")],
        ]),
      );
      await Promise.all([a, b, c].map((p) => p.probe.until(() => p.probe.state.players[1].cards === 2 || undefined)));
      await spectator.until(() => spectator.state.players[1].cards === 2 || undefined);

      // Seat 1 holds 2 cards while seat 0 is on turn: UH OH out of turn.
      expect(b.probe.state.turn).to.equal(0);
      expect(privateOf(b.probe.state, 1).canUhOh).to.equal(true);
      const from = c.probe.messages.length;
      b.room.send("uhoh", {});
      await c.probe.until(() => c.probe.state.players[1].calledUhOh || undefined);
      expect(await c.probe.next("event", from, (e) => e.kind === "uhoh")).to.deep.equal({ kind: "uhoh", seat: 1 });
      b.room.send("uhoh", {});
      c.room.send("uhoh", {});
      spectator.room.send("uhoh", {});
      await Promise.all([b.probe.sync(), c.probe.sync(), spectator.sync()]);
      expect(b.probe.of("error").at(-1).code).to.equal("already-called");
      expect(c.probe.of("error").at(-1).code).to.equal("uhoh-needs-two");
      expect(spectator.of("error").at(-1).code).to.equal("not-seated");

      // Nobody to catch yet.
      c.room.send("caught", {});
      await c.probe.sync();
      expect(c.probe.of("error").at(-1).code).to.equal("nothing-to-catch");

      // Seat 0 plays down to 1 card without calling; seat 2 catches it while seat 1 is on turn.
      a.room.send("play", { card: fits, onto: 0, mode: "top" });
      await c.probe.until(() => (c.probe.state.players[0].catchable && c.probe.state.turn === 1) || undefined);
      a.room.send("caught", { target: 0 });
      await a.probe.sync();
      expect(a.probe.of("error").at(-1).code).to.equal("cannot-catch-self");
      const evFrom = [a, b, c].map((p) => p.probe.messages.length);
      const specFrom = spectator.messages.length;
      c.room.send("caught", {});
      await a.probe.until(() => a.probe.state.players[0].cards === 4 || undefined);
      const caughtEvent = await b.probe.next("event", evFrom[1], (e) => e.kind === "caught");
      expect(caughtEvent).to.deep.equal({ kind: "caught", seat: 2, target: 0, wanted: 3, got: 3 });
      const drawsFor = (p: Probe, since: number) => p.until(() => {
        const d = p.of("event", since).filter((e) => e.kind === "draw");
        return d.length === 3 ? d : undefined;
      });
      const mine = await drawsFor(a.probe, evFrom[0]);
      expect(mine.every((e) => e.seat === 0 && e.reason === "caught" && typeof e.card === "number")).to.equal(true);
      expect(table(a.room).hands[0]).to.include.members(mine.map((e) => e.card));
      // The others see the 3 cards in the count; the draw events (with the cards) are the drawer's.
      await Promise.all([b.probe.sync(), c.probe.sync(), spectator.sync()]);
      for (const [p, since] of [[b.probe, evFrom[1]], [c.probe, evFrom[2]], [spectator, specFrom]] as const) {
        expect(p.of("event", since).filter((e) => e.kind === "draw")).to.deep.equal([]);
        expect(p.state.players[0].cards).to.equal(4);
      }
      expect(c.probe.state.players[0].catchable).to.equal(false);
      expect(c.probe.state.turn, "the turn did not move").to.equal(1);
      expect(handOf(a.probe.state, 0)).to.have.members(table(a.room).hands[0]);
      c.room.send("caught", { target: 0 });
      await c.probe.sync();
      expect(c.probe.of("error").at(-1).code).to.equal("not-exposed");
    });
  });

  describe("the turn timer", () => {
    it("runs out: the seat on turn draws and the turn passes; each turn gets a new deadline", async () => {
      const [a, b] = await onlineTable(2, { timer: 1 });
      const spectator = await watcher(a.room.roomId);
      const room = server(a.room);
      const first = a.probe.state.deadline;
      expect(first).to.be.greaterThan(0);
      expect(a.probe.state.timer).to.equal(1);
      expect(first, "a server time one timer away").to.be.within(Date.now() - 1000, Date.now() + 1000);
      const from = [a, b].map((p) => p.probe.messages.length);
      const specFrom = spectator.messages.length;
      // Nobody moves: seat 0 times out.
      const timeout = await b.probe.next("event", from[1], (e) => e.kind === "timeout", 6000);
      expect(timeout).to.deep.equal({ kind: "timeout", seat: 0 });
      const log = room.session!.log;
      expect(log[0]).to.deep.include({ seat: 0, move: { type: "timeout" } });
      const drawn = await a.probe.next("event", from[0], (e) => e.kind === "draw");
      expect(drawn).to.include({ seat: 0, reason: "timeout" });
      expect(drawn.card).to.be.a("number");
      await b.probe.until(() => (b.probe.state.turn === 1 && b.probe.state.deadline > first) || undefined);
      await spectator.until(() => spectator.state.turn === 1 || undefined);
      expect(b.probe.state.players[0].cards).to.equal(8);
      // The seat that timed out is the only one told which card it drew.
      expect(b.probe.of("event", from[1]).filter((e) => e.kind === "draw")).to.deep.equal([]);
      expect(spectator.of("event", specFrom).filter((e) => e.kind === "draw")).to.deep.equal([]);
      // Seat 1 also lets it run out.
      await a.probe.until(() => room.session!.log.length >= 2 || undefined, 6000);
      expect(room.session!.log[1]).to.deep.include({ seat: 1, move: { type: "timeout" } });
    });
  });

  describe("drops, bots and seat tokens", () => {
    it("a dropped seat is played by a bot after the window; its token gives the seat and the current hand back", async () => {
      const [a, b] = await onlineTable(2);
      const room = server(a.room);
      const roomId = a.room.roomId;
      dropConnection(b.room);
      await a.probe.until(() => a.probe.state.seats[1].connected === false || undefined);
      expect(a.probe.state.seats[1].bot, "not during the reconnection window").to.equal(false);
      await a.probe.until(() => a.probe.state.seats[1].bot || undefined, 5000, "bot takeover");
      expect(a.probe.state.seats[1]).to.deep.include({ name: "P1", occupied: true, connected: false, bot: true });
      expect(room.seatStatus(1)).to.equal("held");

      // A plays from its view; the bot answers for seat 1.
      const rng = createRng(3);
      const logBefore = room.session!.log.length;
      await Promise.race([
        drive(a, rng, () => room.session!.state.phase !== "playing" || room.session!.log.slice(logBefore).filter((m) => m.seat === 1).length >= 5),
      ]);
      expect(room.session!.log.slice(logBefore).some((m) => m.seat === 1), "the bot moved for seat 1").to.equal(true);

      // B comes back with the seat token: seat, hand and legal plays are back in the new view.
      const back = await seatedIn(sdk().joinById(roomId, { seatToken: b.seatToken }));
      expect(back.seat).to.equal(1);
      await back.probe.until(() => (back.probe.state.seats[1].bot === false && back.probe.state.seats[1].connected) || undefined);
      await back.probe.sync();
      expect(handOf(back.probe.state, 1)).to.deep.equal(room.session!.state.hands[1]);
      expect(privateOf(back.probe.state, 0)).to.equal(undefined);
      expect(privateOf(a.probe.state, 1)).to.equal(undefined);
      await a.probe.until(() => a.probe.state.seats[1].bot === false || undefined);
      // And the game goes on with both people (the bot no longer moves for seat 1), and the
      // new connection's hand and legal plays stay the server's after every move it makes
      // (in-place edits of these lists once reached a reclaimed seat garbled:
      // server/rooms/base/numberList.ts).
      if (room.session!.state.phase === "playing") {
        const logAt = room.session!.log.length;
        const stop = () => room.session!.state.phase !== "playing" || room.session!.log.length >= logAt + 40;
        const mismatches: string[] = [];
        const checkBack = () => {
          const truth = seatView(room.session!.state, 1);
          const seen = { hand: handOf(back.probe.state, 1), legal: Array.from(privateOf(back.probe.state, 1).legal as Iterable<number>, (n) => unpackPlay(n)) };
          if (room.session!.state.phase === "playing" && JSON.stringify(seen) !== JSON.stringify({ hand: truth.hand, legal: truth.legal })) mismatches.push(JSON.stringify({ seen, truth }));
        };
        const [pa, pb] = await Promise.all([drive(a, createRng(4), stop), drive(back, createRng(5), stop, checkBack)]);
        expect([...pa, ...pb]).to.deep.equal([]);
        expect(mismatches).to.deep.equal([]);
      }
    });

    it("a player who leaves mid-game hands the seat to a bot; solo never hands a dropped seat to a bot", async () => {
      const [a, b] = await onlineTable(2);
      const room = server(a.room);
      await b.room.leave(true);
      await a.probe.until(() => (a.probe.state.seats[1].bot && a.probe.state.seats[1].connected) || undefined);
      expect(a.probe.state.seats[1].name).to.match(/^Bot /);
      expect(room.seatStatus(1)).to.equal("bot");
      expect((await rejection(sdk().joinById(a.room.roomId, { seatToken: b.seatToken }))).message).to.match(/seat token/);
      const logAt = room.session!.log.length;
      expect(await drive(a, createRng(6), () => room.session!.state.phase !== "playing" || room.session!.log.slice(logAt).some((m) => m.seat === 1))).to.deep.equal([]);

      const me = await seatedIn(sdk().create("cubestacc", { mode: "solo", bots: 1, private: true }));
      const solo = server(me.room);
      await waitPhase(me, "playing");
      const watch = await watcher(me.room.roomId);
      dropConnection(me.room);
      await watch.until(() => watch.state.seats[0].connected === false || undefined);
      await until(() => solo.seatStatus(0) === "held", 5000, "held seat");
      await watch.sync();
      expect(watch.state.seats[0].bot).to.equal(false);
    });
  });
});
