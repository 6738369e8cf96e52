// The table's votes, kept in the room's state (game.ts) beside the engine's game: a vote moves no
// card and is not undone, and both are lists of seats.
// - Going on without an absent player (`goOn`, per player): actions touching that player's hidden
//   cards wait while they are away, until most players present vote to go on.
// - Ending the game (`EndVote`): one player proposes the end and who won; it ends when every
//   player still in the game has agreed. Anyone still in may refuse, and the proposer withdraw.

import type { Rejection } from "./catalogue.js";
import type { TableGame } from "./types.js";

/** A proposal to end the game. */
export interface EndVote {
  /** Who proposed it. */
  by: number;
  /** Who won if everyone agrees (empty: nobody). */
  winners: number[];
  /** Who agreed so far, the proposer among them. */
  yes: number[];
  /** Who refused (the proposer: withdrawn); the proposal is then over. null while it is open. */
  no: number | null;
}

/** `votes` with `seat` added, in seat order. */
export const withVote = (votes: readonly number[], seat: number): number[] => [...new Set([...votes, seat])].sort((a, b) => a - b);

/** Going on without a player is carried when most players present (not away) voted for it. */
export function goOnCarried(votes: readonly number[], away: readonly number[], seats: number): boolean {
  const present = seats - away.length;
  return votes.filter((v) => !away.includes(v)).length * 2 > present;
}

/** The players still in the game who have not agreed to end it yet. */
export const stillToAgree = (vote: EndVote, stillIn: readonly number[]): number[] => stillIn.filter((p) => !vote.yes.includes(p));

/** An open proposal is carried when every player still in the game has agreed. */
export const endCarried = (vote: EndVote, stillIn: readonly number[]): boolean => vote.no === null && stillToAgree(vote, stillIn).length === 0;

export const isOpen = (vote: EndVote | null | undefined): vote is EndVote => !!vote && vote.no === null;

/** The player's name for a refusal's words. */
const nameOf = (g: TableGame, p: number): string => g.players[p]?.name ?? `Player ${p + 1}`;

/** What a proposal says, in words: "Ann wins", "Ann and Bob win", "nobody wins". */
export function endSummary(g: TableGame, winners: readonly number[]): string {
  if (!winners.length) return "nobody wins";
  return `${winners.map((w) => nameOf(g, w)).join(" and ")} win${winners.length === 1 ? "s" : ""}`;
}

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * `seat` proposes to end the game with `winners` (the engine said it needs agreement). A new
 * proposal, the proposer's own replaced, or an agreement when it is the proposal already open.
 */
export function propose(open: EndVote | null, g: TableGame, seat: number, winners: readonly number[]): EndVote | Rejection {
  const w = [...new Set(winners)].sort((a, b) => a - b);
  if (w.some((p) => p >= g.players.length)) return { code: "no-such-player", message: "A winner is not at this table." };
  if (isOpen(open) && open.by !== seat) {
    if (sameSet(open.winners, w)) return answer(open, g, seat, true);
    return { code: "vote-open", message: `${nameOf(g, open.by)} has already proposed to end the game (${endSummary(g, open.winners)}): agree or refuse that first.` };
  }
  return { by: seat, winners: w, yes: [seat], no: null };
}

/** `seat` agrees to the open proposal, or refuses it (the proposer refusing withdraws it). */
export function answer(open: EndVote | null, g: TableGame, seat: number, agree: boolean): EndVote | Rejection {
  if (!isOpen(open)) return { code: "no-proposal", message: "Nobody is proposing to end the game now." };
  if (g.players[seat]?.eliminated) return { code: "eliminated", message: "You have left this game; the players still in it decide." };
  if (!agree) return { ...open, no: seat };
  if (open.yes.includes(seat)) return { code: "already-agreed", message: "You already agreed; the others are still deciding." };
  return { ...open, yes: withVote(open.yes, seat) };
}
