// The month's season table (docs/tournaments.md, "Seasons"), computed from the stored rows: the
// tournaments whose last result fell in the month (once finished) and the month's daily
// challenges. Every award is keyed by its source (`t:<tournament>`, `d:<day>/<game>`) and
// profile, so a source counts once however many processes read it. A process keeps a month's
// table while the rows it was made from are unchanged (a count and the latest time of the
// month's results, read each time: a new result shows at once, on any process), and at most
// SEASON_CACHE_MS (a tournament may finish without a new result: its window closes).

import { DAILY_TOP, dayOf, monthSpan, placePoints, placesOf, seasonTable, TOURNAMENT_TOP, type SeasonAward, type SeasonRow } from "../../common/daily.js";
import type { HomeStore } from "../store/HomeStore.js";
import type { TournamentRecord } from "../store/TournamentStore.js";
import { runOf } from "../tournaments/runs.js";

export const SEASON_CACHE_MS = 30_000;

/**
 * A finished tournament's awards: its players who played a game (a bye counts), by final place
 * in that field. A private one (a player made it, and chose who plays) awards none: its
 * creator could fill the field with friends or spare profiles.
 */
export function tournamentAwards(record: TournamentRecord): SeasonAward[] {
  if (record.tournament.creator) return [];
  const scored = new Set(record.results.map((r) => r.no));
  const played = new Set(record.pairings.filter((p) => scored.has(p.no)).flatMap((p) => p.players));
  const field = runOf(record)
    .standings()
    .filter((r) => played.has(r.id));
  return field.map((r, i) => ({ key: `t:${record.tournament.id}`, profileId: r.id, points: placePoints(i + 1, field.length, TOURNAMENT_TOP) }));
}

/** A day's results of one game (best first), as awards: by place among the finished (a game left before the end scores below 0: no points). */
export function dailyAwards(day: string, game: string, results: readonly { profileId: string; score: number }[]): SeasonAward[] {
  const counted = results.filter((r) => r.score >= 0).sort((a, b) => b.score - a.score);
  const places = placesOf(counted, (r) => r.score);
  return counted.map((r, i) => ({ key: `d:${day}/${game}`, profileId: r.profileId, points: placePoints(places[i], counted.length, DAILY_TOP) }));
}

/** Every award of the month, from the store. */
export async function seasonAwards(home: HomeStore, month: string, now: number): Promise<SeasonAward[]> {
  const { from, to } = monthSpan(month);
  const awards: SeasonAward[] = [];
  for (const id of await home.daily.tournamentsWithResults(from, to)) {
    const record = await home.tournaments.load(id);
    if (!record || record.results.length === 0 || !runOf(record).finished(now)) continue;
    const last = Math.max(...record.results.map((r) => r.endedAt));
    if (last >= from && last < to) awards.push(...tournamentAwards(record));
  }
  const results = await home.daily.resultsBetween(dayOf(from), dayOf(to - 1));
  const groups = new Map<string, { day: string; game: string; rows: { profileId: string; score: number }[] }>();
  for (const r of results) {
    const k = `${r.day}/${r.game}`;
    if (!groups.has(k)) groups.set(k, { day: r.day, game: r.game, rows: [] });
    groups.get(k)!.rows.push(r);
  }
  for (const g of groups.values()) awards.push(...dailyAwards(g.day, g.game, g.rows));
  return awards;
}

const caches = new WeakMap<HomeStore, Map<string, { at: number; mark: string; rows: Promise<SeasonRow[]> }>>();

/** The month's table: the one kept while its rows are unchanged and it is under SEASON_CACHE_MS old, else read now. */
export async function season(home: HomeStore, month: string, now: number): Promise<SeasonRow[]> {
  let cache = caches.get(home);
  if (!cache) caches.set(home, (cache = new Map()));
  const { from, to } = monthSpan(month);
  const mark = await home.daily.seasonMark(dayOf(from), dayOf(to - 1), from, to);
  const have = cache.get(month);
  if (have && have.mark === mark && now - have.at < SEASON_CACHE_MS && now >= have.at) return have.rows;
  const rows = seasonAwards(home, month, now).then(seasonTable);
  cache.set(month, { at: now, mark, rows });
  rows.catch(() => cache.delete(month));
  // Bounded: a few months are asked for at a time.
  if (cache.size > 24) cache.delete(cache.keys().next().value!);
  return rows;
}
