// Hearts for four seats: each hand 13 cards a seat; three cards are passed (left, right,
// across, then a hand without passing, in turn); the 2♣ leads the first trick; follow suit
// when you can; no points on the first trick unless you hold nothing else; hearts may not be
// led until one has been played (or the leader holds only hearts). Each heart taken costs 1,
// the Q♠ 13; a seat taking all 26 "shoots the moon": 0 for it, 26 for each other seat. When a
// hand ends with a score at the target (100), the lowest score wins.
// Pure: apply never mutates its input; a hand's deal draws from the injected RNG.

import { createRng, type Rng, type Seed } from "../core/rng.js";
import { reject, type ApplyResult, type MoveContext, type Rules } from "../core/rules.js";
import {
  cardName, DECK_SIZE, HAND_SIZE, HEARTS, isPointCard, pointsOf, POINTS_IN_A_HAND, QUEEN_OF_SPADES, rankOf, sortHand, SPADES, SUIT_WORDS, suitOf, TWO_OF_CLUBS,
} from "./cards.js";

export const SEATS = 4;
/** PCG32 stream of the first deal (the session's RNG deals the later hands). */
const SETUP_STREAM = 0x4ea7;

export interface HeartsConfig {
  /** The game ends after the hand in which a score reaches this. */
  target: number;
  /** Seconds per card (0: no timer); passing gets twice as long. */
  timer: number;
}

/** Where a hand's three cards go: to the left, right or across seat, or nowhere. */
export type PassDirection = "left" | "right" | "across" | "hold";
export const PASS_ORDER: readonly PassDirection[] = ["left", "right", "across", "hold"];
const PASS_OFFSET: Record<PassDirection, number> = { left: 1, right: 3, across: 2, hold: 0 };

export type HeartsMove = { type: "pass"; cards: number[] } | { type: "play"; card: number } | { type: "timeout" };

export interface Play {
  seat: number;
  card: number;
}

export type HeartsEvent =
  /** A new hand: `cards` is `seat`'s own (private to it). */
  | { kind: "deal"; hand: number; seat: number; cards: number[]; pass: PassDirection }
  | { kind: "passed"; seat: number; timeout?: true }
  /** The three cards `seat` received from `from` (private to `seat`). */
  | { kind: "received"; seat: number; from: number; cards: number[] }
  | { kind: "play"; seat: number; card: number; timeout?: true }
  | { kind: "heartsBroken"; seat: number }
  | { kind: "trick"; winner: number; cards: Play[]; points: number }
  | { kind: "hand"; points: number[]; moon: number | null; scores: number[] }
  | { kind: "over"; winners: number[]; scores: number[] };

export type HeartsPhase = "passing" | "playing" | "over";

export interface HeartsState {
  config: HeartsConfig;
  /** Hands dealt so far minus one: 0 for the first (its passing direction is PASS_ORDER[hand % 4]). */
  hand: number;
  phase: HeartsPhase;
  /** Each seat's cards, sorted. */
  hands: number[][];
  /** The three cards each seat has put aside to pass this hand; null: not passed yet. */
  passes: (number[] | null)[];
  /** The cards each seat received this hand (shown to it as new). */
  received: number[][];
  /** The cards of the trick being played, in order. */
  trick: Play[];
  /** Who leads the current trick; whose turn it is. */
  leader: number;
  turn: number;
  /** Tricks completed this hand (0..13). */
  tricks: number;
  lastTrick: { plays: Play[]; winner: number } | null;
  heartsBroken: boolean;
  /** Points taken this hand, tricks taken this hand, per seat. */
  taken: number[];
  won: number[];
  /** Totals of the finished hands, and each hand's points (after a moon). */
  scores: number[];
  history: number[][];
  /** Server time the seats now waited for began waiting; null before the first move. */
  since: number | null;
  /** Changes whenever a new turn (or a new passing) starts: one timer per turn. */
  turnNo: number;
}

export interface HeartsView {
  viewer: number | null;
  phase: HeartsPhase;
  hand: number;
  pass: PassDirection;
  target: number;
  /** The viewer's cards (empty for a spectator). */
  cards: number[];
  /** How many cards each seat holds. */
  counts: number[];
  /** Who has put their three cards aside this hand. */
  passed: boolean[];
  /** The viewer's own three cards put aside, until they are passed. */
  passing: number[] | null;
  /** Cards the viewer received this hand. */
  received: number[];
  trick: Play[];
  leader: number;
  turn: number;
  tricks: number;
  lastTrick: { plays: Play[]; winner: number } | null;
  heartsBroken: boolean;
  taken: number[];
  won: number[];
  scores: number[];
  history: number[][];
  since: number | null;
  turnNo: number;
  /** Cards the viewer may play now (empty when it may not play). */
  legal: number[];
  /** The seats with the lowest score, once the game is over. */
  winners: number[];
}

