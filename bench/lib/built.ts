// Servers the bench runs as plain JavaScript, as production runs them: the hub is the
// built dist/server (scripts/buildServer.mjs, what `npm start` runs); the comparison servers
// (raw ws echo, boardgame.io) are bundled the same way into dist/bench/, so no system pays
// for a TypeScript loader the others do not (tsx kept ~45 MB more resident in the hub).

import path from "node:path";
import { build } from "esbuild";
// @ts-expect-error a plain .mjs script without types
import { buildServer } from "../../scripts/buildServer.mjs";
import { ROOT } from "./section.js";

const OUT = path.join(ROOT, "dist", "bench");

/** Builds the hub (once per bench process) and returns its entry point. */
let hub: Promise<string> | null = null;
export function builtHub(): Promise<string> {
  return (hub ??= buildServer() as Promise<string>);
}

/**
 * Bundles a bench server script (e.g. bench/load/bgioServer.ts), packages left external, as
 * CommonJS: boardgame.io's `boardgame.io/server` is a folder import only require() resolves.
 */
export async function builtScript(script: string): Promise<string> {
  const outfile = path.join(OUT, path.basename(script).replace(/\.ts$/, ".cjs"));
  await build({
    entryPoints: [path.join(ROOT, script)],
    outfile,
    bundle: true,
    packages: "external",
    format: "cjs",
    platform: "node",
    target: "node20",
    tsconfig: path.join(ROOT, "tsconfig.json"),
    logLevel: "warning",
  });
  return outfile;
}

/** The JavaScript to run for a server script: the built hub for server/index.ts. */
export const builtEntry = (script: string) => (script === "server/index.ts" ? builtHub() : builtScript(script));
