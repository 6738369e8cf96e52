// Auto Pets over real sockets, what the generic wire test (test/server/wire.test.ts: twins
// and no `key#seat` part of another seat after every move) does not cover: whole games with
// bots, drops reclaimed by seat token (late ones, when the full state is largest), and every
// message. Every decoded state's joined view (common/pets/wire.ts) and every message every
// client receives is checked against the server's truth (same process): a hand, a trade pick
// or a submitted order reaches its own seat only, the tier decks and dice reach nobody, the
// battles are the server's, and a seat's decoded view never offers moves the server refuses.
// (It replaces the pets socket leak suite of the hand-written schema, issue 38.)
// PETS_SMOKE_GAMES sets the count (default 24); LONG=1 plays 1,000.

import { expect } from "chai";
import type { Room } from "colyseus.js";
import { createRng, type Rng } from "../../common/core/rng.js";
import { petsWire, type PetsState } from "../../common/pets/index.js";
import { SeatedRoom } from "../../server/rooms/base/SeatedRoom.js";
import { petsParts } from "../../server/rooms/pets/index.js";
import { bootHub, dropConnection, NO_RATE_LIMITS, Probe, until, type Received, type TestHub } from "../helpers/hub.js";
import { battlesOf, chooseClientMove, petsRoom, petsViewOf, type PetsRoom } from "../helpers/pets.js";
import { commonMessageLeaks, walkKeys } from "../helpers/leaks.js";
import { testPort } from "../helpers/ports.js";
import { captureLogs } from "../helpers/logLines.js";

const PORT = testPort(2701);
const LONG = !!process.env.LONG;
const GAMES = Number(process.env.PETS_SMOKE_GAMES ?? (LONG ? 1000 : 24));
const BATCH = 12;

const MESSAGE_TYPES = new Set(["welcome", "seat", "event", "error"]);
const EVENT_KINDS = new Set(["start", "bought", "sold", "gained", "traded", "picked", "passed", "refill", "arrange", "arranged", "battle", "round", "finished", "chat"]);
/** Keys that would carry hidden data in a message. */
const FORBIDDEN_MESSAGE_KEYS = new Set(["hand", "hands", "handIds", "handKeys", "decks", "deck", "order", "orders", "picks", "rng", "seed", "kinds", "private"]);
/** Keys that must never be in a decoded state or the view joined from it. */
const FORBIDDEN_STATE_KEYS = new Set(["hands", "decks", "deck", "orders", "rng", "seed", "kinds", "discard", "seatToken", "token"]);
/** Errors a person may get when a bot, another person or the end came first. */
const RACE_CODES = new Set(["not-your-turn", "wrong-phase", "game-over", "passed", "already-arranged", "not-in-hand", "empty-slot", "no-gold", "bad-order"]);

export interface Truth {
  state(): PetsState | null;
  /** Game seat of a room seat (−1: not in the game). */
  gameSeat(roomSeat: number): number;
}

export interface Tally {
  states: number;
  messages: number;
  ownCards: number;
  battles: number;
}
const newTally = (): Tally => ({ states: 0, messages: 0, ownCards: 0, battles: 0 });


