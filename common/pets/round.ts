// Rounds: setup, the shop row, Battle Prep, arrange, the battles of a round with their
// pairings, trophies, cleanup of temporary cards, and the final ranking.

import type { Seed } from "../core/rng.js";
import { createFastRng } from "../core/fastRng.js";
import { reject, type Rejection } from "../core/rules.js";
import { runBattle, deckOf, type BattleEvent } from "./battle.js";
import { cardDef, tierDeckKeys } from "./cards.js";
import { fireGain } from "./shop.js";
import { keyOf } from "./state.js";
import { fairRound } from "./pairing.js";
import { GOLD_PER_ROUND, MAX_SEATS, MIN_SEATS, ROUNDS, ROW_SIZE, type BattleRecord, type PetsConfig, type PetsEvent, type PetsState, type RoundPairingView } from "./types.js";

/** Stream of the fast generator a game's dice and shuffles come from. */
export const PETS_STREAM = 0x9e75;

export function setupGame(seed: Seed, config: PetsConfig, seats: number): PetsState {
  const min = config.arena ? 1 : MIN_SEATS;
  const max = config.arena ? 1 : MAX_SEATS;
  if (!Number.isInteger(seats) || seats < min || seats > max) throw new RangeError(`Auto Pets seats ${seats}: use ${min}..${max}${config.arena ? " (an arena run is one seat)" : ""}`);
  if (config.seats !== seats) throw new RangeError(`Auto Pets config.seats ${config.seats} differs from seats ${seats}`);
  const rng = createFastRng(seed, PETS_STREAM);
  const kinds: string[] = [];
  const decks: number[][] = [];
  for (let tier = 1; tier <= ROUNDS; tier++) {
    const deck = tierDeckKeys(tier).map((k) => kinds.push(k) - 1);
    for (let i = deck.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    decks.push(deck);
  }
  const fill = <T>(v: T) => Array.from({ length: seats }, () => v);
  const s: PetsState = {
    config, seats, round: 0, phase: "shop", kinds, decks, row: [], hands: fill(0).map(() => []), picks: fill(null),
    discard: [], gold: fill(0), passed: fill(false), turn: 0, orders: fill(null), trophies: fill(0), wins: fill(0), losses: fill(0),
    battles: [], log: [], rng: rng.getState(), winners: null,
  };
  // Drawn after the decks, so games recorded before the fair pairing keep their shuffles.
  if (config.pairing === "fair" && !config.arena) {
    const perm = Array.from({ length: seats }, (_, i) => i);
    for (let i = perm.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [perm[i], perm[j]] = [perm[j], perm[i]];
    }
    s.perm = perm;
    s.rng = rng.getState();
  }
  if (config.arena) s.arena = { opponents: new Array(ROUNDS).fill(null) };
  startRound(s, 1, []);
  return s;
}

/** Opens round `round`: 3 gold each, a fresh row from its tier deck, a rotating first seat. */
export function startRound(s: PetsState, round: number, events: PetsEvent[]): void {
  s.round = round;
  s.phase = "shop";
  for (const id of s.row) if (id !== null) s.discard.push(id);
  const deck = s.decks[round - 1];
  s.row = Array.from({ length: ROW_SIZE }, () => (deck.length ? deck.pop()! : null));
  s.gold.fill(GOLD_PER_ROUND);
  s.passed.fill(false);
  s.orders.fill(null);
  s.turn = (round - 1) % s.seats;
  events.push({ type: "round", round, row: s.row.map((id) => (id === null ? "" : keyOf(s, id))) });
}

/** Shop closed: Battle Prep effects fire (seat order), then everyone arranges at once. */
export function startArrange(s: PetsState, events: PetsEvent[]): void {
  s.phase = "arrange";
  for (const id of s.row) if (id !== null) s.discard.push(id);
  s.row = s.row.map(() => null);
  for (let seat = 0; seat < s.seats; seat++) for (const id of s.hands[seat].slice()) fireGain(s, seat, keyOf(s, id), "prep", events);
  events.push({ type: "arrange", round: s.round });
}

export function checkArrange(s: PetsState, seat: number, order: number[]): Rejection | null {
  if (s.phase !== "arrange") return reject("wrong-phase", "Arranging opens when the shop closes: shop first.").error;
  if (s.orders[seat]) return reject("already-arranged", "Your deck is locked in: wait for the battle.").error;
  const hand = s.hands[seat];
  if (order.length !== hand.length || new Set(order).size !== order.length || !order.every((id) => hand.includes(id))) {
    return reject("bad-order", `Order every card of your hand exactly once (${hand.length} cards).`).error;
  }
  return null;
}

/**
 * Who fights whom in `round` (1-based): the circle method over the seats (plus a dummy when
 * the count is odd), so every seat meets every other within seats - 1 (or seats) rounds and
 * the schedule repeats after that. The seat paired with the dummy is the odd player out.
 */
export function pairings(seats: number, round: number): { pairs: [number, number][]; bye: number | null } {
  const n = seats % 2 ? seats + 1 : seats;
  const r = (round - 1) % (n - 1);
  const raw: [number, number][] = [[n - 1, r]];
  for (let i = 1; i < n / 2; i++) raw.push([(r + i) % (n - 1), (r - i + n - 1) % (n - 1)]);
  let bye: number | null = null;
  const pairs: [number, number][] = [];
  for (const [a, b] of raw) {
    if (a >= seats) bye = b;
    else if (b >= seats) bye = a;
    else pairs.push(a < b ? [a, b] : [b, a]);
  }
  pairs.sort((x, y) => x[0] - y[0]);
  return { pairs, bye };
}

export const trophiesFor = (round: number) => (round >= ROUNDS ? 2 : 1);

/**
 * Who fights whom this round, as everyone may know it: the fair schedule (pairing.ts) when
 * the game has a seat permutation; else the first rules' circle method, whose odd player's
 * ghost is drawn only at the battle (ghostOf null). An arena run has no pairs.
 */
export function roundPairing(s: Pick<PetsState, "seats" | "round" | "perm" | "arena">): RoundPairingView {
  if (s.arena) return { pairs: [], odd: null, ghostOf: null };
  if (s.perm) return fairRound(s.perm, s.round);
  const { pairs, bye } = pairings(s.seats, s.round);
  return { pairs, odd: bye, ghostOf: null };
}

/** Arrange closed: every pairing battles, trophies, temporary cards leave, next round. */
export function closeArrange(s: PetsState, events: PetsEvent[]): void {
  const rng = createFastRng(0);
  rng.setState(s.rng);
  const lineup = (seat: number) => s.orders[seat]!.map((id) => keyOf(s, id));
  const plan = roundPairing(s);
  const fights: { seats: [number, number]; ghost: boolean }[] = plan.pairs.map((p) => ({ seats: p, ghost: false }));
  if (plan.odd !== null) {
    const others = Array.from({ length: s.seats }, (_, i) => i).filter((i) => i !== plan.odd);
    fights.push({ seats: [plan.odd, plan.ghostOf ?? others[rng.int(others.length)]], ghost: true });
  }
  const opponent = s.arena?.opponents[s.round - 1] ?? null;
  if (s.arena && opponent) fights.push({ seats: [0, -1], ghost: false });
  const prize = trophiesFor(s.round);
  for (const f of fights) {
    const lineups: [string[], string[]] = [lineup(f.seats[0]), f.seats[1] < 0 ? opponent!.lineup.slice() : lineup(f.seats[1])];
    const battleEvents: BattleEvent[] = [];
    const r = runBattle(deckOf(lineups[0]), deckOf(lineups[1]), rng, battleEvents);
    // A ghost is a copy: only the odd player out's result counts (-1 marks a ghost win).
    const side = r.winner;
    // An arena opponent is not a seat: its win is marked -1 too, as a ghost's.
    const winner = side === null ? null : (f.ghost || f.seats[1] < 0) && side === 1 ? -1 : f.seats[side];
    const record: BattleRecord = { round: s.round, seats: f.seats, ghost: f.ghost, lineups, events: battleEvents, winner, trophies: winner !== null && winner >= 0 ? prize : 0 };
    if (f.seats[1] < 0 && opponent) record.opponent = { ...opponent, lineup: opponent.lineup.slice() };
    if (winner !== null && winner >= 0) {
      s.trophies[winner] += prize;
      s.wins[winner]++;
    }
    if (side !== null && !((f.ghost || f.seats[1] < 0) && side === 0)) s.losses[f.seats[1 - side]]++;
    s.battles.push(record);
    events.push({ type: "battle", index: s.battles.length - 1, seats: f.seats, winner: record.winner });
  }
  s.rng = rng.getState();
  // Apples are temporary: they leave every hand after the battle (bees and summons never enter one).
  for (let seat = 0; seat < s.seats; seat++) {
    const keep: number[] = [];
    for (const id of s.hands[seat]) (cardDef(keyOf(s, id)).temporary ? s.discard : keep).push(id);
    s.hands[seat] = keep;
  }
  if (s.round >= ROUNDS) finish(s, events);
  else startRound(s, s.round + 1, events);
}

/** A seat's standing at the end: trophies, then battle wins, then fewer losses. */
const standing = (s: PetsState, i: number) => [s.trophies[i], s.wins[i], -s.losses[i]];

/** Each seat's final place: 1 + the seats strictly ahead of it (level seats share a place). */
export function petsPlaces(s: PetsState): number[] {
  const seats = Array.from({ length: s.seats }, (_, i) => i);
  return seats.map((i) => 1 + seats.filter((j) => cmp(standing(s, j), standing(s, i)) > 0).length);
}

/**
 * Most trophies wins. Ties break on more battle wins, then fewer losses; seats still level
 * share the win.
 */
export function finish(s: PetsState, events: PetsEvent[]): void {
  s.phase = "finished";
  s.orders.fill(null);
  const score = (i: number) => standing(s, i);
  const seats = Array.from({ length: s.seats }, (_, i) => i);
  const best = seats.reduce((b, i) => (cmp(score(i), score(b)) > 0 ? i : b), 0);
  s.winners = seats.filter((i) => cmp(score(i), score(best)) === 0);
  events.push({ type: "finished", winners: s.winners });
}

function cmp(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}
