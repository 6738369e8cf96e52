// Runs `npm run bench [sections]` (bench/run.ts) as a child process and collects its output.
import { spawn } from "node:child_process";
import { ROOT } from "./e2e.js";

export function runBench(env: NodeJS.ProcessEnv, sections: string[] = []): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "bench/run.ts", ...sections], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, out }));
  });
}
