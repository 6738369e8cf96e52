// Versioned migrations of the hub's database, run when a store opens (at every start). Each
// version is applied once, in order, inside one transaction with its row in
// `schema_migrations`; a database already at the newest version is left alone. PostgreSQL
// takes an advisory lock first, so processes starting together migrate one after the other.
// A new version is appended here with both dialects; a version never changes once released.

import type Database from "better-sqlite3";
import type { Sql } from "./sql.js";

export interface Migration {
  version: number;
  name: string;
  /** SQLite: statements, or a step on the open database (version 1 upgrades files older than migrations). */
  sqlite: string | ((db: Database.Database) => void);
  postgres: string;
}

/** Result columns added to `games` before migrations existed (name → SQLite definition). */
const RESULT_COLUMNS: [string, string][] = [
  ["mode", "TEXT NOT NULL DEFAULT ''"],
  ["level", "TEXT NOT NULL DEFAULT ''"],
  ["name", "TEXT NOT NULL DEFAULT ''"],
  ["time_ms", "INTEGER"],
  ["stats", "TEXT"],
  ["ranked", "INTEGER NOT NULL DEFAULT 0"],
  ["source", "TEXT NOT NULL DEFAULT 'server'"],
  ["finished_at", "INTEGER NOT NULL DEFAULT 0"],
  ["summary", "TEXT"],
];

