// Several hub processes opening one fresh SQLite store at the same instant (a cluster's first
// start under PM2) all come up: one migrates it, the others wait for its write lock and find the
// ledger done. Before the lock, the loser's INSERT INTO schema_migrations failed ("UNIQUE
// constraint failed") and the process exited (issue 41, docs/benchmarks.md "Rolling deploy"); and
// switching a fresh file to WAL while another process holds it answers "database is locked" at
// once, so opening tries again while the file is locked (SqliteStore's whileLocked).
// RACE_ROUNDS / RACE_PROCESSES make it harder (10 × 6 passes; before whileLocked it failed by round 2).
import { expect } from "chai";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { MIGRATIONS } from "../../server/store/migrations.js";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");

/** Opens the store at `file` once the wall clock reaches `at`, so every process starts together. */
function openAt(file: string, at: number): Promise<{ code: number | null; out: string }> {
  const code = `
    import { SqliteStore } from ${JSON.stringify(path.join(ROOT, "server/store/index.ts"))};
    while (Date.now() < ${at}) {}
    try { new SqliteStore(${JSON.stringify(file)}); console.log("opened"); }
    catch (e) { console.log("failed: " + e.message); process.exit(1); }
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { cwd: ROOT });
    let out = "";
    child.stdout.on("data", (b) => (out += b));
    child.stderr.on("data", (b) => (out += b));
    child.on("error", reject);
    child.on("exit", (c) => resolve({ code: c, out }));
  });
}

describe("the store: several processes migrate one fresh SQLite file at once", function () {
  this.timeout(120_000);

  it("every process opens it, and each migration is applied once", async () => {
    const rounds = Number(process.env.RACE_ROUNDS ?? 3);
    const processes = Number(process.env.RACE_PROCESSES ?? 4);
    for (let r = 0; r < rounds; r++) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hub-migrate-race-"));
      try {
        const file = path.join(dir, "hub.sqlite");
        // Far enough ahead for every process to have loaded tsx and the store's modules.
        const at = Date.now() + 6_000;
        const results = await Promise.all(Array.from({ length: processes }, () => openAt(file, at)));
        for (const res of results) expect(res.out.trim(), `round ${r}`).to.equal("opened");
        const db = new Database(file, { readonly: true });
        const versions = (db.prepare(`SELECT version FROM schema_migrations ORDER BY version`).all() as { version: number }[]).map((v) => v.version);
        db.close();
        expect(versions).to.deep.equal(MIGRATIONS.map((m) => m.version));
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});
