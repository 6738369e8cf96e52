// A Swiss tournament for two-player games: a fixed number of rounds, everyone plays every
// round, nobody meets anyone twice while the field allows it (docs/tournaments.md).
//
// The state is plain data, the players and the games (a game with no `second` is a bye), so the
// store keeps exactly these rows and a restart rebuilds the same state; every figure (score,
// colours, tie-breaks) is derived from them. Pure: the draw of first moves uses a seeded RNG.
//
// The system, Dutch-like (after FIDE's Dutch system, simplified):
//  - Ranking for pairing: score, then rating, then id.
//  - Odd count: the lowest-ranked player who has had no bye gets it (one bye each at most), a
//    win's point, no opponent, no first move.
//  - Score groups: the top unpaired player meets the player half its score group below it
//    (the top half meets the bottom half: 1–5, 2–6, 3–7, 4–8 in a group of eight); an odd one
//    floats down to the next group; nobody meets anyone twice (hard, unless no pairing of
//    the field avoids it: then the fewest meetings, and a second bye if need be).
//  - First-move balance: each player's firsts minus seconds stays within −2…+2 and nobody moves
//    first (or second) three games running, hard where the field allows it; the player with
//    fewer firsts moves first, then the one who was second more recently, then a seeded draw.
//  - Dropouts: a withdrawn player is paired no more; games played stand (their opponents keep
//    the points), and the player stays in the standings.
//  - Standings: score, then Buchholz (the sum of the scores of the opponents met), then
//    Sonneborn-Berger (opponents beaten count their score, drawn ones half), then wins, rating, id.

import { createRng, type Seed } from "../core/rng.js";
import { pairAll, type PairSearch } from "./matching.js";

export type Outcome = "first" | "second" | "draw";

export interface SwissPlayer {
  id: string;
  /** Rating at entry: orders the players within a score (and the first round). */
  rating: number;
  withdrawn: boolean;
}

export interface SwissGame {
  round: number;
  /** Who moves first (the white pieces). */
  first: string;
  /** The opponent, or null for a bye. */
  second: string | null;
  /** Unset while the game is played; a bye is scored at once. */
  outcome?: Outcome;
}

export interface SwissState {
  rounds: number;
  seed: Seed;
  players: SwissPlayer[];
  games: SwissGame[];
}

/** Points per result (a bye counts as a win). */
export const SWISS_POINTS = { win: 1, draw: 0.5, loss: 0 } as const;

export function newSwiss(rounds: number, seed: Seed): SwissState {
  if (!Number.isInteger(rounds) || rounds < 1) throw new RangeError(`a Swiss needs at least one round, not ${rounds}`);
  return { rounds, seed, players: [], games: [] };
}

/** The round being played (0 before the first pairing). */
export function currentRound(s: SwissState): number {
  return s.games.reduce((m, g) => Math.max(m, g.round), 0);
}

export type SwissRefusal = "started" | "already-in" | "not-in" | "round-unfinished" | "finished" | "no-game" | "already-scored";

/** A player enters before the first round. */
export function swissJoin(s: SwissState, id: string, rating: number): SwissRefusal | null {
  if (currentRound(s) > 0) return "started";
  if (s.players.some((p) => p.id === id)) return "already-in";
  s.players.push({ id, rating, withdrawn: false });
  return null;
}

/** A player leaves: paired no more (a game of the round being played is still scored). */
export function swissWithdraw(s: SwissState, id: string): SwissRefusal | null {
  const p = s.players.find((x) => x.id === id);
  if (!p) return "not-in";
  p.withdrawn = true;
  return null;
}

/** Scores the game of `round` that `player` plays. */
export function swissResult(s: SwissState, round: number, player: string, outcome: Outcome): SwissRefusal | null {
  const g = s.games.find((x) => x.round === round && (x.first === player || x.second === player));
  if (!g || g.second === null) return "no-game";
  if (g.outcome) return "already-scored";
  g.outcome = outcome;
  return null;
}

export function roundFinished(s: SwissState): boolean {
  const r = currentRound(s);
  return s.games.every((g) => g.round !== r || g.outcome !== undefined);
}

export function swissFinished(s: SwissState): boolean {
  return currentRound(s) === s.rounds && roundFinished(s);
}

