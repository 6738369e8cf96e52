// Hearts as a test or a load player reads a decoded room state: the view joined from its parts
// (common/core/viewWire.ts), and a move a person in that seat could send now, chosen from that
// view alone (what a real client knows).
import type { Rng } from "../../common/core/rng.js";
import { joinState } from "../../common/core/viewWire.js";
import { heartsWire, pointsOf, rankOf, suitOf, trickWinner, type HeartsView } from "../../common/hearts/index.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function heartsView(state: any, roomSeat: number | null = null): HeartsView | null {
  return state?.parts ? joinState(state, heartsWire, roomSeat) : null;
}

/**
 * A move for room seat `seat` now (null: wait). Random among the legal ones, or, with `quick`,
 * steering the points to game seat 0 so a game to 50 ends in two or three hands: seat 0 passes
 * its lowest cards and plays its highest, the others pass their highest, lead low, and give it
 * their points on the tricks it wins or has yet to play to.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function heartsMove(state: any, seat: number, rng: Rng, quick = false): { type: string; payload: Record<string, unknown> } | null {
  if (state?.phase !== "playing") return null;
  const v = heartsView(state, seat);
  if (!v || v.viewer === null || v.phase === "over") return null;
  // the seat the points go to: the highest score (seat 0 first)
  const target = v.scores.indexOf(Math.max(...v.scores));
  const taker = v.viewer === target;
  if (v.phase === "passing") {
    if (v.passed[v.viewer] || v.cards.length < 3) return null;
    const byRank = v.cards.slice().sort((a, b) => rankOf(a) - rankOf(b));
    const cards = !quick ? rng.shuffle(v.cards.slice()).slice(0, 3) : taker ? byRank.slice(0, 3) : byRank.slice(-3);
    return { type: "pass", payload: { cards } };
  }
  if (!v.legal.length) return null;
  if (!quick) return { type: "play", payload: { card: v.legal[rng.int(v.legal.length)] } };
  const byRank = v.legal.slice().sort((a, b) => rankOf(a) - rankOf(b) || pointsOf(a) - pointsOf(b));
  const play = (card: number) => ({ type: "play", payload: { card } });
  // seat 0 takes every trick it can: its highest card, a heart first when it leads
  if (taker) {
    const hearts = byRank.filter((c) => pointsOf(c) > 0);
    return play(v.trick.length === 0 && hearts.length ? hearts[hearts.length - 1] : byRank[byRank.length - 1]);
  }
  // the others give it the points: when seat 0 is winning this trick or has yet to play
  const led = v.trick.length ? suitOf(v.trick[0].card) : -1;
  const zeroWins = v.trick.length > 0 && trickWinner(v.trick) === target;
  const zeroToPlay = !v.trick.some((p) => p.seat === target);
  const give = zeroWins || zeroToPlay;
  const points = v.legal.slice().sort((a, b) => pointsOf(b) - pointsOf(a) || rankOf(b) - rankOf(a));
  if (led < 0) return play(byRank[0]);
  if (give) return play(pointsOf(points[0]) > 0 ? points[0] : byRank[0]);
  // seat 0 has lost this trick: keep the points for a later one
  const clean = byRank.filter((c) => pointsOf(c) === 0);
  return play(clean.length ? clean[clean.length - 1] : byRank[0]);
}
