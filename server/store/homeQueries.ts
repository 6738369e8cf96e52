// The store's multi-step work on players, run inside one transaction of either database:
// rating a finished game, forgetting a profile, a profile page's figures.

import { GAMES } from "../../common/games.js";
import { ESTABLISHED } from "../../common/rated.js";
import { newSkill, rateGame as rateWithLibrary, type Skill } from "../ratings/model.js";
import { gameWeight, isEstablished, recoveredWeight, REPEAT_WINDOW_MS, reportedWeight, weighted, type OpponentFacts } from "../ratings/weight.js";
import { marks, type Sql } from "./sql.js";
import { FORGOTTEN_NAME, type LevelBest, type ProfileFigures, type RatingChange } from "./HomeStore.js";

interface HistoryRow {
  profile_id: string;
  pool: string;
  mu_before: number;
  sigma_before: number;
  mu: number;
  sigma: number;
}

/** The changes a game made, as stored (a second caller gets the first one's answer). */
async function storedChanges(q: Sql, gameId: number): Promise<RatingChange[] | null> {
  const rows = await q.all<HistoryRow & { seat: number; place: number; games: number }>(
    `SELECT h.profile_id, h.pool, h.mu_before, h.sigma_before, h.mu, h.sigma, p.seat, p.place,
            (SELECT COUNT(*) FROM rating_history c WHERE c.profile_id = h.profile_id AND c.pool = h.pool AND c.game_id <= h.game_id) AS games
     FROM rating_history h JOIN game_players p ON p.game_id = h.game_id AND p.profile_id = h.profile_id
     WHERE h.game_id = ? ORDER BY p.seat`,
    [gameId],
  );
  if (rows.length === 0) return null;
  const before = rows.map((r) => ({ mu: r.mu_before, sigma: r.sigma_before }));
  // The weight is not stored: the library's own update for the same game says what it was
  // (after = before + w × (library − before)). Not when a player has gone (forgotten) since.
  const all = await q.get<{ n: number }>(`SELECT COUNT(*) AS n FROM game_players WHERE game_id = ?`, [gameId]);
  const library = rows.length >= 2 && rows.length === Number(all?.n ?? 0) ? rateWithLibrary(before, rows.map((r) => r.place)) : null;
  return rows.map((r, k) => ({
    seat: r.seat,
    profileId: r.profile_id,
    pool: r.pool,
    before: before[k],
    after: { mu: r.mu, sigma: r.sigma },
    games: Number(r.games),
    ...(library ? { weight: recoveredWeight(before[k].mu, r.mu, library[k].mu) } : {}),
  }));
}

/**
 * Applies game `gameId` to its players' ratings, exactly once: the first transaction to move
 * it from pending (1) to applied (2) does the work, any other answers what is stored. A game
 * whose players changed since it was recorded (a profile forgotten) is skipped (3).
 */
