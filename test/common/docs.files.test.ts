// docs/adding-a-game.md is how a game is added, so its two tables must stay the real
// interfaces: the room hooks (`PartsExtras`, server/rooms/game/parts.ts) and the client
// entry's fields (`ClientGame`, client/games/types.ts). A hook or field added without a row,
// or a row naming what no longer exists, fails here. Reads the sources as text (no server).
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..", "..");
const read = (f: string) => readFileSync(join(ROOT, f), "utf8");
const GUIDE = read("docs/adding-a-game.md");

/** The members of `interface name` in `source` (its body up to the closing brace at the start of a line). */
function members(source: string, name: string): { all: string[]; optional: string[] } {
  const start = source.search(new RegExp(`export interface ${name}\\b[^{]*\\{`));
  expect(start, `interface ${name}`).to.be.at.least(0);
  const body = source.slice(source.indexOf("{", start) + 1, source.indexOf("\n}", start));
  const all: string[] = [];
  const optional: string[] = [];
  for (const m of body.matchAll(/^ {2}(?:readonly )?([A-Za-z]\w*)(\?)?[:(<]/gm)) {
    all.push(m[1]);
    if (m[2]) optional.push(m[1]);
  }
  return { all, optional };
}

/** The code names in the first column of the guide's table whose header starts with `head`. */
function tableNames(head: string): string[] {
  const lines = GUIDE.split("\n");
  const at = lines.findIndex((l) => l.startsWith(`| ${head} |`));
  expect(at, `a table headed "${head}" in docs/adding-a-game.md`).to.be.at.least(0);
  const names: string[] = [];
  for (const line of lines.slice(at + 2)) {
    if (!line.startsWith("|")) break;
    const first = line.split("|")[1];
    for (const m of first.matchAll(/`([A-Za-z]\w*)/g)) names.push(m[1]);
  }
  return names;
}

describe("docs/adding-a-game.md matches the interfaces", () => {
  it("the room capabilities' table: every PartsExtras capability has a row, every row a real one", () => {
    const parts = read("server/rooms/game/parts.ts");
    const extras = members(parts, "PartsExtras").all;
    const server = members(parts, "GameServerParts").all;
    const rows = tableNames("capability");
    expect(extras.filter((x) => !rows.includes(x)), "hooks without a row").to.deep.equal([]);
    expect(rows.filter((r) => !extras.includes(r) && !server.includes(r)), "rows naming no hook").to.deep.equal([]);
  });

  it("the client entry's table: every optional ClientGame field is in the guide, every row a real field", () => {
    const { all, optional } = members(read("client/games/types.ts"), "ClientGame");
    const rows = tableNames("field");
    // scene and lobby are the entry's two loaders, told in the paragraph above the table
    expect(optional.filter((f) => !rows.includes(f) && !new RegExp(`\\b${f}:\\s`).test(GUIDE)), "fields the guide does not name").to.deep.equal([]);
    expect(rows.filter((r) => !all.includes(r)), "rows naming no field").to.deep.equal([]);
  });

  it("the reader finds a missing row (a test that cannot fail is a defect)", () => {
    const fake = "export interface X {\n  a?: number;\n  b(): void;\n  readonly c?: string;\n}\n";
    expect(members(fake, "X")).to.deep.equal({ all: ["a", "b", "c"], optional: ["a", "c"] });
  });
});
