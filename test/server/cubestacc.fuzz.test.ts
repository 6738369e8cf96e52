// Hostile input against a live Cubestacc table.
//
// A reproducible corpus (seeded PCG32) of hostile `play` payloads — wrong types, NaN,
// huge and negative numbers, cards not in hand, bad cube ids, bad modes, a wild without
// a suit, a suit on a non-wild, extra fields, binary and oversized payloads — plus the
// other Cubestacc messages, is sent by the seat on turn, a seat out of turn, a spectator
// and a player whose game has not started. Every message must get exactly one `error`
// (with its type and an expected code) and change nothing: no patch reaches any client,
// the schema, the rules' table and the move log stay identical.

import { expect } from "chai";
import type { Room } from "colyseus.js";
import { createRng, type Rng } from "../../common/core/rng.js";
import { ATTACH_MODES, cardId, checkPlay, coverFace, FIRST_WILD, newCube, RANKS, SUITS, type AttachMode, type CubestaccState as Table, type Rank, type Suit } from "../../common/cubestacc/index.js";
import type { CubestaccRoom } from "../../server/rooms/cubestacc/index.js";
import { bootHub, NO_RATE_LIMITS, Probe, sleep, snapshot, until, type TestHub } from "../helpers/hub.js";
import { cubestaccRoom, rigTable, seatedIn, setHands, type Seated } from "../helpers/cubestacc.js";
import { testPort } from "../helpers/ports.js";

const PORT = testPort(2593);
const CORPUS_SEED = 0xc0be_f022;
const PLAYS_PER_SENDER = 1400; // × 4 senders = 5,600 hostile `play` payloads
const OTHERS_PER_SENDER = 250;

type Sender = "P0" | "P1" | "S" | "W";

interface Entry {
  type: string;
  payload: unknown;
  bytes?: boolean;
  codes: string[];
}

interface Target {
  /** Room seat; −1 spectator. */
  seat: number;
  /** The game has not started for this sender. */
  waiting: boolean;
  table: () => Table;
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[rng.int(items.length)];
}

/** Not a whole number: `bad-payload`. */
const WRONG_TYPES: unknown[] = [
  NaN, Infinity, -Infinity, 1.5, -0.5, 1e-300, "1", "", "0x1", "NaN", null, true, false, [], [1], {}, { card: 1 }, new Uint8Array([1]), new Date(0),
];
/** 64-bit integers: decoded as a bigint (`bad-payload`) or as a huge number (`out-of-range`). */
const BIG: bigint[] = [2n ** 60n, -(2n ** 62n), 2n ** 63n - 1n, 2n ** 64n - 1n];
/** Whole numbers outside 0..59: `out-of-range`. */
const OUT_OF_RANGE: number[] = [-1, -2, -60, 60, 61, 64, 255, 256, 1000, 65536, 2 ** 31, -(2 ** 31), 2 ** 53, -(2 ** 53), 1e308, -1e308];
const BAD_MODES: unknown[] = ["TOP", "Top", "up", "", "start", "wild ", " top", "sides", "facE", "cube", 0, 1, null, true, [], {}, ["top"], "x".repeat(200)];
const BAD_SUITS: unknown[] = ["Spades", "SPADES", "spade", "stars", "rocket", "♠", "", 0, 3, true, [], {}, ["hearts"], "x".repeat(200)];

/** The answer a shape-valid play must get from the room (its checks, then the rules), or null if it would be accepted. */
function verdict(t: Target, move: { card: number; onto: number; mode: string; suit?: string }): string | null {
  if (t.seat < 0) return "not-seated";
  if (t.waiting) return "not-playing";
  const table = t.table();
  const rejection = checkPlay(table, t.seat, move);
  return rejection ? rejection.code : null;
}