/** What one player has done so far, derived from the games. */
export interface SwissRecord {
  id: string;
  rating: number;
  withdrawn: boolean;
  score: number;
  wins: number;
  opponents: string[];
  /** Per game played, in round order: true when this player moved first. */
  firsts: boolean[];
  byes: number;
  /** Per game with an opponent: the opponent and this player's points. */
  results: { opponent: string; points: number }[];
}

export function swissRecords(s: SwissState): Map<string, SwissRecord> {
  const out = new Map<string, SwissRecord>();
  for (const p of s.players) out.set(p.id, { id: p.id, rating: p.rating, withdrawn: p.withdrawn, score: 0, wins: 0, opponents: [], firsts: [], byes: 0, results: [] });
  const games = [...s.games].sort((a, b) => a.round - b.round);
  for (const g of games) {
    const a = out.get(g.first)!;
    if (g.second === null) {
      a.byes++;
      a.score += SWISS_POINTS.win;
      continue;
    }
    const b = out.get(g.second)!;
    a.opponents.push(b.id);
    b.opponents.push(a.id);
    a.firsts.push(true);
    b.firsts.push(false);
    if (!g.outcome) continue;
    const pa = g.outcome === "first" ? SWISS_POINTS.win : g.outcome === "draw" ? SWISS_POINTS.draw : SWISS_POINTS.loss;
    const pb = SWISS_POINTS.win - pa;
    a.score += pa;
    b.score += pb;
    if (pa === SWISS_POINTS.win) a.wins++;
    if (pb === SWISS_POINTS.win) b.wins++;
    a.results.push({ opponent: b.id, points: pa });
    b.results.push({ opponent: a.id, points: pb });
  }
  return out;
}

const byRank = (a: SwissRecord, b: SwissRecord) => b.score - a.score || b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Firsts minus seconds. */
const balance = (r: SwissRecord) => r.firsts.reduce((n, f) => n + (f ? 1 : -1), 0);

/** "first" or "second" when a player must have that side next (the balance or three in a row), else null. */
function mustMove(r: SwissRecord): "first" | "second" | null {
  const d = balance(r);
  const [x, y] = r.firsts.slice(-2);
  if (d >= 2 || (r.firsts.length >= 2 && x && y)) return "second";
  if (d <= -2 || (r.firsts.length >= 2 && !x && !y)) return "first";
  return null;
}

export interface SwissPairing {
  round: number;
  games: SwissGame[];
}

/**
 * Pairs the next round into `s.games` and returns it, or a refusal: the round before is not
 * finished, or every round has been played. A field that cannot be paired without a rematch
 * (few players, many rounds) gets the fewest rematches rather than no round.
 */
