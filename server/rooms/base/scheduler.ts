// The room's scheduler: when work runs, never what it does.
//
// A move, a commit or a message runs "exclusively": server moves (bot moves, timers,
// start signals) that come up meanwhile wait in a job queue and run right after it, in
// order. The outermost exclusive call corks the clients' sockets so a move's patch and
// events leave as one write per client, the mover's first. Timers run on the room clock
// but never inside its tick (which happens inside a patch). Bots' plans become timers here.

import type { Client, Delayed } from "@colyseus/core";
import type { Logger } from "pino";
import type { Room } from "@colyseus/core";
import type { Rejection } from "../../../common/core/rules.js";
import { CorkedClients } from "./cork.js";
import { isNotSaved } from "./notSaved.js";
import type { BotPlan, MoveContext, RoomTimer } from "./messages.js";

/** What the scheduler needs from its room. */
export interface SchedulerHost {
  clock(): Room["clock"];
  clients(): Iterable<Client>;
  isDisposing(): boolean;
  /** The room's log (its lines carry room and game). */
  logger(): Logger;
  /** Applies `run` as a server move of `seat` (queued behind whatever runs now). */
  serverMove(seat: number, run: (ctx: MoveContext) => Rejection | void | false, what: string): void;
}

export class RoomScheduler {
  /** >0 while a move, a commit or a message is being handled: server moves wait in `jobs`. */
  private busy = 0;
  /** The sockets corked for the move being handled (null outside a move). */
  private corked: CorkedClients | null = null;
  /** Bookkeeping a move's frames need not wait for: runs once they are written. */
  private afterWrites: (() => void)[] = [];
  private draining = false;
  /** A move waits for its group commit: messages and server moves queue until it is resumed. */
  private suspended = false;
  private jobs: { fn: () => void; mover: Client | null }[] = [];
  private botTimers = new Map<number, { key: string; plan: BotPlan; timer: RoomTimer }>();
  private turnTimer: RoomTimer | null = null;

  constructor(private readonly host: SchedulerHost) {}

  /** Runs `job` now if nothing is being handled, else right after it (in order). */
  enqueue(job: () => void): void {
    if (this.busy > 0 || this.suspended) this.jobs.push({ fn: job, mover: null });
    else this.exclusive(job);
  }

  /** A client's message: like `exclusive`, but it waits its turn while a move is suspended. */
  message(fn: () => void, mover: Client): void {
    if (this.suspended && this.busy === 0) this.jobs.push({ fn, mover });
    else this.exclusive(fn, mover);
  }

  /** The move being handled waits for its group commit: nothing else of the room's runs until `resume`. */
  suspend(): void {
    this.suspended = true;
  }

  /** The suspended move's commit is done: `fn` (apply and send it, or refuse it) runs, then what queued meanwhile. */
  resume(fn: () => void, mover: Client | null): void {
    this.suspended = false;
    this.exclusive(fn, mover);
  }

  /** Runs `fn` with server moves held back until it is done (they run right after, in order). */
  exclusive(fn: () => void, mover: Client | null = null): void {
    const outermost = this.busy === 0;
    if (outermost) this.corked = new CorkedClients(this.host.clients(), mover);
    this.busy++;
    try {
      fn();
    } finally {
      this.busy--;
      if (outermost) {
        this.corked?.release();
        this.corked = null;
        this.runAfterWrites();
      }
      if (this.busy === 0) this.drainJobs();
    }
  }

  /** Queues bookkeeping to run once the current move's frames are written. */
  afterWrite(fn: () => void): void {
    this.afterWrites.push(fn);
  }

  /** Wraps the room's patch: inside a move it joins the corked scope; timers due in its tick run after it. */
  aroundPatch(send: () => boolean): boolean {
    // The 50 ms tick's patch (cursors) carries no events and is written at once.
    this.corked?.beforePatch();
    this.busy++;
    try {
      return send();
    } finally {
      this.busy--;
      if (this.busy === 0) this.drainJobs();
    }
  }

