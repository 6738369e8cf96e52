// The contract kit: what every game definition must do, checked without a server.
// contract.test.ts runs it over every entry of common/games.ts, so a game gets these
// tests by registering. Each check names the definition, the options and the seed.

import { expect } from "chai";
import { moveMessage, type AnyGameDef, type Configured } from "../../common/core/game.js";
import { createRng, type Rng } from "../../common/core/rng.js";
import { GameSession, replay } from "../../common/core/session.js";

/** A stable text form of any state, view or event list (typed arrays as plain arrays). */
export function canon(x: unknown): string {
  // The kit compares thousands of views a game: the native stringify is several times faster
  // than one with a replacer. A typed array or DataView in `x` can only show in its output as
  // `{"0":` (non-empty) or `{}` (empty), so only then is the exact slow form taken: the text is
  // always the same as the replacer's.
  const fast = JSON.stringify(x);
  if (fast !== undefined && !fast.includes('{"0":') && !fast.includes("{}")) return fast;
  return JSON.stringify(x, (_k, v) => (ArrayBuffer.isView(v) ? Array.from(v as unknown as ArrayLike<number>) : v));
}

export interface KitTotals {
  moves: number;
  games: number;
  rejected: number;
  twins: number;
  eventChecks: number;
  /** Probe moves whose answers were compared between a state and its twin. */
  probes?: number;
}

const MAX_STEPS = 6000;

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[rng.int(items.length)];
}

export function configured(def: AnyGameDef, options: Record<string, unknown>): Configured<unknown> {
  const c = def.configure(options);
  if (!c.ok) throw new Error(`${def.id} ${canon(options)}: example options refused: ${c.error.message}`);
  return c.value;
}

/**
 * One random game to the end, checking after every move: purity, privacy (views and
 * events against a twin the viewer cannot tell apart), rejected moves changing nothing,
 * and the wire round trip of every legal move. Returns the finished session.
 */
export function playRandomGame(def: AnyGameDef, options: Record<string, unknown>, seed: number, totals: KitTotals): GameSession<unknown, { type: string }, unknown, unknown, unknown> {
  const where = `${def.id} ${canon(options)} seed ${seed}`;
  const c = configured(def, options);
  const session = new GameSession(def, seed, c.config, c.seats);
  const rng = createRng(seed, 0x4b17);
  const viewers: (number | null)[] = [null, ...Array.from({ length: c.seats }, (_, i) => i)];
  let now = 1_000_000;
  for (let step = 0; ; step++) {
    if (def.status(session.state) === "finished") {
      // A game with places ranks every seat 1…seats, someone first (histories and ratings read them).
      const places = def.places?.(session.state);
      if (places) {
        expect(places, `${where}: a place per seat`).to.have.length(c.seats);
        for (const p of places) expect(p, `${where}: places are 1…seats`).to.be.within(1, c.seats);
        expect(places, `${where}: someone is first`).to.include(1);
      }
      break;
    }
    if (step >= MAX_STEPS) throw new Error(`${where}: no end after ${MAX_STEPS} moves`);
    now += 1 + rng.int(1500);
    const who = def.whoActs(session.state);
    let seat: number;
    let move: { type: string };
    if (who.seats.length === 0) {
      const made = def.roomMove?.(session.state);
      if (!made) throw new Error(`${where}: nobody may act and the game makes no move of its own (step ${step})`);
      ({ seat, move } = made);
    } else {
      for (const s of who.seats) {
        expect(def.legalMoves(session.state, s).length, `${where}: seat ${s} is waited for but has no legal move`).to.be.greaterThan(0);
      }
      seat = pick(rng, who.seats);
      const timeout = def.timeoutMove?.(session.state, seat);
      if (timeout && rng.int(25) === 0) move = timeout;
      else {
        // Now and then a seat not waited for acts out of turn (UH OH, Caught) when it may.
        if (who.anytime?.length && rng.int(4) === 0) {
          const other = rng.int(c.seats);
          if (def.legalMoves(session.state, other).some((m: { type: string }) => who.anytime!.includes(m.type))) seat = other;
        }
        const legal: { type: string }[] = def.legalMoves(session.state, seat);
        move = pick(rng, legal);
        // Half the time the game's own bot picks, from the seat's view alone: it must pick a legal move.
        if (def.bot && rng.int(2) === 0) {
          const level = pick(rng, def.bot.levels);
          const started = Date.now();
          const chosen = def.bot.choose(def.view(session.state, seat), seat, null, { rng, ms: 20, level, elapsed: () => Date.now() - started }).move;
          if (chosen) move = chosen;
        }
        checkWire(def, move, c.config, where);
      }
    }
    tryRejections(def, session, rng, c.seats, now, where, totals);
    const before = session.state;
    const frozen = canon(before);
    const twins = viewers.map((v) => (def.twin ? def.twin(before, v, rng) : null));
    viewers.forEach((v, i) => {
      const t = twins[i];
      if (!t) return;
      totals.twins++;
      expect(canon(def.view(t, v)), `${where}: viewer ${v} could tell a twin apart (step ${step})`).to.equal(canon(def.view(before, v)));
    });
    checkProbes(def, before, twins, viewers, rng, now, `${where} step ${step}`, totals);
    if (step % 5 === 0) {
      // The room's log write failed (disk full): the legal move is refused and nothing changed.
      const rngState = canon(session.rng.getState());
      const log = session.log.length;
      const unsaved = session.apply(seat, move, now, () => ({ code: "not-saved", message: "The log could not take it." }));
      expect(unsaved.ok, `${where}: a move its admit refused was applied`).to.equal(false);
      expect(canon(session.state), `${where}: a move its admit refused changed the state`).to.equal(frozen);
      expect(canon(session.rng.getState()), `${where}: a move its admit refused moved the RNG`).to.equal(rngState);
      expect(session.log.length, `${where}: a move its admit refused was logged`).to.equal(log);
    }
    const result = session.apply(seat, move, now);
    if (!result.ok) throw new Error(`${where}: legal move ${canon(move)} by seat ${seat} refused: ${result.error.code} ${result.error.message}`);
    expect(canon(before), `${where}: apply changed its input state`).to.equal(frozen);
    totals.moves++;
    // Events: where a viewer's view after the move cannot tell the twin from the real game,
    // its events must not either (events carry nothing the view does not justify).
    viewers.forEach((v, i) => {
      const t = twins[i];
      if (!t || v === seat) return;
      const other = def.apply(t, seat, move, { rng: createRng(seed ^ step, 7), now });
      if (!other.ok) return;
      if (canon(def.view(other.state, v)) !== canon(def.view(session.state, v))) return;
      totals.eventChecks++;
      expect(canon(def.eventsFor(other.events, v)), `${where}: viewer ${v}'s events after ${canon(move)} by ${seat} tell a twin apart (step ${step})`).to.equal(
        canon(def.eventsFor(result.events, v)),
      );
    });
  }
  totals.games++;
  return session;
}

