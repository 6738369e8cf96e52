// Bots off the event loop: a pool of worker threads running the definitions' pure
// `choose`. A room asks (`think`) and goes on; the answer arrives as a message. Each
// decision has a time budget: a worker that is still busy `budgetMs + graceMs` after it
// started is terminated (a later decision starts a fresh one), and the request answers "no
// move" (the room then asks again on its next change, and the turn timer, if any, still runs).
// The same threads do a move's long work before the move (`prepare`: a no-guess board,
// GameDef.work; prepare.ts), under the same kind of budget (past it: null).
//
// Threads start when decisions need them and stop after `idleMs` without one: a thread holds
// ~35 MB (its own V8 heap and module loader), and a hub whose rooms have no bots (most of
// them) need not carry one. A decision that starts a thread waits for it to load (its budget
// counts from then).

import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { PrepareAnswer, PrepareRequest, Preparer } from "./prepare.js";
import { NO_MOVE, type BotThinker, type ThinkAnswer, type ThinkRequest } from "./thinker.js";

type Job = { id: number; reject(error: Error): void } & (
  | { kind: "think"; request: ThinkRequest; resolve(answer: ThinkAnswer): void }
  | { kind: "prepare"; request: PrepareRequest; resolve(answer: PrepareAnswer): void }
);

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: ReturnType<typeof setTimeout> | null;
  /** Stops the thread once it has been idle `idleMs`. */
  idle: ReturnType<typeof setTimeout> | null;
  started: number;
  /** The thread has loaded its code (budgets count from a ready worker only). */
  ready: boolean;
}

export interface PoolOptions {
  /** Most worker threads at once (default: cores − 1, at least 1). */
  size?: number;
  /** Extra time past a request's budget before its worker is cut off (ms). */
  graceMs?: number;
  /** A thread with no decision for this long stops (ms; default 5 minutes). */
  idleMs?: number;
}

// From TypeScript (tests, dev) the thread first registers tsx (workerBoot.mjs); the built
// server (dist/server, as `npm start` runs it) starts the transpiled worker itself.
const WORKER_URL = import.meta.url.endsWith(".ts") ? new URL("./workerBoot.mjs", import.meta.url) : new URL("./worker.js", import.meta.url);

export class BotPool implements BotThinker, Preparer {
  private slots: Slot[] = [];
  private queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  readonly size: number;
  private graceMs: number;
  private idleMs: number;
  /** Decisions cut off at their budget (for the bench and the monitor). */
  cutOff = 0;

  constructor(options: PoolOptions = {}) {
    this.size = Math.max(1, options.size ?? availableParallelism() - 1);
    this.graceMs = options.graceMs ?? 250;
    this.idleMs = options.idleMs ?? 5 * 60_000;
  }

  /** Worker threads alive now (starting, thinking or idle). */
  get threads(): number {
    return this.slots.length;
  }

  private spawn(): Slot {
    // The worker is TypeScript: workerBoot.mjs registers tsx in the thread first.
    const worker = new Worker(WORKER_URL);
    const slot: Slot = { worker, job: null, timer: null, idle: null, started: 0, ready: false };
    worker.on("message", (msg: { id: number; ready?: true; answer?: never; error?: string }) => {
      if (msg.ready) {
        slot.ready = true;
        this.pump();
        if (!slot.job) this.idleFrom(slot); // the work went to another thread meanwhile
        return;
      }
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      this.release(slot);
      if (msg.error !== undefined) job.reject(new Error(msg.error));
      else job.resolve(msg.answer!);
    });
    // A thread that fails (or exits) on its own: its decision fails; one that could not even
    // load fails what waits too (no endless restarts: the next decision tries again).
    const fail = (e: Error) => {
      if (!this.slots.includes(slot)) return; // retired by us
      const job = slot.job;
      const waiting = slot.ready ? [] : this.queue.splice(0);
      this.retire(slot);
      for (const j of [...(job ? [job] : []), ...waiting]) j.reject(e);
    };
    worker.on("error", (e) => fail(e instanceof Error ? e : new Error(String(e))));
    worker.on("exit", (code) => fail(new Error(`bot worker stopped (exit ${code})`)));
    this.slots.push(slot);
    return slot;
  }

