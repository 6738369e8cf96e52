export * from "./GameStore.js";
export { SqliteStore, type SqliteStoreOptions } from "./SqliteStore.js";

import path from "node:path";
import { SqliteStore } from "./SqliteStore.js";

/**
 * The store the server uses: `HUB_DB` (a file path or ":memory:") if set,
 * else `${DATA_DIR || "./data"}/hub.sqlite`.
 */
export function openStore(env: NodeJS.ProcessEnv = process.env): SqliteStore {
  const file = env.HUB_DB || path.join(env.DATA_DIR || "./data", "hub.sqlite");
  return new SqliteStore(file);
}
