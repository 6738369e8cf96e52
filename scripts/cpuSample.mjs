// Where a test run's CPU goes: `node scripts/cpuSample.mjs OUT.json -- COMMAND ARGS…` runs the
// command and samples every second the whole machine (/proc/stat) and the command's process tree
// (/proc/PID/stat utime+stime, by kind: Chromium's GPU process, renderers, the rest of Chromium,
// node). A process that exits between samples loses its last second; Chromium's are reaped by
// playwright, not by the command, so /usr/bin/time would leave them out. Writes totals and the
// per-second series to OUT.json; prints a summary. With CURRENT_FILE_OUT=path (read by
// test/helpers/fileTimesReporter.cjs in a serial mocha run), each second's CPU by kind is also
// charged to the test file running then: `byFile` in OUT.json, and the top 20 printed.
import { spawn } from "node:child_process";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";

const [out, dashes, ...command] = process.argv.slice(2);
if (!out || dashes !== "--" || !command.length) {
  console.error("usage: node scripts/cpuSample.mjs OUT.json -- COMMAND ARGS…");
  process.exit(2);
}
const HZ = 100;
const cores = readFileSync("/proc/cpuinfo", "utf8").split("\n").filter((l) => l.startsWith("processor")).length;

function machine() {
  const f = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = f[3] + f[4];
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}
function procs() {
  const all = new Map();
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const s = readFileSync(`/proc/${d}/stat`, "utf8");
      const close = s.lastIndexOf(")");
      const rest = s.slice(close + 2).split(" ");
      const cmd = readFileSync(`/proc/${d}/cmdline`, "utf8").replace(/\0/g, " ");
      all.set(Number(d), { ppid: Number(rest[1]), cpu: (Number(rest[11]) + Number(rest[12])) / HZ, cmd });
    } catch { /* gone */ }
  }
  return all;
}
function kind(cmd) {
  if (!/chrom/i.test(cmd.split(" ")[0]) && !cmd.includes("chromium")) return /node|npm|tsx|mocha/.test(cmd) ? "node" : "other";
  const t = / --type=([\w-]+)/.exec(cmd)?.[1];
  if (t === "gpu-process") return "gpu";
  if (t === "renderer") return "renderer";
  return t ? "chromium-other" : "chromium-browser";
}

const child = spawn(command[0], command.slice(1), { stdio: "inherit" });
const started = Date.now();
const m0 = machine();
const last = new Map(); // pid → {cpu, kind}
const byKind = {};
const series = [];
const byFile = {}; // test file → { wall, kind → CPU s }
const currentFile = () => {
  try { return readFileSync(process.env.CURRENT_FILE_OUT, "utf8") || "(between files)"; } catch { return "(before the first file)"; }
};
let prevM = m0;
function sample() {
  const all = procs();
  const tree = new Set([child.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, p] of all) if (!tree.has(pid) && tree.has(p.ppid)) { tree.add(pid); grew = true; }
  }
  let treeRate = 0;
  const file = process.env.CURRENT_FILE_OUT ? (byFile[currentFile()] ??= { wall: 0 }) : null;
  if (file) file.wall += 1;
  for (const pid of tree) {
    const p = all.get(pid);
    if (!p) continue;
    const k = kind(p.cmd);
    const before = last.get(pid)?.cpu ?? 0;
    const d = p.cpu - before;
    if (d > 0) {
      byKind[k] = (byKind[k] ?? 0) + d; treeRate += d;
      if (file) file[k] = (file[k] ?? 0) + d;
    }
    last.set(pid, { cpu: p.cpu, kind: k });
  }
  const m = machine();
  const busy = (m.busy - prevM.busy) / Math.max(1, m.total - prevM.total) * cores;
  prevM = m;
  const load = Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
  series.push({ t: Math.round((Date.now() - started) / 1000), machineBusyCores: +busy.toFixed(2), treeCpu: +treeRate.toFixed(2), load });
}
const timer = setInterval(sample, 1000);
child.on("exit", (code) => {
  clearInterval(timer);
  sample();
  const wall = (Date.now() - started) / 1000;
  const m1 = machine();
  const machineBusy = (m1.busy - m0.busy) / HZ;
  const treeCpu = Object.values(byKind).reduce((a, b) => a + b, 0);
  const idleShare = series.filter((s) => s.machineBusyCores < cores * 0.8).length / Math.max(1, series.length);
  const summary = {
    command: command.join(" "), exit: code, wall: +wall.toFixed(1), cores,
    machineBusyCpuS: +machineBusy.toFixed(1), machineBusyShare: +(machineBusy / (wall * cores)).toFixed(3),
    treeCpuS: +treeCpu.toFixed(1), treeShareOfCores: +(treeCpu / (wall * cores)).toFixed(3),
    secondsUnder80PercentBusy: +(idleShare * 100).toFixed(1) + "%",
    byKind: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, +v.toFixed(1)])),
    loadStart: series[0]?.load, loadEnd: series.at(-1)?.load,
  };
  const chromium = (f) => (f.gpu ?? 0) + (f.renderer ?? 0) + (f["chromium-browser"] ?? 0) + (f["chromium-other"] ?? 0);
  const files = Object.entries(byFile).map(([f, v]) => [f, { ...Object.fromEntries(Object.entries(v).map(([k, x]) => [k, +x.toFixed(1)])), chromium: +chromium(v).toFixed(1) }])
    .sort((a, b) => b[1].chromium - a[1].chromium);
  writeFileSync(out, JSON.stringify({ summary, byFile: Object.fromEntries(files), series }, null, 1));
  console.log("\ncpuSample:", JSON.stringify(summary));
  if (files.length) {
    console.log("\nfile | wall s | Chromium CPU s | GPU | renderer | node");
    for (const [f, v] of files.slice(0, 20)) console.log(`${f} | ${v.wall} | ${v.chromium} | ${v.gpu ?? 0} | ${v.renderer ?? 0} | ${v.node ?? 0}`);
  }
  process.exit(code ?? 1);
});