  /** Decisions waiting for a free worker (the `hub_bot_queue` gauge). */
  queued(): number {
    return this.queue.length;
  }

  think(request: ThinkRequest, cancel?: AbortSignal): Promise<ThinkAnswer> {
    return this.submit<ThinkAnswer>((id, resolve, reject) => ({ id, kind: "think", request, resolve, reject }), NO_MOVE, cancel);
  }

  /** A move's long work (prepare.ts) on a thread; null when it ran past its budget (or was cancelled first). */
  prepare(request: PrepareRequest, cancel?: AbortSignal): Promise<PrepareAnswer> {
    return this.submit<PrepareAnswer>((id, resolve, reject) => ({ id, kind: "prepare", request, resolve, reject }), null, cancel);
  }

  private submit<A>(make: (id: number, resolve: (answer: A) => void, reject: (e: Error) => void) => Job, none: A, cancel?: AbortSignal): Promise<A> {
    if (this.closed) return Promise.reject(new Error("bot pool closed"));
    if (cancel?.aborted) return Promise.resolve(none);
    return new Promise((resolve, reject) => {
      const job = make(this.nextId++, resolve, reject);
      this.queue.push(job);
      // Cancelled while it waits: out of the queue at once (a running job finishes within its budget).
      cancel?.addEventListener(
        "abort",
        () => {
          const i = this.queue.indexOf(job);
          if (i < 0) return;
          this.queue.splice(i, 1);
          resolve(none);
          this.holdProcess();
        },
        { once: true },
      );
      this.pump();
    });
  }

  /** Threads keep the process alive only while a decision is pending. */
  private busy(): boolean {
    return this.queue.length > 0 || this.slots.some((s) => s.job !== null);
  }

  private holdProcess(): void {
    const busy = this.busy();
    for (const s of this.slots) busy ? s.worker.ref() : s.worker.unref();
  }

  private pump(): void {
    if (this.closed) return;
    for (const slot of this.slots) {
      if (!this.queue.length) break;
      if (slot.job || !slot.ready) continue;
      const job = this.queue.shift()!;
      if (slot.idle) clearTimeout(slot.idle);
      slot.idle = null;
      slot.job = job;
      slot.started = performance.now();
      slot.timer = setTimeout(() => this.cut(slot, job), job.request.budgetMs + this.graceMs);
      slot.worker.postMessage({ id: job.id, kind: job.kind, request: job.request });
    }
    // What is still queued waits for threads that are starting, or for new ones.
    const starting = this.slots.filter((s) => !s.ready).length;
    for (let n = Math.min(this.queue.length - starting, this.size - this.slots.length); n > 0; n--) this.spawn();
    this.holdProcess();
  }

  private release(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    this.idleFrom(slot);
    queueMicrotask(() => this.pump());
  }

  /** A thread without a decision stops after idleMs (a decision meanwhile cancels that). */
  private idleFrom(slot: Slot): void {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = setTimeout(() => {
      if (!slot.job) this.retire(slot);
    }, this.idleMs);
    slot.idle.unref();
  }

  /** Over budget: the worker is stopped (the next job gets a fresh one); a decision answers "no move", a preparation null. */
  private cut(slot: Slot, job: Job): void {
    if (slot.job !== job) return;
    this.cutOff++;
    this.retire(slot);
    if (job.kind === "think") job.resolve({ move: null, memory: null, ms: performance.now() - slot.started, cutOff: true });
    else job.resolve(null);
  }

  private retire(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.idle) clearTimeout(slot.idle);
    void slot.worker.terminate();
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    queueMicrotask(() => this.pump());
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error("bot pool closed"));
    await Promise.all(
      this.slots.splice(0).map((s) => {
        if (s.timer) clearTimeout(s.timer);
        if (s.idle) clearTimeout(s.idle);
        return s.worker.terminate();
      }),
    );
  }
}