/** Every way a decoded state could hold what `viewer` (room seat, −1 spectator) must not see. */
export function leaksInState(decoded: any, viewer: number, truth: Truth, tally: Tally = newTally()): string[] {
  const problems: string[] = [];
  // a live decoded state, or a JSON copy of one (kept until the seat is known)
  const state = typeof decoded.parts?.forEach === "function" ? decoded : { ...decoded, parts: new Map(Object.entries(decoded.parts ?? {})) };
  tally.states++;
  const json = typeof state.toJSON === "function" ? state.toJSON() : state;
  const { parts: _parts, ...rest } = json;
  walkKeys(rest, FORBIDDEN_STATE_KEYS, "state", problems);
  // the game seat this connection plays, as its own decoded state says (the parts came with it)
  const g = viewer < 0 ? -1 : Array.from((state.order ?? []) as number[]).indexOf(viewer);
  // the parts: another seat's own versions (`key#seat`) never reach this connection
  const keys: string[] = [];
  state.parts?.forEach((_p: unknown, k: string) => keys.push(k));
  for (const k of keys) if (k.includes("#") && (g < 0 || !k.endsWith(`#${g}`))) problems.push(`part ${k} is in the state of ${viewer < 0 ? "a spectator" : `seat ${viewer}`}`);
  const v = petsViewOf(state, viewer < 0 ? null : viewer);
  if (!v) return problems;
  const { log, ...shown } = v;
  if (log.length) problems.push("the log travelled in the view");
  walkKeys(shown, FORBIDDEN_STATE_KEYS, "view", problems);
  const t = truth.state();
  if (!t) return problems;
  if (g < 0 && (v.hand || v.picks || v.order)) problems.push(`${viewer < 0 ? "a spectator" : `seat ${viewer}`} out of the game joins a hand, picks or an order`);
  for (const c of [...(v.hand ?? []), ...(v.picks ?? [])]) {
    tally.ownCards++;
    if (t.kinds[c.id] !== c.card) problems.push(`seat ${viewer}'s card ${c.id} shows ${c.card}, it is ${t.kinds[c.id]}`);
    if (t.decks.some((d) => d.includes(c.id))) problems.push(`seat ${viewer} holds card ${c.id}, which is still in a tier deck`);
    t.hands.forEach((h, other) => other !== g && h.includes(c.id) && problems.push(`seat ${viewer} holds card ${c.id} of game seat ${other}'s hand`));
    t.picks.forEach((pk, other) => other !== g && pk?.includes(c.id) && problems.push(`seat ${viewer} holds card ${c.id} of game seat ${other}'s picks`));
  }
  for (const id of v.order ?? []) if (t.hands.some((h, other) => other !== g && h.includes(id))) problems.push(`seat ${viewer}'s order names card ${id} of another hand`);
  if (v.battles.length > t.battles.length) problems.push(`${v.battles.length} battles shown, ${t.battles.length} fought`);
  v.battles.forEach((b, i) => {
    tally.battles++;
    if (JSON.stringify(b) !== JSON.stringify(t.battles[i])) problems.push(`battle ${i} differs from the server's`);
  });
  return problems;
}

/** Every way a received message could carry what `viewer` must not see. */
export function leaksInMessage(m: Pick<Received, "type" | "payload">, viewer: number, tally: Tally = newTally()): string[] {
  const problems: string[] = [];
  tally.messages++;
  const payload = commonMessageLeaks(m, viewer, MESSAGE_TYPES, FORBIDDEN_MESSAGE_KEYS, problems);
  if (!payload) return problems;
  const kind = payload?.kind;
  if (!EVENT_KINDS.has(kind)) problems.push(`unexpected event kind ${kind}`);
  // A pick and an arrangement are announced, never what was picked or the order.
  if ((kind === "picked" || kind === "arranged") && Object.keys(payload).sort().join() !== "kind,seat") problems.push(`${kind} event has fields ${Object.keys(payload).join()}`);
  if (kind === "gained" && "card" in payload && payload.card !== "apple") problems.push("a gained event names a card other than an apple");
  return problems;
}

interface GameReport {
  seats: number;
  people: number;
  mode: string;
  drops: number;
  /** Drops reclaimed in round 5 or later. */
  lateDrops: number;
  result: string;
  tally: Tally;
  problems: string[];
}