function finishedGamesSqlite(db: Database.Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS games (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      game TEXT NOT NULL,
      room_id TEXT NOT NULL,
      seed INTEGER NOT NULL,
      config TEXT NOT NULL,
      seats TEXT NOT NULL,
      log TEXT NOT NULL,
      result TEXT NOT NULL,
      started_at INTEGER NOT NULL,
      ended_at INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS hub_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  `);
  // Files written before the result columns existed get them (their rows count from ended_at).
  const have = new Set((db.prepare(`PRAGMA table_info(games)`).all() as { name: string }[]).map((c) => c.name));
  const missing = RESULT_COLUMNS.filter(([name]) => !have.has(name));
  for (const [name, definition] of missing) db.exec(`ALTER TABLE games ADD COLUMN ${name} ${definition}`);
  if (missing.some(([name]) => name === "finished_at")) db.exec(`UPDATE games SET finished_at = ended_at`);
  db.exec(`
    CREATE INDEX IF NOT EXISTS games_by_game ON games (game, ended_at);
    CREATE INDEX IF NOT EXISTS games_ranked_by_time ON games (game, level, time_ms, finished_at) WHERE ranked = 1;
    CREATE INDEX IF NOT EXISTS games_ranked_by_date ON games (game, level, finished_at) WHERE ranked = 1;
  `);
}

const FINISHED_GAMES_PG = `
  CREATE TABLE IF NOT EXISTS games (
    id BIGSERIAL PRIMARY KEY,
    game TEXT NOT NULL,
    room_id TEXT NOT NULL,
    seed BIGINT NOT NULL,
    config TEXT NOT NULL,
    seats TEXT NOT NULL,
    log TEXT NOT NULL,
    result TEXT NOT NULL,
    started_at BIGINT NOT NULL,
    ended_at BIGINT NOT NULL,
    mode TEXT NOT NULL DEFAULT '',
    level TEXT NOT NULL DEFAULT '',
    name TEXT NOT NULL DEFAULT '',
    time_ms BIGINT,
    stats TEXT,
    ranked INTEGER NOT NULL DEFAULT 0,
    source TEXT NOT NULL DEFAULT 'server',
    finished_at BIGINT NOT NULL DEFAULT 0,
    summary TEXT
  );
  CREATE TABLE IF NOT EXISTS hub_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE INDEX IF NOT EXISTS games_by_game ON games (game, ended_at);
  CREATE INDEX IF NOT EXISTS games_ranked_by_time ON games (game, level, time_ms, finished_at) WHERE ranked = 1;
  CREATE INDEX IF NOT EXISTS games_ranked_by_date ON games (game, level, finished_at) WHERE ranked = 1;
`;

/** Profiles, who played each game, ratings (the same tables in both dialects; PostgreSQL's wider types). */
function homeTables(d: "sqlite" | "postgres"): string {
  const big = d === "postgres" ? "BIGINT" : "INTEGER";
  const real = d === "postgres" ? "DOUBLE PRECISION" : "REAL";
  const moves = d === "postgres" ? "json_array_length(log::json)" : "json_array_length(log)";
  return `
    ALTER TABLE games ADD COLUMN is_public INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE games ADD COLUMN rated TEXT NOT NULL DEFAULT '';
    ALTER TABLE games ADD COLUMN rating_state INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN moves INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET moves = ${moves};
    CREATE INDEX games_public_recent ON games (game, id) WHERE is_public = 1;
    CREATE INDEX games_rating_pending ON games (id) WHERE rating_state = 1;
    CREATE TABLE profiles (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      created_at ${big} NOT NULL,
      address TEXT NOT NULL
    );
    CREATE INDEX profiles_by_address ON profiles (address, created_at);
    CREATE TABLE profile_keys (
      key_hash TEXT PRIMARY KEY,
      profile_id TEXT NOT NULL,
      created_at ${big} NOT NULL
    );
    CREATE INDEX profile_keys_by_profile ON profile_keys (profile_id);
    CREATE TABLE game_players (
      game_id ${big} NOT NULL,
      seat INTEGER NOT NULL,
      profile_id TEXT,
      place INTEGER NOT NULL DEFAULT 0,
      forfeited INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX game_players_by_profile ON game_players (profile_id, game_id);
    CREATE TABLE ratings (
      profile_id TEXT NOT NULL,
      pool TEXT NOT NULL,
      mu ${real} NOT NULL,
      sigma ${real} NOT NULL,
      games INTEGER NOT NULL,
      wins INTEGER NOT NULL,
      updated_at ${big} NOT NULL,
      PRIMARY KEY (profile_id, pool)
    );
    CREATE INDEX ratings_by_pool ON ratings (pool, mu);
    CREATE TABLE rating_history (
      game_id ${big} NOT NULL,
      profile_id TEXT NOT NULL,
      pool TEXT NOT NULL,
      mu_before ${real} NOT NULL,
      sigma_before ${real} NOT NULL,
      mu ${real} NOT NULL,
      sigma ${real} NOT NULL,
      rated_at ${big} NOT NULL,
      PRIMARY KEY (game_id, profile_id)
    );
    CREATE INDEX rating_history_by_profile ON rating_history (profile_id, pool, rated_at);
  `;
}

/**
 * The decks finished games leave for asynchronous play (the Auto Pets arena): one row per
 * person per round, beside its game (deleted with it), with the profile that fielded it
 * (so "forget me" takes its teams too), read by game, round and trophies.
 */
function arenaTeams(d: "sqlite" | "postgres"): string {
  const big = d === "postgres" ? "BIGINT" : "INTEGER";
  return `
    CREATE TABLE teams (
      game_id ${big} NOT NULL,
      game TEXT NOT NULL,
      round INTEGER NOT NULL,
      trophies INTEGER NOT NULL,
      name TEXT NOT NULL,
      lineup TEXT NOT NULL,
      recorded_at ${big} NOT NULL,
      profile_id TEXT
    );
    CREATE INDEX teams_by_round ON teams (game, round, trophies, recorded_at);
    CREATE INDEX teams_by_game ON teams (game_id);
    CREATE INDEX teams_by_profile ON teams (profile_id) WHERE profile_id IS NOT NULL;
  `;
}

/**
 * A room's game is recorded once whoever writes it (the room, the room log's waiting record
 * after a crash, a retry): its key (room, game number, seed) is unique. Offline submissions
 * and older rows have none (NULLs never collide).
 */
const RECORD_KEYS = `
  ALTER TABLE games ADD COLUMN record_key TEXT;
  CREATE UNIQUE INDEX games_by_key ON games (record_key);
`;

/**
 * A game's seed is 32 hex digits since 128-bit seeds (common/core/rng.ts): it goes in its own
 * TEXT column (SQLite would turn an all-digit one into a rounded REAL in the INTEGER column);
 * `seed` keeps the whole-number seeds of older games (0 in new rows).
 */
const SEED_TEXT = `ALTER TABLE games ADD COLUMN seed_text TEXT;`;

/**
 * Safety (docs/safety.md): who a profile muted or blocked (kept on the profile, so every device
 * of it honours them), reports with their evidence (what the finished game's replay shows, or a
 * running game's public view, plus the chat), sanctions a moderator gave (a warning, a chat mute,
 * a quick-play ban, each until a time), and the moderators' audit log.
 */
function safetyTables(d: "sqlite" | "postgres"): string {
  const big = d === "postgres" ? "BIGINT" : "INTEGER";
  const serial = d === "postgres" ? "BIGSERIAL PRIMARY KEY" : "INTEGER PRIMARY KEY AUTOINCREMENT";
  return `
    CREATE TABLE profile_lists (
      profile_id TEXT NOT NULL,
      other_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      created_at ${big} NOT NULL,
      PRIMARY KEY (profile_id, kind, other_id)
    );
    CREATE INDEX profile_lists_by_other ON profile_lists (other_id, kind);
    CREATE TABLE reports (
      id ${serial},
      reporter_id TEXT NOT NULL,
      reported_id TEXT NOT NULL,
      reason TEXT NOT NULL,
      note TEXT NOT NULL,
      game TEXT NOT NULL,
      room_id TEXT NOT NULL,
      game_id ${big},
      evidence TEXT NOT NULL,
      created_at ${big} NOT NULL,
      status TEXT NOT NULL DEFAULT 'open',
      resolved_by TEXT,
      resolved_at ${big}
    );
    CREATE INDEX reports_by_reporter ON reports (reporter_id, created_at);
    CREATE INDEX reports_by_reported ON reports (reported_id, status);
    CREATE INDEX reports_by_status ON reports (status, id);
    CREATE TABLE sanctions (
      id ${serial},
      profile_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      reason TEXT NOT NULL,
      created_at ${big} NOT NULL,
      until_at ${big} NOT NULL,
      moderator TEXT NOT NULL
    );
    CREATE INDEX sanctions_by_profile ON sanctions (profile_id, until_at);
    CREATE TABLE moderation_log (
      id ${serial},
      at ${big} NOT NULL,
      moderator TEXT NOT NULL,
      action TEXT NOT NULL,
      profile_id TEXT,
      report_id ${big},
      detail TEXT NOT NULL
    );
  `;
}

/**
 * Tournaments (docs/tournaments.md): each tournament, its entries, its pairings (a game of an
 * arena or a Swiss round: the players in seat order, the room it is played in) and their
 * results (per player, in the order they came: an arena's streaks follow it). A pairing's
 * number is its key within the tournament, so a process pairing from a stale state cannot
 * write a second pairing under the same number; the lease names the one process running it.
 * A tournament finds its games' results by their room (games_by_room).
 */
function tournamentTables(d: "sqlite" | "postgres"): string {
  const big = d === "postgres" ? "BIGINT" : "INTEGER";
  const real = d === "postgres" ? "DOUBLE PRECISION" : "REAL";
  return `
    CREATE TABLE tournaments (
      id TEXT PRIMARY KEY,
      kind TEXT NOT NULL,
      pool TEXT NOT NULL,
      title TEXT NOT NULL,
      config TEXT NOT NULL,
      seed TEXT NOT NULL,
      status TEXT NOT NULL,
      created_at ${big} NOT NULL,
      lease_owner TEXT,
      lease_until ${big} NOT NULL DEFAULT 0
    );
    CREATE INDEX tournaments_by_status ON tournaments (status, created_at);
    CREATE TABLE tournament_entries (
      tournament_id TEXT NOT NULL,
      profile_id TEXT NOT NULL,
      rating ${real} NOT NULL,
      joined_at ${big} NOT NULL,
      withdrawn INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (tournament_id, profile_id)
    );
    CREATE INDEX tournament_entries_by_profile ON tournament_entries (profile_id);
    CREATE TABLE tournament_pairings (
      tournament_id TEXT NOT NULL,
      game_no INTEGER NOT NULL,
      round INTEGER NOT NULL,
      players TEXT NOT NULL,
      paired_at ${big} NOT NULL,
      room_id TEXT,
      PRIMARY KEY (tournament_id, game_no)
    );
    CREATE TABLE tournament_results (
      tournament_id TEXT NOT NULL,
      game_no INTEGER NOT NULL,
      ended_no INTEGER NOT NULL,
      results TEXT NOT NULL,
      ended_at ${big} NOT NULL,
      game_id ${big},
      PRIMARY KEY (tournament_id, game_no),
      UNIQUE (tournament_id, ended_no)
    );
    CREATE INDEX games_by_room ON games (room_id, ended_at);
  `;
}

/**
 * Daily challenges (docs/tournaments.md, "Daily challenges"): one row per profile, game and UTC
 * day, written when the day's game is started (the key keeps it to one), its result (score, in
 * words, the stored game) filled in once when that game ends. The day's seeds are keyed with a
 * secret kept in hub_meta (`daily-secret`), so every process derives the same ones.
 */
function dailyTables(d: "sqlite" | "postgres"): string {
  const big = d === "postgres" ? "BIGINT" : "INTEGER";
  const real = d === "postgres" ? "DOUBLE PRECISION" : "REAL";
  return `
    CREATE TABLE daily_entries (
      day TEXT NOT NULL,
      game TEXT NOT NULL,
      profile_id TEXT NOT NULL,
      room_id TEXT NOT NULL,
      started_at ${big} NOT NULL,
      score ${real},
      outcome TEXT,
      game_id ${big},
      finished_at ${big},
      PRIMARY KEY (day, game, profile_id)
    );
    CREATE INDEX daily_by_table ON daily_entries (day, game, score);
    CREATE INDEX daily_by_profile ON daily_entries (profile_id, day);
    CREATE INDEX tournament_results_by_time ON tournament_results (ended_at);
  `;
}

/**
 * Private tournaments (docs/tournaments.md, "Private tournaments"): the profile that made one
 * (null: the operator's schedule); a private one is never listed, and the creator's open ones
 * are counted for the per-profile limit.
 */
const TOURNAMENT_CREATOR = `
    ALTER TABLE tournaments ADD COLUMN creator TEXT;
    CREATE INDEX tournaments_by_creator ON tournaments (creator, status);
  `;

/** Who went berserk in an arena game (a JSON list of profile ids; NULL: nobody): docs/tournaments.md "Berserk". */
const BERSERK = `ALTER TABLE tournament_pairings ADD COLUMN berserk TEXT;`;

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: "finished games", sqlite: finishedGamesSqlite, postgres: FINISHED_GAMES_PG },
  { version: 2, name: "profiles, players, ratings", sqlite: homeTables("sqlite"), postgres: homeTables("postgres") },
  { version: 3, name: "arena teams", sqlite: arenaTeams("sqlite"), postgres: arenaTeams("postgres") },
  { version: 4, name: "record keys", sqlite: RECORD_KEYS, postgres: RECORD_KEYS },
  { version: 5, name: "128-bit seeds", sqlite: SEED_TEXT, postgres: SEED_TEXT },
  { version: 6, name: "blocks, reports, sanctions, moderation log", sqlite: safetyTables("sqlite"), postgres: safetyTables("postgres") },
  { version: 7, name: "tournaments", sqlite: tournamentTables("sqlite"), postgres: tournamentTables("postgres") },
  { version: 8, name: "daily challenges", sqlite: dailyTables("sqlite"), postgres: dailyTables("postgres") },
  { version: 9, name: "tournament creators", sqlite: TOURNAMENT_CREATOR, postgres: TOURNAMENT_CREATOR },
  { version: 10, name: "tournament berserk", sqlite: BERSERK, postgres: BERSERK },
];

export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;

const LEDGER = `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`;

/** Brings an SQLite file to the newest version (synchronously: the store opens before the server listens). */
export function migrateSqlite(db: Database.Database, list: readonly Migration[] = MIGRATIONS, now = Date.now()): number[] {
  // The write lock first (BEGIN IMMEDIATE), then the ledger: processes opening one fresh file
  // at once (a cluster's first start) wait for each other here (better-sqlite3's busy timeout),
  // and each finds what the one before it applied instead of applying it a second time.
  return db
    .transaction(() => {
      db.exec(LEDGER);
      const done = new Set((db.prepare(`SELECT version FROM schema_migrations`).all() as { version: number }[]).map((r) => r.version));
      const applied: number[] = [];
      for (const m of list) {
        if (done.has(m.version)) continue;
        if (typeof m.sqlite === "string") db.exec(m.sqlite);
        else m.sqlite(db);
        db.prepare(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`).run(m.version, m.name, now);
        applied.push(m.version);
      }
      return applied;
    })
    .immediate();
}

/** A number every hub process agrees on, for pg_advisory_xact_lock. */
const MIGRATION_LOCK = 722_022;

/** Brings a PostgreSQL database to the newest version; concurrent starts wait for each other. */
export async function migratePostgres(q: Sql, list: readonly Migration[] = MIGRATIONS, now = Date.now()): Promise<number[]> {
  return q.tx(async (t) => {
    await t.run(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await t.run(LEDGER);
    const done = new Set((await t.all<{ version: number }>(`SELECT version FROM schema_migrations`)).map((r) => r.version));
    const applied: number[] = [];
    for (const m of list) {
      if (done.has(m.version)) continue;
      await t.run(m.postgres);
      await t.run(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`, [m.version, m.name, now]);
      applied.push(m.version);
    }
    return applied;
  });
}