  /**
   * A one-shot timer on the room clock whose `fn` runs like a server move: never inside the
   * clock's tick (which happens inside a patch), but right after that patch, in order with
   * other server moves. Colyseus ticks the clock inside `broadcastPatch`, and a patch sent
   * from inside a tick would tick it again, re-entering its timer list. `clear()` also
   * cancels a run that is already due but not yet started.
   */
  later(ms: number, fn: () => void): Delayed {
    let cancelled = false;
    const run = () => {
      if (cancelled || this.host.isDisposing()) return;
      this.enqueue(() => {
        if (!cancelled) fn();
      });
    };
    const clock = this.host.clock();
    if (ms <= 0) {
      // No delay: right after whatever is being handled now (off the clock, which only
      // ticks with the 50 ms patch interval). Errors are contained like a timer's.
      const handle = clock.setTimeout(() => {}, 0);
      handle.clear();
      const immediate = setImmediate(() => {
        try {
          run();
        } catch (e) {
          this.host.logger().error({ event: "room.error", what: "server move", err: e }, "a server move failed");
        }
      });
      handle.clear = () => {
        cancelled = true;
        clearImmediate(immediate);
      };
      return handle;
    }
    const delayed: Delayed = clock.setTimeout(() => {
      deactivate();
      run();
    }, ms);
    const deactivate = delayed.clear.bind(delayed);
    delayed.clear = () => {
      cancelled = true;
      deactivate();
    };
    return delayed;
  }

  /** Arms the turn timer (replacing any running one); returns its deadline (server ms). */
  armTurnTimer(ms: number, seat: number, run: (ctx: MoveContext) => Rejection | void | false): number {
    this.disarmTurnTimer();
    const deadline = Date.now() + ms;
    const timer = this.later(ms, () => {
      if (this.turnTimer === timer) this.turnTimer = null;
      this.host.serverMove(seat, run, "turn timer");
    });
    this.turnTimer = timer;
    return deadline;
  }

  disarmTurnTimer(): void {
    this.turnTimer?.clear();
    this.turnTimer = null;
  }

  /** Turns the bots' plans into timers: a plan whose key is unchanged keeps its timer. */
  planBots(plans: BotPlan[], delayScale: number): void {
    const planned = new Set<number>();
    for (const plan of plans) {
      if (planned.has(plan.seat)) continue;
      planned.add(plan.seat);
      const current = this.botTimers.get(plan.seat);
      if (current && current.key === plan.key) {
        current.plan = plan;
        continue;
      }
      current?.timer.clear();
      const entry = { key: plan.key, plan, timer: null as unknown as RoomTimer };
      entry.timer = this.later(Math.max(0, plan.delayMs * delayScale), () => {
        if (this.botTimers.get(plan.seat) !== entry) return;
        // The entry stays planned until the move really runs: a server move queued behind
        // another one (say, a second bot's Caught on the same player) must see the replan
        // that the first one caused, not play a move that has just stopped being legal.
        // A move the room log could not take (disk full) keeps the plan: it is tried again.
        this.host.serverMove(
          plan.seat,
          (ctx) => {
            if (this.botTimers.get(plan.seat) !== entry) return false;
            const result = entry.plan.run(ctx);
            if (!isNotSaved(result) && this.botTimers.get(plan.seat) === entry) this.botTimers.delete(plan.seat);
            return result;
          },
          "bot move",
        );
      });
      this.botTimers.set(plan.seat, entry);
    }
    for (const [seat, entry] of this.botTimers) {
      if (!planned.has(seat)) {
        entry.timer.clear();
        this.botTimers.delete(seat);
      }
    }
  }

  /** Drops queued jobs, bot plans and the turn timer (the room is going away). */
  stop(): void {
    this.jobs.length = 0;
    for (const entry of this.botTimers.values()) entry.timer.clear();
    this.botTimers.clear();
    this.disarmTurnTimer();
  }

  private runAfterWrites(): void {
    while (this.afterWrites.length) {
      const fn = this.afterWrites.shift()!;
      try {
        fn();
      } catch (e) {
        this.host.logger().error({ event: "room.error", what: "after-move bookkeeping", err: e }, "after-move bookkeeping failed");
      }
    }
  }

  private drainJobs(): void {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.jobs.length && !this.suspended && !this.host.isDisposing()) {
        const job = this.jobs.shift()!;
        try {
          this.exclusive(job.fn, job.mover);
        } catch (e) {
          this.host.logger().error({ event: "room.error", what: "server move", err: e }, "a server move failed");
        }
      }
    } finally {
      this.draining = false;
    }
  }
}
