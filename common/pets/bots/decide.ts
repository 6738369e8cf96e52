// Auto Pets bots. A bot decides from its seat's view plus a memory of public observations
// (memory.ts) and nothing else. Each candidate move is scored by Monte-Carlo battle
// rollouts of the hand it leads to against sampled guesses of the next opponent's cards
// and order, blended with a long-term deck value; a softmax over the scores picks the
// move. Difficulty sets the softmax temperature and the rollout budget. Pure: randomness
// comes from the FastRng the caller passes, and the budget is a count, so a caller that
// wants a time limit converts it to a count (bench/pets.ts measures rollouts per second).

import { createFastRng, type FastRng } from "../../core/fastRng.js";
import { runBattle, deckOf } from "../battle.js";
import { CARDS, cardDef } from "../cards.js";
import { trophiesFor } from "../round.js";
import { tradeTier } from "../shop.js";
import { PET_LIMIT, ROUNDS, type PetsMove, type PetsView } from "../types.js";
import { candidateOrders, defaultOrder, guessOrder } from "./arrange.js";
import { guessCards, observe, type BotMemory } from "./memory.js";


export type BotLevel = "easy" | "medium" | "hard";

export interface BotSettings {
  /** Softmax temperature over move scores (trophies): low plays the best move, high plays loosely. */
  temperature: number;
  /** Battle rollouts per decision, shared by the candidates. */
  rollouts: number;
  /** Deck orders tried when arranging. */
  orders: number;
}

export const BOT_LEVELS: Readonly<Record<BotLevel, BotSettings>> = {
  easy: { temperature: 0.6, rollouts: 24, orders: 2 },
  medium: { temperature: 0.12, rollouts: 240, orders: 6 },
  hard: { temperature: 0.02, rollouts: 2400, orders: 16 },
};

/**
 * Rollouts that fit in `ms` at `perSecond` rollouts a second (measured by the caller, e.g.
 * `npm run bench pets`), capped by the level's budget: how a room turns a time budget into
 * the count decide() takes without decide() reading a clock.
 */
export function rolloutBudget(level: BotLevel, ms: number, perSecond: number): number {
  return Math.max(1, Math.min(BOT_LEVELS[level].rollouts, Math.floor((ms * perSecond) / 1000)));
}

/** Weight of the long-term deck value per round still to play. */
const FUTURE = 0.12;
/** Deck value that counts as 1 (five good mid-tier pets). */
const VALUE_SCALE = 35;

export interface Decision {
  move: PetsMove;
  /** Each candidate with its score, for tests and tuning. */
  scored: { move: PetsMove; score: number }[];
  /** The memory after reading this view: pass it to the next decision. */
  memory: BotMemory;
}

/** Long-term worth of a hand: the 5 best pets plus its lasting foods. */
export function deckValue(keys: readonly string[]): number {
  const pets = keys.filter((k) => cardDef(k).kind === "pet").map((k) => cardDef(k).worth).sort((a, b) => b - a);
  const foods = keys.filter((k) => cardDef(k).kind === "food" && !cardDef(k).temporary).reduce((n, k) => n + cardDef(k).worth, 0);
  return pets.slice(0, PET_LIMIT).reduce((n, w) => n + w, 0) + foods;
}

/** Apples a hand's Battle Prep effects will add. */
function withPrep(keys: string[]): string[] {
  const out = keys.slice();
  for (const k of keys) {
    const a = cardDef(k).ability;
    if (a && a.on === "prep" && a.effect.do === "gain") for (let i = 0; i < a.effect.n; i++) out.push("apple");
  }
  return out;
}

function gains(card: string, trigger: "buy" | "sell" | "triple"): string[] {
  const a = cardDef(card).ability;
  return a && a.on === trigger && a.effect.do === "gain" ? new Array(a.effect.n).fill("apple") : [];
}

function softmaxPick(scores: number[], temperature: number, rng: FastRng): number {
  const best = Math.max(...scores);
  const w = scores.map((s) => Math.exp((s - best) / Math.max(1e-6, temperature)));
  let r = rng.float() * w.reduce((a, b) => a + b, 0);
  for (let i = 0; i < w.length; i++) if ((r -= w[i]) <= 0) return i;
  return w.length - 1;
}

/** The seats this seat may face this round (every other seat when it is the odd one out and its ghost is not known yet). */
function opponents(view: PetsView, me: number): number[] {
  const { pairs, odd, ghostOf } = view.pairing;
  const pair = pairs.find((p) => p.includes(me));
  if (pair) return [pair[0] === me ? pair[1] : pair[0]];
  if (odd === me && ghostOf !== null) return [ghostOf];
  return Array.from({ length: view.seats }, (_, i) => i).filter((i) => i !== me);
}

