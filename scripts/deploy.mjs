#!/usr/bin/env node
// `npm run deploy`: a rolling reload of the PM2 cluster (ecosystem.config.js), one process at a
// time, so the hub never stops and its players never reload a page.
//
//   1. builds the new release (`npm run build`; skipped with --no-build);
//   2. for each process hub-0, hub-1, …: `pm2 reload hub-i`. PM2 sends SIGINT; the process
//      turns unready (/readyz 503) for DRAIN_UNREADY_SECONDS, stops taking rooms, hands its
//      live rooms to the other processes DRAIN_HANDOFF at a time (server/ops/drain.ts) and
//      exits; PM2 starts the new release on the same port;
//   3. waits for that process's GET /readyz to answer 200 before touching the next one (a
//      process that is not ready within --ready-timeout seconds stops the deploy: the others
//      still run the old release, see docs/operations.md "Roll back").
//
// Options: --no-build, --ready-timeout SECONDS (default 60), --host HOST (default 127.0.0.1).
// Environment: as ecosystem.config.js (HUB_PROCESSES, PORT) so it finds each process's port.

import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Polls `url` until it answers 200 with `ready: true`; resolves with how long it took (ms), rejects past `timeoutMs`. */
export async function waitReady(url, timeoutMs = 60_000, everyMs = 200) {
  const started = Date.now();
  let last = "no answer yet";
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      const body = await res.json().catch(() => ({}));
      if (res.status === 200 && body.ready === true) return Date.now() - started;
      last = `${res.status}: ${body.reason ?? "?"}`;
    } catch (e) {
      last = e?.cause?.code ?? e?.message ?? String(e);
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${url} not ready after ${Math.round(timeoutMs / 1000)} s (last answer: ${last})`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Runs the PM2 CLI without blocking this process (a caller may be serving players meanwhile). */
function pm2(args, env = process.env) {
  const bin = path.join(ROOT, "node_modules", ".bin", "pm2");
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (err += c));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`pm2 ${args.join(" ")} failed (${code}):\n${out}\n${err}`))));
  });
}

function option(argv, name, fallback) {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
}

/** The rolling reload; returns one line of figures per process. */
export async function rollingReload({ build = true, readyTimeoutS = 60, host = "127.0.0.1", log = console.log } = {}) {
  const { apps } = await import(pathToFileURL(path.join(ROOT, "ecosystem.config.js")).href);
  const running = new Set(JSON.parse((await pm2(["jlist"])) || "[]").map((p) => p.name));
  const targets = apps.filter((a) => running.has(a.name));
  if (targets.length === 0) throw new Error("No hub process runs under PM2: start the cluster first (npm run start:cluster).");
  if (targets.length === 1) log("! only one hub process runs: its players wait for it to come back (rooms restored from the log), nobody takes them over.");
  if (build) {
    log("== building the new release");
    const status = await new Promise((resolve) => spawn("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" }).on("close", resolve));
    if (status !== 0) throw new Error("the build failed: nothing was reloaded");
  }
  const steps = [];
  for (const app of targets) {
    const started = Date.now();
    log(`== ${app.name} (port ${app.env.PORT}): reloading`);
    await pm2(["reload", app.name]);
    const readyMs = await waitReady(`http://${host}:${app.env.PORT}/readyz`, readyTimeoutS * 1000);
    const step = { name: app.name, port: Number(app.env.PORT), seconds: (Date.now() - started) / 1000, readyAfterReloadMs: readyMs };
    steps.push(step);
    log(`   ${app.name} ready again after ${step.seconds.toFixed(1)} s`);
  }
  log(`== deployed: ${targets.length} process(es) reloaded one at a time`);
  return steps;
}

const invokedAs = process.argv[1] ? pathToFileURL(path.resolve(process.argv[1])).href : "";
if (invokedAs === import.meta.url) {
  const argv = process.argv.slice(2);
  rollingReload({ build: !argv.includes("--no-build"), readyTimeoutS: Number(option(argv, "--ready-timeout", "60")), host: option(argv, "--host", "127.0.0.1") }).then(
    () => process.exit(0),
    (e) => {
      console.error(`✗ deploy stopped: ${e.message}`);
      process.exit(1);
    },
  );
}