function playEntry(rng: Rng, t: Target): Entry | null {
  const table = t.table();
  const hand = t.seat >= 0 && !t.waiting ? table.hands[t.seat] : [];
  const anyCard = () => rng.int(60);
  const handCard = () => (hand.length && rng.int(3) ? pick(rng, hand) : anyCard());
  const cube = () => (rng.int(3) ? rng.int(table.placed.length + 2) : rng.int(60));
  const mode = () => pick(rng, ["top", "side", "face", "wild"] as const);
  const suit = () => pick(rng, SUITS);
  const seated = (code: string): string[] => (t.seat < 0 ? ["not-seated"] : [code]);
  const base = () => ({ card: handCard(), onto: cube(), mode: mode() as string });
  switch (rng.int(13)) {
    case 0: {
      // wrong type in card or onto
      const p: Record<string, unknown> = base();
      p[pick(rng, ["card", "onto"])] = pick(rng, WRONG_TYPES);
      return { type: "play", payload: p, codes: seated("bad-payload") };
    }
    case 1: {
      // whole numbers off the id range
      const p: Record<string, unknown> = base();
      if (rng.int(6)) {
        p[pick(rng, ["card", "onto"])] = pick(rng, OUT_OF_RANGE);
        return { type: "play", payload: p, codes: seated("out-of-range") };
      }
      p[pick(rng, ["card", "onto"])] = pick(rng, BIG);
      return { type: "play", payload: p, codes: t.seat < 0 ? ["not-seated"] : ["bad-payload", "out-of-range"] };
    }
    case 2: {
      const p: Record<string, unknown> = base();
      p.mode = pick(rng, BAD_MODES);
      return { type: "play", payload: p, codes: seated("bad-payload") };
    }
    case 3: {
      const p: Record<string, unknown> = base();
      p.suit = pick(rng, BAD_SUITS);
      return { type: "play", payload: p, codes: seated("bad-payload") };
    }
    case 4: {
      // extra or missing fields, non-object payloads
      const extras: Record<string, unknown>[] = [{ x: 1 }, { seat: 0 }, { type: "play" }, { cards: [1] }, { target: 1 }, { constructor: 1 }, { toString: "x" }];
      const p = rng.int(2)
        ? { ...base(), ...pick(rng, extras) }
        : pick(rng, [undefined, null, 1, "play", [1, 0, "top"], true, {}, { card: 1 }, { card: 1, onto: 0 }, { onto: 0, mode: "top" }, { card: 1, mode: "top" }]);
      return { type: "play", payload: p, codes: seated("bad-payload") };
    }
    case 5: {
      // binary payload
      const bytes = new Uint8Array(rng.int(40));
      for (let i = 0; i < bytes.length; i++) bytes[i] = rng.int(256);
      return { type: "play", payload: bytes, bytes: true, codes: seated("bad-payload") };
    }
    case 6: {
      // over 1 KB: refused before anything else
      return { type: "play", payload: { ...base(), suit: "x".repeat(1100 + rng.int(3000)) }, codes: ["too-large"] };
    }
    case 7: {
      // a card id not in the hand
      const notHeld = Array.from({ length: 60 }, (_, i) => i).filter((c) => !hand.includes(c));
      const card = pick(rng, notHeld);
      const move = { card, onto: rng.int(table.placed.length), mode: mode() as string, ...(card >= FIRST_WILD ? { suit: suit() } : {}) };
      return shapeValid(t, move);
    }
    case 8: {
      // bad onto: a cube that does not exist (yet)
      const move = { card: handCard(), onto: table.placed.length + rng.int(60 - table.placed.length), mode: mode() as string };
      return shapeValid(t, move);
    }
    case 9: {
      // a wild without a suit, or a suit on a non-wild
      const wilds = hand.filter((c) => c >= FIRST_WILD);
      const plain = hand.filter((c) => c < FIRST_WILD);
      if (rng.int(2) && wilds.length) return shapeValid(t, { card: pick(rng, wilds), onto: rng.int(table.placed.length), mode: pick(rng, ["wild", "top", "side"]) });
      const card = plain.length ? pick(rng, plain) : rng.int(FIRST_WILD);
      return shapeValid(t, { card, onto: rng.int(table.placed.length), mode: mode() as string, suit: suit() });
    }
    case 10: {
      // any refusal the rules have for this table: pick a code, then a play that gets it
      if (t.seat < 0 || t.waiting || !hand.length) return { type: "play", payload: base(), codes: seated(t.waiting ? "not-playing" : "x") };
      const byCode = new Map<string, Record<string, unknown>[]>();
      for (const card of hand) {
        for (let onto = 0; onto < table.placed.length; onto++) {
          for (const mode of ATTACH_MODES) {
            for (const suitChoice of card >= FIRST_WILD ? [undefined, ...SUITS] : [undefined, "hearts"]) {
              const move = suitChoice === undefined ? { card, onto, mode } : { card, onto, mode, suit: suitChoice };
              const code = verdict(t, move);
              if (code) byCode.set(code, [...(byCode.get(code) ?? []), move]);
            }
          }
        }
      }
      const codes = [...byCode.keys()].sort();
      const code = pick(rng, codes);
      return { type: "play", payload: pick(rng, byCode.get(code)!), codes: [code] };
    }
    default: {
      // a card from the hand on a real cube, in a mode that does not fit there
      const card = handCard();
      return shapeValid(t, { card, onto: rng.int(table.placed.length), mode: mode() as string, ...(card >= FIRST_WILD && rng.int(4) ? { suit: suit() } : {}) });
    }
  }
}