/** Share of `n` rollouts my ordered deck wins (a draw counts half) against sampled opponents. */
function winRate(mine: number[], view: PetsView, memory: BotMemory, me: number, n: number, rng: FastRng, prep: boolean): number {
  if (n <= 0) return 0.5;
  const opps = opponents(view, me);
  // An arena run's opponent is a recorded team nobody has seen: nothing to roll out against.
  if (!opps.length) return 0.5;
  let won = 0;
  for (let i = 0; i < n; i++) {
    const opp = opps[rng.int(opps.length)];
    const cards = guessCards(memory, opp, rng);
    const theirs = deckOf(guessOrder(prep ? withPrep(cards) : cards, rng));
    const r = i % 2 ? runBattle(theirs, mine, rng) : runBattle(mine, theirs, rng);
    const mySide = i % 2 ? 1 : 0;
    won += r.winner === null ? 0.5 : r.winner === mySide ? 1 : 0;
  }
  return won / n;
}

const PETS_OF_TIER = [1, 2, 3, 4, 5, 6].map((t) => CARDS.filter((c) => c.tier === t && c.kind === "pet").map((c) => c.key));

/** The shop moves worth considering, each with the hand it leads to (keys). */
function shopCandidates(view: PetsView, rng: FastRng): { move: PetsMove; hand: string[] }[] {
  const me = view.viewer!;
  const hand = view.hand!;
  const keys = hand.map((c) => c.card);
  const without = (ids: number[]) => hand.filter((c) => !ids.includes(c.id)).map((c) => c.card);
  if (view.picks) return view.picks.map((c, index) => ({ move: { type: "pick", index } as PetsMove, hand: [...keys, c.card, ...gains(c.card, "buy")] }));
  const out: { move: PetsMove; hand: string[] }[] = [];
  const pets = hand.filter((c) => cardDef(c.card).kind === "pet");
  if (pets.length <= PET_LIMIT) out.push({ move: { type: "pass" }, hand: keys });
  if (view.gold[me] > 0) view.row.forEach((c, slot) => c && out.push({ move: { type: "buy", slot }, hand: [...keys, c.card, ...gains(c.card, "buy")] }));
  const sold = new Set<string>();
  for (const c of hand) {
    if (c.card === "apple" || sold.has(c.card)) continue;
    sold.add(c.card);
    out.push({ move: { type: "sell", cards: [c.id] }, hand: [...without([c.id]), "apple", ...gains(c.card, "sell")] });
  }
  const deckLeft = view.deckCounts[tradeTier(view.round) - 1] > 0;
  for (const suit of ["field", "forest", "water", "sky"]) {
    const same = pets.filter((c) => cardDef(c.card).suit === suit).sort((a, b) => cardDef(a.card).worth - cardDef(b.card).worth);
    if (same.length < 3 || !deckLeft) continue;
    const three = same.slice(0, 3);
    const pool = PETS_OF_TIER[tradeTier(view.round) - 1];
    const got = pool[rng.int(pool.length)];
    out.push({ move: { type: "trade", cards: three.map((c) => c.id) }, hand: [...without(three.map((c) => c.id)), ...three.flatMap((c) => gains(c.card, "triple")), got, ...gains(got, "buy")] });
  }
  return out;
}

/**
 * The bot's move. `rollouts` overrides the level's budget (a caller with a time budget
 * passes what fits). Same view, memory, settings and seed: same move.
 */
export function decide(view: PetsView, memory: BotMemory, level: BotLevel | BotSettings, seed: number, rollouts?: number): Decision {
  const me = view.viewer;
  if (me === null || !view.hand) throw new Error("a bot needs a seat's view");
  const settings = typeof level === "string" ? BOT_LEVELS[level] : level;
  const budget = rollouts ?? settings.rollouts;
  const rng = createFastRng(seed, 0xb07);
  const mem = observe(memory, view);
  const prize = trophiesFor(view.round);
  if (view.phase === "arrange") {
    const keys = view.hand.map((c) => c.card);
    const orders = candidateOrders(keys, settings.orders, rng);
    const per = Math.max(1, Math.floor(budget / orders.length));
    const scored = orders.map((o) => ({
      move: { type: "arrange", order: o.map((i) => view.hand![i].id) } as PetsMove,
      score: prize * winRate(deckOf(o.map((i) => keys[i])), view, mem, me, per, rng, false),
    }));
    return { move: scored[softmaxPick(scored.map((s) => s.score), settings.temperature, rng)].move, scored, memory: mem };
  }
  const cands = shopCandidates(view, rng);
  const per = Math.max(1, Math.floor(budget / cands.length));
  const future = FUTURE * (ROUNDS - view.round);
  const scored = cands.map((c) => {
    const keys = withPrep(c.hand);
    const mine = deckOf(defaultOrder(keys).map((i) => keys[i]));
    const battle = winRate(mine, view, mem, me, per, rng, true);
    return { move: c.move, score: prize * battle + (future * deckValue(c.hand)) / VALUE_SCALE };
  });
  return { move: scored[softmaxPick(scored.map((s) => s.score), settings.temperature, rng)].move, scored, memory: mem };
}
