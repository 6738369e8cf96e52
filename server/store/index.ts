export * from "./GameStore.js";
export { SqliteStore, type SqliteStoreOptions } from "./SqliteStore.js";
export { SaveQueue, NOT_SAVED, NOT_SAVED_YET, describeStoreError, type SaveQueueSettings } from "./SaveQueue.js";

import path from "node:path";
import { SqliteStore } from "./SqliteStore.js";
import { describeStoreError } from "./SaveQueue.js";

/**
 * The store the server uses: `HUB_DB` (a file path or ":memory:") if set,
 * else `${DATA_DIR || "./data"}/hub.sqlite`.
 */
export function openStore(env: NodeJS.ProcessEnv = process.env): SqliteStore {
  return new SqliteStore(storeFile(env));
}

function storeFile(env: NodeJS.ProcessEnv): string {
  return env.HUB_DB || path.join(env.DATA_DIR || "./data", "hub.sqlite");
}

/**
 * Opens the store and writes one row, before the server starts. A hub that cannot write would
 * lose every result, so it refuses to start: `fatal` says what is wrong and how to fix it. A
 * full disk only warns (the hub runs; finished games wait in the SaveQueue until space returns).
 */
export function checkStore(env: NodeJS.ProcessEnv = process.env): { fatal?: string; warning?: string } {
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
