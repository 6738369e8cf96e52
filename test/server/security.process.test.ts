// The real entry point as `npm start` runs it (the built dist/server/server/index.js): production mode unless told
// otherwise (no stacks in error answers), and a data directory it cannot write is named with
// what is wrong and how to fix it, and the hub exits non-zero (no raw SqliteError stack).
// Tests run as root, which ignores chmod: an immutable folder (chattr +i) is read-only even
// for root, and a DATA_DIR under a regular file cannot be created at all.

import { expect } from "chai";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "../helpers/e2e.js";
import { sleep } from "../helpers/hub.js";
import { http } from "../helpers/minesweeper.js";
import { SqliteStore } from "../../server/store/index.js";
import { testPort } from "../helpers/ports.js";
import { builtServer } from "../helpers/builtServer.js";

const PORT = testPort(2693);
/** Set in the suite's before(): the built server. */
let entry = "";

interface Started {
  exit: Promise<number | null>;
  output: () => string;
  stop: () => void;
}

function startHub(env: Record<string, string>): Started {
  const clean = { ...process.env };
  for (const key of ["NODE_ENV", "REDIS_URL", "HUB_DB", "DATA_DIR", "MONITOR_USER", "MONITOR_PASSWORD", "PUBLIC_ADDRESS"]) delete clean[key];
  const child = spawn(process.execPath, [entry], { cwd: ROOT, env: { ...clean, PORT: String(PORT), ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  return {
    exit: new Promise((resolve) => child.on("exit", (code) => resolve(code))),
    output: () => out,
    stop: () => {
      if (child.exitCode === null) child.kill("SIGINT");
    },
  };
}

async function untilUp(hub: Started, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/__healthcheck`)).ok) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error(`the hub did not start:\n${hub.output()}`);
    await sleep(100);
  }
}

async function exitWithin(hub: Started, ms: number): Promise<number | null> {
  const code = await Promise.race([hub.exit, sleep(ms).then(() => "running" as const)]);
  if (code === "running") {
    hub.stop();
    throw new Error(`the hub kept running:\n${hub.output()}`);
  }
  return code;
}

function expectClearDataDirMessage(output: string): void {
  expect(output).to.match(/Cannot store games in DATA_DIR=/);
  expect(output).to.match(/Fix: .*writable/);
  expect(output, "no raw stack").to.not.match(/^\s+at /m);
  expect(output).to.not.include("SqliteError:");
}

describe("security: the entry point (production mode, data directory)", function () {
  this.timeout(60_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hub-sec-"));
  const immutable: string[] = [];

  before(async () => {
    entry = await builtServer();
  });

  after(() => {
    for (const p of immutable.reverse()) spawnSync("chattr", ["-i", p]);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("npm start runs in production; npm run dev stays in development", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    expect(pkg.scripts.start).to.match(/NODE_ENV=production node dist\/server\/server\/index\.js/);
    expect(pkg.scripts.build).to.include("scripts/buildServer.mjs");
    expect(fs.readFileSync(path.join(ROOT, "scripts", "dev.mjs"), "utf8")).to.include('NODE_ENV: "development"');
  });

  it("started with NODE_ENV unset, errors answer {code, message} with no stack", async () => {
    const hub = startHub({ DATA_DIR: path.join(tmp, "ok") });
    try {
      await untilUp(hub);
      const bad = await http(PORT, "POST", "/api/rooms", "{not json", { "content-type": "application/json" });
      expect(bad.status).to.equal(400);
      expect(bad.body).to.deep.equal({ code: "bad-json", message: "The body is not valid JSON." });
      const missing = await http(PORT, "GET", "/api/nope");
      expect(missing.status).to.equal(404);
      expect(missing.body.code).to.equal("not-found");
      expect(JSON.stringify(missing.body) + JSON.stringify(bad.body)).to.not.match(/\bat \S+ \(|node_modules|\.ts:\d/);
    } finally {
      hub.stop();
      await hub.exit;
    }
  });

  it("a DATA_DIR that cannot be created (under a file): a clear message and exit 1", async () => {
    const file = path.join(tmp, "a-file");
    fs.writeFileSync(file, "not a folder");
    const hub = startHub({ DATA_DIR: path.join(file, "data") });
    const code = await exitWithin(hub, 30_000);
    expect(code).to.equal(1);
    expectClearDataDirMessage(hub.output());
    expect(hub.output()).to.include("is a file, not a folder");
  });

  it("a read-only DATA_DIR (immutable, so even root cannot write): a clear message and exit 1", async function () {
    const dir = path.join(tmp, "readonly");
    fs.mkdirSync(dir);
    new SqliteStore(path.join(dir, "hub.sqlite")).close();
    for (const p of [path.join(dir, "hub.sqlite"), dir]) {
      const r = spawnSync("chattr", ["+i", p]);
      if (r.status !== 0) return this.skip(); // no chattr / a file system without the flag
      immutable.push(p);
    }
    const hub = startHub({ DATA_DIR: dir });
    const code = await exitWithin(hub, 30_000);
    expect(code).to.equal(1);
    expectClearDataDirMessage(hub.output());
    expect(hub.output()).to.match(/read-only|permission denied|cannot be opened/);
  });
});
