// Daily challenges and the monthly season (docs/tournaments.md, "Daily challenges", "Seasons"):
// the pure part, read by the server (tables, streaks, points) and the client (words). Days and
// months are UTC; every function takes the time it works on (no clock is read here).

const DAY_MS = 24 * 60 * 60 * 1000;

/** A UTC day, "2026-12-07". */
export const DAY_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** A UTC month, "2026-12". */
export const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

const pad = (n: number) => String(n).padStart(2, "0");

/** Days since 1970-01-01 of a civil date (proleptic Gregorian; Hinnant's days_from_civil: no Date in common/). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The civil date of a day number (Hinnant's civil_from_days). */
function civilFromDays(z: number): [number, number, number] {
  const zz = z + 719468;
  const era = Math.floor(zz / 146097);
  const doe = zz - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

/** The UTC day `at` (ms since epoch) falls in. */
export function dayOf(at: number): string {
  const [y, m, d] = civilFromDays(Math.floor(at / DAY_MS));
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** The UTC month `at` falls in. */
export function monthOf(at: number): string {
  return dayOf(at).slice(0, 7);
}

/** When a day starts (ms since epoch); NaN for a string that is not a real day ("2026-02-30"). */
export function dayStart(day: string): number {
  if (!DAY_RE.test(day)) return NaN;
  const t = daysFromCivil(Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))) * DAY_MS;
  return dayOf(t) === day ? t : NaN;
}

/** The day `days` after (before, when negative). */
export function dayAdd(day: string, days: number): string {
  return dayOf(dayStart(day) + days * DAY_MS);
}

/** A month's first moment and the next month's (ms since epoch). */
export function monthSpan(month: string): { from: number; to: number } {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return { from: daysFromCivil(y, m, 1) * DAY_MS, to: daysFromCivil(m === 12 ? y + 1 : y, m === 12 ? 1 : m + 1, 1) * DAY_MS };
}

/** When the next day's challenges open. */
export function nextDayAt(at: number): number {
  return dayStart(dayOf(at)) + DAY_MS;
}

/** What the day's seed is derived from (the server keys it with its secret: server/daily/seed.ts). */
export function seedInput(game: string, day: string): string {
  return `daily/${game}/${day}`;
}

/**
 * The streak: consecutive UTC days, ending today or yesterday (today's may still be played),
 * with at least one finished daily challenge; 0 when the last such day is older.
 */
export function streakOf(days: readonly string[], today: string): number {
  const have = new Set(days);
  let day = have.has(today) ? today : dayAdd(today, -1);
  let n = 0;
  while (have.has(day)) {
    n++;
    day = dayAdd(day, -1);
  }
  return n;
}

/** A finished challenge's result as its game scores it (the registry's `daily.score`). */
export interface DailyScore {
  /** Higher is better: the day's table orders by it (then who finished first). */
  score: number;
  /** The result in words ("Cleared in 41.3 s", "7 wins, 9 trophies"). */
  text: string;
}

/** One row of a day's table or the season's: ties share a place (1, 2, 2, 4). */
export function placesOf<T>(rows: readonly T[], key: (r: T) => number): number[] {
  const out: number[] = [];
  rows.forEach((r, i) => {
    out.push(i > 0 && key(rows[i - 1]) === key(r) ? out[i - 1] : i + 1);
  });
  return out;
}

/**
 * Points by final place in a field: `ceil(top × (N − place + 1) / N)`. The first gets `top`,
 * the last at least 1, whatever the field's size.
 */
export function placePoints(place: number, field: number, top: number): number {
  if (!(field >= 1) || !(place >= 1) || place > field) return 0;
  return Math.ceil((top * (field - place + 1)) / field);
}

/** An arena's or a Swiss's winner gets 20 points (docs/tournaments.md, "Seasons"). */
export const TOURNAMENT_TOP = 20;
/** A day's challenge winner gets 10 (per game). */
export const DAILY_TOP = 10;

/** A profile's season points from one source (a tournament, a day's challenge), keyed so nothing counts twice. */
export interface SeasonAward {
  /** "t:<tournament id>" or "d:<day>/<game>". */
  key: string;
  profileId: string;
  points: number;
}

export interface SeasonRow {
  place: number;
  profileId: string;
  points: number;
  /** How many awards made them (tournaments and challenges). */
  events: number;
}

/** The season's table from its awards: points summed per profile (one award per key and profile), most first, then fewer events, then id. */
export function seasonTable(awards: readonly SeasonAward[]): SeasonRow[] {
  const seen = new Set<string>();
  const sums = new Map<string, { points: number; events: number }>();
  for (const a of awards) {
    const k = `${a.key}\u0000${a.profileId}`;
    // The first award of a source counts (a second reading of the same rows adds nothing).
    if (seen.has(k)) continue;
    seen.add(k);
    if (a.points <= 0) continue;
    const s = sums.get(a.profileId) ?? { points: 0, events: 0 };
    s.points += a.points;
    s.events += 1;
    sums.set(a.profileId, s);
  }
  const rows = [...sums].map(([profileId, s]) => ({ profileId, ...s })).sort((a, b) => b.points - a.points || a.events - b.events || (a.profileId < b.profileId ? -1 : a.profileId > b.profileId ? 1 : 0));
  const places = placesOf(rows, (r) => r.points);
  return rows.map((r, i) => ({ place: places[i], ...r }));
}
