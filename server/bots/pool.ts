// Bots off the event loop: a pool of worker threads running the definitions' pure
// `choose`. A room asks (`think`) and goes on; the answer arrives as a message. Each
// decision has a time budget: a worker that is still busy `budgetMs + graceMs` after it
// started is terminated and replaced, and the request answers "no move" (the room then
// asks again on its next change, and the turn timer, if any, still runs).

import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { NO_MOVE, type BotThinker, type ThinkAnswer, type ThinkRequest } from "./thinker.js";

interface Job {
  id: number;
  request: ThinkRequest;
  resolve(answer: ThinkAnswer): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: ReturnType<typeof setTimeout> | null;
  started: number;
  /** The thread has loaded its code (budgets count from a ready worker only). */
  ready: boolean;
}

export interface PoolOptions {
  /** Worker threads (default: cores − 1, at least 1). */
  size?: number;
  /** Extra time past a request's budget before its worker is cut off (ms). */
  graceMs?: number;
}

const WORKER_URL = new URL("./worker-boot.mjs", import.meta.url);

export class BotPool implements BotThinker {
  private slots: Slot[] = [];
  private queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  readonly size: number;
  private graceMs: number;
  /** Decisions cut off at their budget (for the bench and the monitor). */
  cutOff = 0;

  constructor(options: PoolOptions = {}) {
    this.size = Math.max(1, options.size ?? availableParallelism() - 1);
    this.graceMs = options.graceMs ?? 250;
    for (let i = 0; i < this.size; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    // The worker is TypeScript: worker-boot.mjs registers tsx in the thread first.
    const worker = new Worker(WORKER_URL);
    const slot: Slot = { worker, job: null, timer: null, started: 0, ready: false };
    worker.on("message", (msg: { id: number; ready?: true; answer?: ThinkAnswer; error?: string }) => {
      if (msg.ready) {
        slot.ready = true;
        return this.pump();
      }
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      this.release(slot);
      if (msg.error !== undefined) job.reject(new Error(msg.error));
      else job.resolve(msg.answer!);
    });
    worker.on("error", (e) => {
      const job = slot.job;
      this.replace(slot);
      job?.reject(e instanceof Error ? e : new Error(String(e)));
    });
    if (!this.busy()) worker.unref();
    return slot;
  }

  /** Decisions waiting for a free worker (the `hub_bot_queue` gauge). */
  queued(): number {
    return this.queue.length;
  }

  think(request: ThinkRequest, cancel?: AbortSignal): Promise<ThinkAnswer> {
    if (this.closed) return Promise.reject(new Error("bot pool closed"));
    if (cancel?.aborted) return Promise.resolve(NO_MOVE);
    return new Promise((resolve, reject) => {
      const job: Job = { id: this.nextId++, request, resolve, reject };
      this.queue.push(job);
      // Cancelled while it waits: out of the queue at once (a running decision finishes within its budget).
      cancel?.addEventListener(
        "abort",
        () => {
          const i = this.queue.indexOf(job);
          if (i < 0) return;
          this.queue.splice(i, 1);
          resolve(NO_MOVE);
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
    this.holdProcess();
    for (const slot of this.slots) {
      if (!this.queue.length) return;
      if (slot.job || !slot.ready) continue;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.started = performance.now();
      slot.timer = setTimeout(() => this.cut(slot, job), job.request.budgetMs + this.graceMs);
      slot.worker.postMessage({ id: job.id, request: job.request });
    }
  }

  private release(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    queueMicrotask(() => this.pump());
  }

  /** Over budget: the worker is replaced; the decision answers "no move". */
  private cut(slot: Slot, job: Job): void {
    if (slot.job !== job) return;
    this.cutOff++;
    this.replace(slot);
    job.resolve({ move: null, memory: null, ms: performance.now() - slot.started });
  }

  private replace(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    void slot.worker.terminate();
    const i = this.slots.indexOf(slot);
    if (i >= 0 && !this.closed) this.slots[i] = this.spawn();
    queueMicrotask(() => this.pump());
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error("bot pool closed"));
    await Promise.all(
      this.slots.map((s) => {
        if (s.timer) clearTimeout(s.timer);
        return s.worker.terminate();
      }),
    );
  }
}
