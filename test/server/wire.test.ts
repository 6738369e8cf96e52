// The wire over real sockets, for every game of the registry (test/helpers/wireGames.ts says how
// each one's decoded state is read). Random games are played by real colyseus.js clients (people
// in the seats, a bot in one of Cubestacc's tables, a spectator on each table; now and then a
// person drops and takes the seat back by token) and, after every move:
//  - twins: what each client decoded, read as its view, equals the carried part of the rules'
//    `view(seat)` (the spectator's: `view(null)`) of the server's game: nothing more (no leak),
//    nothing less;
//  - no leak: no client holds another seat's own data (a spectator: any seat's);
//  - events: the game events each client received are exactly the rules' `eventsFor(events,
//    its seat)` of every move so far, as the room sends them (a mirror of the game, replayed
//    from the server's log, makes them): never another seat's draw, never a hidden card;
//  - messages: only the room's types, a seat's token only to that seat;
//  - refusals: moves naming hidden or foreign things (the definition's `probes`) are refused
//    with the rules' own words, the same the rules give for the state.
// Plus, once per game: the room state's fields are pinned (the generic room's, and each game's
// own: `@view` marks the per-audience ones), so a field that could carry something hidden is a decision.
// Game n of a kind plays its table variant n (people, bots, a turn timer left to run out, seats).
// WIRE_GAMES sets the games per game kind (default 6: every table variant once; `LONG=1`: 40).

