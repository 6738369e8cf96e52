// The server as `npm start` and PM2 run it: the transpiled JavaScript in dist/server
// (scripts/buildServer.mjs). Built once per test process, so a suite never starts a stale
// copy of the sources it is testing.

// @ts-expect-error a plain .mjs script without types
import { buildServer } from "../../scripts/buildServer.mjs";

let built: Promise<string> | null = null;

/** The built entry point (dist/server/server/index.js), built from the sources on first call. */
export function builtServer(): Promise<string> {
  return (built ??= buildServer() as Promise<string>);
}
