// Preloaded into a hub process by bench/messages.ts (`node --import ./bench/lib/loopProbe.mjs …`,
// with an IPC channel): how long the process's event loop was held since the last reset. Two
// figures, answered on request over IPC: the longest delay a 1 ms timer saw (perf_hooks
// monitorEventLoopDelay: the longest single block, ±1 ms) and the loop's busy time
// (eventLoopUtilization's `active`: everything the loop ran, however it was split), and the
// process's CPU time (process.cpuUsage: what a busy machine does not inflate as it does wall time).
// Nothing else: the hub runs as it always does.
import { monitorEventLoopDelay, performance } from "node:perf_hooks";

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
let since = performance.eventLoopUtilization();
let cpu = process.cpuUsage();

process.on("message", (m) => {
  if (m === "loop:reset") {
    delay.reset();
    since = performance.eventLoopUtilization();
    cpu = process.cpuUsage();
    process.send?.({ loop: "reset" });
  } else if (m === "loop:read") {
    const used = performance.eventLoopUtilization(since);
    const c = process.cpuUsage(cpu);
    process.send?.({ loop: "read", maxMs: delay.max / 1e6, activeMs: used.active, cpuMs: (c.user + c.system) / 1000 });
  }
});