export async function rateGame(q: Sql, gameId: number, now: number): Promise<RatingChange[] | null> {
  const game = await q.get<{ rated: string; rating_state: number }>(`SELECT rated, rating_state FROM games WHERE id = ?${q.forUpdate}`, [gameId]);
  if (!game || !game.rated) return null;
  if (game.rating_state !== 1) return storedChanges(q, gameId);
  const pool = game.rated;
  const seats = await q.all<{ seat: number; profile_id: string; place: number }>(
    `SELECT p.seat, p.profile_id, p.place FROM game_players p JOIN profiles f ON f.id = p.profile_id WHERE p.game_id = ? ORDER BY p.seat`,
    [gameId],
  );
  const all = await q.get<{ n: number }>(`SELECT COUNT(*) AS n FROM game_players WHERE game_id = ?`, [gameId]);
  if (seats.length < 2 || seats.length !== Number(all?.n ?? 0)) {
    await q.run(`UPDATE games SET rating_state = 3 WHERE id = ?`, [gameId]);
    return null;
  }
  // Rows first (a player's first rated game), then every row locked in one order: two games
  // ending at once on two machines wait for each other instead of deadlocking.
  const ids = seats.map((s) => s.profile_id);
  const start = newSkill();
  for (const id of [...ids].sort()) {
    await q.run(`INSERT INTO ratings (profile_id, pool, mu, sigma, games, wins, updated_at) VALUES (?, ?, ?, ?, 0, 0, ?) ON CONFLICT (profile_id, pool) DO NOTHING`, [id, pool, start.mu, start.sigma, now]);
  }
  const current = await q.all<{ profile_id: string; mu: number; sigma: number; games: number }>(
    `SELECT profile_id, mu, sigma, games FROM ratings WHERE pool = ? AND profile_id IN (${marks(ids.length)}) ORDER BY profile_id${q.forUpdate}`,
    [pool, ...ids],
  );
  const byId = new Map(current.map((r) => [r.profile_id, r]));
  const before: Skill[] = ids.map((id) => ({ mu: byId.get(id)!.mu, sigma: byId.get(id)!.sigma }));
  const library = rateWithLibrary(
    before,
    seats.map((s) => s.place),
  );
  // Each player's update scaled by how much the game counts for them (farming pays nothing).
  const weights = await gameWeights(q, pool, ids, byId, now);
  const after = library.map((a, k) => weighted(before[k], a, weights[k]));
  const winners = seats.filter((s) => s.place === 1).length;
  const changes: RatingChange[] = [];
  for (let k = 0; k < seats.length; k++) {
    const s = seats[k];
    const won = s.place === 1 && winners === 1 ? 1 : 0;
    await q.run(`UPDATE ratings SET mu = ?, sigma = ?, games = games + 1, wins = wins + ?, updated_at = ? WHERE profile_id = ? AND pool = ?`, [after[k].mu, after[k].sigma, won, now, s.profile_id, pool]);
    await q.run(
      `INSERT INTO rating_history (game_id, profile_id, pool, mu_before, sigma_before, mu, sigma, rated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [gameId, s.profile_id, pool, before[k].mu, before[k].sigma, after[k].mu, after[k].sigma, now],
    );
    changes.push({ seat: s.seat, profileId: s.profile_id, pool, before: before[k], after: after[k], games: byId.get(s.profile_id)!.games + 1, weight: reportedWeight(weights[k]) });
  }
  await q.run(`UPDATE games SET rating_state = 2 WHERE id = ?`, [gameId]);
  return changes;
}

/**
 * Different opponents of `profileId` in `pool`, counted up to `enough` (the leaderboard's and
 * the weights' question is only "at least that many?").
 */
export const DISTINCT_OPPONENTS_SQL = (profile: string, pool: string) => `
  (SELECT COUNT(*) FROM (
     SELECT DISTINCT o.profile_id FROM rating_history m JOIN rating_history o ON o.game_id = m.game_id AND o.profile_id <> m.profile_id
     WHERE m.profile_id = ${profile} AND m.pool = ${pool} LIMIT ${ESTABLISHED.opponents}) d)`;

/**
 * How much the game counts for each player (server/ratings/weight.ts), from the store's
 * facts: rated games of each pair in the pool within the repeat window, the addresses the
 * profiles were made from, and whether each opponent is established.
 */
async function gameWeights(q: Sql, pool: string, ids: readonly string[], ratings: Map<string, { games: number }>, now: number): Promise<number[]> {
  const made = await q.all<{ id: string; address: string }>(`SELECT id, address FROM profiles WHERE id IN (${marks(ids.length)})`, [...ids]);
  const address = new Map(made.map((r) => [r.id, r.address]));
  const established = new Map<string, boolean>();
  const isEstablishedNow = async (id: string): Promise<boolean> => {
    if (!established.has(id)) {
      const games = ratings.get(id)?.games ?? 0;
      let yes = false;
      if (games >= ESTABLISHED.games) {
        const row = await q.get<{ n: number }>(`SELECT ${DISTINCT_OPPONENTS_SQL("?", "?")} AS n`, [id, pool]);
        yes = isEstablished(games, Number(row?.n ?? 0));
      }
      established.set(id, yes);
    }
    return established.get(id)!;
  };
  const repeats = new Map<string, number>();
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) {
      const row = await q.get<{ n: number }>(
        `SELECT COUNT(*) AS n FROM rating_history a JOIN rating_history b ON b.game_id = a.game_id AND b.profile_id = ?
         WHERE a.profile_id = ? AND a.pool = ? AND a.rated_at > ?`,
        [ids[j], ids[i], pool, now - REPEAT_WINDOW_MS],
      );
      repeats.set(`${i}:${j}`, Number(row?.n ?? 0) + 1);
    }
  }
  const weights: number[] = [];
  for (let i = 0; i < ids.length; i++) {
    const opponents: OpponentFacts[] = [];
    for (let j = 0; j < ids.length; j++) {
      if (j === i) continue;
      const sameAddress = address.get(ids[i]) !== undefined && address.get(ids[i]) === address.get(ids[j]);
      opponents.push({ repeat: repeats.get(i < j ? `${i}:${j}` : `${j}:${i}`)!, sameAddress, established: sameAddress ? await isEstablishedNow(ids[j]) : true });
    }
    weights.push(gameWeight(opponents));
  }
  return weights;
}

/** "Forget me" (HomeStore.forgetProfile), inside one transaction. */
export async function forgetProfile(q: Sql, profileId: string): Promise<{ deletedGames: number; keptGames: number }> {
  const name = (await q.get<{ name: string }>(`SELECT name FROM profiles WHERE id = ?${q.forUpdate}`, [profileId]))?.name;
  if (name === undefined) return { deletedGames: 0, keptGames: 0 };
  const played = await q.all<{ game_id: number; seat: number; others: number }>(
    `SELECT p.game_id, p.seat,
            (SELECT COUNT(*) FROM game_players o WHERE o.game_id = p.game_id AND o.profile_id IS NOT NULL AND o.profile_id <> p.profile_id) AS others
     FROM game_players p WHERE p.profile_id = ?`,
    [profileId],
  );
  let deletedGames = 0;
  let keptGames = 0;
  for (const g of played) {
    if (Number(g.others) === 0) {
      // Nobody else can find this game by their history: it goes with the profile.
      await q.run(`DELETE FROM game_players WHERE game_id = ?`, [g.game_id]);
      await q.run(`DELETE FROM rating_history WHERE game_id = ?`, [g.game_id]);
      await q.run(`DELETE FROM teams WHERE game_id = ?`, [g.game_id]);
      await q.run(`DELETE FROM games WHERE id = ?`, [g.game_id]);
      deletedGames++;
      continue;
    }
    const row = await q.get<{ seats: string; name: string }>(`SELECT seats, name FROM games WHERE id = ?`, [g.game_id]);
    if (row) {
      const seats = JSON.parse(row.seats) as string[];
      if (g.seat < seats.length) seats[g.seat] = FORGOTTEN_NAME;
      await q.run(`UPDATE games SET seats = ?, name = ? WHERE id = ?`, [JSON.stringify(seats), row.name === name ? FORGOTTEN_NAME : row.name, g.game_id]);
    }
    await q.run(`UPDATE game_players SET profile_id = NULL WHERE game_id = ? AND seat = ?`, [g.game_id, g.seat]);
    keptGames++;
  }
  await q.run(`DELETE FROM rating_history WHERE profile_id = ?`, [profileId]);
  // Its mute and block lists go, and so do its places on other people's lists.
  await q.run(`DELETE FROM profile_lists WHERE profile_id = ? OR other_id = ?`, [profileId, profileId]);
  // The decks they fielded leave the arena with them (others never meet their name again).
  await q.run(`DELETE FROM teams WHERE profile_id = ?`, [profileId]);
  await q.run(`DELETE FROM ratings WHERE profile_id = ?`, [profileId]);
  await q.run(`DELETE FROM profile_keys WHERE profile_id = ?`, [profileId]);
  await q.run(`DELETE FROM profiles WHERE id = ?`, [profileId]);
  return { deletedGames, keptGames };
}

const HISTORY_POINTS = 500;
const BEST_WINS_READ = 2000;

/** A profile page's figures: games and wins per game, the bests of games that keep them (GameDef.bests), ratings and their history. */
export async function profileFigures(q: Sql, profileId: string): Promise<ProfileFigures> {
  const games = await q.all<{ game: string; mode: string; games: number; wins: number }>(
    `SELECT g.game, g.mode, COUNT(*) AS games,
            SUM(CASE WHEN p.place = 1 OR (p.place = 0 AND g.result = 'won') THEN 1 ELSE 0 END) AS wins
     FROM game_players p JOIN games g ON g.id = p.game_id WHERE p.profile_id = ?
     GROUP BY g.game, g.mode ORDER BY g.game, g.mode`,
    [profileId],
  );
  const bests: LevelBest[] = [];
  for (const def of GAMES) {
    if (!def.bests) continue;
    const { mode, levels, stat } = def.bests;
    const game = def.room ?? def.id;
    const won = await q.all<{ id: number; level: string; time_ms: number | null; stats: string | null }>(
      `SELECT g.id, g.level, g.time_ms, g.stats FROM game_players p JOIN games g ON g.id = p.game_id
       WHERE p.profile_id = ? AND g.game = ? AND g.mode = ? AND g.result = 'won'
       ORDER BY g.id DESC LIMIT ${BEST_WINS_READ}`,
      [profileId, game, mode],
    );
    for (const [level] of levels) {
      const mine = won.filter((w) => w.level === level);
      if (!mine.length) continue;
      let bestTime: (typeof mine)[number] | null = null;
      let best: { id: number; v: number } | null = null;
      for (const w of mine) {
        if (typeof w.time_ms === "number" && (!bestTime || w.time_ms < bestTime.time_ms!)) bestTime = w;
        const v = (w.stats ? (JSON.parse(w.stats) as Record<string, unknown>) : {})[stat];
        if (typeof v === "number" && Number.isFinite(v) && (!best || v > best.v)) best = { id: w.id, v };
      }
      bests.push({ game, level, wins: mine.length, bestTimeMs: bestTime?.time_ms ?? null, bestTimeId: bestTime?.id ?? null, bestStat: best?.v ?? null, bestStatId: best?.id ?? null });
    }
  }
  const ratings = await q.all<{ pool: string; mu: number; sigma: number; games: number; wins: number; updated_at: number }>(
    `SELECT pool, mu, sigma, games, wins, updated_at FROM ratings WHERE profile_id = ? AND games > 0 ORDER BY games DESC, pool`,
    [profileId],
  );
  const history = await q.all<{ pool: string; game_id: number; mu: number; sigma: number; rated_at: number }>(
    `SELECT pool, game_id, mu, sigma, rated_at FROM rating_history WHERE profile_id = ? ORDER BY rated_at DESC, game_id DESC LIMIT ${HISTORY_POINTS}`,
    [profileId],
  );
  return {
    games: games.map((g) => ({ game: g.game, mode: g.mode, games: Number(g.games), wins: Number(g.wins) })),
    bests,
    ratings: ratings.map((r) => ({ pool: r.pool, mu: r.mu, sigma: r.sigma, games: r.games, wins: r.wins, updatedAt: r.updated_at })),
    history: history.reverse().map((h) => ({ pool: h.pool, gameId: h.game_id, mu: h.mu, sigma: h.sigma, at: h.rated_at })),
  };
}
