// Who rated quick play puts together (pure: the queue room calls it every second). Players
// are matched with players near their rating; the window each one accepts widens the longer
// they wait, and two players meet only when each is inside the other's window. A pool of more
// than two seats fills up to its largest table, or starts with fewer once its oldest player
// has waited FILL_SECONDS. Against farming (docs/ratings.md): two profiles one browser has held
// never meet, and among the players in the window those from another address come first
// (players of one address still meet each other when nobody else is there: a classroom).

export interface Waiting {
  id: string;
  mu: number;
  /** When they joined the queue (ms). */
  since: number;
  /** Where they play from (the per-address key): opponents from elsewhere are preferred. */
  address?: string;
  /** Profiles they must never meet in rated play: the other profiles their browser has held, and blocks either way. */
  avoid?: ReadonlySet<string>;
  /** "reported" (upheld reports against them: docs/safety.md) meets only "reported"; absent or "" meets its own. */
  tier?: string;
}

/** Neither avoids the other (a browser's other profile, a block), and both are of one safety tier. */
export function mayMeet(a: Waiting, b: Waiting): boolean {
  return !a.avoid?.has(b.id) && !b.avoid?.has(a.id) && (a.tier ?? "") === (b.tier ?? "");
}

/** 1 when both play from one address (known), else 0: sorted first, other addresses come first. */
const sameAddress = (a: Waiting, b: Waiting): number => (a.address !== undefined && a.address === b.address ? 1 : 0);

export const WINDOW = {
  /** Rating difference accepted at once. */
  start: 100,
  /** Added per second of waiting. */
  perSecond: 25,
  /** Past this wait, anyone in the pool will do. */
  anyoneAfterSeconds: 60,
} as const;

/** A table smaller than the largest starts once its oldest player has waited this long. */
export const FILL_SECONDS = 15;

/** The rating difference a player who has waited `waitedMs` accepts. */
export function windowFor(waitedMs: number): number {
  const s = Math.max(0, waitedMs) / 1000;
  return s >= WINDOW.anyoneAfterSeconds ? Infinity : WINDOW.start + WINDOW.perSecond * s;
}

/** Each inside the other's window. */
export function compatible(a: Waiting, b: Waiting, now: number): boolean {
  return Math.abs(a.mu - b.mu) <= Math.min(windowFor(now - a.since), windowFor(now - b.since));
}

/** The tables to start now (each a list of ids, the oldest waiter first), oldest waiters served first. */
export function pairUp(waiting: readonly Waiting[], now: number, seats: { min: number; max: number }): string[][] {
  const free = [...waiting].sort((a, b) => a.since - b.since || a.id.localeCompare(b.id));
  const taken = new Set<string>();
  const tables: string[][] = [];
  for (const first of free) {
    if (taken.has(first.id)) continue;
    const near = free
      .filter((o) => o.id !== first.id && !taken.has(o.id) && compatible(first, o, now) && mayMeet(first, o))
      .sort((a, b) => sameAddress(first, a) - sameAddress(first, b) || Math.abs(a.mu - first.mu) - Math.abs(b.mu - first.mu) || a.since - b.since);
    // Everyone at the table must accept everyone else.
    const table: Waiting[] = [first];
    for (const o of near) {
      if (table.length >= seats.max) break;
      if (table.every((t) => compatible(t, o, now) && mayMeet(t, o))) table.push(o);
    }
    const full = table.length >= seats.max;
    const enough = table.length >= seats.min && now - first.since >= FILL_SECONDS * 1000;
    if (!full && !enough) continue;
    for (const t of table) taken.add(t.id);
    tables.push(table.map((t) => t.id));
  }
  return tables;
}
