export * from "./GameStore.js";
export * from "./HomeStore.js";
export * from "./SafetyStore.js";
export * from "./TournamentStore.js";
export * from "./DailyStore.js";
export { SqliteStore, type SqliteStoreOptions } from "./SqliteStore.js";
// PgStore is imported from ./PgStore.js itself: loading `pg` costs a hub that stores in
// SQLite (the default) memory for nothing, so this file reaches it only when DATABASE_URL is set.
export type { PgStoreOptions } from "./PgStore.js";
export type { SqlStore } from "./SqlStore.js";
export { SaveQueue, NOT_SAVED, NOT_SAVED_YET, SAVING, describeStoreError, type SaveQueueSettings } from "./SaveQueue.js";

import path from "node:path";
import { SqliteStore } from "./SqliteStore.js";
import type { PgStore } from "./PgStore.js";
import type { SqlStore } from "./SqlStore.js";
import { describeStoreError } from "./SaveQueue.js";

/**
 * The SQLite store: `HUB_DB` (a file path or ":memory:") if set,
 * else `${DATA_DIR || "./data"}/hub.sqlite`.
 */
export function openStore(env: NodeJS.ProcessEnv = process.env): SqliteStore {
  return new SqliteStore(storeFile(env));
}

/** The store the server uses: PostgreSQL when `DATABASE_URL` is set (migrated on open), else SQLite (openStore). */
export async function openHubStore(env: NodeJS.ProcessEnv = process.env): Promise<SqlStore> {
  const url = env.DATABASE_URL?.trim();
  return url ? openPg(url) : openStore(env);
}

async function openPg(url: string): Promise<PgStore> {
  const { PgStore } = await import("./PgStore.js");
  return PgStore.open(url);
}

/** A DATABASE_URL as the logs may show it (no password). */
export function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(an unreadable DATABASE_URL)";
  }
}

function storeFile(env: NodeJS.ProcessEnv): string {
  return env.HUB_DB || path.join(env.DATA_DIR || "./data", "hub.sqlite");
}

/**
 * Opens the store and writes one row, before the server starts. A hub that cannot write would
 * lose every result, so it refuses to start: `fatal` says what is wrong and how to fix it. A
 * full disk only warns (the hub runs; finished games wait in the SaveQueue until space returns).
 */
export async function checkStore(env: NodeJS.ProcessEnv = process.env): Promise<{ fatal?: string; warning?: string }> {
  const url = env.DATABASE_URL?.trim();
  if (url) return checkPostgres(url);
  const file = storeFile(env);
  if (file === ":memory:") return {};
  let store: SqliteStore | null = null;
  try {
    store = new SqliteStore(file);
    store.checkWritable();
    return {};
  } catch (e) {
    const code = (e as { code?: string }).code ?? "";
    const where = env.HUB_DB ? `HUB_DB=${env.HUB_DB}` : `DATA_DIR=${env.DATA_DIR || "./data"} (database ${path.resolve(file)})`;
    if (code === "SQLITE_FULL" || code === "ENOSPC") {
      return { warning: `Warning: the disk holding ${where} is full: finished games will wait in memory until space is freed.` };
    }
    return {
      fatal:
        `Cannot store games in ${where}: ${describeStoreError(e)}.\n` +
        `Fix: make that folder and file writable by the user running the hub (e.g. chown -R $(whoami) on it), ` +
        `or point DATA_DIR at a writable folder, e.g. DATA_DIR=$HOME/hub-data npm start.`,
    };
  } finally {
    try {
      store?.close();
    } catch {
      /* closing a broken store */
    }
  }
}

/** PostgreSQL must answer, migrate and take a write before the hub starts (a hub that cannot save loses games). */
async function checkPostgres(url: string): Promise<{ fatal?: string }> {
  let store: PgStore | null = null;
  try {
    store = await openPg(url);
    await store.checkWritable();
    return {};
  } catch (e) {
    const err = e as { code?: string; message?: string };
    return {
      fatal:
        `Cannot store games in PostgreSQL at DATABASE_URL=${redactedUrl(url)}: ${err.message ?? String(e)}${err.code ? ` (${err.code})` : ""}.\n` +
        `Fix: start PostgreSQL and check the address, user, password and database name in DATABASE_URL ` +
        `(e.g. postgres://hub:secret@localhost:5432/hub); the user needs to create tables in that database. ` +
        `Unset DATABASE_URL to keep games in SQLite under DATA_DIR instead.`,
    };
  } finally {
    await store?.close();
  }
}
