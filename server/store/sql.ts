// One small seam between the store's queries and its database: SQLite (better-sqlite3, one
// file under DATA_DIR) or PostgreSQL (`pg`, shared by every machine). Queries are written
// once with `?` placeholders and run on either; the few words that differ are properties
// (`forUpdate`). Everything is async because PostgreSQL is; SQLite answers at once.

import type Database from "better-sqlite3";

export type Row = Record<string, unknown>;

export interface Sql {
  readonly dialect: "sqlite" | "postgres";
  /** " FOR UPDATE" where rows can be locked (PostgreSQL); SQLite locks the whole file in a transaction. */
  readonly forUpdate: string;
  all<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  get<T = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
  /** Runs `fn` in one transaction: all of it, or (when it throws) none of it. */
  tx<T>(fn: (q: Sql) => Promise<T>): Promise<T>;
}

/** `IN (?, ?, ?)` for n values. */
export function marks(n: number): string {
  return new Array(n).fill("?").join(", ");
}

// ---- SQLite --------------------------------------------------------------------------

/**
 * better-sqlite3 behind the async seam. Transactions are serialised (one connection): a call
 * made outside a running transaction waits for it, and the transaction's own calls go
 * straight through. A transaction's body must await only this database (SQLite answers at
 * once, so the whole body runs in one turn of the event loop).
 */
export class SqliteSql implements Sql {
  readonly dialect = "sqlite" as const;
  readonly forUpdate = "";
  private readonly statements = new Map<string, Database.Statement>();
  private idle: Promise<unknown> = Promise.resolve();
  private busy = 0;
  private readonly direct: Sql;

  constructor(private readonly db: Database.Database) {
    const self = this;
    this.direct = {
      dialect: "sqlite",
      forUpdate: "",
      all: async (sql, params) => self.allNow(sql, params),
      get: async (sql, params) => self.getNow(sql, params),
      run: async (sql, params) => self.runNow(sql, params),
      tx: (fn) => fn(self.direct),
    };
  }

  statement(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      if (this.statements.size > 500) this.statements.clear();
      this.statements.set(sql, s);
    }
    return s;
  }

  allNow<T>(sql: string, params: readonly unknown[] = []): T[] {
    return this.statement(sql).all(...params) as T[];
  }
  getNow<T>(sql: string, params: readonly unknown[] = []): T | undefined {
    return this.statement(sql).get(...params) as T | undefined;
  }
  runNow(sql: string, params: readonly unknown[] = []): number {
    return this.statement(sql).run(...params).changes;
  }

  /** Is a transaction of this seam running (a synchronous writer must not write into it)? */
  get inTransaction(): boolean {
    return this.busy > 0 || this.db.inTransaction;
  }

  private async whenIdle(): Promise<void> {
    while (this.busy > 0) await this.idle.catch(() => undefined);
  }

  async all<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]> {
    await this.whenIdle();
    return this.allNow<T>(sql, params);
  }
  async get<T = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined> {
    await this.whenIdle();
    return this.getNow<T>(sql, params);
  }
  async run(sql: string, params?: readonly unknown[]): Promise<number> {
    await this.whenIdle();
    return this.runNow(sql, params);
  }

  tx<T>(fn: (q: Sql) => Promise<T>): Promise<T> {
    const body = async (): Promise<T> => {
      this.busy++;
      try {
        this.db.exec("BEGIN IMMEDIATE");
        try {
          const value = await fn(this.direct);
          this.db.exec("COMMIT");
          return value;
        } catch (e) {
          if (this.db.inTransaction) this.db.exec("ROLLBACK");
          throw e;
        }
      } finally {
        this.busy--;
      }
    };
    const run = this.idle.then(body, body);
    this.idle = run.catch(() => undefined);
    return run;
  }
}
