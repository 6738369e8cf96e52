// The layering as a test (docs/architecture.md, "Layers"): dependency-cruiser checks the
// rules of .dependency-cruiser.cjs over common/, server/ and client/ — no import circles,
// common/ imports only common/, the client takes only types from server/, and the generic
// modules (rooms/base, rooms/game, the shell, lobby/, pages/, ui/) import no game's folder.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { GAMES } from "../../common/games.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

describe("layers (dependency-cruiser)", function () {
  this.timeout(180_000);

  it("no import circles, common/ pure, client takes only types from server/, generic modules name no game", () => {
    const bin = path.join(root, "node_modules/.bin/depcruise");
    const run = spawnSync(bin, ["common", "server", "client", "arena.config.ts", "--config", ".dependency-cruiser.cjs", "--output-type", "err"], { cwd: root, encoding: "utf8" });
    const out = `${run.stdout}${run.stderr}`;
    expect(run.error, String(run.error)).to.equal(undefined);
    expect(run.status, `dependency-cruiser found violations (npx depcruise common server client):\n${out}`).to.equal(0);
    expect(out).to.match(/no dependency violations found/);
  });

  it("the config's game folders are exactly the registry's games (a new game's folder is guarded too)", () => {
    const config = readFileSync(path.join(root, ".dependency-cruiser.cjs"), "utf8");
    const listed = /const GAMES = "\(([^)]*)\)";/.exec(config)?.[1].split("|") ?? [];
    const registry = [...new Set(GAMES.map((d) => d.room ?? d.id))];
    expect([...listed].sort()).to.deep.equal([...registry].sort());
  });
});
