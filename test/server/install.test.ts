// Installing and starting the hub as a newcomer does (issue 37, point 15): `npm start` builds the
// client with Vite, and what Vite prints while it loads client/vite.config.ts reaches the
// newcomer's terminal; a warning there ("Your Vite config uses features that are unsupported by
// `configLoader: 'native'`…") reads as if something were broken. The config is loaded here the
// way `vite build` loads it, and whatever it warns is collected. The README says what an install
// needs when no prebuilt better-sqlite3 can be fetched (it then compiles SQLite).

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { createLogger, loadConfigFromFile, type Logger } from "vite";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

describe("install: what a newcomer reads", function () {
  this.timeout(60_000);

  it("loading the client's Vite config (as `npm start` does) prints no warning", async () => {
    const said: string[] = [];
    const quiet = createLogger("silent");
    const logger: Logger = {
      ...quiet,
      info: (msg) => void said.push(`info: ${msg}`),
      warn: (msg) => void said.push(`warn: ${msg}`),
      warnOnce: (msg) => void said.push(`warn: ${msg}`),
      error: (msg) => void said.push(`error: ${msg}`),
    };
    const loaded = await loadConfigFromFile({ command: "build", mode: "production" }, join(ROOT, "client", "vite.config.ts"), ROOT, "info", logger);
    expect(loaded?.config.build?.outDir, "the config loaded").to.be.a("string");
    expect(said.filter((l) => !l.startsWith("info")), "what Vite printed").to.deep.equal([]);
    // nor Rolldown's timing note on a slow machine ("[PLUGIN_TIMINGS] JavaScript callbacks ran for…")
    expect(loaded?.config.build?.rolldownOptions?.checks?.bundlerTimings).to.equal(false);
  });

  it("the README says an install may compile SQLite, how long that takes, and what it needs", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const install = readme.slice(0, readme.indexOf("## Running"));
    expect(install).to.match(/better-sqlite3/);
    expect(install).to.match(/prebuilt/i);
    for (const tool of ["python3", "make", "g\\+\\+"]) expect(install, tool).to.match(new RegExp(`\\b${tool}`));
    expect(install).to.match(/build-essential/);
    expect(install).to.match(/minutes/);
  });
});