describe("pets smoke: whole games with bots, drops and reclaims; no hand, pick or order ever reaches another seat", function () {
  this.timeout(LONG ? 1_200_000 : 300_000);
  let hub: TestHub;
  let scale = 1;
  // What the schema's encoder (server) and decoders (every client) say when bytes go wrong:
  // "definition mismatch", a refId not found, a buffer overflow. None may appear.
  const schemaComplaints: string[] = [];
  const { warn, error } = console;
  const listen =
    (to: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      const text = args.map(String).join(" ");
      if (/schema|refId|mismatch|utf8|overflow/i.test(text)) schemaComplaints.push(text.slice(0, 200));
      to(...args);
    };

  // the server's own complaints (a room's uncaught exception, Colyseus' errors) are log lines
  let logged: ReturnType<typeof captureLogs> | null = null;
  before(async () => {
    console.warn = listen(warn);
    console.error = listen(error);
    logged = captureLogs("warn");
    scale = SeatedRoom.botDelayScale;
    SeatedRoom.botDelayScale = 0;
    hub = await bootHub(PORT, { reconnectSeconds: 0.4, seatHoldSeconds: 60, ...NO_RATE_LIMITS });
  });
  after(async () => {
    logged?.restore();
    console.warn = warn;
    console.error = error;
    SeatedRoom.botDelayScale = scale;
    await hub.shutdown();
  });

  it("the leak detectors catch planted leaks (so the big test can fail)", () => {
    const t = { kinds: ["ant", "fish", "duck", "otter", "apple"], decks: [[3]], hands: [[0], [1]], picks: [null, [2]], battles: [], orders: [null, null] } as unknown as PetsState;
    const truth: Truth = { state: () => t, gameSeat: (r) => r };
    const view = (over: Record<string, unknown>, seat: number | null) => ({ seats: 2, round: 1, phase: "shop", turn: 0, row: [], gold: [3, 3], passed: [false, false], arranged: [false, false], trophies: [0, 0], wins: [0, 0], losses: [0, 0], handCounts: [1, 1], petCounts: [1, 1], deckCounts: [1], hand: seat === null ? null : [], picks: null, order: null, battles: [], log: [], winners: null, toAct: [0], pairing: { pairs: [], odd: null, ghostOf: null }, arena: false, viewer: seat, ...over });
    const decoded = (parts: Record<string, string>, extra: Record<string, unknown> = {}) => {
      const map = new Map(Object.entries(parts).map(([k, json]) => [k, { json }]));
      return { parts: map, order: [0, 1], ...extra };
    };
    const of = (v: ReturnType<typeof view>, seat: number | null) => {
      const own = petsWire.split(v as never);
      const pub = petsWire.split(view({}, null) as never);
      const parts: Record<string, string> = seat === null ? own : { ...pub };
      if (seat !== null) for (const [k, json] of Object.entries(own)) if (pub[k] !== json) parts[`${k}#${seat}`] = json;
      return parts;
    };
    expect(leaksInState(decoded(of(view({ hand: [{ id: 0, card: "ant" }] }, 0), 0)), 0, truth)).to.deep.equal([]);
    expect(leaksInState(decoded(of(view({}, null), null)), -1, truth)).to.deep.equal([]);
    expect(leaksInState(decoded({ ...of(view({}, null), null), "hand#0": "1" }), -1, truth), "a spectator with a seat's part").to.not.be.empty;
    expect(leaksInState(decoded({ ...of(view({ hand: [{ id: 0, card: "ant" }] }, 0), 0), "h.1#1": '[-1,"fish"]' }), 0, truth), "another seat's part").to.not.be.empty;
    expect(leaksInState(decoded(of(view({ hand: [{ id: 1, card: "fish" }] }, 0), 0)), 0, truth), "another hand's card").to.not.be.empty;
    expect(leaksInState(decoded(of(view({ hand: [{ id: 2, card: "duck" }] }, 0), 0)), 0, truth), "another seat's pick").to.not.be.empty;
    expect(leaksInState(decoded(of(view({ hand: [{ id: 3, card: "otter" }] }, 0), 0)), 0, truth), "a tier deck card").to.not.be.empty;
    expect(leaksInState(decoded(of(view({ hand: [{ id: 0, card: "fish" }] }, 0), 0)), 0, truth), "a wrong key").to.not.be.empty;
    expect(leaksInState(decoded(of(view({ hand: [{ id: 0, card: "ant" }], order: [1] }, 0), 0)), 0, truth), "an order naming another hand").to.not.be.empty;
    expect(leaksInState(decoded(of(view({ battles: [{ round: 1, seats: [0, 1], ghost: false, lineups: [[], []], events: [], winner: null, trophies: 0 }] }, null), null)), -1, truth), "a battle not fought yet").to.not.be.empty;
    expect(leaksInState(decoded(of(view({ decks: [[3]] }, null), null)), -1, truth), "a deck in the view").to.not.be.empty;
    expect(leaksInState(decoded(of(view({}, null), null), { rng: [1, 2, 3, 4] }), -1, truth), "the dice").to.not.be.empty;
    expect(leaksInMessage({ type: "event", payload: { kind: "arranged", seat: 1 } }, 0)).to.deep.equal([]);
    expect(leaksInMessage({ type: "event", payload: { kind: "arranged", seat: 1, order: [3, 1] } }, 0)).to.not.be.empty;
    expect(leaksInMessage({ type: "event", payload: { kind: "picked", seat: 1, card: "dog" } }, 0)).to.not.be.empty;
    expect(leaksInMessage({ type: "event", payload: { kind: "gained", seat: 1, card: "giraffe", n: 1 } }, 0)).to.not.be.empty;
    expect(leaksInMessage({ type: "event", payload: { kind: "start", hands: [[1]] } }, 0)).to.not.be.empty;
    expect(leaksInMessage({ type: "welcome", payload: { private: true, roomId: "X" } }, 0)).to.deep.equal([]);
    expect(leaksInMessage({ type: "seat", payload: { seat: 1, seatToken: "x" } }, 0)).to.not.be.empty;
    expect(leaksInMessage({ type: "hands", payload: {} }, 0)).to.not.be.empty;
  });

  it("a leak planted in the real room (each arrangement's order sent to all) is caught by the game check", async () => {
    const original = petsParts.toWire!;
    petsParts.toWire = (e, room) => {
      const w = original(e, room);
      return w && e.type === "arranged" ? { ...w, order: [1, 2, 3] } : w;
    };
    try {
      const report = await playOneGame(hub, 0, createRng(7, 7), { solo: true });
      expect(report.problems.some((p) => /arranged/.test(p) && /order/.test(p)), report.problems.slice(0, 3).join("; ")).to.equal(true);
    } finally {
      petsParts.toWire = original;
    }
  });

  it(`${GAMES} games (2–4 seats, people, bots, drops, a spectator each): no client sees another seat's hand, picks or order`, async () => {
    const rng = createRng(20261130, 11);
    const reports: GameReport[] = [];
    for (let start = 0; start < GAMES; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, GAMES - start) }, (_, k) => playOneGame(hub, start + k, createRng(rng.nextUint32(), 9)));
      reports.push(...(await Promise.all(batch)));
    }
    // Every client decodes exactly the server's battles, and no seat's decoded state ever
    // offers a move the server refuses as impossible (both once broke ~2% of games: see
    // test/server/schemaStrings.test.ts).
    const problems = reports.flatMap((r, i) => r.problems.map((p) => `game ${i} (${r.mode} ${r.seats} seats, ${r.people} people): ${p}`));
    if (problems.length) console.log([...new Set(problems.map((p) => p.replace(/(person \d+|host|spectator)( back)? /, "")))].slice(0, 40).join("\n"));
    // A schema complaint (a decoder fault) garbles everything that follows it on that connection:
    // it is reported beside the problems it caused, not hidden behind them.
    for (const l of logged?.lines ?? []) {
      const text = `${l.msg} ${l.err?.message ?? ""}`;
      if (/schema|refId|mismatch|utf8|overflow/i.test(text)) schemaComplaints.push(`${l.event}: ${text}`.slice(0, 200));
    }
    expect({ schema: [...new Set(schemaComplaints)].slice(0, 10), problems: problems.slice(0, 20) }, "schema encoder or decoder complaints, and the problems").to.deep.equal({ schema: [], problems: [] });
    expect(reports).to.have.length(GAMES);
    expect(reports.every((r) => r.result === "won" || r.result === "tie")).to.equal(true);
    const sum = (f: (r: GameReport) => number) => reports.reduce((n, r) => n + f(r), 0);
    for (const seats of [2, 3, 4]) expect(reports.filter((r) => r.seats === seats).length, `${seats}-seat games`).to.be.greaterThan(GAMES / 6);
    expect(reports.filter((r) => r.mode === "solo").length).to.be.greaterThan(GAMES / 10);
    expect(reports.filter((r) => r.people >= 2).length).to.be.greaterThan(GAMES / 4);
    expect(sum((r) => r.drops), "drops reclaimed by token").to.be.greaterThan(0);
    expect(sum((r) => r.lateDrops), "reloads in round 5 or 6 (the largest full states)").to.be.greaterThan(0);
    const tally = reports.reduce((t, r) => {
      for (const k of Object.keys(t) as (keyof Tally)[]) t[k] += r.tally[k];
      return t;
    }, newTally());
    console.log(
      `      ${GAMES} games, ${sum((r) => r.people)} people, ${tally.states} states and ${tally.messages} messages checked, ` +
        `${tally.ownCards} own-hand cards verified, ${tally.battles} battle records compared, ${sum((r) => r.drops)} reclaims (${sum((r) => r.lateDrops)} in round 5 or 6)`,
    );
    expect(tally.ownCards).to.be.greaterThan(GAMES * 20);
    expect(tally.battles).to.be.greaterThan(GAMES * 6);
  });
});

