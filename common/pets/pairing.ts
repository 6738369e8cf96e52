// Who fights whom, round by round, for 2–8 seats over the six rounds.
//
// Every round each seat fights once: in pairs, and with an odd count one seat (the odd one
// out) fights a ghost: a copy of another seat's board as that seat arranged it this round
// (only the odd seat's result counts). A schedule is fair when
//  1. nobody meets the same opponent two rounds in a row (the odd seat "meets" the seat its
//     ghost copies) — whenever that can be avoided at all, which is every count but 2;
//  2. then, as evenly as the first rule allows: who sits out as the odd one, how often each
//     pair meets, and whose board is copied.
// The schedule is found once per seat count by a bounded depth-first search that takes the
// hard rule first and the balance as a cost (it is the same every time: no randomness), and
// the game maps it through a seat permutation drawn at setup, so who plays which part of the
// schedule changes from game to game.
//
// Three seats are the one count where the rules pull apart: the only schedules with no
// repeat in a row keep one seat in every real battle while the other two take turns as the
// odd one out, each fighting the other's ghost (tested in test/common/pets.pairing.test.ts).

import { ROUNDS } from "./types.js";

export const PAIRING_MIN_SEATS = 2;
export const PAIRING_MAX_SEATS = 8;

/** One round: the real pairs (lower seat first, sorted), and the odd seat with the seat its ghost copies. */
export interface RoundPairing {
  pairs: [number, number][];
  odd: number | null;
  ghostOf: number | null;
}

/** The seat `seat` faces in `r` (the ghost's owner for the odd seat), or null. */
export function opponentIn(r: RoundPairing, seat: number): number | null {
  if (r.odd === seat) return r.ghostOf;
  const p = r.pairs.find((x) => x[0] === seat || x[1] === seat);
  return p ? (p[0] === seat ? p[1] : p[0]) : null;
}

/** Every perfect matching of `seats` (the lowest seat pairs first: each matching once). */
function matchings(seats: number[]): [number, number][][] {
  if (!seats.length) return [[]];
  const [a, ...rest] = seats;
  const out: [number, number][][] = [];
  for (let i = 0; i < rest.length; i++) {
    const b = rest[i];
    for (const m of matchings([...rest.slice(0, i), ...rest.slice(i + 1)])) out.push([[a, b], ...m]);
  }
  return out;
}

/** Every way one round can go for `n` seats. */
function roundOptions(n: number): RoundPairing[] {
  const all = Array.from({ length: n }, (_, i) => i);
  if (n % 2 === 0) return matchings(all).map((pairs) => ({ pairs, odd: null, ghostOf: null }));
  const out: RoundPairing[] = [];
  for (const odd of all) {
    const rest = all.filter((s) => s !== odd);
    for (const pairs of matchings(rest)) for (const ghostOf of rest) out.push({ pairs, odd, ghostOf });
  }
  return out;
}

interface Tally {
  odd: number[];
  copied: number[];
  /** Real meetings per pair, index a * n + b (a < b). */
  met: number[];
}

/** The balance cost of adding round `r` (squares: spreading is cheaper than piling up). */
function costOf(r: RoundPairing, t: Tally, n: number): number {
  let c = 0;
  for (const [a, b] of r.pairs) c += 2 * t.met[a * n + b] + 1;
  if (r.odd !== null) c += 3 * (2 * t.odd[r.odd] + 1) + (2 * t.copied[r.ghostOf!] + 1);
  return c;
}

function add(r: RoundPairing, t: Tally, n: number, sign: 1 | -1): void {
  for (const [a, b] of r.pairs) t.met[a * n + b] += sign;
  if (r.odd !== null) {
    t.odd[r.odd] += sign;
    t.copied[r.ghostOf!] += sign;
  }
}

/** Nodes the search may visit per seat count before it settles for the best schedule so far. */
const SEARCH_NODES = 2_000;

/**
 * The fair schedule of `rounds` rounds for `n` seats (before the game's seat permutation).
 * Pure and cached.
 */
export function fairSchedule(n: number, rounds: number = ROUNDS): RoundPairing[] {
  if (!Number.isInteger(n) || n < PAIRING_MIN_SEATS || n > PAIRING_MAX_SEATS) throw new RangeError(`pairing for ${n} seats: use ${PAIRING_MIN_SEATS}..${PAIRING_MAX_SEATS}`);
  const key = `${n}:${rounds}`;
  const cached = schedules.get(key);
  if (cached) return cached;
  const options = roundOptions(n);
  // Each option's opponent per seat, to compare rounds quickly.
  const opp = options.map((r) => Array.from({ length: n }, (_, seat) => opponentIn(r, seat)));
  const t: Tally = { odd: new Array(n).fill(0), copied: new Array(n).fill(0), met: new Array(n * n).fill(0) };
  const path: RoundPairing[] = [];
  const pathIdx: number[] = [];
  let best: { schedule: RoundPairing[]; cost: number } | null = null;
  let nodes = 0;
  // Two seats always meet each other: rule 1 cannot hold, so it is not asked.
  const strict = n > 2;
  const dfs = (cost: number): void => {
    if (best && cost >= best.cost) return;
    if (path.length === rounds) {
      best = { schedule: path.slice(), cost };
      return;
    }
    const prev = pathIdx.length ? opp[pathIdx[pathIdx.length - 1]] : null;
    const ranked: { i: number; c: number }[] = [];
    for (let i = 0; i < options.length; i++) {
      if (strict && prev && opp[i].some((o, seat) => o === prev[seat])) continue;
      ranked.push({ i, c: costOf(options[i], t, n) });
    }
    ranked.sort((a, b) => a.c - b.c || a.i - b.i);
    for (const { i, c } of ranked) {
      if (++nodes > SEARCH_NODES && best) return;
      const r = options[i];
      path.push(r);
      pathIdx.push(i);
      add(r, t, n, 1);
      dfs(cost + c);
      add(r, t, n, -1);
      pathIdx.pop();
      path.pop();
    }
  };
  dfs(0);
  if (!best) throw new Error(`no pairing schedule for ${n} seats`);
  const schedule = (best as { schedule: RoundPairing[] }).schedule;
  schedules.set(key, schedule);
  return schedule;
}
const schedules = new Map<string, RoundPairing[]>();

/** Round `round` (1-based) of the fair schedule, seat `i` of the schedule played by `perm[i]`. */
export function fairRound(perm: readonly number[], round: number): RoundPairing {
  const n = perm.length;
  const r = fairSchedule(n)[(round - 1) % ROUNDS];
  const pairs = r.pairs.map(([a, b]) => {
    const x = perm[a];
    const y = perm[b];
    return (x < y ? [x, y] : [y, x]) as [number, number];
  });
  pairs.sort((p, q) => p[0] - q[0]);
  return { pairs, odd: r.odd === null ? null : perm[r.odd], ghostOf: r.ghostOf === null ? null : perm[r.ghostOf] };
}