/** A well-formed play: the room and the rules answer; legal ones are left out of the corpus. */
function shapeValid(t: Target, move: { card: number; onto: number; mode: string; suit?: string }): Entry | null {
  const code = verdict(t, move);
  return code === null ? null : { type: "play", payload: move, codes: [code] };
}

function otherEntry(rng: Rng, t: Target): Entry {
  const seated = (code: string): string[] => (t.seat < 0 ? ["not-seated"] : [code]);
  const table = t.table();
  const playing = t.seat >= 0 && !t.waiting;
  switch (rng.int(9)) {
    case 0: {
      // draw while a legal play exists (on turn), out of turn, or with a payload
      if (rng.int(3) === 0) return { type: "draw", payload: pick(rng, [{ x: 1 }, 1, "draw", [], { card: 1 }]), codes: seated("bad-payload") };
      return { type: "draw", payload: pick(rng, [undefined, {}]), codes: seated(!playing ? "not-playing" : t.seat === table.turn ? "must-play" : "not-your-turn") };
    }
    case 1:
      return { type: "done", payload: {}, codes: seated(!playing ? "not-playing" : t.seat === table.turn ? "not-dumping" : "not-your-turn") };
    case 2:
      // no seat holds exactly 2 cards here
      if (rng.int(4) === 0) return { type: "uhoh", payload: pick(rng, [{ now: true }, 2, [], "uhoh"]), codes: seated("bad-payload") };
      return { type: "uhoh", payload: {}, codes: seated(playing ? "uhoh-needs-two" : "not-playing") };
    case 3: {
      const v = rng.int(5);
      if (v === 0) return { type: "caught", payload: { target: pick(rng, WRONG_TYPES.filter((x) => x !== null)) }, codes: seated("bad-payload") };
      if (v === 1) return { type: "caught", payload: { target: pick(rng, [-1, 3, 4, 99, 2 ** 40]) }, codes: seated("out-of-range") };
      if (!playing) return { type: "caught", payload: {}, codes: seated("not-playing") };
      if (v === 2) return { type: "caught", payload: { target: t.seat }, codes: seated("cannot-catch-self") };
      if (v === 3) return { type: "caught", payload: { target: (t.seat + 1) % 3 }, codes: seated("not-exposed") };
      return { type: "caught", payload: {}, codes: seated("nothing-to-catch") };
    }
    case 4:
      // the owner cannot start a running game; others are not the owner
      return { type: "start", payload: {}, codes: seated(t.waiting ? "too-few-players" : "not-allowed") };
    case 5: {
      // owner messages: the running table's owner is refused, others are not the owner
      const v = rng.int(5);
      if (v === 0) return { type: "addBot", payload: pick(rng, [{ x: 1 }, { seat: 1 }, 5, "bot"]), codes: seated("bad-payload") };
      if (v === 1) return { type: "removeBot", payload: pick(rng, [{}, { seat: "x" }, { seat: 1.5 }, { seat: 1, x: 1 }]), codes: seated("bad-payload") };
      if (v === 2) return { type: "removeBot", payload: { seat: pick(rng, [-1, 3, 9, 2 ** 40]) }, codes: seated("out-of-range") };
      if (t.waiting) return { type: "removeBot", payload: { seat: 1 + rng.int(2) }, codes: ["not-a-bot"] };
      return { type: pick(rng, ["addBot", "removeBot"]), payload: rng.int(2) ? {} : { seat: 2 }, codes: seated("not-allowed").concat(t.seat >= 0 ? ["bad-payload"] : []) };
    }
    case 6:
      return { type: "ready", payload: pick(rng, [{ ready: "yes" }, { ready: 1 }, {}, { ready: true, x: 1 }]), codes: seated("bad-payload") };
    case 7:
      return { type: pick(rng, ["Play", "PLAY", "plays", "move", "timeout", "deal", "reveal", "restart", ""]), payload: {}, codes: ["unknown-type"] };
    default:
      return { type: "chat", payload: pick(rng, [{ text: "" }, { text: 5 }, { text: "   " }, {}]), codes: ["bad-payload"] };
  }
}

