// Shared helpers for the Cubestacc rules tests (not a test file itself):
// hand-made tables in card codes ("7S", "KH", "0D", "W1"), move shortcuts,
// and a bot-driven game runner for the properties and the win-rate script.

import { expect } from "chai";
import { createRng, type Rng } from "../../common/core/rng.js";
import { GameSession } from "../../common/core/session.js";
import {
  botMove,
  coverFace,
  cubestaccRules,
  freshDeck,
  newCube,
  parseCard,
  resolveConfig,
  rootCube,
  type AttachMode,
  type BotLevel,
  type CubestaccConfig,
  type CubestaccEvent,
  type CubestaccMove,
  type CubestaccState,
  type CubestaccView,
  type Suit,
} from "../../common/cubestacc/index.js";

export const C = parseCard;
export const cards = (codes: string) => (codes.trim() ? codes.trim().split(/\s+/).map(parseCard) : []);

/** One cube of a hand-made stack: [card code, parent cube id, mode, suit for a wild]. */
export type StackSpec = [string, number, AttachMode, Suit?];

export interface TableSpec {
  seats?: number;
  /** Hands in card codes, one string per seat ("7S KH W0"). */
  hands: string[];
  /** Starting cube (a number card). Default "7S". */
  root?: string;
  /** Cubes attached in order; ids are 1, 2, ... (0 is the root). */
  stack?: StackSpec[];
  /** Draw pile in card codes, top card LAST. Default: every card not used elsewhere. */
  deck?: string;
  turn?: number;
  direction?: 1 | -1;
  pending?: number;
  wildPivot?: boolean;
}

export function config(seats: number, wildPivot = false): CubestaccConfig {
  const r = resolveConfig({ seats, wildPivot });
  if (!r.ok) throw new Error(r.error.message);
  return r.config;
}

/** A table in a chosen position (the stack is built without legality checks: keep it legal). */
export function table(spec: TableSpec): CubestaccState {
  const seats = spec.seats ?? spec.hands.length;
  const s = cubestaccRules.setup(1, config(seats, spec.wildPivot ?? false), seats);
  s.hands = spec.hands.map(cards);
  while (s.hands.length < seats) s.hands.push([]);
  s.placed = [rootCube(C(spec.root ?? "7S"))];
  for (const [code, onto, mode, suit] of spec.stack ?? []) {
    const parent = s.placed[onto];
    const cube = newCube(s.placed.length, parent, C(code), mode, suit ?? parent.suit, 0);
    s.placed[onto] = coverFace(parent, mode);
    s.placed.push(cube);
  }
  if (spec.deck !== undefined) s.deck = cards(spec.deck);
  else {
    const used = new Set([...s.hands.flat(), ...s.placed.map((p) => p.card)]);
    s.deck = freshDeck().filter((c) => !used.has(c));
  }
  s.turn = spec.turn ?? 0;
  s.direction = spec.direction ?? 1;
  s.pending = spec.pending ?? 0;
  return s;
}

export type Result = ReturnType<typeof cubestaccRules.apply>;

export function apply(state: CubestaccState, seat: number, move: CubestaccMove, now = 1000): Result {
  return cubestaccRules.apply(state, seat, move, { rng: createRng(1), now });
}

/** Applies a move that must be accepted; returns the new state and events. */
export function ok(state: CubestaccState, seat: number, move: CubestaccMove, now = 1000): { state: CubestaccState; events: CubestaccEvent[] } {
  const r = apply(state, seat, move, now);
  if (!r.ok) expect.fail(`move ${JSON.stringify(move)} by seat ${seat} refused: ${r.error.code}: ${r.error.message}`);
  return { state: r.state, events: r.events };
}

/** Applies a move that must be refused; returns the error code (and checks the state is untouched). */
export function refused(state: CubestaccState, seat: number, move: CubestaccMove): string {
  const before = JSON.stringify(state);
  const r = apply(state, seat, move);
  if (r.ok) expect.fail(`move ${JSON.stringify(move)} by seat ${seat} was accepted`);
  expect(JSON.stringify(state)).to.equal(before);
  return r.error.code;
}

export const play = (card: string, onto: number, mode: AttachMode, suit?: Suit): CubestaccMove =>
  suit ? { type: "play", card: C(card), onto, mode, suit } : { type: "play", card: C(card), onto, mode };