export const passDirection = (hand: number): PassDirection => PASS_ORDER[hand % PASS_ORDER.length];
/** The seat `seat` passes to this hand. */
export const passTarget = (seat: number, dir: PassDirection): number => (seat + PASS_OFFSET[dir]) % SEATS;
/** The seat that passes to `seat` this hand. */
export const passSource = (seat: number, dir: PassDirection): number => (seat - PASS_OFFSET[dir] + SEATS) % SEATS;

/** What carries over from one hand to the next. */
type Carried = Pick<HeartsState, "config" | "hand" | "scores" | "history" | "turnNo">;

/** A fresh deal and the state of the hand it starts. */
function deal(s: Carried, rng: Rng, now: number | null): { state: HeartsState; events: HeartsEvent[] } {
  const deck = rng.shuffle(Array.from({ length: DECK_SIZE }, (_, i) => i));
  const hands = Array.from({ length: SEATS }, (_, seat) => sortHand(deck.slice(seat * HAND_SIZE, (seat + 1) * HAND_SIZE)));
  const pass = passDirection(s.hand);
  const base: HeartsState = {
    ...s,
    hands,
    passes: [null, null, null, null],
    received: [[], [], [], []],
    phase: "passing",
    trick: [],
    leader: 0,
    turn: 0,
    tricks: 0,
    lastTrick: null,
    heartsBroken: false,
    taken: [0, 0, 0, 0],
    won: [0, 0, 0, 0],
    since: now,
    turnNo: s.turnNo + 1,
  };
  const events: HeartsEvent[] = hands.map((cards, seat) => ({ kind: "deal", hand: s.hand, seat, cards: cards.slice(), pass }));
  return { state: pass === "hold" ? startPlay(base, now) : base, events };
}

/** Passing done (or skipped): the 2♣'s holder leads. */
function startPlay(s: HeartsState, now: number | null): HeartsState {
  const leader = s.hands.findIndex((h) => h.includes(TWO_OF_CLUBS));
  return { ...s, phase: "playing", leader, turn: leader, since: now, turnNo: s.turnNo + 1 };
}

export function setupHearts(seed: Seed, config: HeartsConfig, seats: number): HeartsState {
  if (seats !== SEATS) throw new RangeError(`Hearts has ${SEATS} seats, not ${seats}`);
  const start: Carried = { config, hand: 0, scores: [0, 0, 0, 0], history: [], turnNo: 0 };
  return deal(start, createRng(seed, SETUP_STREAM), null).state;
}

/** The cards `seat` may play now (empty when it is not its turn). */
export function legalCards(s: HeartsState, seat: number): number[] {
  if (s.phase !== "playing" || seat !== s.turn) return [];
  return playable(s.hands[seat], s.trick, s.tricks === 0, s.heartsBroken);
}

/** The cards of `hand` that may go on `trick` (the rules of leading and following). */
export function playable(hand: readonly number[], trick: readonly Play[], firstTrick: boolean, heartsBroken: boolean): number[] {
  if (trick.length === 0) {
    if (firstTrick && hand.includes(TWO_OF_CLUBS)) return [TWO_OF_CLUBS];
    if (heartsBroken) return hand.slice();
    const noHearts = hand.filter((c) => suitOf(c) !== HEARTS);
    return noHearts.length ? noHearts : hand.slice();
  }
  const led = suitOf(trick[0].card);
  const follow = hand.filter((c) => suitOf(c) === led);
  if (follow.length) return follow;
  if (firstTrick) {
    const safe = hand.filter((c) => !isPointCard(c));
    if (safe.length) return safe;
  }
  return hand.slice();
}

/** Why `card` may not be played on the trick, in the game's words (it is in the hand). */
function whyNotPlayable(s: HeartsState, seat: number, card: number): string {
  const hand = s.hands[seat];
  if (s.trick.length === 0) {
    if (s.tricks === 0 && hand.includes(TWO_OF_CLUBS)) return "The 2♣ leads the first trick: play it.";
    return "Hearts are not broken yet: lead a card of another suit (a heart may be led once one has been played).";
  }
  const led = suitOf(s.trick[0].card);
  if (suitOf(card) !== led && hand.some((c) => suitOf(c) === led)) return `You hold a ${SUIT_WORDS[led]}: follow the suit that was led.`;
  return `${cardName(card)} cannot be played on the first trick while you hold a card worth no points.`;
}

