// Hidden information never leaves the server: a hand reaches its own seat only.
//
// Well over a hundred whole games (2–5 seats, online and solo, people playing random legal
// moves from their own decoded view, bots of both levels, some turn timers running out,
// some drops reclaimed by seat token, a spectator on every table) are played by real
// colyseus.js clients. Every decoded state and every message every client receives is
// checked against the server's truth (same process): no other seat's private data, no
// drawn card id but the drawer's own, nothing about the deck but its count.

import { expect } from "chai";
import type { Room } from "colyseus.js";
import { createRng, type Rng } from "../../common/core/rng.js";
import { BOT_LEVELS, PACK_IDS, packCube, packPlay, rootCube, unpackCubes, unpackPlay, type CubestaccState as Table } from "../../common/cubestacc/index.js";
import { HubState, SeatState } from "../../server/rooms/base/HubState.js";
import { SeatedRoom } from "../../server/rooms/base/SeatedRoom.js";
import { DelayRecorder } from "../../server/rooms/game/spectatorDelay.js";
import { CubestaccSeat, CubestaccState, PrivateSeat, RankEntry, type CubestaccRoom } from "../../server/rooms/cubestacc/index.js";
import { bootHub, dropConnection, NO_RATE_LIMITS, Probe, until, type Received, type TestHub } from "../helpers/hub.js";
import { chooseClientMove, cubestaccRoom, handOf, type Seated } from "../helpers/cubestacc.js";
import { commonMessageLeaks, walkKeys } from "../helpers/leaks.js";
import { testPort } from "../helpers/ports.js";

const PORT = testPort(2592);
const GAMES = 120;
const BATCH = 24;

const MESSAGE_TYPES = new Set(["welcome", "seat", "event", "error"]);
// No `play`: a play's news is the new cube in the patch (a `play` event would be a regression).
const EVENT_KINDS = new Set([
  "start", "draw", "jack", "take", "kstack", "caught", "uhoh", "reverse", "skip", "extra", "dump", "done", "pass", "timeout", "win", "chat",
]);
/** Keys that would carry hidden data if they ever showed up in a message. */
const FORBIDDEN_MESSAGE_KEYS = new Set(["hand", "hands", "deck", "seed", "rng", "log", "legal", "private", "seatToken"]);
/** Keys that must never be in a decoded state at all. */
const FORBIDDEN_STATE_KEYS = new Set(["hands", "deck", "seed", "rng", "log", "seatToken", "token"]);
/** Errors a person may get when someone else (a bot, another person, the timer) acted first. */
const RACE_CODES = new Set(["nothing-to-catch", "not-exposed", "not-your-turn", "game-over", "uhoh-needs-two", "already-called"]);

/** What the checks compare against: the server's table right now, and who sits where. */
export interface Truth {
  table(): Table | null;
  /** Game seat of a room seat (−1 if not in the game). */
  gameSeat(roomSeat: number): number;
}

export interface Tally {
  states: number;
  messages: number;
  ownCards: number;
  ownDraws: number;
}
export const newTally = (): Tally => ({ states: 0, messages: 0, ownCards: 0, ownDraws: 0 });

/** Cards that `roomSeat` may legitimately know: its own hand now, and the table. */
function knowable(truth: Truth, roomSeat: number): Set<number> | null {
  const t = truth.table();
  if (!t) return null;
  const out = new Set<number>(t.placed.map((p) => p.card));
  const g = roomSeat >= 0 ? truth.gameSeat(roomSeat) : -1;
  if (g >= 0) for (const c of t.hands[g]) out.add(c);
  return out;
}


