#!/usr/bin/env node
// `npm run dev`: the game server (tsx watch, restarts on change) and the Vite
// dev server (HMR, proxies /api, /matchmake, /colyseus and room sockets to the
// game server) side by side. Ctrl-C stops both.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const port = process.env.PORT ?? "2567";
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

const children = [];
let stopping = false;

function run(label, cmd, args, env = {}) {
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: process.platform !== "win32", // own process group: we can stop its children too
  });
  const prefix = (line) => `[${label}] ${line}`;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream.on("data", (chunk) => {
      const lines = (rest + chunk.toString()).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) (stream === child.stderr ? process.stderr : process.stdout).write(prefix(line) + "\n");
    });
  }
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.log(prefix(`exited (${signal ?? code}); stopping the other process`));
    stop(code ?? 1);
  });
  children.push(child);
  return child;
}

function kill(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    if (process.platform !== "win32") process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    /* already gone */
  }
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) kill(child, "SIGTERM");
  const force = setTimeout(() => {
    for (const child of children) kill(child, "SIGKILL");
    process.exit(code);
  }, 5000);
  force.unref();
  Promise.all(children.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.on("exit", r))))).then(
    () => process.exit(code),
  );
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

run("server", bin("tsx"), ["watch", "--clear-screen=false", "server/index.ts"], { PORT: port, NODE_ENV: "development" });
run("vite", bin("vite"), ["--config", "client/vite.config.ts"], { HUB_SERVER: `http://localhost:${port}` });
console.log(`dev: game server on :${port}, client on http://localhost:${process.env.VITE_PORT ?? 5173}/`);
