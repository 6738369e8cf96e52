// Preloaded into a hub process by bench/messages.ts (`node --import ./bench/lib/loopProbe.mjs …`,
// with an IPC channel): how long the process's event loop was held since the last reset. Two
// figures, answered on request over IPC: the longest delay a 1 ms timer saw (perf_hooks
// monitorEventLoopDelay: the longest single block, ±1 ms) and the loop's busy time
// (eventLoopUtilization's `active`: everything the loop ran, however it was split), and the
// process's CPU time (process.cpuUsage: what a busy machine does not inflate as it does wall time).
// Nothing else: the hub runs as it always does.
import fs from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";

// LOOP_PROFILE_DIR=dir: a CPU profile of each message (reset to read) written there as N.cpuprofile.
const profileDir = process.env.LOOP_PROFILE_DIR;
const inspector = profileDir ? new Session() : null;
let profiled = 0;
if (inspector) {
  inspector.connect();
  inspector.post("Profiler.enable");
  inspector.post("Profiler.setSamplingInterval", { interval: 100 });
}

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
let since = performance.eventLoopUtilization();
let cpu = process.cpuUsage();

process.on("message", (m) => {
  if (m === "loop:reset") {
    delay.reset();
    inspector?.post("Profiler.start");
    since = performance.eventLoopUtilization();
    cpu = process.cpuUsage();
    process.send?.({ loop: "reset" });
  } else if (m === "loop:read") {
    const used = performance.eventLoopUtilization(since);
    const c = process.cpuUsage(cpu);
    if (inspector) {
      const n = ++profiled;
      inspector.post("Profiler.stop", (err, r) => {
        if (!err) fs.writeFileSync(path.join(profileDir, `${n}.cpuprofile`), JSON.stringify(r.profile));
      });
    }
    process.send?.({ loop: "read", maxMs: delay.max / 1e6, activeMs: used.active, cpuMs: (c.user + c.system) / 1000 });
  }
});