import { expect } from "chai";
import { matchMaker } from "@colyseus/core";
import { GAMES } from "../../common/games.js";
import { moveMessage, type TypedMove } from "../../common/core/game.js";
import { createRng, type Rng } from "../../common/core/rng.js";
import { GameSession } from "../../common/core/session.js";
import type { GameRoom } from "../../server/rooms/game/GameRoom.js";
import { defaultWire } from "../../server/rooms/game/parts.js";
import { SeatedRoom } from "../../server/rooms/base/SeatedRoom.js";
import { DelayRecorder } from "../../server/rooms/game/spectatorDelay.js";
import { bootHub, dropConnection, NO_RATE_LIMITS, Probe, seated, until, watcher, type SeatedClient, type TestHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";
import { schemaFields, WIRE_GAMES, type Reader, type Variant, type WireGame } from "../helpers/wireGames.js";
import { GameRoomState } from "../../server/rooms/game/GameRoomState.js";
import { heartsParts } from "../../server/rooms/hearts/index.js";
import { tableParts } from "../../server/rooms/table/index.js";
import { cubestaccParts } from "../../server/rooms/cubestacc/index.js";

const PORT = testPort(2871);
const GAMES_PER_KIND = Number(process.env.WIRE_GAMES ?? (process.env.LONG ? 40 : 6));
/** The messages a room sends (anything else a client receives is a finding). */
const MESSAGE_TYPES = new Set(["welcome", "seat", "event", "error"]);
/** Events the room sends of its own (not the rules'): left out of the events check. */
const ROOM_KINDS = new Set(["chat", "countdown", "countdown-cancelled", "start", "restart", "rated", "no-show", "result"]);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Server = GameRoom<any, any, any, any, any, any>;

/** JSON with keys sorted (a join's fields come in the order its parts arrived). */
const stable = (v: unknown): string => JSON.stringify(v ?? null, (_k, x) => (x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x));

/** The generic room's own fields (GameRoomState, HubState's seats): no game's, nothing hidden. */
const ROOM_FIELDS = [
  // `berserk` / `berserkOpen`: a tournament arena's seats that halved their turns, and whether this room offers it (berserk.ts).
  "acting: array<uint8>", "berserk: array<uint8>", "berserkOpen: boolean", "deadline: float64", "game: string", "gameNo: uint16", "maxSeats: uint8", "mode: string", "order: array<uint8>", "owner: int8", "phase: string",
  "preparing: string", "private: boolean", "replayId: int32", "result: string", "seats: array<SeatState>", "seats[].bot: boolean", "seats[].connected: boolean",
  // `departed`: the name of a person who left, already shown to the table while they sat.
  "seats[].departed: string", "seats[].name: string", "seats[].occupied: boolean", "seats[].ready: boolean", "serverTime: float64", "spectators: uint16", "together: boolean",
];

interface Tally {
  moves: number;
  checks: number;
  events: number;
  refusals: number;
  drops: number;
  delayed: number;
  timeouts: number;
  /** How the games ended ("won": 3, "cut short": 2…). */
  ends: Record<string, number>;
}

/** How long a check waits for a client to catch up with the server. */
let patience = 5000;

const newTally = (): Tally => ({ moves: 0, checks: 0, events: 0, refusals: 0, drops: 0, delayed: 0, timeouts: 0, ends: {} });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Project = (st: any, p: any) => void;

/** The server parts of the games a leak is planted in (the room looks `project` up at every move: a test may wrap it). */
const PLANTED: Record<string, { project: Project }> = { hearts: heartsParts, table: tableParts, cubestacc: cubestaccParts } as never;
const serverParts = (id: string) => PLANTED[id];

interface Viewer {
  probe: Probe;
  roomSeat: number | null;
  /** The person's seat and token (null: the spectator). */
  person: SeatedClient | null;
}

describe("the wire: every seat and a spectator decode their own view of every game, and only theirs", function () {
  this.timeout(300_000);
  let hub: TestHub;
  let scale = 1;
  let delayScale = 1;
  before(async () => {
    scale = SeatedRoom.botDelayScale;
    delayScale = DelayRecorder.timeScale;
    SeatedRoom.botDelayScale = 0.02;
    DelayRecorder.timeScale = 0.05; // "15 s" lasts 0.75 s
    hub = await bootHub(PORT, { ...NO_RATE_LIMITS, reconnectSeconds: 30, raceCountdownMs: 50 } as Parameters<typeof bootHub>[1]);
  });
  after(async () => {
    SeatedRoom.botDelayScale = scale;
    DelayRecorder.timeScale = delayScale;
    await hub?.shutdown();
  });

  it("every definition of the registry is played here", () => {
    expect(WIRE_GAMES.map((g) => g.def.id).sort()).to.deep.equal(GAMES.map((d) => d.id).sort());
  });

  it("the readers see planted leaks: another seat's own parts, hand or board", () => {
    const byId = (id: string) => WIRE_GAMES.find((x) => x.def.id === id)!;
    const parts = (...keys: string[]) => ({ parts: new Map(keys.map((k) => [k, { json: "1" }])) });
    const seat0 = { roomSeat: 0, gameSeat: 0 };
    const spectator = { roomSeat: null, gameSeat: null };
    for (const id of ["hearts", "table"]) {
      expect(byId(id).leaks(parts("hand#0", "trick"), seat0), id).to.deep.equal([]);
      expect(byId(id).leaks(parts("hand#0", "hand#1"), seat0), id).to.have.length(1);
      expect(byId(id).leaks(parts("hand#0"), spectator), id).to.have.length(1);
    }
    expect(byId("cubestacc").leaks({ players: [{ private: {} }, {}] }, seat0)).to.deep.equal([]);
    expect(byId("cubestacc").leaks({ players: [{ private: {} }, { private: {} }] }, seat0)).to.have.length(1);
    expect(byId("cubestacc").leaks({ players: [{ private: {} }] }, spectator)).to.have.length(1);
    expect(byId("minesweeper-race").leaks({ players: [{ board: {} }, { board: {} }] }, seat0)).to.have.length(1);
    expect(byId("minesweeper-race").leaks({ players: [{ board: {} }] }, spectator)).to.have.length(1);
  });

  // A planted leak in a real room makes the game fail its checks (so a passing run means something).
  for (const [id, caught, plant] of [
    // The spectator's parts written from seat 0's view: its hand to everyone.
    ["hearts", /the spectator: expected/, (project: Project) => (st: unknown, p: any) => project(st, { ...p, view: (g: number | null) => p.view(g === null ? 0 : g) })],
    ["table", /the spectator: expected/, (project: Project) => (st: unknown, p: any) => project(st, { ...p, view: (g: number | null) => p.view(g === null ? 0 : g) })],
    // Seat 1's private child given seat 0's hand.
    ["cubestacc", /seat 1: expected/, (project: Project) => (st: any, p: any) => {
      project(st, p);
      const [a, b] = [st.players[0]?.private, st.players[1]?.private];
      if (a && b && a.hand.length) b.hand.splice(0, b.hand.length, ...a.hand.toArray());
    }],
  ] as const) {
    it(`${id}: a planted leak fails the checks`, async () => {
      const g = WIRE_GAMES.find((x) => x.def.id === id)!;
      const parts = serverParts(id);
      const project = parts.project;
      parts.project = plant(project.bind(parts));
      // The checks wait for the view that never comes: not long, but long enough that a seat
      // whose true view is merely slow on a loaded machine is not named first (seat 0 was once).
      patience = 1500;
      try {
        const failed = await playOne(hub, g, 0, createRng(99), newTally()).then(() => null, (e: Error) => e.message);
        expect(failed, "the checks failed").to.be.a("string");
        expect(failed).to.match(caught);
      } finally {
        parts.project = project;
        patience = 5000;
      }
    });
  }

  for (const g of WIRE_GAMES) {
    const games = Math.max(1, Math.round(GAMES_PER_KIND * (g.share ?? 1)));
    it(`${g.def.id}: ${games} random games, twins, no leak, exact events and refusals after every move`, async () => {
      const tally = newTally();
      for (let n = 0; n < games; n++) await playOne(hub, g, n, createRng(7000 + n), tally);
      console.log(`      ${games} games: ${tally.moves} moves, ${tally.checks} views, ${tally.events} events and ${tally.refusals} refusals checked, ${tally.drops} drops, ${tally.delayed} delayed spectators, ${tally.timeouts} timers run out; ends: ${JSON.stringify(tally.ends)}`);
      expect(tally.moves, "moves played").to.be.greaterThan(games * 5);
      expect(tally.events, "events checked").to.be.greaterThan(0);
    });
  }
});

async function playOne(hub: TestHub, g: WireGame, n: number, rng: Rng, tally: Tally): Promise<void> {
  const sdk = hub.colyseus.sdk;
  const tables = [{ options: g.options, seats: g.seats }, ...(g.variants ?? [])];
  const { options, seats, people: persons = seats, sitOut } = tables[n % tables.length] as Variant;
  // Every third game (the 2nd, 5th…) also has a spectator watching through the spectator delay (its mirror room).
  const delayed = n % 3 === 1;
  const a = await seated(sdk.create(g.room, { ...options, ...(delayed ? { private: true, spectatorDelay: 15 } : {}), name: "Ann" }));
  const people: SeatedClient[] = [a];
  for (let i = 1; i < persons; i++) people.push(await seated(sdk.joinById(a.room.roomId, { name: `P${i}` })));
  const spectator = await watcher(hub, a.room.roomId);
  if (delayed) expect(spectator.room.roomId, "a delayed spectator watches the mirror").to.not.equal(a.room.roomId);
  const server = matchMaker.getLocalRoomById(a.room.roomId) as unknown as Server;
  if (n === 0) {
    expect(schemaFields(GameRoomState), "the generic room's fields").to.deep.equal([...ROOM_FIELDS].sort());
    expect(schemaFields(server.state.constructor).filter((f) => !ROOM_FIELDS.includes(f)), "the game's own schema fields").to.deep.equal([...g.schema].sort());
  }
  if (g.ready) for (const p of people) p.room.send("ready", { ready: true });
  else if (!server.session) a.room.send("start", {});
  await until(() => (server.session && g.def.whoActs(server.session.state).seats.length > 0) || undefined, 8000, "the start");
  const order = () => server.seatOrder;
  expect(order(), "every seat in the game, in seat order").to.deep.equal(Array.from({ length: seats }, (_, i) => i));

  const viewers: Viewer[] = [...people.map((p) => ({ probe: p.probe, roomSeat: p.seat, person: p })), { probe: spectator, roomSeat: null, person: null }];
  const readerOf = (v: Viewer): Reader => ({ roomSeat: v.roomSeat, gameSeat: v.roomSeat === null ? null : order().indexOf(v.roomSeat) });
  // The mirror: the server's game replayed from its log, giving each move's events.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const play = (server as any).play as { parts: { toWire?: (e: unknown, room: (g: number | null) => number, info: unknown) => unknown }; gameNo: number; order: number[] };
  const first = server.session!;
  const mirror = new GameSession(g.def, first.seed, first.config, first.seats);
  const expected = new Map<Viewer, string[]>(viewers.map((v) => [v, []]));
  /** Received game events per viewer, from its probe (room events left out). */
  const seen = new Map<Probe, { at: number; events: string[] }>();
  const received = (v: Viewer): string[] => {
    // Read incrementally (a game's thousands of messages, looked at after every move).
    let s = seen.get(v.probe);
    if (!s) seen.set(v.probe, (s = { at: 0, events: [] }));
    const all = v.probe.messages;
    for (; s.at < all.length; s.at++) {
      const m = all[s.at];
      // Only the room's kinds of message; a seat's token only to that seat.
      expect(MESSAGE_TYPES.has(m.type), `${v.roomSeat === null ? "the spectator" : `seat ${v.roomSeat}`} got a ${m.type} message`).to.equal(true);
      if (m.type === "seat") expect(m.payload?.seat, "a seat message").to.equal(v.roomSeat);
      if (m.type === "event" && !ROOM_KINDS.has(m.payload?.kind)) s.events.push(stable(m.payload));
    }
    return s.events;
  };
  // Everyone joined before the game began: every event of it reached them.
  const baseline = new Map<Viewer, number>(viewers.map((v) => [v, 0]));
  const follow = () => {
    const log = server.session!.log;
    while (mirror.log.length < log.length) {
      const { seat, move, t } = log[mirror.log.length];
      const r = mirror.apply(seat, move, t);
      if (!r.ok) throw new Error(`the mirror refused logged move ${mirror.log.length}: ${r.error.message}`);
      const info = { gameNo: play.gameNo, order: play.order.slice() };
      const room = (x: number | null) => (x === null ? -1 : (play.order[x] ?? -1));
      for (const v of viewers) {
        const gs = readerOf(v).gameSeat;
        for (const e of g.def.eventsFor(r.events, gs !== null && gs >= 0 ? gs : null)) {
          const w = (play.parts.toWire ?? defaultWire)(e, room, info);
          if (w) expected.get(v)!.push(stable(w));
        }
      }
    }
  };

  const allTwins = async (what: string) => {
    follow();
    for (const v of viewers) {
      const r = readerOf(v);
      if (delayed && v.roomSeat === null) {
        // Behind by design: nothing of anyone's own now; its whole view once the delay passed (the end).
        expect(g.leaks(v.probe.state, r), `${what}: the delayed spectator`).to.deep.equal([]);
        continue;
      }
      const want = () => stable(g.carried(server.session!.view(r.gameSeat !== null && r.gameSeat >= 0 ? r.gameSeat : null), r));
      const label = `${what}: ${v.roomSeat === null ? "the spectator" : `seat ${v.roomSeat}`}`;
      await until(() => stable(g.read(v.probe.state, r)) === want() || undefined, patience, `${label} decodes its view`).catch(() => {
        expect(g.read(v.probe.state, r), label).to.deep.equal(JSON.parse(want()));
      });
      expect(g.leaks(v.probe.state, r), label).to.deep.equal([]);
      // The View a packed reader rebuilds for the one driver's player carries what was decoded.
      if (g.view && g.player) expect(stable(g.carried(g.view(v.probe.state, r), r)), `${label}: the player's rebuilt view`).to.equal(stable(g.read(v.probe.state, r)));
      // A bot may move meanwhile: the mirror follows the log on every look.
      const got = () => received(v).slice(baseline.get(v)!);
      const same = () => (follow(), stable(got()) === stable(expected.get(v)));
      await until(() => same() || undefined, patience, `${label}'s events`).catch(() => {});
      follow();
      expect(got(), `${label}'s events`).to.deep.equal(expected.get(v));
      tally.checks++;
    }
  };

  await allTwins(`game ${n}, the start`);
  for (let step = 0; step < g.steps && server.session && g.def.status(server.session.state) !== "finished"; step++) {
    const game = server.session;
    const who = g.def.whoActs(game.state).seats;
    if (!who.length) break;
    const mine = who.filter((x) => viewers.some((v) => v.roomSeat === order()[x]));
    if (sitOut && step === 3) {
      // Nobody moves: the turn timer runs out and the room moves for the seat.
      const at = game.log.length;
      await until(() => (server.session?.log.length ?? 0) > at || undefined, 8000, "the timer's move");
      await allTwins(`game ${n}, the timer's move after ${step}`);
      tally.timeouts++;
      continue;
    }
    if (!mine.length) {
      // Only bots act: their moves, then the checks.
      const at = game.log.length;
      await until(() => (server.session?.log.length ?? 0) > at || undefined, 8000, "a bot's move");
      await allTwins(`game ${n}, a bot's move after ${step}`);
      continue;
    }
    const gs = mine[rng.int(mine.length)];
    const v = viewers.find((x) => x.roomSeat === order()[gs])!;
    const person = v.person!;
    // Now and then: a refusal the rules give for a move naming hidden or foreign things.
    const probes = (g.def.probes?.(game.state, gs) ?? []).filter((m: TypedMove) => !g.def.apply(game.state, gs, m, { rng: createRng(1), now: Date.now() }).ok);
    if (probes.length && rng.int(4) === 0) {
      const probe = probes[rng.int(probes.length)];
      const want = g.def.apply(game.state, gs, probe, { rng: createRng(1), now: Date.now() });
      const { type, payload } = moveMessage(probe);
      const from = person.probe.messages.length;
      person.room.send(type, payload);
      const got = await person.probe.next("error", from, (e) => e?.type === type);
      if (!want.ok) expect({ code: got.code, message: got.message }, `the refusal of ${stable(probe)}`).to.deep.equal({ code: want.error.code, message: want.error.message });
      tally.refusals++;
    }
    // Now and then: the person drops and takes the seat back by token, with a fresh client.
    // (Not beside bots: one could move between the rejoin and the new client's first state.)
    if (persons === seats && rng.int(40) === 0) {
      dropConnection(person.room);
      await until(() => !server.state.seats[person.seat].connected || undefined, 5000, "the drop");
      const back = await seated(hub.colyseus.sdk.joinById(a.room.roomId, { seatToken: person.seatToken }));
      expect(back.seat).to.equal(person.seat);
      v.person = back;
      v.probe = back.probe;
      baseline.set(v, received(v).length);
      expected.set(v, []);
      // A fresh client gets the state, not the past events: expect from here on.
      tally.drops++;
    }
    const legal = g.def.legalMoves(game.state, gs);
    if (!legal.length) break;
    const preferred = g.prefer ? legal.filter((m: TypedMove) => g.prefer!(game.state, gs, m)) : [];
    const pool = preferred.length && rng.int(10) > 0 ? preferred : legal;
    const { type, payload } = moveMessage(pool[rng.int(pool.length)] as TypedMove);
    const before = game.log.length;
    v.person!.room.send(type, payload);
    await until(() => (server.session?.log.length ?? 0) > before || undefined, 8000, `move ${step} (${type}) applied`);
    tally.moves++;
    await allTwins(`game ${n}, move ${step}`);
  }
  if (delayed) {
    // Nothing moves any more: once the delay passed, the mirror shows the table as it is now.
    const v = viewers[viewers.length - 1];
    const r = readerOf(v);
    const want = () => stable(g.carried(server.session!.view(null), r));
    await until(() => stable(g.read(v.probe.state, r)) === want() || undefined, 10_000, "the delayed spectator catches up").catch(() => {
      expect(g.read(v.probe.state, r), "the delayed spectator at the end").to.deep.equal(JSON.parse(want()));
    });
    await until(() => received(v).length >= expected.get(v)!.length || undefined, 5000, "the delayed events").catch(() => {});
    // In the moves' order (a nested tick of the mirror once sent a later frame's events first: WatchRoom.tick).
    expect(received(v), "the delayed spectator's events").to.deep.equal(expected.get(v)!);
    tally.delayed++;
  }
  for (const v of viewers) tally.events += expected.get(v)!.length;
  const end = server.session && g.def.status(server.session.state) === "finished" ? (g.def.result?.(server.session.state) ?? "finished") : "cut short";
  tally.ends[end] = (tally.ends[end] ?? 0) + 1;
  await Promise.all(viewers.map((v) => v.probe.room.leave()));
}