export function pairNextRound(s: SwissState): SwissPairing | SwissRefusal {
  const round = currentRound(s) + 1;
  if (round > s.rounds) return "finished";
  if (!roundFinished(s)) return "round-unfinished";
  const records = swissRecords(s);
  const ranked = [...records.values()].filter((r) => !r.withdrawn).sort(byRank);
  const rng = createRng(s.seed, round);
  const met = (a: SwissRecord, b: SwissRecord) => a.opponents.includes(b.id);
  const clash = (a: SwissRecord, b: SwissRecord) => {
    const m = mustMove(a);
    return m !== null && m === mustMove(b);
  };

  const timesMet = (a: SwissRecord, b: SwissRecord) => a.opponents.filter((x) => x === b.id).length;
  const search = (field: SwissRecord[], colourHard: boolean, rematches: boolean): [string, string][] | null => {
    const rec = (id: string) => records.get(id)!;
    const rankOf = new Map(field.map((r, i) => [r.id, i]));
    const p: PairSearch = {
      order: field.map((r) => r.id),
      candidates: (u, unpaired) => {
        const a = rec(u);
        const group = unpaired.filter((v) => rec(v).score === a.score);
        // The Dutch half: u, the top of its group, meets the player half the group below it.
        const ideal = Math.floor((group.length + 1) / 2) - 1;
        const inGroup = new Map(group.map((v, i) => [v, i]));
        const key = (v: string) => {
          const b = rec(v);
          const g = inGroup.get(v) ?? -1;
          return [rematches ? timesMet(a, b) : 0, Math.abs(a.score - b.score), g >= 0 ? Math.abs(g - ideal) : 0, colourHard ? 0 : Number(clash(a, b)), rankOf.get(v)!];
        };
        const ok = unpaired.filter((v) => (rematches || !met(a, rec(v))) && (!colourHard || !clash(a, rec(v))));
        const keys = new Map(ok.map((v) => [v, key(v)]));
        return ok.sort((x, y) => {
          const kx = keys.get(x)!;
          const ky = keys.get(y)!;
          for (let i = 0; i < kx.length; i++) if (kx[i] !== ky[i]) return kx[i] - ky[i];
          return 0;
        });
      },
    };
    return pairAll(p);
  };

  // The bye: the lowest-ranked player without one whose absence leaves a field that pairs.
  // Rules are relaxed in order only when the field leaves no way: first-move balance first; then,
  // in a small field late in the event (ten players, nine rounds), rematches, fewest meetings
  // first, and a second bye to the lowest-ranked of those with the fewest. A round is always paired.
  let pairs: [string, string][] | null = null;
  let bye: SwissRecord | null = null;
  const fewestByes = Math.min(...ranked.map((r) => r.byes));
  for (const [colourHard, rematches] of [[true, false], [false, false], [false, true]] as const) {
    if (ranked.length % 2 === 0) {
      pairs = search(ranked, colourHard, rematches);
    } else {
      for (let i = ranked.length - 1; i >= 0 && !pairs; i--) {
        if (ranked[i].byes > (rematches ? fewestByes : 0)) continue;
        bye = ranked[i];
        pairs = search(ranked.filter((r) => r !== bye), colourHard, rematches);
      }
    }
    if (pairs) break;
    bye = null;
  }
  if (!pairs) throw new Error(`round ${round} could not be paired (${ranked.length} players left)`);

  const games: SwissGame[] = pairs.map(([u, v]) => {
    const [first, second] = firstMover(records.get(u)!, records.get(v)!, rng.int(2) === 0);
    return { round, first, second };
  });
  if (bye) games.push({ round, first: bye.id, second: null, outcome: "first" });
  s.games.push(...games);
  return { round, games };
}

/** Who moves first: who must; the fewer firsts; who was second more recently; else the draw. */
function firstMover(a: SwissRecord, b: SwissRecord, drawA: boolean): [string, string] {
  const ma = mustMove(a);
  const mb = mustMove(b);
  if (ma === "first" || mb === "second") return [a.id, b.id];
  if (mb === "first" || ma === "second") return [b.id, a.id];
  const d = balance(a) - balance(b);
  if (d !== 0) return d < 0 ? [a.id, b.id] : [b.id, a.id];
  for (let i = 1; i <= Math.min(a.firsts.length, b.firsts.length); i++) {
    const fa = a.firsts[a.firsts.length - i];
    const fb = b.firsts[b.firsts.length - i];
    if (fa !== fb) return fa ? [b.id, a.id] : [a.id, b.id];
  }
  return drawA ? [a.id, b.id] : [b.id, a.id];
}

export interface SwissStanding {
  rank: number;
  id: string;
  score: number;
  buchholz: number;
  sonnebornBerger: number;
  wins: number;
  withdrawn: boolean;
}

/** The table: score, Buchholz, Sonneborn-Berger, wins, rating, id (a total order: no two share a rank). */
export function swissStandings(s: SwissState): SwissStanding[] {
  const records = swissRecords(s);
  const rows = [...records.values()].map((r) => {
    let buchholz = 0;
    let sonnebornBerger = 0;
    for (const o of r.opponents) buchholz += records.get(o)!.score;
    for (const x of r.results) sonnebornBerger += records.get(x.opponent)!.score * x.points;
    return { r, buchholz, sonnebornBerger };
  });
  rows.sort((x, y) => y.r.score - x.r.score || y.buchholz - x.buchholz || y.sonnebornBerger - x.sonnebornBerger || y.r.wins - x.r.wins || byRank(x.r, y.r));
  return rows.map(({ r, buchholz, sonnebornBerger }, i) => ({ rank: i + 1, id: r.id, score: r.score, buchholz, sonnebornBerger, wins: r.wins, withdrawn: r.withdrawn }));
}