/** How the rules answer a move, as a player reads it: "ok", or the refusal's code and words. */
const answer = (r: { ok: true } | { ok: false; error: { code: string; message: string } }) => (r.ok ? "ok" : `${r.error.code}: ${r.error.message}`);

/**
 * Refusals tell nothing hidden: now and then, for every seat, moves naming every id or index it
 * could name (`probes`: its own, others' hidden ones, ones that do not exist) are answered alike
 * in the state and in the twin that seat cannot tell from it (where hidden things are elsewhere,
 * under other ids, or not there at all): same code, same words.
 */
function checkProbes(def: AnyGameDef, state: unknown, twins: unknown[], viewers: (number | null)[], rng: Rng, now: number, where: string, totals: KitTotals): void {
  if (!def.probes || rng.int(8) !== 0) return;
  viewers.forEach((v, i) => {
    const twin = twins[i];
    if (v === null || !twin) return;
    const all: { type: string }[] = [...def.probes!(state, v), ...def.probes!(twin, v)];
    for (let k = 0; k < Math.min(60, all.length); k++) {
      const m = all[rng.int(all.length)];
      const a = def.apply(state, v, m, { rng: createRng(k, 3), now });
      const b = def.apply(twin, v, m, { rng: createRng(k, 3), now });
      totals.probes = (totals.probes ?? 0) + 1;
      expect(answer(b), `${where}: seat ${v} probing ${canon(m)} can tell a twin apart`).to.equal(answer(a));
    }
  });
}

/** A legal move survives the wire: the message a client sends parses back to the same move. */
function checkWire(def: AnyGameDef, move: { type: string }, config: unknown, where: string): void {
  const { type, payload } = moveMessage(move);
  for (const cfg of [undefined, config]) {
    const parsed = def.parseMove(type, JSON.parse(JSON.stringify(payload)), cfg);
    if (!parsed.ok) throw new Error(`${where}: parseMove refused the message of legal move ${canon(move)}: ${parsed.error.message}`);
    expect(canon(parsed.value), `${where}: parseMove(moveMessage(m)) differs from m`).to.equal(canon(move));
  }
}

