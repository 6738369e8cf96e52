// PostgreSQL behind the store's seam (sql.ts): a `pg` pool, `?` placeholders numbered
// `$1…` once per query text, BIGINT and NUMERIC read as numbers (our ids and times are far
// below 2^53), and transactions on one pooled connection, retried when PostgreSQL picks
// them as a deadlock or serialisation victim.

import pg from "pg";
import type { Row, Sql } from "./sql.js";
import { log } from "../ops/log.js";

const INT8 = 20;
const NUMERIC = 1700;

const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === INT8 || oid === NUMERIC) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format as "text");
  },
} as pg.CustomTypesConfig;

const numbered = new Map<string, string>();

/** `a = ? AND b = ?` → `a = $1 AND b = $2` (our queries never hold a literal `?`). */
export function numberPlaceholders(sql: string): string {
  let text = numbered.get(sql);
  if (text === undefined) {
    let n = 0;
    text = sql.replace(/\?/g, () => `$${++n}`);
    if (numbered.size > 1000) numbered.clear();
    numbered.set(sql, text);
  }
  return text;
}

/** Errors worth one more try of the whole transaction. */
const RETRY_CODES = new Set(["40001", "40P01"]);

type Queryable = pg.Pool | pg.PoolClient;

export class PgSql implements Sql {
  readonly dialect = "postgres" as const;
  readonly forUpdate = " FOR UPDATE";

  constructor(private readonly target: Queryable) {}

  static pool(url: string, max = 5): pg.Pool {
    const pool = new pg.Pool({ connectionString: url, max, types, connectionTimeoutMillis: 5000 });
    // An idle connection that breaks (the server restarted) must not crash the process.
    pool.on("error", (e) => log.error({ event: "store.write-failed", err: e }, "a PostgreSQL connection failed"));
    return pool;
  }

  async all<T = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    const r = await this.target.query(numberPlaceholders(sql), params as unknown[]);
    return r.rows as T[];
  }
  async get<T = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined> {
    return (await this.all<T>(sql, params))[0];
  }
  async run(sql: string, params: readonly unknown[] = []): Promise<number> {
    const r = await this.target.query(numberPlaceholders(sql), params as unknown[]);
    return r.rowCount ?? 0;
  }

  async tx<T>(fn: (q: Sql) => Promise<T>): Promise<T> {
    if (!(this.target instanceof pg.Pool)) return fn(this); // already inside one
    for (let attempt = 1; ; attempt++) {
      const client = await this.target.connect();
      try {
        await client.query("BEGIN");
        const value = await fn(new PgSql(client));
        await client.query("COMMIT");
        return value;
      } catch (e) {
        await client.query("ROLLBACK").catch(() => undefined);
        if (attempt < 4 && RETRY_CODES.has((e as { code?: string }).code ?? "")) continue;
        throw e;
      } finally {
        client.release();
      }
    }
  }
}
