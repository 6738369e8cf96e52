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

/** A process that has loaded tsx and the store's modules, then opens the store at `file` when told the instant. */
interface Opener {
  /** It has loaded everything and waits for the instant (or it exited first). */
  ready: Promise<void>;
  /** Tells it the wall-clock instant to open the store at. */
  openAt(at: number): void;
  done: Promise<{ code: number | null; out: string }>;
}

function opener(file: string): Opener {
  const code = `
    import { SqliteStore } from ${JSON.stringify(path.join(ROOT, "server/store/index.ts"))};
    console.log("ready");
    process.stdin.once("data", (b) => {
      const at = Number(String(b));
      while (Date.now() < at) {}
      try { new SqliteStore(${JSON.stringify(file)}); console.log("opened"); }
      catch (e) { console.log("failed: " + e.message); process.exitCode = 1; }
      process.stdin.destroy();
    });
  `;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { cwd: ROOT });
  let out = "";
  let isReady: () => void = () => {};
  const ready = new Promise<void>((r) => (isReady = r));
  child.stdout.on("data", (b) => {
    out += b;
    if (out.includes("ready\n")) isReady();
  });
  child.stderr.on("data", (b) => (out += b));
  const done = new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (c) => {
      isReady();
      resolve({ code: c, out: out.replace("ready\n", "") });
    });
  });
  return { ready, openAt: (at) => child.stdin.end(`${at}\n`), done };
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
        // Every process has loaded tsx and the store's modules; then all open it at one instant.
        const openers = Array.from({ length: processes }, () => opener(file));
        await Promise.all(openers.map((o) => o.ready));
        const at = Date.now() + 500;
        for (const o of openers) o.openAt(at);
        const results = await Promise.all(openers.map((o) => o.done));
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