/** Every way a decoded state could hold what `viewer` (room seat, −1 spectator) must not see. */
export function leaksInState(state: any, viewer: number, truth: Truth, tally: Tally = newTally()): string[] {
  const problems: string[] = [];
  tally.states++;
  const json = typeof state.toJSON === "function" ? state.toJSON() : state;
  walkKeys(json, FORBIDDEN_STATE_KEYS, "state", problems);
  const players: any[] = Array.from(state.players ?? []);
  players.forEach((p, seat) => {
    if (seat !== viewer && p.private !== undefined) problems.push(`seat ${seat}'s private data is in the state of ${viewer < 0 ? "a spectator" : `seat ${viewer}`}`);
  });
  const known = knowable(truth, viewer);
  const table = truth.table();
  if (table) {
    const packed: unknown[] = Array.from(state.cubes ?? []);
    const cubes = unpackCubes(packed);
    if (cubes.length !== packed.length) problems.push(`cube ${cubes.length} is not a packed cube: ${packed[cubes.length]}`);
    cubes.forEach((c, i) => {
      if (table.placed[i]?.card !== c.card) problems.push(`cube ${i} shows card ${c.card}, the table has ${table.placed[i]?.card}`);
    });
  }
  if (viewer >= 0) {
    const priv = players[viewer]?.private;
    if (priv && known) {
      const hand: number[] = Array.from(priv.hand ?? []);
      for (const c of hand) {
        tally.ownCards++;
        if (!known.has(c)) problems.push(`seat ${viewer} holds card ${c} in its view, which is not its own`);
      }
      for (const packed of Array.from(priv.legal ?? []) as number[]) {
        const l = unpackPlay(packed);
        if (!l) problems.push(`legal list holds ${packed}, which is not a packed play`);
        else if (!hand.includes(l.card)) problems.push(`legal play of card ${l.card} not in seat ${viewer}'s hand`);
      }
    }
  }
  return problems;
}

/** Every way a received message could carry what `viewer` must not see. */
export function leaksInMessage(m: Pick<Received, "type" | "payload">, viewer: number, truth: Truth, tally: Tally = newTally()): string[] {
  const problems: string[] = [];
  tally.messages++;
  const payload = commonMessageLeaks(m, viewer, MESSAGE_TYPES, FORBIDDEN_MESSAGE_KEYS, problems);
  if (!payload) return problems;
  const kind = payload?.kind;
  if (!EVENT_KINDS.has(kind)) problems.push(`unexpected event kind ${kind}`);
  if (kind === "draw") {
    // Only the drawer is told, with the card; the others see the count in the state.
    if (payload.seat !== viewer || viewer < 0) problems.push(`draw event of seat ${payload.seat} sent to ${viewer < 0 ? "a spectator" : `seat ${viewer}`}`);
    else if (!("card" in payload)) problems.push(`seat ${viewer} was not told the card it drew`);
    else {
      tally.ownDraws++;
      const known = knowable(truth, viewer);
      if (known && !known.has(payload.card)) problems.push(`draw event card ${payload.card} is not in seat ${viewer}'s hand`);
    }
  }
  for (const key of Object.keys(payload ?? {})) {
    if (key === "card" && kind !== "draw") problems.push(`${kind} event carries a card`);
  }
  return problems;
}

function fieldsOf(klass: unknown): { name: string; type: unknown; tag?: number }[] {
  const metadata = (klass as Record<symbol, Record<number, { name: string; type: unknown; tag?: number }>>)[Symbol.metadata];
  const out: { name: string; type: unknown; tag?: number }[] = [];
  for (let i = 0; metadata[i] !== undefined; i++) out.push(metadata[i]);
  return out;
}

interface GameReport {
  seats: number;
  people: number;
  mode: string;
  timer: number;
  drops: number;
  result: string;
  timeouts: number;
  tally: Tally;
  problems: string[];
}