interface Seated {
  room: Room<any>;
  probe: Probe;
  seat: number;
  seatToken: string;
}

/** Plays one whole game with watched clients; returns what the checks found. */
async function playOneGame(hub: TestHub, index: number, rng: Rng, force: { solo?: boolean } = {}): Promise<GameReport> {
  const sdk = hub.colyseus.sdk;
  const seats = 2 + (index % 3);
  const solo = force.solo ?? rng.int(5) === 0;
  const people = solo ? 1 : 1 + rng.int(seats);
  const bots = solo ? seats - 1 : seats - people;
  const dropper = !solo && people >= 2 && rng.int(4) === 0 ? 1 + rng.int(people - 1) : -1;
  const options = { mode: solo ? "solo" : "online", seats, bots, timer: 0, arrange: 0, botLevel: "easy", private: true };
  const problems: string[] = [];
  const tally = newTally();
  let server: PetsRoom | null = null;
  const truth: Truth = { state: () => server?.session?.state ?? null, gameSeat: (r) => (server?.seatOrder ?? []).indexOf(r) };
  const watch = (room: Room<any>, seated: boolean, label: string): Probe => {
    let viewer = seated ? -2 : -1;
    const early: { state?: any; m?: Received }[] = [];
    const checkState = (state: any) => {
      for (const p of leaksInState(state, viewer, truth, tally)) problems.push(`${label} state: ${p}`);
    };
    const checkMessage = (m: Received) => {
      for (const p of leaksInMessage(m, viewer, tally)) problems.push(`${label} ${m.type}: ${p}`);
    };
    return new Probe(room, {
      onState: (state) => {
        if (viewer === -2) early.push({ state: JSON.parse(JSON.stringify(state.toJSON())) });
        else checkState(state);
      },
      onMessage: (m) => {
        if (viewer === -2 && m.type === "seat") {
          viewer = m.payload.seat;
          for (const e of early.splice(0)) e.state ? checkState(e.state) : checkMessage(e.m!);
        }
        if (viewer === -2) early.push({ m });
        else checkMessage(m);
      },
    });
  };
  const join = async (promise: Promise<Room<any>>, label: string): Promise<Seated> => {
    const room = await promise;
    const probe = watch(room, true, label);
    const msg = await probe.next("seat", 0);
    return { room, probe, seat: msg.seat, seatToken: msg.seatToken };
  };

  const host = await join(sdk.create("pets", { ...options, name: `H${index}` }), "host");
  server = petsRoom(hub, host.room.roomId);
  const players: Seated[] = [host];
  for (let i = 1; i < people; i++) players.push(await join(sdk.joinById(host.room.roomId, { name: `P${index}.${i}` }), `person ${i}`));
  const spectatorRoom = await sdk.joinById(host.room.roomId, { spectate: true, name: `S${index}` });
  const spectator = watch(spectatorRoom, false, "spectator");
  await spectator.next("welcome", 0);
  if (server.state.phase === "waiting") host.room.send("start", {});
  await host.probe.until(() => host.probe.state.phase === "playing" || undefined, 10_000, "start");

  const ended = () => server!.session?.state.phase === "finished";
  let drops = 0;
  let lateDrops = 0;
  const gone = new Set<number>();
  const play = async (p: Seated, k: number): Promise<void> => {
    let guard = 0;
    let dropAt = k === dropper ? rng.int(3) : -1;
    // Half the droppers reload late, when the full state they get back is largest.
    let dropRound = k === dropper && rng.int(2) === 0 ? 5 : 0;
    let actions = 0;
    let refusedInARow = 0;
    while (!ended()) {
      if (++guard > 4000) throw new Error(`game ${index}: seat ${p.seat} never finished`);
      if (dropAt >= 0 && actions >= dropAt && (petsViewOf(p.probe.state, null)?.round ?? 0) >= dropRound) {
        dropAt = -1;
        const late = dropRound > 0;
        dropRound = 0;
        dropConnection(p.room);
        const dropped = p.seat;
        await until(() => ended() || server!.state.seats[dropped]?.bot || undefined, 5000, "bot takeover");
        if (ended()) {
          gone.add(k);
          return;
        }
        const back = await join(sdk.joinById(host.room.roomId, { seatToken: p.seatToken }), `person ${k} back`);
        if (back.seat !== p.seat) problems.push(`reclaimed seat ${back.seat}, not ${p.seat}`);
        p = back;
        players[k] = back;
        drops++;
        if (late) lateDrops++;
        continue;
      }
      const move = chooseClientMove(p.probe.state, p.seat, rng);
      if (!move) {
        const patches = p.probe.patches;
        // Waiting on the others' secret shop turns (their buys send this seat nothing): on a
        // loaded machine that is seconds, so the bound is generous; a real hang still fails.
        await p.probe.until(() => ended() || p.probe.patches > patches || undefined, 30_000, `a change for seat ${p.seat}`);
        continue;
      }
      actions++;
      const from = p.probe.messages.length;
      const patches = p.probe.patches;
      p.room.send(move.type, move.payload);
      await p.probe.sync();
      const errors = p.probe.of("error", from);
      for (const e of errors) if (!RACE_CODES.has(e.code)) problems.push(`seat ${p.seat} ${move.type} ${JSON.stringify(move.payload)} → ${e.code}: ${e.message}`);
      refusedInARow = errors.length ? refusedInARow + 1 : 0;
      if (refusedInARow >= 25) {
        // The client's decoded state keeps offering moves the server refuses: it decoded a
        // state the server never had. A failure; the seat reloads (drop, then reclaim with its
        // seat token) so the game still ends and the report shows the rest.
        problems.push(`seat ${p.seat}: decoded state disagrees with the server (${refusedInARow} refusals in a row)`);
        refusedInARow = 0;
        dropAt = actions;
        continue;
      }
      // Wait for the move's patch (or a refusal) before reading the view again.
      if (!errors.length) await p.probe.until(() => ended() || p.probe.patches > patches || undefined, 10_000, `the patch of seat ${p.seat}'s ${move.type}`);
    }
  };
  await Promise.all(players.map((p, k) => play(p, k)));

  const final = server.session!.state;
  const result = final.winners && final.winners.length > 1 ? "tie" : "won";
  const everyone = [...players.filter((_, k) => !gone.has(k)).map((p) => p.probe), spectator];
  await Promise.all(everyone.map((p) => p.until(() => p.state.phase === "finished" || undefined, 10_000, "the end")));
  for (const p of everyone) {
    const n = battlesOf(p.state).length;
    if (n !== final.battles.length) problems.push(`a client decoded ${n} battles, ${final.battles.length} were fought`);
  }
  await Promise.all([...players.filter((_, k) => !gone.has(k)).map((p) => p.room.leave(true)), spectatorRoom.leave(true)]);
  return { seats, people, mode: options.mode, drops, lateDrops, result, tally, problems };
}
