// Pairing players two by two, the search both tournament kinds share: the highest-ranked
// unpaired player takes the first candidate its caller's order allows, and when the rest cannot
// then be paired it backs up and tries the next (a depth-first search over pairings).
//
// Why no library: common/ imports only common/ (it runs in the browser and the tests alike,
// docs/architecture.md "Layers"), and a Swiss or arena field of a few hundred players, each
// barred from a handful of opponents, is paired by this search in well under a millisecond.
// `tournament-pairings` (npm, MIT) pairs by blossom weighted matching; its weights would have to
// encode our order (score group, the Dutch half, first-move balance) as numbers, and its Swiss
// leaves byes and colours to us anyway; `edmonds-blossom-fixed` is the bare matching. A search
// in our own words is shorter than the weights, and keeps the order readable.

/** A pairing of players by id; `left` is who was not paired (at most one when a player may be left out). */
export interface Pairs {
  pairs: [string, string][];
  left: string[];
}

export interface PairSearch {
  /** Players in rank order, best first. */
  order: readonly string[];
  /** The candidates for `u` among `unpaired` (which excludes `u`), best first; only these may meet `u`. */
  candidates: (u: string, unpaired: readonly string[]) => string[];
  /** Steps the search may take before it gives up (a field that cannot be paired ends it early anyway). */
  budget?: number;
}

/** Every player paired (an even count), or null when the rules leave no way (or the budget ran out). */
export function pairAll(search: PairSearch): [string, string][] | null {
  let steps = search.budget ?? 200_000;
  const pairs: [string, string][] = [];
  const go = (unpaired: readonly string[]): boolean => {
    if (unpaired.length === 0) return true;
    if (--steps < 0) return false;
    const [u, ...rest] = unpaired;
    for (const v of search.candidates(u, rest)) {
      pairs.push([u, v]);
      if (go(rest.filter((x) => x !== v))) return true;
      pairs.pop();
      if (steps < 0) return false;
    }
    return false;
  };
  if (search.order.length % 2 === 1) return null;
  return go(search.order) ? pairs : null;
}

/**
 * Everyone paired but one when the count is odd: the lowest-ranked player whose absence lets
 * the others be paired (tried from the bottom up) is left; `mayBeLeft` bars some from it.
 */
export function pairAllButOne(search: PairSearch, mayBeLeft: (id: string) => boolean = () => true): Pairs | null {
  if (search.order.length % 2 === 0) {
    const pairs = pairAll(search);
    return pairs && { pairs, left: [] };
  }
  for (let i = search.order.length - 1; i >= 0; i--) {
    const out = search.order[i];
    if (!mayBeLeft(out)) continue;
    const pairs = pairAll({ ...search, order: search.order.filter((x) => x !== out) });
    if (pairs) return { pairs, left: [out] };
  }
  return null;
}
