// Unit tests of the room scheduler (server/rooms/base/scheduler.ts), no server: a fake
// room clock that only moves when the test advances it.

import { expect } from "chai";
import type { Client } from "@colyseus/core";
import type { MoveContext } from "../../server/rooms/base/messages.js";
import { RoomScheduler, type SchedulerHost } from "../../server/rooms/base/scheduler.js";
import type { Logger } from "pino";
import { createLogger, roomLogger } from "../../server/ops/log.js";

class FakeClock {
  now = 0;
  private timers: { at: number; fn: () => void; active: boolean }[] = [];
  setTimeout(fn: () => void, ms: number) {
    const timer = { at: this.now + ms, fn, active: true };
    this.timers.push(timer);
    return {
      clear: () => {
        timer.active = false;
      },
    };
  }
  advance(ms: number): void {
    this.now += ms;
    for (const t of this.timers.filter((t) => t.active && t.at <= this.now)) {
      t.active = false;
      t.fn();
    }
  }
}

function harness(logger: Logger = roomLogger("test", "test room")) {
  const clock = new FakeClock();
  const log: string[] = [];
  let disposing = false;
  const host: SchedulerHost = {
    clock: () => clock as unknown as ReturnType<SchedulerHost["clock"]>,
    clients: () => [] as Client[],
    isDisposing: () => disposing,
    logger: () => logger,
    serverMove: (seat, run, what) => {
      scheduler.enqueue(() => {
        log.push(`${what} ${seat}`);
        run({ seat } as MoveContext);
      });
    },
  };
  const scheduler = new RoomScheduler(host);
  return { clock, log, scheduler, dispose: () => (disposing = true) };
}

describe("hub base: the room scheduler", () => {
  it("a move waiting for its group commit suspends the room: messages and server moves queue, then run in order after it", () => {
    const { log, scheduler } = harness();
    const client = {} as Client;
    scheduler.message(() => {
      log.push("move 1 (waits)");
      scheduler.suspend();
    }, client);
    scheduler.message(() => log.push("move 2"), client);
    scheduler.enqueue(() => log.push("bot move"));
    // Not a move: runs at once (a join, a leave, a patch).
    scheduler.exclusive(() => log.push("join"));
    expect(log).to.deep.equal(["move 1 (waits)", "join"]);
    scheduler.resume(() => log.push("move 1 applied"), client);
    expect(log).to.deep.equal(["move 1 (waits)", "join", "move 1 applied", "move 2", "bot move"]);
  });

  it("holds server moves back until the move being handled is done, then runs them in order", () => {
    const { log, scheduler } = harness();
    scheduler.exclusive(() => {
      log.push("move");
      scheduler.enqueue(() => log.push("bot 1"));
      scheduler.exclusive(() => log.push("nested commit"));
      scheduler.enqueue(() => log.push("bot 2"));
      log.push("move end");
    });
    expect(log).to.deep.equal(["move", "nested commit", "move end", "bot 1", "bot 2"]);
  });

  it("runs after-write bookkeeping once the outermost move is done, and survives its failure", () => {
    const errors: { event: string; err: { message: string } }[] = [];
    const { log, scheduler } = harness(createLogger({ LOG_LEVEL: "info" }, { write: (line: string) => void errors.push(JSON.parse(line)) }));
    scheduler.exclusive(() => {
      scheduler.afterWrite(() => {
        throw new Error("listing failed");
      });
      scheduler.afterWrite(() => log.push("replan"));
      log.push("patch");
    });
    expect(log).to.deep.equal(["patch", "replan"]);
    expect(errors).to.have.length(1);
    expect(errors[0]).to.include({ event: "room.error" });
    expect(errors[0].err.message).to.equal("listing failed");
  });

  it("a timer due during a patch runs after that patch; clear() cancels it", () => {
    const { clock, log, scheduler } = harness();
    scheduler.later(100, () => log.push("timer"));
    const cancelled = scheduler.later(100, () => log.push("cancelled"));
    cancelled.clear();
    clock.advance(50);
    expect(log).to.deep.equal([]);
    scheduler.aroundPatch(() => {
      clock.advance(50); // Colyseus ticks the clock inside the patch
      log.push("patch");
      return true;
    });
    expect(log).to.deep.equal(["patch", "timer"]);
  });

  it("a re-plan with the same key keeps the bot's running delay; a new key restarts it; a dropped plan is cleared", () => {
    const { clock, log, scheduler } = harness();
    const plan = (seat: number, key: string, delayMs: number) => ({ seat, key, delayMs, run: () => void log.push(`${key} played`) });
    scheduler.planBots([plan(1, "a", 100), plan(2, "b", 100)], 1);
    clock.advance(60);
    scheduler.planBots([plan(1, "a", 100), plan(2, "c", 100)], 1);
    clock.advance(40);
    expect(log).to.deep.equal(["bot move 1", "a played"]);
    scheduler.planBots([], 1);
    clock.advance(100);
    expect(log).to.deep.equal(["bot move 1", "a played"]);
  });

  it("the turn timer plays its move once; re-arming replaces it; stop() ends everything", () => {
    const { clock, log, scheduler } = harness();
    scheduler.armTurnTimer(100, 0, () => void log.push("first"));
    scheduler.armTurnTimer(100, 1, () => void log.push("second"));
    clock.advance(100);
    expect(log).to.deep.equal(["turn timer 1", "second"]);
    scheduler.armTurnTimer(100, 0, () => void log.push("never"));
    scheduler.planBots([{ seat: 2, key: "x", delayMs: 50, run: () => void log.push("never") }], 1);
    scheduler.stop();
    clock.advance(200);
    expect(log).to.deep.equal(["turn timer 1", "second"]);
  });
});
