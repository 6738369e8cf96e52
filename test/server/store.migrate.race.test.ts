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

/**
 * A process that loads tsx and the store's modules once, then opens a store for each round:
 * told a file and a wall-clock instant, it waits for that instant and opens the file, answering
 * one line ("opened" or "failed: …").
 */
interface Opener {
  /** It has loaded everything (or exited first). */
  ready: Promise<void>;
  /** Opens `file` at the instant `at`; resolves with its answer. */
  open(file: string, at: number): Promise<string>;
  /** Ends it (stdin closed) and resolves when it exited. */
  end(): Promise<void>;
}

function opener(): Opener {
  const code = `
    import { createInterface } from "node:readline";
    import { SqliteStore } from ${JSON.stringify(path.join(ROOT, "server/store/index.ts"))};
    console.log("ready");
    const lines = createInterface({ input: process.stdin });
    lines.on("line", (line) => {
      const { file, at } = JSON.parse(line);
      while (Date.now() < at) {}
      try { new SqliteStore(file); console.log("opened"); }
      catch (e) { console.log("failed: " + e.message); }
    });
    lines.on("close", () => process.exit(0));
  `;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { cwd: ROOT });
  let out = "";
  let err = "";
  const waiting: ((line: string) => void)[] = [];
  let isReady: () => void = () => {};
  const ready = new Promise<void>((r) => (isReady = r));
  child.stdout.on("data", (b) => {
    out += b;
    for (let nl = out.indexOf("\n"); nl >= 0; nl = out.indexOf("\n")) {
      const line = out.slice(0, nl).trim();
      out = out.slice(nl + 1);
      if (line === "ready") isReady();
      else waiting.shift()?.(line);
    }
  });
  child.stderr.on("data", (b) => (err += b));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  void exited.then(() => {
    isReady();
    for (const w of waiting.splice(0)) w(`exited: ${err.trim()}`);
  });
  return {
    ready,
    open(file, at) {
      const answer = new Promise<string>((resolve) => waiting.push(resolve));
      child.stdin.write(`${JSON.stringify({ file, at })}\n`);
      return answer;
    },
    end() {
      child.stdin.end();
      return exited;
    },
  };
}

describe("the store: several processes migrate one fresh SQLite file at once", function () {
  this.timeout(120_000);

  it("every process opens it, and each migration is applied once", async () => {
    const rounds = Number(process.env.RACE_ROUNDS ?? 3);
    const processes = Number(process.env.RACE_PROCESSES ?? 4);
    // Loaded once (tsx and the store's modules); each round, all open a fresh file at one instant.
    const openers = Array.from({ length: processes }, () => opener());
    try {
      await Promise.all(openers.map((o) => o.ready));
      for (let r = 0; r < rounds; r++) {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hub-migrate-race-"));
        try {
          const file = path.join(dir, "hub.sqlite");
          const at = Date.now() + 300;
          const answers = await Promise.all(openers.map((o) => o.open(file, at)));
          for (const answer of answers) expect(answer, `round ${r}`).to.equal("opened");
          const db = new Database(file, { readonly: true });
          const versions = (db.prepare(`SELECT version FROM schema_migrations ORDER BY version`).all() as { version: number }[]).map((v) => v.version);
          db.close();
          expect(versions).to.deep.equal(MIGRATIONS.map((m) => m.version));
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      }
    } finally {
      await Promise.all(openers.map((o) => o.end()));
    }
  });
});
