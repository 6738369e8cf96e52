// What an orchestrator (PM2, Kubernetes, a load balancer) asks a process:
//
//   GET /healthz  the process serves HTTP (200 while it answers at all)
//   GET /readyz   it should be sent players: its store and room log take writes, Redis answers
//                 (with REDIS_URL), it is not draining for a stop, and its event loop is not
//                 stalled. 200 `{ready: true, …}`, else 503 with the reasons in words.
//
// Both answer from state already in memory (no query on the way: a probe never waits on a
// database that hangs), name no address, token or file path, and sit before every limit of the
// hub (an orchestrator probing every second must never be rate-limited into "not ready").

import express from "express";
import { storeCondition } from "./storeCondition.js";
import { metrics } from "./metrics.js";
import type { RoomLog } from "../store/RoomLog.js";

export interface HealthSources {
  /** Since when finished-game writes fail (null: the store takes them). */
  storeFailingSince?: () => number | null;
  /** The room log (none: rooms are not logged, nothing to check). */
  roomLog?: () => RoomLog | undefined;
  /** Redis, when REDIS_URL is set. */
  redis?: { available(): boolean };
  /** Event-loop lag past which the process is not ready (ms; default EVENT_LOOP_STALL_MS or 1000). */
  stallMs?: number;
}

export type Check = { ok: boolean; detail: string };

/** Keeps how late the event loop runs a 100 ms timer: a stall shows as one late tick. */
export class EventLoopWatch {
  private timer: ReturnType<typeof setInterval> | null = null;
  private last = 0;
  /** Worst lateness of the current and the previous 2-second window (ms). */
  private worst = [0, 0];
  private windowStart = 0;

  start(): void {
    if (this.timer) return;
    this.last = this.windowStart = Date.now();
    this.timer = setInterval(() => {
      const now = Date.now();
      const late = Math.max(0, now - this.last - 100);
      this.last = now;
      if (now - this.windowStart >= 2000) {
        this.worst = [0, this.worst[0]];
        this.windowStart = now;
      }
      this.worst[0] = Math.max(this.worst[0], late);
    }, 100);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Worst lateness over the last 2 to 4 seconds, including a tick overdue right now (ms). */
  lagMs(now = Date.now()): number {
    const overdue = this.timer ? Math.max(0, now - this.last - 100) : 0;
    return Math.max(this.worst[0], this.worst[1], overdue);
  }
}

/** The process's readiness, from what it already knows. */
export class Health {
  readonly loop = new EventLoopWatch();
  private readonly startedAt = Date.now();
  private drainingSince = 0;
  private readonly stallMs: number;

  constructor(private readonly sources: HealthSources = {}) {
    const env = Number(process.env.EVENT_LOOP_STALL_MS);
    this.stallMs = sources.stallMs ?? (Number.isFinite(env) && env > 0 ? env : 1000);
  }

  start(): void {
    this.loop.start();
    metrics.ready(() => this.ready().ready);
  }

  stop(): void {
    this.loop.stop();
  }

  /** The process is stopping: unready from now on (it still serves its rooms until they are handed off). */
  drain(): void {
    if (!this.drainingSince) this.drainingSince = Date.now();
    metrics.draining(true);
  }

  get draining(): boolean {
    return this.drainingSince !== 0;
  }

  checks(): Record<string, Check> {
    const out: Record<string, Check> = {};
    const failing = this.sources.storeFailingSince?.() ?? null;
    out.store = failing === null ? { ok: true, detail: "takes writes" } : { ok: false, detail: `finished games are not being written for ${seconds(failing)} s (they wait and are retried)` };
    const roomLog = this.sources.roomLog?.();
    if (!roomLog) out.roomLog = { ok: true, detail: "off (rooms are not restored after a restart)" };
    else if (roomLog.writable()) out.roomLog = { ok: true, detail: "takes writes" };
    else out.roomLog = { ok: false, detail: `not taking writes: ${why(roomLog.failure())}; moves are refused until it does` };
    if (this.sources.redis) out.redis = this.sources.redis.available() ? { ok: true, detail: "answers" } : { ok: false, detail: "not answering; matchmaking is answered 'briefly unavailable'" };
    out.draining = this.drainingSince ? { ok: false, detail: `stopping for ${seconds(this.drainingSince)} s: its rooms are handed to other processes` } : { ok: true, detail: "no" };
    const lag = this.loop.lagMs();
    out.eventLoop = lag < this.stallMs ? { ok: true, detail: `lag ${lag} ms` } : { ok: false, detail: `stalled: a timer ran ${lag} ms late (limit ${this.stallMs} ms)` };
    return out;
  }

  ready(): { ready: boolean; reason: string; checks: Record<string, Check> } {
    const checks = this.checks();
    const bad = Object.entries(checks).filter(([, c]) => !c.ok);
    const reason = bad.length === 0 ? "ready: send it players" : bad.map(([name, c]) => `${name}: ${c.detail}`).join("; ");
    return { ready: bad.length === 0, reason, checks };
  }

  uptimeSeconds(): number {
    return Math.round((Date.now() - this.startedAt) / 1000);
  }
}

function seconds(since: number): number {
  return Math.max(0, Math.round((Date.now() - since) / 1000));
}

/** A room log's failure in words, never the error's own text (which may name a file or an address). */
function why(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const words = storeCondition(code);
  if (words) return words;
  if (typeof code === "string" && /^(REDIS|ECONN|ETIMEDOUT|EPIPE|NR_CLOSED)/i.test(code)) return "Redis does not answer";
  if (code === "ROOMLOG_UNAVAILABLE") return "Redis does not answer";
  return "its last write failed";
}

/** Mounts `/healthz` and `/readyz` (GET and HEAD): first of all routes, so no limit of the hub applies. */
export function mountHealth(app: express.Express, health: Health): void {
  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ ok: true, status: health.draining ? "serving, draining" : "serving", uptimeSeconds: health.uptimeSeconds() });
  });
  app.get("/readyz", (_req, res) => {
    const r = health.ready();
    res.setHeader("Cache-Control", "no-store");
    res.status(r.ready ? 200 : 503).json(r);
  });
}
