// Stored events of every catalogue version keep parsing. test/fixtures/table/catalogue-v<N>.json
// holds one event per action of version N (and a restore); it is written once, with
// TABLE_WRITE_CATALOGUE=1 npx mocha test/common/table.catalogue.test.ts, and never rewritten.

import { expect } from "chai";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ACTION_KINDS, applyEvent, checkGame, CATALOGUE, CATALOGUE_VERSION, parseEvent, setupTable, type Field, type TableEvent } from "../../common/table/index.js";

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "table");
const file = (v: number) => path.join(DIR, `catalogue-v${v}.json`);

/** Random actions whose event carries the results (the screen shows them), not a seed. */
const RESULT_KINDS = new Set<string>(["rollDice", "flipCoins", "rollPlanarDie", "thumbCoins"]);

/** The smallest valid value of a field. */
function sample(f: Field): unknown {
  switch (f.t) {
    case "int":
      return Math.max(f.min, Math.min(f.max, 1));
    case "str":
      return "x";
    case "bool":
      return true;
    case "enum":
      return f.of[0];
    case "ints":
      return [Math.max(f.min, 1)];
    case "strs":
      return ["x"];
    case "pos":
      return { x: 5000, y: 5000 };
  }
}

function writeFixture(): void {
  const events: TableEvent[] = [];
  for (const kind of ACTION_KINDS) {
    const e = CATALOGUE[kind];
    if (e.since !== CATALOGUE_VERSION) continue;
    const action: Record<string, unknown> = { do: kind };
    for (const [name, f] of Object.entries(e.fields as Record<string, Field>)) action[name] = sample(f);
    const change: Record<string, unknown> = { type: "action", action };
    if ("random" in e && e.random) change[RESULT_KINDS.has(kind) ? "result" : "seed"] = RESULT_KINDS.has(kind) ? (kind === "thumbCoins" ? [1, 0] : [1]) : 12345;
    events.push({ seq: events.length + 1, actor: 0, t: 0, change } as TableEvent);
  }
  const game = setupTable(1, { format: "free", decks: [{ main: [{ count: 3, def: { name: "Card" } }], commander: [], companion: [], sideboard: [], maybeboard: [], tokens: [], planes: [], schemes: [] }] }, 1);
  events.push({ seq: events.length + 1, actor: 0, t: 0, change: { type: "restore", undone: 1, game } });
  writeFileSync(file(CATALOGUE_VERSION), JSON.stringify({ catalogueVersion: CATALOGUE_VERSION, events }, null, 1) + "\n");
}

describe("card table: catalogue versions", () => {
  if (process.env.TABLE_WRITE_CATALOGUE && !existsSync(file(CATALOGUE_VERSION))) writeFixture();

  it(`has a fixture for the current catalogue version (${CATALOGUE_VERSION}); write it once with TABLE_WRITE_CATALOGUE=1`, () => {
    expect(existsSync(file(CATALOGUE_VERSION)), file(CATALOGUE_VERSION)).to.equal(true);
  });

  it("every stored event of every version still parses", () => {
    const files = readdirSync(DIR).filter((f) => /^catalogue-v\d+\.json$/.test(f));
    expect(files.length).to.be.greaterThan(0);
    for (const f of files) {
      const { events } = JSON.parse(readFileSync(path.join(DIR, f), "utf8")) as { events: unknown[] };
      for (const ev of events) {
        const r = parseEvent(ev);
        expect(r.ok, `${f}: ${JSON.stringify(ev).slice(0, 120)}: ${r.ok ? "" : r.error.message}`).to.equal(true);
      }
    }
  });

  it("each version's fixture names every action that version added", () => {
    for (let v = 1; v <= CATALOGUE_VERSION; v++) {
      const { events } = JSON.parse(readFileSync(file(v), "utf8")) as { events: TableEvent[] };
      const stored = new Set(events.flatMap((e) => (e.change.type === "action" ? [e.change.action.do] : [])));
      const added = ACTION_KINDS.filter((k) => CATALOGUE[k].since === v);
      expect(added.filter((k) => !stored.has(k)), `catalogue-v${v}.json`).to.deep.equal([]);
    }
  });

  it("a stored restore (a whole game as written then) still applies, upgraded to today's model", () => {
    for (const f of readdirSync(DIR).filter((x) => /^catalogue-v\d+\.json$/.test(x))) {
      const { events } = JSON.parse(readFileSync(path.join(DIR, f), "utf8")) as { events: TableEvent[] };
      const restore = events.find((e) => e.change.type === "restore")!;
      const now = setupTable(2, { format: "free" }, 2);
      const r = applyEvent(now, { ...restore, seq: now.seq + 1 });
      expect(r.ok, f).to.equal(true);
      if (r.ok) expect(checkGame(r.game)).to.equal(null);
    }
  });

  it("an action from a newer catalogue is refused with a clear message, not a crash", () => {
    const r = parseEvent({ seq: 1, actor: 0, t: 0, change: { type: "action", action: { do: "summonDragon" } } });
    expect(r.ok).to.equal(false);
    if (!r.ok) expect(r.error.message).to.match(/catalogue version \d+.*update the app/);
  });
});
