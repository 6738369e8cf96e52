// The generic room and the generic client name no game: what they do differently for one comes
// from the registries (common/games.ts, server/games.ts, client/games/registry.ts). This reads
// every file of the generic folders, comments taken out (an example in a comment is not code),
// and looks for each game's words, drawn from the registry: its title, its id and room name,
// and the codes of its own modes (GameDef.modeNames) as strings.
import { expect } from "chai";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { GAMES } from "../../common/games.js";

const ROOT = join(import.meta.dirname, "..", "..");
const GENERIC = [
  // the generic room and its base
  "server/rooms/game", "server/rooms/base",
  // the rest of the server that serves every game: HTTP (a game's own routes are its registry entry's `api`), the store, ratings
  "server/api", "server/store", "server/ratings", "server/http.ts", "server/monitor.ts", "server/scale.ts", "server/productionByDefault.ts",
  "server/net", "server/safety", "server/ops", "server/bots", "server/tournaments", "server/index.ts", "server/settings.ts",
  "common/tournament",
  // the app config, which mounts every registry entry
  "arena.config.ts",
  // the generic client: its entry and router, net, screens, lobby, pages (the profile, my games, replays, tournaments), the shell and the scene helpers
  "client/main.ts", "client/ui", "client/net", "client/lobby", "client/pages", "client/tournament", "client/pwa", "client/hub.ts", "client/roomView.ts",
  "client/games/shell", "client/games/shell.ts", "client/games/focus.ts", "client/games/handle.ts", "client/games/keyedLayer.ts",
  "client/games/replayEngine.ts", "client/games/stage.ts", "client/games/types.ts", "client/games/tileArt.ts",
];
/** Ids that are also plain words the generic code uses in their own sense (an HTML table, a "table" of figures). */
const PLAIN_WORDS = new Set(["table"]);

/** Each game's words, from its definitions (a variant's words count for its room's game); its mode codes apart. */
export const GAME_WORDS: Record<string, string[]> = {};
const MODE_CODES: Record<string, string[]> = {};
for (const def of GAMES) {
  const game = def.room ?? def.id;
  const words = (GAME_WORDS[game] ??= []);
  for (const w of [def.title, def.id, game]) if (!PLAIN_WORDS.has(w) && !words.includes(w)) words.push(w);
  (MODE_CODES[game] ??= []).push(...Object.keys(def.modeNames ?? {}));
}

function files(path: string): string[] {
  const full = join(ROOT, path);
  if (statSync(full).isFile()) return [path];
  return readdirSync(full).flatMap((f) => files(join(path, f)));
}

/** The code of a source file: comments out, strings and names kept. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");

/** Where `word` stands as a word or the start or end of a name (`minesweeperLobby`, `Connect4Wire`), case-insensitive. */
function pattern(word: string): RegExp {
  const w = escape(word);
  return new RegExp(`(?<![A-Za-z0-9])${w}|${w}(?![a-z0-9])`, "i");
}

/** A mode code as a string ("coop"): as a bare word it is English or a name (Promise.race). */
const literal = (code: string) => new RegExp(`["'\`]${escape(code)}["'\`]`);

/** The games `line` names, and by which word. */
function named(line: string): [string, string][] {
  const out: [string, string][] = [];
  for (const [game, words] of Object.entries(GAME_WORDS)) for (const w of words) if (pattern(w).test(line)) out.push([game, w]);
  for (const [game, codes] of Object.entries(MODE_CODES)) for (const c of codes) if (literal(c).test(line)) out.push([game, c]);
  return out;
}

describe("generic folders name no game", () => {
  it("every folder and file of GENERIC is there and holds code (a renamed one would be searched no more)", () => {
    for (const path of GENERIC) {
      const code = files(path).filter((f) => /\.(ts|css)$/.test(f));
      expect(code.length, `${path} holds no .ts or .css file`).to.be.at.least(1);
    }
  });

  it("every game has words to look for (drawn from the registry)", () => {
    expect(Object.keys(GAME_WORDS).length).to.equal(new Set(GAMES.map((d) => d.room ?? d.id)).size);
    for (const [game, words] of Object.entries(GAME_WORDS)) expect(words.length, game).to.be.at.least(1);
  });

  it("no game's title, id or mode code in the code of the generic folders (GENERIC)", () => {
    const found: string[] = [];
    for (const file of GENERIC.flatMap(files).filter((f) => /\.(ts|css)$/.test(f))) {
      const lines = code(readFileSync(join(ROOT, file), "utf8")).split("\n");
      lines.forEach((line, i) => {
        for (const [game, w] of named(line)) found.push(`${file}:${i + 1} names ${game} ("${w}"): ${line.trim().slice(0, 120)}`);
      });
    }
    expect(found, found.join("\n")).to.deep.equal([]);
  });

  it("the search finds a game's words where they are (a test that cannot fail is a defect)", () => {
    const hits = (text: string) => named(code(text)).map(([, w]) => w);
    expect(hits(`const x = figures.minesweeper;`)).to.include("minesweeper");
    expect(hits(`type Connect4Wire = {}`)).to.include("connect4");
    expect(hits(`h("td", {}, "Auto Pets")`)).to.include("Auto Pets");
    expect(hits(`if (mode === "coop") return;`)).to.include("coop");
    expect(hits(`// Minesweeper's boards, in a comment`)).to.deep.equal([]);
    expect(hits(`h("table", { class: "pr-table" })`)).to.deep.equal([]);
    expect(hits(`await Promise.race([a, b]); const GRACE = 1;`)).to.deep.equal([]);
  });

  it("a game's id or title put back into generic code is found, for every game of the registry", () => {
    for (const def of GAMES) {
      const game = def.room ?? def.id;
      if (!PLAIN_WORDS.has(game)) expect(named(code(`router.get("/leaderboard/${game}", route);`)).map(([g]) => g), `${game} by id`).to.include(game);
      expect(named(code(`const line = "${def.title} is over";`)).map(([g]) => g), `${game} by title`).to.include(game);
    }
  });
});
