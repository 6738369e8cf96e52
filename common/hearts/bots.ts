// Hearts bots, from a seat's view alone (its hand, the trick, what has been played: never
// another hand). `easy` plays any legal card and passes three at random; `normal` plays as a
// careful club player would: it passes the Q♠, the high spades above it and its highest
// cards, ducks under the trick when it can, dumps the Q♠ and high hearts when void, and
// takes a trick with its highest card only when the trick holds no points and it plays last.
// Pure and seeded.

import type { Rng } from "../core/rng.js";
import { HEARTS, pointsOf, QUEEN_OF_SPADES, rankOf, SPADES, suitOf } from "./cards.js";
import { trickWinner, type HeartsMove, type HeartsView } from "./rules.js";

export const HEARTS_BOT_LEVELS = ["easy", "normal"] as const;
export type HeartsBotLevel = (typeof HEARTS_BOT_LEVELS)[number];

/** How much a card hurts to keep: the Q♠ most, the spades that could catch it, then high cards. */
function danger(card: number, hand: readonly number[]): number {
  if (card === QUEEN_OF_SPADES) return 1000;
  const spades = hand.filter((c) => suitOf(c) === SPADES).length;
  // A long spade suit protects the queen's catchers; a short one leaves them exposed.
  if (suitOf(card) === SPADES && rankOf(card) > rankOf(QUEEN_OF_SPADES)) return spades >= 5 ? 10 : 500;
  return rankOf(card) * 10 + (suitOf(card) === HEARTS ? 5 : 0);
}

/** The three cards `normal` passes. */
export function choosePass(hand: readonly number[]): number[] {
  return hand.slice().sort((a, b) => danger(b, hand) - danger(a, hand) || b - a).slice(0, 3);
}

const highest = (cards: readonly number[]): number => cards.reduce((a, b) => (rankOf(b) > rankOf(a) ? b : a));
const lowestOf = (cards: readonly number[]): number => cards.reduce((a, b) => (rankOf(b) < rankOf(a) ? b : a));
/** The cards other than the Q♠, when there are any. */
const butTheQueen = (cards: readonly number[]): readonly number[] => {
  const rest = cards.filter((c) => c !== QUEEN_OF_SPADES);
  return rest.length ? rest : cards;
};

/** The card `normal` plays from `legal` on the view's trick. */
export function chooseCard(view: HeartsView, legal: readonly number[]): number {
  const trick = view.trick;
  if (trick.length === 0) {
    // Lead low, and not a spade above the queen while the queen is out (it would catch her for us).
    const queenOut = !view.cards.includes(QUEEN_OF_SPADES) && !playedSoFar(view).has(QUEEN_OF_SPADES);
    const safe = legal.filter((c) => !(queenOut && suitOf(c) === SPADES && rankOf(c) > rankOf(QUEEN_OF_SPADES)) && c !== QUEEN_OF_SPADES);
    return lowestOf(safe.length ? safe : legal);
  }
  const led = suitOf(trick[0].card);
  const following = legal.every((c) => suitOf(c) === led);
  const top = trick.find((p) => p.seat === trickWinner(trick))!.card;
  const points = trick.reduce((sum, p) => sum + pointsOf(p.card), 0);
  if (following) {
    const under = legal.filter((c) => rankOf(c) < rankOf(top));
    // The Q♠ goes under a higher spade already on the trick.
    if (under.includes(QUEEN_OF_SPADES)) return QUEEN_OF_SPADES;
    if (under.length) return highest(butTheQueen(under));
    // This trick is ours whatever we play: playing last on a clean trick, take it high; else as low as we can.
    return trick.length === 3 && points === 0 ? highest(butTheQueen(legal)) : lowestOf(butTheQueen(legal));
  }
  // Void in the suit led: the Q♠, then the spades that catch her, then high hearts, then the highest.
  if (legal.includes(QUEEN_OF_SPADES)) return QUEEN_OF_SPADES;
  return legal.slice().sort((a, b) => danger(b, view.cards) - danger(a, view.cards) || b - a)[0];
}

/** The cards this view has seen played this hand (the trick, the last trick: a bot keeps no memory). */
function playedSoFar(view: HeartsView): Set<number> {
  const seen = new Set<number>(view.trick.map((p) => p.card));
  for (const p of view.lastTrick?.plays ?? []) seen.add(p.card);
  return seen;
}

/** The bot's move for `seat`, or null when it has nothing to do now. */
export function chooseHeartsMove(view: HeartsView, seat: number, level: HeartsBotLevel, rng: Rng): HeartsMove | null {
  if (view.viewer !== seat || view.phase === "over") return null;
  if (view.phase === "passing") {
    if (view.passed[seat] || view.cards.length < 3) return null;
    if (level === "easy") return { type: "pass", cards: rng.shuffle(view.cards.slice()).slice(0, 3).sort((a, b) => a - b) };
    return { type: "pass", cards: choosePass(view.cards).sort((a, b) => a - b) };
  }
  if (!view.legal.length) return null;
  if (level === "easy") return { type: "play", card: view.legal[rng.int(view.legal.length)] };
  return { type: "play", card: chooseCard(view, view.legal) };
}