describe("cubestacc: no hand ever reaches another seat", function () {
  this.timeout(180_000);
  let hub: TestHub;
  let scale = 1;

  before(async () => {
    scale = SeatedRoom.botDelayScale;
    SeatedRoom.botDelayScale = 0; // bots move right after each change (no thinking time)
    hub = await bootHub(PORT, {
      reconnectSeconds: 0.4,
      seatHoldSeconds: 60,
      ...NO_RATE_LIMITS,
    });
  });
  after(async () => {
    SeatedRoom.botDelayScale = scale;
    await hub.shutdown();
  });

  it("the schema: hands only in the view-tagged private child; no deck, no seed", () => {
    const names = (k: unknown) => fieldsOf(k).map((f) => f.name);
    expect(names(CubestaccState)).to.have.members([
      ...names(HubState),
      "gameNo", "acting", "together", "order", "deadline", "result", "replayId", "preparing",
      "pack", "wildPivot", "timer", "botLevel", "cubes", "players", "deckCount", "turn", "turnNo", "direction",
      "pending", "owed", "dumpRank", "pivot", "winner", "blocked", "ranking",
    ]);
    expect(names(CubestaccSeat)).to.have.members(["inGame", "cards", "calledUhOh", "catchable", "place", "private"]);
    expect(names(PrivateSeat)).to.have.members(["hand", "legal", "drawAction", "canDone", "canUhOh"]);
    // `departed`: the name of a person who left, already shown to the table while they sat.
    expect(names(SeatState)).to.have.members(["name", "occupied", "connected", "ready", "bot", "departed"]);
    expect(fieldsOf(PrivateSeat).find((f) => f.name === "legal")!.type).to.deep.equal({ array: "uint16" });
    expect(names(RankEntry)).to.have.members(["seat", "cards", "place"]);
    expect(fieldsOf(CubestaccState).find((f) => f.name === "cubes")!.type, "a cube is one number").to.deep.equal({ array: "uint32" });
    // Only `private` is view-tagged; nothing else anywhere is.
    for (const klass of [CubestaccState, CubestaccSeat, PrivateSeat, RankEntry, SeatState]) {
      for (const f of fieldsOf(klass)) {
        expect(f.tag, `${f.name} tag`).to.equal(klass === CubestaccSeat && f.name === "private" ? -1 : undefined);
      }
    }
    expect(fieldsOf(CubestaccState).find((f) => f.name === "deckCount")!.type).to.equal("uint8");
  });

  it("the leak detectors catch planted leaks (so the big test can fail)", () => {
    const table = { placed: [{ card: 10 }, { card: 11 }], hands: [[1, 2], [3, 4]], deck: [5, 6] } as unknown as Table;
    const truth: Truth = { table: () => table, gameSeat: (r) => (r <= 1 ? r : -1) };
    const clean = { players: [{ private: { hand: [1, 2], legal: [packPlay({ card: 1, onto: 0, mode: "top" })] } }, {}], cubes: [packCube(rootCube(10), -1)] };
    expect(leaksInState(clean, 0, truth)).to.deep.equal([]);
    expect(leaksInState({ players: [{}, {}], cubes: [] }, -1, truth)).to.deep.equal([]);
    expect(leaksInState({ players: [{ private: { hand: [1] } }, { private: { hand: [] } }], cubes: [] }, 0, truth)).to.not.be.empty;
    expect(leaksInState({ players: [{ private: { hand: [] } }, {}], cubes: [] }, -1, truth)).to.not.be.empty;
    expect(leaksInState({ players: [{ private: { hand: [1, 3] } }, {}], cubes: [] }, 0, truth)).to.not.be.empty;
    expect(leaksInState({ players: [{ private: { hand: [1, 5] } }, {}], cubes: [] }, 0, truth)).to.not.be.empty;
    expect(leaksInState({ players: [{ private: { hand: [1], legal: [packPlay({ card: 2, onto: 0, mode: "top" })] } }, {}], cubes: [] }, 0, truth)).to.not.be.empty;
    expect(leaksInState({ players: [{ private: { hand: [1], legal: [1 << 14] } }, {}], cubes: [] }, 0, truth)).to.not.be.empty;
    expect(leaksInState({ players: [], cubes: [packCube(rootCube(5), -1)] }, 0, truth)).to.not.be.empty;
    expect(leaksInState({ players: [], cubes: [], deck: [5, 6] }, 0, truth)).to.not.be.empty;
    expect(leaksInState({ players: [], cubes: [packCube(rootCube(10), -1), 1 << 20] }, 0, truth), "a number that is not a cube").to.not.be.empty;
    expect(leaksInMessage({ type: "event", payload: { kind: "draw", seat: 0, reason: "draw", card: 2 } }, 0, truth)).to.deep.equal([]);
    expect(leaksInMessage({ type: "event", payload: { kind: "draw", seat: 1, reason: "draw" } }, 0, truth)).to.not.be.empty;
    expect(leaksInMessage({ type: "event", payload: { kind: "play", seat: 1, cube: 1 } }, 0, truth), "a play event").to.not.be.empty;
    expect(leaksInMessage({ type: "event", payload: { kind: "draw", seat: 1, reason: "draw", card: 3 } }, 0, truth)).to.not.be.empty;
    expect(leaksInMessage({ type: "event", payload: { kind: "draw", seat: 1, reason: "draw", card: 3 } }, -1, truth)).to.not.be.empty;
    expect(leaksInMessage({ type: "event", payload: { kind: "draw", seat: 0, reason: "draw", card: 5 } }, 0, truth)).to.not.be.empty;
    expect(leaksInMessage({ type: "event", payload: { kind: "draw", seat: 0, reason: "draw" } }, 0, truth)).to.not.be.empty;
    expect(leaksInMessage({ type: "event", payload: { kind: "play", seat: 1, card: 4, cube: 1 } }, 0, truth)).to.not.be.empty;
    expect(leaksInMessage({ type: "event", payload: { kind: "caught", seat: 0, target: 1, card: 3 } }, 0, truth)).to.not.be.empty;
    expect(leaksInMessage({ type: "event", payload: { kind: "win", ranking: [{ seat: 0, hand: [1] }] } }, 0, truth)).to.not.be.empty;
    expect(leaksInMessage({ type: "welcome", payload: { seed: 1 } }, 0, truth)).to.not.be.empty;
    expect(leaksInMessage({ type: "welcome", payload: { private: true, roomId: "X" } }, 0, truth)).to.deep.equal([]);
    expect(leaksInMessage({ type: "event", payload: { kind: "start", private: { hand: [3] } } }, 0, truth)).to.not.be.empty;
    expect(leaksInMessage({ type: "seat", payload: { seat: 1, seatToken: "x" } }, 0, truth)).to.not.be.empty;
    expect(leaksInMessage({ type: "seat", payload: { seat: 0, seatToken: "x" } }, 0, truth)).to.deep.equal([]);
    expect(leaksInMessage({ type: "hands", payload: {} }, 0, truth)).to.not.be.empty;
  });

  it(`${GAMES} random games (2–5 seats, people, bots, timers, drops, a spectator each): no client sees another seat's cards`, async () => {
    const rng = createRng(20250704, 5);
    const reports: GameReport[] = [];
    for (let start = 0; start < GAMES; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, GAMES - start) }, (_, k) => playOneGame(hub, start + k, createRng(rng.nextUint32(), 9)));
      reports.push(...(await Promise.all(batch)));
    }
    const problems = reports.flatMap((r, i) => r.problems.map((p) => `game ${i} (${r.mode} ${r.seats} seats, ${r.people} people): ${p}`));
    expect(problems.slice(0, 20)).to.deep.equal([]);
    expect(reports).to.have.length(GAMES);
    expect(reports.every((r) => r.result === "won" || r.result === "blocked")).to.equal(true);
    const sum = (f: (r: GameReport) => number) => reports.reduce((n, r) => n + f(r), 0);
    // The mix really happened.
    for (const seats of [2, 3, 4, 5]) expect(reports.filter((r) => r.seats === seats).length, `${seats}-seat games`).to.be.greaterThan(GAMES / 10);
    expect(reports.filter((r) => r.mode === "solo").length).to.be.greaterThan(GAMES / 10);
    expect(reports.filter((r) => r.people >= 2).length).to.be.greaterThan(GAMES / 3);
    expect(sum((r) => r.timeouts), "turn timers ran out").to.be.greaterThan(0);
    expect(sum((r) => r.drops), "drops reclaimed by token").to.be.greaterThan(0);
    // The checks really ran.
    const tally = reports.reduce((t, r) => {
      for (const k of Object.keys(t) as (keyof Tally)[]) t[k] += r.tally[k];
      return t;
    }, newTally());
    console.log(
      `      ${GAMES} games, ${sum((r) => r.people)} people, ${tally.states} states and ${tally.messages} messages checked, ` +
        `${tally.ownCards} own-hand cards verified, ${tally.ownDraws} own draws, ${sum((r) => r.timeouts)} timeouts, ${sum((r) => r.drops)} reclaims`,
    );
    expect(reports.filter((r) => r.tally.states < 5 || r.tally.messages < 10).map((r) => [r.mode, r.tally.states, r.tally.messages])).to.deep.equal([]);
    expect(tally.ownCards).to.be.greaterThan(GAMES * 50);
    expect(tally.ownDraws).to.be.greaterThan(GAMES);
  });
});