/** The seat whose card takes the trick: the highest of the suit led. */
export function trickWinner(trick: readonly Play[]): number {
  const led = suitOf(trick[0].card);
  let best = trick[0];
  for (const p of trick) if (suitOf(p.card) === led && p.card > best.card) best = p;
  return best.seat;
}

const removeCards = (hand: readonly number[], cards: readonly number[]): number[] => hand.filter((c) => !cards.includes(c));

function applyPass(s: HeartsState, seat: number, cards: number[], now: number, timeout: boolean): ApplyResult<HeartsState, HeartsEvent> {
  if (s.phase !== "passing") return reject("not-passing", "Passing is over for this hand: play a card when it is your turn.");
  if (s.passes[seat]) return reject("already-passed", "You have put your three cards aside: wait for the others to pass theirs.");
  if (cards.length !== 3 || new Set(cards).size !== 3) return reject("bad-pass", "Pass exactly three different cards.");
  if (!cards.every((c) => s.hands[seat].includes(c))) return reject("not-your-card", "You do not hold that card: pass three cards from your hand.");
  const passes = s.passes.slice();
  passes[seat] = sortHand(cards);
  const hands = s.hands.slice();
  hands[seat] = removeCards(hands[seat], cards);
  const events: HeartsEvent[] = [timeout ? { kind: "passed", seat, timeout: true } : { kind: "passed", seat }];
  if (passes.some((p) => p === null)) return { ok: true, state: { ...s, passes, hands }, events };
  // Everyone has passed: the cards change hands and the 2♣ leads.
  const dir = passDirection(s.hand);
  const received: number[][] = [[], [], [], []];
  for (let from = 0; from < SEATS; from++) {
    const to = passTarget(from, dir);
    received[to] = passes[from]!.slice();
    hands[to] = sortHand([...hands[to], ...passes[from]!]);
    events.push({ kind: "received", seat: to, from, cards: passes[from]!.slice() });
  }
  return { ok: true, state: startPlay({ ...s, hands, passes: [null, null, null, null], received }, now), events };
}

function applyPlay(s: HeartsState, seat: number, card: number, ctx: MoveContext, timeout: boolean): ApplyResult<HeartsState, HeartsEvent> {
  if (s.phase === "passing") {
    return s.passes[seat]
      ? reject("still-passing", "The others are still choosing their cards to pass: the first trick starts when everyone has passed.")
      : reject("still-passing", "Pass three cards first: the first trick starts when everyone has passed.");
  }
  if (seat !== s.turn) return reject("not-your-turn", "It is not your turn: wait for the card before yours.");
  if (!s.hands[seat].includes(card)) return reject("not-your-card", "You do not hold that card: play one from your hand.");
  if (!legalCards(s, seat).includes(card)) return reject("not-playable", whyNotPlayable(s, seat, card));
  const hands = s.hands.slice();
  hands[seat] = removeCards(hands[seat], [card]);
  const trick = [...s.trick, { seat, card }];
  const events: HeartsEvent[] = [timeout ? { kind: "play", seat, card, timeout: true } : { kind: "play", seat, card }];
  let heartsBroken = s.heartsBroken;
  if (!heartsBroken && suitOf(card) === HEARTS) {
    heartsBroken = true;
    events.push({ kind: "heartsBroken", seat });
  }
  const now = ctx.now;
  if (trick.length < SEATS) {
    return { ok: true, state: { ...s, hands, trick, heartsBroken, turn: (seat + 1) % SEATS, since: now, turnNo: s.turnNo + 1 }, events };
  }
  const winner = trickWinner(trick);
  const points = trick.reduce((sum, p) => sum + pointsOf(p.card), 0);
  const taken = s.taken.slice();
  taken[winner] += points;
  const won = s.won.slice();
  won[winner]++;
  events.push({ kind: "trick", winner, cards: trick, points });
  const afterTrick: HeartsState = {
    ...s, hands, trick: [], heartsBroken, taken, won, tricks: s.tricks + 1, lastTrick: { plays: trick, winner }, leader: winner, turn: winner, since: now, turnNo: s.turnNo + 1,
  };
  if (afterTrick.tricks < HAND_SIZE) return { ok: true, state: afterTrick, events };
  return endHand(afterTrick, ctx, events);
}

