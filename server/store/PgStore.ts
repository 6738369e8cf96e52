// The hub's store on PostgreSQL (`DATABASE_URL`): finished games, profiles, histories and
// ratings that every machine behind one address shares. The queries are SqlStore's; a game
// is written asynchronously (the room's SaveQueue says "saving" until the id is back).

import type pg from "pg";
import { migratePostgres } from "./migrations.js";
import { PgSql } from "./pgSql.js";
import { SqlStore } from "./SqlStore.js";

export interface PgStoreOptions {
  clock?: () => number;
  /** Connections in the pool (default 5). */
  poolSize?: number;
}

export class PgStore extends SqlStore {
  private constructor(
    private readonly pool: pg.Pool,
    options: PgStoreOptions,
  ) {
    super(new PgSql(pool), options.clock);
  }

  /** Connects, brings the database to the newest schema (migrations.ts), and answers the store. */
  static async open(url: string, options: PgStoreOptions = {}): Promise<PgStore> {
    const pool = PgSql.pool(url, options.poolSize ?? 5);
    try {
      await migratePostgres(new PgSql(pool));
    } catch (e) {
      await pool.end().catch(() => undefined);
      throw e;
    }
    return new PgStore(pool, options);
  }

  /** Writes one row (the hub's last start): throws when the database refuses. */
  async checkWritable(now = Date.now()): Promise<void> {
    await this.sql.run(`INSERT INTO hub_meta (key, value) VALUES ('last_start', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, [String(now)]);
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}