describe("cubestacc: no hand reaches a delayed spectator either", function () {
  this.timeout(120_000);
  let hub: TestHub;
  let scale = 1;
  let delayScale = 1;
  const DELAYED_GAMES = Number(process.env.LONG) ? 60 : 16;

  before(async () => {
    scale = SeatedRoom.botDelayScale;
    delayScale = DelayRecorder.timeScale;
    SeatedRoom.botDelayScale = 0;
    DelayRecorder.timeScale = 0.05; // "15 s" lasts 0.75 s
    hub = await bootHub(PORT + 1, { reconnectSeconds: 0.4, seatHoldSeconds: 60, ...NO_RATE_LIMITS });
  });
  after(async () => {
    SeatedRoom.botDelayScale = scale;
    DelayRecorder.timeScale = delayScale;
    await hub.shutdown();
  });

  it(`${DELAYED_GAMES} games watched through the spectator delay: the mirror shows no hand, no draw, no deck, and ends on the server's table`, async () => {
    const rng = createRng(20251201, 14);
    const reports: GameReport[] = [];
    for (let start = 0; start < DELAYED_GAMES; start += 8) {
      const batch = Array.from({ length: Math.min(8, DELAYED_GAMES - start) }, (_, k) => playOneGame(hub, start + k, createRng(rng.nextUint32(), 9), true));
      reports.push(...(await Promise.all(batch)));
    }
    const problems = reports.flatMap((r, i) => r.problems.map((p) => `game ${i} (${r.mode} ${r.seats} seats, ${r.people} people): ${p}`));
    expect(problems.slice(0, 20)).to.deep.equal([]);
    const tally = reports.reduce((t, r) => {
      for (const k of Object.keys(t) as (keyof Tally)[]) t[k] += r.tally[k];
      return t;
    }, newTally());
    console.log(`      ${DELAYED_GAMES} delayed-view games, ${tally.states} states and ${tally.messages} messages checked`);
    expect(tally.states).to.be.greaterThan(DELAYED_GAMES * 5);
  });
});