/** Thirteen tricks played: points to the scores (a moon reversed), then the end or the next deal. */
function endHand(s: HeartsState, ctx: MoveContext, events: HeartsEvent[]): ApplyResult<HeartsState, HeartsEvent> {
  const shooter = s.taken.findIndex((p) => p === POINTS_IN_A_HAND);
  const points = shooter >= 0 ? s.taken.map((_, seat) => (seat === shooter ? 0 : POINTS_IN_A_HAND)) : s.taken.slice();
  const scores = s.scores.map((total, seat) => total + points[seat]);
  events.push({ kind: "hand", points, moon: shooter >= 0 ? shooter : null, scores: scores.slice() });
  const history = [...s.history, points];
  if (scores.some((total) => total >= s.config.target)) {
    const winners = lowest(scores);
    events.push({ kind: "over", winners, scores: scores.slice() });
    return { ok: true, state: { ...s, scores, history, phase: "over", since: null, turnNo: s.turnNo + 1 }, events };
  }
  const next = deal({ config: s.config, hand: s.hand + 1, scores, history, turnNo: s.turnNo }, ctx.rng, ctx.now);
  return { ok: true, state: next.state, events: [...events, ...next.events] };
}

/** The seats with the lowest total. */
export function lowest(scores: readonly number[]): number[] {
  const min = Math.min(...scores);
  return scores.flatMap((total, seat) => (total === min ? [seat] : []));
}

/** The card a timed-out seat plays: its lowest playable card. */
export function timeoutCard(s: HeartsState, seat: number): number | null {
  return legalCards(s, seat)[0] ?? null;
}

/** The three cards a timed-out seat passes: the Q♠ first, then its highest cards. */
export function timeoutPass(hand: readonly number[]): number[] {
  const danger = (c: number) => (c === QUEEN_OF_SPADES ? 100 : suitOf(c) === SPADES && rankOf(c) > rankOf(QUEEN_OF_SPADES) ? 60 : rankOf(c) * 4 + (suitOf(c) === HEARTS ? 2 : 0));
  return hand.slice().sort((a, b) => danger(b) - danger(a)).slice(0, 3);
}

function applyHearts(s: HeartsState, seat: number, move: HeartsMove, ctx: MoveContext): ApplyResult<HeartsState, HeartsEvent> {
  if (!Number.isInteger(seat) || seat < 0 || seat >= SEATS) return reject("not-seated", "Only a seated player can play.");
  if (s.phase === "over") return reject("game-over", "This game is over.");
  switch (move.type) {
    case "pass":
      return applyPass(s, seat, move.cards, ctx.now, false);
    case "play":
      return applyPlay(s, seat, move.card, ctx, false);
    case "timeout":
      if (s.phase === "passing") return s.passes[seat] ? reject("already-passed", "That seat has passed.") : applyPass(s, seat, timeoutPass(s.hands[seat]), ctx.now, true);
      if (seat !== s.turn) return reject("not-your-turn", "It is not that seat's turn.");
      return applyPlay(s, seat, timeoutCard(s, seat)!, ctx, true);
    default:
      return reject("unknown-move", `Unknown move ${JSON.stringify((move as { type?: unknown }).type)}.`);
  }
}

export function viewHearts(s: HeartsState, viewer: number | null): HeartsView {
  const seat = viewer !== null && Number.isInteger(viewer) && viewer >= 0 && viewer < SEATS ? viewer : null;
  return {
    viewer: seat,
    phase: s.phase,
    hand: s.hand,
    pass: passDirection(s.hand),
    target: s.config.target,
    cards: seat === null ? [] : s.hands[seat].slice(),
    counts: s.hands.map((h) => h.length),
    passed: s.passes.map((p) => p !== null),
    passing: seat === null || !s.passes[seat] ? null : s.passes[seat]!.slice(),
    received: seat === null ? [] : s.received[seat].slice(),
    trick: s.trick.map((p) => ({ ...p })),
    leader: s.leader,
    turn: s.turn,
    tricks: s.tricks,
    lastTrick: s.lastTrick && { plays: s.lastTrick.plays.map((p) => ({ ...p })), winner: s.lastTrick.winner },
    heartsBroken: s.heartsBroken,
    taken: s.taken.slice(),
    won: s.won.slice(),
    scores: s.scores.slice(),
    history: s.history.map((h) => h.slice()),
    since: s.since,
    turnNo: s.turnNo,
    legal: seat === null ? [] : legalCards(s, seat),
    winners: s.phase === "over" ? lowest(s.scores) : [],
  };
}

export const heartsRules: Rules<HeartsState, HeartsMove, HeartsEvent, HeartsConfig, HeartsView> = {
  id: "hearts",
  setup: setupHearts,
  apply: applyHearts,
  status: (s) => (s.phase === "over" ? "finished" : "playing"),
  view: viewHearts,
};
