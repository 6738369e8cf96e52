// Offline Minesweeper submissions verified off the event loop (issue 36): replaying a
// quarter-megabyte log on a 100×100 board is ~90 ms of CPU (each move copies the board, as the
// pure rules do), and on the event loop every room of the process waited for it. One worker
// thread replays them, one at a time, in the order they came; it starts with the first
// submission and stops after a minute without one (a thread holds ~35 MB). A submission that
// waits behind MAX_WAITING others, or whose replay runs past TIME_LIMIT_MS (the thread is then
// replaced), is answered in words; the route says "try again".

import { Worker } from "node:worker_threads";
import type { VerifyResult } from "../../../common/minesweeper/verify.js";

/** Submissions waiting for the thread (one per address every few seconds: far more is an attack). */
export const MAX_WAITING = 32;
/** A replay past this is cut off (the largest legal one takes a fraction of it). */
export const TIME_LIMIT_MS = 10_000;
const IDLE_MS = 60_000;

// From TypeScript (tests, dev) the thread first registers tsx; the built server (dist/server)
// starts the transpiled worker itself.
const WORKER_URL = import.meta.url.endsWith(".ts") ? new URL("./verifyWorkerBoot.mjs", import.meta.url) : new URL("./verifyWorker.js", import.meta.url);

/** Why a submission could not be checked now (the route answers 503 with these words). */
export class VerifierBusy extends Error {}

interface Job {
  id: number;
  submission: unknown;
  resolve(r: VerifyResult): void;
  reject(e: Error): void;
}

export class SoloVerifier {
  private worker: Worker | null = null;
  private queue: Job[] = [];
  private running: Job | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private idle: ReturnType<typeof setTimeout> | null = null;
  private nextId = 1;

  verify(submission: unknown): Promise<VerifyResult> {
    if (this.queue.length >= MAX_WAITING) return Promise.reject(new VerifierBusy("Too many games are being checked right now; send yours again in a minute."));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, submission, resolve, reject });
      this.next();
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(WORKER_URL);
    w.unref();
    w.on("message", (m: { id: number; result?: VerifyResult; error?: string }) => {
      const job = this.running;
      if (!job || job.id !== m.id) return;
      this.finish();
      if (m.result) job.resolve(m.result);
      else job.reject(new Error(m.error ?? "the check failed"));
    });
    w.on("error", (e) => this.lost(w, e));
    w.on("exit", () => this.lost(w, new Error("the checking thread stopped")));
    return (this.worker = w);
  }

  /** The thread died or was cut off: its job is refused, the next one gets a new thread. */
  private lost(w: Worker, e: Error): void {
    if (this.worker !== w) return;
    this.worker = null;
    const job = this.running;
    this.finish();
    job?.reject(new VerifierBusy(`Your game could not be checked (${e.message}); send it again in a minute.`));
  }

  private finish(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = null;
    this.next();
  }

  private next(): void {
    if (this.running) return;
    const job = this.queue.shift();
    if (!job) {
      if (this.worker && !this.idle) {
        this.idle = setTimeout(() => this.close(), IDLE_MS);
        this.idle.unref();
      }
      return;
    }
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.running = job;
    const w = this.thread();
    this.timer = setTimeout(() => {
      void w.terminate();
      this.lost(w, new Error("it took too long"));
    }, TIME_LIMIT_MS);
    this.timer.unref();
    w.postMessage({ id: job.id, submission: job.submission });
  }

  /** Stops the thread (a running job is refused). */
  close(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const w = this.worker;
    if (w) {
      this.lost(w, new Error("the server is stopping"));
      void w.terminate();
    }
  }
}

let shared: SoloVerifier | null = null;
/** The process's verifier. */
export const soloVerifier = (): SoloVerifier => (shared ??= new SoloVerifier());