/** Plays one whole game with watched clients; returns what the checks found. */
async function playOneGame(hub: TestHub, index: number, rng: Rng, delayed = false): Promise<GameReport> {
  const sdk = hub.colyseus.sdk;
  const seats = 2 + (index % 4);
  const solo = rng.int(5) === 0;
  const people = solo ? 1 : 1 + rng.int(seats);
  const bots = solo ? seats - 1 : seats - people + rng.int(people); // some people take over bot seats
  const timer = !solo && rng.int(7) === 0 ? 1 : 0;
  const dropper = !solo && people >= 2 && rng.int(4) === 0 ? 1 + rng.int(people - 1) : -1;
  const options = {
    mode: solo ? "solo" : "online",
    seats,
    bots,
    timer,
    pack: PACK_IDS[rng.int(PACK_IDS.length)],
    wildPivot: rng.int(4) === 0,
    botLevel: BOT_LEVELS[rng.int(2)],
    private: true,
    // the spectator then watches the delayed mirror (server/rooms/game/WatchRoom.ts)
    ...(delayed ? { spectatorDelay: 15 } : {}),
  };
  const problems: string[] = [];
  const tally = newTally();
  let server: CubestaccRoom | null = null;
  const truth: Truth = {
    table: () => server?.session?.state ?? null,
    gameSeat: (r) => {
      const order = server?.seatOrder ?? [];
      return order.indexOf(r);
    },
  };
  /**
   * Watches one client. A seated client learns its seat from the `seat` message, which
   * arrives after its first full state: what came before is checked once the seat is known.
   */
  /** Clients whose first decoded state was already the end (a reclaim just after the game ended). */
  const lateJoiners = new Set<Room<any>>();
  const watch = (room: Room<any>, seated: boolean, label: string): Probe => {
    let viewer = seated ? -2 : -1;
    let first = true;
    const early: { state?: any; m?: Received }[] = [];
    const checkState = (state: any) => {
      for (const p of leaksInState(state, viewer, truth, tally)) problems.push(`${label} state: ${p}`);
    };
    const checkMessage = (m: Received, state?: any) => {
      for (const p of leaksInMessage(m, viewer, truth, tally)) problems.push(`${label} ${m.type}: ${p}`);
    };
    return new Probe(room, {
      onState: (state) => {
        if (first && state.phase === "finished") lateJoiners.add(room);
        first = false;
        if (viewer === -2) early.push({ state: JSON.parse(JSON.stringify(state.toJSON())) });
        else checkState(state);
      },
      onMessage: (m) => {
        if (viewer === -2 && m.type === "seat") {
          viewer = m.payload.seat;
          for (const e of early.splice(0)) e.state ? checkState(e.state) : checkMessage(e.m!);
        }
        if (viewer === -2) early.push({ m });
        else checkMessage(m, room.state);
      },
    });
  };
  const join = async (promise: Promise<Room<any>>, label: string): Promise<Seated> => {
    const room = await promise;
    const probe = watch(room, true, label);
    const msg = await probe.next("seat", 0);
    return { room, probe, seat: msg.seat, seatToken: msg.seatToken };
  };

  const host = await join(sdk.create("cubestacc", { ...options, name: `H${index}` }), "host");
  server = cubestaccRoom(hub, host.room.roomId);
  const players: Seated[] = [host];
  for (let i = 1; i < people; i++) players.push(await join(sdk.joinById(host.room.roomId, { name: `P${index}.${i}` }), `person ${i}`));
  const spectatorRoom = await sdk.joinById(host.room.roomId, { spectate: true, name: `S${index}` });
  const spectator = watch(spectatorRoom, false, "spectator");
  const welcome = await spectator.next("welcome", 0);
  if (delayed && (welcome.delaySeconds !== 15 || spectatorRoom.roomId === host.room.roomId)) problems.push("the spectator is not in the delayed view");
  if (server.state.phase === "waiting") host.room.send("start", {});
  await host.probe.until(() => host.probe.state.phase === "playing" || undefined, 10_000, "start");

  const ended = () => server!.session?.state.phase === "finished";
  let drops = 0;
  const gone = new Set<number>();
  const play = async (p: Seated, k: number): Promise<void> => {
    let guard = 0;
    // Early in the game, so the table is still playing when the seat comes back.
    let dropAt = p === players[dropper] ? rng.int(2) : -1;
    let actions = 0;
    // In a timed game the host sits out its first turn, so every such game sees a timer run out.
    let sitOut = timer > 0 && k === 0;
    while (!ended()) {
      if (++guard > 4000) throw new Error(`game ${index}: seat ${p.seat} never finished`);
      if (actions === dropAt) {
        // Drop, let the bot take over, come back with the seat token in a new client.
        dropAt = -1;
        dropConnection(p.room);
        // Back as soon as the 0.4 s window is over and a bot plays the seat (a fixed wait let
        // fast games end first, and then there was nothing to reclaim).
        const dropped = p.seat;
        await until(() => ended() || server!.state.seats[dropped]?.bot || undefined, 5000, "bot takeover");
        if (ended()) {
          gone.add(k); // the game ended meanwhile: that seat is let go, nothing to reclaim
          return;
        }
        const back = await join(sdk.joinById(host.room.roomId, { seatToken: p.seatToken }), `person ${k} back`);
        if (back.seat !== p.seat) problems.push(`reclaimed seat ${back.seat}, not ${p.seat}`);
        p = back;
        players[k] = back;
        drops++;
        continue;
      }
      const onTurn = p.probe.state.phase === "playing" && p.probe.state.turn === p.seat;
      const lazy = (sitOut && onTurn) || (timer > 0 && rng.int(16) === 0);
      if (sitOut && onTurn) sitOut = false;
      const move = lazy ? null : chooseClientMove(p.probe.state, p.seat, rng);
      if (!move) {
        const patches = p.probe.patches;
        await p.probe.until(() => ended() || p.probe.patches > patches || undefined, 10_000, `a change for seat ${p.seat}`);
        continue;
      }
      actions++;
      const from = p.probe.messages.length;
      const handBefore = handOf(p.probe.state, p.seat).join(",");
      p.room.send(move.type, move.payload);
      await p.probe.sync();
      // A draw can cross a catch that dealt this seat cards it can play: "must-play" is then
      // the server being right about a hand the client had not seen yet.
      const handMoved = handOf(p.probe.state, p.seat).join(",") !== handBefore;
      for (const e of p.probe.of("error", from)) if (!RACE_CODES.has(e.code) && !(e.code === "must-play" && handMoved)) problems.push(`seat ${p.seat} ${move.type} ${JSON.stringify(move.payload)} → ${e.code}: ${e.message}`);
    }
  };
  await Promise.all(players.map((p, k) => play(p, k)));

  const table = server.session!.state;
  const result = table.blocked ? "blocked" : "won";
  const everyone = [...players.filter((_, k) => !gone.has(k)).map((p) => p.probe), spectator];
  await Promise.all(everyone.map((p) => p.until(() => p.state.phase === "finished" || undefined, 10_000, "the end")));
  const onTime = everyone.filter((p) => !lateJoiners.has(p.room));
  await Promise.all(onTime.map((p) => p.until(() => p.of("event").some((e) => e.kind === "win") || undefined, 10_000, "win event")));
  // Every client's decoded table is the server's, cube for cube (a patch garbled on its way,
  // e.g. a corked socket holding bytes the encoder then reused, shows up here).
  const tableOf = (state: any) => JSON.stringify(Array.from(state.cubes ?? []));
  const truthTable = tableOf(server.state);
  if (spectator.state.cubes.length !== table.placed.length) problems.push("spectator's final table differs from the server's");
  for (const p of onTime) if (tableOf(p.state) !== truthTable) problems.push(`${p === spectator ? "spectator" : "a player"}'s decoded table differs from the server's`);
  const timeouts = server.session!.log.filter((m) => m.move.type === "timeout").length;
  await Promise.all([...players.filter((_, k) => !gone.has(k)).map((p) => p.room.leave(true)), spectatorRoom.leave(true)]);
  return { seats, people, mode: options.mode, timer, drops, result, timeouts, tally, problems };
}
