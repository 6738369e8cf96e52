// The server as plain JavaScript for `npm start` and PM2 (`dist/server/`): every TypeScript
// file of server/, common/ and arena.config.ts transpiled one to one (no bundle, same
// folders), so a production process loads no compiler. Running through tsx instead kept
// ~45 MB more resident (its loader, the source maps and the compiled sources it caches) and
// compiled every module at each start. tsx still runs the tests and `npm run dev`.
//
// `node scripts/buildServer.mjs` builds it; `buildServer()` is what the bench and the tests
// that start the real entry point call (about a second: esbuild is already a dependency of
// tsx and vite).

import { readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const SERVER_OUT = path.join(ROOT, "dist", "server");
/** The entry point `npm start` runs. */
export const SERVER_ENTRY = path.join(SERVER_OUT, "server", "index.js");

function sources(dir, into = []) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) sources(file, into);
    else if (name.endsWith(".ts") && !name.endsWith(".d.ts")) into.push(file);
  }
  return into;
}

/**
 * Transpiles the server into `out` (default dist/server, replacing what was there); returns its
 * entry point. Test processes build into folders of their own (test/helpers/builtServer.ts), so
 * one never rewrites files another one's hub is starting from.
 */
export async function buildServer(out = SERVER_OUT) {
  rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: [...sources(path.join(ROOT, "server")), ...sources(path.join(ROOT, "common")), path.join(ROOT, "arena.config.ts")],
    outdir: out,
    outbase: ROOT,
    format: "esm",
    platform: "node",
    target: "node20",
    // The same compiler options as tsc and tsx (legacy decorators for @colyseus/schema,
    // no define semantics for class fields).
    tsconfig: path.join(ROOT, "tsconfig.json"),
    logLevel: "warning",
  });
  return path.join(out, "server", "index.js");
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const started = Date.now();
  await buildServer();
  console.log(`server built into ${path.relative(process.cwd(), SERVER_OUT)}/ in ${Date.now() - started} ms`);
}
