// Cubestacc rules: setup, move validation and dispatch, status, the Rules object.
// Pure: each accepted move returns a new state; the input state is never touched.
// apply() consumes no randomness (the deck is shuffled once, at setup).

import { createRng, type Seed } from "../core/rng.js";
import { reject, type ApplyResult, type MoveContext, type Rejection, type Rules } from "../core/rules.js";
import { canPlay, modesFor, turnRestriction, allowedByRestriction } from "./attach.js";
import { cardCode, cardRank, dealTable, isCard, isWild } from "./deck.js";
import { cellAt, cellKey, occupancy, rootCube } from "./lattice.js";
import { drawOrPass, draft, endDump, playCard, timeout } from "./turn.js";
import { callUhOh, catchSeats, caughtTargets, checkUhOh } from "./uhoh.js";
import { viewTable } from "./view.js";
import {
  ATTACH_MODES,
  MAX_SEATS,
  MIN_SEATS,
  SUITS,
  type AttachMode,
  type CubestaccConfig,
  type CubestaccEvent,
  type CubestaccMove,
  type CubestaccState,
  type CubestaccView,
  type Suit,
} from "./types.js";

type Result = ApplyResult<CubestaccState, CubestaccEvent>;

/** PCG32 stream used by setup (the session's RNG keeps its own stream). */
export const SETUP_STREAM = 0xc0be;

/**
 * Shuffles and deals from `seed`, turns up the starting cube, seat 0 to play,
 * direction +1. `seats` must be 2..5 and equal `config.seats`.
 */
export function setupTable(seed: Seed, config: CubestaccConfig, seats: number): CubestaccState {
  if (!Number.isInteger(seats) || seats < MIN_SEATS || seats > MAX_SEATS) throw new RangeError(`Cubestacc seats ${seats}: use ${MIN_SEATS}..${MAX_SEATS}`);
  if (config.seats !== seats) throw new RangeError(`Cubestacc config.seats ${config.seats} differs from seats ${seats}`);
  const { deck, hands, root } = dealTable(createRng(seed, SETUP_STREAM), seats);
  return {
    config,
    seats,
    deck,
    hands,
    placed: [rootCube(root)],
    phase: "playing",
    turn: 0,
    turnNo: 0,
    turnStartedAt: null,
    direction: 1,
    pending: 0,
    owed: 0,
    dump: null,
    pivot: null,
    called: new Array<boolean>(seats).fill(false),
    exposed: new Array<boolean>(seats).fill(false),
    lastPlay: new Array<number>(seats).fill(-1),
    passes: 0,
    winner: null,
    blocked: false,
    ranking: null,
  };
}

const fail = (code: string, message: string): Rejection => reject(code, message).error;

const plural = (rank: string) => `${rank}s`;

/** Why a play would be refused, or null when it is legal. */
export function checkPlay(s: CubestaccState, seat: number, move: { card?: unknown; onto?: unknown; mode?: unknown; suit?: unknown }): Rejection | null {
  if (seat !== s.turn) return fail("not-your-turn", "It is not your turn.");
  const { card, onto, mode, suit } = move;
  if (!isCard(card)) return fail("bad-move", `No card ${JSON.stringify(card)}.`);
  // One answer for every card that is not yours, wherever it is: it names no card either.
  if (!s.hands[seat].includes(card)) return fail("not-in-hand", "That card is not in your hand: play one of yours.");
  if (typeof onto !== "number" || !Number.isInteger(onto) || onto < 0 || onto >= s.placed.length) {
    return fail("no-such-cube", `No placed cube ${JSON.stringify(onto)}.`);
  }
  if (typeof mode !== "string" || !(ATTACH_MODES as readonly string[]).includes(mode)) {
    return fail("bad-move", `Mode must be top, side, face or wild, not ${JSON.stringify(mode)}.`);
  }
  if (isWild(card)) {
    if (typeof suit !== "string" || !(SUITS as readonly string[]).includes(suit)) return fail("suit-required", "A wild needs a suit: spades, hearts, clubs or diamonds.");
  } else if (suit !== undefined) {
    return fail("bad-move", "Only a wild takes a suit.");
  }
  const restriction = turnRestriction(s);
  if (!allowedByRestriction(card, restriction)) {
    if (restriction.rank !== undefined) return fail("dumping", `You are dumping ${plural(restriction.rank)}: play another ${restriction.rank} or press Done.`);
    return fail("king-stack", `A K stack of ${s.pending} is pending: play a K or take the stack.`);
  }
  if (s.pivot !== null && onto !== s.pivot) return fail("pivot", "Wild pivot: only the last wild is open until someone builds on it.");
  const tip = s.placed[onto];
  if (!modesFor(card, tip).includes(mode as AttachMode)) {
    return fail("illegal-play", `${cardCode(card)} cannot go ${mode} on ${cardCode(tip.card)}${attachHint(card, tip.wild)}.`);
  }
  if (occupancy(s.placed).has(cellKey(cellAt(tip.cell, mode as AttachMode)))) return fail("cell-occupied", "That cell is already taken.");
  return null;
}