const NUMBER_RANKS: Rank[] = ["2", "3", "4", "5", "6", "7", "8", "9", "10"];

describe("cubestacc: hostile input", function () {
  this.timeout(120_000);
  let hub: TestHub;

  before(async () => {
    // The corpus checks validation, not pacing: lift the rate limit (the minesweeper suite tests it).
    hub = await bootHub(PORT, { ...NO_RATE_LIMITS });
  });
  after(async () => {
    await hub.shutdown();
  });

  it(`answers ${PLAYS_PER_SENDER * 4} hostile plays and ${OTHERS_PER_SENDER * 4} other messages with errors and changes nothing`, async () => {
    const sdk = hub.colyseus.sdk;
    // A 3-seat online table in play (seat 0 on turn), its spectator, and a table still waiting.
    const p0 = await seatedIn(sdk.create("cubestacc", { seats: 3, timer: 0, private: true, name: "P0" }));
    const p1 = await seatedIn(sdk.joinById(p0.room.roomId, { name: "P1" }));
    const p2 = await seatedIn(sdk.joinById(p0.room.roomId, { name: "P2" }));
    const s = new Probe(await sdk.joinById(p0.room.roomId, { spectate: true, name: "S" }));
    const w = await seatedIn(sdk.create("cubestacc", { seats: 3, timer: 0, private: true, name: "W" }));
    const room: CubestaccRoom = cubestaccRoom(hub, p0.room.roomId);
    const waiting: CubestaccRoom = cubestaccRoom(hub, w.room.roomId);
    await until(() => room.state.phase === "playing");

    // A small table where one cell is taken twice over (so `cell-occupied` exists), and seat 0
    // holds playable cards, a wild and cards that fit nowhere; nobody holds 2 cards.
    const t0 = room.session!.state;
    const root = t0.placed[0];
    const [other, third, fourth] = SUITS.filter((x) => x !== root.suit) as Suit[];
    const rootRank = RANKS[root.card % 14];
    const [a, b, c, d, e] = NUMBER_RANKS.filter((r) => r !== rootRank);
    const stack: [number, number, AttachMode][] = [
      [cardId(other, rootRank), 0, "side"], // 1 at (1,0,0)
      [cardId(root.suit, a), 0, "top"], // 2 at (0,1,0)
      [cardId(other, b), 1, "top"], // 3 at (1,1,0): cube 2's SIDE cell is taken
    ];
    const hand0 = [cardId(root.suit, c), FIRST_WILD, cardId(third, a), cardId(fourth, d), cardId(other, "K"), cardId(third, "0"), cardId(fourth, "J")];
    rigTable(room, (t) => {
      for (const [card, onto, mode] of stack) {
        const parent = t.placed[onto];
        t.placed.push(newCube(t.placed.length, parent, card, mode, parent.suit, 0));
        t.placed[onto] = coverFace(parent, mode);
      }
      const used = new Set([...hand0, ...t.placed.map((x) => x.card)]);
      const pool = [...t.deck, ...t.hands.flat()].filter((x) => !used.has(x));
      setHands(t, [hand0, pool.slice(0, 5), pool.slice(5, 10)]);
      void e;
    });
    const probes = [p0.probe, p1.probe, p2.probe, s, w.probe];
    await Promise.all(probes.slice(0, 4).map((p) => p.until(() => (p.state.players?.[0]?.cards === 7 && p.state.cubes.length === 4) || undefined)));
    await Promise.all(probes.map((p) => p.sync()));
    // Let trailing patches land before counting (a new seat's view is re-sent on the next tick):
    // wait until no client has received a patch for two 150 ms windows in a row.
    for (let quiet = 0, last = ""; quiet < 2; ) {
      await sleep(150);
      const now = probes.map((p) => p.patches).join();
      quiet = now === last ? quiet + 1 : 0;
      last = now;
    }

    const senders: { name: Sender; room: Room<any>; probe: Probe; target: Target; server: CubestaccRoom }[] = [
      { name: "P0", room: p0.room, probe: p0.probe, server: room, target: { seat: 0, waiting: false, table: () => room.session!.state } },
      { name: "P1", room: p1.room, probe: p1.probe, server: room, target: { seat: 1, waiting: false, table: () => room.session!.state } },
      { name: "S", room: s.room, probe: s, server: room, target: { seat: -1, waiting: false, table: () => room.session!.state } },
      { name: "W", room: w.room, probe: w.probe, server: waiting, target: { seat: 0, waiting: true, table: () => room.session!.state } },
    ];
    const before = new Map([room, waiting].map((r) => [r.roomId, { state: snapshot(r.state), log: r.session?.log.length ?? 0, table: JSON.stringify(r.session?.state ?? null) }]));
    const patchesBefore = probes.map((p) => p.patches);
    const checkUnchanged = (what: string) => {
      for (const r of [room, waiting]) {
        const b = before.get(r.roomId)!;
        expect(snapshot(r.state), `state after ${what}`).to.deep.equal(b.state);
        expect(r.session?.log.length ?? 0, `log after ${what}`).to.equal(b.log);
        expect(JSON.stringify(r.session?.state ?? null), `table after ${what}`).to.equal(b.table);
      }
      probes.forEach((p, i) => expect(p.patches, `a patch reached client ${i} after ${what}`).to.equal(patchesBefore[i]));
    };

    const rng = createRng(CORPUS_SEED, 3);
    const corpora = senders.map(({ target }) => {
      const entries: Entry[] = [];
      let plays = 0;
      while (plays < PLAYS_PER_SENDER) {
        const e = playEntry(rng, target);
        if (e) {
          entries.push(e);
          plays++;
        }
      }
      for (let i = 0; i < OTHERS_PER_SENDER; i++) entries.splice(rng.int(entries.length + 1), 0, otherEntry(rng, target));
      return entries;
    });

    const codesSeen = new Map<string, number>();
    let plays = 0;
    await Promise.all(
      senders.map(async ({ name, room: client, probe }, index) => {
        for (const [k, entry] of corpora[index].entries()) {
          const from = probe.messages.length;
          if (entry.bytes) client.sendBytes(entry.type, entry.payload as Uint8Array);
          else client.send(entry.type, entry.payload);
          const what = `${name} #${k} ${entry.type} ${String(JSON.stringify(entry.payload, (_k, v) => (typeof v === "bigint" ? `${v}n` : v)) ?? entry.payload).slice(0, 90)}`;
          const reply = await probe.next("error", from, () => true, 10_000).catch((e: Error) => {
            throw new Error(`${what}: ${e.message} (left: ${probe.left})`);
          });
          expect(probe.messages.slice(from).map((m) => m.type), `${what}: exactly one reply`).to.deep.equal(["error"]);
          expect(reply.type, what).to.equal(entry.type);
          expect(entry.codes, `${what} → ${reply.code}: ${reply.message}`).to.include(reply.code);
          expect(reply.message).to.be.a("string").and.not.equal("");
          codesSeen.set(reply.code, (codesSeen.get(reply.code) ?? 0) + 1);
          if (entry.type === "play") plays++;
          checkUnchanged(what);
        }
      }),
    );
    expect(plays).to.be.at.least(5000);
    for (const code of [
      "bad-payload", "out-of-range", "too-large", "not-seated", "not-playing", "not-your-turn", "not-in-hand", "no-such-cube",
      "illegal-play", "suit-required", "bad-move", "cell-occupied", "must-play", "not-dumping", "uhoh-needs-two",
      "nothing-to-catch", "not-exposed", "cannot-catch-self", "not-allowed", "unknown-type",
    ]) {
      expect(codesSeen.get(code) ?? 0, code).to.be.greaterThan(0);
    }
    console.log(`      ${[...codesSeen].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(", ")}`);

    // Still a working table: seat 0's legal play is applied and everyone sees it.
    const legal = room.session!.view(0).legal.find((l) => l.card < FIRST_WILD)!;
    p0.room.send("play", { card: legal.card, onto: legal.onto, mode: legal.mode });
    await s.until(() => s.state.cubes.length === 5 || undefined);
    expect(room.session!.log).to.have.length(1);
  });
});
