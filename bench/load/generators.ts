// The load-generator processes (bench/load/worker.ts, forked): start them for a system and ask
// them to grow, measure or quit; the answers they send back.

import { fork, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { quick } from "../lib/section.js";
import { children, pin } from "./processes.js";
import type { System } from "./systems.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));

/**
 * Node flags of the generator processes. A 64 MB young generation: thousands of decoded
 * states in one heap made scavenges a third of a generator's CPU (and its latency spikes).
 */
export const WORKER_NODE_ARGS = (process.env.LOAD_WORKER_NODE_ARGS ?? "--max-semi-space-size=64").split(" ").filter(Boolean);
/** Load-generator processes (quick mode: one, a process less to boot per system). */
export const WORKERS = quick(2, 1);

export interface Worker {
  proc: ChildProcess;
  ask<T>(msg: object): Promise<T>;
}
function forkWorker(env: NodeJS.ProcessEnv): Worker {
  const proc = fork(path.join(HERE, "worker.ts"), [], {
    execArgv: [...WORKER_NODE_ARGS, "--import", "tsx"],
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  children.add(proc);
  pin(proc.pid, "generators");
  return {
    proc,
    ask<T>(msg: object) {
      return new Promise<T>((resolve, reject) => {
        const onMsg = (m: T) => (cleanup(), resolve(m));
        const onExit = (code: number | null) => (cleanup(), reject(new Error(`load worker exited (${code})`)));
        const cleanup = () => {
          proc.off("message", onMsg);
          proc.off("exit", onExit);
        };
        proc.once("message", onMsg);
        proc.once("exit", onExit);
        proc.send(msg);
      });
    },
  };
}

/** WORKERS generators for one system's server on `port`, each to hold its share of the clients. */
export function forkGenerators(sys: System, port: number, rate: number, workers: Worker[]): void {
  // Pushed one by one: if a later fork throws, the caller's cleanup still stops the earlier ones.
  for (let w = 0; w < WORKERS; w++) {
    const profileDir = process.env.LOAD_PROFILE ? path.resolve(process.env.LOAD_PROFILE) : "";
    if (profileDir) mkdirSync(profileDir, { recursive: true }); // the generators write into it
    workers.push(forkWorker({ ...sys.env, MODE: sys.mode, PORT: String(port), RATE: String(rate), WORKER: String(w), WORKERS: String(WORKERS), PROFILE_DIR: profileDir }));
  }
}

/** A generator's answer to `grow`. */
export interface Grown {
  clients: number;
  failedJoins: number;
  joinError: string;
  groups: Record<string, number>;
}
/** A generator's answer to `measure`. */
export interface Measured {
  sent: number;
  done: number;
  timeouts: number;
  bytes: number;
  patchBytes: number;
  lat: number[];
  wallMs: number;
  cpuPercent: number;
  loopLagP99Ms: number;
  fullStateJson: number;
}