function attachHint(card: number, ontoWild: boolean): string {
  if (isWild(card)) return " (a wild goes into a tip's TOP cell with mode wild)";
  if (ontoWild) return " (on a wild only TOP with the wild's suit)";
  const r = cardRank(card);
  return r === "J" || r === "Q" || r === "K" || r === "A" ? " (TOP: same suit; SIDE or FACE: same rank)" : " (TOP: same suit; SIDE: same rank)";
}

function applyMove(state: CubestaccState, seat: number, move: CubestaccMove, ctx: MoveContext): Result {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seats) return reject("not-seated", "Only a seated player can play.");
  if (state.phase !== "playing") return reject("game-over", "This game is over.");
  if (!move || typeof move !== "object" || typeof (move as { type?: unknown }).type !== "string") return reject("bad-move", "A move needs a type.");
  const events: CubestaccEvent[] = [];
  const now = ctx.now;
  const onTurn = () => (seat === state.turn ? null : fail("not-your-turn", "It is not your turn."));
  const done = (s: CubestaccState): Result => ({ ok: true, state: s, events });
  const no = (r: Rejection): Result => ({ ok: false, error: r });

  switch (move.type) {
    case "play": {
      const why = checkPlay(state, seat, move);
      if (why) return no(why);
      const s = draft(state);
      playCard(s, seat, move.card, move.onto, move.mode, isWild(move.card) ? (move.suit as Suit) : undefined, now, events);
      return done(s);
    }
    case "draw": {
      const why = onTurn();
      if (why) return no(why);
      if (state.dump) return reject("dumping", `You are dumping ${plural(state.dump.rank)}: play another ${state.dump.rank} or press Done.`);
      // A pending K stack may always be taken, even holding a K that could stack on it
      // (the original's prompt: "play a King to stack more, or tap Draw to take the full penalty").
      if (state.pending === 0 && canPlay(state, seat)) {
        return reject("must-play", "You have a legal play: drawing is only for when you cannot play.");
      }
      const s = draft(state);
      drawOrPass(s, seat, now, events);
      return done(s);
    }
    case "done": {
      const why = onTurn();
      if (why) return no(why);
      if (!state.dump) return reject("not-dumping", "Done ends a same-rank dump; you are not dumping.");
      const s = draft(state);
      endDump(s, seat, now, events);
      return done(s);
    }
    case "timeout": {
      const why = onTurn();
      if (why) return no(why);
      const s = draft(state);
      timeout(s, seat, now, events);
      return done(s);
    }
    case "uhoh": {
      const why = checkUhOh(state, seat);
      if (why) return no(why);
      const s = draft(state);
      callUhOh(s, seat, events);
      return done(s);
    }
    case "caught": {
      const targets = caughtTargets(state, seat, (move as { target?: unknown }).target);
      if (!Array.isArray(targets)) return no(targets);
      const s = draft(state);
      catchSeats(s, seat, targets, events);
      return done(s);
    }
    default:
      return reject("unknown-move", `Unknown move ${JSON.stringify((move as { type?: unknown }).type)}.`);
  }
}

export const cubestaccRules: Rules<CubestaccState, CubestaccMove, CubestaccEvent, CubestaccConfig, CubestaccView> = {
  id: "cubestacc",
  setup: setupTable,
  apply: applyMove,
  status: (s) => (s.phase === "finished" ? "finished" : "playing"),
  view: viewTable,
};