export const DRAW: CubestaccMove = { type: "draw" };
export const DONE: CubestaccMove = { type: "done" };
export const UHOH: CubestaccMove = { type: "uhoh" };
export const TIMEOUT: CubestaccMove = { type: "timeout" };
export const caught = (target?: number): CubestaccMove => (target === undefined ? { type: "caught" } : { type: "caught", target });

export const kinds = (events: CubestaccEvent[]) => events.map((e) => e.kind);

export type Session = GameSession<CubestaccState, CubestaccMove, CubestaccEvent, CubestaccConfig, CubestaccView>;

/** A seat's player: a bot level, or "random" (any legal move, forgets and remembers UH OH at random). */
export type Player = BotLevel | "random";

/** The random player: decides from its view only, like the bots. */
export function randomMove(view: CubestaccView, rng: Rng): CubestaccMove | null {
  if (view.phase !== "playing" || view.viewer === null) return null;
  if (view.canUhOh && rng.int(3) === 0) return { type: "uhoh" };
  if (view.catchable.length && rng.int(3) === 0) return { type: "caught", target: view.catchable[rng.int(view.catchable.length)] };
  if (view.turn !== view.viewer) return null;
  if (view.canDone && (rng.int(4) === 0 || !view.legal.length)) return { type: "done" };
  if (!view.legal.length) return { type: "draw" };
  const p = view.legal[rng.int(view.legal.length)];
  const suits: Suit[] = ["spades", "hearts", "clubs", "diamonds"];
  return p.mode === "wild" ? { type: "play", ...p, suit: suits[rng.int(4)] } : { type: "play", ...p };
}

export interface GameOptions {
  seed: number;
  seats: number;
  wildPivot?: boolean;
  /** Player per seat (default easy). */
  levels?: Player[];
  /** Seed of the players' own RNG. */
  botSeed?: number;
  /** Sees every attempted move: the state before, the move, the result (accepted or not). */
  observe?: (before: CubestaccState, seat: number, move: CubestaccMove, result: Result, session: Session) => void;
  /** Extra moves to try before each regular move: gets the state, returns [seat, move] or null. */
  chaos?: (state: CubestaccState, rng: Rng) => [number, CubestaccMove] | null;
  maxMoves?: number;
}

/**
 * Plays one game to the end with players deciding from their views. Out-of-turn
 * moves (UH OH, Caught) are offered to every seat before the seat on turn moves.
 * Throws if a player's move is refused or the game does not end.
 */
export function runGame(opts: GameOptions): Session {
  const session: Session = new GameSession(cubestaccRules, opts.seed, config(opts.seats, opts.wildPivot ?? false), opts.seats);
  const rng = createRng(opts.botSeed ?? opts.seed, 99);
  const levels = opts.levels ?? [];
  const decide = (seat: number): CubestaccMove | null => {
    const level = levels[seat] ?? "easy";
    const view = session.view(seat);
    return level === "random" ? randomMove(view, rng) : botMove(view, level, rng);
  };
  let t = 0;
  const maxMoves = opts.maxMoves ?? 2000;
  const step = (seat: number, move: CubestaccMove): Result => {
    const before = session.state;
    const r = session.apply(seat, move, (t += 700));
    opts.observe?.(before, seat, move, r, session);
    return r;
  };
  const must = (seat: number, move: CubestaccMove) => {
    const r = step(seat, move);
    if (!r.ok) throw new Error(`seat ${seat} (${levels[seat] ?? "easy"}) move ${JSON.stringify(move)} refused: ${r.error.code}: ${r.error.message}`);
  };
  for (let n = 0; n < maxMoves && session.state.phase === "playing"; n++) {
    if (opts.chaos) {
      const extra = opts.chaos(session.state, rng);
      if (extra) step(extra[0], extra[1]);
      if (session.state.phase !== "playing") break;
    }
    // Out-of-turn chances first (UH OH, Caught), then the seat on turn.
    let acted = false;
    for (let seat = 0; seat < opts.seats && !acted; seat++) {
      if (seat === session.state.turn) continue;
      const m = decide(seat);
      if (m) {
        must(seat, m);
        acted = true;
      }
    }
    if (acted) continue;
    const seat = session.state.turn;
    const m = decide(seat);
    if (!m) throw new Error(`seat ${seat} on turn had no move`);
    must(seat, m);
  }
  if (session.state.phase !== "finished") throw new Error(`game ${opts.seed} did not finish in ${maxMoves} moves`);
  return session;
}
