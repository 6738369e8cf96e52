// The server as `npm start` and PM2 run it: the transpiled JavaScript (scripts/buildServer.mjs).
// Built once per test process from the sources under test, into a folder of that process's own
// (dist/test-server-<pid>/: the suites run two files at a time), removed when it exits.

// @ts-expect-error a plain .mjs script without types
import { buildServer } from "../../scripts/buildServer.mjs";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", `test-server-${process.pid}`);

let built: Promise<string> | null = null;

/** The built entry point (its server/index.js), built from the sources on first call. */
export function builtServer(): Promise<string> {
  if (!built) {
    built = buildServer(OUT) as Promise<string>;
    process.once("exit", () => rmSync(OUT, { recursive: true, force: true }));
  }
  return built;
}