/** A few moves that must be refused; each must leave state, RNG and log as they were. */
function tryRejections(def: AnyGameDef, session: GameSession<unknown, { type: string }, unknown, unknown, unknown>, rng: Rng, seats: number, now: number, where: string, totals: KitTotals): void {
  if (rng.int(3) !== 0) return;
  const who = def.whoActs(session.state);
  const candidates: [number, { type: string }][] = [];
  // A seat that is not waited for tries what the waited-for seats may do.
  for (const s of who.seats) {
    for (const m of def.legalMoves(session.state, s).slice(0, 6)) {
      for (let other = 0; other < seats; other++) {
        if (!who.seats.includes(other) && !who.anytime?.includes(m.type)) candidates.push([other, m]);
      }
      candidates.push([seats + 3, m], [-1, m]);
    }
  }
  for (let i = 0; i < 3 && candidates.length; i++) {
    const [seat, move] = pick(rng, candidates);
    const state = canon(session.state);
    const rngState = canon(session.rng.getState());
    const log = session.log.length;
    const r = session.apply(seat, move, now);
    if (r.ok) continue; // the move happened to be legal for that seat after all (e.g. a shared board)
    totals.rejected++;
    expect(r.error.code, `${where}: a rejection needs a code`).to.be.a("string").and.not.equal("");
    expect(r.error.message, `${where}: a rejection needs a message`).to.be.a("string").and.not.equal("");
    expect(canon(session.state), `${where}: a rejected ${canon(move)} by ${seat} changed the state`).to.equal(state);
    expect(canon(session.rng.getState()), `${where}: a rejected move moved the RNG`).to.equal(rngState);
    expect(session.log.length).to.equal(log);
  }
}

/** Same seed + log → same state; undo (rewind) equals replaying the prefix. */
export function checkReplay(def: AnyGameDef, session: GameSession<unknown, { type: string }, unknown, unknown, unknown>, rng: Rng, where: string): void {
  const record = session.record();
  const again = replay(def, record);
  expect(again.valid, `${where}: the game's own log does not replay`).to.equal(true);
  expect(canon(again.state), `${where}: same seed + log gave another state`).to.equal(canon(session.state));
  const k = rng.int(record.log.length + 1);
  const prefix = replay(def, { ...record, log: record.log.slice(0, k) });
  const undone = new GameSession(def, record.seed, record.config, record.seats);
  for (const m of record.log) undone.apply(m.seat, m.move, m.t);
  undone.rewind(k);
  expect(canon(undone.state), `${where}: rewind(${k}) differs from replaying ${k} moves`).to.equal(canon(prefix.state));
  expect(undone.log.length).to.equal(k);
}

const GARBAGE: unknown[] = [
  undefined, null, 0, -1, 1.5, NaN, Infinity, "", "x", "0", true, false, [], [1, 2], {}, { type: "x" }, { r: -1, c: 0 }, { col: 99 },
  { card: 1e9, onto: -1, mode: "top" }, { card: "1", onto: 0, mode: "top" }, { a: 1 }, { __proto__: null, x: 1 }, new Uint8Array(4),
  { r: 1.5, c: 2 }, { col: "3" }, { target: "all" }, { toString: 1 }, "x".repeat(2000), [{}], { card: 0, onto: 0, mode: "sideways" },
];

/** parseMove never throws, answers garbage with a {code, message} rejection, and only yields its own move types. */
export function fuzzParseMove(def: AnyGameDef, seed: number, rounds: number, sample: unknown): void {
  const rng = createRng(seed, 0xf022);
  const types = [...def.moveTypes, "", "*", "__proto__", "constructor", "timeout", "go", "resign", "x".repeat(80), "PLAY", "Drop"];
  let rejected = 0;
  for (let i = 0; i < rounds; i++) {
    const type = pick(rng, types);
    const payload = rng.int(3) === 0 ? mutate(pick(rng, GARBAGE), rng) : pick(rng, GARBAGE);
    const r = def.parseMove(type, payload);
    if (!r.ok) {
      rejected++;
      expect(r.error.code).to.be.a("string").and.not.equal("");
      expect(r.error.message).to.be.a("string").and.not.equal("");
      if (!def.moveTypes.includes(type)) expect(r.error.code).to.equal("unknown-type");
      continue;
    }
    expect(def.moveTypes, `${def.id}: parseMove(${JSON.stringify(type).slice(0, 40)}) gave a move`).to.include(type);
    expect(r.value.type).to.equal(type);
    // A parsed move of any content is answered by the rules, never by an exception.
    expect(() => def.apply(sample, 0, r.value, { rng: createRng(seed), now: 1 })).to.not.throw();
  }
  expect(rejected, `${def.id}: garbage was accepted too often`).to.be.greaterThan(rounds / 4);
}

function mutate(x: unknown, rng: Rng): unknown {
  if (x && typeof x === "object" && !Array.isArray(x) && !ArrayBuffer.isView(x)) {
    const o: Record<string, unknown> = { ...(x as Record<string, unknown>) };
    o[pick(rng, ["r", "c", "col", "card", "onto", "mode", "suit", "target", "extra"])] = pick(rng, [-1, 0, 3, 1e12, "top", null, [], {}, 2.5]);
    return o;
  }
  return x;
}
