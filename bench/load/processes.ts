// The load section's child processes (servers and generators): the set killed when the section
// ends or runs over its time, CPU pinning and profiling flags, the port wait, /proc sampling
// and a stop that cannot hang.

import { spawnSync, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** Every process still running; bench/load.ts kills them all on exit or on its time bound. */
export const children = new Set<ChildProcess>();

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * LOAD_PROFILE=<dir>: each server process writes a V8 CPU profile of its whole run to
 * <dir>/<system>-<n>/ (the largest file is the main thread), and each generator one of every
 * measured window to <dir>/<mode>-worker<w>-<clients>.cpuprofile (open them in Chrome
 * DevTools) — how to find what limits a step.
 */
/**
 * LOAD_PIN=1 (and at least 2 CPUs): the server process runs on CPU 0 only and the generators
 * on the other CPUs (`taskset`), so generator work never queues the server's — the nearest
 * this one machine comes to separate client machines.
 */
export const PIN = process.env.LOAD_PIN === "1" && os.cpus().length >= 2;
export function pin(pid: number | undefined, who: "server" | "generators"): void {
  if (!PIN || !pid) return;
  const cpus = who === "server" ? "0" : `1-${os.cpus().length - 1}`;
  const r = spawnSync("taskset", ["-a", "-p", "-c", cpus, String(pid)], { encoding: "utf8" });
  if (r.status !== 0) console.warn(`load: could not pin ${who} (pid ${pid}) to CPU ${cpus}: ${r.stderr || r.error}`);
}

let profiled = 0;
export function profileArgs(who: string): string[] {
  const dir = process.env.LOAD_PROFILE;
  return dir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(dir, `${who}-${++profiled}`)}`] : [];
}

export async function waitForPort(port: number, timeoutMs = 30000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, "127.0.0.1");
      s.once("connect", () => (s.destroy(), resolve(true)));
      s.once("error", () => resolve(false));
    });
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`nothing listening on ${port} after ${timeoutMs} ms`);
}

export interface ProcSample {
  cpuTicks: number;
  rssKb: number;
  wchar: number;
}
export function sampleProc(pid: number): ProcSample {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const cpuTicks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14, 15)
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  const wchar = Number(/wchar:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, "utf8"))?.[1] ?? 0);
  return { cpuTicks, rssKb, wchar };
}

export async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((r) => proc.once("exit", () => r()));
  proc.kill("SIGTERM");
  await Promise.race([exited, sleep(3000)]);
  if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
  children.delete(proc);
}
